//! Builds the server: database → bind → middleware and routes.
//! Binding happens here, before running, so callers (and tests) learn the real port.

use std::net::TcpListener;

use actix_web::dev::Server;
use actix_web::middleware::from_fn;
use actix_web::{App, HttpServer, middleware, web};
use anyhow::Context;

use crate::api::answer_cache::AnswerCache;
use crate::auth::Passwords;
use crate::auth::limits::Limiter;
use crate::auth::session;
use crate::auth::xsrf::XsrfKey;
use crate::config::Config;
use crate::db::Db;
use crate::{api, error, headers, spa, storefront};

pub struct Application {
    port: u16,
    server: Server,
    db: Db,
}

impl Application {
    pub fn build(config: Config) -> anyhow::Result<Application> {
        config.prepare()?;
        let db = Db::open(&config.db_path())?;
        let secret = config.secret()?;
        let secure = config.secure_cookies;
        let xsrf_key = web::Data::new(XsrfKey::new(&secret, secure));
        let passwords = web::Data::new(Passwords::new());
        let limiter = web::Data::new(Limiter::new(config.rate_limits));
        let answer_cache = web::Data::new(AnswerCache::new(db.version()));
        let pages = web::Data::new(storefront::Pages::default());
        db.listen(answer_cache.clone().into_inner().listener())?;
        let document = web::Data::new(api::openapi::Document(api::openapi::document_json(secure)));
        spawn_housekeeping(db.clone(), limiter.clone());
        let listener =
            TcpListener::bind(config.addr).with_context(|| format!("cannot listen on {}", config.addr))?;
        let port = listener.local_addr()?.port();
        // One store for every worker: its clones share the rows they keep in memory.
        let session_store = session::SessionStore::new(db.clone());
        let db_handle_for_shutdown = db.clone();
        let db = web::Data::new(db);
        let bundle = spa::BundleSource::dir(config.web_dir.clone());

        let server = HttpServer::new(move || {
            App::new()
                .app_data(db.clone())
                .app_data(xsrf_key.clone())
                .app_data(passwords.clone())
                .app_data(limiter.clone())
                .app_data(document.clone())
                .app_data(answer_cache.clone())
                .app_data(pages.clone())
                .app_data(error::json_config())
                .app_data(error::path_config())
                .app_data(error::query_config())
                .wrap(middleware::ErrorHandlers::new().default_handler(error::ensure_json_errors))
                .wrap(from_fn(headers::finish))
                .wrap(headers::defaults(secure))
                .wrap(middleware::Compress::default())
                // Off with `MARKET_LOG=warn`: it formats each request line before knowing
                // whether anyone reads it.
                .wrap(middleware::Condition::new(
                    log::log_enabled!(target: "market::http", log::Level::Info),
                    middleware::Logger::new("%r %s %b %Dms").log_target("market::http"),
                ))
                .configure(|cfg| {
                    api::configure(cfg, session::middleware(session_store.clone(), &secret, secure))
                })
                .configure(crate::crawlers::configure)
                .configure(|cfg| spa::configure(cfg, bundle.clone()))
        })
        .listen(listener)?
        .shutdown_timeout(10)
        .run();
        Ok(Application { port, server, db: db_handle_for_shutdown })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// Serves until Ctrl-C or SIGTERM, lets in-flight requests finish, then folds the
    /// write-ahead log into the database file, so that what is left on disk is one
    /// complete file.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let served = self.server.await;
        match self.db.checkpoint().await {
            Ok(()) => tracing::info!("database checkpointed"),
            Err(e) => tracing::warn!("checkpointing the database failed: {e}"),
        }
        served
    }
}

/// Forgets what has expired: sessions, idempotency keys and old change-log rows at
/// start and then every hour, rate-limit buckets that are full again every ten minutes.
fn spawn_housekeeping(db: Db, limiter: web::Data<Limiter>) {
    actix_web::rt::spawn(async move {
        let mut every_ten_minutes = actix_web::rt::time::interval(std::time::Duration::from_secs(600));
        for tick in 0u64.. {
            every_ten_minutes.tick().await;
            limiter.sweep();
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
