//! Builds the server: database → bind → middleware and routes.
//! Binding happens here, before running, so callers (and tests) learn the real port.

use std::net::{SocketAddr, TcpListener};

use actix_web::body::BoxBody;
use actix_web::dev::Server;
use actix_web::middleware::{Next, from_fn};
use actix_web::{App, HttpServer, middleware, web};
use anyhow::Context;

use std::time::Duration;

use actix_web::dev::ServerHandle;
use actix_web::rt::signal::unix::{Signal, SignalKind, signal};

use crate::api::answer_cache::AnswerCache;
use crate::auth::Passwords;
use crate::auth::limits::Limiter;
use crate::auth::session;
use crate::auth::xsrf::XsrfKey;
use crate::config::{Config, Demo, Imports, PublicDemo, Secret, TrustedProxies};
use crate::db::{Db, Limits, Location};
use crate::domain::demo;
use crate::domain::mail::draw::Letterhead;
use crate::draining::{Connections, Drain, KEEP_ALIVE};
use crate::health::Stopping;
use crate::logging::Log;
use crate::metrics::Metrics;
use crate::payments::{Payments, settler, stripe_checkout};
use crate::{api, error, headers, health, mailer, metrics, seen_cookie, spa, storefront};

pub struct Application {
    port: u16,
    demo: web::Data<Demo>,
    passwords: web::Data<Passwords>,
    signals: Signals,
    metrics_port: Option<u16>,
    server: Server,
    /// `/metrics` on its own address (`--metrics-addr`).
    metrics_server: Option<Server>,
    db: Db,
    stopping: web::Data<Stopping>,
    shutdown_delay: Duration,
    drain: Drain,
    log: Option<Log>,
}

impl Application {
    pub fn build(config: Config) -> anyhow::Result<Application> {
        config.prepare()?;
        // Watched from here on: a SIGTERM that comes before the store is open must stop
        // it cleanly too, not kill it.
        let signals = Signals::watch()?;
        let location = Location::parse(config.database.as_deref(), config.db_path())?;
        let db = Db::open_with(&location, Limits { max_size: config.max_db_size })?;
        let secret = store_secret(&config, &db)?;
        let shared = Shared::new(&config, &db, &secret)?;
        keep_catalog_index(&db, &config, &shared.answer_cache)?;
        spawn_housekeeping(db.clone(), shared.limiter.clone());
        spawn_import_keeper(db.clone(), config.imports);
        spawn_settler(db.clone(), shared.payments.clone());
        let listener =
            TcpListener::bind(config.addr).with_context(|| format!("cannot listen on {}", config.addr))?;
        let port = listener.local_addr()?.port();
        let letterhead = letterhead(&config, listener.local_addr()?);
        if let Some(settings) = &config.smtp {
            let smtp = mailer::smtp(settings)?;
            actix_web::rt::spawn(mailer::run(db.clone(), smtp, letterhead.clone(), shared.mail.clone()));
        }
        let drain = Drain { listening: listener.try_clone()?, connections: Connections::default() };
        let session_store = shared.sessions.get_ref();
        if let Some(every) = config.reset_every {
            spawn_resets(db.clone(), session_store.clone(), every);
        }
        if let Some(public) = config.demo {
            spawn_demo_sweeper(db.clone(), session_store.clone(), public);
        }
        let server =
            serve_store(listener, shared.clone(), &config, secret, drain.connections.clone(), letterhead)?;
        let (metrics_server, metrics_port) = serve_metrics(config.metrics_addr, &db, shared.metrics)?;
        Ok(Application {
            port,
            demo: shared.demo,
            passwords: shared.passwords,
            signals,
            metrics_port,
            server,
            metrics_server,
            db,
            stopping: shared.stopping,
            shutdown_delay: config.shutdown_delay,
            drain,
            log: config.log.clone(),
        })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// The logins a person starting the store can try, for the last start-up lines:
    /// the demo shopper's when the store has it, and in a public demo the look-only
    /// back-office login, made (or mended) now.
    pub async fn logins(&self) -> anyhow::Result<Logins> {
        let shopper = self.db.find_login(demo::SHOPPER.username.to_owned()).await?.is_some();
        if self.demo.public.is_some() {
            let viewer = crate::staff::ensure_demo_viewer(&self.db, &self.passwords).await?;
            // Known from now on. The server listens from `build` on, so a request in the
            // milliseconds before this could come from a viewer session that outlived a
            // restart (one whose password was intact: sessions of a mended one end here).
            let _ = self.demo.viewer.set(viewer.0);
        }
        Ok(Logins { shopper, viewer: self.demo.public.is_some(), has_owner: self.db.has_owner().await? })
    }

    /// The port of `--metrics-addr`, when given.
    pub fn metrics_port(&self) -> Option<u16> {
        self.metrics_port
    }

    /// Serves until Ctrl-C or SIGTERM, lets in-flight requests finish, then folds the
    /// write-ahead log into the database file, so that what is left on disk is one
    /// complete file. SIGHUP reopens the log file.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let signals = actix_web::rt::spawn(self.signals.stop(
            self.server.handle(),
            self.stopping,
            self.shutdown_delay,
            self.drain,
            self.log,
        ));
        let metrics = self.metrics_server.map(|server| (server.handle(), actix_web::rt::spawn(server)));
        let served = self.server.await;
        signals.abort();
        // Scrapes are answered until the store itself has stopped.
        if let Some((handle, served)) = metrics {
            handle.stop(true).await;
            let _ = served.await;
        }
        match self.db.close().await {
            Ok(()) => tracing::info!("database closed"),
            Err(e) => tracing::warn!("checkpointing the database failed: {e}"),
        }
        served
    }
}

