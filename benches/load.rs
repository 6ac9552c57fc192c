//! Load clients and probes for `make bench` (scripts/bench/run.sh), which runs this as
//! `cargo bench --bench load -- <command> ...`. Each command prints `BENCH key=value ...`
//! lines for the script to read.
//!
//! - `checkout`: many shoppers at once, each adding two products and placing an order,
//!   over and over; writes the ids of the orders that were acknowledged (201) to a file.
//! - `verify`: after the server has stopped (SQLite) or at once (PostgreSQL), checks
//!   that its database holds exactly the acknowledged orders of those shoppers, each whole.
//! - `logins`: shoppers signing in over and over (argon2), N at a time.
//! - `start`: milliseconds from starting `market serve` until /api/departments answers.
//! - `first-visit`: bytes (as sent with gzip) of the JS and CSS a first visit to / loads.
//! - `cold`: listings, searches and suggestions asked for the first time, one at a time
//!   (`load/cold.rs`).
//! - `demo-signins`: a public demo's visitors pressing "Sign in as demo user", N at a
//!   time, each in a browser of its own (`load/demo.rs`).
//! - `paced`: GETs of one address at a fixed rate, timed from when each was due
//!   (`load/paced.rs`).
//! - `quotes`: one shopper's quotes with every choice, one after another (the quote's
//!   own latency).
//! - `free-port`: a free loopback port.

#[path = "load/cold.rs"]
mod cold;
#[path = "load/demo.rs"]
mod demo;
#[path = "load/paced.rs"]
mod paced;

use std::collections::BTreeSet;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::{Parser, Subcommand};
use reqwest::cookie::{CookieStore, Jar};
use reqwest::{Client, Url};
use rusqlite::Connection;
use serde_json::{Value, json};

#[derive(Parser)]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

/// What a checkout sends besides its cart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Choices {
    /// Two cart adds and the spec's order, priced by the client: what this bench has
    /// always measured.
    None,
    /// As the checkout page does for a shopper who chooses nothing: the adds, a quote,
    /// and the order at the quote's total.
    Quoted,
    /// The same with an address in Texas, a paid shipping method, a promotion code and
    /// Texas's sales tax (`--restock` sets the store's up).
    Full,
    /// As `quoted`, paying with a test card (4242 4242 4242 4242) instead of the RedCard:
    /// the card checked, held and captured by the test provider.
    Card,
}

/// The card a `card` checkout pays with: Stripe's published card that always pays.
fn test_card() -> Value {
    json!({"number": "4242 4242 4242 4242", "expMonth": 12, "expYear": 2040, "cvc": "123"})
}

/// The store's side of a `full` checkout: a paid method and a code, made by
/// [`set_up_choices`].
#[derive(Debug, Clone)]
struct StoreChoices {
    method_id: i64,
    code: String,
}

#[derive(Subcommand)]
enum Cmd {
    Checkout {
        #[arg(long)]
        url: String,
        #[arg(long, default_value_t = 64)]
        shoppers: usize,
        #[arg(long, default_value_t = 10.0)]
        secs: f64,
        #[arg(long, default_value_t = 2.0)]
        warmup_secs: f64,
        /// Where to write the acknowledged order ids, one a line.
        #[arg(long)]
        acked: PathBuf,
        /// Usernames start with this, so `verify` can tell the bench's shoppers apart.
        #[arg(long)]
        prefix: String,
        /// The store's database (SQLite file or PostgreSQL URL): the products the load
        /// buys are restocked there first, so that none sells out during the run.
        #[arg(long)]
        restock: Option<String>,
        /// What each checkout chooses besides its cart.
        #[arg(long, value_enum, default_value_t = Choices::None)]
        choices: Choices,
    },
    Verify {
        /// The SQLite file, or a PostgreSQL database's URL.
        #[arg(long)]
        db: String,
        #[arg(long)]
        acked: PathBuf,
        #[arg(long)]
        prefix: String,
    },
    Logins {
        #[arg(long)]
        url: String,
        #[arg(long, default_value_t = 16)]
        concurrency: usize,
        #[arg(long, default_value_t = 10.0)]
        secs: f64,
    },
    Start {
        #[arg(long)]
        bin: PathBuf,
        #[arg(long)]
        data_dir: PathBuf,
    },
    FirstVisit {
        #[arg(long)]
        url: String,
    },
    /// A staff member changes a product's price through the first of `urls`, again and
    /// again; each time, how long until every one of `urls` answers the new price.
    Propagation {
        /// The replicas, comma-separated: the change goes through the first.
        #[arg(long, value_delimiter = ',')]
        urls: Vec<String>,
        /// `username:password` of a staff account.
        #[arg(long)]
        staff: String,
        #[arg(long, default_value_t = 51)]
        product: i64,
        #[arg(long, default_value_t = 50)]
        rounds: usize,
    },
    /// Distinct listings, searches and suggestions, each asked once, one at a time.
    Cold {
        #[arg(long)]
        url: String,
        /// Queries of each kind.
        #[arg(long, default_value_t = 200)]
        per_kind: usize,
    },
    /// Demo sign-ins, each from a fresh browser, `concurrency` at once, for `secs` or
    /// until `count` are made.
    DemoSignins {
        #[arg(long)]
        url: String,
        #[arg(long, default_value_t = 16)]
        concurrency: usize,
        #[arg(long, default_value_t = 10.0)]
        secs: f64,
        #[arg(long)]
        count: Option<usize>,
        /// Sign-ins a second between all the visitors (default: each back to back).
        #[arg(long)]
        rate: Option<f64>,
    },
    /// GETs of `url` at `rate` a second for `secs`.
    Paced {
        #[arg(long)]
        url: String,
        #[arg(long, default_value_t = 2000.0)]
        rate: f64,
        #[arg(long, default_value_t = 10.0)]
        secs: f64,
    },
    /// One shopper asking for the quote of a two-line cart with every choice (an address
    /// in Texas, a paid method, a code, tax), one quote after another, for `secs`.
    Quotes {
        #[arg(long)]
        url: String,
        /// The store's database, where the method, the tax rate and the code are made.
        #[arg(long)]
        db: String,
        #[arg(long)]
        prefix: String,
        #[arg(long, default_value_t = 10.0)]
        secs: f64,
    },
    FreePort,
}

