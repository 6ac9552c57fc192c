use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use market::config::Config;
use market::startup::Application;
use reqwest::cookie::{CookieStore, Jar};
use reqwest::{Client, IntoUrl, Method, RequestBuilder, Response};
use serde_json::{Value, json};
use tempfile::TempDir;

pub struct TestApp {
    pub address: String,
    pub client: TestClient,
    pub jar: Arc<Jar>,
    pub data_dir: TempDir,
}

/// The seeded products sold by variant, whose cart lines name one: the list the load
/// scripts read (scripts/lib/seeded.py, checked against the seed by a unit test).
pub fn with_options() -> Vec<i64> {
    let script = include_str!("../../scripts/lib/seeded.py");
    let list = script.split("frozenset([").nth(1).and_then(|rest| rest.split("])").next()).unwrap();
    list.split(", ").map(|id| id.parse().unwrap()).collect()
}

/// The `n`th product (from 0) of those the seed stocks by the hundred and sells as one
/// thing, so that a test about carts can add as many as it likes: a few seeded products
/// are sold out or nearly (`domain::stock::seeded`), and some sold by variant.
pub fn in_stock(n: i64) -> i64 {
    let with_options = with_options();
    (1..=156)
        .filter(|id| {
            market::domain::stock::seeded(*id) > market::domain::stock::LOW && !with_options.contains(id)
        })
        .cycle()
        .nth(n as usize)
        .unwrap()
}

/// Starts the app on a random port over a fresh data folder, seeded as on a first run,
/// configured as `market serve` is by default.
pub async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

/// [`spawn_app`] with some configuration changed first.
pub async fn spawn_app_with(change: impl FnOnce(&mut Config)) -> TestApp {
    let data_dir = tempfile::tempdir().expect("temp dir");
    give_database(&data_dir).await;
    let mut config = configured(&data_dir);
    change(&mut config);
    let address = start(config).await;
    let jar = Arc::new(Jar::default());
    TestApp { address, client: client_with(jar.clone()), jar, data_dir }
}

/// A browser on a server started with [`spawn_on`] over `data_dir`.
pub fn app_on(address: String, data_dir: TempDir) -> TestApp {
    let jar = Arc::new(Jar::default());
    TestApp { address, client: client_with(jar.clone()), jar, data_dir }
}

/// A second browser on the same server: its own cookies.
pub fn browser(app: &TestApp) -> TestApp {
    let jar = Arc::new(Jar::default());
    TestApp {
        address: app.address.clone(),
        client: client_with(jar.clone()),
        jar,
        data_dir: tempfile::tempdir().unwrap(),
    }
}

/// A connection left idle is dropped before the server's keep-alive (5 s) closes it: a
/// request sent on a connection the server is closing at that moment fails, which a
/// test that keeps hundreds of browsers waiting (the oversell race) would meet.
const IDLE_CONNECTION: std::time::Duration = std::time::Duration::from_secs(3);

fn client_with(jar: Arc<Jar>) -> TestClient {
    TestClient(
        Client::builder()
            .cookie_provider(jar)
            .redirect(reqwest::redirect::Policy::none())
            .pool_idle_timeout(IDLE_CONNECTION)
            .build()
            .unwrap(),
    )
}

/// A client without cookies of its own (every cookie is set by hand).
pub fn plain_client() -> TestClient {
    TestClient(Client::new())
}

/// reqwest's client, except that every error answer it receives is checked for leaks
/// ([`assert_no_leak`]) before the test sees it: so every error body that any test
/// provokes is scanned, whatever the test then asserts.
#[derive(Clone)]
pub struct TestClient(Client);

impl TestClient {
    pub fn request(&self, method: Method, url: impl IntoUrl) -> TestRequest {
        TestRequest(self.0.request(method, url))
    }

    pub fn get(&self, url: impl IntoUrl) -> TestRequest {
        self.request(Method::GET, url)
    }

