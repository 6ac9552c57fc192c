//! Why writes are being refused right now, when they are: the disk (or the size limit)
//! is full, another process holds the write lock, or (PostgreSQL) the database server
//! cannot be reached. SQLite's writer, or on PostgreSQL each call, records what the last
//! writes met; `/readyz`, `/metrics` and the error answers read it. A write that
//! commits clears it (and any answer from the server clears "unreachable"): the store
//! recovers by itself when space, the lock or the server comes back.

use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::Error;
use crate::domain::Timestamp;

/// Why a write (or a whole group of them) did not commit; cloned to every write of
/// the group.
#[derive(Debug, Clone)]
pub enum Failure {
    Busy(String),
    Full(String),
    Other(String),
}

impl Failure {
    pub fn of(e: &Error) -> Failure {
        match e {
            Error::Unavailable(cause) | Error::Unreachable(cause) => Failure::Busy(cause.clone()),
            Error::Full(cause) => Failure::Full(cause.clone()),
            other => Failure::Other(other.to_string()),
        }
    }

    pub fn into_error(self) -> Error {
        match self {
            Failure::Busy(cause) => Error::Unavailable(cause),
            Failure::Full(cause) => Error::Full(cause),
            Failure::Other(cause) => Error::other(format!("the write did not commit: {cause}")),
        }
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Busy(cause) | Failure::Full(cause) | Failure::Other(cause) => f.write_str(cause),
        }
    }
}

/// A state in which writes are refused until it passes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// The disk is full, or the database reached `--max-db-size`.
    Full,
    /// Another process held SQLite's write lock past the wait.
    Locked,
    /// The database server did not answer (PostgreSQL stopped, or the network between).
    Unreachable,
}

impl Fault {
    pub fn describe(self) -> &'static str {
        match self {
            Fault::Full => "writes refused: the disk or the database is full",
            Fault::Locked => "writes refused: another process holds the database's write lock",
            Fault::Unreachable => "the database server cannot be reached",
        }
    }
}

/// How long after the last refused write a visitor without a session is still told
/// that writes are refused (see [`WriteFaults::fresh`]).
const FRESH: Duration = Duration::from_secs(5);

/// The fault the writer last met, and since when (`None` once a write has committed);
/// and when a write was last refused.
#[derive(Debug, Default)]
pub struct WriteFaults {
    current: Mutex<Option<(Fault, Timestamp)>>,
    last_refused: Mutex<Option<Instant>>,
}

impl WriteFaults {
    pub fn saw(&self, failure: &Failure) {
        let fault = match failure {
            Failure::Full(_) => Fault::Full,
            Failure::Busy(_) => Fault::Locked,
            Failure::Other(_) => return,
        };
        self.set(fault);
    }

    /// A PostgreSQL call that met `fault` (the server unreachable, or its disk full).
    pub fn met(&self, fault: Fault) {
        self.set(fault);
    }

    /// A PostgreSQL call that got the server's answer: it is reachable again, but that
    /// says nothing of its disk.
    pub fn reached(&self) {
        if matches!(self.current(), Some((Fault::Unreachable, _))) {
            self.cleared();
        }
    }

    fn set(&self, fault: Fault) {
        *self.last_refused.lock().unwrap_or_else(|e| e.into_inner()) = Some(Instant::now());
        let mut state = self.current.lock().unwrap_or_else(|e| e.into_inner());
        match *state {
            Some((seen, _)) if seen == fault => {}
            _ => {
                tracing::warn!("{}", fault.describe());
                *state = Some((fault, Timestamp::now()));
            }
        }
    }

    pub fn cleared(&self) {
        let mut state = self.current.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((fault, since)) = state.take() {
            let seconds = Timestamp::now().millis().saturating_sub(since.millis()) / 1000;
            tracing::info!("writes work again, after {seconds} s ({})", fault.describe());
        }
    }

    pub fn current(&self) -> Option<(Fault, Timestamp)> {
        *self.current.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The current fault, if a write was refused within [`FRESH`]. Only a write that
    /// commits clears a fault, and a visitor without a session makes none: refused as
    /// long as the fault stood, visitors alone would keep the store refusing after
    /// space came back. Past that, they are told to fetch a new token (403), and the
    /// session that fetch stores is the write that tells.
    pub fn fresh(&self) -> Option<Fault> {
        let last = *self.last_refused.lock().unwrap_or_else(|e| e.into_inner());
        self.current().map(|(fault, _)| fault).filter(|_| last.is_some_and(|at| at.elapsed() < FRESH))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fault_is_fresh_for_a_while_after_the_last_refusal_and_ends_at_a_commit() {
        let faults = WriteFaults::default();
        faults.saw(&Failure::Other("a constraint".into()));
        assert_eq!(faults.fresh(), None, "a failed write is no refusal");
        faults.saw(&Failure::Full("disk full".into()));
        assert_eq!(faults.fresh(), Some(Fault::Full));
        *faults.last_refused.lock().unwrap() = Some(Instant::now() - FRESH);
        assert_eq!(faults.fresh(), None, "refused long enough ago");
        assert!(faults.current().is_some(), "though the fault stands until a write commits");
        faults.saw(&Failure::Full("disk full".into()));
        faults.cleared();
        assert_eq!(faults.fresh(), None, "a write committed");
    }
}