/// One secret for every server of the store: the operator's, or the one the shared
/// database keeps, or (a lone server) the data folder's.
fn store_secret(config: &Config, db: &Db) -> anyhow::Result<Secret> {
    Ok(match (Config::given_secret()?, db.shared_secret()) {
        (Some(given), _) => given,
        (None, Some(shared)) => Secret::from_bytes(shared.as_bytes().to_vec()),
        (None, None) => config.secret()?,
    })
}

/// What every worker of the store is handed (each `App`'s `app_data`), one of each for
/// the whole server. Made before the store listens; of it, only the password hashers
/// start anything (their threads).
#[derive(Clone)]
struct Shared {
    xsrf_key: web::Data<XsrfKey>,
    passwords: web::Data<Passwords>,
    limiter: web::Data<Limiter>,
    answer_cache: web::Data<AnswerCache>,
    pages: web::Data<storefront::Pages>,
    placed: web::Data<api::orders::Placed>,
    /// What the mail sender did (`/metrics`).
    mail: mailer::Figures,
    payments: web::Data<Payments>,
    metrics: web::Data<Metrics>,
    stopping: web::Data<Stopping>,
    access_log: web::Data<Option<Log>>,
    trusted_proxies: web::Data<TrustedProxies>,
    document: web::Data<api::openapi::Document>,
    sessions: web::Data<session::SessionStore>,
    demo: web::Data<Demo>,
    imports: web::Data<Imports>,
    db: web::Data<Db>,
}

impl Shared {
    fn new(config: &Config, db: &Db, secret: &Secret) -> anyhow::Result<Shared> {
        let secure = config.secure_cookies;
        let xsrf_key = web::Data::new(XsrfKey::new(secret, secure));
        let passwords = web::Data::new(Passwords::new());
        let limiter = web::Data::new(Limiter::for_store(config.rate_limits, db));
        let answer_cache = web::Data::new(AnswerCache::new(db.horizon()));
        let pages = web::Data::new(storefront::Pages::default());
        let placed = web::Data::new(api::orders::Placed::default());
        let mail = mailer::Figures::default();
        let metrics = web::Data::new(Metrics::new(metrics::Parts {
            db,
            answers: &answer_cache,
            pages: &pages,
            limiter: &limiter,
            placed: &placed,
            mail: &mail,
            log: config.log.as_ref(),
        }));
        let payments = Payments::new(db.clone(), config.stripe.as_ref()).context("cannot set up Stripe")?;
        // One store for every worker: its clones share the rows they keep in memory.
        let sessions = session::SessionStore::new(db.clone());
        db.listen(sessions.listener())?;
        Ok(Shared {
            xsrf_key,
            passwords,
            limiter,
            answer_cache,
            pages,
            placed,
            mail,
            payments: web::Data::new(payments),
            metrics,
            stopping: web::Data::new(Stopping::default()),
            access_log: web::Data::new(config.log.clone().filter(|_| config.access_log)),
            trusted_proxies: web::Data::new(config.trusted_proxies.clone()),
            document: web::Data::new(api::openapi::Document(api::openapi_json(secure))),
            sessions: web::Data::new(sessions),
            demo: web::Data::new(Demo { public: config.demo, ..Default::default() }),
            imports: web::Data::new(config.imports),
            db: web::Data::new(db.clone()),
        })
    }
}

