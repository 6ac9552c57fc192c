//! Shoppers' accounts.

use serde::Serialize;

use super::rusqlite::{self, Connection, OptionalExtension, Row, Transaction, params};
use crate::error::ApiError;

/// The session user of spec section 3. The password hash never leaves this module
/// except to be verified.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct User {
    pub id: i64,
    pub first_name: String,
    pub last_name: String,
    pub username: String,
    pub email: String,
    pub created_at: String,
}

const USER_COLUMNS: &str = "id, first_name, last_name, username, email, created_at";

fn user_from_row(r: &Row) -> rusqlite::Result<User> {
    Ok(User {
        id: r.get(0)?,
        first_name: r.get(1)?,
        last_name: r.get(2)?,
        username: r.get(3)?,
        email: r.get(4)?,
        created_at: r.get(5)?,
    })
}

pub fn get(conn: &Connection, id: i64) -> Result<Option<User>, ApiError> {
    let mut stmt = conn.prepare_cached(&format!("SELECT {USER_COLUMNS} FROM users WHERE id = ?1"))?;
    Ok(stmt.query_row(params![id], user_from_row).optional()?)
}

/// The account a sign-in names (by username or email, either case) and its hash.
pub fn for_login(conn: &Connection, credential: &str) -> Result<Option<(User, String)>, ApiError> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {USER_COLUMNS}, password_hash FROM users WHERE username = ?1 OR email = ?1 LIMIT 1"
    ))?;
    Ok(stmt.query_row(params![credential], |r| Ok((user_from_row(r)?, r.get(6)?))).optional()?)
}

pub struct NewUser {
    pub first_name: String,
    pub last_name: String,
    pub username: String,
    pub email: String,
    pub password_hash: String,
}

/// Usernames and emails are unique regardless of case; a taken one is a 409 that
/// names every taken field.
pub fn create(tx: &Transaction, new: &NewUser) -> Result<User, ApiError> {
    let (username_taken, email_taken): (bool, bool) = tx
        .prepare_cached(
            "SELECT EXISTS (SELECT 1 FROM users WHERE username = ?1), EXISTS (SELECT 1 FROM users WHERE email = ?2)",
        )?
        .query_row(params![new.username, new.email], |r| Ok((r.get(0)?, r.get(1)?)))?;
    let mut errors = Vec::new();
    if username_taken {
        errors.push("That username is already taken.".to_string());
    }
    if email_taken {
        errors.push("An account with that email already exists.".to_string());
    }
    if !errors.is_empty() {
        return Err(ApiError::Conflict { message: "User already exists".into(), errors });
    }
    let user = tx
        .prepare_cached(&format!(
            "INSERT INTO users (first_name, last_name, username, email, avatar_url, password_hash, created_at)
             -- A new shopper borrows one of the seeded avatars, picked by name length.
             VALUES (?1, ?2, ?3, ?4,
                     (SELECT avatar_url FROM users ORDER BY id LIMIT 1
                      OFFSET length(?3) % max(1, (SELECT count(*) FROM users))),
                     ?5, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
             RETURNING {USER_COLUMNS}"
        ))?
        .query_row(
            params![new.first_name, new.last_name, new.username, new.email, new.password_hash],
            user_from_row,
        )?;
    Ok(user)
}
