//! What can go wrong in storage, in words that name no engine.

use crate::domain::{Rejection, Thing};

/// A constraint of the schema that a write ran into, by what it means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Constraint {
    UniqueUsername,
    UniqueEmail,
    OneReviewPerShopperAndProduct,
    UniqueSku,
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
    /// The database could not answer in time (busy, locked, every connection in use, a
    /// statement cancelled for running too long).
    #[error("the database is unavailable: {0}")]
    Unavailable(String),
    /// The database server cannot be reached (PostgreSQL): no connection can be made, or
    /// the one in use was closed. Answered like [`Error::Unavailable`]; it also marks the
    /// server as down until a call gets through (see `faults`).
    #[error("the database server cannot be reached: {0}")]
    Unreachable(String),
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
        matches!(self, Error::Unavailable(_) | Error::Unreachable(_) | Error::Full(_) | Error::Contention(_))
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
        "products.sku" | "product_variants.sku" => Some(Constraint::UniqueSku),
        _ => None,
    }
}

impl From<postgres::Error> for Error {
    fn from(e: postgres::Error) -> Self {
        use postgres::error::SqlState;
        let Some(db) = e.as_db_error() else {
            return match lost_the_server(&e) {
                true => Error::Unreachable(e.to_string()),
                // A value that does not fit its column, a statement with the wrong
                // parameters: the store's own mistake.
                false => Error::Other(anyhow::anyhow!("PostgreSQL: {e}")),
            };
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
        if *code == SqlState::DISK_FULL {
            return Error::Full(db.message().to_owned());
        }
        // A standby (a failover that left the URL pointing at a read-only server): it
        // answers, but takes no writes now.
        if *code == SqlState::READ_ONLY_SQL_TRANSACTION {
            return Error::Unavailable(db.message().to_owned());
        }
        // Class 08 (connection exceptions) and the server shutting down or starting up
        // (57P01-57P03): it cannot be reached now and will be again.
        if code.code().starts_with("08") || ["57P01", "57P02", "57P03"].contains(&code.code()) {
            return Error::Unreachable(db.message().to_owned());
        }
        // Class 53 (too many connections, out of resources) and 57 (a statement cancelled
        // for running past statement_timeout): it answers, but not this now.
        if code.code().starts_with("53") || code.code().starts_with("57") {
            return Error::Unavailable(db.message().to_owned());
        }
        // postgres says only "db error"; the server's own words go to the log.
        Error::Other(anyhow::anyhow!("PostgreSQL: {} ({})", db.message(), code.code()))
    }
}

/// An error that is not the server's answer but the want of one: the connection could
/// not be made, failed, or was closed.
fn lost_the_server(e: &postgres::Error) -> bool {
    let mut source = std::error::Error::source(e);
    while let Some(cause) = source {
        if cause.is::<std::io::Error>() {
            return true;
        }
        source = cause.source();
    }
    // The client's own words for the kinds it does not expose.
    e.is_closed()
        || ["error connecting to server", "timeout waiting for server"].contains(&e.to_string().as_str())
}

/// PostgreSQL names a broken constraint by the name the schema gave it.
fn named_constraint(name: &str) -> Option<Constraint> {
    match name {
        "users_username_unique" => Some(Constraint::UniqueUsername),
        "users_email_unique" => Some(Constraint::UniqueEmail),
        "reviews_one_per_shopper_and_product" => Some(Constraint::OneReviewPerShopperAndProduct),
        "products_by_sku" | "product_variants_by_sku" => Some(Constraint::UniqueSku),
        _ => None,
    }
}

impl From<r2d2::Error> for Error {
    fn from(e: r2d2::Error) -> Self {
        Error::Unavailable(e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_postgres_server_that_cannot_be_reached_is_told_from_a_refusal() {
        // Nothing listens on port 1: the client's own error, with the refusal as its cause.
        let refused = postgres::Config::new()
            .host("127.0.0.1")
            .port(1)
            .user("market")
            .connect(postgres::NoTls)
            .err()
            .expect("nothing listens on port 1");
        assert!(matches!(Error::from(refused), Error::Unreachable(_)));
    }
}
