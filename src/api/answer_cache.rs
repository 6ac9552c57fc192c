//! Answers kept as the JSON bytes sent, so that a repeat costs no query and no
//! serializing: the public catalog's, and each shopper's cart and favorites.
//!
//! Nothing here knows which write changes which answer. The database says it: its
//! triggers log every change a write makes (`db/changes.rs`), and [`AnswerCache::apply`]
//! is the one place that turns those changes into dropped answers. A read that began
//! before a change was applied could still hold the old bytes when it comes to keep
//! them, so it keeps them only if no change was applied meanwhile: the cache counts the
//! batches of changes it applied (its generation), rather than trusting the log's ids to
//! arrive in order, which PostgreSQL's do not (docs/architecture.md#caches).
//!
//! The public catalog's answers carry an entity tag per representation and answer a
//! matching `If-None-Match` with 304. A shopper's answers are sent `no-store`, so they
//! carry no validator.

use prometheus_client::metrics::counter::Counter;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};

use actix_web::http::StatusCode;
use actix_web::http::header::HeaderValue;
use actix_web::web::Bytes;
use actix_web::{HttpRequest, HttpResponse};
use serde::Serialize;

use crate::db::read_your_writes::Horizon;
use crate::db::{Change, Listener, Topic};
use crate::domain::listing::{ListingQuery, SearchQuery};
use crate::domain::{ProductId, Rejection, ShopperId, Thing};
use crate::encoding::Copies;
use crate::error::ApiError;

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Answer {
    Departments,
    /// A page of a department's products, as a query asks for it.
    DepartmentProducts(i64, Box<ListingQuery>),
    Search(Box<SearchQuery>),
    /// Suggestions for the typed words, folded.
    Suggestions(Box<[String]>),
    Product(ProductId),
    ProductReviews(ProductId),
    /// A shopper's.
    Cart(ShopperId),
    Favorites(ShopperId),
}

impl Answer {
    fn is_shoppers(&self) -> bool {
        matches!(self, Answer::Cart(_) | Answer::Favorites(_))
    }

    /// One of the answers there is one of per distinct query: as many as shoppers
    /// can think of, so they are bounded.
    fn is_query(&self) -> bool {
        matches!(self, Answer::DepartmentProducts(..) | Answer::Search(_) | Answer::Suggestions(_))
    }
}

/// What an answer counts against [`MAX_QUERY_BYTES`]: its JSON, and as much again for
/// its compressed copies.
fn weight(kept: &Copies) -> usize {
    kept.body().len() * 2
}

/// As `headers::finish` would set it; set here so it has nothing to rewrite.
const JSON: HeaderValue = HeaderValue::from_static("application/json; charset=utf-8");

/// At most this many shoppers' answers are kept; past that they are all dropped.
const MAX_SHOPPER_ANSWERS: usize = 10_000;
/// At most this many query answers, of at most this many bytes in all (their JSON,
/// counted twice for the compressed copies), are kept; past either, they are all
/// dropped and the next requests make them again.
const MAX_QUERY_ANSWERS: usize = 4_096;
const MAX_QUERY_BYTES: usize = 48 << 20;

pub struct AnswerCache {
    inner: RwLock<Inner>,
    /// When other servers write to the same database: how far this one has applied
    /// their changes. A request whose shopper wrote past it (through another server, a
    /// moment ago) is answered from the database, not from what is kept
    /// (`db/read_your_writes.rs`).
    horizon: Option<Arc<Horizon>>,
    /// One turnstile per answer being loaded, so that many requests missing the same
    /// answer at once load it once: the first loads, the others wait and find it kept.
    loading: Mutex<HashMap<Answer, Arc<tokio::sync::Mutex<()>>>>,
    /// Moves on with every change to the public catalog (not a shopper's cart or
    /// favorites): what is made of its answers (`storefront`'s pages) is as old as this.
    catalog_version: AtomicU64,
    /// Answers found kept, and answers that had to be loaded (`/metrics`).
    pub hits: Counter,
    pub misses: Counter,
}

struct Inner {
    /// How many batches of changes were applied.
    generation: i64,
    answers: HashMap<Answer, Arc<Copies>>,
    shopper_answers: usize,
    query_answers: usize,
    query_bytes: usize,
}

impl Inner {
    fn remove(&mut self, answer: &Answer) {
        if let Some(kept) = self.answers.remove(answer) {
            self.forget(answer, &kept);
        }
    }