fn main() {
    // `cargo bench` passes `--bench` to every bench target; it means nothing here.
    let args = std::env::args().filter(|a| a != "--bench");
    let cli = Cli::parse_from(args);
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build().expect("a runtime");
    match cli.command {
        Cmd::Checkout { url, shoppers, secs, warmup_secs, acked, prefix, restock: db, choices } => {
            let mut store = None;
            if let Some(db) = db {
                restock(&db);
                if choices == Choices::Full {
                    store = Some(set_up_choices(&db, &prefix));
                }
            }
            assert!(choices != Choices::Full || store.is_some(), "--choices full needs --restock");
            let run = Run { choices, store, secs, warmup_secs };
            runtime.block_on(checkout(url, shoppers, run, &acked, &prefix))
        }
        Cmd::Verify { db, acked, prefix } => verify(&db, &acked, &prefix),
        Cmd::Propagation { urls, staff, product, rounds } => {
            runtime.block_on(propagation(urls, &staff, product, rounds))
        }
        Cmd::Logins { url, concurrency, secs } => runtime.block_on(logins(url, concurrency, secs)),
        Cmd::Start { bin, data_dir } => runtime.block_on(start(&bin, &data_dir)),
        Cmd::FirstVisit { url } => runtime.block_on(first_visit(&url)),
        Cmd::Cold { url, per_kind } => runtime.block_on(cold::cold(&url, per_kind)),
        Cmd::DemoSignins { url, concurrency, secs, count, rate } => {
            runtime.block_on(demo::demo_signins(&url, concurrency, secs, count, rate))
        }
        Cmd::Paced { url, rate, secs } => runtime.block_on(paced::paced(&url, rate, secs)),
        Cmd::Quotes { url, db, prefix, secs } => {
            let store = set_up_choices(&db, &prefix);
            runtime.block_on(quotes(&url, &store, &prefix, secs))
        }
        Cmd::FreePort => println!("{}", free_port()),
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").and_then(|l| l.local_addr()).expect("a free port").port()
}

/// One browser: its own cookies, one connection, and the anti-forgery header read
/// from its cookie before every write (the token changes at sign-in).
struct Shopper {
    base: String,
    url: Url,
    client: Client,
    jar: Arc<Jar>,
}

impl Shopper {
    fn new(base: &str) -> Shopper {
        let jar = Arc::new(Jar::default());
        let client = Client::builder()
            .cookie_provider(jar.clone())
            .pool_max_idle_per_host(1)
            .timeout(Duration::from_secs(30))
            .build()
            .expect("a client");
        Shopper {
            base: base.trim_end_matches('/').to_owned(),
            url: base.parse().expect("a URL"),
            client,
            jar,
        }
    }

    fn token(&self) -> String {
        let cookies = self.jar.cookies(&self.url).map(|h| h.to_str().unwrap_or_default().to_owned());
        cookies
            .unwrap_or_default()
            .split("; ")
            .find_map(|c| c.strip_prefix("XSRF-TOKEN=").map(str::to_owned))
            .unwrap_or_default()
    }

    async fn open(&self) -> Result<(), String> {
        let res =
            self.client.get(format!("{}/api/session", self.base)).send().await.map_err(|e| e.to_string())?;
        if res.status() != 200 {
            return Err(format!("GET /api/session: {}", res.status()));
        }
        Ok(())
    }

    /// Takes every line out of the cart, as a shopper who finds it other than expected
    /// does: after a failed request the next round starts from an empty cart, so that
    /// one failure is counted once, not again in each order the leftover line would
    /// make refused.
    async fn empty_cart(&self) -> Result<(), String> {
        let res =
            self.client.get(format!("{}/api/cart", self.base)).send().await.map_err(|e| e.to_string())?;
        let cart: Value = res.json().await.map_err(|e| e.to_string())?;
        for line in cart["Products"].as_array().into_iter().flatten() {
            let url = format!("{}/api/cart/{}", self.base, line["cartId"]);
            self.client
                .delete(url)
                .header("XSRF-Token", self.token())
                .send()
                .await
                .map_err(|e| e.to_string())?;
        }
        Ok(())
    }

    /// POSTs JSON; answers the status and the JSON body.
    async fn post(&self, path: &str, body: Value) -> Result<(u16, Value), String> {
        self.post_with(path, body, None).await
    }

    /// POSTs JSON with an `Idempotency-Key` when given, as the app places orders.
    async fn post_with(&self, path: &str, body: Value, key: Option<&str>) -> Result<(u16, Value), String> {
        let mut req = self.client.post(format!("{}{path}", self.base)).header("XSRF-Token", self.token());
        if let Some(key) = key {
            req = req.header("Idempotency-Key", key);
        }
        let res = req.json(&body).send().await.map_err(|e| e.to_string())?;
        let status = res.status().as_u16();
        let body = res.json().await.unwrap_or(Value::Null);
        Ok((status, body))
    }
}

/// The nearest-rank `share` (0.5: the median) of times sorted from least, 0 for none.
fn nearest_rank(sorted: &[f64], share: f64) -> f64 {
    match sorted.len() {
        0 => 0.0,
        n => sorted[((share * n as f64).ceil() as usize).clamp(1, n) - 1],
    }
}

fn cents(price: &Value) -> i64 {
    (price.as_f64().unwrap_or(f64::NAN) * 100.0).round() as i64
}

#[derive(Default)]
struct Tally {
    /// Checkouts finished inside the measured window.
    measured: u64,
    /// Order ids answered 201, warm-up included.
    acked: Vec<i64>,
    /// Answers other than 201, by "request status".
    failures: Vec<String>,
    /// Requests that got no answer at all: whether they changed anything is unknown.
    unanswered: u64,
    /// How long each measured checkout took, two cart adds and the order, in µs.
    took_us: Vec<u64>,
    /// How long each measured checkout's quote took, in µs.
    quote_us: Vec<u64>,
}

/// How a `checkout` run goes.
struct Run {
    choices: Choices,
    store: Option<StoreChoices>,
    secs: f64,
    warmup_secs: f64,
}

/// The `q` quantile of sorted microseconds, in milliseconds.
fn quantile_ms(sorted_us: &[u64], q: f64) -> f64 {
    let n = sorted_us.len();
    if n == 0 { 0.0 } else { sorted_us[((n as f64 * q) as usize).min(n - 1)] as f64 / 1000.0 }
}

async fn checkout(url: String, shoppers: usize, run: Run, acked: &Path, prefix: &str) {
    let Run { choices, store, secs, warmup_secs } = run;
    // Sign-ups first, side by side, outside the measured window: argon2 is slow on purpose.
    let mut signing_up = tokio::task::JoinSet::new();
    for n in 0..shoppers {
        let (url, prefix, store) = (url.clone(), prefix.to_owned(), store.clone());
        signing_up.spawn(async move {
            let shopper = Shopper::new(&url);
            shopper.open().await?;
            let name = format!("{prefix}{n}");
            let body = json!({"firstName": "Bench", "lastName": "Shopper", "username": name,
                              "email": format!("{name}@bench.test"), "password": "bench-password"});
            match shopper.post("/api/users", body).await? {
                (201, _) => {}
                (status, body) => return Err(format!("sign-up answered {status}: {body}")),
            }
            // A shopper who chooses gives an address first, as the checkout page has them do.
            let choice = match (choices, store) {
                (Choices::None, _) => None,
                (Choices::Card, _) => Some(json!({"payment": {"method": "card"}})),
                (Choices::Quoted, _) | (_, None) => Some(json!({})),
                (Choices::Full, Some(store)) => {
                    let address = json!({"name": "Bench Shopper", "line1": "200 Congress Ave", "city": "Austin",
                                         "state": "TX", "postalCode": "78701", "country": "US"});
                    let (status, body) = shopper.post("/api/addresses", address).await?;
                    if status != 201 {
                        return Err(format!("an address answered {status}: {body}"));
                    }
                    Some(json!({"addressId": body["id"], "shippingMethodId": store.method_id,
                                "promotionCode": store.code}))
                }
            };
            Ok((shopper, choice))
        });
    }
    let mut ready = Vec::new();
    while let Some(joined) = signing_up.join_next().await {
        ready.push(joined.expect("sign-up task").unwrap_or_else(|e| panic!("{e}")));
    }

    let started = Instant::now();
    let measure_from = started + Duration::from_secs_f64(warmup_secs);
    let stop_at = measure_from + Duration::from_secs_f64(secs);
    let mut running = tokio::task::JoinSet::new();
    for (n, (shopper, choice)) in ready.into_iter().enumerate() {
        running.spawn(async move {
            let mut tally = Tally::default();
            let mut round = n;
            while Instant::now() < stop_at {
                round += 1;
                let products = [plain(round), plain(round * 7 + 3)];
                let key = format!("{n}-{round}");
                let began = Instant::now();
                let placed = match &choice {
                    None => one_checkout(&shopper, products, &key).await.map(|id| (id, None)),
                    Some(choice) => quoted_checkout(&shopper, products, choice, &key).await,
                };
                match placed {
                    Ok((order_id, quoted)) => {
                        tally.acked.push(order_id);
                        let now = Instant::now();
                        if began >= measure_from && now <= stop_at {
                            tally.measured += 1;
                            tally.took_us.push((now - began).as_micros() as u64);
                            tally.quote_us.extend(quoted.map(|took| took.as_micros() as u64));
                        }
                    }
                    Err(failure) => {
                        match failure {
                            Failure::Answered(what) => tally.failures.push(what),
                            Failure::Unanswered(what) => {
                                tally.unanswered += 1;
                                tally.failures.push(what);
                            }
                        }
                        if let Err(e) = shopper.empty_cart().await {
                            tally.failures.push(format!("emptying the cart after a failure: {e}"));
                        }
                    }
                }
            }
            tally
        });
    }
    let mut total = Tally::default();
    while let Some(joined) = running.join_next().await {
        let t = joined.expect("shopper task");
        total.measured += t.measured;
        total.acked.extend(t.acked);
        total.failures.extend(t.failures);
        total.unanswered += t.unanswered;
        total.took_us.extend(t.took_us);
        total.quote_us.extend(t.quote_us);
    }
    total.took_us.sort_unstable();
    total.quote_us.sort_unstable();
    let at = |q: f64| quantile_ms(&total.took_us, q);
    let lines: String = total.acked.iter().map(|id| format!("{id}\n")).collect();
    std::fs::write(acked, lines).expect("writing the acknowledged ids");
    let mut kinds: Vec<_> =
        total.failures.iter().map(String::as_str).collect::<BTreeSet<_>>().into_iter().collect();
    kinds.truncate(5);
    println!(
        "BENCH checkouts_per_s={:.1} p50_ms={:.1} p99_ms={:.1} quote_p50_ms={:.2} quote_p99_ms={:.2} measured={} acked={} failures={} unanswered={} secs={secs}",
        total.measured as f64 / secs,
        at(0.5),
        at(0.99),
        quantile_ms(&total.quote_us, 0.5),
        quantile_ms(&total.quote_us, 0.99),
        total.measured,
        total.acked.len(),
        total.failures.len(),
        total.unanswered
    );
    if !kinds.is_empty() {
        println!("failures (first kinds): {kinds:?}");
    }
}

async fn propagation(urls: Vec<String>, staff: &str, product: i64, rounds: usize) {
    let (name, password) = staff.split_once(':').expect("--staff username:password");
    let member = Shopper::new(&urls[0]);
    member.open().await.expect("opening the store");
    let (status, body) = member
        .post("/api/session", json!({"credential": name, "password": password}))
        .await
        .expect("signing in");
    assert_eq!(status, 200, "staff sign-in: {body}");
    let readers: Vec<Client> = urls.iter().map(|_| Client::new()).collect();
    let mut took_ms = Vec::with_capacity(rounds);
    for round in 0..rounds {
        let wanted = 10_000 + round as i64 * 7 + 1;
        let price = wanted as f64 / 100.0;
        let url = format!("{}/api/admin/products/{product}", urls[0]);
        let sent = Instant::now();
        let res = member
            .client
            .patch(&url)
            .header("XSRF-Token", member.token())
            .json(&json!({"price": price}))
            .send()
            .await
            .expect("the change");
        assert_eq!(res.status(), 200, "PATCH {url}");
        for (base, reader) in urls.iter().zip(&readers) {
            loop {
                let shown: Value = reader
                    .get(format!("{base}/api/products/{product}"))
                    .send()
                    .await
                    .expect("a read")
                    .json()
                    .await
                    .expect("JSON");
                if cents(&shown["price"]) == wanted {
                    break;
                }
                assert!(
                    sent.elapsed() < Duration::from_secs(10),
                    "{base} still shows {} after 10 s",
                    shown["price"]
                );
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        }
        took_ms.push(sent.elapsed().as_secs_f64() * 1000.0);
    }
    took_ms.sort_by(f64::total_cmp);
    let at = |q: f64| took_ms[((took_ms.len() as f64 * q) as usize).min(took_ms.len() - 1)];
    println!(
        "BENCH propagation_p50_ms={:.0} propagation_p99_ms={:.0} propagation_max_ms={:.0} rounds={rounds} replicas={}",
        at(0.5),
        at(0.99),
        took_ms[took_ms.len() - 1],
        urls.len()
    );
}

/// The seeded products sold by variant, which the load does not choose among (the same
/// list as scripts/lib/seeded.py; `db::seed::options`'s test checks both).
const WITH_OPTIONS: [i64; 19] =
    [25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 50, 52, 54, 58, 59, 139, 143];

/// The `n`th of the seeded products sold as one thing, round and round.
fn plain(n: usize) -> i64 {
    let plain: Vec<i64> = (1..=156).filter(|id| !WITH_OPTIONS.contains(id)).collect();
    plain[n % plain.len()]
}

/// Every product the load buys (ids 1 to 156) gets a billion units: the seed leaves a
/// few sold out and the rest with hundreds, which a minute of checkouts would sell.
fn restock(db: &str) {
    // Those sold by variant keep theirs: their stock is their variants' sum.
    const SQL: &str = "UPDATE products SET stock = 1000000000 WHERE id <= 156 AND options IS NULL";
    if db.starts_with("postgres") {
        let url = db.to_owned();
        std::thread::spawn(move || {
            let mut client =
                postgres::Client::connect(&url, postgres::NoTls).expect("connecting to PostgreSQL");
            client.execute(SQL, &[]).expect("restocking");
        })
        .join()
        .expect("restocking PostgreSQL");
    } else {
        let conn = Connection::open(db).expect("opening the database");
        conn.busy_timeout(Duration::from_secs(10)).expect("busy timeout");
        conn.execute(SQL, []).expect("restocking");
    }
}

/// A paid method (7.99, never free), Texas's tax (8.25%) and an unlimited 10% code for
/// the `full` checkouts, in the store's database; the method is the run's own (its
/// name has the prefix), so runs on one store never meet.
fn set_up_choices(db: &str, prefix: &str) -> StoreChoices {
    let code = format!("BENCH-{}", prefix.to_uppercase().replace(|c: char| !c.is_ascii_alphanumeric(), ""));
    let method = format!(
        "INSERT INTO shipping_methods (name, price_cents, free_over_cents, days, is_default, created_at)
         VALUES ('Bench {prefix}', 799, NULL, '1-2', FALSE, 0) RETURNING id"
    );
    let rest = format!(
        "INSERT INTO tax_rates (region, rate_milli, updated_at) VALUES ('TX', 8250, 0)
             ON CONFLICT (region) DO UPDATE SET rate_milli = excluded.rate_milli;
         INSERT INTO promotions (code, kind, value, min_subtotal_cents, usage_limit, once_per_shopper, uses, created_at)
             VALUES ('{code}', 'percent', 10, 0, NULL, FALSE, 0, 0)"
    );
    let method_id = if db.starts_with("postgres") {
        let url = db.to_owned();
        std::thread::spawn(move || {
            let mut client =
                postgres::Client::connect(&url, postgres::NoTls).expect("connecting to PostgreSQL");
            let id: i64 = client.query_one(method.as_str(), &[]).expect("a method").get(0);
            client.batch_execute(&rest).expect("tax and a code");
            id
        })
        .join()
        .expect("setting up PostgreSQL")
    } else {
        let conn = Connection::open(db).expect("opening the database");
        conn.busy_timeout(Duration::from_secs(10)).expect("busy timeout");
        let id = conn.query_row(&method, [], |r| r.get(0)).expect("a method");
        conn.execute_batch(&rest).expect("tax and a code");
        id
    };
    StoreChoices { method_id, code }
}

/// See `Cmd::Quotes`: the quote's latency on a store doing nothing else.
async fn quotes(url: &str, store: &StoreChoices, prefix: &str, secs: f64) {
    let shopper = Shopper::new(url);
    shopper.open().await.expect("opening the store");
    let name = format!("{prefix}q");
    let body = json!({"firstName": "Bench", "lastName": "Shopper", "username": name,
                      "email": format!("{name}@bench.test"), "password": "bench-password"});
    assert_eq!(shopper.post("/api/users", body).await.expect("a sign-up").0, 201);
    let address = json!({"name": "Bench Shopper", "line1": "200 Congress Ave", "city": "Austin",
                         "state": "TX", "postalCode": "78701", "country": "US"});
    let (status, address) = shopper.post("/api/addresses", address).await.expect("an address");
    assert_eq!(status, 201, "{address}");
    for id in [plain(1), plain(8)] {
        assert_eq!(shopper.post("/api/cart", json!({"productId": id})).await.expect("a cart add").0, 201);
    }
    let choice =
        json!({"addressId": address["id"], "shippingMethodId": store.method_id, "promotionCode": store.code});
    let stop_at = Instant::now() + Duration::from_secs_f64(secs);
    let mut took_us = Vec::new();
    while Instant::now() < stop_at {
        let asked = Instant::now();
        let (status, quote) = shopper.post("/api/checkout/quote", choice.clone()).await.expect("a quote");
        took_us.push(asked.elapsed().as_micros() as u64);
        assert_eq!(status, 200, "{quote}");
    }
    took_us.sort_unstable();
    println!(
        "BENCH quotes={} quote_p50_ms={:.2} quote_p99_ms={:.2} secs={secs}",
        took_us.len(),
        quantile_ms(&took_us, 0.5),
        quantile_ms(&took_us, 0.99)
    );
}

/// Two cart adds, the checkout page's quote of the cart under `choice`, and the order
/// at the quote's total with the same choice; answers the order's id and how long the
/// quote took.
async fn quoted_checkout(
    shopper: &Shopper,
    products: [i64; 2],
    choice: &Value,
    key: &str,
) -> Result<(i64, Option<Duration>), Failure> {
    for id in products {
        match shopper.post("/api/cart", json!({"productId": id})).await {
            Ok((201, _)) => {}
            Ok((status, _)) => return Err(Failure::Answered(format!("POST /api/cart {status}"))),
            Err(e) => return Err(Failure::Unanswered(format!("POST /api/cart: {e}"))),
        }
    }
    let asked = Instant::now();
    let quote = match shopper.post("/api/checkout/quote", choice.clone()).await {
        Ok((200, quote)) => quote,
        Ok((status, _)) => return Err(Failure::Answered(format!("POST /api/checkout/quote {status}"))),
        Err(e) => return Err(Failure::Unanswered(format!("POST /api/checkout/quote: {e}"))),
    };
    let quoted = asked.elapsed();
    let mut body = choice.clone();
    body["total"] = quote["total"].clone();
    body["products"] = quote["lines"].clone();
    // The quote is asked with the way to pay only; the card goes with the order.
    if choice["payment"]["method"] == "card" {
        body["payment"]["card"] = test_card();
    }
    match shopper.post_with("/api/orders", body, Some(key)).await {
        Ok((201, order)) if order["total"] == quote["total"] => order["id"]
            .as_i64()
            .map(|id| (id, Some(quoted)))
            .ok_or_else(|| Failure::Answered("order without id".into())),
        Ok((201, order)) => {
            Err(Failure::Answered(format!("order total {} != {}", order["total"], quote["total"])))
        }
        Ok((status, _)) => Err(Failure::Answered(format!("POST /api/orders {status}"))),
        Err(e) => Err(Failure::Unanswered(format!("POST /api/orders: {e}"))),
    }
}

enum Failure {
    Answered(String),
    Unanswered(String),
}

/// Two cart adds and an order priced as the app prices it: subtotal less 5% (half-up),
/// with an `Idempotency-Key` for the attempt, as the app sends.
async fn one_checkout(shopper: &Shopper, products: [i64; 2], key: &str) -> Result<i64, Failure> {
    let mut subtotal = 0;
    for id in products {
        match shopper.post("/api/cart", json!({"productId": id})).await {
            Ok((201, line)) => subtotal += cents(&line["price"]),
            Ok((status, _)) => return Err(Failure::Answered(format!("POST /api/cart {status}"))),
            Err(e) => return Err(Failure::Unanswered(format!("POST /api/cart: {e}"))),
        }
    }
    let total = subtotal - (subtotal * 5 + 50) / 100;
    let body =
        json!({"total": total as f64 / 100.0, "products": products.map(|id| json!({"productId": id}))});
    match shopper.post_with("/api/orders", body, Some(key)).await {
        Ok((201, order)) if cents(&order["total"]) == total => {
            order["id"].as_i64().ok_or_else(|| Failure::Answered("order without id".into()))
        }
        Ok((201, order)) => Err(Failure::Answered(format!("order total {} != {total}", order["total"]))),
        Ok((status, _)) => Err(Failure::Answered(format!("POST /api/orders {status}"))),
        Err(e) => Err(Failure::Unanswered(format!("POST /api/orders: {e}"))),
    }
}

/// Each of the shoppers' orders, `(id, total, subtotal - discount, lines, sum of the
/// lines, subtotal)`, and how many cart lines they left.
type Stored = (Vec<(i64, i64, i64, i64, i64, i64)>, i64);

const ORDERS: &str = "SELECT o.id, o.total_cents, o.subtotal_cents - o.discount_cents,
        (SELECT count(*) FROM order_items oi WHERE oi.order_id = o.id),
        (SELECT coalesce(sum(price_cents), 0) FROM order_items oi WHERE oi.order_id = o.id)::bigint,
        o.subtotal_cents
     FROM orders o JOIN users u ON u.id = o.user_id
     WHERE u.username LIKE $1 || '%'";
const CART_LINES: &str =
    "SELECT count(*) FROM cart_items c JOIN users u ON u.id = c.user_id WHERE u.username LIKE $1 || '%'";

fn stored_in_sqlite(db: &str, prefix: &str) -> Stored {
    let conn = Connection::open(db).expect("opening the database");
    // SQLite reads `$1` as a parameter too, and has no `::bigint`.
    let mut stmt = conn.prepare(&ORDERS.replace("::bigint", "")).expect("the query");
    let rows = stmt
        .query_map([prefix], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?, r.get(5)?)))
        .expect("the rows")
        .collect::<Result<_, _>>()
        .expect("a row");
    let carts = conn.query_row(CART_LINES, [prefix], |r| r.get(0)).expect("cart count");
    (rows, carts)
}