/// Searches read the catalog index once it is ready; until then the database's own
/// full-text search answers them. The answers kept are dropped at each change, and
/// again once the index holds it.
fn keep_catalog_index(db: &Db, config: &Config, answer_cache: &web::Data<AnswerCache>) -> anyhow::Result<()> {
    let answers = answer_cache.clone().into_inner().listener();
    match db.open_catalog_index(&config.catalog_index_dir()) {
        Ok(index) => {
            db.listen(db.keep_catalog_index(index.clone(), answers))?;
            spawn_index_preparation(db.clone(), index);
        }
        Err(e) => {
            tracing::warn!("the catalog index cannot be opened ({e}); searches read the database");
            db.listen(answers)?;
        }
    }
    Ok(())
}

/// Who the mails come from and where their links lead: `--public-url`, or the address
/// the store serves on.
fn letterhead(config: &Config, bound: SocketAddr) -> Letterhead {
    let public_url = config.public_url.clone().unwrap_or_else(|| {
        let host = match bound.ip() {
            ip if ip.is_unspecified() => "localhost".to_owned(),
            std::net::IpAddr::V6(ip) => format!("[{ip}]"),
            ip => ip.to_string(),
        };
        format!("http://{host}:{}", bound.port())
    });
    Letterhead { store_name: "Market".into(), public_url }
}

/// The store's own server on `listener`: every worker's `App`, with what they share,
/// the middleware and the routes.
fn serve_store(
    listener: TcpListener,
    shared: Shared,
    config: &Config,
    secret: Secret,
    connections: Connections,
    letterhead: Letterhead,
) -> anyhow::Result<Server> {
    let secure = config.secure_cookies;
    let policy = headers::content_security_policy(config.stripe.as_ref());
    let metrics_beside_the_store = config.metrics_addr.is_none();
    let shared_db = shared.db.is_shared();
    let session_store = shared.sessions.get_ref().clone();
    let bundle = spa::BundleSource::dir(config.web_dir.clone());
    // One renderer for the server, whatever its number of workers.
    let renderer = web::Data::new(bundle.renderer());
    let letterhead = web::Data::new(letterhead);
    let server = HttpServer::new(move || {
        App::new()
            .app_data(shared.db.clone())
            .app_data(shared.sessions.clone())
            .app_data(shared.xsrf_key.clone())
            .app_data(shared.passwords.clone())
            .app_data(shared.demo.clone())
            .app_data(shared.imports.clone())
            .app_data(shared.limiter.clone())
            .app_data(shared.document.clone())
            .app_data(shared.answer_cache.clone())
            .app_data(shared.pages.clone())
            .app_data(renderer.clone())
            .app_data(letterhead.clone())
            .app_data(shared.metrics.clone())
            .app_data(shared.placed.clone())
            .app_data(shared.payments.clone())
            .app_data(shared.stopping.clone())
            .app_data(shared.access_log.clone())
            .app_data(shared.trusted_proxies.clone())
            .app_data(error::json_config())
            .app_data(error::path_config())
            .app_data(error::query_config())
            // Replicas only: a lone SQLite server has no request to carry a token to.
            .wrap(middleware::Condition::new(
                shared_db,
                from_fn(move |req, next: Next<BoxBody>| seen_cookie::carry(req, next, secure)),
            ))
            .wrap(middleware::ErrorHandlers::new().default_handler(error::ensure_json_errors))
            .wrap(from_fn(headers::finish))
            .wrap(headers::defaults(secure, &policy))
            .wrap(middleware::Compress::default())
            .wrap(from_fn(metrics::observe))
            .configure(health::configure)
            .configure(|cfg| {
                if metrics_beside_the_store {
                    metrics::configure(cfg);
                }
            })
            .configure(|cfg| api::configure(cfg, session::middleware(session_store.clone(), &secret, secure)))
            .configure(crate::crawlers::configure)
            .configure(|cfg| {
                spa::configure(
                    cfg,
                    bundle.clone(),
                    session::middleware(session_store.clone(), &secret, secure),
                )
            })
    })
    // Counted while open, so that a stop can wait for them (draining.rs).
    .on_connect(move |_, extensions| {
        extensions.insert(connections.opened());
    })
    .keep_alive(KEEP_ALIVE)
    .listen(listener)?
    .shutdown_timeout(10)
    // Stopping is ours (`watch_signals`): /readyz must turn 503 before the store
    // stops taking connections.
    .disable_signals()
    .run();
    Ok(server)
}