    /// Takes a removed answer out of the counts.
    fn forget(&mut self, answer: &Answer, kept: &Copies) {
        if answer.is_shoppers() {
            self.shopper_answers -= 1;
        } else if answer.is_query() {
            self.query_answers -= 1;
            self.query_bytes -= weight(kept);
        }
    }

    /// Drops the answers `drop` picks, keeping the counts right.
    fn drop_where(&mut self, drop: impl Fn(&Answer) -> bool) {
        let mut dropped = Vec::new();
        self.answers.retain(|answer, kept| {
            let keep = !drop(answer);
            if !keep {
                dropped.push((answer.is_shoppers(), answer.is_query(), weight(kept)));
            }
            keep
        });
        for (shoppers, query, weight) in dropped {
            if shoppers {
                self.shopper_answers -= 1;
            } else if query {
                self.query_answers -= 1;
                self.query_bytes -= weight;
            }
        }
    }
}

impl Default for AnswerCache {
    fn default() -> Self {
        Self::new(None)
    }
}

impl AnswerCache {
    /// An empty cache; `horizon` as the field says (`Db::horizon`).
    pub fn new(horizon: Option<Arc<Horizon>>) -> Self {
        AnswerCache {
            horizon,
            inner: RwLock::new(Inner {
                generation: 0,
                answers: HashMap::new(),
                shopper_answers: 0,
                query_answers: 0,
                query_bytes: 0,
            }),
            loading: Mutex::new(HashMap::new()),
            catalog_version: AtomicU64::new(0),
            hits: Counter::default(),
            misses: Counter::default(),
        }
    }

    /// Whether what is kept may answer the current request (see the `horizon` field).
    pub fn serves_request(&self) -> bool {
        self.horizon.as_ref().is_none_or(|horizon| horizon.serves_request())
    }

    /// See [`AnswerCache::catalog_version`]'s field: compare two readings to learn
    /// whether the catalog changed in between.
    pub fn catalog_version(&self) -> u64 {
        self.catalog_version.load(Ordering::Acquire)
    }

    /// What the database hands over after each write (`Db::listen`).
    pub fn listener(self: &Arc<Self>) -> Listener {
        let cache = Arc::downgrade(self);
        Arc::new(move |changes: &[Change]| {
            if let Some(cache) = cache.upgrade() {
                cache.apply(changes);
            }
        })
    }

    /// The one place that turns the database's changes into dropped answers. A
    /// product's change (its rating, when a review changes; its stock, when a sale
    /// does) drops its page and every search, since any could show its card; a
    /// department's, each of its pages.
    pub fn apply(&self, changes: &[Change]) {
        if changes.is_empty() {
            return;
        }
        let mut inner = self.inner.write().unwrap_or_else(|e| e.into_inner());
        let mut departments = Vec::new();
        let mut searches = false;
        let mut catalog = false;
        for change in changes {
            catalog |= !matches!(change.topic, Topic::Cart | Topic::Favorites | Topic::Session);
            let answer = match change.topic {
                Topic::Session => continue,
                Topic::Everything => {
                    inner.drop_where(|_| true);
                    continue;
                }
                Topic::Cart => Answer::Cart(ShopperId(change.key)),
                Topic::Favorites => Answer::Favorites(ShopperId(change.key)),
                Topic::Product | Topic::Stock => {
                    searches = true;
                    Answer::Product(ProductId(change.key))
                }
                Topic::Reviews => Answer::ProductReviews(ProductId(change.key)),
                Topic::Department | Topic::DepartmentStock => {
                    departments.push(change.key);
                    continue;
                }
            };
            inner.remove(&answer);
        }
        if searches || !departments.is_empty() {
            inner.drop_where(|answer| match answer {
                Answer::DepartmentProducts(id, _) => departments.contains(id),
                Answer::Search(_) => searches,
                _ => false,
            });
        }
        inner.generation += 1;
        if catalog {
            // Under the write lock, after the answers went: a page made from answers read
            // before this point is dropped by a reader who sees the new number.
            self.catalog_version.fetch_add(1, Ordering::AcqRel);
        }
    }

    /// Whether `answer` is kept and is `body`: what was made of it (a page) is still
    /// what would be made now.
    pub fn holds(&self, answer: &Answer, body: &Bytes) -> bool {
        let inner = self.inner.read().unwrap_or_else(|e| e.into_inner());
        inner.answers.get(answer).is_some_and(|kept| kept.body() == body)
    }

