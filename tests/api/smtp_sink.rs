//! A mail server for the tests: real SMTP over TCP on loopback that keeps every message
//! it takes, and can be told to turn connections away, as a server down does, or to
//! hold them without a word, as a server that hangs does.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// A message as the server took it.
#[derive(Debug, Clone)]
pub struct Received {
    pub from: String,
    pub to: Vec<String>,
    /// Headers and body, as sent (dot-stuffing undone).
    pub data: String,
}

#[derive(Clone)]
pub struct SmtpSink {
    pub port: u16,
    received: Arc<Mutex<Vec<Received>>>,
    down: Arc<AtomicBool>,
    stalled: Arc<AtomicBool>,
    connections: Arc<AtomicUsize>,
}

impl SmtpSink {
    pub fn start() -> SmtpSink {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let sink = SmtpSink {
            port: listener.local_addr().unwrap().port(),
            received: Arc::default(),
            down: Arc::default(),
            stalled: Arc::default(),
            connections: Arc::default(),
        };
        let server = sink.clone();
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let server = server.clone();
                std::thread::spawn(move || server.converse(stream));
            }
        });
        sink
    }

    /// `smtp://` to this server.
    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    pub fn received(&self) -> Vec<Received> {
        self.received.lock().unwrap().clone()
    }

    /// While `down`, every connection is answered 421 (try again later) and closed.
    pub fn set_down(&self, down: bool) {
        self.down.store(down, Ordering::SeqCst);
    }

    /// While `stalled`, a connection is held without a greeting until it is not.
    pub fn set_stalled(&self, stalled: bool) {
        self.stalled.store(stalled, Ordering::SeqCst);
    }

    /// Connections made so far.
    pub fn connections(&self) -> usize {
        self.connections.load(Ordering::SeqCst)
    }

    fn converse(&self, stream: TcpStream) {
        self.connections.fetch_add(1, Ordering::SeqCst);
        while self.stalled.load(Ordering::SeqCst) {
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        let mut out = stream.try_clone().unwrap();
        let mut lines = BufReader::new(stream);
        if self.down.load(Ordering::SeqCst) {
            let _ = out.write_all(b"421 4.3.2 down for the test\r\n");
            return;
        }
        let _ = out.write_all(b"220 sink ESMTP\r\n");
        let (mut from, mut to) = (String::new(), Vec::new());
        let mut line = String::new();
        loop {
            line.clear();
            if lines.read_line(&mut line).unwrap_or(0) == 0 {
                return;
            }
            let command = line.trim_end().to_owned();
            let upper = command.to_ascii_uppercase();
            let answer: &[u8] = if upper.starts_with("EHLO") || upper.starts_with("HELO") {
                b"250-sink\r\n250-8BITMIME\r\n250 SMTPUTF8\r\n"
            } else if upper.starts_with("MAIL FROM:") {
                from = command[10..].trim().to_owned();
                b"250 2.1.0 ok\r\n"
            } else if upper.starts_with("RCPT TO:") {
                to.push(command[8..].trim().to_owned());
                b"250 2.1.5 ok\r\n"
            } else if upper == "DATA" {
                let _ = out.write_all(b"354 go on\r\n");
                let mut data = String::new();
                loop {
                    line.clear();
                    if lines.read_line(&mut line).unwrap_or(0) == 0 {
                        return;
                    }
                    if line == ".\r\n" {
                        break;
                    }
                    data.push_str(line.strip_prefix('.').unwrap_or(&line));
                }
                let message = Received { from: from.clone(), to: std::mem::take(&mut to), data };
                self.received.lock().unwrap().push(message);
                b"250 2.0.0 taken\r\n"
            } else if upper == "QUIT" {
                let _ = out.write_all(b"221 2.0.0 bye\r\n");
                return;
            } else {
                b"250 2.0.0 ok\r\n"
            };
            if out.write_all(answer).is_err() {
                return;
            }
        }
    }
}
