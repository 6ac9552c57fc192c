-- Schema 24: password resets (docs/rules.md#password-reset). One row per account at most:
-- asking again replaces the token, so only the latest link works. The store keeps the
-- token's SHA-256, never the token itself. A reset used, or any password change,
-- deletes the row; one expired is refused and replaced at the next request.
CREATE TABLE password_resets (
    user_id    INTEGER PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    expires_at INTEGER NOT NULL,
    created_at INTEGER NOT NULL
) STRICT;
