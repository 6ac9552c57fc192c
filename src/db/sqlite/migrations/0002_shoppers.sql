-- What shoppers keep: sessions, carts, favorites, orders.

-- Server-side sessions (actix-session's SessionStore). The cookie holds a random key;
-- only its SHA-256 is stored, so a copy of the database opens no session.
CREATE TABLE sessions (
    key_hash   TEXT PRIMARY KEY,
    state      TEXT NOT NULL,
    created_at INTEGER NOT NULL, -- unix seconds; the absolute lifetime counts from here
    expires_at INTEGER NOT NULL  -- unix seconds; the idle lifetime moves this on
) STRICT, WITHOUT ROWID;

CREATE INDEX sessions_by_expiry ON sessions (expires_at);

-- One row per item: every add is a new line of quantity 1.
CREATE TABLE cart_items (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id),
    product_id INTEGER NOT NULL REFERENCES products (id),
    created_at TEXT NOT NULL
) STRICT;

CREATE INDEX cart_items_by_user ON cart_items (user_id, id);

CREATE TABLE favorites (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id),
    product_id INTEGER NOT NULL REFERENCES products (id),
    created_at TEXT NOT NULL,
    UNIQUE (user_id, product_id)
) STRICT;

-- Amounts are the server's own pricing at the time of the order.
CREATE TABLE orders (
    id             INTEGER PRIMARY KEY,
    user_id        INTEGER NOT NULL REFERENCES users (id),
    subtotal_cents INTEGER NOT NULL,
    discount_cents INTEGER NOT NULL,
    total_cents    INTEGER NOT NULL,
    status         TEXT NOT NULL,
    created_at     TEXT NOT NULL
) STRICT;

CREATE INDEX orders_by_user ON orders (user_id, id);

-- A snapshot of each line: later price or name changes do not rewrite history.
CREATE TABLE order_items (
    id          INTEGER PRIMARY KEY,
    order_id    INTEGER NOT NULL REFERENCES orders (id),
    product_id  INTEGER NOT NULL REFERENCES products (id),
    name        TEXT NOT NULL,
    price_cents INTEGER NOT NULL
) STRICT;

CREATE INDEX order_items_by_order ON order_items (order_id, id);
CREATE INDEX reviews_by_user ON reviews (user_id, created_at);
