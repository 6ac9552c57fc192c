-- Schema 7: running the shop, as SQLite's step 7 (sqlite/migrations/0007_back_office.sql
-- says what and why): roles, disabled accounts and second factors; sessions that name
-- their account; stock, SKUs and archived products; order statuses and when they
-- changed; hidden reviews; the append-only audit log.

ALTER TABLE users
    ADD COLUMN role text NOT NULL DEFAULT 'shopper'
        CONSTRAINT users_role_known CHECK (role IN ('shopper', 'viewer', 'staff', 'owner')),
    ADD COLUMN disabled_at bigint,
    ADD COLUMN totp_secret text,
    ADD COLUMN totp_confirmed boolean NOT NULL DEFAULT false,
    ADD COLUMN totp_last_step bigint;
CREATE INDEX users_by_role ON users (role, id) WHERE role <> 'shopper';

ALTER TABLE sessions ADD COLUMN user_id bigint;
CREATE INDEX sessions_by_user ON sessions (user_id) WHERE user_id IS NOT NULL;

ALTER TABLE products
    ADD COLUMN stock bigint NOT NULL DEFAULT 0 CONSTRAINT products_stock_not_negative CHECK (stock >= 0),
    ADD COLUMN sku citext,
    ADD COLUMN archived_at bigint;

ALTER TABLE products DISABLE TRIGGER products_changed;
UPDATE products SET
    sku = 'MKT-' || lpad(id::text, 6, '0'),
    stock = CASE WHEN id % 29 = 12 THEN 0
                 WHEN id % 13 = 3 THEN 1 + id % 9
                 ELSE 200 + (id * 37) % 1800 END;
ALTER TABLE products ENABLE TRIGGER products_changed;
CREATE UNIQUE INDEX products_by_sku ON products (sku);

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
CREATE INDEX products_listed_by_stock ON products (stock, id) WHERE archived_at IS NULL;

ALTER TABLE orders ADD COLUMN status_changed_at bigint;
UPDATE orders SET status_changed_at = created_at;
ALTER TABLE orders ALTER COLUMN status_changed_at SET NOT NULL,
    ADD CONSTRAINT orders_status_known
        CHECK (status IN ('Received', 'Packed', 'Shipped', 'Delivered', 'Cancelled'));
CREATE INDEX orders_by_status ON orders (status, id);
CREATE INDEX orders_by_time ON orders (created_at);

ALTER TABLE reviews ADD COLUMN hidden_at bigint;
CREATE INDEX reviews_hidden ON reviews (id) WHERE hidden_at IS NOT NULL;

-- The rating counts only reviews that are not hidden.
CREATE OR REPLACE FUNCTION reviews_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP IN ('DELETE', 'UPDATE') AND OLD.hidden_at IS NULL THEN
        UPDATE products SET review_count = review_count - 1, rating_sum = rating_sum - OLD.rating
        WHERE id = OLD.product_id;
    END IF;
    IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.hidden_at IS NULL THEN
        UPDATE products SET review_count = review_count + 1, rating_sum = rating_sum + NEW.rating
        WHERE id = NEW.product_id;
    END IF;
    RETURN NULL;
END $$;
DROP TRIGGER reviews_count_update ON reviews;
CREATE TRIGGER reviews_count_update AFTER UPDATE OF rating, product_id, hidden_at ON reviews
    FOR EACH ROW EXECUTE FUNCTION reviews_count();

-- A sale changes only a product's stock: its change is logged (the replicas' polls
-- read it within half a second) but wakes nobody. PostgreSQL commits notifying
-- transactions one at a time, and every checkout takes stock.
ALTER TABLE changes ADD COLUMN wake boolean NOT NULL DEFAULT true;

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
            INSERT INTO changes (topic, key) VALUES ('department', NEW.department_id);
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
            VALUES ('product', NEW.id, wake), ('department', OLD.department_id, wake),
                   ('department', NEW.department_id, wake);
        END IF;
    END CASE;
    RETURN NULL;
END $$;

DROP TRIGGER changes_notify ON changes;
CREATE OR REPLACE FUNCTION changes_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM added WHERE wake) THEN
        PERFORM pg_notify('market_changes', '');
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER changes_notify AFTER INSERT ON changes REFERENCING NEW TABLE AS added
    FOR EACH STATEMENT EXECUTE FUNCTION changes_notify();

CREATE TABLE audit_log (
    id       bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    at       bigint NOT NULL,
    actor_id bigint,
    actor    text NOT NULL,
    action   text NOT NULL,
    thing    text NOT NULL,
    thing_id bigint,
    before   text,
    after    text
);

CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'the audit log is append-only';
END $$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
    FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
-- TRUNCATE skips row triggers.
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
    FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();

ANALYZE products;
