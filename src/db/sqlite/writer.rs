//! The one writer: a thread that owns the write connection and commits in groups.
//!
//! With `synchronous=FULL` every commit waits for the disk (an fsync of the WAL), and
//! a disk here does a few hundred to a couple of thousand of those a second, while a
//! checkout is three writes. So the thread runs every write that is waiting when it
//! starts a transaction in that same `BEGIN IMMEDIATE` transaction, each inside its own
//! savepoint, and commits them together:
//!
//! - a write that fails is rolled back to its savepoint and answered at once; the
//!   others in the group are untouched, exactly as if it had run alone;
//! - a write that succeeds is answered only after the group's COMMIT returned, so an
//!   acknowledged write is as durable as before; if COMMIT fails, every write of the
//!   group is answered with that error and none of them happened;
//! - writes run one after another, as with one connection before, so each still sees
//!   every earlier write, and readers see a group all at once or not at all.
//!
//! A group stops taking writes after [`MAX_GROUP`] of them or [`MAX_GROUP_TIME`], so
//! a steady stream of writes still commits often. After a commit, and before any of its
//! writes is answered, the changes the group made are delivered (`changes.rs`): a
//! shopper who reads after their write was answered never gets a kept answer from
//! before it.

use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::{Duration, Instant};

use rusqlite::{Connection, Transaction, TransactionBehavior};

use crate::db::changes::Feed;
use crate::db::conn::Conn;
use crate::db::faults::{Failure, WriteFaults};
use crate::db::{DbMetrics, Error};

/// What the writer and the checkpointer (`checkpointer.rs`) tell each other.
#[derive(Debug, Default)]
pub struct WalState {
    /// Groups committed so far: the checkpointer has nothing to copy while this stays.
    pub commits: AtomicU64,
    /// Set by the checkpointer: the WAL has grown long, and the writer is to copy what
    /// is left of it between two groups, so that its next transaction starts it over.
    pub long: AtomicBool,
    /// How many long runs of large writes (catalog imports) let the WAL grow long now
    /// (`checkpointer::LongWal`): meanwhile its file is not cut back when it starts over.
    pub long_holders: AtomicUsize,
}

/// Bytes of WAL file kept when the WAL starts over: it is started over at about 4 MiB.
/// While an import lets it grow long, the whole file is kept: cutting a file of hundreds
/// of MiB that the kernel is still writing out waits for that writing, and held every
/// write behind it for most of a second.
pub const WAL_KEPT: i64 = 16 * 1024 * 1024;

/// Between two groups, when whether an import runs changed (whether the WAL may grow
/// long): the WAL file's kept size and the page cache, each as the work needs.
fn fit_to_imports(conn: &Connection, wal: &WalState, importing: &mut bool) {
    let wanted = wal.long_holders.load(Ordering::Relaxed) > 0;
    if wanted != *importing {
        let fitted = conn
            .pragma_update(None, "journal_size_limit", if wanted { -1 } else { WAL_KEPT })
            .and_then(|()| {
                conn.pragma_update(None, "cache_size", if wanted { IMPORT_CACHE } else { EVERYDAY_CACHE })
            });
        match fitted {
            Ok(()) => *importing = wanted,
            Err(e) => tracing::warn!("fitting the writer to an import failed: {e}"),
        }
    }
}

/// The writer's page cache while an import runs (`cache_size` in KiB, as SQLite counts
/// a negative one): a step changes thousands of index pages scattered over a million
/// products, and a million-row import took 154 s with SQLite's default against 106 s.
pub const IMPORT_CACHE: i64 = -65536;
/// The rest of the time, SQLite's default, as the readers have: what a shopper's
/// write touches (a few rows, the ends of their indexes) fits many times over, and a
/// 64 MiB cache kept filling under steady traffic as the database grew, the whole
/// process growing with it (the soak's memory rule, issue 49).
pub const EVERYDAY_CACHE: i64 = -2000;

/// What a copy of the WAL found.
#[derive(Debug, Clone, Copy)]
pub struct Copied {
    /// Pages the WAL holds.
    pub pages: i64,
    /// Of those, pages not in the database file yet (frames written during the copy, or
    /// that a reader still needs).
    pub left: i64,
}

