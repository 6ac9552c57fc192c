//! Storage: the only module that knows the engines. SQLite (through rusqlite) is the
//! default, in a file of the data folder; PostgreSQL (through postgres) serves several
//! replicas of the store at once (`--database postgres://...`).
//!
//! It offers one async function per operation, in a file per resource, taking and
//! answering domain values and [`Error`]; no engine's type leaves this module. The
//! resource files write their SQL once, over [`conn::Conn`]; what differs between the
//! engines lives in `sqlite/` and `postgres/`. Both engines' clients block, so no query
//! runs on the async workers: reads run on actix's blocking pool through a pool of
//! connections; SQLite's writes run on its writer thread (`sqlite/writer.rs`), which
//! commits the writes waiting at the same time together, PostgreSQL's on the blocking
//! pool, each in its own transaction (`postgres/mod.rs`). Rules that must hold whatever
//! the number of writers are constraints of the schema, are checked by the statement
//! that writes, or hold under the shopper's lock ([`lock_shopper`])
//! (docs/architecture.md#storage).

pub mod account;
pub mod addresses;
pub mod admin;
mod cards;
pub mod cart;
pub mod catalog;
pub mod changes;
pub mod checkout;
pub(crate) mod conn;
pub mod demo;
mod demo_count;
mod dialect;
mod engine;
mod error;
pub mod faults;
pub mod favorites;
mod index_keeper;
mod index_rows;
mod listing;
pub mod mail;
mod metrics;
pub mod orders;
pub mod password_resets;
pub mod payments;
mod postgres;
pub mod rate_limits;
pub mod read_your_writes;
pub mod reviews;
pub mod search;
mod seed;
pub mod session;
mod sqlite;
pub mod stock_alerts;
pub mod stripe;
pub mod users;

use std::path::PathBuf;
use std::sync::Arc;

pub use changes::{Change, Listener, Topic};
use conn::{Conn, args};
pub use engine::Engine;
pub use error::{Constraint, Error};
pub use faults::Fault;
pub use metrics::DbMetrics;
pub use postgres::redacted;
pub use seed::{ResetReport, SeedReport};
pub use sqlite::backup;
pub use sqlite::identity::APPLICATION_ID;

use crate::catalog_index::CatalogIndex;
use crate::domain::Thing;
use crate::domain::{ProductId, ShopperId};

/// Where the store keeps its data.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Location {
    /// A SQLite file (`market.db` in the data folder, by default).
    File(PathBuf),
    /// A PostgreSQL database, by its URL (`postgres://user:password@host:port/db`).
    Postgres(String),
}

impl Location {
    /// What `--database` names: absent, `sqlite:` or `sqlite:PATH` for a SQLite file (by
    /// default `default_file`), `postgres://` or `postgresql://` for PostgreSQL.
    pub fn parse(database: Option<&str>, default_file: PathBuf) -> anyhow::Result<Location> {
        let Some(url) = database.map(str::trim).filter(|u| !u.is_empty()) else {
            return Ok(Location::File(default_file));
        };
        if let Some(path) = url.strip_prefix("sqlite:") {
            let path = path.strip_prefix("//").unwrap_or(path);
            return Ok(Location::File(if path.is_empty() { default_file } else { PathBuf::from(path) }));
        }
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            return Ok(Location::Postgres(url.to_owned()));
        }
        anyhow::bail!(
            "--database {}: Market keeps its data in SQLite (sqlite:, the default) or PostgreSQL \
             (postgres://user:password@host:port/database)",
            postgres::redacted(url)
        )
    }

    /// Where it is, in words for a command's output (no password).
    pub fn described(&self) -> String {
        match self {
            Location::File(path) => path.display().to_string(),
            Location::Postgres(url) => postgres::redacted(url),
        }
    }

    /// The SQLite file, when the store keeps its data in one.
    pub fn sqlite_file(&self) -> Option<&std::path::Path> {
        match self {
            Location::File(path) => Some(path),
            Location::Postgres(_) => None,
        }
    }

    /// Whether one server at a time may open it: a SQLite file is one server's (and a
    /// command that writes it needs that server stopped); a PostgreSQL database is
    /// shared by design.
    pub fn belongs_to_one_server(&self) -> bool {
        self.sqlite_file().is_some()
    }
}

