-- A checkout a real shop can use (docs/rules.md#checkout): the shopper's address book,
-- the store's shipping methods and tax rates, promotion codes, and what an order keeps
-- of each. (PostgreSQL's step 15 does the same.)

-- At most one default address a shopper, by the partial unique index; the writes keep
-- one whenever the shopper has any (under the shopper's lock, db/addresses.rs).
CREATE TABLE addresses (
    id          INTEGER PRIMARY KEY,
    user_id     INTEGER NOT NULL REFERENCES users (id),
    name        TEXT NOT NULL,
    line1       TEXT NOT NULL,
    line2       TEXT NOT NULL DEFAULT '',
    city        TEXT NOT NULL,
    state       TEXT NOT NULL,
    postal_code TEXT NOT NULL,
    country     TEXT NOT NULL,
    phone       TEXT NOT NULL DEFAULT '',
    is_default  INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
    created_at  INTEGER NOT NULL
) STRICT;
CREATE INDEX addresses_by_user ON addresses (user_id, id);
CREATE UNIQUE INDEX addresses_one_default ON addresses (user_id) WHERE is_default = 1;

-- Methods in use by past orders are archived, never deleted; one sold method is the
-- default (the index), and the default cannot be archived.
CREATE TABLE shipping_methods (
    id              INTEGER PRIMARY KEY,
    name            TEXT NOT NULL,
    price_cents     INTEGER NOT NULL CHECK (price_cents >= 0),
    free_over_cents INTEGER CHECK (free_over_cents >= 0),
    days            TEXT NOT NULL,
    is_default      INTEGER NOT NULL DEFAULT 0 CHECK (is_default IN (0, 1)),
    archived_at     INTEGER,
    created_at      INTEGER NOT NULL,
    CHECK (is_default = 0 OR archived_at IS NULL)
) STRICT;
CREATE UNIQUE INDEX shipping_methods_one_default ON shipping_methods (is_default) WHERE is_default = 1;
CREATE UNIQUE INDEX shipping_methods_by_name ON shipping_methods (name COLLATE NOCASE) WHERE archived_at IS NULL;
INSERT INTO shipping_methods (name, price_cents, free_over_cents, days, is_default, created_at)
VALUES ('Standard delivery', 0, NULL, '2-4', 1, 0);

-- A region's rate in thousandths of a percent (8.25% is 8250): whole numbers, so tax is
-- computed in integers.
CREATE TABLE tax_rates (
    region     TEXT PRIMARY KEY,
    rate_milli INTEGER NOT NULL CHECK (rate_milli BETWEEN 0 AND 25000),
    updated_at INTEGER NOT NULL
) STRICT;

-- Codes are kept in capitals and matched in capitals, so the unique index is the rule.
-- `uses` counts the promotion_uses rows; the check makes a use past the limit impossible
-- whatever the order of concurrent checkouts.
CREATE TABLE promotions (
    id                 INTEGER PRIMARY KEY,
    code               TEXT NOT NULL UNIQUE CHECK (code = upper(code)),
    kind               TEXT NOT NULL CHECK (kind IN ('percent', 'amount')),
    value              INTEGER NOT NULL CHECK (value > 0),
    min_subtotal_cents INTEGER NOT NULL DEFAULT 0 CHECK (min_subtotal_cents >= 0),
    starts_at          INTEGER,
    ends_at            INTEGER,
    usage_limit        INTEGER CHECK (usage_limit >= 0),
    once_per_shopper   INTEGER NOT NULL DEFAULT 0 CHECK (once_per_shopper IN (0, 1)),
    uses               INTEGER NOT NULL DEFAULT 0 CHECK (uses >= 0 AND (usage_limit IS NULL OR uses <= usage_limit)),
    created_at         INTEGER NOT NULL
) STRICT;

-- One row per order that carries a code, until the order is cancelled.
CREATE TABLE promotion_uses (
    order_id     INTEGER PRIMARY KEY REFERENCES orders (id),
    promotion_id INTEGER NOT NULL REFERENCES promotions (id),
    user_id      INTEGER NOT NULL REFERENCES users (id)
) STRICT;
CREATE INDEX promotion_uses_by_shopper ON promotion_uses (promotion_id, user_id);
CREATE INDEX promotion_uses_by_user ON promotion_uses (user_id);

-- What an order keeps: a copy of its address (JSON; NULL for the spec's fixed address),
-- the method's name, days and price as they were, the code and its discount, the tax
-- region, rate and amount. Earlier orders had the free standard delivery.
ALTER TABLE orders ADD COLUMN ship_to TEXT;
ALTER TABLE orders ADD COLUMN shipping_method_id INTEGER REFERENCES shipping_methods (id);
ALTER TABLE orders ADD COLUMN shipping_name TEXT NOT NULL DEFAULT 'Standard delivery';
ALTER TABLE orders ADD COLUMN shipping_days TEXT NOT NULL DEFAULT '2-4';
ALTER TABLE orders ADD COLUMN shipping_cents INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN promotion_code TEXT;
ALTER TABLE orders ADD COLUMN promotion_cents INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN tax_region TEXT;
ALTER TABLE orders ADD COLUMN tax_rate_milli INTEGER NOT NULL DEFAULT 0;
ALTER TABLE orders ADD COLUMN tax_cents INTEGER NOT NULL DEFAULT 0;
CREATE INDEX orders_by_shipping_method ON orders (shipping_method_id) WHERE shipping_method_id IS NOT NULL;
