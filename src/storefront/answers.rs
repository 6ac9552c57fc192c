//! The API answers a page first asks for, worked out by the same loads and kept in the
//! same answer cache as the API's own (`api::answer_cache`), by the address the app asks
//! for each at. The app takes each one once, instead of asking (web/src/api/firstAnswers.ts).

use actix_web::ResponseError;
use actix_web::body::MessageBody;
use actix_web::http::StatusCode;
use actix_web::web::Bytes;
use serde::Deserialize;

use crate::api::answer_cache::{Answer, AnswerCache};
use crate::api::{catalog, reviews, search};
use crate::db::Db;
use crate::domain::ProductId;
use crate::domain::Thing;
use crate::domain::listing::{listing_query, search_query};
use crate::error::ApiError;

/// One answer as the app would have had it: `GET url` answered `status` with `body`.
pub struct FirstAnswer {
    pub url: String,
    pub status: StatusCode,
    pub body: Bytes,
    /// The kept answer it is (`None`: a refusal, or a shopper's own answer): a page made
    /// of kept answers stays kept until one of them changes (`kept.rs`).
    pub kept: Option<Answer>,
}

impl FirstAnswer {
    /// The answer's JSON read as `T`, if it is a success.
    pub fn read<'a, T: Deserialize<'a>>(&'a self) -> Option<T> {
        if self.status != StatusCode::OK {
            return None;
        }
        serde_json::from_slice(&self.body).ok()
    }

    /// `url`'s answer; `None` when the store could not make it now (busy, broken), which
    /// the app will meet and tell for itself when it asks.
    fn of(url: String, answered: Result<Bytes, ApiError>) -> Option<FirstAnswer> {
        match answered {
            Ok(body) => Some(FirstAnswer { url, status: StatusCode::OK, body, kept: None }),
            Err(error) if error.status_code().is_client_error() => {
                let body = error.error_response().into_body().try_into_bytes().ok()?;
                Some(FirstAnswer { url, status: error.status_code(), body, kept: None })
            }
            Err(_) => None,
        }
    }

    /// As [`FirstAnswer::of`], for an answer the answer cache keeps as `answer`.
    fn kept(url: String, answer: Answer, answered: Result<Bytes, ApiError>) -> Option<FirstAnswer> {
        let kept = answered.is_ok().then_some(answer);
        Some(FirstAnswer { kept, ..FirstAnswer::of(url, answered)? })
    }
}

/// `GET /api/departments`.
pub async fn departments(db: &Db, cache: &AnswerCache) -> Option<FirstAnswer> {
    let answered = cache.json(Answer::Departments, Thing::Department, || catalog::load_departments(db)).await;
    FirstAnswer::kept("/api/departments".to_string(), Answer::Departments, answered)
}

/// `GET /api/departments/{id}/products?{query}`, the query as the address carries it.
pub async fn department_products(db: &Db, cache: &AnswerCache, id: i64, query: &str) -> Option<FirstAnswer> {
    let url = with_query(format!("/api/departments/{id}/products"), query);
    match listing_query(&params(query), false) {
        Ok(listing) => {
            let asked = Answer::DepartmentProducts(id, Box::new(listing.clone()));
            let load = || catalog::load_department_products(db, id, listing);
            FirstAnswer::kept(url, asked.clone(), cache.json(asked, Thing::Department, load).await)
        }
        Err(refused) => FirstAnswer::of(url, Err(refused.into())),
    }
}

/// `GET /api/products/{id}`.
pub async fn product(db: &Db, cache: &AnswerCache, id: i64) -> Option<FirstAnswer> {
    let asked = Answer::Product(ProductId(id));
    let answered =
        cache.json(asked.clone(), Thing::Product, || catalog::load_product(db, ProductId(id))).await;
    FirstAnswer::kept(format!("/api/products/{id}"), asked, answered)
}

/// `GET /api/products/{id}/reviews`.
pub async fn product_reviews(db: &Db, cache: &AnswerCache, id: i64) -> Option<FirstAnswer> {
    let asked = Answer::ProductReviews(ProductId(id));
    let load = || reviews::load_product_reviews(db, ProductId(id));
    let answered = cache.json(asked.clone(), Thing::Product, load).await;
    FirstAnswer::kept(format!("/api/products/{id}/reviews"), asked, answered)
}

/// `GET /api/search?{query}`.
pub async fn search(db: &Db, cache: &AnswerCache, query: &str) -> Option<FirstAnswer> {
    let url = with_query("/api/search".to_string(), query);
    match search_query(&params(query)) {
        Ok(asked) => {
            let answer = Answer::Search(Box::new(asked.clone()));
            let load = || search::load_search(db, asked);
            FirstAnswer::kept(url, answer.clone(), cache.json(answer, Thing::Department, load).await)
        }
        Err(refused) => FirstAnswer::of(url, Err(refused.into())),
    }
}

