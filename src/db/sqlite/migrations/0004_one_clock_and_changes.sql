-- 1. One form for every moment: INTEGER milliseconds since the Unix epoch, UTC. TEXT
--    timestamps become integers and unix seconds become milliseconds. A STRICT table
--    cannot change a column's type, so each such table is rebuilt (SQLite's 12-step
--    procedure; `migrations.rs` turns foreign keys off around it and checks them after),
--    and its indexes and triggers are made again.
-- 2. The change log: every write that changes a kept answer says so here, by trigger,
--    in its own transaction, so no write path can forget (docs/architecture.md#caches).
-- 3. Idempotency keys point at the order they placed instead of keeping its JSON.

CREATE TABLE users_new (
    id            INTEGER PRIMARY KEY,
    first_name    TEXT NOT NULL,
    last_name     TEXT NOT NULL,
    username      TEXT NOT NULL UNIQUE COLLATE NOCASE,
    email         TEXT NOT NULL UNIQUE COLLATE NOCASE,
    avatar_url    TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    created_at    INTEGER NOT NULL
) STRICT;
INSERT INTO users_new
SELECT id, first_name, last_name, username, email, avatar_url, password_hash,
       CAST(round(unixepoch(created_at, 'subsec') * 1000) AS INTEGER)
FROM users;
DROP TABLE users;
ALTER TABLE users_new RENAME TO users;

CREATE TABLE reviews_new (
    id          INTEGER PRIMARY KEY,
    user_id     INTEGER NOT NULL REFERENCES users (id),
    product_id  INTEGER NOT NULL REFERENCES products (id),
    rating      INTEGER NOT NULL CHECK (rating BETWEEN 1 AND 5),
    title       TEXT NOT NULL,
    description TEXT NOT NULL,
    created_at  INTEGER NOT NULL,
    UNIQUE (user_id, product_id)
) STRICT;
INSERT INTO reviews_new
SELECT id, user_id, product_id, rating, title, description,
       CAST(round(unixepoch(created_at, 'subsec') * 1000) AS INTEGER)
FROM reviews;
DROP TABLE reviews;
ALTER TABLE reviews_new RENAME TO reviews;
CREATE INDEX reviews_by_product ON reviews (product_id, created_at);
CREATE INDEX reviews_by_user ON reviews (user_id, created_at);

CREATE TRIGGER reviews_count_insert AFTER INSERT ON reviews BEGIN
    UPDATE products SET review_count = review_count + 1, rating_sum = rating_sum + NEW.rating
    WHERE id = NEW.product_id;
END;

CREATE TRIGGER reviews_count_delete AFTER DELETE ON reviews BEGIN
    UPDATE products SET review_count = review_count - 1, rating_sum = rating_sum - OLD.rating
    WHERE id = OLD.product_id;
END;

CREATE TRIGGER reviews_count_update AFTER UPDATE OF rating, product_id ON reviews BEGIN
    UPDATE products SET review_count = review_count - 1, rating_sum = rating_sum - OLD.rating
    WHERE id = OLD.product_id;
    UPDATE products SET review_count = review_count + 1, rating_sum = rating_sum + NEW.rating
    WHERE id = NEW.product_id;
END;

CREATE TABLE cart_items_new (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id),
    product_id INTEGER NOT NULL REFERENCES products (id),
    created_at INTEGER NOT NULL
) STRICT;
INSERT INTO cart_items_new
SELECT id, user_id, product_id, CAST(round(unixepoch(created_at, 'subsec') * 1000) AS INTEGER)
FROM cart_items;
DROP TABLE cart_items;
ALTER TABLE cart_items_new RENAME TO cart_items;
CREATE INDEX cart_items_by_user ON cart_items (user_id, id);

CREATE TABLE favorites_new (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id),
    product_id INTEGER NOT NULL REFERENCES products (id),
    created_at INTEGER NOT NULL,
    UNIQUE (user_id, product_id)
) STRICT;
INSERT INTO favorites_new
SELECT id, user_id, product_id, CAST(round(unixepoch(created_at, 'subsec') * 1000) AS INTEGER)
FROM favorites;
DROP TABLE favorites;
ALTER TABLE favorites_new RENAME TO favorites;
-- Who holds a product among their favorites, for the change a rating makes.
CREATE INDEX favorites_by_product ON favorites (product_id);

CREATE TABLE orders_new (
    id             INTEGER PRIMARY KEY,
    user_id        INTEGER NOT NULL REFERENCES users (id),
    subtotal_cents INTEGER NOT NULL,
    discount_cents INTEGER NOT NULL,
    total_cents    INTEGER NOT NULL,
    status         TEXT NOT NULL,
    created_at     INTEGER NOT NULL
) STRICT;
INSERT INTO orders_new
SELECT id, user_id, subtotal_cents, discount_cents, total_cents, status,
       CAST(round(unixepoch(created_at, 'subsec') * 1000) AS INTEGER)
