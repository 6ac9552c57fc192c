//! Choosing the engine: `--database`, and what `market` says and does when the database
//! it names cannot be used. The PostgreSQL cases run when the tests have a server
//! (`MARKET_TEST_POSTGRES`); the refusals at start need none.

use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use crate::helpers::{empty_database, postgres_sql};

const BIN: &str = env!("CARGO_BIN_EXE_market");

/// `market serve` on a free port over a new data folder and `database`, expected to
/// refuse to start: answers what it said.
fn refused(database: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let started = Instant::now();
    let out: Output = Command::new(BIN)
        .args(["serve", "--addr", "127.0.0.1:0", "--database", database])
        .arg("--data-dir")
        .arg(dir.path())
        .stdout(Stdio::null())
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!out.status.success(), "{database}: a refusal exits non-zero: {said}");
    assert!(started.elapsed() < Duration::from_secs(10), "{database}: refused in time");
    said
}

#[test]
fn a_database_that_cannot_be_used_stops_the_start_naming_where_and_why() {
    let said = refused("postgres://market:hunter22@127.0.0.1:1/market");
    assert!(said.contains("127.0.0.1:1/market") && said.contains("Connection refused"), "{said}");
    assert!(!said.contains("hunter22"), "no password in messages: {said}");

    let said = refused("postgres://market@no-such-host.invalid/market");
    assert!(said.contains("no-such-host.invalid:5432/market"), "{said}");

    let said = refused("mysql://market@localhost/market");
    assert!(said.contains("SQLite") && said.contains("PostgreSQL"), "names what can be used: {said}");

    let said = refused("postgres://market:hunter22@[nowhere/market");
    assert!(said.contains("not a PostgreSQL URL"), "{said}");
    assert!(!said.contains("hunter22"), "{said}");
}

#[actix_web::test]
async fn a_postgres_database_that_is_not_markets_to_run_is_refused_and_left_as_it_was() {
    let Some(url) = empty_database().await else { return };
    // Another application's tables.
    postgres_sql(&url, "CREATE TABLE notes (id bigint PRIMARY KEY, text text)").await;
    let said = refused(&url);
    assert!(said.contains("another application's tables (notes)"), "{said}");
    assert_eq!(postgres_sql(&url, "SELECT to_regclass('market_schema')::text").await, [""], "nothing made");

    // A Market database a newer Market moved on.
    postgres_sql(&url, "DROP TABLE notes").await;
    let (ok, said) = run(&["seed", "--products", "200", "--database", &url]);
    assert!(ok, "{said}");
    postgres_sql(&url, "INSERT INTO market_schema (version) VALUES (99)").await;
    let said = refused(&url);
    assert!(said.contains("comes from a newer Market (schema 99"), "{said}");
    assert_eq!(postgres_sql(&url, "SELECT max(version) FROM market_schema").await, ["99"], "not taken back");
    assert_eq!(postgres_sql(&url, "SELECT count(*) FROM products").await, ["200"], "left as it was");
}

#[actix_web::test]
async fn a_seed_of_postgres_leaves_a_data_folder_in_use_alone() {
    let Some(url) = empty_database().await else { return };
    // A store of a file serves from the folder; the seed would build its catalog index
    // there, under the server's feet.
    let dir = tempfile::tempdir().unwrap();
    let (mut server, _) = crate::server::serve(dir.path(), &[]);
    let out = Command::new(BIN)
        .args(["seed", "--products", "200", "--database", &url, "--data-dir"])
        .arg(dir.path())
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && said.contains("is in use by market serve"), "{said}");
    assert_eq!(postgres_sql(&url, "SELECT to_regclass('products')::text").await, [""], "nothing seeded");
    let _ = Command::new("kill").args(["-TERM", &server.id().to_string()]).status();
    assert!(server.wait().unwrap().success(), "the server stops cleanly");
}

#[actix_web::test]
async fn two_replicas_given_one_data_folder_are_refused_with_a_clear_message() {
    let Some(url) = empty_database().await else { return };
    // The folder holds each replica's own catalog index: a second one would write it
    // under the first's feet.
    let dir = tempfile::tempdir().unwrap();
    let (mut first, _) = crate::server::serve(dir.path(), &[("MARKET_DATABASE", &url)]);
    let out = Command::new(BIN)
        .args(["serve", "--addr", "127.0.0.1:0", "--database", &url, "--data-dir"])
        .arg(dir.path())
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success() && said.contains("is in use by market serve"), "{said}");
    let _ = Command::new("kill").args(["-TERM", &first.id().to_string()]).status();
    assert!(first.wait().unwrap().success(), "the first stops cleanly");
}

