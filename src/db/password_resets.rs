//! Password resets (docs/rules.md#password-reset): a token per account at most, kept as
//! its hash, used once; the mail with its link written in the same transaction.

use super::conn::{Conn, args};
use super::mail::queue;
use super::{Db, Error};
use crate::domain::mail::{Facts, ResetFacts};
use crate::domain::password_reset::{Token, VALID_FOR};
use crate::domain::{ShopperId, Timestamp};

/// What became of a request for a reset.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Asked {
    /// The account's token is the new one, and its mail is written.
    Mailed,
    /// No account (able to sign in) has the address: nothing is written.
    NoAccount,
    /// A public demo's shopper: its password is not its visitor's to reset.
    Demo,
}

impl Db {
    /// A reset asked for `email` (any case): when an account that may sign in has it,
    /// its token becomes `token` (the one before no longer works) and the mail with the
    /// link is written, together.
    pub async fn ask_password_reset(&self, email: String, token: Token) -> Result<Asked, Error> {
        self.write(move |c| {
            let account = c.query_opt(
                "SELECT id, username, demo_ends_at IS NOT NULL FROM users
                 WHERE email = ?1 AND disabled_at IS NULL",
                args![&email],
                |r| Ok((r.get::<i64>(0)?, r.get::<String>(1)?, r.get::<bool>(2)?)),
            )?;
            let Some((id, username, demo)) = account else { return Ok(Asked::NoAccount) };
            if demo {
                return Ok(Asked::Demo);
            }
            let now = Timestamp::now();
            c.execute(
                "INSERT INTO password_resets (user_id, token_hash, expires_at, created_at)
                 VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (user_id) DO UPDATE
                 SET token_hash = excluded.token_hash, expires_at = excluded.expires_at,
                     created_at = excluded.created_at",
                args![id, &token.hash, now.plus(VALID_FOR).millis(), now.millis()],
            )?;
            let reset = ResetFacts { id: token.hash[..16].to_owned(), username, token: token.token.clone() };
            queue(c, ShopperId(id), &Facts::PasswordReset { reset })?;
            Ok(Asked::Mailed)
        })
        .await
    }

    /// Sets the password of the account whose token hashes to `token_hash`, while that
    /// token is its latest and has not expired: the token is used up, the password is
    /// `password_hash` and every session of the account ends, together. `None`: no such
    /// token (used, expired, replaced, ended by a password change, or never made).
    pub async fn reset_password(
        &self,
        token_hash: String,
        password_hash: String,
    ) -> Result<Option<ShopperId>, Error> {
        self.write(move |c| {
            let used = c.query_opt(
                "DELETE FROM password_resets WHERE token_hash = ?1 AND expires_at > ?2 RETURNING user_id",
                args![&token_hash, Timestamp::now().millis()],
                |r| r.get::<i64>(0),
            )?;
            let Some(id) = used.map(ShopperId) else { return Ok(None) };
            c.execute("UPDATE users SET password_hash = ?2 WHERE id = ?1", args![id, &password_hash])?;
            c.execute("DELETE FROM sessions WHERE user_id = ?1", args![id])?;
            Ok(Some(id))
        })
        .await
    }
}

/// A password changed any other way ends the account's reset, in the change's
/// transaction: a link mailed before it no longer works.
pub(crate) fn end_password_reset(c: &mut Conn, user_id: ShopperId) -> Result<(), Error> {
    c.execute("DELETE FROM password_resets WHERE user_id = ?1", args![user_id])?;
    Ok(())
}
