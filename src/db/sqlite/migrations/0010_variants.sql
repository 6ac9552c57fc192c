-- Schema 10: products with options and variants (docs/architecture.md#variants).
-- 1. A product may have up to three options, each with ordered values, kept as one JSON
--    array on the product ([{"name":"Size","values":["S","M"]}]; NULL: no options), which
--    the product's answer reads with the rest of its row.
-- 2. A variant is one combination that is sold: its own SKU, stock, optional price (NULL:
--    the product's) and optional picture (one of the product's own, by id). Unused
--    option columns hold '' so the combination is unique by constraint.
-- 3. A product with variants sells their units: its stock is their sum, and
--    price_to_cents the highest price a variant asks when above the product's (the
--    product's price is its "from" price: no variant asks less). The save that changes
--    variants recounts both, and the triggers below keep them through sales and price
--    changes, so the storefront's lists, filters and cards read one row as before.
-- 4. Cart and order lines name the variant; an order line keeps its option values as
--    they were. A variant may go while a cart holds it: the line then says so.

ALTER TABLE products ADD COLUMN options TEXT;
ALTER TABLE products ADD COLUMN price_to_cents INTEGER;

-- AUTOINCREMENT: an id is never given again, so a cart line whose variant went can
-- never come to name another.
CREATE TABLE product_variants (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    product_id  INTEGER NOT NULL REFERENCES products (id),
    position    INTEGER NOT NULL,
    sku         TEXT NOT NULL COLLATE NOCASE,
    option1     TEXT NOT NULL,
    option2     TEXT NOT NULL DEFAULT '',
    option3     TEXT NOT NULL DEFAULT '',
    price_cents INTEGER CHECK (price_cents > 0),
    stock       INTEGER NOT NULL CHECK (stock >= 0),
    image_id    INTEGER,
    UNIQUE (product_id, option1, option2, option3)
) STRICT;

CREATE UNIQUE INDEX product_variants_by_sku ON product_variants (sku);
CREATE INDEX product_variants_by_product ON product_variants (product_id, position);

-- The values each product is sold in, one row a product and value, for the listings'
-- option filters and facets (written with its variants). The department is the
-- product's, kept by the trigger below, so a department's facets read its own rows.
CREATE TABLE product_option_values (
    product_id      INTEGER NOT NULL REFERENCES products (id),
    department_id   INTEGER NOT NULL,
    name            TEXT NOT NULL,
    value           TEXT NOT NULL,
    -- The option's place on the product and the value's in its option: facets list
    -- names and values in the order products give them (S before M before L).
    option_position INTEGER NOT NULL,
    value_position  INTEGER NOT NULL,
    PRIMARY KEY (product_id, name, value)
) STRICT, WITHOUT ROWID;

CREATE INDEX product_option_values_by_department ON product_option_values (department_id, name, value, product_id);

CREATE TRIGGER products_option_values_department AFTER UPDATE OF department_id ON products
WHEN OLD.department_id IS NOT NEW.department_id BEGIN
    UPDATE product_option_values SET department_id = NEW.department_id WHERE product_id = NEW.id;
END;

-- A sale or a cancelled order moves a variant's units, and its product's sum with them.
-- Variants come and go only through the back office's save (and the seed), which
-- recounts the product once at its end (db/variants.rs), not once a row.
CREATE TRIGGER product_variants_stock AFTER UPDATE OF stock ON product_variants
WHEN NEW.stock <> OLD.stock BEGIN
    UPDATE products SET stock = stock + NEW.stock - OLD.stock WHERE id = NEW.product_id;
END;

-- A variant without a price of its own follows the product's.
CREATE TRIGGER products_price_range AFTER UPDATE OF price_cents ON products
WHEN NEW.options IS NOT NULL BEGIN
    UPDATE products SET
        price_to_cents = (SELECT CASE WHEN max(coalesce(v.price_cents, NEW.price_cents)) > NEW.price_cents
                                      THEN max(coalesce(v.price_cents, NEW.price_cents)) END
                          FROM product_variants v WHERE v.product_id = NEW.id)
    WHERE id = NEW.id;
END;

ALTER TABLE cart_items ADD COLUMN variant_id INTEGER;
ALTER TABLE order_items ADD COLUMN variant_id INTEGER;
-- The option values as ordered, as one JSON object ({"Size":"M","Colour":"Navy"}).
ALTER TABLE order_items ADD COLUMN options TEXT;
