-- A new product names itself in the change log, as a changed one does: the catalog index
-- (db/catalog_index) reads again the products the log names, and a product the back
-- office or an import adds must be found by search within a second. Only its
-- department was named. (PostgreSQL's step 12 does the same.)
DROP TRIGGER products_changed_insert;
CREATE TRIGGER products_changed_insert AFTER INSERT ON products BEGIN
    INSERT INTO changes (topic, key) VALUES ('product', NEW.id), ('department', NEW.department_id);
END;
