//! Pages kept as sent (with their compressed copies), by address, for as long as what
//! they were made of is unchanged: a page is made of answers the answer cache keeps, so
//! making it again would give the same bytes until one of those changes, and a busy
//! store would spend its time rendering, formatting and compressing the same HTML.
//!
//! A page is as fresh as its own answers, not as the whole catalog: a sale changes one
//! product's answer and its department's listings, and every other page stays kept.
//!
//! Each page's first screen, as the app's render drew it, is kept beside it with the
//! answers it was drawn from. A page made again sends its own fresh answers, and the
//! screen drawn from them when the render comes within a few milliseconds; otherwise the
//! screen drawn last time (the app draws the page again from the fresh answers as it
//! starts), while the render goes on and its screen is kept for the next request.

use prometheus_client::metrics::counter::Counter;
use std::collections::{HashMap, HashSet};
use std::sync::{Arc, RwLock};

use actix_web::http::StatusCode;
use actix_web::web::Bytes;

use super::answers::FirstAnswer;
use super::render::Rendered;
use crate::api::answer_cache::{Answer, AnswerCache};
use crate::encoding::Copies;

/// At most this many pages, and as many screens, of at most this many bytes in all (a
/// page counted twice, for the compressed copies, and each with the answers it was made
/// of) are kept; past any, they are all dropped and made again.
const MAX_PAGES: usize = 2_048;
const MAX_BYTES: usize = 32 << 20;

/// A page as sent: its status and its HTML.
pub struct Sent {
    pub status: StatusCode,
    pub html: Arc<Copies>,
}

/// What a page was made of, and so until when it may be sent again.
#[derive(Clone)]
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

/// A page's first screen as the app drew it, and the answers it drew it from.
struct Screen {
    rendered: Arc<Rendered>,
    made_of: MadeOf,
}

impl Screen {
    fn weight(&self) -> usize {
        self.rendered.html.len() + self.made_of.weight()
    }
}

/// The screen kept for an address, as [`Pages::screen`] finds it.
pub enum Drawn {
    /// None yet: the page waits for its first render.
    Never,
    /// Drawn from the answers the page carries now.
    Fresh(Arc<Rendered>),
    /// Drawn from answers that have changed since; `rendering` when a render of the
    /// address is already under way.
    Earlier { screen: Arc<Rendered>, rendering: bool },
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
    screens: HashMap<String, Screen>,
    /// Addresses whose render a request stopped waiting for, until it comes.
    rendering: HashSet<String>,
    /// Of the pages and the screens.
    bytes: usize,
}

impl Inner {
    /// Room for `weight` more bytes and one more entry: past either bound, everything
    /// kept is dropped and made again.
    fn make_room(&mut self, weight: usize) {
        if self.pages.len() >= MAX_PAGES || self.screens.len() >= MAX_PAGES || self.bytes + weight > MAX_BYTES
        {
            self.pages.clear();
            self.screens.clear();
            self.bytes = 0;
        }
    }
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
        inner.make_room(weight);
        if let Some(old) = inner.pages.insert(address, kept) {
            inner.bytes -= old.weight();
        }
        inner.bytes += weight;
        sent
    }

    /// The first screen kept for `address`, against the answers in `cache`.
    pub fn screen(&self, address: &str, cache: &AnswerCache) -> Drawn {
        let inner = self.inner.read().unwrap_or_else(|e| e.into_inner());
        match inner.screens.get(address) {
            None => Drawn::Never,
            Some(screen) if screen.made_of.is_fresh(cache) => Drawn::Fresh(screen.rendered.clone()),
            Some(screen) => Drawn::Earlier {
                screen: screen.rendered.clone(),
                rendering: inner.rendering.contains(address),
            },
        }
    }

    /// Keeps `rendered`, drawn from `made_of`, as `address`'s screen, unless those
    /// answers changed while it was drawn (a screen kept from later answers stays).
    pub fn keep_screen(
        &self,
        address: String,
        made_of: MadeOf,
        cache: &AnswerCache,
        rendered: Arc<Rendered>,
    ) {
        if !made_of.is_fresh(cache) {
            return;
        }
        let screen = Screen { rendered, made_of };
        let weight = screen.weight();
        let mut inner = self.inner.write().unwrap_or_else(|e| e.into_inner());
        inner.make_room(weight);
        if let Some(old) = inner.screens.insert(address, screen) {
            inner.bytes -= old.weight();
        }
        inner.bytes += weight;
    }

    /// Notes whether a render of `address` is under way with no request waiting for it.
    pub fn rendering(&self, address: &str, under_way: bool) {
        let mut inner = self.inner.write().unwrap_or_else(|e| e.into_inner());
        if under_way {
            inner.rendering.insert(address.to_string());
        } else {
            inner.rendering.remove(address);
        }
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

    fn drawn(html: &str) -> Arc<Rendered> {
        Arc::new(Rendered { html: html.into(), picture: None })
    }

    fn html(drawn: &Drawn) -> (&'static str, String) {
        match drawn {
            Drawn::Never => ("never", String::new()),
            Drawn::Fresh(screen) => ("fresh", screen.html.clone()),
            Drawn::Earlier { screen, rendering: false } => ("earlier", screen.html.clone()),
            Drawn::Earlier { screen, rendering: true } => ("earlier, rendering", screen.html.clone()),
        }
    }

    #[actix_web::test]
    async fn a_screen_is_fresh_while_its_answers_are_and_earlier_after() {
        let (cache, pages) = (AnswerCache::default(), Pages::default());
        assert_eq!(html(&pages.screen("/1", &cache)).0, "never");
        let one = answered(&cache, Answer::Product(ProductId(1)), r#"{"stock":3}"#).await;
        let made_of = MadeOf::of(&[one], cache.catalog_version());
        pages.keep_screen("/1".into(), made_of.clone(), &cache, drawn("three"));
        assert_eq!(html(&pages.screen("/1", &cache)), ("fresh", "three".into()));

        change(&cache, Topic::Stock, 1);
        assert_eq!(html(&pages.screen("/1", &cache)), ("earlier", "three".into()));
        pages.rendering("/1", true);
        assert_eq!(html(&pages.screen("/1", &cache)), ("earlier, rendering", "three".into()));

        // A render drawn from the answers before the change comes late: not kept as fresh.
        pages.keep_screen("/1".into(), made_of, &cache, drawn("three again"));
        assert_eq!(html(&pages.screen("/1", &cache)), ("earlier, rendering", "three".into()));
        let one = answered(&cache, Answer::Product(ProductId(1)), r#"{"stock":2}"#).await;
        pages.keep_screen("/1".into(), MadeOf::of(&[one], cache.catalog_version()), &cache, drawn("two"));
        pages.rendering("/1", false);
        assert_eq!(html(&pages.screen("/1", &cache)), ("fresh", "two".into()));
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