/// Runs `market ARGS` over a data folder of its own (a seed builds its catalog index
/// there; tests running at once must not share one); answers whether it succeeded and
/// what it said.
fn run(args: &[&str]) -> (bool, String) {
    let dir = tempfile::tempdir().unwrap();
    let out = Command::new(BIN).args(args).arg("--data-dir").arg(dir.path()).output().unwrap();
    let said = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    (out.status.success(), said)
}

#[actix_web::test]
async fn servers_starting_together_on_a_new_database_migrate_and_seed_it_once() {
    let Some(url) = empty_database().await else { return };
    let dirs: Vec<_> = (0..3).map(|_| tempfile::tempdir().unwrap()).collect();
    let mut servers: Vec<_> = dirs
        .iter()
        .map(|dir| {
            Command::new(BIN)
                .args(["serve", "--addr", "127.0.0.1:0", "--database", &url])
                .arg("--data-dir")
                .arg(dir.path())
                .stdout(Stdio::null())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap()
        })
        .collect();
    for server in &mut servers {
        crate::server::url_from_the_log(server);
    }
    let steps = "SELECT string_agg(version::text, ' ' ORDER BY version) FROM market_schema";
    assert_eq!(
        postgres_sql(&url, steps).await,
        ["5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25"],
        "each step once"
    );
    assert_eq!(postgres_sql(&url, "SELECT count(*) FROM departments").await, ["13"], "one seeding");
    assert_eq!(postgres_sql(&url, "SELECT count(*) FROM products").await, ["156"]);
    assert_eq!(postgres_sql(&url, "SELECT count(*) FROM settings WHERE name = 'secret_key'").await, ["1"]);

    // A new catalog under serving servers would leave what they keep stale: refused.
    let serving =
        "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND mode = 'ShareLock' AND granted";
    let since = Instant::now();
    while postgres_sql(&url, serving).await != ["3"] {
        assert!(since.elapsed() < Duration::from_secs(10), "each server holds the serving lock");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let (ok, said) = run(&["seed", "--products", "300", "--force", "--database", &url]);
    assert!(!ok && said.contains("3 Market server(s) are serving"), "{said}");
    assert_eq!(postgres_sql(&url, "SELECT count(*) FROM products").await, ["156"], "left as it was");

    for mut server in servers {
        let _ = Command::new("kill").args(["-TERM", &server.id().to_string()]).status();
        assert!(server.wait().unwrap().success(), "each stops cleanly");
    }
}

#[actix_web::test]
async fn seed_and_reset_work_on_postgres_as_on_a_file() {
    let Some(url) = empty_database().await else { return };
    let (ok, said) = run(&["seed", "--products", "1000", "--database", &url]);
    assert!(ok, "{said}");
    assert_eq!(postgres_sql(&url, "SELECT count(*) FROM products").await, ["1000"]);
    let rated = "SELECT count(*) FROM products p WHERE review_count <> (SELECT count(*) FROM reviews r WHERE r.product_id = p.id)
                 OR rating_sum <> (SELECT coalesce(sum(rating), 0) FROM reviews r WHERE r.product_id = p.id)";
    assert_eq!(postgres_sql(&url, rated).await, ["0"], "every rating counts its reviews");
    let brands = "SELECT count(*) FROM brands b WHERE product_count <> (SELECT count(*) FROM products p WHERE p.brand = b.name)";
    assert_eq!(postgres_sql(&url, brands).await, ["0"], "every brand counts its products");
    assert_eq!(
        postgres_sql(&url, "SELECT count(*) FROM products WHERE words = ''").await,
        ["0"],
        "all searchable"
    );
    assert_eq!(postgres_sql(&url, "SELECT count(*) FROM changes").await, ["0"]);

    // A shopper's data stops a second seeding, unless forced; a reset takes it away.
    postgres_sql(&url, "INSERT INTO cart_items (user_id, product_id, created_at) VALUES (1, 51, 0)").await;
    let (ok, said) = run(&["seed", "--products", "500", "--database", &url]);
    assert!(!ok && said.contains("holds shoppers' data (cart lines: 1)"), "{said}");
    let (ok, said) = run(&["reset", "--yes", "--database", &url]);
    assert!(ok && said.contains("1 cart lines"), "{said}");
    let (ok, said) = run(&["seed", "--products", "500", "--database", &url]);
    assert!(ok, "{said}");
    assert_eq!(postgres_sql(&url, "SELECT count(*) FROM products").await, ["500"]);
    let next = postgres_sql(
        &url,
        "INSERT INTO products (department_id, name, brand, price_cents, description)
                                   VALUES (1, 'New', 'New', 100, 'New.') RETURNING id",
    )
    .await;
    assert_eq!(next, ["501"], "new rows take ids past the seeded ones");
}

/// The test server's TLS side (`scripts/postgres/with-server.sh`): its URL with no
/// database named, and the authority that signed its certificate (made out to
/// `localhost` alone).
fn tls_server() -> Option<(String, String)> {
    let url = std::env::var("MARKET_TEST_POSTGRES_TLS").ok().filter(|u| !u.is_empty())?;
    Some((url, std::env::var("MARKET_TEST_POSTGRES_CA").expect("the authority beside the TLS server")))
}

/// Serves the store over `url` and answers how many of its connections to `database`
/// are encrypted, and how many not, once it has answered a request.
async fn connections_by_tls(url: &str, socket_url: &str, database: &str) -> (i64, i64) {
    let dir = tempfile::tempdir().unwrap();
    let (mut server, base) = crate::server::serve(dir.path(), &[("MARKET_DATABASE", url)]);
    let departments = reqwest::get(format!("http://{base}/api/departments")).await.unwrap();
    assert_eq!(departments.status(), 200, "{url}");
    let count = |ssl: &str| {
        format!(
            "SELECT count(*) FROM pg_stat_activity a JOIN pg_stat_ssl s USING (pid)
             WHERE a.datname = '{database}' AND a.application_name = 'market' AND s.ssl = {ssl}"
        )
    };
    let encrypted = postgres_sql(socket_url, &count("true")).await[0].parse().unwrap();
    let plain = postgres_sql(socket_url, &count("false")).await[0].parse().unwrap();
    let _ = Command::new("kill").args(["-TERM", &server.id().to_string()]).status();
    assert!(server.wait().unwrap().success(), "{url}: stops cleanly");
    (encrypted, plain)
}

#[actix_web::test]
async fn tls_to_postgres_is_asked_for_and_checked_as_libpq_does() {
    let (Some((tls, ca)), Some(socket_url)) = (tls_server(), empty_database().await) else { return };
    let database = socket_url.rsplit('/').next().unwrap().to_owned();
    let over = |host: &str, query: &str| format!("{}/{database}?{query}", tls.replace("localhost", host));

    // Encrypted with the certificate checked, without it checked, by default when the
    // server offers it (libpq's prefer), and not at all when disabled.
    for (query, encrypted) in [
        (format!("sslmode=verify-full&sslrootcert={ca}"), true),
        ("sslmode=require".to_owned(), true),
        ("application_name=market".to_owned(), true),
        ("sslmode=disable".to_owned(), false),
    ] {
        let (tls_count, plain) = connections_by_tls(&over("localhost", &query), &socket_url, &database).await;
        match encrypted {
            true => assert!(tls_count > 0 && plain == 0, "{query}: {tls_count} encrypted, {plain} plain"),
            false => assert!(tls_count == 0 && plain > 0, "{query}: {tls_count} encrypted, {plain} plain"),
        }
    }

    // verify-full checks the name the certificate is made out to; verify-ca only the
    // authority that signed it.
    let said = refused(&over("127.0.0.1", &format!("sslmode=verify-full&sslrootcert={ca}")));
    assert!(said.contains("127.0.0.1") && said.contains("not valid for name"), "{said}");
    let verify_ca = over("127.0.0.1", &format!("sslmode=verify-ca&sslrootcert={ca}"));
    let (ok, said) = run(&["reset", "--yes", "--database", &verify_ca]);
    assert!(ok, "{said}");
    // An authority that did not sign it; and require with a root, which libpq checks.
    let said = refused(&over("localhost", "sslmode=verify-ca&sslrootcert=system"));
    assert!(said.contains("localhost") && said.contains("certificate"), "{said}");
    let said = refused(&over("localhost", "sslmode=require&sslrootcert=system"));
    assert!(said.contains("UnknownIssuer") || said.contains("no certificate authorities"), "{said}");
    // A checking mode with nothing to check against, or a mode Market does not know.
    let said = refused(&over("localhost", "sslmode=verify-full"));
    assert!(said.contains("sslrootcert=PATH"), "{said}");
    let said = refused(&over("localhost", "sslmode=allow"));
    assert!(said.contains("sslmode=allow"), "{said}");
}
