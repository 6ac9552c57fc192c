//! Staff accounts: who may use the back office, at which role, and accounts an owner
//! disabled. Every change here is in the audit log, in its own transaction.

use serde_json::json;

use super::audit::record;
use crate::db::conn::{Conn, Row, Value, args};
use crate::db::users::{AFTER_USER_COLUMNS, USER_COLUMNS, role, user};
use crate::db::{Constraint, Db, Error};
use crate::domain::ShopperId;
use crate::domain::admin::audit::{Actor, Entry};
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

/// An account, by username or id.
#[derive(Debug, Clone)]
pub enum Who {
    Name(String),
    Id(i64),
}

/// What `add_staff` did.
pub enum Added {
    Created(User),
    /// An existing account, given the role; its role before.
    Promoted(User, Role),
}

const STAFF_COLUMNS: &str = "disabled_at IS NOT NULL, totp_confirmed";

fn staff_account(r: &Row) -> Result<StaffAccount, Error> {
    Ok(StaffAccount {
        user: user(r)?,
        disabled: r.get(AFTER_USER_COLUMNS)?,
        second_factor: r.get(AFTER_USER_COLUMNS + 1)?,
    })
}

impl Db {
    /// The account's role and state, read on every back-office request.
    pub async fn get_access(&self, user_id: ShopperId) -> Result<Option<Access>, Error> {
        self.read(move |c| {
            c.query_opt(
                "SELECT username, role, disabled_at IS NOT NULL FROM users WHERE id = ?1",
                args![user_id],
                |r| Ok(Access { username: r.get(0)?, role: role(r.get(1)?)?, disabled: r.get(2)? }),
            )
        })
        .await
    }

