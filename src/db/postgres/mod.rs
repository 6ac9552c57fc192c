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

pub mod changes;
mod migrations;
pub mod search;
mod tls;

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::Context;
use postgres::config::Host;
use postgres::{Client, Config, Statement};
use tokio_postgres_rustls::MakeRustlsConnect;

use super::changes::Feed;
use super::conn::{Conn, Value, args, numbered};
use super::seed::{self, ResetReport, SeedReport};
use super::{DbMetrics, Error, PoolEvents};

/// How long a request may wait for the database in all (a connection, then its
/// statements) before it is answered 503: well inside what a shopper or a proxy waits.
pub const ANSWER_WITHIN: Duration = Duration::from_secs(5);
/// How long a connection may take to be made, or to be had from the pool.
const CONNECT_WITHIN: Duration = Duration::from_secs(3);
/// How long a request waits for a connection while the server is known to be down: it
/// is answered 503 at once rather than after [`CONNECT_WITHIN`]; the pool goes on
/// trying in the background, and the first request that gets through clears the fault.
const CONNECT_WHILE_DOWN: Duration = Duration::from_millis(250);
/// Statements that run longer are cancelled by the server itself.
const STATEMENT_TIMEOUT: Duration = Duration::from_secs(4);
/// Prepared statements kept per connection; past it they are all dropped.
const MAX_STATEMENTS: usize = 256;
/// Whose advisory lock serializes migrations and seeding: Market's SQLite application id.
const MIGRATION_LOCK: i64 = super::sqlite::identity::APPLICATION_ID as i64;
/// Held shared by every serving server (on its change listener's connection), so that
/// `market seed` can tell that servers are serving the database it would remake.
const SERVING_LOCK: i64 = MIGRATION_LOCK + 1;

/// A pooled connection and the statements it has prepared.
pub struct PgConn {
    /// `Some` until dropped (see `Drop`).
    client: Option<Client>,
    statements: HashMap<String, Statement>,
    /// Inside a transaction this module opened: a connection given back in that state
    /// (a panic on the way) is dropped by the pool rather than reused.
    in_transaction: bool,
    /// The last transaction got past its BEGIN: if the connection died after that, the
    /// write may have happened, and is not run again.
    began: bool,
}

impl PgConn {
    fn new(client: Client) -> PgConn {
        PgConn { client: Some(client), statements: HashMap::new(), in_transaction: false, began: false }
    }

    fn client(&mut self) -> &mut Client {
        self.client.as_mut().expect("a connection has its client until it is dropped")
    }

    fn statement(&mut self, sql: &str) -> Result<Statement, Error> {
        if let Some(statement) = self.statements.get(sql) {
            return Ok(statement.clone());
        }
        let statement = self.client().prepare(&numbered(sql))?;
        if self.statements.len() >= MAX_STATEMENTS {
            self.statements.clear();
        }
        self.statements.insert(sql.to_owned(), statement.clone());
        Ok(statement)
    }

    pub(in crate::db) fn query(&mut self, sql: &str, args: &[Value]) -> Result<Vec<postgres::Row>, Error> {
        let statement = self.statement(sql)?;
        let params: Vec<&(dyn postgres::types::ToSql + Sync)> = args.iter().map(|a| a as _).collect();
        Ok(self.client().query(&statement, &params)?)
    }

    pub(in crate::db) fn execute(&mut self, sql: &str, args: &[Value]) -> Result<u64, Error> {
        let statement = self.statement(sql)?;
        let params: Vec<&(dyn postgres::types::ToSql + Sync)> = args.iter().map(|a| a as _).collect();
        Ok(self.client().execute(&statement, &params)?)
    }

    pub(in crate::db) fn batch(&mut self, sql: &str) -> Result<(), Error> {
        Ok(self.client().batch_execute(sql)?)
    }