/// Copies the WAL's frames into the database file without waiting for anyone; `None`
/// when another connection was copying it already.
pub fn copy_wal(conn: &Connection) -> rusqlite::Result<Option<Copied>> {
    conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |r| {
        let busy: i64 = r.get(0)?;
        let (pages, copied): (i64, i64) = (r.get(1)?, r.get(2)?);
        Ok((busy == 0).then_some(Copied { pages, left: pages - copied }))
    })
}

const MAX_GROUP: usize = 256;
const MAX_GROUP_TIME: Duration = Duration::from_millis(5);

/// What a successful write still has to do once its group has committed (or not).
type Reply = Box<dyn FnOnce(Result<(), Failure>) + Send>;
/// Runs one write in the open transaction, or answers its caller with why no
/// transaction could be opened; `Err` when it failed (and has already answered).
type WriteJob = Box<dyn FnOnce(Result<&Transaction, Failure>) -> Result<Reply, Failure> + Send>;

/// How a write's commit reaches the disk.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Durability {
    /// Answered once its commit is on the disk (`synchronous=FULL`: an fsync of the
    /// WAL): every shopper's and staff member's write.
    Durable,
    /// Work that is redone from where the database says it stood (a catalog import's
    /// steps): its group commits without an fsync (`synchronous=NORMAL`), so a power
    /// cut may lose it, never a crash of the process. The WAL only grows at its end, so
    /// the next durable commit's fsync takes it to the disk too. A group begun by such a
    /// write takes no durable one; a durable group takes any.
    Redoable,
}

enum Job {
    Write(WriteJob, Durability),
    /// Outside any transaction (a checkpoint).
    Plain(Box<dyn FnOnce(&mut Connection) + Send>),
}

#[derive(Clone)]
pub struct Writer {
    jobs: mpsc::Sender<Job>,
    metrics: Arc<DbMetrics>,
    wal: Arc<WalState>,
}

impl Writer {
    /// Starts the thread; it ends when the last `Writer` is dropped.
    pub fn start(
        conn: Connection,
        feed: Arc<Feed>,
        metrics: Arc<DbMetrics>,
        faults: Arc<WriteFaults>,
    ) -> std::io::Result<Writer> {
        let (jobs, queue) = mpsc::channel();
        let counted = metrics.clone();
        let wal = Arc::new(WalState::default());
        let state = wal.clone();
        std::thread::Builder::new()
            .name("sqlite-writer".into())
            .spawn(move || run(conn, Queue { jobs: queue, metrics: counted }, &feed, &faults, &state))?;
        Ok(Writer { jobs, metrics, wal })
    }

    pub async fn write<T, F>(&self, f: F) -> Result<T, Error>
    where
        F: FnOnce(&mut Conn) -> Result<T, Error> + Send + 'static,
        T: Send + 'static,
    {
        self.write_with(Durability::Durable, f).await
    }

    pub async fn write_with<T, F>(&self, durability: Durability, f: F) -> Result<T, Error>
    where
        F: FnOnce(&mut Conn) -> Result<T, Error> + Send + 'static,
        T: Send + 'static,
    {
        let (answer, answered) = tokio::sync::oneshot::channel::<Result<T, Error>>();
        let job: WriteJob = Box::new(move |tx| {
            match tx.map_err(Failure::into_error).and_then(|tx| f(&mut Conn::Sqlite(tx))) {
                Ok(value) => Ok(Box::new(move |committed: Result<(), Failure>| {
                    let _ = answer.send(committed.map(|()| value).map_err(Failure::into_error));
                })),
                Err(e) => {
                    let failure = Failure::of(&e);
                    let _ = answer.send(Err(e));
                    Err(failure)
                }
            }
        });
        self.send(Job::Write(job, durability))?;
        answered.await.map_err(|_| stopped())?
    }

    pub async fn with_connection<T, F>(&self, f: F) -> Result<T, Error>
    where
        F: FnOnce(&mut Connection) -> Result<T, Error> + Send + 'static,
        T: Send + 'static,
    {
        let (answer, answered) = tokio::sync::oneshot::channel();
        self.send(Job::Plain(Box::new(move |conn| {
            let _ = answer.send(f(conn));
        })))?;
        answered.await.map_err(|_| stopped())?
    }

