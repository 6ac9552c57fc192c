//! Shoppers' accounts.

use super::conn::{Conn, Row, args};
use super::{Constraint, Db, Error};
use crate::domain::ShopperId;
use crate::domain::Timestamp;
use crate::domain::roles::Role;
use crate::domain::users::{NewUser, User};

pub(super) const USER_COLUMNS: &str =
    "id, first_name, last_name, username, email, created_at, role, demo_ends_at";
/// The index of the first column a query selects after [`USER_COLUMNS`].
pub(super) const AFTER_USER_COLUMNS: usize = 8;

/// The account of a row holding [`USER_COLUMNS`].
pub(super) fn user(r: &Row) -> Result<User, Error> {
    Ok(User {
        id: r.get(0)?,
        first_name: r.get(1)?,
        last_name: r.get(2)?,
        username: r.get(3)?,
        email: r.get(4)?,
        created_at: Timestamp(r.get(5)?),
        role: role(r.get(6)?)?,
        demo_ends_at: r.get::<Option<i64>>(7)?.map(Timestamp),
    })
}

/// A role as the database holds it.
pub(super) fn role(text: String) -> Result<Role, Error> {
    Role::parse(&text).ok_or_else(|| Error::other(format!("an account has the unknown role {text:?}")))
}

/// What sign-in needs of an account: the account, its password hash (which leaves this
/// module only to be verified), whether an owner disabled it, and whether it asks for
/// a second factor.
pub struct Login {
    pub user: User,
    pub password_hash: String,
    pub disabled: bool,
    /// The account's TOTP secret, once a second factor is on.
    pub second_factor: Option<String>,
}

impl Db {
    pub async fn get_user(&self, user_id: ShopperId) -> Result<Option<User>, Error> {
        self.read(move |c| {
            c.query_opt(&format!("SELECT {USER_COLUMNS} FROM users WHERE id = ?1"), args![user_id], user)
        })
        .await
    }

    /// The account a sign-in names, by username or email, either case: the columns
    /// compare without case in both engines. A public demo's shoppers are reached by
    /// their session only (each sign-in with the demo credentials makes a new one).
    pub async fn find_login(&self, credential: String) -> Result<Option<Login>, Error> {
        self.read(move |c| {
            c.query_opt(
                &format!(
                    "SELECT {USER_COLUMNS}, password_hash, disabled_at IS NOT NULL,
                            CASE WHEN totp_confirmed THEN totp_secret END
                     FROM users WHERE (username = ?1 OR email = ?1) AND demo_ends_at IS NULL LIMIT 1"
                ),
                args![&credential],
                |r| {
                    Ok(Login {
                        user: user(r)?,
                        password_hash: r.get(AFTER_USER_COLUMNS)?,
                        disabled: r.get(AFTER_USER_COLUMNS + 1)?,
                        second_factor: r.get(AFTER_USER_COLUMNS + 2)?,
                    })
                },
            )
        })
        .await
    }

    /// Usernames and emails are unique regardless of case, by the schema's unique
    /// indexes: a taken one is a conflict naming every taken field.
    pub async fn create_user(&self, new: NewUser) -> Result<User, Error> {
        self.write(move |c| match c.attempt(|c| insert(c, &new)) {
            Err(Error::Conflict(_)) => Err(Error::Conflict(taken(c, &new)?)),
            other => other,
        })
        .await
    }
}

fn insert(c: &mut Conn, new: &NewUser) -> Result<User, Error> {
    let sql = format!(
        "INSERT INTO users (first_name, last_name, username, email, avatar_url, password_hash, created_at)
         -- A new shopper borrows one of the seeded avatars, picked by name length. The
         -- username is text to both engines (PostgreSQL would take it for citext in one
         -- place and text in the other).
         VALUES (?1, ?2, CAST(?3 AS TEXT), ?4,
                 (SELECT avatar_url FROM users ORDER BY id LIMIT 1
                  OFFSET length(CAST(?3 AS TEXT)) % (SELECT CASE WHEN count(*) > 0 THEN count(*) ELSE 1 END FROM users)),
                 ?5, ?6)
         RETURNING {USER_COLUMNS}"
    );
    let args = args![
        &new.first_name,
        &new.last_name,
        &new.username,
        &new.email,
        &new.password_hash,
        Timestamp::now().millis()
    ];
    c.query_one(&sql, args, user)
}

/// Which of the new account's unique fields are taken, after the insert was refused.
fn taken(c: &mut Conn, new: &NewUser) -> Result<Vec<Constraint>, Error> {
    let (username, email): (bool, bool) = c.query_one(
        "SELECT EXISTS (SELECT 1 FROM users WHERE username = ?1), EXISTS (SELECT 1 FROM users WHERE email = ?2)",
        args![&new.username, &new.email],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    let mut taken = Vec::new();
    if username {
        taken.push(Constraint::UniqueUsername);
    }
    if email {
        taken.push(Constraint::UniqueEmail);
    }
    Ok(taken)
}
