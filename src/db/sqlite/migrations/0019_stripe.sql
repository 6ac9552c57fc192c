-- Stripe (docs/rules.md#paying-with-stripe). (PostgreSQL's step 19 does the same.)

-- Each PaymentIntent the store made for a checkout, with what the shopper saw and chose
-- then: the browser's confirmation and Stripe's webhook for it place the same one order
-- from this row, whichever comes first and however often. Closed once its order is
-- placed or the intent is cancelled; an open one left too long is finished or cancelled
-- by the settler.
CREATE TABLE stripe_checkouts (
    intent_id          TEXT PRIMARY KEY,
    user_id            INTEGER NOT NULL REFERENCES users (id),
    amount_cents       INTEGER NOT NULL CHECK (amount_cents > 0),
    -- The cart's product ids as the shopper saw them, a JSON array.
    product_ids        TEXT NOT NULL,
    address_id         INTEGER,
    shipping_method_id INTEGER,
    promotion_code     TEXT,
    created_at         INTEGER NOT NULL,
    closed_at          INTEGER
) STRICT;
CREATE INDEX stripe_checkouts_open ON stripe_checkouts (created_at) WHERE closed_at IS NULL;
CREATE INDEX stripe_checkouts_user ON stripe_checkouts (user_id);

-- Each webhook event handled: the same event again answers 200 and changes nothing.
CREATE TABLE stripe_events (
    id          TEXT PRIMARY KEY,
    type        TEXT NOT NULL,
    received_at INTEGER NOT NULL
) STRICT;
