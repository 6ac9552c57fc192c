-- A sale changes a product's stock and nothing else. Its page and the lists that show
-- its card say how many are left, so their answers go; but the catalog index holds
-- only whether it is in stock, and reading the product into it again after every
-- checkout cost a third of the store's checkouts. Such a change is logged under topics
-- the index does not follow: 'stock' (the product's page) and 'department_stock' (its
-- department's lists). A change that puts a product in or out of stock, or changes
-- anything else of it, is logged as before. A test holds the list of columns below to
-- the table's. (PostgreSQL's step 20 does the same.)
DROP TRIGGER products_changed_update;
CREATE TRIGGER products_changed_update AFTER UPDATE ON products
WHEN NOT (
    OLD.stock <> NEW.stock AND (OLD.stock > 0) = (NEW.stock > 0)
    AND OLD.department_id IS NEW.department_id AND OLD.name IS NEW.name AND OLD.brand IS NEW.brand
    AND OLD.price_cents IS NEW.price_cents AND OLD.description IS NEW.description
    AND OLD.review_count IS NEW.review_count AND OLD.rating_sum IS NEW.rating_sum AND OLD.sku IS NEW.sku
    AND OLD.archived_at IS NEW.archived_at AND OLD.options IS NEW.options
    AND OLD.price_to_cents IS NEW.price_to_cents
) BEGIN
    INSERT INTO changes (topic, key) VALUES ('product', NEW.id), ('department', NEW.department_id);
END;
CREATE TRIGGER products_stock_changed AFTER UPDATE OF stock ON products
WHEN OLD.stock <> NEW.stock AND (OLD.stock > 0) = (NEW.stock > 0)
    AND OLD.department_id IS NEW.department_id AND OLD.name IS NEW.name AND OLD.brand IS NEW.brand
    AND OLD.price_cents IS NEW.price_cents AND OLD.description IS NEW.description
    AND OLD.review_count IS NEW.review_count AND OLD.rating_sum IS NEW.rating_sum AND OLD.sku IS NEW.sku
    AND OLD.archived_at IS NEW.archived_at AND OLD.options IS NEW.options
    AND OLD.price_to_cents IS NEW.price_to_cents
BEGIN
    INSERT INTO changes (topic, key) VALUES ('stock', NEW.id), ('department_stock', NEW.department_id);
END;
