-- Schema 18: each order line knows whether its unit went back to stock, as SQLite's
-- step 18 (sqlite/migrations/0018_restocked_lines.sql says why).
ALTER TABLE order_items ADD COLUMN restocked boolean NOT NULL DEFAULT false;
UPDATE order_items SET restocked = true WHERE order_id IN (SELECT id FROM orders WHERE status = 'Cancelled');
