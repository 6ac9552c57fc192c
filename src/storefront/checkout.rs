//! The checkout's page for the shopper signed in: its first screen drawn on the server
//! by the app's own render (`render.rs`), from that shopper's own answers, as a catalog
//! page is drawn from the catalog's. So the page shows their lines, address, delivery,
//! way to pay and total as it arrives, instead of after the app's code and its six
//! calls. The page is theirs alone: it is never kept, and the browser stores none of it.

use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse};
use std::sync::Arc;

use super::answers::{self, own};
use super::prerendered::First;
use super::routes::SCREENS;
use super::{HTML, Page, Parts, answers_json, origin, screen};
use crate::api::answer_cache::AnswerCache;
use crate::config::Demo;
use crate::db::Db;
use crate::domain::ShopperId;
use crate::encoding::Copies;
use crate::payments::Payments;

/// The page's address, as the app's router (web/src/lib/paths.ts) writes it.
pub const CHECKOUT: &str = "/checkout";

/// What the page is made from besides the parts every page has.
pub struct Shopper<'a> {
    pub id: ShopperId,
    pub demo: &'a Demo,
    pub payments: &'a Payments,
}

/// `/checkout` for `shopper`, drawn; `None` when there is nothing of theirs to draw (an
/// empty cart, which the app sends back to the cart page; a render that did not come),
/// and the page is then the one anyone gets.
pub async fn respond(
    req: &HttpRequest,
    db: &Db,
    cache: &AnswerCache,
    parts: &Parts<'_>,
    shopper: Shopper<'_>,
) -> Option<HttpResponse> {
    let id = shopper.id;
    let quote = own::quote(db, id).await?;
    if quote.status != StatusCode::OK {
        return None;
    }
    let checkout = SCREENS.iter().find(|screen| screen.path == CHECKOUT)?;
    let mut page: Page = screen(&origin(req), checkout);
    let (session, cart, favorites, addresses, methods, departments) = tokio::join!(
        own::session(db, shopper.demo, id),
        own::cart(db, cache, id),
        own::favorites(db, cache, id),
        own::addresses(db, id),
        own::shipping_methods(db),
        answers::departments(db, cache),
    );
    // The app draws the checkout from all of them or none.
    let ready = [session, cart, addresses, methods, own::payment_methods(shopper.payments), Some(quote)];
    if ready.iter().any(|answer| answer.as_ref().is_none_or(|a| a.status != StatusCode::OK)) {
        return None;
    }
    page.answers = ready.into_iter().chain([favorites, departments]).flatten().collect();
    let rendered = parts.renderer.render(checkout.path.to_string(), answers_json(&page.answers)).await?;
    page.first = First::Rendered(rendered.html);
    let html = Arc::new(Copies::new(page.render(parts).into()));
    let mut res = html.respond(req, StatusCode::OK, false, HTML).await.ok()?;
    res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    Some(res)
}
