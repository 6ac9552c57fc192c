//! Storage: the only module that knows the engine (SQLite, through rusqlite).
//!
//! It offers one async function per operation, in a file per resource, taking and
//! answering domain values and [`Error`]; no rusqlite type leaves this module.
//! rusqlite blocks, so no query runs on the async workers: reads run on actix's
//! blocking pool through a pool of readers, writes on the writer thread (`writer.rs`),
//! which runs them in `BEGIN IMMEDIATE` transactions and commits the writes waiting at
//! the same time together. Rules that must hold whatever the number of writers are
//! constraints of the schema, or are checked by the statement that writes
//! (docs/architecture.md#storage).

pub mod backup;
pub mod cart;
pub mod catalog;
pub mod changes;
mod error;
pub mod faults;
pub mod favorites;
mod identity;
mod listing;
mod migrations;
pub mod orders;
pub mod reviews;
pub mod search;
mod seed;
pub mod session;
pub mod users;
mod writer;

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use r2d2_sqlite::SqliteConnectionManager;
use rusqlite::{Connection, OptionalExtension, Transaction, params};

pub use changes::{Change, Listener, Topic};
pub use error::{Constraint, Error};
pub use faults::Fault;
pub use identity::APPLICATION_ID;
pub use seed::{ResetReport, SeedReport, seed_catalog};

use crate::domain::Thing;

type Pool = r2d2::Pool<SqliteConnectionManager>;

#[derive(Clone)]
pub struct Db {
    readers: Pool,
    writer: writer::Writer,
    feed: Arc<changes::Feed>,
    metrics: Arc<DbMetrics>,
    faults: Arc<faults::WriteFaults>,
}

/// How the store may use its database file.
#[derive(Debug, Clone, Copy, Default)]
pub struct Limits {
    /// The most bytes the database file may grow to (`--max-db-size`); past it, writes
    /// are refused as on a full disk, and reads go on.
    pub max_size: Option<u64>,
}

/// How the storage is coping, for `/metrics`.
#[derive(Debug)]
pub struct DbMetrics {
    /// Seconds a read waited for a connection of the readers' pool.
    pub pool_wait: Histogram,
    /// Reads that gave up waiting for a connection.
    pub pool_timeouts: Counter,
    /// Writes sent to the writer thread and not yet taken up.
    pub write_queue: Gauge,
    /// Writes committed together, per commit.
    pub group_commit: Histogram,
}

impl Default for DbMetrics {
    fn default() -> Self {
        DbMetrics {
            pool_wait: Histogram::new(exponential_buckets(0.000_01, 4.0, 10)),
            pool_timeouts: Counter::default(),
            write_queue: Gauge::default(),
            group_commit: Histogram::new(exponential_buckets(1.0, 2.0, 9)),
        }
    }
}

/// r2d2 tells how long each checkout of a reader took.
#[derive(Debug)]
struct PoolEvents(Arc<DbMetrics>);

impl r2d2::HandleEvent for PoolEvents {
    fn handle_checkout(&self, event: r2d2::event::CheckoutEvent) {
        self.0.pool_wait.observe(event.duration().as_secs_f64());
    }

    fn handle_timeout(&self, _: r2d2::event::TimeoutEvent) {
        self.0.pool_timeouts.inc();
    }
}

/// Pragmas every connection gets, in this order: `busy_timeout` first so that even
/// switching to WAL waits for a lock instead of failing; `synchronous=FULL` because an
/// acknowledged order must survive a power cut, not only a crash of the process.
fn configure(conn: &mut Connection) -> rusqlite::Result<()> {
    conn.busy_timeout(Duration::from_secs(5))?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    conn.pragma_update(None, "foreign_keys", "ON")?;
    conn.pragma_update(None, "synchronous", "FULL")?;
    conn.set_prepared_statement_cache_capacity(64);
    Ok(())
}

/// How long a write waits for SQLite's write lock when another process holds it (an
/// operator's `sqlite3` shell in a transaction) before it is answered 503: well inside
/// the time a shopper or a proxy waits for an answer.
const WRITE_LOCK_WAIT: Duration = Duration::from_secs(2);

/// Opens the database at `path` for the store, refusing (and leaving untouched) a file
/// that is not Market's, is damaged, or comes from a newer Market.
fn open_checked(path: &Path) -> anyhow::Result<Connection> {
    let mut conn = Connection::open(path).with_context(|| format!("opening database {}", path.display()))?;
    conn.busy_timeout(Duration::from_secs(5))?;
    identity::claim(&conn, path)?;
    configure(&mut conn).map_err(|e| identity::refusal(&conn, path, e))?;
    Ok(conn)
}

