//! `GET /metrics`: the store's figures in the Prometheus exposition format (OpenMetrics
//! text), for a monitoring system to scrape. Served beside the store, or only on
//! `--metrics-addr` when that is given (so that figures such as the orders' total need
//! not be public).
//!
//! Each part of the server counts what it owns (the storage its pool waits, write queue
//! and group commits; the caches their hits; the limiter its refusals; the log what it
//! dropped); this module registers those counters under their names and adds the
//! requests' own figures, counted by [`observe`].

use std::sync::Arc;
use std::time::Duration;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{HttpResponse, web};
use prometheus_client::collector::Collector;
use prometheus_client::encoding::{DescriptorEncoder, EncodeLabelSet, EncodeMetric};
use prometheus_client::metrics::counter::{ConstCounter, Counter};
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::{ConstGauge, Gauge};
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::{Registry, Unit};

use crate::api::answer_cache::AnswerCache;
use crate::api::orders::Placed;
use crate::auth::limits::Limiter;
use crate::db::{Db, Fault};
use crate::logging::{Access, Log, LogStats};
use crate::mailer::Figures;
use crate::storefront::Pages;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    route: String,
    method: String,
    status: u16,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RouteLabels {
    route: String,
}

/// The parts of the server whose figures `/metrics` shows.
pub struct Parts<'a> {
    pub db: &'a Db,
    pub answers: &'a AnswerCache,
    pub pages: &'a Pages,
    pub limiter: &'a Limiter,
    pub placed: &'a Placed,
    pub mail: &'a Figures,
    pub log: Option<&'a Log>,
}

/// The requests' figures and the registry that names every figure.
pub struct Metrics {
    registry: Registry,
    requests: Family<RequestLabels, Counter>,
    latency: Family<RouteLabels, Histogram>,
    read_at_scrape: ReadAtScrape,
}

/// The figures read at scrape time (by [`Metrics::render`]), not counted as they happen.
#[derive(Default)]
struct ReadAtScrape {
    sessions: Gauge,
    demo_shoppers: Gauge,
    mails_queued: Gauge,
    db_full: Gauge,
    db_write_locked: Gauge,
    db_unreachable: Gauge,
}

fn latency_histogram() -> Histogram {
    // 50 µs to about 3 s.
    Histogram::new(exponential_buckets(0.000_05, 3.0, 11))
}

impl Metrics {
    pub fn new(parts: Parts<'_>) -> Metrics {
        let Parts { db, answers, pages, limiter, placed, mail, log } = parts;
        let mut registry = Registry::with_prefix("market");
        let requests = Family::<RequestLabels, Counter>::default();
        let latency =
            Family::<RouteLabels, Histogram>::new_with_constructor(latency_histogram as fn() -> Histogram);
        registry.register(
            "http_requests",
            "Requests answered, by route template, method and status",
            requests.clone(),
        );
        registry.register_with_unit(
            "http_request_duration",
            "Time to answer a request, by route template",
            Unit::Seconds,
            latency.clone(),
        );
        register_caches(&mut registry, answers, pages);
        register_storage(&mut registry, db);
        register_shoppers(&mut registry, limiter, placed);
        register_mail(&mut registry, mail);
        let read_at_scrape = ReadAtScrape::register(&mut registry);
        if let Some(log) = log {
            registry.register_collector(Box::new(LogFigures(log.stats().clone())));
        }
        registry.register_collector(Box::new(CatalogIndexFigures(db.clone())));
        registry.register_collector(Box::new(Process));
        Metrics { registry, requests, latency, read_at_scrape }
    }

    /// Counts one answered request under its route template (`None`: the app's pages
    /// and unknown addresses, which the fallback answers).
    pub fn observe(&self, route: Option<String>, method: &str, status: u16, took: Duration) {
        let route = route.unwrap_or_else(|| "fallback".to_string());
        self.latency.get_or_create(&RouteLabels { route: route.clone() }).observe(took.as_secs_f64());
        self.requests.get_or_create(&RequestLabels { route, method: method.to_string(), status }).inc();
    }

    /// The exposition, with the figures read at scrape time brought up to date.
    pub fn render(
        &self,
        sessions_alive: Option<i64>,
        demo_shoppers: Option<i64>,
        mails_queued: Option<i64>,
        fault: Option<Fault>,
    ) -> String {
        let now = &self.read_at_scrape;
        if let Some(n) = sessions_alive {
            now.sessions.set(n);
        }
        if let Some(n) = demo_shoppers {
            now.demo_shoppers.set(n);
        }
        if let Some(n) = mails_queued {
            now.mails_queued.set(n);
        }
        now.db_full.set(i64::from(fault == Some(Fault::Full)));
        now.db_write_locked.set(i64::from(fault == Some(Fault::Locked)));
        now.db_unreachable.set(i64::from(fault == Some(Fault::Unreachable)));
        let mut out = String::with_capacity(16 * 1024);
        // Writing into a String cannot fail.
        let _ = prometheus_client::encoding::text::encode(&mut out, &self.registry);
        out
    }
}

