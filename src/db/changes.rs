//! The change log (docs/architecture.md#caches): triggers append a row for every kept
//! answer a write changes, in the write's own transaction. After each commit the writer
//! hands the new rows to the listener (the answer cache); a poller does the same for
//! rows that other connections wrote (another process, or a hand-made change), so no
//! write path, old or new, can leave a kept answer stale.

use std::sync::{Arc, Mutex, OnceLock};

use rusqlite::{Connection, params};

/// A kind of kept answer, as the triggers name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Topic {
    /// A shopper's cart, by user id.
    Cart,
    /// A shopper's favorites, by user id.
    Favorites,
    /// A product's page, by product id.
    Product,
    /// A product's reviews, by product id.
    Reviews,
    /// A department's products, by department id.
    Department,
}

impl Topic {
    fn parse(topic: &str) -> Option<Topic> {
        Some(match topic {
            "cart" => Topic::Cart,
            "favorites" => Topic::Favorites,
            "product" => Topic::Product,
            "reviews" => Topic::Reviews,
            "department" => Topic::Department,
            _ => return None,
        })
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Change {
    /// The change log's position: the version of the database this change made.
    pub version: i64,
    pub topic: Topic,
    pub key: i64,
}

pub type Listener = Arc<dyn Fn(&[Change]) + Send + Sync>;

/// Delivers each change once, in order, to the listener.
#[derive(Default)]
pub(super) struct Feed {
    /// The last version delivered; the lock also keeps two deliveries from interleaving.
    delivered: Mutex<i64>,
    listener: OnceLock<Listener>,
}

impl Feed {
    pub(super) fn start_at(conn: &Connection) -> rusqlite::Result<Feed> {
        let version = conn.query_row("SELECT coalesce(max(id), 0) FROM changes", [], |r| r.get(0))?;
        Ok(Feed { delivered: Mutex::new(version), listener: OnceLock::new() })
    }

    pub(super) fn listen(&self, listener: Listener) {
        let _ = self.listener.set(listener);
    }

    pub(super) fn version(&self) -> i64 {
        *self.delivered.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Reads the rows past the last delivered one and hands them to the listener.
    pub(super) fn deliver(&self, conn: &Connection) -> rusqlite::Result<()> {
        let Some(listener) = self.listener.get() else { return Ok(()) };
        let mut delivered = self.delivered.lock().unwrap_or_else(|e| e.into_inner());
        let mut stmt = conn.prepare_cached("SELECT id, topic, key FROM changes WHERE id > ?1 ORDER BY id")?;
        let rows = stmt.query_map(params![*delivered], |r| {
            Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?, r.get::<_, i64>(2)?))
        })?;
        let mut changes = Vec::new();
        for row in rows {
            let (version, topic, key) = row?;
            *delivered = version;
            match Topic::parse(&topic) {
                Some(topic) => changes.push(Change { version, topic, key }),
                None => tracing::warn!(topic, "a change of an unknown kind was skipped"),
            }
        }
        if !changes.is_empty() {
            listener(&changes);
        }
        Ok(())
    }
}

/// How many change rows are kept for readers that are behind.
pub(super) const KEPT: i64 = 100_000;

pub(super) fn forget_old(tx: &rusqlite::Transaction) -> rusqlite::Result<usize> {
    tx.prepare_cached("DELETE FROM changes WHERE id <= (SELECT max(id) FROM changes) - ?1")?
        .execute(params![KEPT])
}
