//! Staff accounts: who may use the back office, at which role, and accounts an owner
//! disabled. Every change here is in the audit log, in its own transaction.

use serde_json::json;

use super::audit::record;
use super::conn::{Conn, Row, args};
use super::users::{USER_COLUMNS, role, user};
use super::{Constraint, Db, Error};
use crate::domain::audit::{Actor, Entry};
use crate::domain::roles::Role;
use crate::domain::users::User;
use crate::domain::{Rejection, Thing, Timestamp};

/// What the gate of a back-office route needs of the signed-in account.
pub struct Access {
    pub username: String,
    pub role: Role,
    pub disabled: bool,
}

/// A staff account as the list shows it.
#[derive(Debug, Clone)]
pub struct StaffAccount {
    pub user: User,
    pub disabled: bool,
    pub second_factor: bool,
}

/// `market staff add`: an account to create, or to give a role.
pub struct NewStaff {
    pub username: String,
    pub role: Role,
    /// For a new account; an existing one keeps its own.
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    /// Required for a new account; an existing one keeps its password when `None`.
    pub password_hash: Option<String>,
}

/// What `add_staff` did.
pub enum Added {
    Created(User),
    /// An existing account, given the role; its role before.
    Promoted(User, Role),
}

const STAFF_COLUMNS: &str = "disabled_at IS NOT NULL, totp_confirmed";

fn staff_account(r: &Row) -> Result<StaffAccount, Error> {
    Ok(StaffAccount { user: user(r)?, disabled: r.get(7)?, second_factor: r.get(8)? })
}

impl Db {
    /// The account's role and state, read on every back-office request.
    pub async fn get_access(&self, user_id: i64) -> Result<Option<Access>, Error> {
        self.read(move |c| {
            c.query_opt(
                "SELECT username, role, disabled_at IS NOT NULL FROM users WHERE id = ?1",
                args![user_id],
                |r| Ok(Access { username: r.get(0)?, role: role(r.get(1)?)?, disabled: r.get(2)? }),
            )
        })
        .await
    }

    /// Every account with a role above shopper, owners first.
    pub async fn list_staff(&self) -> Result<Vec<StaffAccount>, Error> {
        self.read(|c| {
            c.query(
                &format!(
                    "SELECT {USER_COLUMNS}, {STAFF_COLUMNS} FROM users WHERE role <> 'shopper'
                     ORDER BY CASE role WHEN 'owner' THEN 0 WHEN 'staff' THEN 1 ELSE 2 END, username"
                ),
                &[],
                staff_account,
            )
        })
        .await
    }

    /// Creates the account with `new.role`, or gives an existing one (by username) that
    /// role; an existing account's password changes only when a new one is given.
    pub async fn add_staff(&self, actor: Actor, new: NewStaff) -> Result<Added, Error> {
        self.write(move |c| add_staff(c, &actor, &new)).await
    }

    /// Gives the account `username` the role `role` (back to `shopper` removes it from
    /// the staff). The last owner cannot be made anything else: the store would have
    /// nobody to manage its staff.
    pub async fn set_role(&self, actor: Actor, username: String, role: Role) -> Result<User, Error> {
        self.write(move |c| {
            let before = find(c, &username)?.ok_or(Error::NotFound(Thing::Account))?;
            if before.role == Role::Owner && role != Role::Owner && owners(c)? <= 1 {
                return Err(
                    Rejection::Invalid(vec!["The store's last owner cannot stop being one.".into()]).into()
                );
            }
            let after = c.query_one(
                &format!("UPDATE users SET role = ?2 WHERE id = ?1 RETURNING {USER_COLUMNS}"),
                args![before.id, role.as_str()],
                user,
            )?;
            record(
                c,
                &actor,
                Entry {
                    action: "staff.role",
                    thing: "account",
                    thing_id: Some(after.id),
                    before: Some(json!({"username": before.username, "role": before.role})),
                    after: Some(json!({"username": after.username, "role": after.role})),
                },
            )?;
            Ok(after)
        })
        .await
    }