/// A SQLite error met while opening `path` (damaged pages), said as [`identity::refusal`] says it.
fn refusal_if_damaged(conn: &Connection, path: &Path, e: anyhow::Error) -> anyhow::Error {
    match e.downcast::<rusqlite::Error>() {
        Ok(e) => identity::refusal(conn, path, e),
        Err(e) => e,
    }
}

/// How often the change log is read for changes that other connections made.
const POLL_EVERY: Duration = Duration::from_millis(500);

impl Db {
    /// Opens (creating if needed) the database file, migrates it to the latest schema
    /// and seeds the catalog when it is empty.
    pub fn open(path: &Path) -> anyhow::Result<Db> {
        Db::open_with(path, Limits::default())
    }

    pub fn open_with(path: &Path, limits: Limits) -> anyhow::Result<Db> {
        let manager = || SqliteConnectionManager::file(path).with_init(configure);
        let mut conn = open_checked(path)?;
        migrations::run(&mut conn).map_err(|e| refusal_if_damaged(&conn, path, e))?;
        seed::seed_if_empty(&mut conn).map_err(|e| refusal_if_damaged(&conn, path, e))?;
        let feed = Arc::new(changes::Feed::start_at(&conn)?);
        let metrics = Arc::new(DbMetrics::default());
        let faults = Arc::new(faults::WriteFaults::default());
        conn.busy_timeout(WRITE_LOCK_WAIT)?;
        if let Some(bytes) = limits.max_size {
            cap_size(&conn, bytes)?;
        }
        let writer = writer::Writer::start(conn, feed.clone(), metrics.clone(), faults.clone())?;
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get()) as u32;
        let readers = r2d2::Pool::builder()
            .max_size(cores * 2)
            .min_idle(Some(1))
            .event_handler(Box::new(PoolEvents(metrics.clone())))
            .build(manager())?;
        Ok(Db { readers, writer, feed, metrics, faults })
    }

    pub fn metrics(&self) -> &Arc<DbMetrics> {
        &self.metrics
    }

    /// Why writes are refused right now, and since when (`None`: they are not).
    pub fn write_fault(&self) -> Option<(Fault, crate::domain::Timestamp)> {
        self.faults.current()
    }

    /// Whether the database answers a read and is at this Market's schema (`/readyz`).
    pub async fn schema_is_current(&self) -> Result<bool, Error> {
        self.read(|c| {
            let version: i64 = c.query_row("PRAGMA user_version", [], |r| r.get(0))?;
            Ok(version as usize == migrations::LATEST)
        })
        .await
    }

    /// Sessions that have not expired (`/metrics`).
    pub async fn count_live_sessions(&self) -> Result<i64, Error> {
        let now = crate::domain::Timestamp::now().millis();
        self.read(move |c| {
            Ok(c.query_row("SELECT count(*) FROM sessions WHERE expires_at > ?1", [now], |r| r.get(0))?)
        })
        .await
    }

    /// Takes the store back to its seeded state, in one write (`serve --reset-every`).
    pub async fn reset(&self) -> Result<ResetReport, Error> {
        self.write(|tx| Ok(seed::reset_to_seeded(tx)?)).await
    }

    /// Hands every change from now on to `listener`, once each and in order: the
    /// changes this server's writes make before those writes are answered, and those
    /// other connections make within [`POLL_EVERY`]. One listener per database.
    pub fn listen(&self, listener: Listener) -> anyhow::Result<()> {
        self.feed.listen(listener);
        let feed = Arc::downgrade(&self.feed);
        let readers = self.readers.clone();
        std::thread::Builder::new().name("change-poller".into()).spawn(move || {
            while let Some(feed) = feed.upgrade() {
                if let Err(e) = readers.get().map_err(Error::from).and_then(|c| Ok(feed.deliver(&c)?)) {
                    tracing::warn!("reading the change log failed: {e}");
                }
                drop(feed);
                std::thread::sleep(POLL_EVERY);
            }
        })?;
        Ok(())
    }

    /// The last change delivered: the database's version as this process has seen it.
    pub fn version(&self) -> i64 {
        self.feed.version()
    }

    /// Runs a read on the blocking pool.
    async fn read<T, F>(&self, f: F) -> Result<T, Error>
    where
        F: FnOnce(&Connection) -> Result<T, Error> + Send + 'static,
        T: Send + 'static,
    {
        let pool = self.readers.clone();
        actix_web::web::block(move || f(&*pool.get()?)).await.map_err(Error::other)?
    }

    /// Runs `f` in a `BEGIN IMMEDIATE` transaction on the writer connection (inside a
    /// savepoint of its own, alongside the other writes of its group), and answers
    /// only once that transaction has committed. When `f` fails, nothing it did stays.
    async fn write<T, F>(&self, f: F) -> Result<T, Error>
    where
        F: FnOnce(&Transaction) -> Result<T, Error> + Send + 'static,
        T: Send + 'static,
    {
        self.writer.write(f).await
    }

    /// Folds the write-ahead log into the database file and empties it (at shutdown).
    pub async fn checkpoint(&self) -> Result<(), Error> {
        self.writer
            .with_connection(|conn| {
                let (busy, _, _): (i64, i64, i64) =
                    conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| {
                        Ok((r.get(0)?, r.get(1)?, r.get(2)?))
                    })?;
                if busy != 0 {
                    return Err(Error::other("the checkpoint was blocked by a reader"));
                }
                Ok(())
            })
            .await
    }

    /// Forgets change-log rows far behind the newest; returns how many.
    pub async fn forget_old_changes(&self) -> Result<usize, Error> {
        self.write(|tx| Ok(changes::forget_old(tx)?)).await
    }
}

