//! SQLite: the default engine, one file in the data folder. Reads run on a pool of
//! connections; every write goes through the one writer thread (`writer.rs`), which is
//! SQLite's own rule (one writer at a time) made into a queue that commits in groups.

mod admin_search;
pub mod backup;
mod changes;
mod checkpointer;
pub(super) mod dialect;
mod error;
pub mod identity;
mod migrations;
mod search;
mod writer;

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use r2d2_sqlite::SqliteConnectionManager;
use rusqlite::{Connection, OpenFlags, TransactionBehavior};

pub use checkpointer::LongWal;
use writer::WAL_KEPT;

use super::changes::Feed;
use super::conn::Conn;
use super::faults::WriteFaults;
use super::metrics::PoolEvents;
use super::seed::{self, ResetReport, SeedReport};
use super::{DbMetrics, Error};

type Pool = r2d2::Pool<SqliteConnectionManager>;

#[derive(Clone)]
pub struct Store {
    readers: Pool,
    writer: writer::Writer,
    /// Copies the WAL back beside the writer (`checkpointer.rs`).
    checkpointer: Arc<checkpointer::Checkpointer>,
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

/// What the one writer gets beside [`configure`]. No automatic checkpoint: a thread
/// copies the WAL back instead (`checkpointer.rs`). `temp_store=MEMORY`: it runs each
/// write of a group in a savepoint, whose journal of the pages the write changed would
/// otherwise spill past 64 KiB into a temporary file, created, written and unlinked
/// per write (most of a checkout's cost once it takes stock, which changes a product
/// row and three of its indexes). SQLite's default page cache, and a WAL file cut back
/// to [`WAL_KEPT`] when it starts over, except while a catalog import runs
/// (`writer::fit_to_imports`). Readers keep SQLite's defaults, so a large sort spills to
/// disk instead of growing the process.
fn configure_writer(conn: &Connection) -> rusqlite::Result<()> {
    conn.pragma_update(None, "wal_autocheckpoint", 0)?;
    conn.pragma_update(None, "temp_store", "MEMORY")?;
    conn.pragma_update(None, "cache_size", writer::EVERYDAY_CACHE)?;
    conn.pragma_update(None, "journal_size_limit", WAL_KEPT)
}

/// How long a write waits for SQLite's write lock when another process holds it (an
/// operator's `sqlite3` shell in a transaction) before it is answered 503: well inside
/// the time a shopper or a proxy waits for an answer.
const WRITE_LOCK_WAIT: Duration = Duration::from_secs(2);

/// How often the change log is read for changes that other connections made.
const POLL_EVERY: Duration = Duration::from_millis(500);

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
    let e = match e.downcast::<Error>() {
        Ok(Error::Other(inner)) => inner,
        Ok(other) => return other.into(),
        Err(e) => e,
    };
    match e.downcast::<rusqlite::Error>() {
        Ok(e) => identity::refusal(conn, path, e),
        Err(e) => e,
    }
}

/// Runs `f` in an immediate transaction of its own on `conn` and commits it.
fn in_transaction<T>(
    conn: &mut Connection,
    f: impl FnOnce(&mut Conn) -> Result<T, Error>,
) -> anyhow::Result<T> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let value = f(&mut Conn::Sqlite(&tx))?;
    tx.commit()?;
    Ok(value)
}

/// Seeds the catalog unless the database holds anything (`seed::seed_if_empty`); a
/// rowid goes on past the largest one by itself, so seeding has nothing more to do.
fn seed_if_empty(c: &mut Conn) -> Result<bool, Error> {
    seed::seed_if_empty(c, |_| Ok(()))
}

/// Brings a database opened by [`open_checked`] to this Market's schema, and seeds it
/// when it holds nothing.
fn prepare(conn: &mut Connection, path: &Path) -> anyhow::Result<()> {
    migrations::run(conn).map_err(|e| refusal_if_damaged(conn, path, e))?;
    in_transaction(conn, seed_if_empty).map_err(|e| refusal_if_damaged(conn, path, e))?;
    forget_empty_statistics(conn)?;
    Ok(())
}

