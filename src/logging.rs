//! The server's log: its events (through `tracing`) and one access line per request,
//! written by a thread of its own so that no request waits for the disk or a pipe.
//!
//! Lines go into a bounded queue; the log thread writes them through a 64 KiB buffer,
//! which it flushes whenever it has caught up (at once when the store is quiet, about
//! every 64 KiB under load). When the queue is full (the disk cannot keep up, or a pipe
//! reader stopped reading) a line is dropped and counted rather than making a shopper
//! wait, and a line that cannot be written is counted and dropped too: the answers go
//! out whatever happens to the log. `--log-file` is reopened on SIGHUP, so that the
//! system's log rotation can move it away.

use std::fmt::Write as _;
use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::net::IpAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, SyncSender, TryRecvError, TrySendError};
use std::thread::Thread;
use std::time::{Duration, SystemTime};

use actix_web::http::Method;

use crate::domain::Timestamp;

/// How lines are written: words for a person, or one JSON object a line for a machine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    Text,
    Json,
}

/// Lines waiting for the log thread before new ones are dropped: a few seconds of the
/// busiest load `make bench` makes, in a few MiB.
const QUEUE: usize = 65_536;
const BUFFER: usize = 64 * 1024;
/// How often the log thread writes what has come.
const TICK: Duration = Duration::from_millis(50);

/// One request, as the access log tells it. The session key and cookies are never in it.
pub struct Access {
    pub at: SystemTime,
    pub client: Option<IpAddr>,
    pub method: Method,
    /// Path and query, as asked.
    pub target: actix_web::http::Uri,
    pub status: u16,
    /// `None` when the body is streamed and its length not known in advance.
    pub bytes: Option<u64>,
    pub duration: Duration,
}

enum Line {
    Access(Box<Access>),
    /// An event `tracing` has formatted already.
    Event(Vec<u8>),
    /// Write out everything before this, then say so.
    Flush(SyncSender<()>),
}

/// What the log has had to give up; shown by `/metrics`.
#[derive(Debug, Default)]
pub struct LogStats {
    pub dropped: AtomicU64,
    pub write_errors: AtomicU64,
}

/// The handle the server logs through; cheap to clone.
#[derive(Clone)]
pub struct Log {
    queue: SyncSender<Line>,
    stats: Arc<LogStats>,
    reopen: Arc<AtomicBool>,
    format: LogFormat,
    /// The log thread, to wake at once for a flush or a reopen.
    writer: Thread,
}

/// Where the log goes.
#[derive(Debug, Clone)]
pub enum Destination {
    Stderr,
    File(PathBuf),
}

impl Log {
    /// Starts the log thread. A `--log-file` that cannot be opened is an error here, at
    /// start, rather than lines lost later.
    pub fn start(destination: Destination, format: LogFormat) -> io::Result<Log> {
        let out = Output::open(&destination)?;
        let (queue, lines) = std::sync::mpsc::sync_channel(QUEUE);
        let stats = Arc::new(LogStats::default());
        let reopen = Arc::new(AtomicBool::new(false));
        let thread_stats = stats.clone();
        let thread_reopen = reopen.clone();
        let writer = std::thread::Builder::new()
            .name("log-writer".into())
            .spawn(move || write_lines(lines, out, destination, format, &thread_stats, &thread_reopen))?
            .thread()
            .clone();
        Ok(Log { queue, stats, reopen, format, writer })
    }

    pub fn stats(&self) -> &Arc<LogStats> {
        &self.stats
    }

    /// Asks the log thread to reopen `--log-file` (after SIGHUP).
    pub fn reopen(&self) {
        self.reopen.store(true, Ordering::Relaxed);
        self.writer.unpark();
    }

    /// Waits (at most `timeout`) until every line sent so far is written: before the
    /// process ends.
    pub fn flush(&self, timeout: Duration) {
        let (done, written) = std::sync::mpsc::sync_channel(1);
        if send_within(&self.queue, Line::Flush(done), timeout) {
            self.writer.unpark();
            let _ = written.recv_timeout(timeout);
        }
    }

    pub fn access(&self, access: Access) {
        self.send(Line::Access(Box::new(access)));
    }

