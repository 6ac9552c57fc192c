//! Anti-forgery: OWASP's *signed* double-submit cookie.
//!
//! Each session holds a random anti-forgery id (server side). The token is
//! `<nonce>.<HMAC-SHA256(key, id "." nonce)>`; the server sends it in the readable
//! cookie `XSRF-TOKEN`, and the app echoes it in the `XSRF-Token` header on every
//! non-GET call. A request passes only when header and cookie are equal and the MAC
//! matches this session's id, compared in constant time: a token planted by another
//! site, or taken from another session, fails. The id changes at sign-in, sign-up and
//! sign-out, and a fresh token is sent whenever the cookie no longer matches.

use actix_session::{Session, SessionExt};
use actix_web::body::MessageBody;
use actix_web::cookie::{Cookie, SameSite};
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::{Method, StatusCode};
use actix_web::middleware::Next;
use actix_web::{ResponseError, web};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use hmac::{Hmac, Mac};
use rand::RngCore;
use sha2::Sha256;

use crate::config::Secret;
use crate::error::json_error;

pub const COOKIE: &str = "XSRF-TOKEN";
pub const HEADER: &str = "XSRF-Token";
const SESSION_KEY: &str = "xsrf";

#[derive(Clone)]
pub struct XsrfKey {
    key: Vec<u8>,
    secure: bool,
}

impl XsrfKey {
    /// A key of its own, derived from the server secret, so that tokens and session
    /// cookies never share one.
    pub fn new(secret: &Secret, secure: bool) -> Self {
        let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes any key length");
        mac.update(b"market anti-forgery v1");
        XsrfKey { key: mac.finalize().into_bytes().to_vec(), secure }
    }

    fn mac(&self, id: &str, nonce: &str) -> Hmac<Sha256> {
        let mut mac = Hmac::<Sha256>::new_from_slice(&self.key).expect("HMAC takes any key length");
        mac.update(id.as_bytes());
        mac.update(b".");
        mac.update(nonce.as_bytes());
        mac
    }

    pub fn issue(&self, id: &str) -> String {
        let nonce = B64.encode(random_bytes());
        let tag = B64.encode(self.mac(id, &nonce).finalize().into_bytes());
        format!("{nonce}.{tag}")
    }

    pub fn verify(&self, id: &str, token: &str) -> bool {
        let Some((nonce, tag)) = token.split_once('.') else { return false };
        let Ok(tag) = B64.decode(tag) else { return false };
        self.mac(id, nonce).verify_slice(&tag).is_ok()
    }

    fn cookie(&self, token: String) -> Cookie<'static> {
        Cookie::build(COOKIE, token)
            .path("/")
            .same_site(SameSite::Lax)
            .secure(self.secure)
            .http_only(false)
            .finish()
    }
}

fn random_bytes() -> [u8; 16] {
    let mut bytes = [0u8; 16];
    rand::rng().fill_bytes(&mut bytes);
    bytes
}

/// Gives the session an anti-forgery id if it has none (the app's first call does this).
pub fn ensure_id(session: &Session) -> Result<(), crate::error::ApiError> {
    if session.get::<String>(SESSION_KEY).ok().flatten().is_none() {
        rotate_id(session)?;
    }
    Ok(())
}

/// A new id: every token issued before stops working.
pub fn rotate_id(session: &Session) -> Result<(), crate::error::ApiError> {
    session.insert(SESSION_KEY, B64.encode(random_bytes())).map_err(crate::error::ApiError::internal)
}

/// Equal length and contents, in time that does not depend on where they differ.
fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

fn is_safe(method: &Method) -> bool {
    matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

pub async fn protect(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let key = req.app_data::<web::Data<XsrfKey>>().expect("XsrfKey is registered").clone();
    let session = req.get_session();
    let cookie = req.cookie(COOKIE).map(|c| c.value().to_owned());

    if !is_safe(req.method()) {
        let header = req.headers().get(HEADER).and_then(|v| v.to_str().ok());
        let id = session.get::<String>(SESSION_KEY).ok().flatten();
        let has_session = id.is_some();
        let valid = match (header, cookie.as_deref(), id) {
            (Some(header), Some(cookie), Some(id)) => {
                constant_time_eq(header.as_bytes(), cookie.as_bytes()) && key.verify(&id, header)
            }
            _ => false,
        };
        if !valid {
            // A visitor whose session could not be stored (writes are refused: a full disk)
            // has no id to check against: their write is refused for that reason, not as
            // a forgery.
            let db = req.app_data::<web::Data<crate::db::Db>>();
            if !has_session && let Some(fault) = db.and_then(|db| db.fresh_write_fault()) {
                let res = crate::error::ApiError::Unavailable(fault.into()).error_response();
                return Ok(req.into_response(res).map_into_right_body());
            }
            let res = json_error(
                StatusCode::FORBIDDEN,
                "Missing or invalid anti-forgery token. Reload the page and try again.",
                &[],
            );
            return Ok(req.into_response(res).map_into_right_body());
        }
    }

    let mut res = next.call(req).await?;
    // After the handler: the session may have gained or changed its id.
    if let Some(id) = session.get::<String>(SESSION_KEY).ok().flatten()
        && !cookie.as_deref().is_some_and(|token| key.verify(&id, token))
    {
        res.response_mut()
            .add_cookie(&key.cookie(key.issue(&id)))
            .map_err(actix_web::error::ErrorInternalServerError)?;
    }
    Ok(res.map_into_left_body())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key() -> XsrfKey {
        XsrfKey::new(&crate::config::Secret::from_bytes(b"0123456789abcdef0123456789abcdef".to_vec()), false)
    }

    #[test]
    fn a_token_verifies_for_its_own_session_only() {
        let key = key();
        let token = key.issue("session-a");
        assert!(key.verify("session-a", &token));
        assert!(!key.verify("session-b", &token), "another session's token");
    }

    #[test]
    fn tampered_or_unsigned_tokens_fail() {
        let key = key();
        let token = key.issue("s");
        let (nonce, tag) = token.split_once('.').unwrap();
        assert!(!key.verify("s", &format!("{nonce}x.{tag}")), "changed nonce");
        assert!(!key.verify("s", &format!("{nonce}.{}", B64.encode([0u8; 32]))), "forged tag");
        assert!(!key.verify("s", nonce), "no tag");
        assert!(!key.verify("s", ""), "empty");
        assert!(!key.verify("s", "a.b.c"), "garbage");
    }

    #[test]
    fn a_different_server_secret_refuses_the_token() {
        let other = XsrfKey::new(
            &crate::config::Secret::from_bytes(b"another-secret-another-secret-xx".to_vec()),
            false,
        );
        assert!(!other.verify("s", &key().issue("s")));
    }

    #[test]
    fn constant_time_eq_compares_whole_values() {
        assert!(constant_time_eq(b"abc", b"abc"));
        assert!(!constant_time_eq(b"abc", b"abd"));
        assert!(!constant_time_eq(b"abc", b"abcd"));
    }
}