    /// What the checkpointer reads and sets.
    pub fn wal(&self) -> Arc<WalState> {
        self.wal.clone()
    }

    fn send(&self, job: Job) -> Result<(), Error> {
        self.metrics.write_queue.inc();
        self.jobs.send(job).map_err(|_| {
            self.metrics.write_queue.dec();
            stopped()
        })
    }
}

/// A job that panicked dropped its answer channel; so did a stopped writer.
fn stopped() -> Error {
    Error::other("the write failed or the writer has stopped")
}

/// The writer's end of the queue, counting what it takes up.
struct Queue {
    jobs: Receiver<Job>,
    metrics: Arc<DbMetrics>,
}

impl Queue {
    fn recv(&self) -> Result<Job, mpsc::RecvError> {
        let job = self.jobs.recv()?;
        self.metrics.write_queue.dec();
        Ok(job)
    }

    fn try_recv(&self) -> Result<Job, TryRecvError> {
        let job = self.jobs.try_recv()?;
        self.metrics.write_queue.dec();
        Ok(job)
    }
}

fn run(mut conn: Connection, queue: Queue, feed: &Feed, faults: &WriteFaults, wal: &WalState) {
    let mut durability = Durability::Durable;
    let mut importing = false;
    let mut next = queue.recv().ok();
    while let Some(job) = next.take() {
        fit_to_imports(&conn, wal, &mut importing);
        // Between two groups: see `checkpointer.rs` for why the writer copies the WAL's
        // last frames itself once it has grown long.
        if wal.long.swap(false, Ordering::Relaxed) {
            let began = Instant::now();
            match copy_wal(&conn) {
                Ok(Some(copied)) => tracing::debug!(
                    pages = copied.pages,
                    left = copied.left,
                    ms = began.elapsed().as_millis() as u64,
                    "the writer copied the last of a long WAL"
                ),
                // The checkpointer is copying: try again after the next group.
                Ok(None) => wal.long.store(true, Ordering::Relaxed),
                Err(e) => tracing::warn!("copying the WAL into the database failed: {e}"),
            }
        }
        let after = match job {
            Job::Plain(f) => {
                let _ = std::panic::catch_unwind(AssertUnwindSafe(|| f(&mut conn)));
                None
            }
            Job::Write(first, wanted) => match set_durability(&conn, &mut durability, wanted) {
                Ok(()) => group(&mut conn, first, durability, &queue, feed, faults, wal),
                Err(e) => {
                    let _ = first(Err(Failure::of(&e.into())));
                    None
                }
            },
        };
        next = after.or_else(|| queue.recv().ok());
    }
}

/// Sets how the next group's commit reaches the disk, when it changes.
fn set_durability(conn: &Connection, now: &mut Durability, wanted: Durability) -> rusqlite::Result<()> {
    if *now != wanted {
        let level = match wanted {
            Durability::Durable => "FULL",
            Durability::Redoable => "NORMAL",
        };
        conn.pragma_update(None, "synchronous", level)?;
        *now = wanted;
    }
    Ok(())
}

