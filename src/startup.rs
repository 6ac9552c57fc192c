//! Builds the server: database → bind → middleware and routes.
//! Binding happens here, before running, so callers (and tests) learn the real port.

use std::net::TcpListener;

use actix_web::dev::Server;
use actix_web::{App, HttpServer, middleware, web};
use anyhow::Context;

use crate::auth::Passwords;
use crate::auth::session;
use crate::auth::xsrf::XsrfKey;
use crate::config::Config;
use crate::db::Db;
use crate::{api, error, spa};

pub struct Application {
    port: u16,
    server: Server,
}

impl Application {
    pub fn build(config: Config) -> anyhow::Result<Application> {
        config.prepare()?;
        let db = Db::open(&config.db_path())?;
        let secret = config.secret()?;
        let secure = config.secure_cookies;
        let xsrf_key = web::Data::new(XsrfKey::new(&secret, secure));
        let passwords = web::Data::new(Passwords::new());
        spawn_session_sweeper(db.clone());
        let listener =
            TcpListener::bind(config.addr).with_context(|| format!("cannot listen on {}", config.addr))?;
        let port = listener.local_addr()?.port();
        let db_handle = db.clone();
        let db = web::Data::new(db);
        let bundle = spa::BundleSource::dir(config.web_dir.clone());

        let server = HttpServer::new(move || {
            App::new()
                .app_data(db.clone())
                .app_data(xsrf_key.clone())
                .app_data(passwords.clone())
                .app_data(error::json_config())
                .app_data(error::path_config())
                .app_data(error::query_config())
                .wrap(middleware::ErrorHandlers::new().default_handler(error::ensure_json_errors))
                .wrap(middleware::Compress::default())
                .wrap(middleware::Logger::new("%r %s %b %Dms").log_target("market::http"))
                .configure(|cfg| api::configure(cfg, session::middleware(db_handle.clone(), &secret, secure)))
                .configure(|cfg| spa::configure(cfg, bundle.clone()))
        })
        .listen(listener)?
        .shutdown_timeout(10)
        .run();
        Ok(Application { port, server })
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// Serves until Ctrl-C or SIGTERM, then lets in-flight requests finish.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        self.server.await
    }
}

/// Deletes expired sessions at start and then every hour.
fn spawn_session_sweeper(db: Db) {
    actix_web::rt::spawn(async move {
        let mut every_hour = actix_web::rt::time::interval(std::time::Duration::from_secs(3600));
        loop {
            every_hour.tick().await;
            match session::sweep(&db).await {
                Ok(0) => {}
                Ok(n) => tracing::info!(expired = n, "swept sessions"),
                Err(e) => tracing::warn!("sweeping sessions failed: {e}"),
            }
        }
    });
}