/// Forgets what `ANALYZE` said of the indexes it found empty. Those are partial indexes
/// of rows that come later (an import's waiting rows, archived products, hidden
/// reviews), and the planner believes the statistic: it took an empty index for the
/// cheapest way into a table, and an import step at a million products walked every
/// waiting row (a second a step rather than milliseconds). With no statistic, SQLite
/// assumes an index of a large table and plans as for one.
fn forget_empty_statistics(conn: &Connection) -> rusqlite::Result<()> {
    if !has_table(conn, "sqlite_stat1")? {
        return Ok(());
    }
    let forgotten = conn.execute("DELETE FROM sqlite_stat1 WHERE stat = '0' OR stat LIKE '0 %'", [])?;
    if forgotten > 0 {
        // Read again by this connection; those opened later read them anyway.
        conn.execute_batch("ANALYZE sqlite_schema")?;
    }
    Ok(())
}

impl Store {
    /// Opens the file at `path` for the store, capped at `max_size` bytes if given
    /// (`Limits::max_size`).
    pub fn open(
        path: &Path,
        max_size: Option<u64>,
        metrics: Arc<DbMetrics>,
        faults: Arc<WriteFaults>,
    ) -> anyhow::Result<(Store, Arc<Feed>)> {
        let manager = SqliteConnectionManager::file(path).with_init(configure);
        let mut conn = open_checked(path)?;
        prepare(&mut conn, path)?;
        let feed = Arc::new(Feed::start_at(&mut Conn::Sqlite(&conn))?);
        conn.busy_timeout(WRITE_LOCK_WAIT)?;
        configure_writer(&conn)?;
        if let Some(bytes) = max_size {
            cap_size(&conn, bytes)?;
        }
        let writer = writer::Writer::start(conn, feed.clone(), metrics.clone(), faults)?;
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get()) as u32;
        let readers = r2d2::Pool::builder()
            .max_size(cores * 2)
            .min_idle(Some(1))
            .event_handler(Box::new(PoolEvents(metrics)))
            .build(manager)?;
        let checkpointer = Arc::new(checkpointer::Checkpointer::start(writer.wal(), readers.clone())?);
        Ok((Store { readers, writer, checkpointer }, feed))
    }

    /// Runs a read on the blocking pool.
    pub async fn read<T, F>(&self, f: F) -> Result<T, Error>
    where
        F: FnOnce(&mut Conn) -> Result<T, Error> + Send + 'static,
        T: Send + 'static,
    {
        let pool = self.readers.clone();
        actix_web::web::block(move || f(&mut Conn::Sqlite(&*pool.get()?))).await.map_err(Error::other)?
    }

    /// Runs a read in one read transaction: every statement of `f` sees the database as
    /// it was at the first (in WAL mode, writers go on meanwhile).
    pub async fn read_snapshot<T, F>(&self, f: F) -> Result<T, Error>
    where
        F: FnOnce(&mut Conn) -> Result<T, Error> + Send + 'static,
        T: Send + 'static,
    {
        self.read(|c| {
            let Conn::Sqlite(conn) = c else { unreachable!("a SQLite reader") };
            // Rolled back when dropped, if `f` fails; a read has nothing to undo anyway.
            let tx = conn.unchecked_transaction()?;
            let value = f(&mut Conn::Sqlite(&tx))?;
            tx.commit()?;
            Ok(value)
        })
        .await
    }

    /// Runs `f` in a `BEGIN IMMEDIATE` transaction on the writer connection (inside a
    /// savepoint of its own, alongside the other writes of its group), and answers
    /// only once that transaction has committed.
    pub async fn write<T, F>(&self, f: F) -> Result<T, Error>
    where
        F: FnOnce(&mut Conn) -> Result<T, Error> + Send + 'static,
        T: Send + 'static,
    {
        self.writer.write(f).await
    }

    /// [`Store::write`] whose group commits without waiting for the disk: see
    /// [`writer::Durability::Redoable`].
    pub async fn write_redoable<T, F>(&self, f: F) -> Result<T, Error>
    where
        F: FnOnce(&mut Conn) -> Result<T, Error> + Send + 'static,
        T: Send + 'static,
    {
        self.writer.write_with(writer::Durability::Redoable, f).await
    }

    /// Reads the change log for changes other connections made, every [`POLL_EVERY`],
    /// for as long as the feed is in use.
    pub fn poll_changes(&self, feed: &Arc<Feed>) -> anyhow::Result<()> {
        let feed = Arc::downgrade(feed);
        let readers = self.readers.clone();
        std::thread::Builder::new().name("change-poller".into()).spawn(move || {
            while let Some(feed) = feed.upgrade() {
                let delivered =
                    readers.get().map_err(Error::from).and_then(|c| feed.deliver(&mut Conn::Sqlite(&c)));
                if let Err(e) = delivered {
                    tracing::warn!("reading the change log failed: {e}");
                }
                drop(feed);
                std::thread::sleep(POLL_EVERY);
            }
        })?;
        Ok(())
    }

    /// Lets the WAL grow long until the answer is dropped: for a long run of large
    /// writes (a catalog import), see `checkpointer.rs`.
    pub fn long_wal(&self) -> LongWal {
        self.checkpointer.long_wal()
    }

    /// Folds the write-ahead log into the database file and empties it (at shutdown).
    pub async fn checkpoint(&self) -> Result<(), Error> {
        let checkpointer = self.checkpointer.clone();
        actix_web::web::block(move || checkpointer.stop()).await.map_err(Error::other)?;
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
}

