//! How the store stops taking connections without cutting one that a load balancer is
//! about to use.
//!
//! actix's own stop closes every idle kept connection at once. A balancer that has just
//! sent a request down one of them sees it closed without an answer, and cannot send a
//! POST elsewhere, since the store may have done it: a 502. So after SIGTERM and its
//! delay (startup.rs) the store stops in steps: it refuses new connections (a balancer
//! sends those requests to another replica, POSTs too, since nothing of them was sent),
//! closes each kept connection after its next answer (`headers::finish`), and waits for
//! the idle ones to be closed by the balancer's idle timeout or its own keep-alive
//! ([`KEEP_ALIVE`]); actix's stop then ends whatever is left.

use std::net::{Shutdown, TcpListener};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use actix_web::dev::ServerHandle;
use actix_web::rt::time::{Instant, sleep};

use crate::health::Stopping;

/// How long the store keeps an idle connection open. A balancer should keep its own idle
/// connections to the store for less (docs/operating.md), so that it is always the one
/// to close them.
pub const KEEP_ALIVE: Duration = Duration::from_secs(5);

/// The store's open connections, counted as they open and close.
#[derive(Clone, Default)]
pub struct Connections(Arc<AtomicUsize>);

/// Held by one open connection (in its extensions, `HttpServer::on_connect`): dropped,
/// and uncounted, when the connection closes.
pub struct Open(Arc<AtomicUsize>);

impl Drop for Open {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl Connections {
    pub fn opened(&self) -> Open {
        self.0.fetch_add(1, Ordering::SeqCst);
        Open(self.0.clone())
    }

    pub fn open(&self) -> usize {
        self.0.load(Ordering::SeqCst)
    }

    /// Waits until every connection is closed, `within` at most; says whether they were.
    async fn closed(&self, within: Duration) -> bool {
        let deadline = Instant::now() + within;
        while self.open() > 0 && Instant::now() < deadline {
            sleep(Duration::from_millis(20)).await;
        }
        self.open() == 0
    }
}

/// What the store needs to stop in steps: its listening socket (a copy of the one its
/// server accepts on) and its open connections.
pub struct Drain {
    pub listening: TcpListener,
    pub connections: Connections,
}

impl Drain {
    /// Refuses new connections, has each open one closed after its next answer, and waits
    /// for them all to close (a little longer than [`KEEP_ALIVE`] at most).
    pub async fn run(&self, server: &ServerHandle, stopping: &Stopping) {
        server.pause().await;
        // A listening socket shut for reading leaves the listening state: from then on the
        // kernel refuses each new connection, as if nothing listened on the port.
        if let Err(e) = socket2::SockRef::from(&self.listening).shutdown(Shutdown::Read) {
            tracing::warn!("could not stop listening ahead of the stop: {e}");
        }
        stopping.close_connections();
        if !self.connections.closed(KEEP_ALIVE + Duration::from_secs(1)).await {
            tracing::info!("{} connections still open: closing them", self.connections.open());
        }
    }
}