/// Runs `first` and the writes waiting behind it in one transaction and commits it;
/// answers the job that came next and could not join it (a plain job, or a durable
/// write behind redoable ones), for the caller to run.
fn group(
    conn: &mut Connection,
    first: WriteJob,
    durability: Durability,
    queue: &Queue,
    feed: &Feed,
    faults: &WriteFaults,
    wal: &WalState,
) -> Option<Job> {
    let tx = match conn.transaction_with_behavior(TransactionBehavior::Immediate) {
        Ok(tx) => tx,
        // Another process holds the write lock past the busy timeout (an operator's
        // shell in a transaction), or the disk failed us.
        Err(e) => return refuse_waiting(first, Failure::of(&e.into()), queue, faults),
    };
    let started = Instant::now();
    let mut replies: Vec<Reply> = Vec::new();
    // Rows the acknowledged writes changed: a write that changes nothing (a favorite
    // added twice) commits even on a full disk, and must not be taken for recovery.
    let mut changed = 0;
    let mut after = None;
    let mut job = Some(first);
    let mut broken = None;
    while let Some(write) = job.take() {
        let before = tx.total_changes();
        match run_one(&tx, write) {
            Ran::Done(reply) => {
                changed += tx.total_changes() - before;
                replies.push(reply);
            }
            Ran::Failed(failure) => faults.saw(&failure),
            Ran::Broken(failure) => {
                broken = Some(failure);
                break;
            }
        }
        if replies.len() >= MAX_GROUP || started.elapsed() >= MAX_GROUP_TIME {
            break;
        }
        match queue.try_recv() {
            // A durable write waits for a group of its own, whose commit waits for the disk.
            Ok(Job::Write(write, Durability::Durable)) if durability == Durability::Redoable => {
                after = Some(Job::Write(write, Durability::Durable));
            }
            Ok(Job::Write(write, _)) => job = Some(write),
            Ok(plain) => after = Some(plain),
            Err(TryRecvError::Empty | TryRecvError::Disconnected) => {}
        }
    }
    queue.metrics.group_commit.observe(replies.len() as f64);
    let outcome = match broken {
        Some(failure) => {
            // Dropping the transaction rolls back whatever is left of it.
            drop(tx);
            Err(failure)
        }
        None => tx.commit().map_err(|e| Failure::of(&e.into())),
    };
    if outcome.is_ok() {
        wal.commits.fetch_add(1, Ordering::Relaxed);
    }
    match &outcome {
        Ok(()) if changed > 0 => faults.cleared(),
        Ok(()) => {}
        Err(failure) => faults.saw(failure),
    }
    if outcome.is_ok()
        && let Err(e) = feed.deliver(&mut Conn::Sqlite(conn))
    {
        // The poller delivers them within a second.
        tracing::warn!("reading the change log failed: {e}");
    }
    for reply in replies {
        reply(outcome.clone());
    }
    after
}

/// No transaction could be opened for `first`: it, and every write waiting behind it
/// (which would wait for the same lock, one busy timeout each), is answered with why,
/// now. Answers a plain job met on the way, for the caller to run.
fn refuse_waiting(first: WriteJob, failure: Failure, queue: &Queue, faults: &WriteFaults) -> Option<Job> {
    tracing::warn!("a write could not start: {failure}");
    faults.saw(&failure);
    let _ = first(Err(failure.clone()));
    loop {
        match queue.try_recv() {
            Ok(Job::Write(write, _)) => {
                let _ = write(Err(failure.clone()));
            }
            Ok(plain) => return Some(plain),
            Err(_) => return None,
        }
    }
}

enum Ran {
    Done(Reply),
    /// It failed alone: rolled back to its savepoint and already answered.
    Failed(Failure),
    /// The transaction itself can no longer be trusted.
    Broken(Failure),
}

/// Runs one of the savepoint statements below from the connection's statement cache:
/// `execute_batch` would parse it again for every write.
fn savepoint(tx: &Transaction, sql: &str) -> rusqlite::Result<()> {
    tx.prepare_cached(sql)?.execute([]).map(drop)
}

/// Undoes a write that failed, keeping the rest of its group.
fn roll_back_to_savepoint(tx: &Transaction) -> rusqlite::Result<()> {
    savepoint(tx, "ROLLBACK TO write")?;
    savepoint(tx, "RELEASE write")
}

