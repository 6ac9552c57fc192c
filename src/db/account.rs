//! Changing one's own account (docs/rules.md#account-changes): names at once, the
//! password with its sessions and reset, and a new e-mail address once confirmed, each in
//! one transaction with the mail it causes.

use super::conn::{Conn, args};
use super::mail::{queue, queue_to};
use super::password_resets::end_password_reset;
use super::users::{USER_COLUMNS, user};
use super::{Constraint, Db, Error};
use crate::domain::account::{EMAIL_VALID_FOR, Names};
use crate::domain::mail::{EmailFacts, Facts};
use crate::domain::password_reset::Token;
use crate::domain::users::User;
use crate::domain::{ShopperId, Timestamp};

/// An account as its settings show it.
pub struct Account {
    pub user: User,
    /// A new address waiting for its owner to open the link mailed to it.
    pub pending_email: Option<String>,
}

impl Db {
    pub async fn get_account(&self, user_id: ShopperId) -> Result<Option<Account>, Error> {
        self.read(move |c| account(c, user_id)).await
    }

    /// The account's password hash, to check a current password against.
    pub async fn password_hash(&self, user_id: ShopperId) -> Result<Option<String>, Error> {
        self.read(move |c| {
            c.query_opt("SELECT password_hash FROM users WHERE id = ?1", args![user_id], |r| r.get(0))
        })
        .await
    }

    /// Sets the names given; and, given an address other than the account's, makes it the
    /// one waiting for confirmation (the one before no longer confirms) and mails its link
    /// to it. Given the account's own address, the one waiting, if any, no longer does.
    /// An address another account has is a conflict, and nothing changes.
    pub async fn change_account(
        &self,
        user_id: ShopperId,
        names: Names,
        email: Option<String>,
        token: Token,
    ) -> Result<Account, Error> {
        self.write(move |c| {
            if names.first_name.is_some() || names.last_name.is_some() {
                c.execute(
                    "UPDATE users SET first_name = coalesce(?2, first_name), last_name = coalesce(?3, last_name)
                     WHERE id = ?1",
                    args![user_id, names.first_name.as_deref(), names.last_name.as_deref()],
                )?;
                // Reviews show their authors' names: kept lists of them are stale now.
                c.execute(
                    "INSERT INTO changes (topic, key) SELECT DISTINCT 'reviews', product_id FROM reviews WHERE user_id = ?1",
                    args![user_id],
                )?;
            }
            if let Some(email) = &email {
                ask_email_change(c, user_id, email, &token)?;
            }
            account(c, user_id)?.ok_or(Error::NotFound(crate::domain::Thing::Account))
        })
        .await
    }

    /// Sets the account's password: any reset asked for before no longer works, and every
    /// session of the account ends (the caller starts its own again).
    pub async fn change_password(&self, user_id: ShopperId, password_hash: String) -> Result<(), Error> {
        self.write(move |c| {
            c.execute("UPDATE users SET password_hash = ?2 WHERE id = ?1", args![user_id, &password_hash])?;
            end_password_reset(c, user_id)?;
            c.execute("DELETE FROM sessions WHERE user_id = ?1", args![user_id])?;
            Ok(())
        })
        .await
    }

    /// Makes the address waiting under `token_hash` its account's, while that link is its
    /// latest and has not expired, and tells the old address, together. `None`: no such
    /// link. An address another account took meanwhile is a conflict, and the link stays.
    pub async fn confirm_email(&self, token_hash: String) -> Result<Option<ShopperId>, Error> {
        self.write(move |c| {
            let change = c.query_opt(
                "DELETE FROM email_changes WHERE token_hash = ?1 AND expires_at > ?2 RETURNING user_id, new_email",
                args![&token_hash, Timestamp::now().millis()],
                |r| Ok((r.get::<i64>(0)?, r.get::<String>(1)?)),
            )?;
            let Some((id, new_email)) = change else { return Ok(None) };
            let id = ShopperId(id);
            let username: String =
                c.query_one("SELECT username FROM users WHERE id = ?1", args![id], |r| r.get(0))?;
            // To the old address, written before the account's address changes.
            let told = EmailFacts { id: token_hash[..16].to_owned(), username, new_email: new_email.clone(), token: String::new() };
            queue(c, id, &Facts::EmailChanged { change: told })?;
            match c.attempt(|c| c.execute("UPDATE users SET email = ?2 WHERE id = ?1", args![id, &new_email])) {
                Err(Error::Conflict(_)) => Err(Error::Conflict(vec![Constraint::UniqueEmail])),
                other => other.map(|_| Some(id)),
            }
        })
        .await
    }
}

fn account(c: &mut Conn, user_id: ShopperId) -> Result<Option<Account>, Error> {
    let sql = format!(
        "SELECT {USER_COLUMNS}, (SELECT new_email FROM email_changes e WHERE e.user_id = users.id AND e.expires_at > ?2)
         FROM users WHERE id = ?1"
    );
    c.query_opt(&sql, args![user_id, Timestamp::now().millis()], |r| {
        Ok(Account { user: user(r)?, pending_email: r.get(super::users::AFTER_USER_COLUMNS)? })
    })
}

fn ask_email_change(c: &mut Conn, user_id: ShopperId, email: &str, token: &Token) -> Result<(), Error> {
    let (current, username): (String, String) =
        c.query_one("SELECT email, username FROM users WHERE id = ?1", args![user_id], |r| {
            Ok((r.get(0)?, r.get(1)?))
        })?;
    if current.eq_ignore_ascii_case(email) {
        c.execute("DELETE FROM email_changes WHERE user_id = ?1", args![user_id])?;
        return Ok(());
    }
    let taken =
        c.query_opt("SELECT 1 FROM users WHERE email = ?1 AND id <> ?2", args![email, user_id], |_| Ok(()))?;
    if taken.is_some() {
        return Err(Error::Conflict(vec![Constraint::UniqueEmail]));
    }
    let now = Timestamp::now();
    c.execute(
        "INSERT INTO email_changes (user_id, new_email, token_hash, expires_at, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (user_id) DO UPDATE
         SET new_email = excluded.new_email, token_hash = excluded.token_hash,
             expires_at = excluded.expires_at, created_at = excluded.created_at",
        args![user_id, email, &token.hash, now.plus(EMAIL_VALID_FOR).millis(), now.millis()],
    )?;
    let change = EmailFacts {
        id: token.hash[..16].to_owned(),
        username,
        new_email: email.to_owned(),
        token: token.token.clone(),
    };
    queue_to(c, user_id, Some(email), &Facts::EmailConfirm { change })
}
