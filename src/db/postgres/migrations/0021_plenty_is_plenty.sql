-- The storefront tells how many units are left only from 10 down; above that, as 11,
-- "more than 10" (domain::stock::as_told). A sale that leaves more than 10 changes
-- nothing a shopper is told and logs nothing, as SQLite's step 21 says and does: the
-- update trigger skips it. A test holds the columns below to the table's.
DROP TRIGGER products_changed ON products;
CREATE TRIGGER products_changed AFTER INSERT OR DELETE ON products
    FOR EACH ROW EXECUTE FUNCTION log_change();
CREATE TRIGGER products_updated AFTER UPDATE ON products FOR EACH ROW
    WHEN (OLD.stock = NEW.stock OR least(OLD.stock, 11) <> least(NEW.stock, 11) OR
          ROW(OLD.name, OLD.brand, OLD.price_cents, OLD.description, OLD.department_id, OLD.rating_sum,
              OLD.review_count, OLD.archived_at, OLD.sku, OLD.options, OLD.price_to_cents)
          IS DISTINCT FROM
          ROW(NEW.name, NEW.brand, NEW.price_cents, NEW.description, NEW.department_id, NEW.rating_sum,
              NEW.review_count, NEW.archived_at, NEW.sku, NEW.options, NEW.price_to_cents))
    EXECUTE FUNCTION log_change();

-- A variant's units are on its product's page: told differently, the page changes even
-- when the product's sum is still told as plenty.
CREATE FUNCTION product_variants_stock_told() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    INSERT INTO changes (topic, key, wake)
    SELECT t.topic, t.key, false
    FROM products p, LATERAL (VALUES ('stock', p.id), ('department_stock', p.department_id)) AS t (topic, key)
    WHERE p.id = NEW.product_id;
    RETURN NULL;
END $$;

CREATE TRIGGER product_variants_stock_told AFTER UPDATE OF stock ON product_variants
    FOR EACH ROW WHEN (least(OLD.stock, 11) <> least(NEW.stock, 11))
    EXECUTE FUNCTION product_variants_stock_told();
