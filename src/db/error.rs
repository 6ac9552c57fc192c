//! What can go wrong in storage, in words that name no engine.

use crate::domain::{Rejection, Thing};

/// A constraint of the schema that a write ran into, by what it means.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Constraint {
    UniqueUsername,
    UniqueEmail,
    OneReviewPerShopperAndProduct,
    UniqueSku,
    /// Two shipping methods on sale of one name, regardless of case.
    UniqueShippingMethodName,
    /// A second default shipping method.
    OneDefaultShippingMethod,
    UniquePromotionCode,
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
