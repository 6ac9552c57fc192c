//! Faults an operator meets (docs/operating.md#when-things-go-wrong): a database that is
//! not Market's, damaged or newer; a full database; another process holding the write
//! lock; a log that cannot be written. The full disk on a real filesystem is
//! `make test-faults` (scripts/faults/full_disk.py).

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use reqwest::Method;
use rusqlite::Connection;
use serde_json::{Value, json};

use crate::helpers::{
    TestApp, assert_error_shape, browser, json_body, same_browser_at, spawn_app, spawn_on_with,
};
use crate::server::{http_get, serve};

const BIN: &str = env!("CARGO_BIN_EXE_market");

/// Runs `market serve` over `dir` and expects it to refuse to start; answers what it said.
fn refused_start(dir: &Path) -> String {
    let mut child = Command::new(BIN)
        .args(["serve", "--addr", "127.0.0.1:0", "--data-dir"])
        .arg(dir)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(30);
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            panic!("market serve started over {} instead of refusing it", dir.display());
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let mut said = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut said).unwrap();
    assert!(!status.success(), "a refusal exits non-zero: {said}");
    said
}

fn bytes_of(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap()
}

#[test]
fn a_foreign_newer_or_damaged_database_is_refused_at_start_and_left_as_it_was() {
    let refuse = |prepare: &dyn Fn(&Path), expect: &[&str]| {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("market.db");
        prepare(&db);
        let before = bytes_of(&db);
        let said = refused_start(dir.path());
        assert!(said.contains(&db.display().to_string()), "names the file: {said}");
        for words in expect {
            assert!(said.contains(words), "says {words:?}: {said}");
        }
        assert_eq!(bytes_of(&db), before, "not a byte of {} changed", db.display());
        assert!(!dir.path().join("market.db-wal").exists(), "no write-ahead log was made beside it");
    };

    // Another application's file that happens to be called market.db.
    refuse(
        &|db| {
            let conn = Connection::open(db).unwrap();
            conn.execute_batch("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO notes (text) VALUES ('mine')").unwrap();
        },
        &["another application's database (tables notes", "another --data-dir"],
    );
    // One that says whose it is.
    refuse(
        &|db| {
            let conn = Connection::open(db).unwrap();
            conn.pragma_update(None, "application_id", 0x0F00_BA11).unwrap();
            conn.execute_batch("CREATE TABLE products (id INTEGER PRIMARY KEY)").unwrap();
        },
        &["belongs to another application (its SQLite application_id is 0xf00ba11", "another --data-dir"],
    );
    // A store of a newer Market: not migrated down.
    refuse(
        &|db| {
            Command::new(BIN)
                .args(["seed", "--products", "156", "--data-dir"])
                .arg(db.parent().unwrap())
                .output()
                .unwrap();
            Connection::open(db).unwrap().pragma_update(None, "user_version", 99).unwrap();
        },
        &["comes from a newer Market (schema 99", "market restore"],
    );
    // Not a database at all.
    refuse(
        &|db| std::fs::write(db, "order 1: lamp\n".repeat(400)).unwrap(),
        &["is not a database", "market restore --from BACKUP"],
    );
    // A store whose schema page was overwritten.
    refuse(
        &|db| {
            let out = Command::new(BIN)
                .args(["seed", "--products", "156", "--data-dir"])
                .arg(db.parent().unwrap())
                .output()
                .unwrap();
            assert!(out.status.success());
            let mut bytes = bytes_of(db);
            for (i, b) in bytes[100..4096].iter_mut().enumerate() {
                *b = (i * 7) as u8;
            }
            std::fs::write(db, bytes).unwrap();
        },
        &["is damaged: SQLite's integrity check says", "market restore --from BACKUP"],
    );
}