    pub fn post(&self, url: impl IntoUrl) -> TestRequest {
        self.request(Method::POST, url)
    }
}

pub struct TestRequest(RequestBuilder);

impl TestRequest {
    pub fn header(self, name: &str, value: impl AsRef<str>) -> Self {
        TestRequest(self.0.header(name, value.as_ref()))
    }

    pub fn json<T: serde::Serialize + ?Sized>(self, body: &T) -> Self {
        TestRequest(self.0.json(body))
    }

    pub fn body(self, body: impl Into<reqwest::Body>) -> Self {
        TestRequest(self.0.body(body))
    }

    pub async fn send(self) -> reqwest::Result<Response> {
        let res = self.0.send().await?;
        if res.status().as_u16() < 400 {
            return Ok(res);
        }
        let (status, version, headers, path) =
            (res.status(), res.version(), res.headers().clone(), res.url().path().to_owned());
        let bytes = res.bytes().await?;
        assert_no_leak(&String::from_utf8_lossy(&bytes), &path);
        let mut rebuilt = http::Response::builder().status(status).version(version);
        *rebuilt.headers_mut().expect("a fresh builder") = headers;
        Ok(Response::from(rebuilt.body(bytes).expect("the same parts")))
    }
}

/// What an error answer must never show: SQL, file paths, stack traces, or the names of
/// the server's types and libraries (OWASP ASVS 7.4.1).
const LEAKS: &[&str] = &[
    "rusqlite",
    "sqlite",
    "SQLITE",
    "SELECT ",
    "INSERT INTO",
    "DELETE FROM",
    "constraint failed",
    "no such table",
    "no such column",
    "src/",
    ".rs:",
    "/root/",
    "/home/",
    "/work/",
    "/tmp/",
    ".cargo",
    "panicked",
    "backtrace",
    "stack trace",
    "::",
    "struct ",
    "i64",
    "u64",
    "i32",
    "u32",
    "usize",
    "f64",
    "ApiError",
    "actix",
    "serde",
    "anyhow",
    "r2d2",
    "tokio",
];

/// Fails when the error body `text` of a request for `path` shows any of [`LEAKS`]. An
/// answer may repeat the address it was asked for ("No API route matches ..."), so
/// that is left out of the judgement.
pub fn assert_no_leak(text: &str, path: &str) {
    let text = if path.len() > 1 { text.replace(path, "") } else { text.to_owned() };
    // The app's own CSS, which the not-found page carries, is no leak (`::placeholder`).
    let text = match (text.find("<style>"), text.find("</style>")) {
        (Some(start), Some(end)) if start < end => format!("{}{}", &text[..start], &text[end..]),
        _ => text,
    };
    for leak in LEAKS {
        assert!(!text.contains(leak), "an error answer for {path} shows {leak:?}: {text}");
    }
}

static NEXT_SHOPPER: AtomicUsize = AtomicUsize::new(1);

/// Sign-up fields for a new shopper whose names no other test uses.
pub fn new_shopper() -> Value {
    let n = NEXT_SHOPPER.fetch_add(1, Ordering::Relaxed);
    let pid = std::process::id();
    json!({
        "firstName": "Test",
        "lastName": "Shopper",
        "username": format!("shopper{pid}x{n}"),
        "email": format!("shopper{pid}x{n}@example.com"),
        "password": "hunter22",
    })
}

/// Starts another server over an existing data folder (and its database: on
/// PostgreSQL, a second replica of the store).
pub async fn spawn_on(data_dir: &TempDir) -> String {
    start(configured(data_dir)).await
}

/// [`spawn_on`] with some configuration changed first.
pub async fn spawn_on_with(data_dir: &TempDir, change: impl FnOnce(&mut Config)) -> String {
    let mut config = configured(data_dir);
    change(&mut config);
    start(config).await
}

/// The PostgreSQL server the tests run on (`MARKET_TEST_POSTGRES`, the URL of any of
/// its databases), or `None` for SQLite, the default.
pub fn postgres() -> Option<String> {
    std::env::var("MARKET_TEST_POSTGRES").ok().filter(|url| !url.is_empty())
}