    /// Runs `f` between `begin` and COMMIT; on any failure, rolls back.
    fn transaction<T>(
        &mut self,
        begin: &str,
        f: impl FnOnce(&mut Conn) -> Result<T, Error>,
    ) -> Result<T, Error> {
        self.began = false;
        self.client().batch_execute(begin)?;
        self.in_transaction = true;
        self.began = true;
        let outcome = f(&mut Conn::Postgres(self));
        let outcome = match outcome {
            Ok(value) => self.client().batch_execute("COMMIT").map(|()| value).map_err(Error::from),
            Err(e) => Err(e),
        };
        if outcome.is_err() && self.client().batch_execute("ROLLBACK").is_err() {
            // Still marked as in a transaction: the pool drops this connection.
            return outcome;
        }
        self.in_transaction = false;
        outcome
    }
}

/// Closing a connection blocks on the client's own runtime, which cannot run on a thread
/// that drives the server's tasks (where the last handle on the pool may go, when the
/// server stops): there the client is closed on a thread of its own.
impl Drop for PgConn {
    fn drop(&mut self) {
        if let Some(client) = self.client.take()
            && tokio::runtime::Handle::try_current().is_ok()
        {
            let _ = std::thread::Builder::new().name("pg-close".into()).spawn(move || drop(client));
        }
    }
}

/// Where the store's connections go, and how: the client's settings and its TLS.
#[derive(Clone)]
pub(super) struct Target {
    config: Config,
    tls: MakeRustlsConnect,
    /// The `sslmode` the URL asked for, for the log.
    tls_mode: tls::Mode,
}

impl Target {
    pub(super) fn connect(&self) -> Result<Client, postgres::Error> {
        self.config.connect(self.tls.clone())
    }
}

/// Makes the pool's connections.
struct Manager {
    target: Target,
    /// The last connection that could not be made was refused by the server itself
    /// (too many connections, say): it is there, unlike one out of reach.
    refused: Arc<AtomicBool>,
}

impl r2d2::ManageConnection for Manager {
    type Connection = PgConn;
    type Error = postgres::Error;

    fn connect(&self) -> Result<PgConn, postgres::Error> {
        let made = self.target.connect();
        self.refused.store(made.as_ref().is_err_and(|e| e.as_db_error().is_some()), Ordering::Relaxed);
        Ok(PgConn::new(made?))
    }

    /// Not asked at checkout (that costs a round trip each time): a connection the
    /// server dropped is found by its first statement instead (`on_live_connection`).
    fn is_valid(&self, conn: &mut PgConn) -> Result<(), postgres::Error> {
        conn.client().simple_query("").map(|_| ())
    }

    fn has_broken(&self, conn: &mut PgConn) -> bool {
        conn.in_transaction || conn.client().is_closed()
    }
}

type Pool = r2d2::Pool<Manager>;

/// The pool, and what its manager last heard when a connection could not be made.
#[derive(Clone)]
struct Connections {
    pool: Pool,
    refused: Arc<AtomicBool>,
}

/// r2d2 reports every failed attempt to open a connection, many a second while the
/// server is down: said once every ten seconds, with its cause.
#[derive(Debug, Default)]
struct ConnectErrors(std::sync::Mutex<Option<std::time::Instant>>);

impl r2d2::HandleError<postgres::Error> for ConnectErrors {
    fn handle_error(&self, e: postgres::Error) {
        let mut said = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if said.is_none_or(|at| at.elapsed() >= Duration::from_secs(10)) {
            *said = Some(std::time::Instant::now());
            tracing::warn!("cannot open a connection to PostgreSQL: {}", cause(&e));
        }
    }
}

/// An error with its cause, which `postgres` keeps apart ("error connecting to server:
/// Connection refused").
fn cause(e: &postgres::Error) -> String {
    std::error::Error::source(e).map_or_else(|| e.to_string(), |s| format!("{e}: {s}"))
}

#[derive(Clone)]
pub struct Store {
    connections: Connections,
    target: Arc<Target>,
    /// The secret every server of this database signs cookies with, unless the operator
    /// gives one (`MARKET_SECRET_KEY`): made by the first server to start, kept in
    /// `settings`, so that a shopper can be served by any server.
    secret: Arc<String>,
}

/// `url` with its password hidden, for messages.
pub fn redacted(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let credentials = &url[scheme + 3..at];
            match credentials.split_once(':') {
                Some((user, _)) => format!("{}{user}:***{}", &url[..scheme + 3], &url[at..]),
                None => url.to_owned(),
            }
        }
        _ => url.to_owned(),
    }
}