    /// The kept answer, or the generation to hand back to [`AnswerCache::store`].
    fn get(&self, answer: &Answer) -> Result<Arc<Copies>, i64> {
        let inner = self.inner.read().unwrap_or_else(|e| e.into_inner());
        inner.answers.get(answer).cloned().ok_or(inner.generation)
    }

    /// Keeps `kept` unless a change was applied since `generation` was handed out.
    fn store(&self, answer: Answer, generation: i64, kept: Arc<Copies>) {
        let mut inner = self.inner.write().unwrap_or_else(|e| e.into_inner());
        if inner.generation != generation {
            return;
        }
        inner.remove(&answer);
        if answer.is_shoppers() {
            if inner.shopper_answers >= MAX_SHOPPER_ANSWERS {
                inner.drop_where(Answer::is_shoppers);
            }
            inner.shopper_answers += 1;
        } else if answer.is_query() {
            if inner.query_answers >= MAX_QUERY_ANSWERS || inner.query_bytes + weight(&kept) > MAX_QUERY_BYTES
            {
                inner.drop_where(Answer::is_query);
            }
            inner.query_answers += 1;
            inner.query_bytes += weight(&kept);
        }
        inner.answers.insert(answer, kept);
    }

    /// The kept answer, or `load`'s (then kept), as `req` is best sent; `None` from
    /// `load` is a 404 naming `missing`, and is not kept. A shopper's answer must only
    /// ever be asked for with that shopper's own id.
    pub async fn answer<T, F, Fut>(
        &self,
        req: &HttpRequest,
        answer: Answer,
        missing: Thing,
        load: F,
    ) -> Result<HttpResponse, ApiError>
    where
        T: Serialize,
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<Option<T>, ApiError>>,
    {
        let validated = !answer.is_shoppers();
        self.kept(answer, missing, load)
            .await?
            .respond(req, StatusCode::OK, validated, JSON)
            .await
            .map_err(ApiError::internal)
    }

    /// The kept answer's JSON, or `load`'s (then kept), for a page that carries the
    /// answers it first needs (`storefront`); errors as [`AnswerCache::answer`]'s.
    pub async fn json<T, F, Fut>(&self, answer: Answer, missing: Thing, load: F) -> Result<Bytes, ApiError>
    where
        T: Serialize,
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<Option<T>, ApiError>>,
    {
        Ok(self.kept(answer, missing, load).await?.body().clone())
    }

    async fn kept<T, F, Fut>(&self, answer: Answer, missing: Thing, load: F) -> Result<Arc<Copies>, ApiError>
    where
        T: Serialize,
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<Option<T>, ApiError>>,
    {
        if !self.serves_request() {
            // Read afresh (and kept, unless a change came meanwhile).
            self.misses.inc();
            let generation = self.inner.read().unwrap_or_else(|e| e.into_inner()).generation;
            return self.load(answer, generation, missing, load).await;
        }
        if let Ok(kept) = self.get(&answer) {
            self.hits.inc();
            return Ok(kept);
        }
        self.misses.inc();
        let gate = Gate::enter(self, &answer);
        let turn = gate.turnstile.lock().await;
        let loaded = match self.get(&answer) {
            Ok(kept) => Ok(kept),
            Err(version) => self.load(answer.clone(), version, missing, load).await,
        };
        drop(turn);
        drop(gate);
        loaded
    }

    async fn load<T, F, Fut>(
        &self,
        answer: Answer,
        version: i64,
        missing: Thing,
        load: F,
    ) -> Result<Arc<Copies>, ApiError>
    where
        T: Serialize,
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<Option<T>, ApiError>>,
    {
        let value = load().await?.ok_or(Rejection::NotFound(missing))?;
        let json = serde_json::to_vec(&value).map_err(ApiError::internal)?;
        let kept = Arc::new(Copies::new(Bytes::from(json)));
        self.store(answer, version, kept.clone());
        Ok(kept)
    }
}

/// A place in line to load one answer; leaving (even by a request given up halfway)
/// takes the turnstile away if nobody else is in line.
struct Gate<'a> {
    cache: &'a AnswerCache,
    answer: &'a Answer,
    turnstile: Arc<tokio::sync::Mutex<()>>,
}

