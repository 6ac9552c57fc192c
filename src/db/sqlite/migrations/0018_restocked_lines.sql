-- Each order line (one unit) knows whether its unit went back to stock, by a refund
-- that put it back or by the order's cancel, so that no unit goes back twice
-- (docs/rules.md#payments). (PostgreSQL's step 18 does the same.)
ALTER TABLE order_items ADD COLUMN restocked INTEGER NOT NULL DEFAULT 0 CHECK (restocked IN (0, 1));
UPDATE order_items SET restocked = 1 WHERE order_id IN (SELECT id FROM orders WHERE status = 'Cancelled');