/// On PostgreSQL, each data folder names the database its store uses in this file.
pub const DATABASE_FILE: &str = "test-database-url";

/// `market serve`'s defaults over `data_dir`, and the database the folder was given.
fn configured(data_dir: &TempDir) -> Config {
    let mut config = Config::new("127.0.0.1:0".parse().unwrap(), data_dir.path());
    config.database = std::fs::read_to_string(data_dir.path().join(DATABASE_FILE)).ok();
    config
}

/// On PostgreSQL: a new database for the store over `data_dir`, copied from a migrated
/// and seeded template (one per test process), as fresh as a new SQLite file.
pub async fn give_database(data_dir: &TempDir) {
    let Some(server) = postgres() else { return };
    let url = actix_web::rt::task::spawn_blocking(move || new_database(&server)).await.unwrap();
    std::fs::write(data_dir.path().join(DATABASE_FILE), url).unwrap();
}

/// `url` with its database swapped for `name`.
fn database_url(url: &str, name: &str) -> String {
    let (server, _) = url.rsplit_once('/').expect("a database URL names a database");
    format!("{server}/{name}")
}

/// On PostgreSQL: a new, empty database (no schema, no catalog), by its URL.
pub async fn empty_database() -> Option<String> {
    let Some(server) = postgres() else {
        eprintln!("on SQLite: skipped, this is about PostgreSQL databases");
        return None;
    };
    let url = actix_web::rt::task::spawn_blocking(move || {
        let name =
            format!("market_empty_{}_{}", std::process::id(), NEXT_DATABASE.fetch_add(1, Ordering::Relaxed));
        let mut admin = postgres::Client::connect(&server, postgres::NoTls).unwrap();
        admin.batch_execute(&format!("CREATE DATABASE {name}")).unwrap();
        database_url(&server, &name)
    })
    .await
    .unwrap();
    Some(url)
}

/// Runs `sql` on the PostgreSQL database at `url`; answers the first column of each row.
pub async fn postgres_sql(url: &str, sql: &str) -> Vec<String> {
    let (url, sql) = (url.to_owned(), sql.to_owned());
    actix_web::rt::task::spawn_blocking(move || {
        let mut client = postgres::Client::connect(&url, postgres::NoTls).unwrap();
        client
            .simple_query(&sql)
            .unwrap()
            .iter()
            .filter_map(|m| match m {
                postgres::SimpleQueryMessage::Row(row) => Some(row.get(0).unwrap_or("").to_owned()),
                _ => None,
            })
            .collect()
    })
    .await
    .unwrap()
}

static NEXT_DATABASE: AtomicUsize = AtomicUsize::new(1);

fn new_database(server: &str) -> String {
    static TEMPLATE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let pid = std::process::id();
    let mut admin =
        postgres::Client::connect(server, postgres::NoTls).expect("the test PostgreSQL server answers");
    let template = TEMPLATE.get_or_init(|| {
        let name = format!("market_template_{pid}");
        admin.batch_execute(&format!("DROP DATABASE IF EXISTS {name}")).unwrap();
        admin.batch_execute(&format!("CREATE DATABASE {name}")).unwrap();
        let location = market::db::Location::Postgres(database_url(server, &name));
        market::db::reset_database(&location).expect("the template migrates and seeds");
        name
    });
    let name = format!("market_test_{pid}_{}", NEXT_DATABASE.fetch_add(1, Ordering::Relaxed));
    admin.batch_execute(&format!("CREATE DATABASE {name} TEMPLATE {template}")).unwrap();
    database_url(server, &name)
}

/// The same browser (its cookies) pointed at another server.
pub fn same_browser_at(app: &TestApp, address: &str) -> TestApp {
    TestApp {
        address: address.to_owned(),
        client: app.client.clone(),
        jar: app.jar.clone(),
        data_dir: tempfile::tempdir().unwrap(),
    }
}