/// `market reset`: takes the database at `path` (of a stopped store) back to its seeded
/// state, making and seeding it if it does not exist.
pub fn reset_file(path: &Path) -> anyhow::Result<ResetReport> {
    let mut conn = open_checked(path)?;
    migrations::run(&mut conn)?;
    seed::seed_if_empty(&mut conn)?;
    let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate)?;
    let report = seed::reset_to_seeded(&tx)?;
    tx.commit()?;
    conn.execute_batch("PRAGMA wal_checkpoint(TRUNCATE)")?;
    Ok(report)
}

/// Caps the file at `bytes` (SQLite's `max_page_count`, on the one connection that
/// writes); a database already past it keeps its size and takes no more.
fn cap_size(conn: &Connection, bytes: u64) -> anyhow::Result<()> {
    let page_size: i64 = conn.query_row("PRAGMA page_size", [], |r| r.get(0))?;
    let pages = (bytes / page_size.max(512) as u64).clamp(1, i64::MAX as u64) as i64;
    conn.pragma_update(None, "max_page_count", pages)?;
    Ok(())
}

/// Fails with "not found" unless the product exists (in the caller's transaction).
fn require_product(conn: &Connection, product_id: i64) -> Result<(), Error> {
    let found = conn
        .prepare_cached("SELECT 1 FROM products WHERE id = ?1")?
        .query_row(params![product_id], |_| Ok(()))
        .optional()?;
    found.ok_or(Error::NotFound(Thing::Product))
}

/// Deletes `table` row `id` if `user_id` owns it; if it touched nothing, says why (the
/// row is someone else's, or gone). `table` is a constant of ours.
fn delete_owned(
    tx: &Transaction,
    table: &'static str,
    thing: Thing,
    id: i64,
    user_id: i64,
) -> Result<(), Error> {
    let deleted = tx
        .prepare_cached(&format!("DELETE FROM {table} WHERE id = ?1 AND user_id = ?2"))?
        .execute(params![id, user_id])?;
    if deleted == 0 {
        return Err(refusal(tx, table, thing, id, user_id));
    }
    Ok(())
}

/// Why a write to `table` row `id` that matched no row of this shopper's touched
/// nothing: one look at the row's owner, in the caller's transaction.
fn refusal(conn: &Connection, table: &'static str, thing: Thing, id: i64, user_id: i64) -> Error {
    let owner = conn
        .prepare_cached(&format!("SELECT user_id FROM {table} WHERE id = ?1"))
        .and_then(|mut stmt| stmt.query_row(params![id], |r| r.get::<_, i64>(0)).optional());
    match owner {
        Ok(owner) => Error::Rejected(crate::domain::ownership::refusal(thing, owner, user_id)),
        Err(e) => e.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[actix_web::test]
    async fn every_connection_is_set_for_durability() {
        let dir = tempfile::tempdir().unwrap();
        let db = Db::open(&dir.path().join("market.db")).unwrap();
        let (journal, foreign_keys, synchronous, busy): (String, i64, i64, i64) = db
            .read(|c| {
                Ok(c.query_row(
                    "SELECT (SELECT journal_mode FROM pragma_journal_mode), (SELECT foreign_keys FROM pragma_foreign_keys),
                            (SELECT synchronous FROM pragma_synchronous), (SELECT timeout FROM pragma_busy_timeout)",
                    [],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
                )?)
            })
            .await
            .unwrap();
        assert_eq!(journal, "wal");
        assert_eq!(foreign_keys, 1);
        assert_eq!(synchronous, 2, "synchronous=FULL");
        assert!(busy >= 1000);
    }
}
