//! SQLite access: one pool of readers, one writer, and the two ways in.
//!
//! rusqlite blocks, so no query runs on the async workers: reads run on actix's
//! blocking pool through [`Db::read`], writes on the writer thread through
//! [`Db::write`]. Writes go through a single connection and `BEGIN IMMEDIATE`: SQLite
//! allows one writer at a time anyway, and a deferred transaction that upgrades to a
//! write fails with `SQLITE_BUSY` at once instead of waiting out `busy_timeout`. The
//! writer thread commits the writes waiting at the same time together (`writer.rs`).

pub mod cart;
pub mod catalog;
pub mod favorites;
pub mod idempotency;
pub mod migrations;
pub mod orders;
pub mod ownership;
pub mod reviews;
pub mod seed;
pub mod users;
mod writer;

use std::path::Path;
use std::time::Duration;

use anyhow::Context;
use r2d2_sqlite::SqliteConnectionManager;
use rusqlite::{Connection, Transaction};

use crate::error::ApiError;

pub use r2d2_sqlite::rusqlite;

pub type Pool = r2d2::Pool<SqliteConnectionManager>;

#[derive(Clone)]
pub struct Db {
    readers: Pool,
    writer: writer::Writer,
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

impl Db {
    /// Opens (creating if needed) the database file, migrates it to the latest schema
    /// and seeds the catalog when it is empty.
    pub fn open(path: &Path) -> anyhow::Result<Db> {
        let manager = || SqliteConnectionManager::file(path).with_init(configure);
        let mut conn =
            Connection::open(path).with_context(|| format!("opening database {}", path.display()))?;
        configure(&mut conn)?;
        migrations::run(&mut conn)?;
        seed::seed_if_empty(&mut conn)?;
        let writer = writer::Writer::start(conn)?;
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get()) as u32;
        let readers = r2d2::Pool::builder().max_size(cores * 2).min_idle(Some(1)).build(manager())?;
        Ok(Db { readers, writer })
    }

    /// Runs a read on the blocking pool.
    pub async fn read<T, F>(&self, f: F) -> Result<T, ApiError>
    where
        F: FnOnce(&Connection) -> Result<T, ApiError> + Send + 'static,
        T: Send + 'static,
    {
        let pool = self.readers.clone();
        actix_web::web::block(move || f(&*pool.get()?)).await?
    }

    /// Folds the write-ahead log into the database file and empties it (at shutdown).
    pub async fn checkpoint(&self) -> Result<(), ApiError> {
        self.writer
            .with_connection(|conn| {
                let (busy, _, _): (i64, i64, i64) =
                    conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |r| {
                        Ok((r.get(0)?, r.get(1)?, r.get(2)?))
                    })?;
                if busy != 0 {
                    return Err(ApiError::internal(anyhow::anyhow!(
                        "the checkpoint was blocked by a reader"
                    )));
                }
                Ok(())
            })
            .await
    }

    /// Runs `f` in a `BEGIN IMMEDIATE` transaction on the writer connection (inside a
    /// savepoint of its own, alongside the other writes of its group), and answers
    /// only once that transaction has committed. When `f` fails, nothing it did stays.
    pub async fn write<T, F>(&self, f: F) -> Result<T, ApiError>
    where
        F: FnOnce(&Transaction) -> Result<T, ApiError> + Send + 'static,
        T: Send + 'static,
    {
        self.writer.write(f).await
    }
}
