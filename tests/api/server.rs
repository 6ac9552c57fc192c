//! The `market` binary itself: flags, environment, the URL line, clean shutdown.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_market");

#[test]
fn help_and_version_work() {
    let help = Command::new(BIN).arg("--help").output().unwrap();
    assert!(help.status.success());
    assert!(String::from_utf8_lossy(&help.stdout).contains("serve"));
    let serve_help = Command::new(BIN).args(["serve", "--help"]).output().unwrap();
    let text = String::from_utf8_lossy(&serve_help.stdout);
    for flag in ["--addr", "--data-dir", "MARKET_ADDR", "MARKET_DATA_DIR", "127.0.0.1:8080"] {
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
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let url = lines
        .by_ref()
        .map_while(Result::ok)
        .find_map(|l| l.split("Market is open at ").nth(1).map(str::to_owned))
        .expect("a line with the URL");
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

/// A plain blocking GET: the test runs outside any async runtime.
fn http_get(url: &str) -> String {
    use std::io::{Read, Write};
    let rest = url.strip_prefix("http://").unwrap();
    let (host, path) = rest.split_once('/').unwrap();
    let mut stream = std::net::TcpStream::connect(host).unwrap();
    write!(stream, "GET /{path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n").unwrap();
    let mut text = String::new();
    stream.read_to_string(&mut text).unwrap();
    text
}
