//! Checkpoints off the writer while a catalog import is applied.
//!
//! SQLite's automatic checkpoint runs inside the commit that takes the WAL past 1,000
//! pages, on the connection that committed: here the one writer, so every write
//! waiting behind it waits for the copy and its fsync too. For shoppers' writes, a few
//! pages each, that is cheap, and it keeps the WAL at a few MiB, which a store on a
//! small disk needs (`make test-faults` runs on 8 MB). A catalog import's step changes
//! hundreds of index pages scattered over the catalog, so its checkpoints cost more
//! than its changes, and the checkouts beside it waited for them.
//!
//! So while an import is applied, [`CheckpointsAside`] turns the writer's automatic
//! checkpoint off and a thread copies the WAL back with passive checkpoints, which take
//! no write lock: the writer goes on committing meanwhile, and one checkpoint copies
//! what many steps wrote, a page changed by each only once.
//!
//! A WAL starts over from its beginning only when a write transaction starts with every
//! frame copied, which a busy writer never sees while another thread copies behind it.
//! So once the WAL is [`LONG`], the writer copies the little that is left itself,
//! between two groups, and its next transaction starts the WAL over (unless a reader
//! still reads an older state; then a later try does).

use std::sync::atomic::Ordering;
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use r2d2_sqlite::SqliteConnectionManager;

use super::writer::{Writer, copy_wal};

/// At most one checkpoint this often: what the steps write meanwhile waits for the next.
const EVERY: Duration = Duration::from_millis(100);

/// A WAL of this many pages (256 MiB) is started over while an import is applied. Each
/// start over costs the writer the copy of what the thread had not copied yet (up to
/// [`EVERY`] of steps), some tens of milliseconds that shoppers' writes wait for: at
/// 64 MiB, once a second. The file goes back to [`super::WAL_KEPT`] once started over.
const LONG: i64 = 65_536;

/// SQLite's own automatic checkpoint, which the writer goes back to afterwards.
pub const AUTOMATIC: i64 = 1_000;

/// Checkpoints are off the writer until this is dropped.
pub struct CheckpointsAside {
    writer: Writer,
    /// Dropped to end the thread.
    _running: Sender<()>,
}

impl CheckpointsAside {
    /// Turns the writer's automatic checkpoint off (in its queue, after the writes
    /// already there) and starts the thread, which copies with the readers' connections.
    pub async fn start(
        writer: Writer,
        readers: r2d2::Pool<SqliteConnectionManager>,
    ) -> Result<CheckpointsAside, crate::db::Error> {
        writer.with_connection(|c| Ok(c.pragma_update(None, "wal_autocheckpoint", 0)?)).await?;
        let (running, stop) = mpsc::channel::<()>();
        let long = writer.wal_long();
        let started = std::thread::Builder::new().name("sqlite-checkpointer".into()).spawn(move || {
            loop {
                let began = Instant::now();
                let copied = readers.get().map_err(crate::db::Error::from).and_then(|c| Ok(copy_wal(&c)?));
                match copied {
                    Ok(pages) if pages >= LONG => long.store(true, Ordering::Relaxed),
                    Ok(_) => {}
                    Err(e) => tracing::warn!("copying the WAL into the database failed: {e}"),
                }
                match stop.recv_timeout(EVERY.saturating_sub(began.elapsed())) {
                    Err(RecvTimeoutError::Timeout) => {}
                    Ok(()) | Err(RecvTimeoutError::Disconnected) => return,
                }
            }
        });
        let aside = CheckpointsAside { writer, _running: running };
        started.map_err(crate::db::Error::other)?;
        Ok(aside)
    }
}

impl Drop for CheckpointsAside {
    fn drop(&mut self) {
        // The thread ends at its next wake-up (dropping `_running`); the writer goes back
        // to checkpointing itself, after whatever is in its queue.
        self.writer.run_plain(|c| {
            if let Err(e) = c.pragma_update(None, "wal_autocheckpoint", AUTOMATIC) {
                tracing::warn!("turning the automatic checkpoint back on failed: {e}");
            }
        });
    }
}
