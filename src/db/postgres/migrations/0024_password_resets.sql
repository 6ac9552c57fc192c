-- Schema 24: password resets, as SQLite's step 24 (sqlite/migrations/0024_password_resets.sql
-- says why).
CREATE TABLE password_resets (
    user_id    bigint PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    token_hash text NOT NULL UNIQUE,
    expires_at bigint NOT NULL,
    created_at bigint NOT NULL
);
