//! Pages kept as sent (with their compressed copies), by address, for as long as what
//! they were made of is unchanged: a page is made of answers the answer cache keeps, so
//! making it again would give the same bytes until one of those changes, and a busy
//! store would spend its time rendering, formatting and compressing the same HTML.
//!
//! A page is as fresh as its own answers, not as the whole catalog: a sale changes one
//! product's answer and its department's listings, and every other page stays kept.

use prometheus_client::metrics::counter::Counter;
use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use actix_web::http::StatusCode;
use actix_web::web::Bytes;

use super::answers::FirstAnswer;
use crate::api::answer_cache::{Answer, AnswerCache};
use crate::encoding::Copies;

/// At most this many pages of at most this many bytes in all (counted twice, for the
/// compressed copies, and with the answers they were made of) are kept; past either,
/// they are all dropped and made again.
const MAX_PAGES: usize = 2_048;
const MAX_BYTES: usize = 32 << 20;

/// A page as sent: its status and its HTML.
pub struct Sent {
    pub status: StatusCode,
    pub html: Arc<Copies>,
}

/// What a page was made of, and so until when it may be sent again.
pub enum MadeOf {
    /// Kept answers, as they were: fresh while the answer cache holds each of them so.
    Answers(Vec<(Answer, Bytes)>),
    /// Answers not all kept (a refusal is not): fresh while the catalog is at this
    /// version, read before the answers were.
    Catalog(u64),
}

impl MadeOf {
    /// What a page carrying `answers` is made of; `version` the catalog's before they
    /// were read.
    pub fn of(answers: &[FirstAnswer], version: u64) -> MadeOf {
        let kept: Option<Vec<(Answer, Bytes)>> =
            answers.iter().map(|answer| Some((answer.kept.clone()?, answer.body.clone()))).collect();
        kept.map_or(MadeOf::Catalog(version), MadeOf::Answers)
    }

    fn is_fresh(&self, cache: &AnswerCache) -> bool {
        match self {
            MadeOf::Answers(answers) => answers.iter().all(|(answer, body)| cache.holds(answer, body)),
            MadeOf::Catalog(version) => cache.catalog_version() == *version,
        }
    }

    fn weight(&self) -> usize {
        match self {
            MadeOf::Answers(answers) => answers.iter().map(|(_, body)| body.len()).sum(),
            MadeOf::Catalog(_) => 0,
        }
    }
}

struct Kept {
    sent: Arc<Sent>,
    made_of: MadeOf,
}

impl Kept {
    fn weight(&self) -> usize {
        self.sent.html.body().len() * 2 + self.made_of.weight()
    }
}

#[derive(Default)]
pub struct Pages {
    inner: RwLock<Inner>,
    /// Pages found kept, and pages that had to be made (`/metrics`).
    pub hits: Counter,
    pub misses: Counter,
}

#[derive(Default)]
struct Inner {
    pages: HashMap<String, Kept>,
    bytes: usize,
}

impl Pages {
    /// The page kept for `address`, if what it was made of is unchanged in `cache`.
    pub fn get(&self, address: &str, cache: &AnswerCache) -> Option<Arc<Sent>> {
        let inner = self.inner.read().unwrap_or_else(|e| e.into_inner());
        let kept = inner
            .pages
            .get(address)
            .filter(|kept| cache.serves_request() && kept.made_of.is_fresh(cache))
            .map(|kept| kept.sent.clone());
        if kept.is_some() {
            self.hits.inc()
        } else {
            self.misses.inc()
        };
        kept
    }

