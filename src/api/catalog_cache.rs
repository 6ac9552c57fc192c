//! The public catalog's answers, kept as the JSON bytes sent, so that a repeat costs
//! no query and no serializing.
//!
//! Departments, products and pictures never change while the server runs; what does
//! is a product's reviews and so its rating, which its own page, its reviews and its
//! department's page show. Every review write drops exactly those three answers,
//! after its transaction has committed (see `api/reviews.rs`).
//!
//! A read that began before such a write could still hold the old bytes when it comes
//! to store them; a generation number, moved on by every drop, makes it skip storing
//! instead. Changes made to `market.db` behind the server's back (by hand) are not
//! seen until it restarts.

use std::collections::HashMap;
use std::sync::RwLock;

use actix_web::HttpResponse;
use actix_web::http::header::ContentType;
use actix_web::web::Bytes;
use serde::Serialize;

use crate::db::Db;
use crate::db::rusqlite::Connection;
use crate::error::ApiError;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Answer {
    Departments,
    DepartmentProducts(i64),
    Product(i64),
    ProductReviews(i64),
}

#[derive(Default)]
pub struct CatalogCache {
    inner: RwLock<Inner>,
}

#[derive(Default)]
struct Inner {
    generation: u64,
    answers: HashMap<Answer, Bytes>,
}

impl CatalogCache {
    /// The answer's bytes, or the generation to hand back to [`CatalogCache::store`].
    fn get(&self, answer: Answer) -> Result<Bytes, u64> {
        let inner = self.inner.read().unwrap_or_else(|e| e.into_inner());
        inner.answers.get(&answer).cloned().ok_or(inner.generation)
    }

    /// Keeps `bytes` unless something was dropped since `generation` was handed out.
    fn store(&self, answer: Answer, generation: u64, bytes: Bytes) {
        let mut inner = self.inner.write().unwrap_or_else(|e| e.into_inner());
        if inner.generation == generation {
            inner.answers.insert(answer, bytes);
        }
    }

    /// A review of `product_id` (in `department_id`) was written, changed or deleted:
    /// its rating, its reviews and its department's cards may differ now.
    pub fn reviews_changed(&self, product_id: i64, department_id: i64) {
        let mut inner = self.inner.write().unwrap_or_else(|e| e.into_inner());
        inner.generation += 1;
        for answer in [
            Answer::Product(product_id),
            Answer::ProductReviews(product_id),
            Answer::DepartmentProducts(department_id),
        ] {
            inner.answers.remove(&answer);
        }
    }

    /// The cached answer, or `load`'s (serialized on the blocking pool, then kept);
    /// `None` from `load` is a 404 naming `what`, and is not kept.
    pub async fn answer<T, F>(
        &self,
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
            Ok(bytes) => return Ok(json(bytes)),
            Err(generation) => generation,
        };
        let bytes = db
            .read(move |c| match load(c)? {
                Some(value) => Ok(Some(serde_json::to_vec(&value).map_err(ApiError::internal)?)),
                None => Ok(None),
            })
            .await?
            .ok_or_else(|| ApiError::not_found(what))?;
        let bytes = Bytes::from(bytes);
        self.store(answer, generation, bytes.clone());
        Ok(json(bytes))
    }
}

fn json(bytes: Bytes) -> HttpResponse {
    HttpResponse::Ok().insert_header(ContentType::json()).body(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_review_write_drops_its_product_its_reviews_and_its_department_only() {
        let cache = CatalogCache::default();
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
            cache.store(answer, generation, Bytes::from_static(b"{}"));
        }
        cache.reviews_changed(51, 5);
        let kept: Vec<_> = all.into_iter().filter(|a| cache.get(*a).is_ok()).collect();
        assert_eq!(kept, [Answer::Departments, Answer::DepartmentProducts(6), Answer::Product(52)]);
    }

    #[test]
    fn bytes_read_before_a_drop_are_not_kept() {
        let cache = CatalogCache::default();
        let generation = cache.get(Answer::Product(51)).unwrap_err();
        cache.reviews_changed(51, 5);
        cache.store(Answer::Product(51), generation, Bytes::from_static(b"stale"));
        assert!(cache.get(Answer::Product(51)).is_err(), "the stale bytes were dropped on the floor");
    }
}
