//! What can go wrong in storage, in words that name no engine.

use crate::domain::{Rejection, Thing};

/// A constraint of the schema that a write ran into, by what it means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Constraint {
    UniqueUsername,
    UniqueEmail,
    OneReviewPerShopperAndProduct,
}

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("{} not found", .0.name())]
    NotFound(Thing),
    /// The write broke these constraints and changed nothing.
    #[error("conflict with {0:?}")]
    Conflict(Vec<Constraint>),
    /// A rule of the domain refused the write, inside its transaction.
    #[error(transparent)]
    Rejected(#[from] Rejection),
    /// The database could not be reached in time (busy, locked, no free connection).
    #[error("the database is unavailable: {0}")]
    Unavailable(String),
    /// The database cannot grow: the disk is full, or the file reached its size limit.
    /// Nothing was written; reads still work.
    #[error("the database is full: {0}")]
    Full(String),
    /// The write met another one head on (a deadlock, a serialization failure) and was
    /// rolled back; run again, it succeeds.
    #[error("the write met another: {0}")]
    Contention(String),
    #[error(transparent)]
    Other(anyhow::Error),
}

impl Error {
    /// A write the store could not take now but will take again by itself (busy or
    /// full), as against one that is wrong.
    pub fn is_passing(&self) -> bool {
        matches!(self, Error::Unavailable(_) | Error::Full(_) | Error::Contention(_))
    }

    pub fn other(cause: impl std::fmt::Display) -> Error {
        Error::Other(anyhow::anyhow!("{cause}"))
    }
}

impl From<rusqlite::Error> for Error {
    fn from(e: rusqlite::Error) -> Self {
        use rusqlite::ErrorCode::{ConstraintViolation, DatabaseBusy, DatabaseLocked, DiskFull};
        match e.sqlite_error_code() {
            Some(DatabaseBusy | DatabaseLocked) => Error::Unavailable(e.to_string()),
            Some(DiskFull) => Error::Full(e.to_string()),
            Some(ConstraintViolation) => match constraint(&e.to_string()) {
                Some(c) => Error::Conflict(vec![c]),
                None => Error::Other(e.into()),
            },
            _ => Error::Other(e.into()),
        }
    }
}

/// SQLite names a broken unique constraint by its columns
/// ("UNIQUE constraint failed: users.username").
fn constraint(message: &str) -> Option<Constraint> {
    let columns = message.strip_prefix("UNIQUE constraint failed: ")?;
    match columns {
        "users.username" => Some(Constraint::UniqueUsername),
        "users.email" => Some(Constraint::UniqueEmail),
        "reviews.user_id, reviews.product_id" => Some(Constraint::OneReviewPerShopperAndProduct),
        _ => None,
    }
}

impl From<postgres::Error> for Error {
    fn from(e: postgres::Error) -> Self {
        use postgres::error::SqlState;
        let Some(db) = e.as_db_error() else {
            // No answer from the server: the connection failed or was closed.
            return Error::Unavailable(e.to_string());
        };
        let code = db.code();
        if *code == SqlState::UNIQUE_VIOLATION {
            return match db.constraint().and_then(named_constraint) {
                Some(c) => Error::Conflict(vec![c]),
                None => Error::Other(anyhow::anyhow!("PostgreSQL: {}", db.message())),
            };
        }
        if *code == SqlState::T_R_SERIALIZATION_FAILURE || *code == SqlState::T_R_DEADLOCK_DETECTED {
            return Error::Contention(db.message().to_owned());
        }
        if *code == SqlState::DISK_FULL || *code == SqlState::OUT_OF_MEMORY {
            return Error::Full(db.message().to_owned());
        }
        // Class 08 (connection), 53 (resources), 57 (cancelled, shutting down): the
        // database cannot answer now and will again.
        if ["08", "53", "57"].iter().any(|class| code.code().starts_with(class)) {
            return Error::Unavailable(db.message().to_owned());
        }
        // postgres says only "db error"; the server's own words go to the log.
        Error::Other(anyhow::anyhow!("PostgreSQL: {} ({})", db.message(), code.code()))
    }
}

/// PostgreSQL names a broken constraint by the name the schema gave it.
fn named_constraint(name: &str) -> Option<Constraint> {
    match name {
        "users_username_unique" => Some(Constraint::UniqueUsername),
        "users_email_unique" => Some(Constraint::UniqueEmail),
        "reviews_one_per_shopper_and_product" => Some(Constraint::OneReviewPerShopperAndProduct),
        _ => None,
    }
}

impl From<r2d2::Error> for Error {
    fn from(e: r2d2::Error) -> Self {
        Error::Unavailable(e.to_string())
    }
}