/// Starts the app over an existing data folder (one `market seed` made, say), which the
/// returned app then owns as [`spawn_app`]'s own.
pub async fn spawn_app_in(data_dir: TempDir) -> TestApp {
    let address = spawn_on(&data_dir).await;
    let jar = Arc::new(Jar::default());
    TestApp { address, client: client_with(jar.clone()), jar, data_dir }
}

async fn start(config: Config) -> String {
    let app = Application::build(config).expect("app builds");
    // As `market serve` does before it says where it is (it makes a public demo's viewer).
    app.logins().await.expect("the logins to try");
    let address = format!("http://127.0.0.1:{}", app.port());
    actix_web::rt::spawn(app.run_until_stopped());
    // Searches read the catalog index once the store has built it (a tenth of a second
    // for the seeded catalog): the tests ask it, not the database it stands in for.
    let client = reqwest::Client::new();
    for _ in 0..200 {
        let ready: Value = match client.get(format!("{address}/readyz")).send().await {
            Ok(res) => res.json().await.unwrap_or_default(),
            Err(_) => Value::Null,
        };
        if ready["checks"]["search"] != "building" {
            break;
        }
        actix_web::rt::time::sleep(std::time::Duration::from_millis(25)).await;
    }
    address
}

impl TestApp {
    /// Runs `sql` on the store's database from a connection of its own, as an
    /// operator's shell would, and answers the first column of each row it returns.
    pub async fn sql(&self, sql: &str) -> Vec<i64> {
        let sql = sql.to_owned();
        match std::fs::read_to_string(self.data_dir.path().join(DATABASE_FILE)) {
            Ok(url) => actix_web::rt::task::spawn_blocking(move || {
                let mut client = postgres::Client::connect(&url, postgres::NoTls).unwrap();
                let rows = client.simple_query(&sql).unwrap();
                rows.iter()
                    .filter_map(|m| match m {
                        postgres::SimpleQueryMessage::Row(row) => row.get(0).map(|v| v.parse().unwrap_or(0)),
                        _ => None,
                    })
                    .collect()
            })
            .await
            .unwrap(),
            Err(_) => {
                let conn = rusqlite::Connection::open(self.data_dir.path().join("market.db")).unwrap();
                conn.busy_timeout(std::time::Duration::from_secs(5)).unwrap();
                let mut found = Vec::new();
                for statement in sql.split(';').map(str::trim).filter(|s| !s.is_empty()) {
                    let mut stmt = conn.prepare(statement).unwrap();
                    let mut rows = stmt.query([]).unwrap();
                    while let Some(row) = rows.next().unwrap() {
                        found.push(row.get::<_, Option<i64>>(0).unwrap_or(None).unwrap_or(0));
                    }
                }
                found
            }
        }
    }

