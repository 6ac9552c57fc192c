//! `GET /healthz` and `GET /readyz`, for a load balancer or a supervisor.
//!
//! `/healthz` says the process answers. `/readyz` says it should be sent work: the
//! database answers a read and is at this Market's schema, and the store is not
//! stopping. From the moment SIGTERM arrives it answers 503, while the store still
//! serves for `--shutdown-delay`, so that a balancer checking it stops sending work
//! before the store stops taking connections (see `startup.rs`). While writes are
//! refused (a full disk, another process holding the write lock) it answers 200 with
//! status "degraded" and why: reads still work there. So it does while the database is
//! there but busy (every connection in use, the check's read cancelled for running
//! long): the replicas share that database, and taking one out of rotation would only
//! heap its share of the work on the others. It also says what answers searches: the
//! catalog index, or the database while the index is built (the store serves then).

use std::sync::atomic::{AtomicBool, Ordering};

use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpResponse, web};
use serde_json::json;

use crate::db::{Db, Error};

/// Whether the store has been asked to stop, and whether it still takes connections.
#[derive(Debug, Default)]
pub struct Stopping {
    asked: AtomicBool,
    closing: AtomicBool,
}

impl Stopping {
    /// SIGTERM or Ctrl-C: /readyz answers 503 from now on.
    pub fn begin(&self) {
        self.asked.store(true, Ordering::SeqCst);
    }

    pub fn is_set(&self) -> bool {
        self.asked.load(Ordering::SeqCst)
    }

    /// The store takes no more connections: each one still open is closed after its
    /// next answer (`headers::finish`).
    pub fn close_connections(&self) {
        self.closing.store(true, Ordering::SeqCst);
    }

    pub fn closes_connections(&self) -> bool {
        self.closing.load(Ordering::SeqCst)
    }
}

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/healthz", web::get().to(healthz)).route("/readyz", web::get().to(readyz));
}

async fn healthz() -> HttpResponse {
    HttpResponse::Ok().insert_header(no_store()).json(json!({ "status": "alive" }))
}

async fn readyz(db: web::Data<Db>, stopping: web::Data<Stopping>) -> HttpResponse {
    let (database, serves) = match db.schema_is_current().await {
        Ok(true) => ("ok", true),
        Ok(false) => ("schema is not this Market's", false),
        Err(Error::Unavailable(_)) => ("busy", true),
        Err(_) => ("not answering", false),
    };
    let stopping = stopping.is_set();
    let ready = serves && !stopping;
    // Refused writes (a full disk, a held lock) leave the store ready: it still serves
    // every page and read, so a balancer should keep sending them. It says so.
    let fault = db.write_fault();
    let writes = fault.map_or("ok".to_string(), |(fault, _)| fault.describe().to_string());
    let status = match (ready, fault.is_some() || database == "busy") {
        (false, _) => "not ready",
        (true, true) => "degraded",
        (true, false) => "ready",
    };
    let mut body = json!({
        "status": status,
        "checks": {
            "database": database,
            "writes": writes,
            "stopping": stopping,
            "search": db.search_source(),
        },
    });
    if let Some((_, since)) = fault {
        body["checks"]["writes_refused_since"] = json!(since.to_iso8601());
    }
    let mut res = if ready { HttpResponse::Ok() } else { HttpResponse::ServiceUnavailable() };
    res.insert_header(no_store()).json(body)
}

fn no_store() -> (header::HeaderName, HeaderValue) {
    (header::CACHE_CONTROL, HeaderValue::from_static("no-store"))
}