/// Where `config` points, as an operator names it: `host:port/database`.
fn server(config: &Config) -> String {
    let host = match config.get_hosts().first() {
        Some(Host::Tcp(name)) => name.clone(),
        Some(Host::Unix(path)) => path.display().to_string(),
        None => "localhost".into(),
    };
    let port = config.get_ports().first().copied().unwrap_or(5432);
    format!("{host}:{port}/{}", config.get_dbname().unwrap_or("(the user's database)"))
}

/// The client's settings for `url`, with the store's time limits, and its TLS.
fn target(url: &str) -> anyhow::Result<Target> {
    let unusable = |e: &dyn std::fmt::Display| {
        anyhow::anyhow!("--database {} is not a PostgreSQL URL Market can use: {e}", redacted(url))
    };
    let (rest, tls_settings) = tls::split(url).map_err(|e| unusable(&e))?;
    let mut config: Config = rest.parse().map_err(|e| unusable(&e))?;
    if config.get_connect_timeout().is_none() {
        config.connect_timeout(CONNECT_WITHIN);
    }
    if config.get_application_name().is_none() {
        config.application_name("market");
    }
    // A server that vanished without closing its connections (a network that drops
    // packets, a failover that moved its address) is found in seconds, not in the
    // kernel's quarter of an hour: probes on idle connections, and a limit on how long
    // sent data may go unacknowledged.
    config.keepalives_idle(Duration::from_secs(30));
    config.keepalives_interval(Duration::from_secs(5));
    config.keepalives_retries(3);
    config.tcp_user_timeout(ANSWER_WITHIN * 2);
    // JIT compiling a query costs 30-50 ms, more than it saves on the store's queries,
    // which indexes bound: a department's facets at a million products took 367 ms
    // with it and 26 ms without (after the seed's VACUUM).
    config.options(&format!(
        "-c jit=off -c statement_timeout={} -c idle_in_transaction_session_timeout={}",
        STATEMENT_TIMEOUT.as_millis(),
        ANSWER_WITHIN.as_millis() * 2
    ));
    let (tls, ssl_mode) = tls::connector(&tls_settings, config.get_hosts())
        .map_err(|e| anyhow::anyhow!("--database {}: {e:#}", redacted(url)))?;
    config.ssl_mode(ssl_mode);
    Ok(Target { config, tls, tls_mode: tls_settings.mode })
}

/// Connects once, to say clearly why the database cannot be used when it cannot.
fn connect(target: &Target) -> anyhow::Result<Client> {
    let client = target.connect().map_err(|e| {
        anyhow::anyhow!("cannot use the PostgreSQL database at {}: {}", server(&target.config), cause(&e))
    })?;
    Ok(client)
}

/// Runs `f` on a thread of its own: the client blocks on a runtime of its own, which
/// cannot start on a thread that is already running one (the server's, at start).
fn off_the_runtime<T: Send>(f: impl FnOnce() -> anyhow::Result<T> + Send) -> anyhow::Result<T> {
    std::thread::scope(|s| s.spawn(f).join()).map_err(|_| anyhow::anyhow!("opening the database panicked"))?
}

/// Connects, takes the migration lock (replicas that start together migrate and seed
/// once, one after the other), and runs `f` with the database at this Market's schema.
fn prepared<T>(url: &str, f: impl FnOnce(&mut PgConn) -> anyhow::Result<T>) -> anyhow::Result<(T, Target)> {
    let target = target(url)?;
    let mut conn = PgConn::new(connect(&target)?);
    let server = server(&target.config);
    refuse_old_servers(conn.client(), &server)?;
    // A migration or a seed of a million products takes longer than a request may.
    conn.client().batch_execute("SET statement_timeout = 0; SET idle_in_transaction_session_timeout = 0")?;
    take_migration_lock(conn.client(), &server)?;
    let outcome = migrations::run(conn.client(), &server).and_then(|()| {
        conn.transaction("BEGIN", seed::seed_if_empty)?;
        f(&mut conn)
    });
    // Ending the session frees the lock in any case; said aloud when it still can be.
    let _ = conn.client().execute("SELECT pg_advisory_unlock($1)", &[&MIGRATION_LOCK]);
    Ok((outcome?, target))
}