pub fn params(query: &str) -> Vec<(String, String)> {
    form_urlencoded::parse(query.as_bytes()).into_owned().collect()
}

fn with_query(path: String, query: &str) -> String {
    if query.is_empty() { path } else { format!("{path}?{query}") }
}

/// What a page reads of its answers for its head (title, description, JSON-LD, first
/// picture).
///
/// A product as its page's answer (`GET /api/products/{id}`) has it.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Product {
    pub id: i64,
    pub department_id: i64,
    pub name: String,
    pub brand: String,
    pub price: f64,
    pub description: String,
    pub avg_rating: f64,
    pub num_reviews: i64,
    pub stock: i64,
    #[serde(rename = "Department")]
    pub department: Named,
    #[serde(rename = "ProductImages")]
    pub images: Vec<Picture>,
    #[serde(default)]
    pub options: Vec<Named>,
    #[serde(default)]
    pub variants: Vec<Variant>,
}

/// A variant as a product's answer has it.
#[derive(Deserialize)]
pub struct Variant {
    pub id: i64,
    pub sku: String,
    pub options: std::collections::BTreeMap<String, String>,
    pub price: f64,
    pub stock: i64,
    pub image: Option<String>,
}

#[derive(Deserialize)]
pub struct Named {
    pub name: String,
}

#[derive(Deserialize)]
pub struct Picture {
    pub url: String,
}

/// A product card of a listing's answer: its picture, the page's first.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Card {
    pub preview_image: String,
}

/// A shopper's own answers, for a page only they see (`checkout.rs`): made from their
/// session, as the API makes each for them, and never kept in a page.
pub mod own {
    use serde::Serialize;

    use super::FirstAnswer;
    use crate::api::answer_cache::{Answer, AnswerCache};
    use crate::api::{addresses, cart, checkout, favorites, session};
    use crate::config::Demo;
    use crate::db::Db;
    use crate::domain::inputs::QuoteInput;
    use crate::domain::{ShopperId, Thing};
    use crate::error::ApiError;
    use crate::payments::Payments;

    /// The address of the quote's answer for no choice: the checkout's first `POST`.
    pub const QUOTE: &str = "/api/checkout/quote";

    fn json<T: Serialize>(url: &str, answered: Result<T, ApiError>) -> Option<FirstAnswer> {
        let body = answered.and_then(|answer| serde_json::to_vec(&answer).map_err(ApiError::internal));
        FirstAnswer::of(url.to_string(), body.map(Into::into))
    }

    /// `GET /api/session`.
    pub async fn session(db: &Db, demo: &Demo, shopper: ShopperId) -> Option<FirstAnswer> {
        json("/api/session", session::load_session(db, demo, Some(shopper)).await)
    }

    /// `GET /api/cart`, from the same per-shopper cache as the API's.
    pub async fn cart(db: &Db, cache: &AnswerCache, shopper: ShopperId) -> Option<FirstAnswer> {
        let answered =
            cache.json(Answer::Cart(shopper), Thing::CartLine, || cart::load_cart(db, shopper)).await;
        FirstAnswer::of("/api/cart".to_string(), answered)
    }

    /// `GET /api/favorites`, from the same per-shopper cache as the API's.
    pub async fn favorites(db: &Db, cache: &AnswerCache, shopper: ShopperId) -> Option<FirstAnswer> {
        let load = || favorites::load_favorites(db, shopper);
        let answered = cache.json(Answer::Favorites(shopper), Thing::Favorite, load).await;
        FirstAnswer::of("/api/favorites".to_string(), answered)
    }

    /// `GET /api/addresses`.
    pub async fn addresses(db: &Db, shopper: ShopperId) -> Option<FirstAnswer> {
        json("/api/addresses", addresses::load_addresses(db, shopper).await)
    }

    /// `GET /api/shipping-methods`.
    pub async fn shipping_methods(db: &Db) -> Option<FirstAnswer> {
        json("/api/shipping-methods", checkout::load_shipping_methods(db).await)
    }

    /// `GET /api/payment-methods`.
    pub fn payment_methods(payments: &Payments) -> Option<FirstAnswer> {
        json("/api/payment-methods", Ok(checkout::payment_methods(payments)))
    }

    /// `POST /api/checkout/quote {}`: the cart priced for the shopper's defaults.
    pub async fn quote(db: &Db, shopper: ShopperId) -> Option<FirstAnswer> {
        json(QUOTE, checkout::load_quote(db, shopper, QuoteInput::default()).await)
    }
}