/// Whether the file is at this Market's schema.
pub fn schema_is_current(c: &mut Conn) -> Result<bool, Error> {
    let version: i64 = c.query_one("PRAGMA user_version", &[], |r| r.get(0))?;
    Ok(version as usize == migrations::LATEST)
}

/// `market reset`: takes the database at `path` (of a stopped store) back to its seeded
/// state, making and seeding it if it does not exist.
pub fn reset_file(path: &Path) -> anyhow::Result<ResetReport> {
    let mut conn = open_checked(path)?;
    prepare(&mut conn, path)?;
    let report = in_transaction(&mut conn, seed::reset_to_seeded)?;
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

/// `market seed --products N`: a fresh database at `path` holding the seeded catalog and
/// generated products up to `total` in all. A database that holds shoppers' data is
/// left alone unless `force`; any other is replaced.
pub fn seed_catalog(path: &Path, total: u64, force: bool) -> anyhow::Result<SeedReport> {
    seed::check_size(total)?;
    if path.exists() {
        let existing = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
        identity::check(&existing, path)?;
        let held = seed::shoppers_data(&mut Conn::Sqlite(&existing), has_table(&existing, "users")?)?;
        drop(existing);
        seed::refuse_unless_forced(held, force, &path.display().to_string())?;
        for suffix in ["", "-wal", "-shm"] {
            let file = format!("{}{suffix}", path.display());
            if Path::new(&file).exists() {
                std::fs::remove_file(&file).with_context(|| format!("removing {file}"))?;
            }
        }
    }
    let mut conn = Connection::open(path).with_context(|| format!("creating {}", path.display()))?;
    identity::claim(&conn, path)?;
    // A new file nobody uses yet: if the machine stops now, seeding starts again. So no
    // write-ahead log while it is made (in WAL mode each of its gigabyte's pages would be
    // written twice, to the log and then to the file), and no waiting for the disk.
    conn.pragma_update(None, "journal_mode", "MEMORY")?;
    conn.pragma_update(None, "synchronous", "OFF")?;
    migrations::run(&mut conn)?;
    in_transaction(&mut conn, seed_if_empty)?;
    // Making the indexes and the search index sorts and merges a million rows: 64 MiB
    // of page cache and sorting in memory rather than SQLite's 2 MiB and temp files.
    conn.pragma_update(None, "cache_size", -65536)?;
    conn.pragma_update(None, "temp_store", "MEMORY")?;
    let made = in_transaction(&mut conn, |c| {
        let Conn::Sqlite(tx) = c else { unreachable!("a SQLite transaction") };
        // The triggers count ratings, index words and log changes row by row; the
        // generator writes the counts itself, the derived tables are rebuilt in one pass
        // after it, and a new database has nothing kept to tell about. The secondary
        // indexes are quicker made once than kept row by row. Both are set aside while
        // it writes and made again, exactly as they were, before the commit.
        let set_aside: Vec<(String, String, String)> = {
            let mut stmt = tx.prepare(
                "SELECT type, name, sql FROM sqlite_master
                 WHERE type = 'trigger'
                    OR (type = 'index' AND sql IS NOT NULL AND tbl_name IN ('products', 'reviews', 'product_images'))",
            )?;
            stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?.collect::<Result<_, _>>()?
        };
        for (kind, name, _) in &set_aside {
            tx.execute_batch(&format!("DROP {} \"{name}\"", kind.to_uppercase()))?;
        }
        let made = seed::generate(c, total)?;
        let Conn::Sqlite(tx) = c else { unreachable!("a SQLite transaction") };
        for (_, _, sql) in &set_aside {
            tx.execute_batch(sql)?;
        }
        tx.execute_batch("INSERT INTO product_search (product_search) VALUES ('rebuild');")?;
        seed::recount_brands(c)?;
        c.execute("DELETE FROM changes", &[])?;
        Ok(made)
    })?;
    // Statistics for the query planner, sampled so this stays quick at any size.
    conn.execute_batch("PRAGMA analysis_limit = 1000; ANALYZE;")?;
    forget_empty_statistics(&conn)?;
    // The store runs in WAL mode; the file says so from now on.
    conn.pragma_update(None, "journal_mode", "WAL")?;
    Ok(made)
}

fn has_table(conn: &Connection, name: &str) -> rusqlite::Result<bool> {
    conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1)",
        [name],
        |r| r.get(0),
    )
}

