//! A public demo as requests meet it (`market serve --demo`,
//! docs/operating.md#running-a-public-demo), in one layer of every shopper route:
//!
//! - The look-only login is everyone's, so it writes nothing at all: not the back
//!   office, and not as a shopper either (a cart, a review, an order, a second factor
//!   that would lock the others out). Only signing in and out pass.
//! - A demo shopper's session notes when its shopper ends, and a request that finds the
//!   end come closer than the demo allows moves it a whole `--demo-ttl` on, so that a
//!   demo shopper ends after its visitor's last request, with a write per shopper at
//!   most every `PublicDemo::keep_every`, not one per request.
//! - A write of a demo shopper that has ended meanwhile (the sweeper or the cap ended it
//!   while the request was on its way) signs its browser out instead of failing.

use actix_session::{Session, SessionExt};
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::Method;
use actix_web::middleware::Next;
use actix_web::{ResponseError, web};

use super::current_user::USER_ID;
use crate::config::Demo;
use crate::db::Db;
use crate::domain::{ShopperId, Timestamp, demo};
use crate::error::ApiError;

/// The session's note of when its demo shopper ends (milliseconds, as every moment).
const ENDS_AT: &str = "demo_ends_at";

/// Notes in the newly signed-in session that its shopper is a demo shopper ending at
/// `ends_at`.
pub fn remember(session: &Session, ends_at: Timestamp) -> Result<(), ApiError> {
    session.insert(ENDS_AT, ends_at.millis()).map_err(ApiError::internal)
}

/// At every sign-in: the session forgets what it noted of the account before.
pub fn forget(session: &Session) {
    session.remove(ENDS_AT);
}

pub async fn public_demo(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let demo = req.app_data::<web::Data<Demo>>().map(|demo| demo.get_ref().clone()).unwrap_or_default();
    let Some(public) = demo.public else {
        return next.call(req).await.map(ServiceResponse::map_into_left_body);
    };
    let session = req.get_session();
    let Some(user_id) = session.get::<ShopperId>(USER_ID).ok().flatten() else {
        return next.call(req).await.map(ServiceResponse::map_into_left_body);
    };
    let write = req.method() != Method::GET && req.method() != Method::HEAD;
    if write && demo.viewer.get() == Some(&user_id.0) && !req.path().starts_with("/api/session") {
        let refusal = ApiError::Forbidden(demo::VIEWER_REFUSAL.into());
        return Ok(req.into_response(refusal.error_response()).map_into_right_body());
    }
    if let Some(ends_at) = session.get::<i64>(ENDS_AT).ok().flatten().map(Timestamp) {
        let db = req.app_data::<web::Data<Db>>().expect("Db is registered").clone();
        let now = Timestamp::now();
        let alive = if ends_at < now.plus(public.ttl).minus(public.keep_every()) {
            let until = now.plus(public.ttl);
            let kept = db.keep_demo_shopper(user_id, until).await;
            if let Ok(true) = kept {
                remember(&session, until)?;
            }
            kept
        } else if write {
            db.demo_shopper_alive(user_id).await
        } else {
            Ok(true)
        };
        match alive {
            Ok(true) => {}
            Ok(false) => session.purge(),
            Err(e) => tracing::warn!("a demo shopper's end could not be read or moved: {e}"),
        }
    }
    next.call(req).await.map(ServiceResponse::map_into_left_body)
}
