-- Finding things in a catalog of a million products (docs/architecture.md#discovery):
-- an index for every sort and filter of a department's list, a full-text index over
-- the words a shopper searches, and the brands with their sizes for suggestions. All
-- of it is kept by triggers, in the transaction of the write that changes a product.

-- A product's average rating in hundredths of a star, rounded half up as the API
-- rounds it (0 when unrated): what "Top rated" sorts by and `minRating` filters on.
-- Virtual, so it costs no storage in the table, only in the indexes below.
ALTER TABLE products ADD COLUMN rating_key INTEGER GENERATED ALWAYS AS (
    CASE WHEN review_count = 0 THEN 0
         ELSE (rating_sum * 200 + review_count) / (review_count * 2) END
) VIRTUAL;

-- `featured` and `newest` walk products_by_department (department_id, id).
CREATE INDEX products_by_department_price ON products (department_id, price_cents, id);
CREATE INDEX products_by_department_rating ON products (department_id, rating_key, review_count, id);
-- Brand filters, and the facets' counts (brand, price, rating) without the table: the
-- rating is computed from the two counts, which SQLite reads from the index.
CREATE INDEX products_by_department_brand ON products (department_id, brand, price_cents, rating_sum, review_count);

-- The words of each product: its name, brand, department and description. The text
-- stays in the tables (an external-content index over a view); the index holds where
-- each word is. unicode61 with remove_diacritics 2 folds case and accents: "creme"
-- finds "Crème". No prefix indexes: they would triple the build time of a million
-- products for one-letter prefixes, which suggestions answer from the first matches.
CREATE VIEW product_words AS
SELECT p.id, p.name, p.brand, d.name AS department, p.description
FROM products p JOIN departments d ON d.id = p.department_id;

CREATE VIRTUAL TABLE product_search USING fts5 (
    name, brand, department, description,
    content = 'product_words', content_rowid = 'id',
    tokenize = 'unicode61 remove_diacritics 2'
);

CREATE TRIGGER product_search_insert AFTER INSERT ON products BEGIN
    INSERT INTO product_search (rowid, name, brand, department, description)
    SELECT NEW.id, NEW.name, NEW.brand, d.name, NEW.description FROM departments d WHERE d.id = NEW.department_id;
END;
-- An external-content index forgets a row by being told exactly what it indexed.
CREATE TRIGGER product_search_delete AFTER DELETE ON products BEGIN
    INSERT INTO product_search (product_search, rowid, name, brand, department, description)
    SELECT 'delete', OLD.id, OLD.name, OLD.brand, d.name, OLD.description FROM departments d WHERE d.id = OLD.department_id;
END;
-- Only a change of words: a rating changing (every review) leaves the index alone.
CREATE TRIGGER product_search_update AFTER UPDATE OF name, brand, department_id, description ON products BEGIN
    INSERT INTO product_search (product_search, rowid, name, brand, department, description)
    SELECT 'delete', OLD.id, OLD.name, OLD.brand, d.name, OLD.description FROM departments d WHERE d.id = OLD.department_id;
    INSERT INTO product_search (rowid, name, brand, department, description)
    SELECT NEW.id, NEW.name, NEW.brand, d.name, NEW.description FROM departments d WHERE d.id = NEW.department_id;
END;

INSERT INTO product_search (product_search) VALUES ('rebuild');

-- Every brand and how many products carry it: a handful of rows to suggest brands
-- from, where counting them in `products` would read the whole catalog.
CREATE TABLE brands (
    name          TEXT PRIMARY KEY,
    product_count INTEGER NOT NULL CHECK (product_count > 0)
) STRICT, WITHOUT ROWID;

INSERT INTO brands (name, product_count) SELECT brand, count(*) FROM products GROUP BY brand;

CREATE TRIGGER brands_count_insert AFTER INSERT ON products BEGIN
    INSERT INTO brands (name, product_count) VALUES (NEW.brand, 1)
    ON CONFLICT (name) DO UPDATE SET product_count = product_count + 1;
END;
CREATE TRIGGER brands_count_delete AFTER DELETE ON products BEGIN
    DELETE FROM brands WHERE name = OLD.brand AND product_count = 1;
    UPDATE brands SET product_count = product_count - 1 WHERE name = OLD.brand;
END;
CREATE TRIGGER brands_count_update AFTER UPDATE OF brand ON products BEGIN
    DELETE FROM brands WHERE name = OLD.brand AND product_count = 1;
    UPDATE brands SET product_count = product_count - 1 WHERE name = OLD.brand;
    INSERT INTO brands (name, product_count) VALUES (NEW.brand, 1)
    ON CONFLICT (name) DO UPDATE SET product_count = product_count + 1;
END;

-- The planner picks among several indexes per list now; statistics let it pick the one
-- that walks the sort's order (sampled, so this stays quick at a million products).
PRAGMA analysis_limit = 1000;
ANALYZE;
