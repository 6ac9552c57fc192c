-- Answers to `POST /api/orders` sent with an `Idempotency-Key`, kept for a day so that
-- a retried checkout replays the first answer instead of placing a second order.
-- Keys are the shopper's own: two shoppers may use the same one.
CREATE TABLE idempotency_keys (
    user_id     INTEGER NOT NULL REFERENCES users (id),
    key         TEXT NOT NULL,
    fingerprint TEXT NOT NULL, -- SHA-256 of what was asked, to refuse a reused key
    status      INTEGER NOT NULL,
    body        TEXT NOT NULL,
    created_at  INTEGER NOT NULL, -- unix seconds
    PRIMARY KEY (user_id, key)
) STRICT, WITHOUT ROWID;

CREATE INDEX idempotency_keys_by_age ON idempotency_keys (created_at);
