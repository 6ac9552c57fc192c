//! Answers kept as the JSON bytes sent, so that a repeat costs no query and no
//! serializing: the public catalog's, and each shopper's cart and favorites.
//!
//! Departments, products and pictures never change while the server runs; what does
//! is a product's reviews and so its rating, which its own page, its reviews and its
//! department's page show, and every favorites list that holds it. Every review write
//! drops exactly those answers, after its transaction has committed (`api/reviews.rs`);
//! a shopper's cart is dropped by their cart writes and orders, their favorites by
//! their favorites writes.
//!
//! A read that began before such a write could still hold the old bytes when it comes
//! to store them; a generation number, moved on by every drop, makes it skip storing
//! instead. Changes made to `market.db` behind the server's back (by hand) are not
//! seen until it restarts.

use std::collections::HashMap;
use std::sync::{Arc, OnceLock, RwLock};

use actix_web::http::header::{self, HeaderValue};
use actix_web::web::{self, Bytes};
use actix_web::{HttpRequest, HttpResponse};
use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::db::Db;
use crate::db::rusqlite::Connection;
use crate::encoding::{self, Coding};
use crate::error::ApiError;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Answer {
    Departments,
    DepartmentProducts(i64),
    Product(i64),
    ProductReviews(i64),
    /// A shopper's, by user id.
    Cart(i64),
    Favorites(i64),
}

impl Answer {
    fn is_shoppers(self) -> bool {
        matches!(self, Answer::Cart(_) | Answer::Favorites(_))
    }
}

/// At most this many shoppers' answers are kept; past that they are all dropped.
const MAX_SHOPPER_ANSWERS: usize = 10_000;

#[derive(Default)]
pub struct AnswerCache {
    inner: RwLock<Inner>,
}

#[derive(Default)]
struct Inner {
    generation: u64,
    answers: HashMap<Answer, Arc<Kept>>,
    shopper_answers: usize,
}

impl Inner {
    fn drop_where(&mut self, dropped: impl Fn(Answer) -> bool) {
        self.generation += 1;
        self.answers.retain(|answer, _| !dropped(*answer));
        self.shopper_answers = self.answers.keys().filter(|a| a.is_shoppers()).count();
    }
}

/// One answer's JSON, its entity tag, and its compressed copies once made.
#[derive(Debug)]
struct Kept {
    json: Bytes,
    /// The hash of `json`, which each representation's entity tag is made of.
    hash: String,
    brotli: OnceLock<Bytes>,
    gzip: OnceLock<Bytes>,
}

impl Kept {
    fn new(json: Bytes) -> Self {
        let digest = Sha256::digest(&json);
        let hash = digest[..12].iter().map(|b| format!("{b:02x}")).collect();
        Kept { json, hash, brotli: OnceLock::new(), gzip: OnceLock::new() }
    }

    fn copy(&self, coding: Coding) -> &OnceLock<Bytes> {
        match coding {
            Coding::Brotli => &self.brotli,
            Coding::Gzip => &self.gzip,
        }
    }

    /// Each representation has its own strong tag, as RFC 9110 8.8.3 asks.
    fn etag(&self, coding: Option<Coding>) -> String {
        match coding {
            None => format!("\"{}\"", self.hash),
            Some(coding) => format!("\"{}-{}\"", self.hash, coding.token()),
        }
    }

    /// The answer as `req` is best sent: a 304 if it already holds this representation,
    /// else the bytes in the best coding it accepts (compressed now, off the async
    /// threads, if this is the first client to ask for that coding).
    async fn respond(self: Arc<Self>, req: &HttpRequest) -> Result<HttpResponse, ApiError> {
        let coding = encoding::negotiate(req);
        let etag = self.etag(coding);
        let unchanged = holds(req, &etag);
        let mut res = if unchanged { HttpResponse::NotModified() } else { HttpResponse::Ok() };
        res.insert_header((header::ETAG, etag)).insert_header((header::VARY, "accept-encoding"));
        if unchanged {
            return Ok(res.finish());
        }
        let body = match coding {
            None => self.json.clone(),
            Some(coding) => {
                res.insert_header(coding.content_encoding());
                match self.copy(coding).get() {
                    Some(bytes) => bytes.clone(),
                    None => {
                        let kept = self.clone();
                        let bytes = web::block(move || Bytes::from(coding.compress(&kept.json)))
                            .await
                            .map_err(ApiError::internal)?;
                        self.copy(coding).get_or_init(|| bytes).clone()
                    }
                }
            }
        };
        Ok(res.insert_header((header::CONTENT_TYPE, JSON)).body(body))
    }
}

/// As `headers::finish` would set it; set here so it has nothing to rewrite.
const JSON: HeaderValue = HeaderValue::from_static("application/json; charset=utf-8");

/// Whether `If-None-Match` names `etag` (or is `*`).
fn holds(req: &HttpRequest, etag: &str) -> bool {
    req.headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim().trim_start_matches("W/") == etag || t.trim() == "*"))
}

impl AnswerCache {
    /// The kept answer, or the generation to hand back to [`AnswerCache::store`].
    fn get(&self, answer: Answer) -> Result<Arc<Kept>, u64> {
        let inner = self.inner.read().unwrap_or_else(|e| e.into_inner());
        inner.answers.get(&answer).cloned().ok_or(inner.generation)
    }

