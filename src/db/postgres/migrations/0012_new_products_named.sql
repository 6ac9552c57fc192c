-- A new product names itself in the change log, as a changed one does: the catalog index
-- (db/catalog_index) reads again the products the log names, and a product the back
-- office or an import adds must be found by search within a second. Only its
-- department was named. (SQLite's step 12 does the same.)
CREATE OR REPLACE FUNCTION log_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    row_now record;
    wake boolean := true;
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
            INSERT INTO changes (topic, key) VALUES ('product', NEW.id), ('department', NEW.department_id);
        ELSIF TG_OP = 'DELETE' THEN
            INSERT INTO changes (topic, key) VALUES ('product', OLD.id), ('department', OLD.department_id);
        ELSE
            wake := OLD.stock = NEW.stock OR
                ROW(OLD.name, OLD.brand, OLD.price_cents, OLD.description, OLD.department_id, OLD.rating_sum,
                    OLD.review_count, OLD.archived_at, OLD.sku)
                IS DISTINCT FROM
                ROW(NEW.name, NEW.brand, NEW.price_cents, NEW.description, NEW.department_id, NEW.rating_sum,
                    NEW.review_count, NEW.archived_at, NEW.sku);
            INSERT INTO changes (topic, key, wake)
            VALUES ('product', NEW.id, wake), ('department', NEW.department_id, wake);
            IF OLD.department_id <> NEW.department_id THEN
                INSERT INTO changes (topic, key, wake) VALUES ('department', OLD.department_id, wake);
            END IF;
        END IF;
    END CASE;
    RETURN NULL;
END $$;
