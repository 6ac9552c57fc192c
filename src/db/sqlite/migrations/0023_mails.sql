-- Schema 23: the outbox (docs/rules.md#mail). Every mail is written in the transaction
-- of what causes it (an order placed, moved, refunded), as the facts it is to say
-- (domain/mail), and leaves after that commits: rolled back, no mail. `cause` names what
-- happened ('order.placed:42'), so a second mail for it is never written, whatever
-- retries, replays or races. The recipient is copied from the account as it was.
-- `status`: queued (waiting for the sender, or for a mail server to be configured),
-- sent, failed (given up), kept (a demo shopper's: read in its inbox, never sent).
-- `leased_until`: a sender has it in hand until then; no other takes it meanwhile.
CREATE TABLE mails (
    id              INTEGER PRIMARY KEY,
    cause           TEXT NOT NULL UNIQUE,
    event           TEXT NOT NULL,
    user_id         INTEGER REFERENCES users (id),
    order_id        INTEGER REFERENCES orders (id),
    to_address      TEXT NOT NULL,
    first_name      TEXT NOT NULL,
    last_name       TEXT NOT NULL,
    facts           TEXT NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('queued', 'sent', 'failed', 'kept')),
    attempts        INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    next_attempt_at INTEGER NOT NULL,
    leased_until    INTEGER,
    last_error      TEXT,
    created_at      INTEGER NOT NULL,
    sent_at         INTEGER
) STRICT;
-- What the sender takes next.
CREATE INDEX mails_due ON mails (next_attempt_at) WHERE status = 'queued';
-- A shopper's own mails (a demo shopper's inbox), and what goes when one ends.
CREATE INDEX mails_by_user ON mails (user_id, id);