    /// Keeps `kept` unless something was dropped since `generation` was handed out.
    fn store(&self, answer: Answer, generation: u64, kept: Arc<Kept>) {
        let mut inner = self.inner.write().unwrap_or_else(|e| e.into_inner());
        if inner.generation != generation {
            return;
        }
        if answer.is_shoppers() {
            if inner.shopper_answers >= MAX_SHOPPER_ANSWERS {
                inner.drop_where(Answer::is_shoppers);
            }
            inner.shopper_answers += 1;
        }
        if inner.answers.insert(answer, kept).is_some() && answer.is_shoppers() {
            inner.shopper_answers -= 1;
        }
    }

    fn drop_where(&self, dropped: impl Fn(Answer) -> bool) {
        self.inner.write().unwrap_or_else(|e| e.into_inner()).drop_where(dropped);
    }

    /// A review of `product_id` (in `department_id`) was written, changed or deleted:
    /// its rating, its reviews, its department's cards and favorites lists (which show
    /// ratings too) may differ now.
    pub fn reviews_changed(&self, product_id: i64, department_id: i64) {
        self.drop_where(|answer| {
            answer == Answer::Product(product_id)
                || answer == Answer::ProductReviews(product_id)
                || answer == Answer::DepartmentProducts(department_id)
                || matches!(answer, Answer::Favorites(_))
        });
    }

    /// The shopper's cart changed (a line added or removed, an order placed).
    pub fn cart_changed(&self, user_id: i64) {
        self.drop_where(|answer| answer == Answer::Cart(user_id));
    }

    pub fn favorites_changed(&self, user_id: i64) {
        self.drop_where(|answer| answer == Answer::Favorites(user_id));
    }

    /// The kept answer, or `load`'s (serialized on the blocking pool, then kept), as
    /// `req` is best sent; `None` from `load` is a 404 naming `what`, and is not kept.
    /// A shopper's answer must only ever be asked for with that shopper's own id.
    pub async fn answer<T, F>(
        &self,
        req: &HttpRequest,
        db: &Db,
        answer: Answer,
        what: &str,
        load: F,
    ) -> Result<HttpResponse, ApiError>
    where
        T: Serialize,
        F: FnOnce(&Connection) -> Result<Option<T>, ApiError> + Send + 'static,
    {
        let generation = match self.get(answer) {
            Ok(kept) => return kept.respond(req).await,
            Err(generation) => generation,
        };
        let json = db
            .read(move |c| match load(c)? {
                Some(value) => Ok(Some(serde_json::to_vec(&value).map_err(ApiError::internal)?)),
                None => Ok(None),
            })
            .await?
            .ok_or_else(|| ApiError::not_found(what))?;
        let kept = Arc::new(Kept::new(Bytes::from(json)));
        self.store(answer, generation, kept.clone());
        kept.respond(req).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept(json: &'static [u8]) -> Arc<Kept> {
        Arc::new(Kept::new(Bytes::from_static(json)))
    }

    #[test]
    fn a_review_write_drops_its_product_its_reviews_and_its_department_only() {
        let cache = AnswerCache::default();
        let all = [
            Answer::Departments,
            Answer::DepartmentProducts(5),
            Answer::DepartmentProducts(6),
            Answer::Product(51),
            Answer::Product(52),
            Answer::ProductReviews(51),
        ];
        for answer in all {
            let generation = cache.get(answer).unwrap_err();
            cache.store(answer, generation, kept(b"{}"));
        }
        cache.reviews_changed(51, 5);
        let kept: Vec<_> = all.into_iter().filter(|a| cache.get(*a).is_ok()).collect();
        assert_eq!(kept, [Answer::Departments, Answer::DepartmentProducts(6), Answer::Product(52)]);
    }

    #[test]
    fn a_shoppers_writes_drop_their_own_answers_and_review_writes_every_favorites_list() {
        let cache = AnswerCache::default();
        let all = [
            Answer::Cart(1),
            Answer::Cart(2),
            Answer::Favorites(1),
            Answer::Favorites(2),
            Answer::Departments,
        ];
        let fill = |cache: &AnswerCache| {
            for answer in all {
                if let Err(generation) = cache.get(answer) {
                    cache.store(answer, generation, kept(b"{}"));
                }
            }
        };
        let kept =
            |cache: &AnswerCache| all.into_iter().filter(|a| cache.get(*a).is_ok()).collect::<Vec<_>>();
        fill(&cache);
        cache.cart_changed(1);
        assert_eq!(
            kept(&cache),
            [Answer::Cart(2), Answer::Favorites(1), Answer::Favorites(2), Answer::Departments]
        );
        cache.favorites_changed(2);
        assert_eq!(kept(&cache), [Answer::Cart(2), Answer::Favorites(1), Answer::Departments]);
        fill(&cache);
        cache.reviews_changed(51, 5);
        assert_eq!(kept(&cache), [Answer::Cart(1), Answer::Cart(2), Answer::Departments]);
    }

    #[test]
    fn shoppers_answers_are_bounded() {
        let cache = AnswerCache::default();
        for user in 0..(MAX_SHOPPER_ANSWERS as i64 + 5) {
            let generation = cache.get(Answer::Cart(user)).unwrap_err();
            cache.store(Answer::Cart(user), generation, kept(b"{}"));
        }
        let inner = cache.inner.read().unwrap();
        assert!(inner.answers.len() <= MAX_SHOPPER_ANSWERS, "{}", inner.answers.len());
        assert_eq!(inner.shopper_answers, inner.answers.len());
    }

    #[test]
    fn bytes_read_before_a_drop_are_not_kept() {
        let cache = AnswerCache::default();
        let generation = cache.get(Answer::Product(51)).unwrap_err();
        cache.reviews_changed(51, 5);
        cache.store(Answer::Product(51), generation, kept(b"stale"));
        assert!(cache.get(Answer::Product(51)).is_err(), "the stale bytes were dropped on the floor");
    }
}