FROM orders;
DROP TABLE orders;
ALTER TABLE orders_new RENAME TO orders;
CREATE INDEX orders_by_user ON orders (user_id, id);

CREATE TABLE sessions_new (
    key_hash   TEXT PRIMARY KEY,
    state      TEXT NOT NULL,
    created_at INTEGER NOT NULL, -- the absolute lifetime counts from here
    expires_at INTEGER NOT NULL  -- the idle lifetime moves this on
) STRICT, WITHOUT ROWID;
INSERT INTO sessions_new SELECT key_hash, state, created_at * 1000, expires_at * 1000 FROM sessions;
DROP TABLE sessions;
ALTER TABLE sessions_new RENAME TO sessions;
CREATE INDEX sessions_by_expiry ON sessions (expires_at);

CREATE TABLE idempotency_keys_new (
    user_id     INTEGER NOT NULL REFERENCES users (id),
    key         TEXT NOT NULL,
    fingerprint TEXT NOT NULL, -- SHA-256 of what was asked, to refuse a reused key
    order_id    INTEGER NOT NULL REFERENCES orders (id),
    created_at  INTEGER NOT NULL,
    PRIMARY KEY (user_id, key)
) STRICT, WITHOUT ROWID;
INSERT INTO idempotency_keys_new
SELECT user_id, key, fingerprint, json_extract(body, '$.id'), created_at * 1000
FROM idempotency_keys
WHERE status = 201 AND json_extract(body, '$.id') IN (SELECT id FROM orders);
DROP TABLE idempotency_keys;
ALTER TABLE idempotency_keys_new RENAME TO idempotency_keys;
CREATE INDEX idempotency_keys_by_age ON idempotency_keys (created_at);

-- The change log. `topic` names a kind of kept answer, `key` which one: `cart` and
-- `favorites` by user id, `product` and `reviews` by product id, `department` by
-- department id. Readers apply rows past the last id they saw.
CREATE TABLE changes (
    id    INTEGER PRIMARY KEY,
    topic TEXT NOT NULL,
    key   INTEGER NOT NULL
) STRICT;

CREATE TRIGGER cart_items_changed_insert AFTER INSERT ON cart_items BEGIN
    INSERT INTO changes (topic, key) VALUES ('cart', NEW.user_id);
END;
CREATE TRIGGER cart_items_changed_delete AFTER DELETE ON cart_items BEGIN
    INSERT INTO changes (topic, key) VALUES ('cart', OLD.user_id);
END;

CREATE TRIGGER favorites_changed_insert AFTER INSERT ON favorites BEGIN
    INSERT INTO changes (topic, key) VALUES ('favorites', NEW.user_id);
END;
CREATE TRIGGER favorites_changed_delete AFTER DELETE ON favorites BEGIN
    INSERT INTO changes (topic, key) VALUES ('favorites', OLD.user_id);
END;

CREATE TRIGGER reviews_changed_insert AFTER INSERT ON reviews BEGIN
    INSERT INTO changes (topic, key) VALUES ('reviews', NEW.product_id);
END;
CREATE TRIGGER reviews_changed_update AFTER UPDATE ON reviews BEGIN
    INSERT INTO changes (topic, key) VALUES ('reviews', OLD.product_id), ('reviews', NEW.product_id);
END;
CREATE TRIGGER reviews_changed_delete AFTER DELETE ON reviews BEGIN
    INSERT INTO changes (topic, key) VALUES ('reviews', OLD.product_id);
END;

-- A product that changes (its rating, when a review does) changes its own page, its
-- department's list, and every favorites list that holds it, since cards show ratings.
CREATE TRIGGER products_changed_update AFTER UPDATE ON products BEGIN
    INSERT INTO changes (topic, key)
    VALUES ('product', NEW.id), ('department', OLD.department_id), ('department', NEW.department_id);
    INSERT INTO changes (topic, key) SELECT 'favorites', user_id FROM favorites WHERE product_id = NEW.id;
END;
CREATE TRIGGER products_changed_insert AFTER INSERT ON products BEGIN
    INSERT INTO changes (topic, key) VALUES ('department', NEW.department_id);
END;
CREATE TRIGGER products_changed_delete AFTER DELETE ON products BEGIN
    INSERT INTO changes (topic, key) VALUES ('product', OLD.id), ('department', OLD.department_id);
END;