#[derive(Clone)]
pub struct Db {
    store: Store,
    /// Durable writes asked for so far (see [`Db::durable_writes`]).
    durable_writes: Arc<std::sync::atomic::AtomicU64>,
    feed: Arc<changes::Feed>,
    metrics: Arc<DbMetrics>,
    faults: Arc<faults::WriteFaults>,
    /// The catalog index searches read, once the store opens one (`index_keeper.rs`).
    catalog_index: Arc<std::sync::OnceLock<Arc<CatalogIndex>>>,
}

/// See [`Db::bulk_writes`].
pub struct BulkWrites {
    _long_wal: Option<sqlite::LongWal>,
}

#[derive(Clone)]
enum Store {
    Sqlite(sqlite::Store),
    Postgres(postgres::Store),
}

/// How the store may use its database file.
#[derive(Debug, Clone, Copy, Default)]
pub struct Limits {
    /// The most bytes the database file may grow to (`--max-db-size`); past it, writes
    /// are refused as on a full disk, and reads go on.
    pub max_size: Option<u64>,
}

impl Db {
    /// Opens (creating if needed) the SQLite file at `path`, migrates it to the latest
    /// schema and seeds the catalog when it is empty.
    pub fn open(path: &std::path::Path) -> anyhow::Result<Db> {
        Db::open_with(&Location::File(path.to_owned()), Limits::default())
    }

    /// Opens the database at `location`, migrates it and seeds it when it is empty. A
    /// database that cannot be reached, is another application's, is damaged or comes
    /// from a newer Market is refused, with what to do instead.
    pub fn open_with(location: &Location, limits: Limits) -> anyhow::Result<Db> {
        let metrics = Arc::new(DbMetrics::default());
        let faults = Arc::new(faults::WriteFaults::default());
        let (store, feed) = match location {
            Location::File(path) => {
                let (store, feed) =
                    sqlite::Store::open(path, limits.max_size, metrics.clone(), faults.clone())?;
                (Store::Sqlite(store), feed)
            }
            Location::Postgres(url) => {
                anyhow::ensure!(
                    limits.max_size.is_none(),
                    "--max-db-size limits a SQLite file; PostgreSQL's size is its server's to limit"
                );
                let (store, feed) = postgres::Store::open(url, metrics.clone())?;
                (Store::Postgres(store), feed)
            }
        };
        Ok(Db { store, durable_writes: Arc::default(), feed, metrics, faults, catalog_index: Arc::default() })
    }

    pub fn engine(&self) -> Engine {
        match self.store {
            Store::Sqlite(_) => Engine::Sqlite,
            Store::Postgres(_) => Engine::Postgres,
        }
    }

    /// Whether other servers may write to this database (PostgreSQL's replicas): then
    /// what this process keeps in memory is behind their writes until it applies the
    /// change log, and serves a request only past its token ([`Db::horizon`]).
    pub fn is_shared(&self) -> bool {
        self.engine() == Engine::Postgres
    }

    /// How far this server has applied the change log, when other servers share the
    /// database: what it keeps answers a request only past the request's token.
    pub fn horizon(&self) -> Option<Arc<read_your_writes::Horizon>> {
        self.is_shared().then(|| self.feed.horizon.clone())
    }

    /// The secret the servers sharing this database sign with, when the database keeps
    /// one (PostgreSQL); a lone server keeps its own in the data folder.
    pub fn shared_secret(&self) -> Option<&str> {
        match &self.store {
            Store::Sqlite(_) => None,
            Store::Postgres(p) => Some(p.secret()),
        }
    }

    pub fn metrics(&self) -> &Arc<DbMetrics> {
        &self.metrics
    }

    /// Why writes are refused right now, and since when (`None`: they are not).
    pub fn write_fault(&self) -> Option<(Fault, crate::domain::Timestamp)> {
        self.faults.current()
    }

    /// Why writes are refused right now, if one was refused a moment ago (`faults.rs`).
    pub fn fresh_write_fault(&self) -> Option<Fault> {
        self.faults.fresh()
    }

    /// Whether the database answers a read and is at this Market's schema (`/readyz`).
    pub async fn schema_is_current(&self) -> Result<bool, Error> {
        match &self.store {
            Store::Sqlite(s) => s.read(sqlite::schema_is_current).await,
            Store::Postgres(p) => {
                self.noting(p.read(postgres::schema_is_current, self.is_unreachable(), false).await, false)
            }
        }
    }

    /// Sessions that have not expired (`/metrics`).
    pub async fn count_live_sessions(&self) -> Result<i64, Error> {
        let now = crate::domain::Timestamp::now().millis();
        self.read(move |c| {
            c.query_one("SELECT count(*) FROM sessions WHERE expires_at > ?1", args![now], |r| r.get(0))
        })
        .await
    }