    fn send(&self, line: Line) {
        match self.queue.try_send(line) {
            Ok(()) => {}
            Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) => {
                self.stats.dropped.fetch_add(1, Ordering::Relaxed);
            }
        }
    }

    /// Sends the server's events (`tracing`) through this log, in its format, filtered
    /// by `MARKET_LOG` (default `info`, with actix-server's own lines left out: its
    /// runtime, its workers starting and stopping, which would come after the store's
    /// start-up lines that end with where it is and how to sign in). Once per process.
    pub fn install_for_events(&self) {
        use tracing_subscriber::EnvFilter;
        let filter = EnvFilter::try_from_env("MARKET_LOG")
            .unwrap_or_else(|_| EnvFilter::new("info,actix_server=warn"));
        let builder =
            tracing_subscriber::fmt().with_env_filter(filter).with_writer(self.clone()).with_ansi(false);
        let installed = match self.format {
            LogFormat::Text => builder.with_target(false).try_init(),
            LogFormat::Json => builder.json().flatten_event(true).try_init(),
        };
        // A second server in one process (the tests) keeps the first one's.
        let _ = installed;
    }
}

/// Queues `line`, retrying a full queue until `timeout` rather than forever.
fn send_within(queue: &SyncSender<Line>, mut line: Line, timeout: Duration) -> bool {
    let deadline = std::time::Instant::now() + timeout;
    loop {
        match queue.try_send(line) {
            Ok(()) => return true,
            Err(TrySendError::Full(back)) if std::time::Instant::now() < deadline => {
                line = back;
                std::thread::sleep(Duration::from_millis(5));
            }
            Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) => return false,
        }
    }
}

/// `tracing` formats each event into one of these; dropping it queues the line.
pub struct EventLine {
    log: Log,
    bytes: Vec<u8>,
}

impl Write for EventLine {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.bytes.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Drop for EventLine {
    fn drop(&mut self) {
        if !self.bytes.is_empty() {
            self.log.send(Line::Event(std::mem::take(&mut self.bytes)));
        }
    }
}

impl<'a> tracing_subscriber::fmt::MakeWriter<'a> for Log {
    type Writer = EventLine;