/// One write in its own savepoint.
fn run_one(tx: &Transaction, write: WriteJob) -> Ran {
    let failure = |e: rusqlite::Error| Failure::of(&e.into());
    if let Err(e) = savepoint(tx, "SAVEPOINT write") {
        // Not run: answered with why.
        let failure = failure(e);
        let _ = write(Err(failure.clone()));
        return Ran::Broken(failure);
    }
    let outcome = std::panic::catch_unwind(AssertUnwindSafe(|| write(Ok(tx))));
    // A write that succeeded but cannot be kept is answered with why here.
    let lost = |reply: Reply, failure: Failure| {
        reply(Err(failure.clone()));
        Ran::Broken(failure)
    };
    if tx.is_autocommit() {
        // SQLite rolled the whole transaction back by itself (disk full, I/O error).
        let rolled_back = || Failure::Other("the transaction was rolled back".into());
        return match outcome {
            Ok(Ok(reply)) => lost(reply, rolled_back()),
            Ok(Err(failure)) => Ran::Broken(failure),
            Err(_) => Ran::Broken(rolled_back()),
        };
    }
    match outcome {
        Ok(Ok(reply)) => match savepoint(tx, "RELEASE write") {
            Ok(()) => Ran::Done(reply),
            Err(e) => lost(reply, failure(e)),
        },
        Ok(Err(refused)) => match roll_back_to_savepoint(tx) {
            Ok(()) => Ran::Failed(refused),
            Err(e) => Ran::Broken(failure(e)),
        },
        Err(_) => match roll_back_to_savepoint(tx) {
            Ok(()) => Ran::Failed(Failure::Other("the write panicked".into())),
            Err(e) => Ran::Broken(failure(e)),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn writes_that_fail_or_panic_leave_no_trace_and_the_rest_of_their_group_commits() {
        let dir = tempfile::tempdir().unwrap();
        let conn = Connection::open(dir.path().join("t.db")).unwrap();
        conn.execute_batch("PRAGMA journal_mode = WAL; CREATE TABLE t (n INTEGER PRIMARY KEY)").unwrap();
        let feed = Arc::new(Feed::default());
        let writer = Writer::start(conn, feed, Arc::default(), Arc::default()).unwrap();
        let writes: Vec<_> = (0..300)
            .map(|n: i64| {
                let writer = writer.clone();
                tokio::spawn(async move {
                    writer
                        .write(move |c| {
                            c.execute("INSERT INTO t (n) VALUES (?1)", crate::db::conn::args![n])?;
                            match n % 10 {
                                3 => Err(Error::other("refused")),
                                7 => panic!("a bug in one write"),
                                _ => Ok(n),
                            }
                        })
                        .await
                })
            })
            .collect();
        let mut acknowledged = BTreeSet::new();
        for write in writes {
            if let Ok(n) = write.await.unwrap() {
                acknowledged.insert(n);
            }
        }
        let expected: BTreeSet<i64> = (0..300).filter(|n| n % 10 != 3 && n % 10 != 7).collect();
        assert_eq!(acknowledged, expected);
        let stored: BTreeSet<i64> = writer
            .with_connection(|c| {
                let mut stmt = c.prepare("SELECT n FROM t")?;
                let rows = stmt.query_map([], |r| r.get(0))?.collect::<Result<_, _>>()?;
                Ok(rows)
            })
            .await
            .unwrap();
        assert_eq!(stored, expected, "exactly the acknowledged writes are stored");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 4)]
    async fn a_durable_write_never_commits_in_a_group_that_does_not_wait_for_the_disk() {
        let dir = tempfile::tempdir().unwrap();
        let conn = Connection::open(dir.path().join("t.db")).unwrap();
        conn.execute_batch(
            "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; CREATE TABLE t (n INTEGER)",
        )
        .unwrap();
        let writer = Writer::start(conn, Arc::new(Feed::default()), Arc::default(), Arc::default()).unwrap();
        let writes: Vec<_> = (0..400)
            .map(|n: i64| {
                let writer = writer.clone();
                let durability = if n % 3 == 0 { Durability::Durable } else { Durability::Redoable };
                tokio::spawn(async move {
                    let level = writer
                        .write_with(durability, move |c| {
                            c.execute("INSERT INTO t (n) VALUES (?1)", crate::db::conn::args![n])?;
                            c.query_one("PRAGMA synchronous", &[], |r| r.get::<i64>(0))
                        })
                        .await
                        .unwrap();
                    (durability, level)
                })
            })
            .collect();
        let mut seen = BTreeSet::new();
        for write in writes {
            seen.insert(write.await.unwrap());
        }
        // 2 is FULL (an fsync at each commit), 1 NORMAL.
        assert!(seen.contains(&(Durability::Durable, 2)), "{seen:?}");
        assert!(
            !seen.contains(&(Durability::Durable, 1)),
            "a durable write committed without an fsync: {seen:?}"
        );
        // A redoable write may share a durable group; alone, it commits without an fsync.
        let alone = writer
            .write_with(Durability::Redoable, |c| c.query_one("PRAGMA synchronous", &[], |r| r.get::<i64>(0)))
            .await
            .unwrap();
        assert_eq!(alone, 1, "{seen:?}");
    }
}