fn stored_in_postgres(url: &str, prefix: &str) -> Stored {
    // The synchronous client runs a runtime of its own: on a thread of its own.
    let (url, prefix) = (url.to_owned(), prefix.to_owned());
    std::thread::spawn(move || {
        let mut client = postgres::Client::connect(&url, postgres::NoTls).expect("connecting to PostgreSQL");
        let rows = client
            .query(ORDERS, &[&prefix])
            .expect("the query")
            .iter()
            .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3), r.get(4), r.get(5)))
            .collect();
        let carts = client.query_one(CART_LINES, &[&prefix]).expect("cart count").get(0);
        (rows, carts)
    })
    .join()
    .expect("reading PostgreSQL")
}

fn verify(db: &str, acked: &Path, prefix: &str) {
    let acked: BTreeSet<i64> = std::fs::read_to_string(acked)
        .expect("the acknowledged ids")
        .lines()
        .map(|l| l.parse().expect("an order id"))
        .collect();
    let (rows, carts) = match db.starts_with("postgres://") || db.starts_with("postgresql://") {
        true => stored_in_postgres(db, prefix),
        false => stored_in_sqlite(db, prefix),
    };
    let mut stored = BTreeSet::new();
    let mut broken = 0;
    for (id, total, priced, items, line_sum, subtotal) in rows {
        if total != priced || items != 2 || line_sum != subtotal {
            broken += 1;
        }
        stored.insert(id);
    }
    let missing = acked.difference(&stored).count();
    let extra = stored.difference(&acked).count();
    let exact = missing == 0 && extra == 0 && broken == 0;
    println!(
        "BENCH acked={} stored={} missing={missing} extra={extra} broken={broken} cart_lines_left={carts} exact={exact}",
        acked.len(),
        stored.len()
    );
    if !exact {
        std::process::exit(1);
    }
}

