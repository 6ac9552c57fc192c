-- Public demos (`market serve --demo`, docs/operating.md#running-a-public-demo): each
-- sign-in with the demo credentials makes an account of its own, a demo shopper, which
-- ends with every row it made at `demo_ends_at` (moved on by the visitor's requests).
-- NULL for every other account. The sweeper and the cap on live demo shoppers read
-- them in the order they end. (PostgreSQL's step 13 does the same.)
--
-- Ending a demo shopper deletes its account, so an account's id must never be given
-- again: a session or a kept answer still naming the ended one's id must not reach the
-- next account made. Without AUTOINCREMENT SQLite gives a new row the largest id plus
-- one, which is the id just freed when the newest account ends (PostgreSQL's identity
-- never goes back). The table is rebuilt (SQLite's 12-step procedure; `migrations.rs`
-- turns foreign keys off around it and checks them after), its indexes made again.
CREATE TABLE users_new (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    first_name     TEXT NOT NULL,
    last_name      TEXT NOT NULL,
    username       TEXT NOT NULL UNIQUE COLLATE NOCASE,
    email          TEXT NOT NULL UNIQUE COLLATE NOCASE,
    avatar_url     TEXT NOT NULL,
    password_hash  TEXT NOT NULL,
    created_at     INTEGER NOT NULL,
    role           TEXT NOT NULL DEFAULT 'shopper' CHECK (role IN ('shopper', 'viewer', 'staff', 'owner')),
    disabled_at    INTEGER,
    totp_secret    TEXT,
    totp_confirmed INTEGER NOT NULL DEFAULT 0 CHECK (totp_confirmed IN (0, 1)),
    totp_last_step INTEGER,
    demo_ends_at   INTEGER
) STRICT;
INSERT INTO users_new (id, first_name, last_name, username, email, avatar_url, password_hash, created_at,
                       role, disabled_at, totp_secret, totp_confirmed, totp_last_step)
SELECT id, first_name, last_name, username, email, avatar_url, password_hash, created_at,
       role, disabled_at, totp_secret, totp_confirmed, totp_last_step
FROM users;
DROP TABLE users;
ALTER TABLE users_new RENAME TO users;
CREATE INDEX users_by_role ON users (role, id) WHERE role <> 'shopper';
CREATE INDEX users_demo_by_end ON users (demo_ends_at) WHERE demo_ends_at IS NOT NULL;