/// `/metrics` on its own address (`--metrics-addr`), when given: its server and port.
fn serve_metrics(
    addr: Option<SocketAddr>,
    db: &Db,
    metrics: web::Data<Metrics>,
) -> anyhow::Result<(Option<Server>, Option<u16>)> {
    let Some(addr) = addr else { return Ok((None, None)) };
    let listener =
        TcpListener::bind(addr).with_context(|| format!("cannot listen on {addr} (--metrics-addr)"))?;
    let port = listener.local_addr()?.port();
    let db = db.clone();
    let server = HttpServer::new(move || {
        App::new()
            .app_data(web::Data::new(db.clone()))
            .app_data(metrics.clone())
            .configure(metrics::configure)
    })
    .workers(1)
    .listen(listener)?
    .disable_signals()
    .run();
    Ok((Some(server), Some(port)))
}

/// The signals the store answers, registered as it starts.
struct Signals {
    term: Signal,
    int: Signal,
    hup: Signal,
}

impl Signals {
    fn watch() -> std::io::Result<Signals> {
        Ok(Signals {
            term: signal(SignalKind::terminate())?,
            int: signal(SignalKind::interrupt())?,
            hup: signal(SignalKind::hangup())?,
        })
    }

    /// SIGTERM: /readyz answers 503 at once, the store serves on for `delay`, then stops
    /// taking connections, lets the requests under way finish and waits for a load
    /// balancer to let go of the connections it keeps (draining.rs). SIGINT (Ctrl-C), or
    /// SIGTERM with no delay, stops without the delay or the wait. SIGHUP reopens the
    /// log file.
    async fn stop(
        mut self,
        server: ServerHandle,
        stopping: web::Data<Stopping>,
        delay: Duration,
        drain: Drain,
        log: Option<Log>,
    ) {
        let (delay, drain) = loop {
            tokio::select! {
                // No delay: no balancer to wait for, and nothing of it to drain.
                _ = self.term.recv() => break (delay, (!delay.is_zero()).then_some(drain)),
                _ = self.int.recv() => break (Duration::ZERO, None),
                _ = self.hup.recv() => {
                    // Said first, so that the line goes to the file being rotated away.
                    tracing::info!("SIGHUP: reopening the log file");
                    if let Some(log) = &log {
                        log.reopen();
                    }
                }
            }
        };
        stopping.begin();
        if !delay.is_zero() {
            tracing::info!(
                "stopping in {}: /readyz answers 503 from now on",
                humantime::format_duration(delay)
            );
            actix_web::rt::time::sleep(delay).await;
        }
        tracing::info!("stopping: no new connections; finishing the requests under way");
        if let Some(drain) = drain {
            drain.run(&server, &stopping).await;
        }
        server.stop(true).await;
    }
}

/// `--reset-every`: takes the store back to its seeded state, in one write between
/// others, and signs everyone out (their sessions are gone from the database and from
/// the sessions kept in memory).
fn spawn_resets(db: Db, sessions: session::SessionStore, every: std::time::Duration) {
    actix_web::rt::spawn(async move {
        let mut ticks = actix_web::rt::time::interval_at(actix_web::rt::time::Instant::now() + every, every);
        loop {
            ticks.tick().await;
            match db.reset_if_due(every).await {
                Ok(Some(removed)) => {
                    sessions.forget_all();
                    tracing::info!(
                        "reset the store to its seeded state: removed {removed}; everyone is signed out"
                    );
                }
                Ok(None) => tracing::info!("another server of the store made this period's reset"),
                Err(e) => tracing::error!("resetting the store failed, nothing changed: {e}"),
            }
        }
    });
}

/// What [`Application::logins`] found.
pub struct Logins {
    /// The demo shopper (docs/rules.md#fixed-values) can sign in.
    pub shopper: bool,
    /// A public demo's look-only back-office login is there.
    pub viewer: bool,
    /// Someone can manage the store's staff; without, the start-up lines say how.
    pub has_owner: bool,
}

