-- Schema 19: Stripe's checkouts and the webhook events handled, as SQLite's step 19
-- (sqlite/migrations/0019_stripe.sql says what and why).
CREATE TABLE stripe_checkouts (
    intent_id          text PRIMARY KEY,
    user_id            bigint NOT NULL REFERENCES users (id),
    amount_cents       bigint NOT NULL CHECK (amount_cents > 0),
    product_ids        text NOT NULL,
    address_id         bigint,
    shipping_method_id bigint,
    promotion_code     text,
    created_at         bigint NOT NULL,
    closed_at          bigint
);
CREATE INDEX stripe_checkouts_open ON stripe_checkouts (created_at) WHERE closed_at IS NULL;
CREATE INDEX stripe_checkouts_user ON stripe_checkouts (user_id);

CREATE TABLE stripe_events (
    id          text PRIMARY KEY,
    type        text NOT NULL,
    received_at bigint NOT NULL
);
