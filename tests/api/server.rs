//! The `market` binary itself: flags, environment, the URL line, clean shutdown.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_market");

#[test]
fn help_and_version_work() {
    let help = Command::new(BIN).arg("--help").output().unwrap();
    assert!(help.status.success());
    let listed = String::from_utf8_lossy(&help.stdout);
    for command in ["serve ", "seed ", "backup ", "restore ", "reset ", "openapi "] {
        assert!(
            listed.lines().any(|l| l.trim_start().starts_with(command)),
            "--help lists {command}: {listed}"
        );
    }
    let serve_help = Command::new(BIN).args(["serve", "--help"]).output().unwrap();
    let text = String::from_utf8_lossy(&serve_help.stdout);
    for flag in [
        "--addr",
        "--data-dir",
        "MARKET_ADDR",
        "MARKET_DATA_DIR",
        "127.0.0.1:8080",
        "--rate-limits",
        "MARKET_RATE_LIMITS",
        "MARKET_SIGNIN_FAILURES_PER_ADDRESS",
        "MARKET_SIGNIN_FAILURES_PER_ACCOUNT",
        "MARKET_SIGNUPS_PER_ADDRESS",
        "--log-file",
        "--log-format",
        "--access-log",
        "--metrics-addr",
        "--reset-every",
        "--shutdown-delay",
    ] {
        assert!(text.contains(flag), "serve --help mentions {flag}");
    }
    let version = Command::new(BIN).arg("--version").output().unwrap();
    assert_eq!(
        String::from_utf8_lossy(&version.stdout).trim(),
        format!("market {}", env!("CARGO_PKG_VERSION"))
    );
}

#[test]
fn serve_reads_the_environment_logs_its_url_and_stops_cleanly_on_sigterm() {
    let dir = tempfile::tempdir().unwrap();
    let cwd = tempfile::tempdir().unwrap();
    let mut child = Command::new(BIN)
        .arg("serve")
        .current_dir(cwd.path())
        .env("MARKET_ADDR", "127.0.0.1:0")
        .env("MARKET_DATA_DIR", dir.path())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let url = format!("http://{}/", url_from_the_log(&mut child));
    assert!(url.starts_with("http://127.0.0.1:") && url.ends_with('/'), "{url}");

    let body = http_get(&format!("{url}api/departments"));
    assert!(body.contains("\"Departments\""), "{body}");
    assert!(dir.path().join("market.db").exists(), "the database is in the data dir");
    assert!(!cwd.path().join("data").exists(), "nothing is written to the working folder");

    let pid = child.id().to_string();
    assert!(Command::new("kill").args(["-TERM", &pid]).status().unwrap().success());
    let status = child.wait().unwrap();
    assert!(status.success(), "exits 0 after SIGTERM: {status}");
}

/// Starts `market serve` on a free port over `dir`; answers the child and its address.
pub fn serve(dir: &std::path::Path, env: &[(&str, &str)]) -> (std::process::Child, String) {
    let mut child = Command::new(BIN)
        .args(["serve", "--addr", "127.0.0.1:0", "--data-dir"])
        .arg(dir)
        .envs(env.iter().copied())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let url = url_from_the_log(&mut child);
    (child, url)
}

/// Reads the server's log (stderr) up to the line with its URL, answered as `host:port`,
/// and keeps reading the rest in the background so that the pipe never fills.
pub fn url_from_the_log(child: &mut std::process::Child) -> String {
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let url = lines
        .by_ref()
        .map_while(Result::ok)
        .find_map(|l| l.split("Market is open at http://").nth(1).map(|u| u.trim_end_matches('/').to_owned()))
        .expect("a line with the URL");
    std::thread::spawn(move || lines.for_each(drop));
    url
}