/// How many demo shoppers one transaction of the sweeper ends: requests' writes go
/// between batches, so a sweep of thousands never holds the store up.
const DEMO_SWEEP_BATCH: u32 = 50;

/// `--demo`: ends the demo shoppers whose time is up, in small batches, every
/// `sweep_every` (on PostgreSQL one server at a time: the others find the sweep taken).
fn spawn_demo_sweeper(db: Db, sessions: session::SessionStore, public: PublicDemo) {
    actix_web::rt::spawn(async move {
        let mut ticks = actix_web::rt::time::interval(public.sweep_every);
        loop {
            ticks.tick().await;
            let (mut ended, started) = (0, std::time::Instant::now());
            loop {
                match db.end_idle_demo_shoppers(crate::domain::Timestamp::now(), DEMO_SWEEP_BATCH).await {
                    Ok(batch) => {
                        sessions.forget_users(&batch);
                        ended += batch.len();
                        if batch.len() < DEMO_SWEEP_BATCH as usize {
                            break;
                        }
                    }
                    Err(e) => {
                        tracing::warn!("ending idle demo shoppers failed, nothing changed: {e}");
                        break;
                    }
                }
            }
            if ended > 0 {
                let seconds = format!("{:.1}", started.elapsed().as_secs_f64());
                tracing::info!(ended, seconds, "ended idle demo shoppers, with all they made");
            }
        }
    });
}

/// Finishes catalog imports that a stopped server left half-applied, and drops those it
/// left being checked: at start (a lone server's are all left: it is the only one),
/// then every half minute those nobody has touched for a minute (another replica's).
fn spawn_import_keeper(db: Db, imports: Imports) {
    use crate::api::admin::catalog_csv::finish_left_imports;
    actix_web::rt::spawn(async move {
        let at_start = if db.is_shared() { imports.left_after } else { Duration::ZERO };
        finish_left_imports(&db, at_start).await;
        let mut ticks = actix_web::rt::time::interval(imports.look_every());
        ticks.tick().await;
        loop {
            ticks.tick().await;
            finish_left_imports(&db, imports.left_after).await;
        }
    });
}

/// Brings the catalog index up to date (or builds it) off the start: the store serves
/// meanwhile, listings from the database.
fn spawn_index_preparation(db: Db, index: std::sync::Arc<crate::catalog_index::CatalogIndex>) {
    actix_web::rt::spawn(async move {
        if let Err(e) = db.prepare_catalog_index(&index).await {
            tracing::error!("the catalog index could not be made ready ({e}); searches read the database");
        }
    });
}

/// Finishes the payment steps a request could not (a capture, a void, a refund, a Stripe
/// checkout left open), at start and then every half minute (payments/settler.rs,
/// payments/stripe_checkout.rs).
fn spawn_settler(db: Db, payments: web::Data<Payments>) {
    actix_web::rt::spawn(async move {
        let mut every = actix_web::rt::time::interval(settler::EVERY);
        let mut age = Duration::ZERO;
        loop {
            every.tick().await;
            settler::round(&db, &payments, age).await;
            stripe_checkout::sweep(&db, &payments).await;
            age = settler::AGE;
        }
    });
}

/// Forgets what has expired: sessions, idempotency keys and old change-log rows at
/// start and then every hour, rate-limit buckets that are full again every ten minutes.
fn spawn_housekeeping(db: Db, limiter: web::Data<Limiter>) {
    actix_web::rt::spawn(async move {
        let mut every_ten_minutes = actix_web::rt::time::interval(std::time::Duration::from_secs(600));
        for tick in 0u64.. {
            every_ten_minutes.tick().await;
            if let Err(e) = limiter.sweep().await {
                tracing::warn!("forgetting full rate-limit buckets failed: {e}");
            }
            if tick % 6 != 0 {
                continue;
            }
            match session::sweep(&db).await {
                Ok(0) => {}
                Ok(n) => tracing::info!(expired = n, "swept sessions"),
                Err(e) => tracing::warn!("sweeping sessions failed: {e}"),
            }
            match db.forget_old_keys().await {
                Ok(0) => {}
                Ok(n) => tracing::info!(expired = n, "swept idempotency keys"),
                Err(e) => tracing::warn!("sweeping idempotency keys failed: {e}"),
            }
            if let Err(e) = db.forget_old_changes().await {
                tracing::warn!("trimming the change log failed: {e}");
            }
        }
    });
}