    /// Whether the store has an owner who can sign in (someone to manage its staff).
    pub async fn has_owner(&self) -> Result<bool, Error> {
        self.read(|c| Ok(owners(c)? > 0)).await
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

    /// Creates the account with `new.role`, or (`promote`) gives an existing one (by
    /// username) that role; an existing account's password changes only when a new one
    /// is given. Without `promote`, a taken username is a conflict.
    pub async fn add_staff(&self, actor: Actor, new: NewStaff, promote: bool) -> Result<Added, Error> {
        self.write(move |c| add_staff(c, &actor, &new, promote)).await
    }

    /// Gives the account the role `role` (back to `shopper` removes it from the staff).
    /// The last owner cannot be made anything else: the store would have nobody to
    /// manage its staff.
    pub async fn set_role(&self, actor: Actor, who: Who, role: Role) -> Result<User, Error> {
        self.write(move |c| {
            let before = match &who {
                Who::Name(name) => find(c, name)?,
                Who::Id(id) => {
                    c.query_opt(&format!("SELECT {USER_COLUMNS} FROM users WHERE id = ?1"), args![*id], user)?
                }
            }
            .ok_or(Error::NotFound(Thing::Account))?;
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
            if before.role != after.role {
                record(
                    c,
                    &actor,
                    Entry {
                        action: "staff.role",
                        thing: "account",
                        thing_id: Some(after.id.0),
                        before: Some(json!({"username": before.username, "role": before.role})),
                        after: Some(json!({"username": after.username, "role": after.role})),
                    },
                )?;
            }
            Ok(after)
        })
        .await
    }

    /// Disables the account, or enables it again. A disabled account cannot sign in;
    /// its sessions are the caller's to end. An owner cannot disable their own account.
    pub async fn set_disabled(
        &self,
        actor: Actor,
        user_id: ShopperId,
        disabled: bool,
    ) -> Result<User, Error> {
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
                        thing_id: Some(user_id.0),
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

fn add_staff(c: &mut Conn, actor: &Actor, new: &NewStaff, promote: bool) -> Result<Added, Error> {
    if let Some(before) = find(c, &new.username)? {
        if !promote {
            return Err(Rejection::Taken("That username is already taken.").into());
        }
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
        if new.password_hash.is_some() {
            crate::db::password_resets::end_password_reset(c, after.id)?;
        }
        record(
            c,
            actor,
            Entry {
                action: "staff.role",
                thing: "account",
                thing_id: Some(after.id.0),
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
            thing_id: Some(created.id.0),
            before: None,
            after: Some(json!({"username": created.username, "email": created.email, "role": created.role})),
        },
    )?;
    Ok(Added::Created(created))
}

/// An account as the back office's list of shoppers shows it: never any password
/// material.
#[derive(Debug, Clone)]
pub struct AccountRow {
    pub user: User,
    pub disabled: bool,
    pub orders: i64,
}

impl Db {
    /// One page of accounts, newest first; `q` finds one by id, or by the start of its
    /// username or email (either case).
    pub async fn list_accounts(
        &self,
        q: Option<String>,
        offset: u64,
        limit: u32,
    ) -> Result<(Vec<AccountRow>, u64), Error> {
        self.read_snapshot(move |c| {
            let pattern = q.as_deref().map(|q| {
                let escaped = q.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
                format!("{escaped}%")
            });
            let (condition, params): (&str, Vec<Value>) =
                match (q.as_deref().map(str::parse::<i64>), &pattern) {
                    (Some(Ok(id)), _) => ("id = ?", vec![Value::Int(id)]),
                    (Some(Err(_)), Some(pattern)) => (
                        "(username LIKE ? ESCAPE '\\' OR email LIKE ? ESCAPE '\\')",
                        vec![Value::Text(pattern), Value::Text(pattern)],
                    ),
                    _ => ("TRUE", vec![]),
                };
            let total: i64 =
                c.query_one(&format!("SELECT count(*) FROM users WHERE {condition}"), &params, |r| r.get(0))?;
            let mut page = params.clone();
            page.push(Value::Int(limit.into()));
            page.push(Value::Int(offset as i64));
            let accounts = c.query(
                &format!(
                    "SELECT {USER_COLUMNS}, disabled_at IS NOT NULL,
                            (SELECT count(*) FROM orders o WHERE o.user_id = users.id)
                     FROM users WHERE {condition} ORDER BY id DESC LIMIT ? OFFSET ?"
                ),
                &page,
                |r| {
                    Ok(AccountRow {
                        user: user(r)?,
                        disabled: r.get(AFTER_USER_COLUMNS)?,
                        orders: r.get(AFTER_USER_COLUMNS + 1)?,
                    })
                },
            )?;
            Ok((accounts, total.max(0) as u64))
        })
        .await
    }
}

/// Where an account's second factor stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SecondFactor {
    Off,
    /// Started: the secret is shown, and waits for a first code to confirm it.
    Pending(String),
    On(String),
}

impl Db {
    pub async fn get_second_factor(&self, user_id: ShopperId) -> Result<SecondFactor, Error> {
        self.read(move |c| {
            let found = c.query_opt(
                "SELECT totp_secret, totp_confirmed FROM users WHERE id = ?1",
                args![user_id],
                |r| Ok((r.get::<Option<String>>(0)?, r.get::<bool>(1)?)),
            )?;
            Ok(match found.ok_or(Error::NotFound(Thing::Account))? {
                (Some(secret), true) => SecondFactor::On(secret),
                (Some(secret), false) => SecondFactor::Pending(secret),
                (None, _) => SecondFactor::Off,
            })
        })
        .await
    }

    /// Keeps a new secret for the account, not yet in force; refused while one is on.
    pub async fn start_second_factor(&self, user_id: ShopperId, secret: String) -> Result<(), Error> {
        self.write(move |c| {
            let started = c.execute(
                "UPDATE users SET totp_secret = ?2, totp_confirmed = FALSE, totp_last_step = NULL
                 WHERE id = ?1 AND totp_confirmed = FALSE",
                args![user_id, &secret],
            )?;
            match started {
                1 => Ok(()),
                _ => {
                    Err(Rejection::Invalid(vec!["A second factor is on already: turn it off first.".into()])
                        .into())
                }
            }
        })
        .await
    }

    /// Puts the pending secret in force, with the step of the code that proved it
    /// (that code is spent). Answers false when nothing was pending.
    pub async fn confirm_second_factor(
        &self,
        actor: Actor,
        secret: String,
        step: u64,
    ) -> Result<bool, Error> {
        self.write(move |c| {
            let user_id = actor.id.ok_or_else(|| Error::other("a second factor is an account's"))?;
            let confirmed = c.execute(
                "UPDATE users SET totp_confirmed = TRUE, totp_last_step = ?3
                 WHERE id = ?1 AND totp_secret = ?2 AND totp_confirmed = FALSE",
                args![user_id, &secret, step as i64],
            )?;
            if confirmed == 1 {
                record(c, &actor, second_factor_entry(user_id, &actor.name, true))?;
            }
            Ok(confirmed == 1)
        })
        .await
    }

    /// Takes the second factor off the account.
    pub async fn turn_off_second_factor(&self, actor: Actor) -> Result<(), Error> {
        self.write(move |c| {
            let user_id = actor.id.ok_or_else(|| Error::other("a second factor is an account's"))?;
            c.execute(
                "UPDATE users SET totp_secret = NULL, totp_confirmed = FALSE, totp_last_step = NULL WHERE id = ?1",
                args![user_id],
            )?;
            record(c, &actor, second_factor_entry(user_id, &actor.name, false))
        })
        .await
    }

    /// Spends the code of `step` for the account: true once per step, and only for a
    /// step later than the last one spent, so a code seen once is good for nothing.
    pub async fn spend_code(&self, user_id: ShopperId, step: u64) -> Result<bool, Error> {
        self.write(move |c| {
            let spent = c.execute(
                "UPDATE users SET totp_last_step = ?2
                 WHERE id = ?1 AND totp_confirmed = TRUE AND (totp_last_step IS NULL OR totp_last_step < ?2)",
                args![user_id, step as i64],
            )?;
            Ok(spent == 1)
        })
        .await
    }
}

fn second_factor_entry(user_id: ShopperId, username: &str, on: bool) -> Entry {
    Entry {
        action: if on { "account.second_factor_on" } else { "account.second_factor_off" },
        thing: "account",
        thing_id: Some(user_id.0),
        before: Some(json!({"username": username, "secondFactor": !on})),
        after: Some(json!({"username": username, "secondFactor": on})),
    }
}
