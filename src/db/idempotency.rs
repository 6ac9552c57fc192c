//! Saved answers for `Idempotency-Key` (draft-ietf-httpapi-idempotency-key-header):
//! looked up and stored in the same write transaction as the order itself, so of any
//! number of identical submits exactly one places the order and the rest replay it.

use std::time::{SystemTime, UNIX_EPOCH};

use super::rusqlite::{OptionalExtension, Transaction, params};
use crate::error::ApiError;

/// How long a key is remembered.
pub const LIFETIME: i64 = 24 * 3600;

pub struct Saved {
    pub fingerprint: String,
    pub status: u16,
    pub body: String,
}

fn now() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs() as i64)
}

/// The answer saved under the shopper's `key`, unless it has expired.
pub fn find(tx: &Transaction, user_id: i64, key: &str) -> Result<Option<Saved>, ApiError> {
    Ok(tx
        .prepare_cached(
            "SELECT fingerprint, status, body FROM idempotency_keys
             WHERE user_id = ?1 AND key = ?2 AND created_at > ?3",
        )?
        .query_row(params![user_id, key, now() - LIFETIME], |r| {
            Ok(Saved { fingerprint: r.get(0)?, status: r.get(1)?, body: r.get(2)? })
        })
        .optional()?)
}

pub fn save(tx: &Transaction, user_id: i64, key: &str, saved: &Saved) -> Result<(), ApiError> {
    // REPLACE: an expired row under the same key gives way to the new answer.
    tx.prepare_cached(
        "INSERT OR REPLACE INTO idempotency_keys (user_id, key, fingerprint, status, body, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![user_id, key, saved.fingerprint, saved.status, saved.body, now()])?;
    Ok(())
}

/// Forgets expired keys; returns how many.
pub fn sweep(tx: &Transaction) -> Result<usize, ApiError> {
    Ok(tx
        .prepare_cached("DELETE FROM idempotency_keys WHERE created_at <= ?1")?
        .execute(params![now() - LIFETIME])?)
}