async fn logins(url: String, concurrency: usize, secs: f64) {
    let stop_at = Instant::now() + Duration::from_secs_f64(secs);
    let mut running = tokio::task::JoinSet::new();
    for _ in 0..concurrency {
        let url = url.clone();
        running.spawn(async move {
            let shopper = Shopper::new(&url);
            shopper.open().await.expect("opening the app");
            let (mut ok, mut failed) = (0u64, 0u64);
            while Instant::now() < stop_at {
                match shopper
                    .post("/api/session", json!({"credential": "demo", "password": "password"}))
                    .await
                {
                    Ok((200, _)) => ok += 1,
                    _ => failed += 1,
                }
            }
            (ok, failed)
        });
    }
    let (mut ok, mut failed) = (0, 0);
    while let Some(joined) = running.join_next().await {
        let (o, f) = joined.expect("login task");
        ok += o;
        failed += f;
    }
    println!("BENCH logins_per_s={:.1} logins={ok} failed={failed}", ok as f64 / secs);
}

/// Starts the server, polls /api/departments every millisecond, stops the server.
async fn start(bin: &Path, data_dir: &Path) {
    let port = free_port();
    let started = Instant::now();
    let mut child = Command::new(bin)
        .args(["serve", "--addr", &format!("127.0.0.1:{port}"), "--shutdown-delay", "0s", "--data-dir"])
        .arg(data_dir)
        // Start-up is measured, not the log: warnings only, no access lines.
        .env("MARKET_LOG", "warn")
        .env("MARKET_ACCESS_LOG", "off")
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("starting the server");
    let client = Client::new();
    let url = format!("http://127.0.0.1:{port}/api/departments");
    let elapsed = loop {
        if let Ok(res) = client.get(&url).send().await
            && res.status() == 200
        {
            break started.elapsed();
        }
        if started.elapsed() > Duration::from_secs(30) || child.try_wait().ok().flatten().is_some() {
            let _ = child.kill();
            panic!("the server did not answer within 30 s");
        }
        tokio::time::sleep(Duration::from_millis(1)).await;
    };
    let _ = Command::new("kill").args(["-TERM", &child.id().to_string()]).status();
    let _ = child.wait();
    println!("BENCH start_ms={:.1}", elapsed.as_secs_f64() * 1000.0);
}