    /// The one number `sql` answers (a count).
    pub async fn sql_number(&self, sql: &str) -> i64 {
        self.sql(sql).await.first().copied().expect("a row")
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    pub async fn get(&self, path: &str) -> Response {
        self.client.get(self.url(path)).send().await.expect("request sent")
    }

    /// The value of a cookie this browser holds.
    pub fn cookie(&self, name: &str) -> Option<String> {
        let header = self.jar.cookies(&self.address.parse().unwrap())?;
        header
            .to_str()
            .unwrap()
            .split("; ")
            .find_map(|c| c.strip_prefix(&format!("{name}=")).map(str::to_owned))
    }

    /// Opens the app as a browser does (GET /api/session), which hands out the
    /// anti-forgery token.
    pub async fn open(&self) -> Value {
        self.get_json("/api/session", 200).await
    }

    /// A write as the app sends it: JSON, with the anti-forgery header from the cookie.
    pub async fn send(&self, method: Method, path: &str, body: Option<Value>) -> Response {
        let mut req = self.client.request(method, self.url(path));
        if let Some(token) = self.cookie("XSRF-TOKEN") {
            req = req.header("XSRF-Token", token);
        }
        if let Some(body) = body {
            req = req.json(&body);
        }
        req.send().await.expect("request sent")
    }

    /// Sends a write and checks the status; returns the JSON body.
    pub async fn write(&self, method: Method, path: &str, body: Option<Value>, status: u16) -> Value {
        let res = self.send(method.clone(), path, body).await;
        assert_eq!(res.status().as_u16(), status, "{method} {path}");
        json_body(res).await
    }

    pub async fn post(&self, path: &str, body: Value, status: u16) -> Value {
        self.write(Method::POST, path, Some(body), status).await
    }

    pub async fn delete(&self, path: &str, status: u16) -> Value {
        self.write(Method::DELETE, path, None, status).await
    }

    /// Signs up a fresh shopper in this browser; returns the user.
    pub async fn sign_up(&self) -> Value {
        self.open().await;
        let body = self.post("/api/users", new_shopper(), 201).await;
        body["user"].clone()
    }

    pub async fn sign_in(&self, credential: &str, password: &str) -> Value {
        self.open().await;
        self.post("/api/session", json!({"credential": credential, "password": password}), 200).await["user"]
            .clone()
    }

    /// GETs `path` until `found` holds of its JSON body, for at most a second: what the
    /// catalog index may take to hold a write. Answers the last body.
    pub async fn get_json_within_a_second(&self, path: &str, found: impl Fn(&Value) -> bool) -> Value {
        let started = std::time::Instant::now();
        loop {
            let body = self.get_json(path, 200).await;
            if found(&body) || started.elapsed() > std::time::Duration::from_secs(1) {
                return body;
            }
            actix_web::rt::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    }

    /// GETs `path`, checks the status, and returns the JSON body.
    pub async fn get_json(&self, path: &str, status: u16) -> Value {
        let res = self.get(path).await;
        assert_eq!(res.status().as_u16(), status, "GET {path}");
        json_body(res).await
    }
}

/// The body of a JSON answer; fails when the answer is not JSON.
pub async fn json_body(res: Response) -> Value {
    let content_type = res.headers().get("content-type").map(|v| v.to_str().unwrap().to_owned());
    assert!(
        content_type.as_deref().is_some_and(|t| t.starts_with("application/json")),
        "expected JSON, got {content_type:?}"
    );
    res.json().await.expect("valid JSON")
}

/// Checks the error shape (docs/rules.md#api-conventions) and returns the message.
pub fn assert_error_shape(body: &Value) -> String {
    let message = body["message"].as_str().expect("message is a string");
    assert!(!message.is_empty());
    assert!(body["errors"].is_array(), "errors is a list: {body}");
    message.to_owned()
}

/// `market seed --products N` on the SQLite file at `path`.
pub fn seed_catalog(
    path: &std::path::Path,
    total: u64,
    force: bool,
) -> anyhow::Result<market::db::SeedReport> {
    market::db::seed_catalog(&market::db::Location::File(path.to_owned()), total, force)
}

/// Whether a test of something only SQLite has (its file, its writer thread, its
/// backups) should stand aside, because this run is on PostgreSQL; says so when it does.
pub fn sqlite_only(what: &str) -> bool {
    let skip = postgres().is_some();
    if skip {
        eprintln!("on PostgreSQL: skipped, {what} is SQLite's");
    }
    skip
}

/// One of `product` ordered in `app`'s browser (signed in), paid with the RedCard: the order.
pub async fn place_order(app: &TestApp, product: i64) -> Value {
    app.post("/api/cart", json!({"productId": product}), 201).await;
    let cart = app.get_json("/api/cart", 200).await;
    let subtotal = (cart["subtotal"].as_f64().unwrap() * 100.0).round() as i64;
    let total = subtotal - (subtotal * 5 + 50) / 100;
    app.post("/api/orders", json!({"total": total as f64 / 100.0, "products": cart["Products"]}), 201).await
}