/// The schema needs PostgreSQL 15 (and the change log 13's `xid8`): an older server is
/// refused by name before anything is written, rather than failing halfway through.
fn refuse_old_servers(client: &mut Client, server: &str) -> anyhow::Result<()> {
    let row = client.query_one(
        "SELECT current_setting('server_version_num')::int, current_setting('server_version')",
        &[],
    )?;
    let (number, version): (i32, String) = (row.get(0), row.get(1));
    if number < 150_000 {
        anyhow::bail!("{server} runs PostgreSQL {version}: Market needs PostgreSQL 15 or newer");
    }
    Ok(())
}

/// Waits for the migration lock as long as another server (or `market seed`) holds it,
/// saying so once.
fn take_migration_lock(client: &mut Client, server: &str) -> anyhow::Result<()> {
    let mut said = false;
    while !client.query_one("SELECT pg_try_advisory_lock($1)", &[&MIGRATION_LOCK])?.get::<_, bool>(0) {
        if !said {
            tracing::info!(
                database = server,
                "waiting for another server to finish migrating or seeding the database"
            );
            said = true;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    Ok(())
}

impl Store {
    /// Connects to the database at `url`, migrates it under the migration lock, seeds
    /// it when it is empty, and opens the pool.
    pub fn open(url: &str, metrics: Arc<DbMetrics>) -> anyhow::Result<(Store, Arc<Feed>)> {
        off_the_runtime(|| {
            let ((feed, secret), target) = prepared(url, |conn| {
                let secret = conn.transaction("BEGIN", shared_secret)?;
                Ok((Feed::start_at(&mut Conn::Postgres(conn))?, secret))
            })?;
            let cores = std::thread::available_parallelism().map_or(2, |n| n.get()) as u32;
            let refused = Arc::new(AtomicBool::new(false));
            let pool = r2d2::Pool::builder()
                .max_size((cores * 4).max(8))
                .min_idle(Some(2))
                .connection_timeout(CONNECT_WITHIN)
                .test_on_check_out(false)
                .event_handler(Box::new(PoolEvents(metrics)))
                .error_handler(Box::new(ConnectErrors::default()))
                .build(Manager { target: target.clone(), refused: refused.clone() })
                .with_context(|| format!("opening connections to {}", server(&target.config)))?;
            tracing::info!(database = %server(&target.config), sslmode = %target.tls_mode, "serving from PostgreSQL");
            let connections = Connections { pool, refused };
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

    /// A connection from the pool, waited for briefly when the server is `down`. Waiting
    /// in vain while the pool is short of connections means they cannot be made: the
    /// server is out of reach, or refuses more (its `max_connections`); with all of them
    /// open, every one was busy (the store is).
    fn connection(c: &Connections, down: bool) -> Result<r2d2::PooledConnection<Manager>, Error> {
        let pool = &c.pool;
        pool.get_timeout(if down { CONNECT_WHILE_DOWN } else { CONNECT_WITHIN }).map_err(|e| {
            let short = pool.state().connections < pool.max_size();
            match (short, c.refused.load(Ordering::Relaxed)) {
                (true, false) => Error::Unreachable(format!("no connection could be made: {e}")),
                (true, true) => Error::Unavailable(format!("the server refused a new connection: {e}")),
                (false, _) => Error::Unavailable(format!("every connection was in use: {e}")),
            }
        })
    }

    /// Runs `work` on a connection from the pool, and once more on a new one when the
    /// first turns out dead before `work` could have changed anything (the server
    /// closed it: it restarted, or failed over, since the connection was last used).
    fn on_live_connection<T>(
        connections: &Connections,
        down: bool,
        work: impl Fn(&mut PgConn) -> Result<T, Error>,
    ) -> Result<T, Error> {
        let mut conn = Store::connection(connections, down)?;
        // What the connection's last use left says nothing about this one.
        conn.began = false;
        match work(&mut conn) {
            Err(Error::Unreachable(why)) if !conn.began && conn.client().is_closed() => {
                tracing::debug!("a connection the server had closed was replaced: {why}");
                drop(conn);
                work(&mut *Store::connection(connections, down)?)
            }
            outcome => outcome,
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
            Store::on_live_connection(connections, down, |conn| match snapshot {
                true => conn.transaction("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY", &f),
                false => f(&mut Conn::Postgres(conn)),
            })
        })
        .await
    }

    /// Runs `f` in a transaction of its own, again if it meets a deadlock, and delivers
    /// the changes it made before answering.
    pub async fn write<T, F>(&self, f: F, feed: Arc<Feed>, down: bool) -> Result<T, Error>
    where
        F: Fn(&mut Conn) -> Result<T, Error> + Send + 'static,
        T: Send + 'static,
    {
        self.blocking(move |connections| {
            Store::on_live_connection(connections, down, |conn| {
                let mut tries = 0;
                let outcome = loop {
                    tries += 1;
                    match conn.transaction("BEGIN ISOLATION LEVEL READ COMMITTED", &f) {
                        Err(Error::Contention(why)) if tries < 4 => {
                            tracing::debug!("a write runs again: {why}")
                        }
                        outcome => break outcome,
                    }
                };
                if outcome.is_ok()
                    && let Err(e) = feed.deliver(&mut Conn::Postgres(conn))
                {
                    // The listener delivers them within a second.
                    tracing::warn!("reading the change log failed: {e}");
                }
                outcome
            })
        })
        .await
    }

    /// Delivers the changes other replicas make: a thread listens for their
    /// notifications and reads the change log when one comes, or every
    /// [`changes::POLL_EVERY`] in any case (a notification is lost while nobody
    /// listens, and some compatible servers send none).
    pub fn watch_changes(&self, feed: &Arc<Feed>) -> anyhow::Result<()> {
        changes::watch(self.target.clone(), self.connections.pool.clone(), Arc::downgrade(feed))
    }
}

/// The servers' shared secret (see [`Store::secret`]), made now if none is kept yet.
fn shared_secret(c: &mut Conn) -> Result<String, Error> {
    use rand::RngCore;
    let mut bytes = [0u8; 64];
    rand::rng().fill_bytes(&mut bytes);
    let made: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    c.execute(
        "INSERT INTO settings (name, value) VALUES ('secret_key', ?1) ON CONFLICT (name) DO NOTHING",
        args![&made],
    )?;
    c.query_one("SELECT value FROM settings WHERE name = 'secret_key'", &[], |r| r.get(0))
}

/// Whether this server should make the periodic reset now: none was made in the last
/// period (a hundredth of it aside, so that a server whose timer fires a moment early
/// does not leave the reset to the next period). Notes the reset as made when it should.
pub fn claim_reset(c: &mut Conn, every: Duration) -> Result<bool, Error> {
    let now = crate::domain::Timestamp::now().millis();
    let due = now - (every.as_millis() as i64) * 99 / 100;
    let claimed = c.query_opt(
        "INSERT INTO settings (name, value) VALUES ('last_reset', ?1) ON CONFLICT (name) DO UPDATE
         SET value = excluded.value WHERE CAST(settings.value AS BIGINT) <= ?2 RETURNING value",
        args![now.to_string().as_str(), due],
        |_| Ok(()),
    )?;
    Ok(claimed.is_some())
}

/// Whether the database is at this Market's schema.
pub fn schema_is_current(c: &mut Conn) -> Result<bool, Error> {
    let version: i64 = c.query_one("SELECT max(version) FROM market_schema", &[], |r| r.get(0))?;
    Ok(version as usize == migrations::LATEST)
}

/// Holds the shopper's row until the transaction ends. `NO KEY UPDATE` leaves the
/// row's key free, so the foreign keys of the rows the write adds do not wait on it.
pub fn lock_shopper(c: &mut Conn, user_id: i64) -> Result<(), Error> {
    c.query_opt("SELECT 1 FROM users WHERE id = ?1 FOR NO KEY UPDATE", args![user_id], |_| Ok(()))?;
    Ok(())
}

/// After rows were written with their ids given: new rows take ids past them.
pub fn continue_ids_past_seeded(c: &mut Conn) -> Result<(), Error> {
    for table in ["departments", "products", "product_images", "users", "reviews"] {
        c.query_one(
            &format!(
                "SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM {table}), false)"
            ),
            &[],
            |r| r.get::<i64>(0),
        )?;
    }
    Ok(())
}

/// `market reset --database postgres://...`: back to the seeded state, in one
/// transaction; replicas serving meanwhile drop what they kept, as after any write.
pub fn reset(url: &str) -> anyhow::Result<ResetReport> {
    off_the_runtime(|| Ok(prepared(url, |conn| Ok(conn.transaction("BEGIN", seed::reset_to_seeded)?))?.0))
}

/// `market seed --products N --database postgres://...`: the database's catalog made
/// anew with `total` products, everything else emptied. Refuses a database holding
/// shoppers' data unless `force`.
pub fn seed_catalog(url: &str, total: u64, force: bool) -> anyhow::Result<SeedReport> {
    seed::check_size(total)?;
    off_the_runtime(|| {
        let (made, _) = prepared(url, |conn| {
            refuse_while_serving(conn.client(), &redacted(url))?;
            let held = conn.transaction("BEGIN", |c| seed::shoppers_data(c, true))?;
            seed::refuse_unless_forced(held, force, &redacted(url))?;
            let made = conn.transaction("BEGIN", |c| {
                c.batch(
                    "TRUNCATE departments, products, product_images, users, reviews, sessions, cart_items,
                         favorites, orders, order_items, idempotency_keys, brands, changes, rate_limits
                     RESTART IDENTITY;",
                )?;
                seed::seed_if_empty(c)?;
                // The generator writes each product's rating itself; the brands are
                // counted once at the end. The triggers that would do both row by row
                // are off until then (inside this transaction: nobody else sees it).
                let triggers = |c: &mut Conn, state: &str| {
                    c.batch(&format!(
                        "ALTER TABLE reviews {state} TRIGGER reviews_count_insert;
                         ALTER TABLE reviews {state} TRIGGER reviews_changed;
                         ALTER TABLE products {state} TRIGGER brands_count_insert;
                         ALTER TABLE products {state} TRIGGER products_changed;"
                    ))
                };
                triggers(c, "DISABLE")?;
                let made = seed::generate(c, total)?;
                triggers(c, "ENABLE")?;
                seed::recount_brands(c)?;
                continue_ids_past_seeded(c)?;
                c.execute("DELETE FROM changes", &[])?;
                Ok(made)
            })?;
            // Statistics for the planner, and the visibility map, without which a
            // department's facets read the table rather than only its covering index
            // (autovacuum would get there, minutes later).
            conn.batch("VACUUM (ANALYZE)")?;
            Ok(made)
        })?;
        Ok(made)
    })
}

/// A new catalog under running servers would leave the answers they keep stale (the
/// catalog is remade with its change log off), and their requests would wait on the
/// seed's locks: they are stopped first, as a SQLite file's server is. Takes the
/// serving lock for the rest of this session, so that none starts serving meanwhile.
fn refuse_while_serving(client: &mut Client, database: &str) -> anyhow::Result<()> {
    if client.query_one("SELECT pg_try_advisory_lock($1)", &[&SERVING_LOCK])?.get::<_, bool>(0) {
        return Ok(());
    }
    let serving: i64 = client
        .query_one(
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted AND objsubid = 1
               AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
               AND ((classid::bigint << 32) | objid::bigint) = $1",
            &[&SERVING_LOCK],
        )?
        .get(0);
    anyhow::bail!(
        "{serving} Market server(s) are serving {database}: stop them before making a new catalog, \
         then start them again"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_stay_out_of_messages() {
        assert_eq!(
            redacted("postgres://market:secret@db:5432/market"),
            "postgres://market:***@db:5432/market"
        );
        assert_eq!(redacted("postgres://db/market"), "postgres://db/market");
        assert_eq!(redacted("postgres://market@db/market"), "postgres://market@db/market");
    }
}