#[test]
fn a_new_database_carries_markets_application_id() {
    let dir = tempfile::tempdir().unwrap();
    let (mut child, host) = serve(dir.path(), &[]);
    assert!(http_get(&format!("http://{host}/api/departments")).starts_with("HTTP/1.1 200"));
    let conn = Connection::open(dir.path().join("market.db")).unwrap();
    let id: i32 = conn.query_row("PRAGMA application_id", [], |r| r.get(0)).unwrap();
    assert_eq!(id, market::db::APPLICATION_ID);
    let _ = Command::new("kill").args(["-TERM", &child.id().to_string()]).status();
    child.wait().unwrap();
}

/// A write the store refuses for now: 503, the error shape, a message a shopper
/// understands and when to try again.
async fn assert_refused_for_now(res: reqwest::Response, words: &str, retry_after: &str) {
    assert_eq!(res.status(), 503);
    assert_eq!(res.headers()["retry-after"], retry_after);
    let message = assert_error_shape(&json_body(res).await);
    assert!(message.contains(words), "{message}");
}

async fn readiness(app: &TestApp) -> Value {
    app.get_json("/readyz", 200).await
}

fn review_body() -> Value {
    let description = "A bright, sharp picture and a remote that makes sense. ".repeat(4);
    json!({"rating": 5, "title": "Bright and sharp", "description": description.trim_end()})
}

/// On a full database a new visitor's session passes unstored (they browse as a new
/// visitor), but a session that signs someone in is refused: answered as stored, its key
/// would name nothing, and the shopper would find themselves signed out at their next
/// request (`make test-faults` met it: a sign-in answered 200, then 401s).
#[actix_web::test]
async fn a_sign_in_whose_session_cannot_be_stored_is_refused() {
    use actix_session::storage::SessionStore as _;
    use market::auth::session::SessionStore;

    if crate::helpers::sqlite_only("--max-db-size") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("market.db");
    market::db::Db::open(&path).unwrap().close().await.unwrap();
    let conn = Connection::open(&path).unwrap();
    conn.execute_batch("VACUUM").unwrap();
    let size: i64 = conn
        .query_row("SELECT page_count * page_size FROM pragma_page_count, pragma_page_size", [], |r| r.get(0))
        .unwrap();
    drop(conn);
    let limits = market::db::Limits { max_size: Some(size as u64) };
    let db = market::db::Db::open_with(&market::db::Location::File(path), limits).unwrap();
    let store = SessionStore::new(db.clone());
    let ttl = actix_web::cookie::time::Duration::days(1);
    let visitor = || std::collections::HashMap::from([("xsrf".to_owned(), "\"abc\"".to_owned())]);
    let mut visitors = 0;
    while db.write_fault().is_none() {
        visitors += 1;
        assert!(visitors < 10_000, "the sessions never filled the database");
        store.save(visitor(), &ttl).await.expect("a visitor's session passes, stored or not");
    }
    let mut signed_in = visitor();
    signed_in.insert(market::auth::current_user::USER_ID.to_owned(), "1".to_owned());
    assert!(store.save(signed_in, &ttl).await.is_err(), "a sign-in's session that was not stored");
    assert!(store.save(visitor(), &ttl).await.is_ok(), "a new visitor still browses");
}

