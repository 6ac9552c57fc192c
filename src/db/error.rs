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
    #[error(transparent)]
    Other(anyhow::Error),
}

impl Error {
    /// A write the store could not take now but will take again by itself (busy or
    /// full), as against one that is wrong.
    pub fn is_passing(&self) -> bool {
        matches!(self, Error::Unavailable(_) | Error::Full(_))
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

impl From<r2d2::Error> for Error {
    fn from(e: r2d2::Error) -> Self {
        Error::Unavailable(e.to_string())
    }
}