    fn make_writer(&'a self) -> EventLine {
        EventLine { log: self.clone(), bytes: Vec::with_capacity(256) }
    }
}

/// The log of commands other than `serve`, and of a server before its own log starts:
/// events to stderr, as they happen.
pub fn install_plain() {
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_from_env("MARKET_LOG").unwrap_or_else(|_| EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_target(false)
        .with_writer(io::stderr)
        .with_ansi(io::IsTerminal::is_terminal(&io::stderr()))
        .try_init();
}

enum Output {
    Stderr(BufWriter<io::Stderr>),
    File(BufWriter<File>),
}

impl Output {
    fn open(destination: &Destination) -> io::Result<Output> {
        Ok(match destination {
            Destination::Stderr => Output::Stderr(BufWriter::with_capacity(BUFFER, io::stderr())),
            Destination::File(path) => Output::File(BufWriter::with_capacity(BUFFER, append(path)?)),
        })
    }

    fn writer(&mut self) -> &mut dyn Write {
        match self {
            Output::Stderr(w) => w,
            Output::File(w) => w,
        }
    }
}

fn append(path: &Path) -> io::Result<File> {
    OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| io::Error::new(e.kind(), format!("cannot open the log file {}: {e}", path.display())))
}

fn write_lines(
    lines: Receiver<Line>,
    mut out: Output,
    destination: Destination,
    format: LogFormat,
    stats: &LogStats,
    reopen: &AtomicBool,
) {
    let mut text = String::with_capacity(512);
    // After a failed flush the file may end in part of a line: the next line written
    // starts on a line of its own, so that one torn line does not spoil the next.
    let mut torn = false;
    let write = |out: &mut Output, line: Line, text: &mut String, torn: &mut bool| {
        let bytes: &[u8] = match &line {
            Line::Flush(done) => {
                if out.writer().flush().is_err() {
                    stats.write_errors.fetch_add(1, Ordering::Relaxed);
                }
                let _ = done.try_send(());
                return;
            }
            Line::Event(bytes) => bytes,
            Line::Access(access) => {
                text.clear();
                format_access(text, access, format);
                text.as_bytes()
            }
        };
        if bytes.is_empty() {
            return;
        }
        if *torn && out.writer().write_all(b"\n").is_ok() {
            *torn = false;
        }
        if out.writer().write_all(bytes).is_err() {
            stats.write_errors.fetch_add(1, Ordering::Relaxed);
        }
    };
    loop {
        // Woken by the clock, not by each line: waking a parked thread per line cost the
        // threads that answer a system call each (in `make bench`, a third more CPU per
        // request), while a line that waits 50 ms costs nobody anything.
        std::thread::park_timeout(TICK);
        for _ in 0..QUEUE {
            match lines.try_recv() {
                Ok(line) => write(&mut out, line, &mut text, &mut torn),
                Err(TryRecvError::Empty) => break,
                Err(TryRecvError::Disconnected) => {
                    let _ = out.writer().flush();
                    return;
                }
            }
        }
        if out.writer().flush().is_err() {
            stats.write_errors.fetch_add(1, Ordering::Relaxed);
            torn = true;
            // What could not be written is given up: a full disk must not fill memory.
            out = match Output::open(&destination) {
                Ok(fresh) => fresh,
                Err(_) => out.discarding(),
            };
        }
        if reopen.swap(false, Ordering::Relaxed)
            && let Destination::File(path) = &destination
        {
            match append(path) {
                Ok(file) => out = Output::File(BufWriter::with_capacity(BUFFER, file)),
                Err(e) => {
                    stats.write_errors.fetch_add(1, Ordering::Relaxed);
                    let _ = writeln!(io::stderr(), "{e}; still writing to the file opened before");
                }
            }
        }
    }
}

impl Output {
    /// The same destination with its unwritten bytes thrown away.
    fn discarding(self) -> Output {
        match self {
            Output::Stderr(w) => Output::Stderr(BufWriter::with_capacity(BUFFER, w.into_parts().0)),
            Output::File(w) => Output::File(BufWriter::with_capacity(BUFFER, w.into_parts().0)),
        }
    }
}

/// `2026-11-23T18:05:00.123Z 127.0.0.1 "GET /api/departments" 200 1234 0.512ms`, or the
/// same as a JSON object; either ends with a newline.
fn format_access(out: &mut String, a: &Access, format: LogFormat) {
    let millis = a.at.duration_since(SystemTime::UNIX_EPOCH).map_or(0, |d| d.as_millis() as i64);
    let at = Timestamp(millis).to_iso8601();
    let ms = a.duration.as_secs_f64() * 1000.0;
    let client = a.client.map_or_else(|| "-".to_string(), |ip| ip.to_string());
    match format {
        LogFormat::Text => {
            let bytes = a.bytes.map_or_else(|| "-".to_string(), |n| n.to_string());
            let _ =
                writeln!(out, "{at} {client} \"{} {}\" {} {bytes} {ms:.3}ms", a.method, a.target, a.status);
        }
        LogFormat::Json => {
            let line = serde_json::json!({
                "timestamp": at,
                "level": "INFO",
                "target": "access",
                "client": a.client.map(|ip| ip.to_string()),
                "method": a.method.as_str(),
                "path": a.target.to_string(),
                "status": a.status,
                "bytes": a.bytes,
                "duration_ms": (ms * 1000.0).round() / 1000.0,
            });
            let _ = writeln!(out, "{line}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn access() -> Access {
        Access {
            at: SystemTime::UNIX_EPOCH + Duration::from_millis(1_795_457_100_123),
            client: Some("127.0.0.1".parse().unwrap()),
            method: Method::GET,
            target: "/api/departments/5/products?sort=price".parse().unwrap(),
            status: 200,
            bytes: Some(1234),
            duration: Duration::from_micros(512),
        }
    }

    #[test]
    fn an_access_line_says_who_asked_what_and_how_it_went() {
        let mut line = String::new();
        format_access(&mut line, &access(), LogFormat::Text);
        assert_eq!(
            line,
            "2026-11-23T18:05:00.123Z 127.0.0.1 \"GET /api/departments/5/products?sort=price\" 200 1234 0.512ms\n"
        );
        line.clear();
        format_access(&mut line, &access(), LogFormat::Json);
        let json: serde_json::Value = serde_json::from_str(&line).unwrap();
        assert_eq!(json["path"], "/api/departments/5/products?sort=price");
        assert_eq!(json["status"], 200);
        assert_eq!(json["bytes"], 1234);
        assert_eq!(json["duration_ms"], 0.512);
        assert_eq!(json["client"], "127.0.0.1");
        assert_eq!(json["timestamp"], "2026-11-23T18:05:00.123Z");
    }

    #[test]
    fn lines_reach_the_file_and_a_reopened_file_takes_the_next_ones() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("market.log");
        let log = Log::start(Destination::File(path.clone()), LogFormat::Text).unwrap();
        log.access(access());
        let wait_for = |path: &Path, lines: usize| {
            for _ in 0..200 {
                if std::fs::read_to_string(path).is_ok_and(|s| s.lines().count() >= lines) {
                    return;
                }
                std::thread::sleep(Duration::from_millis(10));
            }
            panic!("{} never held {lines} lines", path.display());
        };
        wait_for(&path, 1);
        // What logrotate does: move the file away, then signal.
        let moved = dir.path().join("market.log.1");
        std::fs::rename(&path, &moved).unwrap();
        log.reopen();
        std::thread::sleep(Duration::from_millis(50));
        log.access(access());
        wait_for(&path, 1);
        assert_eq!(std::fs::read_to_string(&moved).unwrap().lines().count(), 1);
        assert_eq!(log.stats().dropped.load(Ordering::Relaxed), 0);
    }
}