    /// `serve --reset-every`: takes the store back to its seeded state, in one write,
    /// unless a server sharing the database did within this period; answers what went,
    /// or `None` when another server's reset stands for this one.
    pub async fn reset_if_due(&self, every: std::time::Duration) -> Result<Option<ResetReport>, Error> {
        self.write(move |c| {
            if !(engine::dialect(c).claim_reset)(c, every)? {
                return Ok(None);
            }
            seed::reset_to_seeded(c).map(Some)
        })
        .await
    }

    /// Hands every change from now on to `listener`, once each and in order: the
    /// changes this server's writes make before those writes are answered, and those
    /// other connections (other replicas, other processes) make within a second.
    pub fn listen(&self, listener: Listener) -> anyhow::Result<()> {
        if !self.feed.listen(listener) {
            return Ok(());
        }
        match &self.store {
            Store::Sqlite(s) => s.poll_changes(&self.feed),
            Store::Postgres(p) => p.watch_changes(&self.feed),
        }
    }

    /// Runs a read on the blocking pool. On PostgreSQL each statement sees the
    /// database as it is when it runs; see [`Db::read_snapshot`].
    async fn read<T, F>(&self, f: F) -> Result<T, Error>
    where
        F: Fn(&mut Conn) -> Result<T, Error> + Send + 'static,
        T: Send + 'static,
    {
        match &self.store {
            Store::Sqlite(s) => s.read(f).await,
            Store::Postgres(p) => self.noting(p.read(f, self.is_unreachable(), false).await, false),
        }
    }

    /// A read whose statements must agree (a page of a list, its total and its facets):
    /// all of them see the database as it was at the first, in one read transaction.
    async fn read_snapshot<T, F>(&self, f: F) -> Result<T, Error>
    where
        F: Fn(&mut Conn) -> Result<T, Error> + Send + 'static,
        T: Send + 'static,
    {
        match &self.store {
            Store::Sqlite(s) => s.read_snapshot(f).await,
            Store::Postgres(p) => self.noting(p.read(f, self.is_unreachable(), true).await, false),
        }
    }

    fn is_unreachable(&self) -> bool {
        matches!(self.faults.current(), Some((Fault::Unreachable, _)))
    }

    /// Notes what a PostgreSQL call met: a server that cannot be reached, or (a write) a
    /// full disk. While it lasts, `/readyz`, `/metrics` and the answers to failures below
    /// the handlers (the session store's) say so; the first call the server answers
    /// clears "unreachable", the first write that commits clears both. A busy store (no
    /// free connection, a statement that ran too long) says nothing of the server.
    fn noting<T>(&self, outcome: Result<T, Error>, write: bool) -> Result<T, Error> {
        match &outcome {
            Err(Error::Unreachable(_)) => self.faults.met(Fault::Unreachable),
            Err(Error::Full(_)) if write => self.faults.met(Fault::Full),
            Ok(_) if write => self.faults.cleared(),
            Err(Error::Unavailable(_) | Error::Other(_)) => {}
            _ => self.faults.reached(),
        }
        outcome
    }

    /// Runs `f` in a transaction and answers only once that transaction has committed
    /// and the changes it made were delivered. When `f` fails, nothing it did stays.
    /// PostgreSQL may run `f` again after a deadlock, so it is `Fn`.
    async fn write<T, F>(&self, f: F) -> Result<T, Error>
    where
        F: Fn(&mut Conn) -> Result<T, Error> + Send + 'static,
        T: Send + 'static,
    {
        self.durable_writes.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        self.write_now(f).await
    }

    async fn write_now<T, F>(&self, f: F) -> Result<T, Error>
    where
        F: Fn(&mut Conn) -> Result<T, Error> + Send + 'static,
        T: Send + 'static,
    {
        match &self.store {
            Store::Sqlite(s) => s.write(f).await,
            Store::Postgres(p) => {
                self.noting(p.write(f, self.feed.clone(), self.is_unreachable()).await, true)
            }
        }
    }

