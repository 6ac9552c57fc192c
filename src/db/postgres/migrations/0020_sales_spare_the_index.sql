-- A sale changes a product's stock and nothing else: it is logged under topics the
-- catalog index does not follow, 'stock' (the product's page) and 'department_stock'
-- (its department's lists), as SQLite's step 20 says and does. A change that puts a
-- product in or out of stock wakes the other replicas now, as any other change of it
-- does; a sale still does not. A test holds the columns below to the table's.
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
            INSERT INTO changes (topic, key) VALUES ('product', NEW.id), ('department', NEW.department_id);
        ELSIF TG_OP = 'DELETE' THEN
            INSERT INTO changes (topic, key) VALUES ('product', OLD.id), ('department', OLD.department_id);
        ELSIF OLD.stock <> NEW.stock AND (OLD.stock > 0) = (NEW.stock > 0) AND
            ROW(OLD.name, OLD.brand, OLD.price_cents, OLD.description, OLD.department_id, OLD.rating_sum,
                OLD.review_count, OLD.archived_at, OLD.sku, OLD.options, OLD.price_to_cents)
            IS NOT DISTINCT FROM
            ROW(NEW.name, NEW.brand, NEW.price_cents, NEW.description, NEW.department_id, NEW.rating_sum,
                NEW.review_count, NEW.archived_at, NEW.sku, NEW.options, NEW.price_to_cents) THEN
            INSERT INTO changes (topic, key, wake)
            VALUES ('stock', NEW.id, false), ('department_stock', NEW.department_id, false);
        ELSE
            INSERT INTO changes (topic, key) VALUES ('product', NEW.id), ('department', NEW.department_id);
            IF OLD.department_id <> NEW.department_id THEN
                INSERT INTO changes (topic, key) VALUES ('department', OLD.department_id);
            END IF;
        END IF;
    END CASE;
    RETURN NULL;
END $$;
