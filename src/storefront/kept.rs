//! Pages kept as sent (with their compressed copies), by address, for as long as the
//! catalog they were made from is unchanged: a page is made of answers the answer cache
//! keeps, so making it again would give the same bytes until one of those changes, and a
//! busy store would spend its time formatting and compressing the same HTML.

use prometheus_client::metrics::counter::Counter;
use std::collections::HashMap;
use std::sync::{Arc, RwLock};

use actix_web::http::StatusCode;
use actix_web::web::Bytes;

use crate::encoding::Copies;

/// At most this many pages of at most this many bytes in all (counted twice, for the
/// compressed copies) are kept; past either, they are all dropped and made again.
const MAX_PAGES: usize = 2_048;
const MAX_BYTES: usize = 32 << 20;

/// A page as sent: its status and its HTML.
pub struct Sent {
    pub status: StatusCode,
    pub html: Arc<Copies>,
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
    /// The catalog version the kept pages were made at.
    version: u64,
    pages: HashMap<String, Arc<Sent>>,
    bytes: usize,
}

impl Pages {
    /// The page kept for `address`, if it was made at catalog `version`.
    pub fn get(&self, address: &str, version: u64) -> Option<Arc<Sent>> {
        let inner = self.inner.read().unwrap_or_else(|e| e.into_inner());
        let kept = if inner.version == version { inner.pages.get(address).cloned() } else { None };
        if kept.is_some() {
            self.hits.inc()
        } else {
            self.misses.inc()
        };
        kept
    }

    /// Keeps a page made from answers read at catalog `version` (read before the answers
    /// were), unless the catalog has moved on since. Pages of an older version go.
    pub fn keep(&self, address: String, version: u64, status: StatusCode, html: String) -> Arc<Sent> {
        let sent = Arc::new(Sent { status, html: Arc::new(Copies::new(Bytes::from(html))) });
        let mut inner = self.inner.write().unwrap_or_else(|e| e.into_inner());
        if version < inner.version {
            return sent;
        }
        let weight = sent.html.body().len() * 2;
        if version > inner.version || inner.pages.len() >= MAX_PAGES || inner.bytes + weight > MAX_BYTES {
            inner.pages.clear();
            inner.bytes = 0;
            inner.version = version;
        }
        if let Some(old) = inner.pages.insert(address, sent.clone()) {
            inner.bytes -= old.html.body().len() * 2;
        }
        inner.bytes += weight;
        sent
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_is_kept_until_the_catalog_moves_on() {
        let pages = Pages::default();
        pages.keep("/a".into(), 0, StatusCode::OK, "a".into());
        assert!(pages.get("/a", 0).is_some());
        assert!(pages.get("/a", 1).is_none(), "the catalog changed since");
        pages.keep("/b".into(), 1, StatusCode::OK, "b".into());
        assert!(pages.get("/a", 1).is_none(), "made at the old version, dropped");
        pages.keep("/a".into(), 0, StatusCode::OK, "stale".into());
        assert!(pages.get("/a", 1).is_none(), "a page read before the change is not kept after it");
        assert!(pages.get("/b", 1).is_some());
    }

    #[test]
    fn pages_are_bounded() {
        let pages = Pages::default();
        for i in 0..=MAX_PAGES {
            pages.keep(format!("/{i}"), 0, StatusCode::OK, "x".into());
        }
        let inner = pages.inner.read().unwrap();
        assert_eq!(inner.pages.len(), 1, "all dropped when full, then the new one kept");
        assert_eq!(inner.bytes, 2);
    }
}