impl<'a> Gate<'a> {
    fn enter(cache: &'a AnswerCache, answer: &'a Answer) -> Self {
        let mut loading = cache.loading.lock().unwrap_or_else(|e| e.into_inner());
        let turnstile = loading.entry(answer.clone()).or_default().clone();
        Gate { cache, answer, turnstile }
    }
}

impl Drop for Gate<'_> {
    fn drop(&mut self) {
        let mut loading = self.cache.loading.lock().unwrap_or_else(|e| e.into_inner());
        // Held by the map and by this gate only: nobody else is in line.
        if Arc::strong_count(&self.turnstile) == 2 {
            loading.remove(self.answer);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::listing::Sort;

    fn kept(json: &'static [u8]) -> Arc<Copies> {
        Arc::new(Copies::new(Bytes::from_static(json)))
    }

    fn fill(cache: &AnswerCache, answers: &[Answer]) {
        for answer in answers {
            if let Err(version) = cache.get(answer) {
                cache.store(answer.clone(), version, kept(b"{}"));
            }
        }
    }

    fn kept_of(cache: &AnswerCache, answers: &[Answer]) -> Vec<Answer> {
        answers.iter().filter(|a| cache.get(a).is_ok()).cloned().collect()
    }

    fn change(version: i64, topic: Topic, key: i64) -> Change {
        Change { version, topic, key }
    }

    fn department(id: i64, sort: Sort) -> Answer {
        Answer::DepartmentProducts(id, Box::new(ListingQuery { sort, ..ListingQuery::featured() }))
    }

    fn search(word: &str) -> Answer {
        let words = vec![word.to_string()];
        Answer::Search(Box::new(SearchQuery { words, department: None, listing: ListingQuery::featured() }))
    }

    #[test]
    fn each_change_drops_exactly_its_answer() {
        let cache = AnswerCache::default();
        let all = [
            Answer::Departments,
            department(5, Sort::Featured),
            department(6, Sort::Featured),
            Answer::Product(ProductId(51)),
            Answer::Product(ProductId(52)),
            Answer::ProductReviews(ProductId(51)),
            Answer::Cart(ShopperId(1)),
            Answer::Cart(ShopperId(2)),
            Answer::Favorites(ShopperId(1)),
            Answer::Favorites(ShopperId(2)),
        ];
        fill(&cache, &all);
        cache.apply(&[
            change(1, Topic::Product, 51),
            change(2, Topic::Reviews, 51),
            change(3, Topic::Department, 5),
            change(4, Topic::Cart, 1),
            change(5, Topic::Favorites, 2),
        ]);
        assert_eq!(
            kept_of(&cache, &all),
            [
                Answer::Departments,
                department(6, Sort::Featured),
                Answer::Product(ProductId(52)),
                Answer::Cart(ShopperId(2)),
                Answer::Favorites(ShopperId(1))
            ]
        );
    }

    #[test]
    fn starting_the_log_again_drops_every_answer_and_bumps_the_catalog() {
        let cache = AnswerCache::default();
        let all =
            [Answer::Departments, department(5, Sort::Featured), search("lamp"), Answer::Cart(ShopperId(1))];
        fill(&cache, &all);
        let before = cache.catalog_version();
        cache.apply(&[change(9, Topic::Everything, 0)]);
        assert_eq!(kept_of(&cache, &all), []);
        assert!(cache.catalog_version() > before, "pages made from the old answers go too");
    }

    /// Beside other servers, a request that brings a token past what this server has
    /// applied (its shopper wrote through another a moment ago) is answered afresh; the
    /// others, and it too once the log is applied that far, from what is kept.
    #[actix_web::test]
    async fn beside_other_servers_a_request_past_the_horizon_is_answered_afresh() {
        use crate::db::read_your_writes::answering;
        let horizon = Arc::new(Horizon::default());
        let cache = AnswerCache::new(Some(horizon.clone()));
        let ask = |body: &'static str| {
            cache.json(Answer::Cart(ShopperId(1)), Thing::CartLine, move || async move {
                Ok::<_, ApiError>(Some(body))
            })
        };
        assert_eq!(ask("old").await.unwrap(), "\"old\"");
        assert_eq!(ask("new").await.unwrap(), "\"old\"", "kept");
        let (answer, _) = answering(7, ask("new")).await;
        assert_eq!(answer.unwrap(), "\"new\"", "read afresh past the horizon");
        assert_eq!(ask("newer").await.unwrap(), "\"new\"", "and kept");
        horizon.applied(0, [7].into_iter());
        let (answer, _) = answering(7, ask("newest")).await;
        assert_eq!(answer.unwrap(), "\"new\"", "from what is kept once the log is applied");
    }

    #[test]
    fn shoppers_answers_are_bounded() {
        let cache = AnswerCache::default();
        for user in 0..(MAX_SHOPPER_ANSWERS as i64 + 5) {
            let version = cache.get(&Answer::Cart(ShopperId(user))).unwrap_err();
            cache.store(Answer::Cart(ShopperId(user)), version, kept(b"{}"));
        }
        let inner = cache.inner.read().unwrap();
        assert!(inner.answers.len() <= MAX_SHOPPER_ANSWERS, "{}", inner.answers.len());
        assert_eq!(inner.shopper_answers, inner.answers.len());
    }

    #[test]
    fn bytes_read_before_a_change_was_applied_are_not_kept() {
        let cache = AnswerCache::default();
        cache.apply(&[change(8, Topic::Product, 51)]);
        let generation = cache.get(&Answer::Product(ProductId(51))).unwrap_err();
        // A change that committed late, with a lower id than one applied before it (as
        // PostgreSQL's can): still a change.
        cache.apply(&[change(7, Topic::Product, 51)]);
        cache.store(Answer::Product(ProductId(51)), generation, kept(b"stale"));
        assert!(
            cache.get(&Answer::Product(ProductId(51))).is_err(),
            "the stale bytes were dropped on the floor"
        );
    }

    /// A review changes a product's rating: every page of its department (any sort or
    /// filter could show it differently) and every search go; other departments' pages
    /// and the suggestions (which show no ratings) stay.
    #[test]
    fn a_rating_change_drops_its_departments_pages_and_every_search() {
        let cache = AnswerCache::default();
        let suggestions = Answer::Suggestions(vec!["he".to_string()].into_boxed_slice());
        let all = [
            department(5, Sort::Featured),
            department(5, Sort::Rating),
            department(6, Sort::Rating),
            search("head"),
            search("lamp"),
            suggestions.clone(),
        ];
        fill(&cache, &all);
        cache.apply(&[change(1, Topic::Product, 51), change(2, Topic::Department, 5)]);
        assert_eq!(kept_of(&cache, &all), [department(6, Sort::Rating), suggestions]);
        let inner = cache.inner.read().unwrap();
        assert_eq!(inner.query_answers, 2);
        assert_eq!(inner.query_bytes, 2 * 2 * b"{}".len());
    }

    #[test]
    fn query_answers_are_bounded_in_number_and_bytes() {
        let cache = AnswerCache::default();
        for page in 1..(MAX_QUERY_ANSWERS as u32 + 5) {
            let answer =
                Answer::DepartmentProducts(5, Box::new(ListingQuery { page, ..ListingQuery::featured() }));
            cache.store(answer, 0, kept(b"{}"));
        }
        assert!(cache.inner.read().unwrap().query_answers <= MAX_QUERY_ANSWERS);
        let big: &'static [u8] = Box::leak(vec![b' '; MAX_QUERY_BYTES / 3].into_boxed_slice());
        for word in ["a", "b", "c"] {
            cache.store(search(word), 0, kept(big));
        }
        let inner = cache.inner.read().unwrap();
        assert!(inner.query_bytes <= MAX_QUERY_BYTES, "{}", inner.query_bytes);
        assert_eq!(inner.query_answers, inner.answers.len());
    }

    /// Sixty-four requests missing the same answer at once load it once.
    #[actix_web::test]
    async fn many_requests_missing_one_answer_load_it_once() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let cache = Arc::new(AnswerCache::default());
        let loads = Arc::new(AtomicUsize::new(0));
        let requests = (0..64).map(|_| {
            let (cache, loads) = (cache.clone(), loads.clone());
            async move {
                let req = actix_web::test::TestRequest::default().to_http_request();
                let load = || async {
                    loads.fetch_add(1, Ordering::SeqCst);
                    tokio::task::yield_now().await;
                    Ok(Some(serde_json::json!({"Products": []})))
                };
                cache.answer(&req, search("head"), Thing::Product, load).await.unwrap().status()
            }
        });
        let statuses = futures_util::future::join_all(requests).await;
        assert!(statuses.iter().all(|s| s.is_success()));
        assert_eq!(loads.load(Ordering::SeqCst), 1);
        assert!(cache.loading.lock().unwrap().is_empty(), "no turnstile is left behind");
    }
}
