//! PostgreSQL: the engine for several replicas of the store (`--database postgres://`).
//!
//! The client is `postgres`, the synchronous face of tokio-postgres: it blocks like
//! rusqlite, so the store keeps one style for both engines, and it is pure Rust (no
//! libpq to link, so the static build stays static). It runs a runtime of its own and
//! must never be called on an async worker: every call here runs on actix's blocking
//! pool or on a thread of ours, connecting and migrating at start included.
//!
//! A read is its statements alone, each seeing the database as it is when it runs; a
//! page of a list with its total and facets reads in one read-only REPEATABLE READ
//! transaction, so they agree. Every write runs in a READ COMMITTED transaction,
//! PostgreSQL's default, asked for by name (a server set to another default must not
//! change what the shopper's lock guarantees): rules that span rows hold by
//! constraints, by the statement that writes, or under the shopper's row lock
//! ([`lock_shopper`]), taken first, so each statement after it sees what the write
//! before it committed, and SERIALIZABLE's retries are not needed. A write that meets a
//! deadlock or a serialization failure anyway is run again.
//!
//! This file is the store: its reads and writes. The rest is a file per concern: a
//! connection and its statements (`connection.rs`), the pool of them (`pool.rs`), making
//! a database ready at start (`prepare.rs`, with `migrations.rs`), the locks between
//! servers (`locks.rs`), what they share in `settings` (`settings.rs`), `market reset`
//! and `market seed` (`seeding.rs`), and the change log: its reading (`changes.rs`) and
//! the thread that listens for other replicas' changes (`listener.rs`).

mod changes;
pub(super) mod connection;
pub(super) mod dialect;
mod error;
mod listener;
mod locks;
mod migrations;
mod pool;
mod prepare;
mod search;
mod seeding;
mod settings;
mod tls;

use std::sync::Arc;

pub use locks::lock_shopper;
pub use migrations::schema_is_current;
pub use pool::redacted;
use pool::{ANSWER_WITHIN, Connections, Target, server};
use prepare::{off_the_runtime, prepared};
pub use seeding::{reset, seed_catalog};
pub use settings::claim_reset;

use super::changes::Feed;
use super::conn::Conn;
use super::read_your_writes;
use super::{DbMetrics, Error};

#[derive(Clone)]
pub struct Store {
    connections: Connections,
    target: Arc<Target>,
    /// The secret every server of this database signs cookies with, unless the operator
    /// gives one (`MARKET_SECRET_KEY`): made by the first server to start, kept in
    /// `settings`, so that a shopper can be served by any server.
    secret: Arc<String>,
}

impl Store {
    /// Connects to the database at `url`, migrates it under the migration lock, seeds
    /// it when it is empty, and opens the pool.
    pub fn open(url: &str, metrics: Arc<DbMetrics>) -> anyhow::Result<(Store, Arc<Feed>)> {
        off_the_runtime(|| {
            let ((feed, secret), target) = prepared(url, |conn| {
                let secret = conn.transaction("BEGIN", settings::shared_secret)?;
                Ok((Feed::start_at(&mut Conn::Postgres(conn))?, secret))
            })?;
            let connections = Connections::open(&target, metrics)?;
            tracing::info!(database = %server(&target.config), sslmode = %target.tls_mode, "serving from PostgreSQL");
            let store = Store { connections, target: Arc::new(target), secret: Arc::new(secret) };
            Ok((store, Arc::new(feed)))
        })
    }

    pub fn secret(&self) -> &str {
        &self.secret
    }

    /// Runs `f` on the blocking pool, and gives up with 503 after [`ANSWER_WITHIN`]
    /// (the thread waits on for the database, answering nobody).
    async fn blocking<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Connections) -> Result<T, Error> + Send + 'static,
    ) -> Result<T, Error> {
        let connections = self.connections.clone();
        let work = actix_web::web::block(move || f(&connections));
        match actix_web::rt::time::timeout(ANSWER_WITHIN, work).await {
            Ok(done) => done.map_err(Error::other)?,
            // The server cancels a statement of ours itself after STATEMENT_TIMEOUT: no
            // answer at all by now is a server that hangs, or a network that does.
            Err(_) => Err(Error::Unreachable("the database did not answer in time".into())),
        }
    }

    /// Runs a read. Each statement sees the database as it is when it runs, unless
    /// `snapshot`: then all of them see it as it was at the first (a page, its total and
    /// its facets agree), in a read-only REPEATABLE READ transaction.
    pub async fn read<T, F>(&self, f: F, down: bool, snapshot: bool) -> Result<T, Error>
    where
        F: Fn(&mut Conn) -> Result<T, Error> + Send + 'static,
        T: Send + 'static,
    {
        self.blocking(move |connections| {
            connections.on_live_connection(down, |conn| match snapshot {
                true => conn.transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", &f),
                false => f(&mut Conn::Postgres(conn)),
            })
        })
        .await
    }

    /// Runs `f` in a transaction of its own, again if it meets a deadlock, and delivers
    /// the changes it made before answering; the current request is told the write's
    /// token (`read_your_writes.rs`).
    pub async fn write<T, F>(&self, f: F, feed: Arc<Feed>, down: bool) -> Result<T, Error>
    where
        F: Fn(&mut Conn) -> Result<T, Error> + Send + 'static,
        T: Send + 'static,
    {
        let (written, token) = self
            .blocking(move |connections| {
                connections.on_live_connection(down, |conn| {
                    let mut tries = 0;
                    let (written, id) = loop {
                        tries += 1;
                        match conn.write_transaction("BEGIN ISOLATION LEVEL READ COMMITTED", &f) {
                            Err(Error::Contention(why)) if tries < 4 => {
                                tracing::debug!("a write runs again: {why}")
                            }
                            outcome => break outcome?,
                        }
                    };
                    let delivered = feed.deliver(&mut Conn::Postgres(conn));
                    if let Err(e) = &delivered {
                        // The listener delivers them within a second.
                        tracing::warn!("reading the change log failed: {e}");
                    }
                    let token = match (id, delivered) {
                        (None, _) => 0,
                        (Some(id), Ok(())) => feed.horizon.token_of(id),
                        // Until the cookie lapses no kept copy answers this shopper: no
                        // replica covers this token.
                        (Some(_), Err(_)) => i64::MAX,
                    };
                    Ok((written, token))
                })
            })
            .await?;
        read_your_writes::wrote(token);
        Ok(written)
    }

    /// Delivers the changes other replicas make: a thread listens for their
    /// notifications and reads the change log when one comes, or every
    /// [`listener::POLL_EVERY`] in any case (a notification is lost while nobody
    /// listens, and some compatible servers send none).
    pub fn watch_changes(&self, feed: &Arc<Feed>) -> anyhow::Result<()> {
        listener::watch(self.target.clone(), self.connections.pool.clone(), Arc::downgrade(feed))
    }
}
