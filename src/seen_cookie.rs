//! The cookie that carries a shopper's read-your-writes token between replicas
//! (`db/read_your_writes.rs`): set by an answer whose request wrote, sent back by the
//! browser with its next requests, whichever replica they reach. It holds no secret (a
//! transaction's id) and lives [`LIFETIME`]: every replica's listener has applied
//! the log well past a write by then, unless it lost the database, and then it keeps
//! nothing. A lone SQLite server neither sets nor reads it (`startup.rs` wraps its
//! routes with this only beside other replicas).

use actix_web::body::MessageBody;
use actix_web::cookie::{Cookie, SameSite, time::Duration};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;

use crate::db::read_your_writes::answering;

pub const NAME: &str = "market_seen";
const LIFETIME: Duration = Duration::seconds(10);

/// Runs the request with the token its cookie brings, and answers with the token its
/// writes made.
pub async fn carry(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
    secure: bool,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let asked = req.cookie(NAME).and_then(|c| c.value().parse::<i64>().ok()).unwrap_or(0);
    let (res, written) = answering(asked, next.call(req)).await;
    let mut res = res?;
    if written > asked {
        let cookie = Cookie::build(NAME, written.to_string())
            .path("/")
            .http_only(true)
            .secure(secure)
            .same_site(SameSite::Lax)
            .max_age(LIFETIME)
            .finish();
        res.response_mut().add_cookie(&cookie)?;
    }
    Ok(res)
}