#[actix_web::test]
async fn a_full_database_refuses_writes_with_503_while_browsing_goes_on_and_recovers() {
    if crate::helpers::sqlite_only("--max-db-size") {
        return;
    }
    // The demo shopper signs in on a store with room; the same database is then served
    // capped at the size it has (`--max-db-size`), its free pages vacuumed away. A table
    // of the test's takes room that it gives back later, as a big file on a disk would.
    let first = spawn_app().await;
    first.sign_in("demo", "password").await;
    let path = first.data_dir.path().join("market.db");
    let conn = Connection::open(&path).unwrap();
    conn.execute_batch("CREATE TABLE filler (b BLOB); INSERT INTO filler VALUES (zeroblob(262144)); VACUUM")
        .unwrap();
    let size: i64 = conn
        .query_row("SELECT page_count * page_size FROM pragma_page_count, pragma_page_size", [], |r| r.get(0))
        .unwrap();
    let capped = spawn_on_with(&first.data_dir, |c| c.max_db_size = Some(size as u64)).await;
    let demo = same_browser_at(&first, &capped);

    // New visitors fill the sessions' last free space...
    let mut visitors = 0;
    while readiness(&demo).await["status"] == "ready" {
        visitors += 1;
        assert!(visitors < 500, "the sessions never filled the capped database");
        browser(&demo).open().await;
    }
    // ...and the demo shopper's reviews the reviews'.
    let products: Vec<i64> = {
        let mut stmt = conn.prepare("SELECT id FROM products ORDER BY id").unwrap();
        stmt.query_map([], |r| r.get(0)).unwrap().map(Result::unwrap).collect()
    };
    let mut posted = Vec::new();
    let mut refused = None;
    for product in products {
        let res =
            demo.send(Method::POST, &format!("/api/products/{product}/reviews"), Some(review_body())).await;
        if res.status() == 201 {
            posted.push(json_body(res).await["id"].as_i64().unwrap());
            continue;
        }
        // The write that did not fit: refused for now, and nothing of it kept.
        assert_refused_for_now(res, "cannot save changes right now", "30").await;
        refused = Some(product);
        break;
    }
    let refused = refused.expect("the reviews filled the capped database");
    let theirs = |product: i64| {
        conn.query_row(
            "SELECT count(*) FROM reviews JOIN users ON users.id = user_id WHERE username = 'demo' AND product_id = ?1",
            [product],
            |r| r.get::<_, i64>(0),
        )
        .unwrap()
    };
    assert_eq!(theirs(refused), 0, "the refused review is not kept");
    let ready = readiness(&demo).await;
    assert_eq!(ready["status"], "degraded", "{ready}");
    assert_eq!(ready["checks"]["writes"], "writes refused: the disk or the database is full");
    assert!(ready["checks"]["writes_refused_since"].is_string());
    let metrics = demo.get("/metrics").await.text().await.unwrap();
    assert!(metrics.contains("market_db_full 1"), "{metrics}");

    // Browsing goes on, for the shopper and for a new visitor whose session cannot be kept.
    demo.get_json("/api/departments/5/products", 200).await;
    demo.get_json(&format!("/api/products/{refused}/reviews"), 200).await;
    demo.get_json("/api/cart", 200).await;
    let visitor = browser(&demo);
    assert_eq!(visitor.open().await["user"], Value::Null);
    visitor.get_json("/api/products/51", 200).await;
    assert_eq!(visitor.get("/departments/5/products/51").await.status(), 200);
    // Their sign-in cannot be kept, and they are told so (not that it looks forged).
    let credentials = json!({"credential": "demo", "password": "password"});
    let res = visitor.send(Method::POST, "/api/session", Some(credentials)).await;
    assert_refused_for_now(res, "cannot save changes right now", "30").await;

    // Space comes back: the refused write works now, by itself, and a visitor signs in.
    conn.execute_batch("DROP TABLE filler").unwrap();
    demo.post(&format!("/api/products/{refused}/reviews"), review_body(), 201).await;
    assert_eq!(theirs(refused), 1);
    assert_eq!(readiness(&demo).await["status"], "ready");
    visitor.sign_in("demo", "password").await;
    let kept: i64 = conn
        .query_row(
            "SELECT count(*) FROM reviews JOIN users ON users.id = user_id WHERE username = 'demo'",
            [],
            |r| r.get(0),
        )
        .unwrap();
    assert_eq!(kept as usize, posted.len() + 1, "every review answered 201 is kept, the refused one once");
}

