//! Running the store as an operator does: health and readiness, metrics, the access log,
//! backup and restore, resets, and one process per data folder (docs/operating.md).

use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rusqlite::Connection;
use serde_json::{Value, json};

use crate::helpers::{place_order, spawn_app, spawn_app_with};
use crate::server::{serve, url_from_the_log};

const BIN: &str = env!("CARGO_BIN_EXE_market");

fn count(db: &Path, sql: &str) -> i64 {
    let conn = Connection::open(db).unwrap();
    conn.query_row(sql, [], |r| r.get(0)).unwrap()
}

/// Runs `market ARGS`; answers whether it succeeded and what it printed (stdout, stderr).
fn market(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(BIN).args(args).output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

fn stop(child: &mut std::process::Child) {
    let _ = Command::new("kill").args(["-TERM", &child.id().to_string()]).status();
    let status = child.wait().unwrap();
    assert!(status.success(), "exits 0 after SIGTERM: {status}");
}

#[actix_web::test]
async fn health_says_alive_and_readiness_follows_the_database_schema() {
    let app = spawn_app().await;
    assert_eq!(app.get_json("/healthz", 200).await, json!({"status": "alive"}));
    let ready = app.get_json("/readyz", 200).await;
    assert_eq!(ready["status"], "ready");
    assert_eq!(
        ready["checks"],
        json!({"database": "ok", "writes": "ok", "stopping": false, "search": "index"})
    );

    // A database another Market moved on (or an operator's mistake): not ready.
    let (newer, back) = match crate::helpers::postgres() {
        Some(_) => (
            "INSERT INTO market_schema (version) VALUES (99)",
            "DELETE FROM market_schema WHERE version = 99",
        ),
        None => ("PRAGMA user_version = 99", "PRAGMA user_version = 25"),
    };
    app.sql(newer).await;
    let unready = app.get_json("/readyz", 503).await;
    assert_eq!(unready["checks"]["database"], "schema is not this Market's");
    app.sql(back).await;
    app.get_json("/readyz", 200).await;
}

#[actix_web::test]
async fn a_busy_postgres_keeps_the_replica_in_rotation_as_degraded() {
    let app = spawn_app().await;
    let Ok(url) = std::fs::read_to_string(app.data_dir.path().join("test-database-url")) else {
        eprintln!("on SQLite: skipped, this is about a database server other replicas share");
        return;
    };
    // Another session holds the schema's table: the check's read waits until the server
    // cancels it for running long, as on a database that is there but swamped.
    let (locked, released) = (std::sync::mpsc::channel(), std::sync::mpsc::channel::<()>());
    let holder = std::thread::spawn(move || {
        let mut client = postgres::Client::connect(&url, postgres::NoTls).unwrap();
        let mut tx = client.transaction().unwrap();
        tx.batch_execute("LOCK TABLE market_schema IN ACCESS EXCLUSIVE MODE").unwrap();
        locked.0.send(()).unwrap();
        released.1.recv().unwrap();
        tx.rollback().unwrap();
    });
    locked.1.recv().unwrap();
    let busy = app.get_json("/readyz", 200).await;
    released.0.send(()).unwrap();
    holder.join().unwrap();
    assert_eq!(busy["status"], "degraded", "{busy}");
    assert_eq!(busy["checks"]["database"], "busy", "{busy}");
    assert_eq!(app.get_json("/readyz", 200).await["status"], "ready");
}

#[actix_web::test]
async fn metrics_count_requests_by_route_sign_in_failures_and_orders() {
    let app = spawn_app().await;
    for _ in 0..3 {
        app.get_json("/api/products/51", 200).await;
    }
    app.open().await;
    app.post("/api/session", json!({"credential": "demo", "password": "wrong password"}), 401).await;
    app.sign_up().await;
    let order = place_order(&app, 53).await;
    let total = (order["total"].as_f64().unwrap() * 100.0).round() as i64;

    let res = app.get("/metrics").await;
    assert_eq!(res.status(), 200);
    assert!(res.headers()["content-type"].to_str().unwrap().starts_with("application/openmetrics-text"));
    let text = res.text().await.unwrap();
    let value = |series: &str| -> f64 {
        text.lines()
            .find_map(|l| l.strip_prefix(series).and_then(|rest| rest.strip_prefix(' ')))
            .unwrap_or_else(|| panic!("no {series} in\n{text}"))
            .parse()
            .unwrap()
    };
    assert_eq!(
        value(r#"market_http_requests_total{route="/api/products/{id}",method="GET",status="200"}"#),
        3.0
    );
    assert_eq!(value(r#"market_http_requests_total{route="/api/session",method="POST",status="401"}"#), 1.0);
    assert_eq!(value(r#"market_http_request_duration_seconds_count{route="/api/products/{id}"}"#), 3.0);
    assert_eq!(value("market_signin_failures_total"), 1.0);
    assert_eq!(value("market_orders_placed_total"), 1.0);
    assert_eq!(value("market_orders_placed_cents_total"), total as f64);
    assert!(value("market_answer_cache_hits_total") >= 2.0, "the product was kept after the first answer");
    assert!(value("market_sessions_alive") >= 1.0);
    if crate::helpers::postgres().is_none() {
        // SQLite's writer thread: PostgreSQL commits each write on its own.
        assert!(value("market_db_group_commit_writes_count") >= 1.0);
        assert_eq!(value("market_db_write_queue"), 0.0);
    }
    assert!(value("market_process_resident_memory_bytes") > 1e6);
    // The catalog index answers and holds every product on sale, built once at start.
    assert_eq!(value("market_catalog_index_ready"), 1.0);
    let on_sale = app.sql_number("SELECT count(*) FROM products WHERE archived_at IS NULL").await;
    assert_eq!(value("market_catalog_index_products"), on_sale as f64);
    assert_eq!(value("market_catalog_index_builds_total"), 1.0);
    assert!(value("market_catalog_index_last_build_seconds") > 0.0);
}

#[actix_web::test]
async fn a_reset_while_serving_takes_the_store_back_to_its_seed_and_signs_everyone_out() {
    let app = spawn_app_with(|c| c.reset_every = Some(Duration::from_secs(4))).await;
    let started = Instant::now();
    let products = app.sql_number("SELECT count(*) FROM products").await;
    let seeded_reviews = app.sql_number("SELECT count(*) FROM reviews").await;
    let visitor = crate::helpers::browser(&app);
    let account = visitor.sign_up().await;
    visitor.post("/api/favorites", json!({"productId": 51}), 200).await;
    app.sign_in("demo", "password").await;
    app.post(
        "/api/products/53/reviews",
        json!({"rating": 1, "title": "Not for me", "description": "It broke on the second day of use."}),
        201,
    )
    .await;
    place_order(&app, 51).await;
    app.post("/api/cart", json!({"productId": 56}), 201).await;
    assert!(started.elapsed() < Duration::from_secs(3), "the shoppers were done before the reset");

    let mut signed_out = false;
    for _ in 0..60 {
        if app.get_json("/api/session", 200).await["user"].is_null() {
            signed_out = true;
            break;
        }
        actix_web::rt::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(signed_out, "the reset signed the demo shopper out");
    assert!(visitor.get_json("/api/session", 200).await["user"].is_null(), "and everyone else");
    assert_eq!(app.sql_number("SELECT count(*) FROM products").await, products, "the catalog stays");
    assert_eq!(app.sql_number("SELECT count(*) FROM reviews").await, seeded_reviews);
    assert_eq!(
        app.sql_number("SELECT (SELECT count(*) FROM orders) + (SELECT count(*) FROM cart_items)").await,
        0
    );
    assert_eq!(app.sql_number(&format!("SELECT count(*) FROM users WHERE id = {}", account["id"])).await, 0);
    // The rating the demo's review changed is served as seeded again (no kept answer).
    let reviews = app.get_json("/api/products/53/reviews", 200).await;
    assert!(!reviews.to_string().contains("Not for me"));
    // The demo shopper works after a reset, with an empty cart.
    app.sign_in("demo", "password").await;
    assert_eq!(app.get_json("/api/cart", 200).await["Products"], json!([]));
}

/// A checkout load on the real binary; a backup taken in the middle of it holds every
/// order acknowledged before the backup began, and opens clean.
#[actix_web::test]
async fn a_backup_taken_during_checkouts_holds_every_order_acknowledged_before_it() {
    if crate::helpers::sqlite_only("`market backup`") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let (mut child, host) = serve(dir.path(), &[("MARKET_RATE_LIMITS", "off")]);
    let base = format!("http://{host}");
    let acknowledged: Arc<Mutex<Vec<(Instant, i64)>>> = Arc::default();
    let done = Arc::new(std::sync::atomic::AtomicBool::new(false));
    let mut shoppers = Vec::new();
    for n in 0..4 {
        let (base, acknowledged, done) = (base.clone(), acknowledged.clone(), done.clone());
        shoppers.push(actix_web::rt::spawn(async move {
            let jar = Arc::new(reqwest::cookie::Jar::default());
            let client = reqwest::Client::builder().cookie_provider(jar.clone()).build().unwrap();
            let token = || {
                use reqwest::cookie::CookieStore;
                let cookies = jar.cookies(&base.parse().unwrap()).unwrap();
                let cookies = cookies.to_str().unwrap().to_owned();
                cookies.split("; ").find_map(|c| c.strip_prefix("XSRF-TOKEN=").map(str::to_owned)).unwrap()
            };
            client.get(format!("{base}/api/session")).send().await.unwrap();
            let mut shopper = crate::helpers::new_shopper();
            shopper["username"] = json!(format!("backup{n}{}", std::process::id()));
            shopper["email"] = json!(format!("backup{n}{}@example.com", std::process::id()));
            let res = client
                .post(format!("{base}/api/users"))
                .header("XSRF-Token", token())
                .json(&shopper)
                .send()
                .await
                .unwrap();
            assert_eq!(res.status(), 201);
            while !done.load(std::sync::atomic::Ordering::Relaxed) {
                let res = client
                    .post(format!("{base}/api/cart"))
                    .header("XSRF-Token", token())
                    .json(&json!({"productId": crate::helpers::in_stock(n as i64)}))
                    .send()
                    .await
                    .unwrap();
                assert_eq!(res.status(), 201);
                let cart: Value =
                    client.get(format!("{base}/api/cart")).send().await.unwrap().json().await.unwrap();
                let subtotal = (cart["subtotal"].as_f64().unwrap() * 100.0).round() as i64;
                let total = subtotal - (subtotal * 5 + 50) / 100;
                let res = client
                    .post(format!("{base}/api/orders"))
                    .header("XSRF-Token", token())
                    .json(&json!({"total": total as f64 / 100.0, "products": cart["Products"]}))
                    .send()
                    .await
                    .unwrap();
                assert_eq!(res.status(), 201);
                let order: Value = res.json().await.unwrap();
                acknowledged.lock().unwrap().push((Instant::now(), order["id"].as_i64().unwrap()));
            }
        }));
    }
    let acknowledged_so_far = || acknowledged.lock().unwrap().len();
    while acknowledged_so_far() < 8 {
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
    }
    let copy = dir.path().join("copies").join("market-backup.db");
    std::fs::create_dir_all(copy.parent().unwrap()).unwrap();
    let began = Instant::now();
    let (to, data) = (copy.to_str().unwrap().to_owned(), dir.path().to_str().unwrap().to_owned());
    let (ok, out, err) =
        actix_web::rt::task::spawn_blocking(move || market(&["backup", "--to", &to, "--data-dir", &data]))
            .await
            .unwrap();
    assert!(ok, "{out}{err}");
    assert!(out.contains("Backed up") && out.contains("orders"), "it says what it did: {out}");
    let at_the_end = acknowledged_so_far() + 4;
    while acknowledged_so_far() < at_the_end {
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
    }
    done.store(true, std::sync::atomic::Ordering::Relaxed);
    for shopper in shoppers {
        shopper.await.unwrap();
    }
    stop(&mut child);

    let before: Vec<i64> =
        acknowledged.lock().unwrap().iter().filter(|(at, _)| *at < began).map(|(_, id)| *id).collect();
    let after = acknowledged.lock().unwrap().len() - before.len();
    assert!(
        before.len() >= 8 && after >= 1,
        "orders before ({}) and during or after ({after}) the backup",
        before.len()
    );
    let conn = Connection::open(&copy).unwrap();
    let integrity: String = conn.query_row("PRAGMA integrity_check", [], |r| r.get(0)).unwrap();
    assert_eq!(integrity, "ok");
    let mut stmt = conn.prepare("SELECT 1 FROM orders WHERE id = ?1").unwrap();
    for id in &before {
        assert!(stmt.exists([id]).unwrap(), "order {id}, acknowledged before the backup began, is in it");
    }
}

#[test]
fn backup_and_restore_follow_the_database_named_and_refuse_postgres() {
    let dir = tempfile::tempdir().unwrap();
    let (data, elsewhere) = (dir.path().join("data"), dir.path().join("elsewhere.db"));
    let database = format!("sqlite:{}", elsewhere.display());
    let (ok, out, err) =
        market(&["reset", "--yes", "--database", &database, "--data-dir", data.to_str().unwrap()]);
    assert!(ok, "{out}{err}");
    let copy = dir.path().join("copy.db");
    let out = Command::new(BIN)
        .args(["backup", "--to", copy.to_str().unwrap(), "--data-dir", data.to_str().unwrap()])
        .env("MARKET_DATABASE", &database)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success() && said.contains("elsewhere.db"), "the file MARKET_DATABASE names: {said}");
    assert!(!data.join("market.db").exists(), "not the data folder's");

    for command in [["backup", "--to"], ["restore", "--from"]] {
        let (ok, _, err) = market(&[
            command[0],
            command[1],
            copy.to_str().unwrap(),
            "--data-dir",
            data.to_str().unwrap(),
            "--database",
            "postgres://market:hunter22@db.internal/market",
        ]);
        assert!(!ok && err.contains("PostgreSQL's (postgres://market:***@db.internal/market)"), "{err}");
        assert!(err.contains("pg_dump"), "{err}");
    }
    assert!(!data.join("market.db").exists(), "nothing restored into the data folder");
}

#[actix_web::test]
async fn restore_refuses_what_is_not_a_sound_market_database_and_puts_a_backup_back() {
    if crate::helpers::sqlite_only("`market restore`") {
        return;
    }
    // A store with one order, backed up while it serves.
    let app = spawn_app().await;
    app.sign_up().await;
    place_order(&app, 51).await;
    let files = tempfile::tempdir().unwrap();
    let backup = files.path().join("good.db");
    let (ok, out, err) = market(&[
        "backup",
        "--to",
        backup.to_str().unwrap(),
        "--data-dir",
        app.data_dir.path().to_str().unwrap(),
    ]);
    assert!(ok, "{out}{err}");

    // A stopped store elsewhere, with a database of its own.
    let target = tempfile::tempdir().unwrap();
    let (ok, out, err) = market(&["reset", "--yes", "--data-dir", target.path().to_str().unwrap()]);
    assert!(ok, "{out}{err}");
    let db = target.path().join("market.db");
    let untouched = std::fs::read(&db).unwrap();

    let text = files.path().join("notes.txt");
    std::fs::write(&text, "Dear diary, today I backed up nothing at all. ".repeat(50)).unwrap();
    let foreign = files.path().join("foreign.db");
    Connection::open(&foreign)
        .unwrap()
        .execute_batch("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
        .unwrap();
    let newer = files.path().join("newer.db");
    std::fs::copy(&backup, &newer).unwrap();
    Connection::open(&newer).unwrap().pragma_update(None, "user_version", 99).unwrap();
    for (file, says) in [
        (files.path().join("missing.db"), "cannot open"),
        (text, "not a database Market can read"),
        (foreign, "not a Market database"),
        (newer, "newer Market"),
    ] {
        let (ok, out, err) = market(&[
            "restore",
            "--from",
            file.to_str().unwrap(),
            "--data-dir",
            target.path().to_str().unwrap(),
        ]);
        assert!(!ok, "{} was refused", file.display());
        assert!(err.contains(says), "{}: {out}{err}", file.display());
        assert!(std::fs::read(&db).unwrap() == untouched, "a refused restore changes nothing");
    }

    let (ok, out, err) = market(&[
        "restore",
        "--from",
        backup.to_str().unwrap(),
        "--data-dir",
        target.path().to_str().unwrap(),
    ]);
    assert!(ok, "{out}{err}");
    assert!(out.contains("Restored") && out.contains("1 orders"), "{out}");
    assert!(out.contains("kept as"), "the replaced database is kept: {out}");
    assert_eq!(count(&db, "SELECT count(*) FROM orders"), 1);
    let kept = std::fs::read_dir(target.path())
        .unwrap()
        .filter(|e| e.as_ref().unwrap().file_name().to_string_lossy().contains("before-restore"))
        .count();
    assert!(kept >= 1);

    // And the restored store serves.
    let (mut child, host) = serve(target.path(), &[]);
    let body = crate::server::http_get(&format!("http://{host}/readyz"));
    assert!(body.starts_with("HTTP/1.1 200"), "{body}");
    stop(&mut child);
}

#[test]
fn reset_asks_for_yes_then_takes_a_stopped_store_back_to_its_seed() {
    if crate::helpers::sqlite_only("resetting a stopped store's file") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_str().unwrap();
    let (ok, ..) = market(&["reset", "--yes", "--data-dir", data]);
    assert!(ok);
    let db = dir.path().join("market.db");
    let (users, reviews) =
        (count(&db, "SELECT count(*) FROM users"), count(&db, "SELECT count(*) FROM reviews"));
    let conn = Connection::open(&db).unwrap();
    conn.execute_batch(
        "INSERT INTO users (first_name, last_name, username, email, avatar_url, password_hash, created_at)
             VALUES ('Visiting', 'Shopper', 'visitor', 'visitor@example.com', '/a.webp', 'x', 0);
         INSERT INTO reviews (user_id, product_id, rating, title, description, created_at)
             SELECT id, 51, 5, 'Great', 'Exactly what I wanted for the kitchen.', 0 FROM users WHERE username = 'demo';
         INSERT INTO cart_items (user_id, product_id, created_at) SELECT id, 52, 0 FROM users WHERE username = 'demo';",
    )
    .unwrap();
    drop(conn);

    let (ok, out, err) = market(&["reset", "--data-dir", data]);
    assert!(!ok && err.contains("--yes"), "{out}{err}");
    assert_eq!(count(&db, "SELECT count(*) FROM users"), users + 1, "nothing changed without --yes");

    let (ok, out, err) = market(&["reset", "--yes", "--data-dir", data]);
    assert!(ok, "{out}{err}");
    assert!(out.contains("removed 1 accounts, 0 orders, 1 reviews, 1 cart lines"), "{out}");
    assert_eq!(count(&db, "SELECT count(*) FROM users"), users);
    assert_eq!(count(&db, "SELECT count(*) FROM reviews"), reviews);
    assert_eq!(count(&db, "SELECT count(*) FROM cart_items"), 0);
}

#[test]
fn one_process_per_data_dir_and_the_holder_is_named() {
    if crate::helpers::sqlite_only("the data folder's lock") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_str().unwrap();
    let (mut first, _) = serve(dir.path(), &[]);
    let second = Command::new(BIN)
        .args(["serve", "--addr", "127.0.0.1:0", "--data-dir", data])
        .stdout(Stdio::null())
        .output()
        .unwrap();
    assert!(!second.status.success());
    let said = String::from_utf8_lossy(&second.stderr);
    assert!(said.contains(&format!("market serve (pid {})", first.id())), "{said}");
    for args in [
        vec!["reset", "--yes"],
        vec!["restore", "--from", "/nonexistent.db"],
        vec!["seed", "--products", "200"],
    ] {
        let mut args = args;
        args.extend(["--data-dir", data]);
        let (ok, out, err) = market(&args);
        assert!(!ok && err.contains("is in use by market serve"), "{args:?}: {out}{err}");
    }
    // Reading beside it is fine.
    let copy = dir.path().join("copy.db");
    let (ok, out, err) = market(&["backup", "--to", copy.to_str().unwrap(), "--data-dir", data]);
    assert!(ok, "{out}{err}");
    stop(&mut first);
    let (mut again, _) = serve(dir.path(), &[]);
    stop(&mut again);
}

#[actix_web::test]
async fn the_access_log_goes_to_its_file_as_json_and_a_sighup_reopens_it() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("market.log");
    let mut child = Command::new(BIN)
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--log-format",
            "json",
            "--shutdown-delay",
            "2s",
            "--trusted-proxy",
            "127.0.0.1",
            "--data-dir",
        ])
        .arg(dir.path().join("data"))
        .arg("--log-file")
        .arg(&log)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let wait_for = |path: &Path, text: &str| -> String {
        for _ in 0..100 {
            if let Ok(found) = std::fs::read_to_string(path)
                && let Some(line) = found.lines().find(|l| l.contains(text))
            {
                return line.to_owned();
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        panic!("{} never said {text}", path.display());
    };
    let opened: Value = serde_json::from_str(&wait_for(&log, "Market is open at")).unwrap();
    let url = opened["message"]
        .as_str()
        .unwrap()
        .split("open at ")
        .nth(1)
        .unwrap()
        .trim_end_matches('/')
        .to_owned();
    let client = reqwest::Client::new();
    let res = client
        .get(format!("{url}/api/departments"))
        .header("Cookie", "market_session=secret-value")
        .send()
        .await
        .unwrap();
    let sent = res.bytes().await.unwrap().len();
    let line: Value = serde_json::from_str(&wait_for(&log, "/api/departments")).unwrap();
    assert_eq!(line["method"], "GET");
    assert_eq!(line["status"], 200);
    assert_eq!(line["bytes"], sent);
    assert_eq!(line["client"], "127.0.0.1");
    assert!(line["duration_ms"].as_f64().unwrap() > 0.0);
    assert!(!std::fs::read_to_string(&log).unwrap().contains("secret-value"), "cookies are never logged");

    // Log rotation: the file is moved away, SIGHUP, and the next lines go to a new file.
    let rotated = dir.path().join("market.log.1");
    std::fs::rename(&log, &rotated).unwrap();
    assert!(Command::new("kill").args(["-HUP", &child.id().to_string()]).status().unwrap().success());
    // The new file exists once the log thread has reopened it.
    for _ in 0..100 {
        if log.exists() {
            break;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    // Through a trusted load balancer: the shopper's address, as it forwarded it.
    client.get(format!("{url}/healthz")).header("X-Forwarded-For", "203.0.113.7").send().await.unwrap();
    let line: Value = serde_json::from_str(&wait_for(&log, "/healthz")).unwrap();
    assert_eq!(line["client"], "203.0.113.7");
    assert!(!std::fs::read_to_string(&rotated).unwrap().contains("/healthz"));

    // SIGTERM: not ready at once, still serving through the delay, connections kept
    // alive (closing each after its answer would have a balancer open new ones, which
    // the store's stop could cut), then gone.
    assert!(Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap().success());
    actix_web::rt::time::sleep(Duration::from_millis(300)).await;
    let res = client.get(format!("{url}/readyz")).send().await.unwrap();
    assert_eq!(res.status(), 503, "a balancer is told to stop sending work");
    let res = client.get(format!("{url}/api/departments")).send().await.unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers().get("connection"), None, "kept alive while the store serves on");
    let status = actix_web::rt::task::spawn_blocking(move || child.wait().unwrap()).await.unwrap();
    assert!(status.success());
}

#[actix_web::test]
async fn metrics_on_their_own_address_are_not_served_beside_the_store() {
    let dir = tempfile::tempdir().unwrap();
    let free = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let metrics_addr = free.local_addr().unwrap().to_string();
    drop(free);
    let mut child = Command::new(BIN)
        .args(["serve", "--addr", "127.0.0.1:0", "--metrics-addr", &metrics_addr, "--data-dir"])
        .arg(dir.path())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let host = url_from_the_log(&mut child);
    let client = reqwest::Client::new();
    client.get(format!("http://{host}/api/departments")).send().await.unwrap();
    assert_eq!(client.get(format!("http://{host}/metrics")).send().await.unwrap().status(), 404);
    let scrape =
        client.get(format!("http://{metrics_addr}/metrics")).send().await.unwrap().text().await.unwrap();
    assert!(
        scrape
            .contains(r#"market_http_requests_total{route="/api/departments",method="GET",status="200"} 1"#),
        "{scrape}"
    );
    stop(&mut child);
}

#[test]
fn bad_operating_flags_fail_at_start_naming_the_flag() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().to_str().unwrap();
    for (args, says) in [
        (vec!["--log-format", "xml"], "--log-format"),
        (vec!["--reset-every", "5x"], "--reset-every"),
        (vec!["--reset-every", "10s"], "at least 1m"),
        (vec!["--shutdown-delay", "soon"], "--shutdown-delay"),
        (vec!["--log-file", "/nonexistent/folder/market.log"], "cannot open the log file"),
    ] {
        let mut all = vec!["serve", "--addr", "127.0.0.1:0", "--data-dir", data];
        all.extend(args.iter().copied());
        let (ok, out, err) = market(&all);
        assert!(!ok, "{args:?} was refused");
        assert!(err.contains(says), "{args:?}: {out}{err}");
    }
}
