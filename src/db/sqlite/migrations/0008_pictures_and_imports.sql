-- Schema 8: pictures staff upload, and catalog imports (docs/architecture.md#the-back-office).
-- 1. An uploaded picture is kept here, re-encoded (WebP, at most 512 px a side, no
--    metadata), so every server of the store serves it from the one database; its
--    product_images row points at /pictures/{id}.webp.
-- 2. A CSV import is checked whole, then applied in short steps: its rows wait in
--    product_import_rows, and product_imports says how far it has gone, so an import
--    cut off by a crash is finished (applying) or dropped (checking) afterwards.
-- 3. Indexes for the back office's product list at a million products.
-- 4. The search index's and brand counts' triggers fire on a change of value only.

CREATE TABLE pictures (
    id         INTEGER PRIMARY KEY,
    product_id INTEGER NOT NULL REFERENCES products (id),
    webp       BLOB NOT NULL,
    width      INTEGER NOT NULL,
    height     INTEGER NOT NULL,
    created_at INTEGER NOT NULL
) STRICT;

CREATE INDEX pictures_by_product ON pictures (product_id);

CREATE TABLE product_imports (
    id          INTEGER PRIMARY KEY,
    status      TEXT NOT NULL CHECK (status IN ('checking', 'applying', 'done', 'failed')),
    actor_id    INTEGER,
    actor       TEXT NOT NULL,
    rows        INTEGER NOT NULL DEFAULT 0,
    -- Rows applied so far, in file order: rows 1..=applied are in the catalog.
    applied     INTEGER NOT NULL DEFAULT 0,
    created     INTEGER NOT NULL DEFAULT 0,
    updated     INTEGER NOT NULL DEFAULT 0,
    started_at  INTEGER NOT NULL,
    -- The last time its server worked on it: an import nobody has touched for a while
    -- was left by a server that stopped.
    touched_at  INTEGER NOT NULL,
    finished_at INTEGER,
    message     TEXT
) STRICT;

CREATE INDEX product_imports_unfinished ON product_imports (status) WHERE status IN ('checking', 'applying');

-- One row of an import, checked: `product_id` is the product it changes (NULL: a new one).
CREATE TABLE product_import_rows (
    import_id     INTEGER NOT NULL REFERENCES product_imports (id),
    row_no        INTEGER NOT NULL,
    product_id    INTEGER,
    sku           TEXT COLLATE NOCASE,
    name          TEXT NOT NULL,
    brand         TEXT NOT NULL,
    department_id INTEGER NOT NULL,
    price_cents   INTEGER NOT NULL,
    stock         INTEGER NOT NULL,
    archived      INTEGER NOT NULL,
    description   TEXT NOT NULL,
    PRIMARY KEY (import_id, row_no)
) STRICT, WITHOUT ROWID;

CREATE INDEX product_import_rows_by_product ON product_import_rows (import_id, product_id);
CREATE INDEX product_import_rows_by_sku ON product_import_rows (import_id, sku);

-- The back office's product list, any sort at any page of a million products (schema 7's
-- indexes serve the storefront's): on sale by id, name and price over the whole catalog,
-- and by name and stock within a department. Each holds its sort's columns, so a page's
-- ids are read from the index alone (db/admin_products.rs).
CREATE INDEX products_admin_newest ON products (id) WHERE archived_at IS NULL;
CREATE INDEX products_admin_by_name ON products (name, id) WHERE archived_at IS NULL;
CREATE INDEX products_admin_by_price ON products (price_cents, id) WHERE archived_at IS NULL;
CREATE INDEX products_admin_by_department_name ON products (department_id, name, id) WHERE archived_at IS NULL;
CREATE INDEX products_admin_by_department_stock ON products (department_id, stock, id) WHERE archived_at IS NULL;

-- The search index and the brand counts change when the words or the brand do, not
-- whenever a statement names those columns: the back office's changes and imports set
-- every field, most of them to what it was.
DROP TRIGGER product_search_update;
CREATE TRIGGER product_search_update AFTER UPDATE OF name, brand, department_id, description ON products
WHEN OLD.name IS NOT NEW.name OR OLD.brand IS NOT NEW.brand OR OLD.department_id IS NOT NEW.department_id
     OR OLD.description IS NOT NEW.description
BEGIN
    INSERT INTO product_search (product_search, rowid, name, brand, department, description)
    SELECT 'delete', OLD.id, OLD.name, OLD.brand, d.name, OLD.description FROM departments d WHERE d.id = OLD.department_id;
    INSERT INTO product_search (rowid, name, brand, department, description)
    SELECT NEW.id, NEW.name, NEW.brand, d.name, NEW.description FROM departments d WHERE d.id = NEW.department_id;
END;
DROP TRIGGER brands_count_update;
CREATE TRIGGER brands_count_update AFTER UPDATE OF brand ON products WHEN OLD.brand IS NOT NEW.brand BEGIN
    DELETE FROM brands WHERE name = OLD.brand AND product_count = 1;
    UPDATE brands SET product_count = product_count - 1 WHERE name = OLD.brand;
    INSERT INTO brands (name, product_count) VALUES (NEW.brand, 1)
    ON CONFLICT (name) DO UPDATE SET product_count = product_count + 1;
END;
