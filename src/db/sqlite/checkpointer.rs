//! Copies the WAL back into the database file on a thread and connection of its own.
//!
//! SQLite's automatic checkpoint runs inside the commit that takes the WAL past 1,000
//! pages, on the connection that committed: here the one writer, so every write
//! waiting behind it waited for the copy and its fsync too. A catalog import's step
//! changes a few thousand index pages, so the writer spent more time copying them back
//! than changing them, and the checkouts beside it waited. The writer runs with
//! `wal_autocheckpoint=0` and nudges this thread after each commit instead; a passive
//! checkpoint takes no write lock, so the writer goes on committing meanwhile, and one
//! checkpoint copies what several commits wrote, a page changed by each only once.
//!
//! A WAL starts over from its beginning only when a write transaction starts with every
//! frame copied, which a busy writer never sees while another thread copies behind it;
//! and every read looks pages up in the WAL's index, slower the longer it is. So once
//! the WAL is [`LONG`], the writer copies the little that is left itself, between two
//! groups, and its next transaction starts the WAL over (unless a reader still reads
//! an older state; then a later try does).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, SyncSender};
use std::time::{Duration, Instant};

use rusqlite::Connection;

/// At most one checkpoint this often: what commits write meanwhile waits for the next.
const EVERY: Duration = Duration::from_millis(100);

/// A WAL of this many pages (4 MiB, SQLite's own automatic checkpoint's) is started
/// over: a store on a small disk must not fill it with WAL (`make test-faults` runs on
/// 8 MB). Each start over costs the writer the copy of what the checkpointer has not
/// yet copied (up to [`EVERY`] of writes): at 64 MiB a million-row import took 115 s,
/// at 16 MiB 150 s.
const LONG: i64 = 1_000;

/// The writer's handle on the thread; the thread ends when it is dropped.
pub struct Checkpointer {
    nudge: SyncSender<()>,
    long: Arc<AtomicBool>,
}

impl Checkpointer {
    pub fn start(conn: Connection) -> std::io::Result<Checkpointer> {
        let (nudge, nudged) = mpsc::sync_channel(1);
        let long = Arc::new(AtomicBool::new(false));
        let seen = long.clone();
        std::thread::Builder::new()
            .name("sqlite-checkpointer".into())
            .spawn(move || run(&conn, &nudged, &seen))?;
        Ok(Checkpointer { nudge, long })
    }

    /// After a commit: a checkpoint is due. Never waits; nudges while one is due or
    /// running are one nudge.
    pub fn nudge(&self) {
        let _ = self.nudge.try_send(());
    }

    /// Whether the WAL has grown [`LONG`] since this was last asked.
    pub fn wal_is_long(&self) -> bool {
        self.long.swap(false, Ordering::Relaxed)
    }
}

/// Copies the WAL's frames into the database file without waiting for anyone; what
/// the WAL holds, in pages.
pub fn copy_wal(conn: &Connection) -> rusqlite::Result<i64> {
    conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |r| r.get(1))
}

fn run(conn: &Connection, nudged: &Receiver<()>, long: &AtomicBool) {
    while nudged.recv().is_ok() {
        let began = Instant::now();
        match copy_wal(conn) {
            Ok(pages) if pages >= LONG => long.store(true, Ordering::Relaxed),
            Ok(_) => {}
            Err(e) => tracing::warn!("copying the WAL into the database failed: {e}"),
        }
        std::thread::sleep(EVERY.saturating_sub(began.elapsed()));
    }
}