/// The caches' hits and misses: the API's answers and the pages.
fn register_caches(registry: &mut Registry, answers: &AnswerCache, pages: &Pages) {
    for (name, help, counter) in [
        ("answer_cache_hits", "API answers sent as kept", &answers.hits),
        ("answer_cache_misses", "API answers that had to be loaded", &answers.misses),
        ("page_cache_hits", "Pages (index.html per address) sent as kept", &pages.hits),
        ("page_cache_misses", "Pages that had to be made", &pages.misses),
    ] {
        registry.register(name, help, counter.clone());
    }
}

/// The storage's waits: for a connection from the pool, and (SQLite) for the writer.
fn register_storage(registry: &mut Registry, db: &Db) {
    let storage = db.metrics();
    registry.register_with_unit(
        "db_pool_wait",
        "Time a read (SQLite) or any call (PostgreSQL) waited for a connection from the pool",
        Unit::Seconds,
        storage.pool_wait.clone(),
    );
    registry.register(
        "db_pool_timeouts",
        "Reads (SQLite) or calls (PostgreSQL) that gave up waiting for a connection",
        storage.pool_timeouts.clone(),
    );
    registry.register(
        "db_write_queue",
        "Writes waiting for the writer thread (SQLite)",
        storage.write_queue.clone(),
    );
    registry.register(
        "db_group_commit_writes",
        "Writes committed together, per commit (SQLite)",
        storage.group_commit.clone(),
    );
}

/// What shoppers did: sign-ins refused (by password or by the rate limits) and orders.
fn register_shoppers(registry: &mut Registry, limiter: &Limiter, placed: &Placed) {
    for (name, help, counter) in [
        ("signin_failures", "Sign-ins refused for a wrong username or password", &limiter.signin_failures),
        (
            "rate_limit_rejections",
            "Sign-ins, sign-ups and password resets refused with 429 by the rate limits",
            &limiter.rejections,
        ),
        ("orders_placed", "Orders placed", &placed.orders),
        ("orders_placed_cents", "The totals of the orders placed, in cents", &placed.cents),
    ] {
        registry.register(name, help, counter.clone());
    }
}

/// What the mail sender did; the mails waiting are read at scrape time.
fn register_mail(registry: &mut Registry, mail: &Figures) {
    for (name, help, counter) in [
        ("mails_sent", "Mails the mail server took", &mail.sent),
        ("mails_retried", "Attempts to send a mail that failed and will be tried again", &mail.retried),
        (
            "mails_given_up",
            "Mails given up: refused for good by the mail server, or for a week",
            &mail.given_up,
        ),
    ] {
        registry.register(name, help, counter.clone());
    }
}

impl ReadAtScrape {
    fn register(registry: &mut Registry) -> ReadAtScrape {
        let figures = ReadAtScrape::default();
        for (name, help, gauge) in [
            ("sessions_alive", "Sessions that have not expired", &figures.sessions),
            (
                "demo_shoppers_alive",
                "A public demo's shoppers not yet ended (market serve --demo; 0 otherwise)",
                &figures.demo_shoppers,
            ),
            ("mails_queued", "Mails in the outbox waiting to be sent", &figures.mails_queued),
            (
                "db_full",
                "1 while writes are refused because the disk or the database is full",
                &figures.db_full,
            ),
            (
                "db_write_locked",
                "1 while writes are refused because another process holds the write lock",
                &figures.db_write_locked,
            ),
            (
                "db_unreachable",
                "1 while the database server cannot be reached (PostgreSQL)",
                &figures.db_unreachable,
            ),
        ] {
            registry.register(name, help, gauge.clone());
        }
        figures
    }
}

/// What the log gave up (a full disk, a closed pipe, a queue that could not keep up).
#[derive(Debug)]
struct LogFigures(Arc<LogStats>);

impl Collector for LogFigures {
    fn encode(&self, mut encoder: DescriptorEncoder) -> Result<(), std::fmt::Error> {
        use std::sync::atomic::Ordering::Relaxed;
        for (name, help, value) in [
            ("log_lines_dropped", "Log lines dropped because the log could not keep up", &self.0.dropped),
            (
                "log_write_errors",
                "Writes of the log that failed (full disk, closed pipe)",
                &self.0.write_errors,
            ),
        ] {
            let counter = ConstCounter::new(value.load(Relaxed));
            counter.encode(encoder.encode_descriptor(name, help, None, counter.metric_type())?)?;
        }
        Ok(())
    }
}

/// The catalog index (`catalog_index/`): whether it answers, what it holds, its
/// builds (how long the last took: a replica that starts without one builds it) and
/// the products it has put again after changes. None of it on a store without one.
struct CatalogIndexFigures(Db);

impl std::fmt::Debug for CatalogIndexFigures {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("CatalogIndexFigures")
    }
}

