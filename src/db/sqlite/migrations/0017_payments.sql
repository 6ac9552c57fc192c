-- Payments (docs/rules.md#payments): what each order was paid with and where its money
-- stands, the refunds made on it, and the book of the offline `test` provider.
-- (PostgreSQL's step 17 does the same.)

-- One payment an order. `refunded_cents` counts every refund promised, done or still
-- being sent to the provider: a refund is promised by one conditional UPDATE of it, so
-- refunds can never add up to more than was captured, whatever races. `status` is where
-- the provider stands: authorized (the order's transaction committed, the money not yet
-- taken), paid (captured) or voided (released before it was taken).
CREATE TABLE payments (
    order_id       INTEGER PRIMARY KEY REFERENCES orders (id),
    provider       TEXT NOT NULL CHECK (provider IN ('test', 'stripe')),
    intent_id      TEXT NOT NULL,
    method         TEXT NOT NULL CHECK (method IN ('redcard', 'card')),
    brand          TEXT NOT NULL,
    last4          TEXT NOT NULL CHECK (length(last4) = 4),
    amount_cents   INTEGER NOT NULL CHECK (amount_cents >= 0),
    captured_cents INTEGER NOT NULL DEFAULT 0 CHECK (captured_cents BETWEEN 0 AND amount_cents),
    refunded_cents INTEGER NOT NULL DEFAULT 0 CHECK (refunded_cents BETWEEN 0 AND captured_cents),
    status         TEXT NOT NULL CHECK (status IN ('authorized', 'paid', 'voided')),
    created_at     INTEGER NOT NULL,
    updated_at     INTEGER NOT NULL,
    UNIQUE (provider, intent_id)
) STRICT;
-- What the settler finishes: payments whose order committed and whose capture (or, for
-- a cancelled order, void) has not been recorded.
CREATE INDEX payments_unsettled ON payments (updated_at) WHERE status = 'authorized';

-- A refund is written (pending) in the transaction that promises it, and sent to the
-- provider after that commits, under its own id as the provider's idempotency key, so
-- a crash between the two sends it once when the settler finds it.
CREATE TABLE refunds (
    id           INTEGER PRIMARY KEY,
    order_id     INTEGER NOT NULL REFERENCES payments (order_id),
    amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
    reason       TEXT NOT NULL,
    key          TEXT,
    by_user_id   INTEGER REFERENCES users (id),
    status       TEXT NOT NULL CHECK (status IN ('pending', 'succeeded')),
    provider_refund_id TEXT,
    created_at   INTEGER NOT NULL,
    updated_at   INTEGER NOT NULL
) STRICT;
CREATE INDEX refunds_by_order ON refunds (order_id, id);
CREATE UNIQUE INDEX refunds_by_key ON refunds (order_id, key) WHERE key IS NOT NULL;
CREATE INDEX refunds_pending ON refunds (created_at) WHERE status = 'pending';

-- The `test` provider's own book, as a bank would keep it, so that a crash of the store
-- between two calls finds the provider where it left it: each charge authorized,
-- captured at most once, voided, refunded at most what was captured; each refund once
-- under its idempotency key.
CREATE TABLE test_provider_charges (
    id             TEXT PRIMARY KEY,
    brand          TEXT NOT NULL,
    last4          TEXT NOT NULL,
    amount_cents   INTEGER NOT NULL CHECK (amount_cents >= 0),
    captured_cents INTEGER NOT NULL DEFAULT 0 CHECK (captured_cents BETWEEN 0 AND amount_cents),
    refunded_cents INTEGER NOT NULL DEFAULT 0 CHECK (refunded_cents BETWEEN 0 AND captured_cents),
    status         TEXT NOT NULL CHECK (status IN ('authorized', 'captured', 'voided')),
    created_at     INTEGER NOT NULL
) STRICT;
CREATE INDEX test_provider_charges_open ON test_provider_charges (created_at) WHERE status = 'authorized';

CREATE TABLE test_provider_refunds (
    key          TEXT PRIMARY KEY,
    charge_id    TEXT NOT NULL REFERENCES test_provider_charges (id),
    amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
    created_at   INTEGER NOT NULL
) STRICT;

-- Every earlier order was paid with the spec's stored RedCard, a card of the test
-- provider: captured in full, or (cancelled) voided.
INSERT INTO test_provider_charges (id, brand, last4, amount_cents, captured_cents, status, created_at)
SELECT 'ch_test_order_' || id, 'RedCard', '4821', total_cents,
       CASE WHEN status = 'Cancelled' THEN 0 ELSE total_cents END,
       CASE WHEN status = 'Cancelled' THEN 'voided' ELSE 'captured' END, created_at
FROM orders;
INSERT INTO payments (order_id, provider, intent_id, method, brand, last4, amount_cents, captured_cents,
                      status, created_at, updated_at)
SELECT id, 'test', 'ch_test_order_' || id, 'redcard', 'RedCard', '4821', total_cents,
       CASE WHEN status = 'Cancelled' THEN 0 ELSE total_cents END,
       CASE WHEN status = 'Cancelled' THEN 'voided' ELSE 'paid' END, created_at, created_at
FROM orders;