/// The page at `/` (which carries the app's CSS and first screen), the entry script and
/// the app's modules it lists (fetched once the first screen has painted), plus every
/// module they import statically, as sent with `Accept-Encoding: gzip`.
async fn first_visit(url: &str) {
    let client = Client::new();
    let base = url.trim_end_matches('/');
    let get = |path: String| {
        let client = client.clone();
        async move {
            let res = client
                .get(format!("{base}{path}"))
                .header("Accept-Encoding", "gzip")
                .send()
                .await
                .expect("a GET");
            let gzipped = res.headers().get("content-encoding").is_some_and(|v| v == "gzip");
            (res.bytes().await.expect("a body").to_vec(), gzipped)
        }
    };
    let (page, gzipped) = get("/".into()).await;
    let page_sent = if gzipped { page.len() } else { gzip_len(&page) };
    let html = gunzip_if(&page);
    // Every quoted `/static/*.js`: the entry's src="…" and the lists' JSON strings.
    let mut todo: Vec<String> = attributes(&html, &["\""])
        .into_iter()
        .filter(|p| p.starts_with("/static/") && p.ends_with(".js"))
        .collect();
    let mut seen = BTreeSet::new();
    let (mut js, mut raw) = (0, html.len());
    while let Some(path) = todo.pop() {
        if !seen.insert(path.clone()) {
            continue;
        }
        let (body, gzipped) = get(path.clone()).await;
        js += if gzipped { body.len() } else { gzip_len(&body) };
        let text = if gzipped { gunzip_if(&body) } else { String::from_utf8_lossy(&body).into_owned() };
        raw += text.len();
        // Static imports only: `import ... from"/static/x.js"` and `import"/static/x.js"`.
        todo.extend(attributes(&text, &["from\"", "import\""]).into_iter().filter(|p| p.ends_with(".js")));
    }
    println!(
        "BENCH first_visit_page_gzip={page_sent} first_visit_js_gzip={js} first_visit_raw={raw} files={}",
        seen.len()
    );
}

