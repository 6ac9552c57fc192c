-- Schema 6.
--
-- Punctuation parts words, as SQLite's unicode61 tokenizer and the store's own query
-- words (`domain::listing::words`) part them. PostgreSQL's parser keeps
-- "Indoor/Outdoor" (a path), "15.6" (a number) and "USB-C/HDMI" whole, so "outdoor" or
-- "hdmi" found them on SQLite and not here. ASCII punctuation becomes spaces first:
-- translate() depends on no locale, where a regular expression's [:alnum:] would.
CREATE FUNCTION market_plain(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
    RETURN translate($1, '!"#$%&''()*+,-./:;<=>?@[\]^_`{|}~', repeat(' ', 32));

CREATE OR REPLACE FUNCTION products_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.words :=
        setweight(to_tsvector('market', market_plain(NEW.name)), 'A') ||
        setweight(to_tsvector('market', market_plain(NEW.brand)), 'B') ||
        setweight(to_tsvector('market', market_plain(
            coalesce((SELECT name FROM departments WHERE id = NEW.department_id), ''))), 'C') ||
        setweight(to_tsvector('market', market_plain(NEW.description)), 'D');
    RETURN NEW;
END $$;

-- Every product's words again. The change log stays out of it: no server runs an older
-- schema's answers past this step (they are refused as not this Market's), and a
-- million products would log three million changes.
ALTER TABLE products DISABLE TRIGGER products_changed;
UPDATE products SET name = name;
ALTER TABLE products ENABLE TRIGGER products_changed;

-- No server keeps a shopper's cart or favorites beside a shared database (each is
-- read when asked for), so their writes log nothing, and a product's change no longer
-- names every favorites list that holds it. Each logged change costs a row and a
-- notification, and PostgreSQL commits notifying transactions one at a time.
DROP TRIGGER cart_items_changed ON cart_items;
DROP TRIGGER favorites_changed ON favorites;

CREATE OR REPLACE FUNCTION log_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    row_now record;
BEGIN
    IF TG_OP = 'DELETE' THEN
        row_now := OLD;
    ELSE
        row_now := NEW;
    END IF;
    CASE TG_TABLE_NAME
    WHEN 'reviews' THEN
        IF TG_OP = 'UPDATE' THEN
            INSERT INTO changes (topic, key) VALUES ('reviews', OLD.product_id);
        END IF;
        INSERT INTO changes (topic, key) VALUES ('reviews', row_now.product_id);
    WHEN 'products' THEN
        -- A product that changes (its rating, when a review does) changes its own page
        -- and its department's list.
        IF TG_OP = 'INSERT' THEN
            INSERT INTO changes (topic, key) VALUES ('department', NEW.department_id);
        ELSIF TG_OP = 'DELETE' THEN
            INSERT INTO changes (topic, key) VALUES ('product', OLD.id), ('department', OLD.department_id);
        ELSE
            INSERT INTO changes (topic, key)
            VALUES ('product', NEW.id), ('department', OLD.department_id), ('department', NEW.department_id);
        END IF;
    END CASE;
    RETURN NULL;
END $$;