#[test]
fn sigterm_lets_a_request_in_flight_finish_then_checkpoints_the_database() {
    use std::io::{Read, Write};
    let dir = tempfile::tempdir().unwrap();
    let (mut child, host) = serve(dir.path(), &[("MARKET_RATE_LIMITS", "off")]);
    // Writes fill the write-ahead log: a session row for the token.
    let opened = http_get(&format!("http://{host}/api/session"));
    let cookies: Vec<String> = opened
        .lines()
        .filter_map(|l| l.strip_prefix("set-cookie: "))
        .map(|c| c.split(';').next().unwrap().to_owned())
        .collect();
    let token = cookies.iter().find_map(|c| c.strip_prefix("XSRF-TOKEN=")).expect("a token").to_owned();
    let wal = dir.path().join("market.db-wal");
    assert!(wal.metadata().map(|m| m.len()).unwrap_or(0) > 0, "the session went to the WAL");

    // A sign-in whose body is only half sent when SIGTERM arrives.
    let body = r#"{"credential": "demo", "password": "password"}"#;
    let mut stream = std::net::TcpStream::connect(&host).unwrap();
    write!(
        stream,
        "POST /api/session HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nCookie: {}\r\nXSRF-Token: {token}\r\nConnection: close\r\n\r\n{}",
        body.len(),
        cookies.join("; "),
        &body[..10]
    )
    .unwrap();
    stream.flush().unwrap();
    std::thread::sleep(std::time::Duration::from_millis(300));
    assert!(Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap().success());
    std::thread::sleep(std::time::Duration::from_millis(300));
    stream.write_all(&body.as_bytes()[10..]).unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "the request in flight was answered: {answer}");
    assert!(answer.contains("\"username\":\"demo\""), "{answer}");

    let status = child.wait().unwrap();
    assert!(status.success(), "exits 0 after SIGTERM: {status}");
    let left = wal.metadata().map(|m| m.len()).unwrap_or(0);
    assert_eq!(left, 0, "the WAL was folded into the database");
    let db = rusqlite::Connection::open(dir.path().join("market.db")).unwrap();
    let check: String = db.query_row("PRAGMA integrity_check", [], |r| r.get(0)).unwrap();
    assert_eq!(check, "ok");
}

#[test]
fn after_its_delay_a_stopping_store_refuses_new_connections_and_answers_on_kept_ones_before_closing_them() {
    use std::io::{BufRead, Read, Write};
    use std::time::{Duration, Instant};
    let dir = tempfile::tempdir().unwrap();
    let (mut child, host) = serve(dir.path(), &[("MARKET_SHUTDOWN_DELAY", "300ms")]);
    // A balancer's kept connection, idle when the store stops taking new ones.
    let mut kept = std::net::TcpStream::connect(&host).unwrap();
    let mut answers = BufReader::new(kept.try_clone().unwrap());
    let mut ask = |kept: &mut std::net::TcpStream| {
        write!(kept, "GET /api/departments HTTP/1.1\r\nHost: {host}\r\n\r\n").unwrap();
        let mut head = Vec::new();
        let mut length = 0;
        loop {
            let mut line = String::new();
            answers.read_line(&mut line).unwrap();
            if let Some(n) = line.to_ascii_lowercase().strip_prefix("content-length: ") {
                length = n.trim().parse().unwrap();
            }
            if line == "\r\n" {
                break;
            }
            head.push(line.trim_end().to_ascii_lowercase());
        }
        answers.by_ref().take(length).read_to_end(&mut Vec::new()).unwrap();
        head
    };
    let head = ask(&mut kept);
    assert!(
        head[0].starts_with("http/1.1 200") && !head.contains(&"connection: close".to_owned()),
        "{head:?}"
    );

    assert!(Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap().success());
    let stopped_at = Instant::now();
    std::thread::sleep(Duration::from_millis(700));
    let refused = std::net::TcpStream::connect(&host);
    assert_eq!(
        refused.map(|_| ()).map_err(|e| e.kind()),
        Err(std::io::ErrorKind::ConnectionRefused),
        "a new connection is refused: a balancer sends its request elsewhere"
    );
    // The kept connection is answered, and told to close, rather than cut under the
    // balancer's request; the store exits once it has closed.
    let head = ask(&mut kept);
    assert!(
        head[0].starts_with("http/1.1 200") && head.contains(&"connection: close".to_owned()),
        "{head:?}"
    );
    let status = child.wait().unwrap();
    assert!(status.success(), "exits 0 after SIGTERM: {status}");
    assert!(stopped_at.elapsed() < Duration::from_secs(3), "it did not wait out its keep-alive");
}

/// A plain blocking GET: the test runs outside any async runtime.
pub fn http_get(url: &str) -> String {
    use std::io::{Read, Write};
    let rest = url.strip_prefix("http://").unwrap();
    let (host, path) = rest.split_once('/').unwrap();
    let mut stream = std::net::TcpStream::connect(host).unwrap();
    write!(stream, "GET /{path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n").unwrap();
    let mut text = String::new();
    stream.read_to_string(&mut text).unwrap();
    text
}