#[cfg(test)]
mod tests {
    #[actix_web::test]
    async fn every_connection_is_set_for_durability() {
        let dir = tempfile::tempdir().unwrap();
        let db = crate::db::Db::open(&dir.path().join("market.db")).unwrap();
        let crate::db::Store::Sqlite(store) = &db.store else { unreachable!() };
        let (journal, foreign_keys, synchronous, busy): (String, i64, i64, i64) = store
            .read(|c| {
                c.query_one(
                    "SELECT (SELECT journal_mode FROM pragma_journal_mode), (SELECT foreign_keys FROM pragma_foreign_keys),
                            (SELECT synchronous FROM pragma_synchronous), (SELECT timeout FROM pragma_busy_timeout)",
                    &[],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
                )
            })
            .await
            .unwrap();
        assert_eq!(journal, "wal");
        assert_eq!(foreign_keys, 1);
        assert_eq!(synchronous, 2, "synchronous=FULL");
        assert!(busy >= 1000);
        // The writer too, and its savepoints' journals stay in memory.
        let (synchronous, temp_store, cache): (i64, i64, i64) = store
            .write(|c| {
                c.query_one(
                    "SELECT (SELECT synchronous FROM pragma_synchronous), (SELECT temp_store FROM pragma_temp_store),
                            (SELECT cache_size FROM pragma_cache_size)",
                    &[],
                    |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
                )
            })
            .await
            .unwrap();
        assert_eq!(
            (synchronous, temp_store, cache),
            (2, 2, super::writer::EVERYDAY_CACHE),
            "FULL, MEMORY, 2 MB"
        );
    }

    #[actix_web::test]
    async fn the_planner_never_takes_an_index_for_empty_because_it_was_at_seeding() {
        let dir = tempfile::tempdir().unwrap();
        // As `market seed --products N` makes a store: analysed once, its imports' and
        // archived products' indexes empty then.
        super::seed_catalog(&dir.path().join("market.db"), 2_000, false).unwrap();
        let db = crate::db::Db::open(&dir.path().join("market.db")).unwrap();
        let crate::db::Store::Sqlite(store) = &db.store else { unreachable!() };
        // An import step's variant rows: by their row numbers, not by walking the index
        // of every waiting row with a variant SKU (empty when the store was seeded).
        let plan: Vec<String> = store
            .read(|c| {
                c.query(
                    "EXPLAIN QUERY PLAN UPDATE product_variants SET sku = s.variant_sku FROM product_import_rows s
                     WHERE s.import_id = 1 AND s.row_no > 2 AND s.row_no <= 252 AND s.variant_id = product_variants.id
                       AND s.variant_sku IS NOT NULL AND product_variants.sku <> s.variant_sku",
                    &[],
                    |r| r.get(3),
                )
            })
            .await
            .unwrap();
        assert!(
            plan[0].contains("SEARCH s USING PRIMARY KEY (import_id=? AND row_no>? AND row_no<?)"),
            "{plan:?}"
        );
    }

