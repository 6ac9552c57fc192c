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
//!
//! Refusing has its own race. A connection whose handshake the kernel has finished waits
//! in the listening socket's queue until the server accepts it, and its client may have
//! sent a request down it already; when the socket stops listening, the kernel resets
//! every connection still queued, and a balancer cannot resend such a POST. So on Linux
//! the kernel first stops finishing handshakes ([`Door::close`]), the server takes what
//! is queued, and only then does the socket stop listening.

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
        Door(&self.listening).close().await;
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

/// The listening socket as seen by the kernel's handshakes.
struct Door<'a>(&'a TcpListener);

impl Door<'_> {
    /// How long the server has to take the connections already queued.
    const QUEUE_TAKEN_WITHIN: Duration = Duration::from_secs(1);

    /// Has the kernel drop each new connection's first packet (a SYN without ACK), then
    /// waits for the server to accept the connections already queued: a handshake under
    /// way when the filter came finishes (its ACK passes), and is taken too. A client
    /// whose SYN was dropped sends it again after about a second, and by then the socket
    /// no longer listens, so it is refused and tries elsewhere, as before.
    #[cfg(target_os = "linux")]
    async fn close(&self) {
        // Classic BPF, run on each packet to the listening socket from its TCP header:
        // keep it (any length) unless its flags hold SYN and not ACK.
        const SYN: u32 = 0x02;
        const ACK: u32 = 0x10;
        let no_new_handshakes = [
            socket2::SockFilter::new((libc::BPF_LD | libc::BPF_B | libc::BPF_ABS) as u16, 0, 0, 13),
            socket2::SockFilter::new((libc::BPF_ALU | libc::BPF_AND | libc::BPF_K) as u16, 0, 0, SYN | ACK),
            socket2::SockFilter::new((libc::BPF_JMP | libc::BPF_JEQ | libc::BPF_K) as u16, 0, 1, SYN),
            socket2::SockFilter::new((libc::BPF_RET | libc::BPF_K) as u16, 0, 0, 0),
            socket2::SockFilter::new((libc::BPF_RET | libc::BPF_K) as u16, 0, 0, u32::MAX),
        ];
        if let Err(e) = socket2::SockRef::from(self.0).attach_filter(&no_new_handshakes) {
            tracing::warn!("could not hold new connections back ahead of the stop: {e}");
            return;
        }
        // One round trip or so for a handshake under way to be queued.
        sleep(Duration::from_millis(10)).await;
        let deadline = Instant::now() + Self::QUEUE_TAKEN_WITHIN;
        loop {
            match self.queued() {
                Ok(0) => return,
                Ok(n) if Instant::now() >= deadline => {
                    return tracing::warn!("{n} queued connections not taken ahead of the stop");
                }
                Ok(_) => sleep(Duration::from_millis(5)).await,
                Err(e) => return tracing::warn!("could not read the listening socket's queue: {e}"),
            }
        }
    }

    /// Elsewhere the socket stops listening at once (`Drain::run`), queue and all.
    #[cfg(not(target_os = "linux"))]
    async fn close(&self) {}

    /// The connections the kernel has finished and the server not yet accepted: for a
    /// listening socket, TCP_INFO's `tcpi_unacked` (Linux, tcp_get_info).
    #[cfg(target_os = "linux")]
    fn queued(&self) -> std::io::Result<u32> {
        use std::os::fd::AsRawFd;
        // SAFETY: tcp_info is plain integers, and getsockopt writes at most `len` bytes
        // of it.
        let mut info: libc::tcp_info = unsafe { std::mem::zeroed() };
        let mut len = std::mem::size_of::<libc::tcp_info>() as libc::socklen_t;
        let done = unsafe {
            libc::getsockopt(
                self.0.as_raw_fd(),
                libc::IPPROTO_TCP,
                libc::TCP_INFO,
                (&mut info as *mut libc::tcp_info).cast(),
                &mut len,
            )
        };
        if done != 0 {
            return Err(std::io::Error::last_os_error());
        }
        Ok(info.tcpi_unacked)
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use std::io::{ErrorKind, Read, Write};
    use std::net::{Shutdown, TcpListener, TcpStream};
    use std::time::Duration;

    use super::Door;

    /// A connection queued and not yet taken when the store stops listening is taken,
    /// not reset, and a new one is held back, then refused: the restart under checkouts
    /// in the cluster test once lost a POST to such a reset in a full `make test`.
    #[actix_web::test]
    async fn a_connection_queued_as_the_store_stops_listening_is_answered_and_a_new_one_refused() {
        let listening = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listening.local_addr().unwrap();
        // A server slower to accept than clients are to connect and send.
        let mut queued = TcpStream::connect(addr).unwrap();
        queued.write_all(b"POST /api/orders").unwrap();
        let server = listening.try_clone().unwrap();
        let accepter = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(100));
            let (mut taken, _) = server.accept().unwrap();
            let mut asked = [0; 16];
            taken.read_exact(&mut asked).unwrap();
            taken.write_all(b"201").unwrap();
        });

        Door(&listening).close().await;
        assert_eq!(Door(&listening).queued().unwrap(), 0, "the queued connection was taken");
        let held = TcpStream::connect_timeout(&addr, Duration::from_millis(300));
        assert_eq!(held.map(drop).unwrap_err().kind(), ErrorKind::TimedOut, "a new connection is held back");
        socket2::SockRef::from(&listening).shutdown(Shutdown::Read).unwrap();

        accepter.join().unwrap();
        let mut answer = String::new();
        queued.read_to_string(&mut answer).expect("the queued connection was answered, not reset");
        assert_eq!(answer, "201");
        let refused = TcpStream::connect(addr).map(drop).unwrap_err();
        assert_eq!(refused.kind(), ErrorKind::ConnectionRefused, "no longer listening");
    }
}
