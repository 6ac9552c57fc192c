//! The pool of connections: where they go and how (the client's settings, its time
//! limits and TLS), how they are made, checked and handed out, how a failure to make
//! one is told, and the transactions a pooled connection runs.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::Context;
use postgres::config::Host;
use postgres::{Client, Config};
use tokio_postgres_rustls::MakeRustlsConnect;

use super::connection::PgConn;
use super::tls;
use crate::db::conn::Conn;
use crate::db::metrics::PoolEvents;
use crate::db::{DbMetrics, Error};

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

impl PgConn {
    /// Runs `f` between `begin` and COMMIT; on any failure, rolls back.
    pub(super) fn transaction<T>(
        &mut self,
        begin: &str,
        f: impl FnOnce(&mut Conn) -> Result<T, Error>,
    ) -> Result<T, Error> {
        self.run_transaction(begin, f, false).map(|(value, _)| value)
    }

    /// [`Self::transaction`], answering also the transaction's id if it wrote anything:
    /// read as it commits, in the same round trip.
    pub(super) fn write_transaction<T>(
        &mut self,
        begin: &str,
        f: impl FnOnce(&mut Conn) -> Result<T, Error>,
    ) -> Result<(T, Option<i64>), Error> {
        self.run_transaction(begin, f, true)
    }

    fn run_transaction<T>(
        &mut self,
        begin: &str,
        f: impl FnOnce(&mut Conn) -> Result<T, Error>,
        noting_id: bool,
    ) -> Result<(T, Option<i64>), Error> {
        self.began = false;
        self.client().batch_execute(begin)?;
        self.in_transaction = true;
        self.began = true;
        let outcome = f(&mut Conn::Postgres(self));
        let outcome = match outcome {
            Ok(value) => self.commit(noting_id).map(|id| (value, id)),
            Err(e) => Err(e),
        };
        if outcome.is_err() && self.client().batch_execute("ROLLBACK").is_err() {
            // Still marked as in a transaction: the pool drops this connection.
            return outcome;
        }
        self.in_transaction = false;
        outcome
    }

    fn commit(&mut self, noting_id: bool) -> Result<Option<i64>, Error> {
        if !noting_id {
            self.client().batch_execute("COMMIT")?;
            return Ok(None);
        }
        let said = self.client().simple_query("SELECT pg_current_xact_id_if_assigned()::text; COMMIT")?;
        Ok(said.iter().find_map(|message| match message {
            postgres::SimpleQueryMessage::Row(row) => row.get(0).and_then(|id| id.parse().ok()),
            _ => None,
        }))
    }
}

/// Where the store's connections go, and how: the client's settings and its TLS.
#[derive(Clone)]
pub(super) struct Target {
    pub(super) config: Config,
    tls: MakeRustlsConnect,
    /// The `sslmode` the URL asked for, for the log.
    pub(super) tls_mode: tls::Mode,
}

impl Target {
    pub(super) fn connect(&self) -> Result<Client, postgres::Error> {
        self.config.connect(self.tls.clone())
    }
}

/// Makes the pool's connections.
pub(super) struct Manager {
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

pub(super) type Pool = r2d2::Pool<Manager>;

/// The pool, and what its manager last heard when a connection could not be made.
#[derive(Clone)]
pub(super) struct Connections {
    pub(super) pool: Pool,
    refused: Arc<AtomicBool>,
}

impl Connections {
    /// Opens the pool of connections to `target`.
    pub(super) fn open(target: &Target, metrics: Arc<DbMetrics>) -> anyhow::Result<Connections> {
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
        Ok(Connections { pool, refused })
    }

    /// A connection from the pool, waited for briefly when the server is `down`. Waiting
    /// in vain while the pool is short of connections means they cannot be made: the
    /// server is out of reach, or refuses more (its `max_connections`); with all of them
    /// open, every one was busy (the store is).
    fn connection(&self, down: bool) -> Result<r2d2::PooledConnection<Manager>, Error> {
        let pool = &self.pool;
        pool.get_timeout(if down { CONNECT_WHILE_DOWN } else { CONNECT_WITHIN }).map_err(|e| {
            let short = pool.state().connections < pool.max_size();
            match (short, self.refused.load(Ordering::Relaxed)) {
                (true, false) => Error::Unreachable(format!("no connection could be made: {e}")),
                (true, true) => Error::Unavailable(format!("the server refused a new connection: {e}")),
                (false, _) => Error::Unavailable(format!("every connection was in use: {e}")),
            }
        })
    }

    /// Runs `work` on a connection from the pool, and once more on a new one when the
    /// first turns out dead before `work` could have changed anything (the server
    /// closed it: it restarted, or failed over, since the connection was last used).
    pub(super) fn on_live_connection<T>(
        &self,
        down: bool,
        work: impl Fn(&mut PgConn) -> Result<T, Error>,
    ) -> Result<T, Error> {
        let mut conn = self.connection(down)?;
        // What the connection's last use left says nothing about this one.
        conn.began = false;
        match work(&mut conn) {
            Err(Error::Unreachable(why)) if !conn.began && conn.client().is_closed() => {
                tracing::debug!("a connection the server had closed was replaced: {why}");
                drop(conn);
                work(&mut *self.connection(down)?)
            }
            outcome => outcome,
        }
    }
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
pub(super) fn server(config: &Config) -> String {
    let host = match config.get_hosts().first() {
        Some(Host::Tcp(name)) => name.clone(),
        Some(Host::Unix(path)) => path.display().to_string(),
        None => "localhost".into(),
    };
    let port = config.get_ports().first().copied().unwrap_or(5432);
    format!("{host}:{port}/{}", config.get_dbname().unwrap_or("(the user's database)"))
}

/// The client's settings for `url`, with the store's time limits, and its TLS.
pub(super) fn target(url: &str) -> anyhow::Result<Target> {
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
pub(super) fn connect(target: &Target) -> anyhow::Result<Client> {
    let client = target.connect().map_err(|e| {
        anyhow::anyhow!("cannot use the PostgreSQL database at {}: {}", server(&target.config), cause(&e))
    })?;
    Ok(client)
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