    /// The writer's automatic checkpoint, its WAL file's size kept at a restart, and its
    /// page cache.
    async fn writer_settings(store: &super::Store) -> (i64, i64, i64) {
        store
            .write(|c| {
                // Neither of the first two is a table-valued pragma.
                let every = c.query_one("PRAGMA wal_autocheckpoint", &[], |r| r.get(0))?;
                let kept = c.query_one("PRAGMA journal_size_limit", &[], |r| r.get(0))?;
                let cache = c.query_one("SELECT cache_size FROM pragma_cache_size", &[], |r| r.get(0))?;
                Ok((every, kept, cache))
            })
            .await
            .unwrap()
    }

    /// While an import lets the WAL grow long (two of its parts at once), the writer
    /// keeps the WAL file whole when it starts over and has a large page cache; once the
    /// last lets go, it cuts the file back to [`super::WAL_KEPT`] again, and the cache
    /// to SQLite's default (the pages past it are freed).
    #[actix_web::test]
    async fn the_writer_fits_itself_to_an_import_while_one_runs() {
        use super::writer::{EVERYDAY_CACHE, IMPORT_CACHE};
        let dir = tempfile::tempdir().unwrap();
        let db = crate::db::Db::open(&dir.path().join("market.db")).unwrap();
        let crate::db::Store::Sqlite(store) = &db.store else { unreachable!() };
        assert_eq!(writer_settings(store).await, (0, super::WAL_KEPT, EVERYDAY_CACHE));
        let first = store.long_wal();
        let second = store.long_wal();
        assert_eq!(writer_settings(store).await, (0, -1, IMPORT_CACHE));
        drop(first);
        assert_eq!(writer_settings(store).await, (0, -1, IMPORT_CACHE), "the second still lets it grow");
        drop(second);
        assert_eq!(writer_settings(store).await, (0, super::WAL_KEPT, EVERYDAY_CACHE));
    }

    /// With the writer's automatic checkpoint off, the checkpointer's thread keeps the
    /// WAL a few MiB long under a steady stream of writes (without it, the WAL would
    /// hold all 40 MiB of them), and the last checkpoint at shutdown empties it. The
    /// stream is paced at most 32 MB/s (64 KiB each 2 ms): on a disk that takes writes
    /// unpaced at 65 MB/s, the copies behind them fell behind and the WAL reached 14 to
    /// 17 MiB, a matter of the disk's speed, not of the checkpointer.
    #[actix_web::test]
    async fn the_wal_stays_short_without_the_writers_own_checkpoints() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("market.db");
        let db = crate::db::Db::open(&path).unwrap();
        let crate::db::Store::Sqlite(store) = &db.store else { unreachable!() };
        let (every, kept, _) = writer_settings(store).await;
        assert_eq!((every, kept), (0, super::WAL_KEPT));
        store.write(|c| c.execute("CREATE TABLE scratch (body BLOB)", &[])).await.unwrap();
        let wal = dir.path().join("market.db-wal");
        let mut longest = 0;
        for _ in 0..640 {
            store
                .write(|c| c.execute("INSERT INTO scratch (body) VALUES (zeroblob(65536))", &[]))
                .await
                .unwrap();
            longest = longest.max(std::fs::metadata(&wal).unwrap().len());
            tokio::time::sleep(std::time::Duration::from_millis(2)).await;
        }
        assert!(longest <= 12 << 20, "the WAL grew to {longest} bytes");
        db.close().await.unwrap();
        assert_eq!(std::fs::metadata(&wal).unwrap().len(), 0, "emptied at shutdown");
    }
}