    /// Disables the account, or enables it again. A disabled account cannot sign in;
    /// its sessions are the caller's to end. An owner cannot disable their own account.
    pub async fn set_disabled(&self, actor: Actor, user_id: i64, disabled: bool) -> Result<User, Error> {
        self.write(move |c| {
            if actor.id == Some(user_id) {
                return Err(Rejection::Invalid(vec!["You cannot disable your own account.".into()]).into());
            }
            let was: bool = c
                .query_opt("SELECT disabled_at IS NOT NULL FROM users WHERE id = ?1", args![user_id], |r| {
                    r.get(0)
                })?
                .ok_or(Error::NotFound(Thing::Account))?;
            let at = disabled.then(|| Timestamp::now().millis());
            let after = c.query_one(
                &format!("UPDATE users SET disabled_at = ?2 WHERE id = ?1 RETURNING {USER_COLUMNS}"),
                args![user_id, at],
                user,
            )?;
            if was != disabled {
                record(
                    c,
                    &actor,
                    Entry {
                        action: if disabled { "account.disable" } else { "account.enable" },
                        thing: "account",
                        thing_id: Some(user_id),
                        before: Some(json!({"username": after.username, "disabled": was})),
                        after: Some(json!({"username": after.username, "disabled": disabled})),
                    },
                )?;
            }
            Ok(after)
        })
        .await
    }
}

fn find(c: &mut Conn, username: &str) -> Result<Option<User>, Error> {
    c.query_opt(&format!("SELECT {USER_COLUMNS} FROM users WHERE username = ?1"), args![username], user)
}

fn owners(c: &mut Conn) -> Result<i64, Error> {
    c.query_one("SELECT count(*) FROM users WHERE role = 'owner' AND disabled_at IS NULL", &[], |r| r.get(0))
}

fn add_staff(c: &mut Conn, actor: &Actor, new: &NewStaff) -> Result<Added, Error> {
    if let Some(before) = find(c, &new.username)? {
        if before.role == Role::Owner && new.role != Role::Owner && owners(c)? <= 1 {
            return Err(
                Rejection::Invalid(vec!["The store's last owner cannot stop being one.".into()]).into()
            );
        }
        let after = c.query_one(
            &format!(
                "UPDATE users SET role = ?2, password_hash = coalesce(?3, password_hash), disabled_at = NULL
                 WHERE id = ?1 RETURNING {USER_COLUMNS}"
            ),
            args![before.id, new.role.as_str(), new.password_hash.as_deref()],
            user,
        )?;
        record(
            c,
            actor,
            Entry {
                action: "staff.role",
                thing: "account",
                thing_id: Some(after.id),
                before: Some(json!({"username": before.username, "role": before.role})),
                after: Some(json!({
                    "username": after.username,
                    "role": after.role,
                    "passwordChanged": new.password_hash.is_some(),
                })),
            },
        )?;
        return Ok(Added::Promoted(after, before.role));
    }
    let Some(password_hash) = &new.password_hash else {
        return Err(Rejection::Invalid(vec!["A new account needs a password.".into()]).into());
    };
    let created = c.attempt(|c| {
        c.query_one(
            &format!(
                "INSERT INTO users (first_name, last_name, username, email, avatar_url, password_hash, created_at, role)
                 VALUES (?1, ?2, CAST(?3 AS TEXT), ?4,
                         coalesce((SELECT avatar_url FROM users ORDER BY id LIMIT 1), ''), ?5, ?6, ?7)
                 RETURNING {USER_COLUMNS}"
            ),
            args![
                &new.first_name,
                &new.last_name,
                &new.username,
                &new.email,
                password_hash.as_str(),
                Timestamp::now().millis(),
                new.role.as_str()
            ],
            user,
        )
    });
    let created = match created {
        Err(Error::Conflict(constraints)) if constraints.contains(&Constraint::UniqueEmail) => {
            return Err(Rejection::Taken("An account with that email already exists.").into());
        }
        other => other?,
    };
    record(
        c,
        actor,
        Entry {
            action: "staff.add",
            thing: "account",
            thing_id: Some(created.id),
            before: None,
            after: Some(json!({"username": created.username, "email": created.email, "role": created.role})),
        },
    )?;
    Ok(Added::Created(created))
}
