-- Schema 7: running the shop (docs/architecture.md#the-back-office).
-- 1. Accounts have a role (shopper, viewer, staff, owner), may be disabled, and may
--    hold a second factor (TOTP); a session row names its account, so disabling an
--    account ends its sessions at once.
-- 2. Products have stock (units that can be sold: never below zero, by constraint), a
--    SKU (unique regardless of case) and may be archived (off the storefront, still in
--    the orders that hold them). The storefront's indexes leave archived products out.
-- 3. Orders move along Received → Packed → Shipped → Delivered, or to Cancelled, and
--    say when their status last changed.
-- 4. Reviews may be hidden by staff: a hidden review counts in no rating.
-- 5. The audit log: every back-office write, who, when, what, before and after.
--    Append-only: the schema refuses to change or delete a row.

ALTER TABLE users ADD COLUMN role TEXT NOT NULL DEFAULT 'shopper'
    CHECK (role IN ('shopper', 'viewer', 'staff', 'owner'));
ALTER TABLE users ADD COLUMN disabled_at INTEGER;
-- Base32, as the otpauth URI carries it; confirmed once a code made from it was given.
ALTER TABLE users ADD COLUMN totp_secret TEXT;
ALTER TABLE users ADD COLUMN totp_confirmed INTEGER NOT NULL DEFAULT 0 CHECK (totp_confirmed IN (0, 1));
-- The last 30-second step whose code was accepted: a code is good once (RFC 6238 5.2).
ALTER TABLE users ADD COLUMN totp_last_step INTEGER;
CREATE INDEX users_by_role ON users (role, id) WHERE role <> 'shopper';

ALTER TABLE sessions ADD COLUMN user_id INTEGER;
CREATE INDEX sessions_by_user ON sessions (user_id) WHERE user_id IS NOT NULL;

ALTER TABLE products ADD COLUMN stock INTEGER NOT NULL DEFAULT 0 CHECK (stock >= 0);
-- Unique regardless of case, as PostgreSQL's citext keeps it.
ALTER TABLE products ADD COLUMN sku TEXT COLLATE NOCASE;
ALTER TABLE products ADD COLUMN archived_at INTEGER;

-- Believable levels for the catalog a store already holds, as the seed gives them
-- (`domain::stock::seeded`), and a SKU from the id. The change log stays out of it:
-- no server runs an older schema's answers past this step.
DROP TRIGGER products_changed_update;
UPDATE products SET
    sku = printf('MKT-%06d', id),
    stock = CASE WHEN id % 29 = 12 THEN 0
                 WHEN id % 13 = 3 THEN 1 + id % 9
                 ELSE 200 + (id * 37) % 1800 END;
CREATE UNIQUE INDEX products_by_sku ON products (sku);

-- A product's change changes its page and its department's lists. Favorites lists show
-- its card (name, brand, price, rating, picture) but not its stock: a sale, which
-- changes only the stock, does not name every shopper who keeps the product.
CREATE TRIGGER products_changed_update AFTER UPDATE ON products BEGIN
    INSERT INTO changes (topic, key)
    VALUES ('product', NEW.id), ('department', OLD.department_id), ('department', NEW.department_id);
END;
CREATE TRIGGER products_changed_card AFTER UPDATE OF name, brand, price_cents, rating_sum, review_count, archived_at
ON products BEGIN
    INSERT INTO changes (topic, key) SELECT 'favorites', user_id FROM favorites WHERE product_id = NEW.id;
END;

-- The storefront's lists, without archived products (each list's statement says
-- `archived_at IS NULL`, which lets SQLite use these); the facets' index gains stock for
-- the "In stock" filter.
DROP INDEX products_by_department_price;
DROP INDEX products_by_department_rating;
DROP INDEX products_by_department_brand;
CREATE INDEX products_listed_by_department ON products (department_id, id) WHERE archived_at IS NULL;
CREATE INDEX products_listed_by_department_price ON products (department_id, price_cents, id) WHERE archived_at IS NULL;
CREATE INDEX products_listed_by_department_rating ON products (department_id, rating_key, review_count, id)
    WHERE archived_at IS NULL;
CREATE INDEX products_listed_by_department_brand ON products (department_id, brand, price_cents, rating_sum, review_count, stock)
    WHERE archived_at IS NULL;
CREATE INDEX products_archived ON products (archived_at, id) WHERE archived_at IS NOT NULL;
-- The back office's stock filters and sort, and the dashboard's counts of low stock.
CREATE INDEX products_listed_by_stock ON products (stock, id) WHERE archived_at IS NULL;

ALTER TABLE orders ADD COLUMN status_changed_at INTEGER;
UPDATE orders SET status_changed_at = created_at;
CREATE INDEX orders_by_status ON orders (status, id);
-- The dashboard's days.
CREATE INDEX orders_by_time ON orders (created_at);

ALTER TABLE reviews ADD COLUMN hidden_at INTEGER;
CREATE INDEX reviews_hidden ON reviews (id) WHERE hidden_at IS NOT NULL;

-- The rating counts only reviews that are not hidden.
DROP TRIGGER reviews_count_insert;
DROP TRIGGER reviews_count_delete;
DROP TRIGGER reviews_count_update;
CREATE TRIGGER reviews_count_insert AFTER INSERT ON reviews WHEN NEW.hidden_at IS NULL BEGIN
    UPDATE products SET review_count = review_count + 1, rating_sum = rating_sum + NEW.rating
    WHERE id = NEW.product_id;
END;
CREATE TRIGGER reviews_count_delete AFTER DELETE ON reviews WHEN OLD.hidden_at IS NULL BEGIN
    UPDATE products SET review_count = review_count - 1, rating_sum = rating_sum - OLD.rating
    WHERE id = OLD.product_id;
END;
CREATE TRIGGER reviews_count_update_old AFTER UPDATE OF rating, product_id, hidden_at ON reviews
WHEN OLD.hidden_at IS NULL BEGIN
    UPDATE products SET review_count = review_count - 1, rating_sum = rating_sum - OLD.rating
    WHERE id = OLD.product_id;
END;
CREATE TRIGGER reviews_count_update_new AFTER UPDATE OF rating, product_id, hidden_at ON reviews
WHEN NEW.hidden_at IS NULL BEGIN
    UPDATE products SET review_count = review_count + 1, rating_sum = rating_sum + NEW.rating
    WHERE id = NEW.product_id;
END;

-- `actor` keeps the name as it was, so the log reads the same after an account goes;
-- `actor_id` is NULL for the command line (`market staff`).
CREATE TABLE audit_log (
    id       INTEGER PRIMARY KEY,
    at       INTEGER NOT NULL,
    actor_id INTEGER,
    actor    TEXT NOT NULL,
    action   TEXT NOT NULL,
    thing    TEXT NOT NULL,
    thing_id INTEGER,
    before   TEXT,
    after    TEXT
) STRICT;

CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log BEGIN
    SELECT RAISE(ABORT, 'the audit log is append-only');
END;
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log BEGIN
    SELECT RAISE(ABORT, 'the audit log is append-only');
END;

PRAGMA analysis_limit = 1000;
ANALYZE;
