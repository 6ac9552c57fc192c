-- The storefront tells how many units are left only from 10 down (domain::stock::LOW);
-- above that, a product or a variant is told as 11, "more than 10"
-- (domain::stock::as_told). So a sale that leaves more than 10 changes nothing a
-- shopper is told, and logs nothing: the answers and pages kept of that product and of
-- its department's lists stay kept. A sale that brings a product or a variant to 10 or
-- fewer, or puts it in or out of stock, is logged as before. (PostgreSQL's step 21
-- does the same; a test holds the columns below to the table's.)
DROP TRIGGER products_stock_changed;
CREATE TRIGGER products_stock_changed AFTER UPDATE OF stock ON products
WHEN min(OLD.stock, 11) <> min(NEW.stock, 11) AND (OLD.stock > 0) = (NEW.stock > 0)
    AND OLD.department_id IS NEW.department_id AND OLD.name IS NEW.name AND OLD.brand IS NEW.brand
    AND OLD.price_cents IS NEW.price_cents AND OLD.description IS NEW.description
    AND OLD.review_count IS NEW.review_count AND OLD.rating_sum IS NEW.rating_sum AND OLD.sku IS NEW.sku
    AND OLD.archived_at IS NEW.archived_at AND OLD.options IS NEW.options
    AND OLD.price_to_cents IS NEW.price_to_cents
BEGIN
    INSERT INTO changes (topic, key) VALUES ('stock', NEW.id), ('department_stock', NEW.department_id);
END;

-- A variant's units are on its product's page: told differently, the page changes even
-- when the product's sum is still told as plenty.
CREATE TRIGGER product_variants_stock_told AFTER UPDATE OF stock ON product_variants
WHEN min(OLD.stock, 11) <> min(NEW.stock, 11) BEGIN
    INSERT INTO changes (topic, key)
    SELECT 'stock', id FROM products WHERE id = NEW.product_id
    UNION ALL
    SELECT 'department_stock', department_id FROM products WHERE id = NEW.product_id;
END;