    /// Keeps a page made of `made_of`, unless that changed while it was made (then the
    /// next request makes it again).
    pub fn keep(
        &self,
        address: String,
        made_of: MadeOf,
        cache: &AnswerCache,
        status: StatusCode,
        html: String,
    ) -> Arc<Sent> {
        let sent = Arc::new(Sent { status, html: Arc::new(Copies::new(Bytes::from(html))) });
        if !made_of.is_fresh(cache) {
            return sent;
        }
        let kept = Kept { sent: sent.clone(), made_of };
        let weight = kept.weight();
        let mut inner = self.inner.write().unwrap_or_else(|e| e.into_inner());
        if inner.pages.len() >= MAX_PAGES || inner.bytes + weight > MAX_BYTES {
            inner.pages.clear();
            inner.bytes = 0;
        }
        if let Some(old) = inner.pages.insert(address, kept) {
            inner.bytes -= old.weight();
        }
        inner.bytes += weight;
        sent
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::{Change, Topic};
    use crate::domain::{ProductId, Thing};
    use crate::error::ApiError;

    /// `answer` kept in `cache` with `json`, as a page's first answer.
    async fn answered(cache: &AnswerCache, answer: Answer, json: &str) -> FirstAnswer {
        let value: serde_json::Value = serde_json::from_str(json).unwrap();
        let load = || async { Ok::<_, ApiError>(Some(value)) };
        let body = cache.json(answer.clone(), Thing::Product, load).await.unwrap();
        FirstAnswer { url: String::new(), status: StatusCode::OK, body, kept: Some(answer) }
    }

    fn change(cache: &AnswerCache, topic: Topic, key: i64) {
        cache.apply(&[Change { version: 1, topic, key }]);
    }

    fn page(pages: &Pages, cache: &AnswerCache, address: &str, answers: &[FirstAnswer]) {
        let made_of = MadeOf::of(answers, cache.catalog_version());
        pages.keep(address.into(), made_of, cache, StatusCode::OK, address.into());
    }

    #[actix_web::test]
    async fn a_page_is_kept_until_an_answer_it_was_made_of_changes() {
        let (cache, pages) = (AnswerCache::default(), Pages::default());
        let one = answered(&cache, Answer::Product(ProductId(1)), r#"{"stock":3}"#).await;
        let two = answered(&cache, Answer::Product(ProductId(2)), r#"{"stock":3}"#).await;
        page(&pages, &cache, "/1", &[one]);
        page(&pages, &cache, "/2", &[two]);
        assert!(pages.get("/1", &cache).is_some());

        change(&cache, Topic::Stock, 1);
        assert!(pages.get("/1", &cache).is_none(), "its product sold: made again");
        assert!(pages.get("/2", &cache).is_some(), "another product's sale leaves it kept");

        // Made again from the new answer, it is kept again.
        let one = answered(&cache, Answer::Product(ProductId(1)), r#"{"stock":2}"#).await;
        page(&pages, &cache, "/1", &[one]);
        assert_eq!(&pages.get("/1", &cache).unwrap().html.body()[..], b"/1");
    }

    #[actix_web::test]
    async fn a_page_made_from_an_answer_that_changed_meanwhile_is_not_kept() {
        let (cache, pages) = (AnswerCache::default(), Pages::default());
        let one = answered(&cache, Answer::Product(ProductId(1)), r#"{"stock":3}"#).await;
        change(&cache, Topic::Product, 1);
        page(&pages, &cache, "/1", &[one]);
        assert!(pages.get("/1", &cache).is_none());
    }

    #[actix_web::test]
    async fn a_page_carrying_a_refusal_is_kept_until_the_catalog_changes() {
        let (cache, pages) = (AnswerCache::default(), Pages::default());
        let refused =
            FirstAnswer { url: String::new(), status: StatusCode::NOT_FOUND, body: Bytes::new(), kept: None };
        page(&pages, &cache, "/gone", &[refused]);
        assert!(pages.get("/gone", &cache).is_some());
        change(&cache, Topic::Department, 9);
        assert!(pages.get("/gone", &cache).is_none(), "the product may be back");
    }

    #[actix_web::test]
    async fn pages_are_bounded() {
        let (cache, pages) = (AnswerCache::default(), Pages::default());
        for i in 0..=MAX_PAGES {
            page(&pages, &cache, &format!("/{i}"), &[]);
        }
        let inner = pages.inner.read().unwrap();
        assert_eq!(inner.pages.len(), 1, "all dropped when full, then the new one kept");
        assert_eq!(inner.bytes, format!("/{MAX_PAGES}").len() * 2);
    }
}