/// Every quoted value that follows one of `openers`.
fn attributes(text: &str, openers: &[&str]) -> Vec<String> {
    let mut found = Vec::new();
    for opener in openers {
        for (at, _) in text.match_indices(opener) {
            let rest = &text[at + opener.len()..];
            if let Some(end) = rest.find('"') {
                found.push(rest[..end].to_owned());
            }
        }
    }
    found
}

fn gunzip_if(bytes: &[u8]) -> String {
    let plain = if bytes.starts_with(&[0x1f, 0x8b]) { gzip("-dc", bytes) } else { bytes.to_vec() };
    String::from_utf8_lossy(&plain).into_owned()
}

/// What gzip -9 makes of a body the server sent uncompressed.
fn gzip_len(bytes: &[u8]) -> usize {
    gzip("-9c", bytes).len()
}

/// Pipes `bytes` through the gzip command (always there on Debian).
fn gzip(flags: &str, bytes: &[u8]) -> Vec<u8> {
    let mut child =
        Command::new("gzip").arg(flags).stdin(Stdio::piped()).stdout(Stdio::piped()).spawn().expect("gzip");
    let mut stdin = child.stdin.take().expect("stdin");
    let owned = bytes.to_vec();
    let writer = std::thread::spawn(move || std::io::Write::write_all(&mut stdin, &owned));
    let out = child.wait_with_output().expect("gzip output");
    writer.join().expect("writer").expect("writing to gzip");
    out.stdout
}
