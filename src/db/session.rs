//! Server-side sessions, by the SHA-256 of their cookie key (`auth/session.rs` keeps
//! the rules: lifetimes, keys, what a session holds).

use super::conn::args;
use super::{Db, Error};
use crate::domain::ShopperId;
use crate::domain::Timestamp;

/// A session as stored: its state (JSON) and its two deadlines' starting points.
#[derive(Debug, Clone)]
pub struct SessionRow {
    pub state: String,
    /// The account it is signed in to, if any.
    pub user_id: Option<ShopperId>,
    pub created_at: Timestamp,
    pub expires_at: Timestamp,
}

impl Db {
    pub async fn load_session(&self, key_hash: String) -> Result<Option<SessionRow>, Error> {
        self.read(move |c| {
            c.query_opt(
                "SELECT state, created_at, expires_at, user_id FROM sessions WHERE key_hash = ?1",
                args![&key_hash],
                |r| {
                    Ok(SessionRow {
                        state: r.get(0)?,
                        user_id: r.get(3)?,
                        created_at: Timestamp(r.get(1)?),
                        expires_at: Timestamp(r.get(2)?),
                    })
                },
            )
        })
        .await
    }

    /// Stores a new session; the row of `replacing` (a renewal's old key) goes in the
    /// same write.
    pub async fn insert_session(
        &self,
        key_hash: String,
        row: SessionRow,
        replacing: Option<String>,
    ) -> Result<(), Error> {
        self.write(move |c| {
            if let Some(old) = &replacing {
                c.execute("DELETE FROM sessions WHERE key_hash = ?1", args![old])?;
            }
            c.execute(
                "INSERT INTO sessions (key_hash, state, created_at, expires_at, user_id) VALUES (?1, ?2, ?3, ?4, ?5)",
                args![&key_hash, &row.state, row.created_at.millis(), row.expires_at.millis(), row.user_id],
            )?;
            Ok(())
        })
        .await
    }

    /// Replaces the state of a session that has not expired by `now`; answers when it
    /// was created, or `None` if it is gone.
    pub async fn update_session(
        &self,
        key_hash: String,
        state: String,
        user_id: Option<ShopperId>,
        expires_at: Timestamp,
        now: Timestamp,
    ) -> Result<Option<Timestamp>, Error> {
        self.write(move |c| {
            Ok(c.query_opt(
                "UPDATE sessions SET state = ?2, expires_at = ?3, user_id = ?5 WHERE key_hash = ?1 AND expires_at > ?4
                 RETURNING created_at",
                args![&key_hash, &state, expires_at.millis(), now.millis(), user_id],
                |r| r.get(0),
            )?
            .map(Timestamp))
        })
        .await
    }

    /// Moves the idle deadline on; answers whether the session still exists.
    pub async fn extend_session(&self, key_hash: String, expires_at: Timestamp) -> Result<bool, Error> {
        self.write(move |c| {
            let updated = c.execute(
                "UPDATE sessions SET expires_at = ?2 WHERE key_hash = ?1",
                args![&key_hash, expires_at.millis()],
            )?;
            Ok(updated == 1)
        })
        .await
    }

    /// Ends every session signed in to `user_id`; answers how many.
    pub async fn delete_sessions_of(&self, user_id: ShopperId) -> Result<u64, Error> {
        self.write(move |c| c.execute("DELETE FROM sessions WHERE user_id = ?1", args![user_id])).await
    }

    pub async fn delete_session(&self, key_hash: String) -> Result<(), Error> {
        self.write(move |c| {
            c.execute("DELETE FROM sessions WHERE key_hash = ?1", args![&key_hash])?;
            Ok(())
        })
        .await
    }

    /// Removes sessions idle past their deadline or created before `created_before`;
    /// returns how many.
    pub async fn forget_expired_sessions(
        &self,
        now: Timestamp,
        created_before: Timestamp,
    ) -> Result<u64, Error> {
        self.write(move |c| {
            c.execute(
                "DELETE FROM sessions WHERE expires_at <= ?1 OR created_at <= ?2",
                args![now.millis(), created_before.millis()],
            )
        })
        .await
    }
}