    /// How many durable writes (shoppers', staff's: all but a catalog import's steps)
    /// were asked for so far: the import makes way while this moves.
    pub fn durable_writes(&self) -> u64 {
        self.durable_writes.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// [`Db::write`] for work that is redone from where the database says it stood (a
    /// catalog import's steps): it may be lost at a power cut, though not at a crash of
    /// the process, so its commit does not wait for the disk. SQLite commits it without
    /// an fsync, and the next commit's fsync takes it to the disk too (`sqlite/writer.rs`);
    /// PostgreSQL commits it asynchronously.
    async fn write_redoable<T, F>(&self, f: F) -> Result<T, Error>
    where
        F: Fn(&mut Conn) -> Result<T, Error> + Send + 'static,
        T: Send + 'static,
    {
        match &self.store {
            Store::Sqlite(s) => s.write_redoable(f).await,
            Store::Postgres(_) => {
                self.write_now(move |c| {
                    c.execute("SET LOCAL synchronous_commit = off", &[])?;
                    f(c)
                })
                .await
            }
        }
    }

    /// Until the answer is dropped, a long run of large writes (a catalog import) goes
    /// on: on SQLite, the WAL may grow long before the writer starts it over
    /// (`sqlite/checkpointer.rs`).
    pub fn bulk_writes(&self) -> BulkWrites {
        match &self.store {
            Store::Sqlite(s) => BulkWrites { _long_wal: Some(s.long_wal()) },
            Store::Postgres(_) => BulkWrites { _long_wal: None },
        }
    }

    /// What is left to do before the process ends: SQLite folds its write-ahead log
    /// into the database file, so what is left on disk is one complete file.
    pub async fn close(&self) -> Result<(), Error> {
        match &self.store {
            Store::Sqlite(s) => s.checkpoint().await,
            Store::Postgres(_) => Ok(()),
        }
    }

    /// Forgets change-log rows far behind the newest; returns how many.
    pub async fn forget_old_changes(&self) -> Result<u64, Error> {
        self.write(changes::forget_old).await
    }
}

/// `market reset`: takes the database at `location` (of a stopped store, for SQLite)
/// back to its seeded state, making and seeding it if it does not exist.
pub fn reset_database(location: &Location) -> anyhow::Result<ResetReport> {
    match location {
        Location::File(path) => sqlite::reset_file(path),
        Location::Postgres(url) => postgres::reset(url),
    }
}

/// `market seed --products N`: a new catalog of `total` products at `location`.
pub fn seed_catalog(location: &Location, total: u64, force: bool) -> anyhow::Result<SeedReport> {
    match location {
        Location::File(path) => sqlite::seed_catalog(path, total, force),
        Location::Postgres(url) => postgres::seed_catalog(url, total, force),
    }
}

/// Makes the rest of the caller's write wait for, and keep out, every other write of
/// the same shopper: what keeps a cart's line limit, one order per checkout and one
/// answer per idempotency key true when several servers write at once. SQLite has one
/// writer at a time already.
fn lock_shopper(c: &mut Conn, user_id: ShopperId) -> Result<(), Error> {
    (engine::dialect(c).lock_shopper)(c, user_id)
}

/// Fails with "not found" unless the product exists and is not archived (in the
/// caller's transaction): shoppers cannot see an archived product.
fn require_product(c: &mut Conn, product_id: ProductId) -> Result<(), Error> {
    let found = c.query_opt(
        "SELECT 1 FROM products WHERE id = ?1 AND archived_at IS NULL",
        args![product_id],
        |_| Ok(()),
    )?;
    found.ok_or(Error::NotFound(Thing::Product))
}

/// Deletes `table` row `id` if `user_id` owns it; if it touched nothing, says why (the
/// row is someone else's, or gone). `table` is a constant of ours.
fn delete_owned(
    c: &mut Conn,
    table: &'static str,
    thing: Thing,
    id: i64,
    user_id: ShopperId,
) -> Result<(), Error> {
    let deleted =
        c.execute(&format!("DELETE FROM {table} WHERE id = ?1 AND user_id = ?2"), args![id, user_id])?;
    if deleted == 0 {
        return Err(refusal(c, table, thing, id, user_id));
    }
    Ok(())
}

/// Why a write to `table` row `id` that matched no row of this shopper's touched
/// nothing: one look at the row's owner, in the caller's transaction.
fn refusal(c: &mut Conn, table: &'static str, thing: Thing, id: i64, user_id: ShopperId) -> Error {
    let owner = c.query_opt(&format!("SELECT user_id FROM {table} WHERE id = ?1"), args![id], |r| {
        r.get::<ShopperId>(0)
    });
    match owner {
        Ok(owner) => Error::Rejected(crate::domain::ownership::refusal(thing, owner, user_id)),
        Err(e) => e,
    }
}
