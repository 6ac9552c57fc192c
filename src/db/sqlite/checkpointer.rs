//! Checkpoints off the writer: a thread copies the WAL back into the database file.
//!
//! SQLite's automatic checkpoint runs inside the commit that takes the WAL past 1,000
//! pages, on the connection that committed: here the one writer, so every write
//! waiting behind it waits for the copy and its fsync too. A catalog import's step
//! changes hundreds of index pages scattered over the catalog, and its checkpoints cost
//! more than its changes; shoppers' writes, a few pages each, wait for them too.
//!
//! So the writer's automatic checkpoint is off, and [`Checkpointer`]'s thread copies
//! the WAL back with passive checkpoints, at most every [`EVERY`] and only after the
//! writer committed something: they take no write lock, so the writer goes on
//! committing meanwhile, and one checkpoint copies what many groups wrote, a page
//! changed by each only once.
//!
//! A WAL starts over from its beginning only when a write transaction starts with every
//! frame copied, which a busy writer rarely sees while another thread copies behind it.
//! So once the WAL holds [`AUTOMATIC`] pages (SQLite's own limit, which keeps the file
//! at a few MiB, as a store on a small disk needs: `make test-faults` runs on 8 MB), the
//! writer copies the little that is left itself, between two groups, and its next
//! transaction starts the WAL over (unless a reader still reads an older state; then a
//! later try does). While a catalog import is applied ([`Checkpointer::long_wal`]) the
//! WAL may grow to [`LONG`] instead: each start over costs the writer the copy of what
//! the thread had not copied yet, some tens of milliseconds of steps that shoppers'
//! writes wait for.

use std::sync::atomic::Ordering;
use std::sync::mpsc::{self, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use r2d2_sqlite::SqliteConnectionManager;

use super::writer::{Copied, WalState, copy_wal};

/// At most one checkpoint this often: what the writer commits meanwhile waits for the next.
const EVERY: Duration = Duration::from_millis(100);

/// A WAL of this many pages (4 MiB) is started over: SQLite's own automatic checkpoint.
pub const AUTOMATIC: i64 = 1_000;

/// A WAL of this many pages (1 GiB) is started over while a catalog import is applied:
/// its steps write some 150 MiB of WAL a second (a step's few hundred scattered index
/// pages), and at 256 MiB the writer's copies of the last frames, every two seconds or
/// so, held shoppers' writes for 150-220 ms each. The file is cut back to
/// [`super::WAL_KEPT`] at the first start over after the import.
const LONG: i64 = 262_144;

/// Frames left uncopied that the writer copies itself in a moment, between two groups.
const FEW: i64 = 256;

/// Copies the WAL; once it has grown to `limit`, copies again what was written meanwhile
/// (a few times at most) until [`FEW`] frames are left: what the writer then copies
/// itself, while every write waits, stays small.
fn catch_up(conn: &rusqlite::Connection, limit: i64) -> rusqlite::Result<Option<Copied>> {
    let mut copied = copy_wal(conn)?;
    for _ in 0..4 {
        match copied {
            Some(Copied { pages, left }) if pages >= limit && left > FEW => copied = copy_wal(conn)?,
            _ => break,
        }
    }
    Ok(copied)
}

/// Copies the WAL back on a thread of its own until [`Checkpointer::stop`] or drop.
pub struct Checkpointer {
    wal: Arc<WalState>,
    running: Mutex<Option<(Sender<()>, JoinHandle<()>)>>,
}

/// While held, the WAL may grow to [`LONG`] pages before the writer starts it over.
pub struct LongWal {
    wal: Arc<WalState>,
}

impl Drop for LongWal {
    fn drop(&mut self) {
        self.wal.long_holders.fetch_sub(1, Ordering::Relaxed);
    }
}

impl Checkpointer {
    /// Starts the thread, which copies with the readers' connections. The writer's own
    /// automatic checkpoint is already off (`configure_writer`).
    pub fn start(
        wal: Arc<WalState>,
        readers: r2d2::Pool<SqliteConnectionManager>,
    ) -> std::io::Result<Checkpointer> {
        let state = wal.clone();
        let (running, stop) = mpsc::channel::<()>();
        let thread = std::thread::Builder::new().name("sqlite-checkpointer".into()).spawn(move || {
            let mut copied_after = 0;
            // Said once a spell: on a full disk, a copy that must grow the file fails
            // every time until space comes back.
            let mut failing = false;
            loop {
                let began = Instant::now();
                let commits = wal.commits.load(Ordering::Relaxed);
                if commits != copied_after {
                    let limit = if wal.long_holders.load(Ordering::Relaxed) > 0 { LONG } else { AUTOMATIC };
                    let copied =
                        readers.get().map_err(crate::db::Error::from).and_then(|c| Ok(catch_up(&c, limit)?));
                    match copied {
                        Ok(copied) => {
                            tracing::debug!(
                                ?copied,
                                ms = began.elapsed().as_millis() as u64,
                                "the WAL was copied"
                            );
                            copied_after = commits;
                            if failing {
                                tracing::info!("copying the WAL into the database works again");
                                failing = false;
                            }
                            // `None`: the writer was copying; its WAL is as long as it was.
                            // More than a few frames left: a reader still needs them (a
                            // long read, such as a catalog export), and the writer could
                            // not copy them either.
                            if copied.is_some_and(|copied| copied.pages >= limit && copied.left <= FEW) {
                                wal.long.store(true, Ordering::Relaxed);
                            }
                        }
                        Err(e) if !failing => {
                            tracing::warn!("copying the WAL into the database failed: {e}");
                            failing = true;
                        }
                        Err(_) => {}
                    }
                }
                match stop.recv_timeout(EVERY.saturating_sub(began.elapsed())) {
                    Err(RecvTimeoutError::Timeout) => {}
                    Ok(()) | Err(RecvTimeoutError::Disconnected) => return,
                }
            }
        })?;
        Ok(Checkpointer { wal: state, running: Mutex::new(Some((running, thread))) })
    }

    /// Lets the WAL grow long until the answer is dropped: for a long run of large
    /// writes (a catalog import).
    pub fn long_wal(&self) -> LongWal {
        self.wal.long_holders.fetch_add(1, Ordering::Relaxed);
        LongWal { wal: self.wal.clone() }
    }

    /// Ends the thread, once a copy under way is done: before the last checkpoint at
    /// shutdown, which another copying at once would make fail.
    pub fn stop(&self) {
        let running = self.running.lock().unwrap_or_else(|e| e.into_inner()).take();
        if let Some((stop, thread)) = running {
            let _ = stop.send(());
            let _ = thread.join();
        }
    }
}