#[actix_web::test]
async fn a_write_lock_held_elsewhere_answers_503_in_bounded_time_and_the_writer_recovers() {
    if crate::helpers::sqlite_only("the file's write lock") {
        return;
    }
    let app = spawn_app().await;
    app.sign_in("demo", "password").await;
    let path = app.data_dir.path().join("market.db");

    // An operator's sqlite3 shell, in a transaction that writes.
    let shell = Connection::open(&path).unwrap();
    shell.execute_batch("BEGIN IMMEDIATE").unwrap();
    let started = Instant::now();
    let writes = [51, 52, 53].map(|product| {
        let app = same_browser_at(&app, &app.address);
        actix_web::rt::spawn(async move {
            app.send(Method::POST, "/api/favorites", Some(json!({"productId": product}))).await
        })
    });
    // Reads go on meanwhile.
    app.get_json("/api/departments/5/products", 200).await;
    app.get_json("/api/favorites", 200).await;
    for write in writes {
        assert_refused_for_now(write.await.unwrap(), "The store is busy", "2").await;
    }
    let waited = started.elapsed();
    assert!(waited < Duration::from_secs(5), "the writes waited {waited:?}, not past a bounded wait");
    let ready = readiness(&app).await;
    assert_eq!(ready["status"], "degraded");
    assert_eq!(ready["checks"]["writes"], "writes refused: another process holds the database's write lock");

    shell.execute_batch("ROLLBACK").unwrap();
    app.post("/api/favorites", json!({"productId": 54}), 200).await;
    assert_eq!(readiness(&app).await["status"], "ready");
    let favorites = app.get_json("/api/favorites", 200).await;
    let ids: Vec<i64> =
        favorites["Products"].as_array().unwrap().iter().map(|f| f["productId"].as_i64().unwrap()).collect();
    assert_eq!(ids, [54], "exactly the write after the lock went is stored: {favorites}");
}

/// Starts `market serve` over a fresh folder with `args`, its stderr to `stderr`, on a
/// port picked here (its log may be unreadable); answers the child and its address.
fn serve_with(args: &[&str], stderr: Stdio) -> (std::process::Child, tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let host = format!("127.0.0.1:{port}");
    let child = Command::new(BIN)
        .args(["serve", "--addr", &host, "--data-dir"])
        .arg(dir.path())
        .args(args)
        .stdout(Stdio::null())
        .stderr(stderr)
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(30);
    while std::net::TcpStream::connect(&host).is_err() {
        assert!(Instant::now() < deadline, "market serve did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
    (child, dir, host)
}

/// `n` GETs of the catalog against `host`; answers how many were answered 200.
fn answered(host: &str, n: usize) -> usize {
    (0..n).filter(|_| http_get(&format!("http://{host}/api/departments")).starts_with("HTTP/1.1 200")).count()
}

fn metric(text: &str, name: &str) -> f64 {
    text.lines()
        .find_map(|l| l.strip_prefix(name).and_then(|rest| rest.trim().parse().ok()))
        .unwrap_or_else(|| panic!("{name} in {text}"))
}

#[test]
fn a_log_that_cannot_be_written_costs_no_answer() {
    // A full disk under the log file, and a pipe whose reader went away.
    let full = serve_with(&["--log-file", "/dev/full"], Stdio::null());
    let pipe = serve_with(&[], Stdio::piped());
    let (mut full, mut pipe) = ((full.0, full.2), (pipe.0, pipe.2));
    drop(pipe.0.stderr.take());
    for (child, host) in [&mut full, &mut pipe] {
        assert_eq!(answered(host, 300), 300, "every request answered");
        let metrics = http_get(&format!("http://{host}/metrics"));
        let errors = metric(&metrics, "market_log_write_errors_total");
        assert!(errors > 0.0, "the log's write errors are counted: {errors}");
        assert!(child.try_wait().unwrap().is_none(), "still serving");
        let _ = Command::new("kill").args(["-TERM", &child.id().to_string()]).status();
        child.wait().unwrap();
    }
}
