-- A product's change names its page and its department's list: two rows, and a third
-- (the department it left) only when it moved. The one trigger logged that department
-- twice for every change, and every checkout changes its products' stock and every
-- import step its rows' prices: a third of the change log was the same row again.
DROP TRIGGER products_changed_update;
CREATE TRIGGER products_changed_update AFTER UPDATE ON products BEGIN
    INSERT INTO changes (topic, key) VALUES ('product', NEW.id), ('department', NEW.department_id);
END;
CREATE TRIGGER products_changed_department AFTER UPDATE OF department_id ON products
WHEN OLD.department_id IS NOT NEW.department_id BEGIN
    INSERT INTO changes (topic, key) VALUES ('department', OLD.department_id);
END;
