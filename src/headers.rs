//! Headers every answer carries (OWASP ASVS 14.4, 8.2.1): a strict Content-Security-
//! Policy, no sniffing, no framing, no referrer beyond this site, a browsing context of
//! its own, HSTS when served over HTTPS; JSON that names its charset; and API answers
//! that no cache keeps, except those the route table marks public (`api/mod.rs`); and
//! while the store stops, connections closed after their answers.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderValue};
use actix_web::http::{ConnectionType, StatusCode};
use actix_web::middleware::{DefaultHeaders, Next};
use actix_web::web;

use crate::config::StripeKeys;
use crate::health::Stopping;

/// Scripts only from this origin (the bundle's `/static/*.js` modules), never inline;
/// `style-src 'unsafe-inline'` because React renders `style` attributes, which cannot run
/// code; pictures from this origin and `data:` (inline SVG in CSS).
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
     style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; \
     manifest-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// The policy this store's pages carry: [`CONTENT_SECURITY_POLICY`], and with Stripe,
/// Stripe.js and its card element's frames from Stripe.js's origin and calls to Stripe's
/// API (the sources Stripe's documentation lists for cards).
pub fn content_security_policy(stripe: Option<&StripeKeys>) -> String {
    let Some(keys) = stripe else { return CONTENT_SECURITY_POLICY.to_owned() };
    let js = StripeKeys::origin(&keys.js_url);
    let api = StripeKeys::origin(&keys.api_base);
    // Stripe's own Stripe.js opens a card's 3D Secure check in a frame of its hooks host.
    let frames = match js {
        "https://js.stripe.com" => format!("{js} https://hooks.stripe.com"),
        _ => js.to_owned(),
    };
    CONTENT_SECURITY_POLICY
        .replace("script-src 'self'", &format!("script-src 'self' {js}"))
        .replace("connect-src 'self'", &format!("connect-src 'self' {api}; frame-src {frames}"))
}

pub const HSTS: &str = "max-age=31536000; includeSubDomains";

/// Set on every answer unless a handler set its own.
pub fn defaults(secure: bool, policy: &str) -> DefaultHeaders {
    let policy = HeaderValue::from_str(policy).expect("a policy of visible characters");
    let headers = DefaultHeaders::new()
        .add((header::CONTENT_SECURITY_POLICY, policy))
        .add((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .add((header::X_FRAME_OPTIONS, "DENY"))
        .add((header::REFERRER_POLICY, "same-origin"))
        .add((header::HeaderName::from_static("cross-origin-opener-policy"), "same-origin"))
        .add((header::HeaderName::from_static("cross-origin-resource-policy"), "same-origin"))
        .add((header::PERMISSIONS_POLICY, "camera=(), microphone=(), geolocation=(), payment=()"));
    if secure { headers.add((header::STRICT_TRANSPORT_SECURITY, HSTS)) } else { headers }
}

/// For the route table's public resources: their answers are the same for everyone, so
/// caches may keep them, checking back each time (`no-cache`); their errors are kept by
/// nobody.
pub async fn public(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let mut res = next.call(req).await?;
    let kept = matches!(res.status(), StatusCode::OK | StatusCode::NOT_MODIFIED);
    let cache = if kept { "no-cache" } else { "no-store" };
    res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    Ok(res)
}

/// Finishes every answer: `charset=utf-8` on JSON, `Cache-Control: no-store` on API
/// answers that did not choose one, and `Connection: close` once the store takes no
/// more connections.
///
/// A store that stops lets the requests under way finish, but it would cut a kept
/// connection idle between them, and a load balancer that sent a POST down it as it
/// closed could not send it elsewhere (the store may have done it: a 502). Closed
/// after an answer instead, the balancer's next connection is refused before anything
/// is sent, and it sends that request to another replica, a POST too. Kept connections
/// stay kept until then: each new one in the last moments before the store stops
/// taking connections could be cut in the same way.
pub async fn finish(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let is_api = req.path() == "/api" || req.path().starts_with("/api/");
    let closing = req.app_data::<web::Data<Stopping>>().is_some_and(|s| s.closes_connections());
    let mut res = next.call(req).await?;
    if closing {
        res.response_mut().head_mut().set_connection_type(ConnectionType::Close);
    }
    let headers = res.headers_mut();
    if headers.get(header::CONTENT_TYPE).is_some_and(|v| v.as_bytes() == b"application/json") {
        headers.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json; charset=utf-8"));
    }
    if is_api && !headers.contains_key(header::CACHE_CONTROL) {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    Ok(res)
}

#[cfg(test)]
mod tests {
    use actix_web::http::header::CONNECTION;
    use actix_web::middleware::from_fn;
    use actix_web::test::{TestRequest, call_service, init_service};
    use actix_web::{App, HttpResponse};

    use super::*;

    #[actix_web::test]
    async fn once_the_store_takes_no_more_connections_each_answer_closes_its_own() {
        let stopping = web::Data::new(Stopping::default());
        let app = init_service(
            App::new()
                .app_data(stopping.clone())
                .wrap(from_fn(finish))
                .route("/", web::get().to(HttpResponse::Ok)),
        )
        .await;
        let res = call_service(&app, TestRequest::get().uri("/").to_request()).await;
        assert_eq!(res.response().head().connection_type(), ConnectionType::KeepAlive);
        stopping.begin(); // SIGTERM: the store serves on for its delay, keeping connections
        let res = call_service(&app, TestRequest::get().uri("/").to_request()).await;
        assert_eq!(res.response().head().connection_type(), ConnectionType::KeepAlive);
        stopping.close_connections();
        let res = call_service(&app, TestRequest::get().uri("/").to_request()).await;
        assert_eq!(res.response().head().connection_type(), ConnectionType::Close);
        assert!(res.headers().get(CONNECTION).is_none(), "actix writes the header itself");
    }

    #[test]
    fn with_stripe_the_policy_allows_stripe_js_its_frames_and_its_api_and_nothing_more() {
        assert_eq!(content_security_policy(None), CONTENT_SECURITY_POLICY);
        let live = content_security_policy(Some(&StripeKeys::new("sk", "pk", "whsec")));
        assert!(live.contains("script-src 'self' https://js.stripe.com;"), "{live}");
        assert!(live.contains("connect-src 'self' https://api.stripe.com;"), "{live}");
        assert!(live.contains("frame-src https://js.stripe.com https://hooks.stripe.com;"), "{live}");
        assert!(live.contains("default-src 'self';") && live.contains("frame-ancestors 'none'"), "{live}");
        let fake = StripeKeys {
            api_base: "http://127.0.0.1:9".into(),
            js_url: "http://127.0.0.1:9/v3/".into(),
            ..StripeKeys::new("sk", "pk", "whsec")
        };
        let local = content_security_policy(Some(&fake));
        assert!(local.contains("script-src 'self' http://127.0.0.1:9;"), "{local}");
        assert!(local.contains("frame-src http://127.0.0.1:9;"), "{local}");
    }
}