impl Collector for CatalogIndexFigures {
    fn encode(&self, mut encoder: DescriptorEncoder) -> Result<(), std::fmt::Error> {
        let Some(figures) = self.0.catalog_index_figures() else { return Ok(()) };
        for (name, help, value) in [
            (
                "catalog_index_ready",
                "1 while listings and searches are answered by the catalog index, 0 while it is built",
                i64::from(figures.ready),
            ),
            ("catalog_index_products", "Products on sale the catalog index holds", figures.products as i64),
        ] {
            let gauge = ConstGauge::new(value);
            gauge.encode(encoder.encode_descriptor(name, help, None, gauge.metric_type())?)?;
        }
        let seconds = ConstGauge::new(figures.last_build_seconds);
        seconds.encode(encoder.encode_descriptor(
            "catalog_index_last_build",
            "How long the catalog index's last build by this process took (0: none yet)",
            Some(&Unit::Seconds),
            seconds.metric_type(),
        )?)?;
        for (name, help, value) in [
            ("catalog_index_builds", "Builds of the whole catalog index by this process", figures.builds),
            (
                "catalog_index_products_updated",
                "Products the catalog index put again after changes to them",
                figures.updated,
            ),
        ] {
            let counter = ConstCounter::new(value);
            counter.encode(encoder.encode_descriptor(name, help, None, counter.metric_type())?)?;
        }
        Ok(())
    }
}

/// The process's memory and open files, as Prometheus' own clients name them.
#[derive(Debug)]
struct Process;

impl Collector for Process {
    fn encode(&self, mut encoder: DescriptorEncoder) -> Result<(), std::fmt::Error> {
        let page = 4096;
        let rss = std::fs::read_to_string("/proc/self/statm")
            .ok()
            .and_then(|s| s.split_whitespace().nth(1).and_then(|p| p.parse::<i64>().ok()))
            .map(|pages| pages * page);
        if let Some(rss) = rss {
            let gauge = ConstGauge::new(rss);
            gauge.encode(encoder.encode_descriptor(
                "process_resident_memory",
                "Resident memory size",
                Some(&Unit::Bytes),
                gauge.metric_type(),
            )?)?;
        }
        if let Ok(fds) = std::fs::read_dir("/proc/self/fd") {
            let gauge = ConstGauge::new(fds.count() as i64);
            gauge.encode(encoder.encode_descriptor(
                "process_open_fds",
                "Open file descriptors",
                None,
                gauge.metric_type(),
            )?)?;
        }
        Ok(())
    }
}

/// What each request leaves behind: its line in the access log (when there is one) and
/// its figures. The outermost middleware, so that it sees the answer as sent.
pub async fn observe(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let started = std::time::Instant::now();
    let at = std::time::SystemTime::now();
    let log = req.app_data::<web::Data<Option<Log>>>().and_then(|l| l.as_ref().as_ref()).cloned();
    // The shopper's address, not the load balancer's, when it is a trusted proxy.
    let access = log.as_ref().map(|_| {
        let client = req.peer_addr().map(|_| crate::api::session::client_address(req.request()));
        (req.method().clone(), req.uri().clone(), client)
    });
    let (metrics, method) = (req.app_data::<web::Data<Metrics>>().cloned(), req.method().clone());
    let (res, status, bytes, route) = match next.call(req).await {
        Ok(res) => {
            let bytes = match res.response().body().size() {
                actix_web::body::BodySize::Sized(n) => Some(n),
                actix_web::body::BodySize::None => Some(0),
                actix_web::body::BodySize::Stream => None,
            };
            let (status, route) = (res.status().as_u16(), res.request().match_pattern());
            (Ok(res), status, bytes, route)
        }
        // An error instead of a response (a middleware's) reaches the client as an empty
        // 500: it is logged, counted and given its access line like any answer. (The
        // request cannot be kept to answer it here: routing needs it to itself.)
        Err(e) => {
            tracing::error!(error = %e, "a request failed outside its handler");
            (Err(e), 500, Some(0), None)
        }
    };
    let took = started.elapsed();
    if let Some(metrics) = metrics {
        metrics.observe(route, method.as_str(), status, took);
    }
    if let (Some(log), Some((method, target, client))) = (log, access) {
        log.access(Access { at, client, method, target, status, bytes, duration: took });
    }
    res
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/metrics", web::get().to(get_metrics));
}

async fn get_metrics(metrics: web::Data<Metrics>, db: web::Data<Db>) -> HttpResponse {
    let sessions = db.count_live_sessions().await.ok();
    let demo_shoppers = db.live_demo_shoppers().await.ok();
    let mails_queued = db.count_queued_mails().await.ok();
    HttpResponse::Ok()
        .insert_header((
            header::CONTENT_TYPE,
            HeaderValue::from_static("application/openmetrics-text; version=1.0.0; charset=utf-8"),
        ))
        .insert_header((header::CACHE_CONTROL, HeaderValue::from_static("no-store")))
        .body(metrics.render(sessions, demo_shoppers, mails_queued, db.write_fault().map(|(fault, _)| fault)))
}
