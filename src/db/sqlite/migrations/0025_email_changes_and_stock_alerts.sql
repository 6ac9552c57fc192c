-- Schema 25: e-mail changes and back-in-stock alerts (docs/rules.md#account-changes and
-- #back-in-stock).
--
-- A new e-mail address waits here until its owner opens the link mailed to it: one
-- change per account at most (asking again replaces it, so only the latest link works),
-- its token kept as a SHA-256 as a reset's is.
CREATE TABLE email_changes (
    user_id    INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    new_email  TEXT NOT NULL COLLATE NOCASE,
    token_hash TEXT NOT NULL UNIQUE,
    expires_at INTEGER NOT NULL,
    created_at INTEGER NOT NULL
) STRICT;

-- A shopper waiting to hear that a sold-out product, or one variant of it, is back.
-- `mailed_at` is set, in the transaction that restocks it, when its mail is written:
-- the alert is done, and its row stays, with the hash of the token of the mail's
-- unsubscribe link, which names the account. Waiting, at most one per shopper and item.
CREATE TABLE stock_alerts (
    id         INTEGER PRIMARY KEY,
    user_id    INTEGER NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    product_id INTEGER NOT NULL REFERENCES products (id) ON DELETE CASCADE,
    variant_id INTEGER REFERENCES product_variants (id) ON DELETE CASCADE,
    token_hash TEXT UNIQUE,
    created_at INTEGER NOT NULL,
    mailed_at  INTEGER
) STRICT;
CREATE UNIQUE INDEX stock_alerts_once ON stock_alerts (user_id, product_id, coalesce(variant_id, 0))
    WHERE mailed_at IS NULL;
-- What a restock looks for: the waiting alerts of the products it touched.
CREATE INDEX stock_alerts_waiting ON stock_alerts (product_id) WHERE mailed_at IS NULL;
CREATE INDEX stock_alerts_by_user ON stock_alerts (user_id, id);
