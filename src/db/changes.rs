//! The change log (docs/architecture.md#caches): triggers append a row for every kept
//! answer a write changes, in the write's own transaction. After each commit the writer
//! hands the new rows to the listener (the answer cache); a poller (SQLite) or a
//! listener woken by the database (PostgreSQL) does the same for rows that other
//! connections wrote (another replica, another process, or a hand-made change), so no
//! write path, old or new, can leave a kept answer stale.

use std::sync::{Arc, Mutex, OnceLock};

use super::Error;
use super::conn::{Conn, args};
use super::dialect::Unsettled;

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
    /// A product's units, and nothing else of it, by product id: a sale, a restock. Its
    /// page says how many are left; the catalog index, which holds only whether it is in
    /// stock, is unchanged (a change that puts it in or out of stock is a `Product`).
    Stock,
    /// The units of one of a department's products, by department id: its lists show them.
    DepartmentStock,
    /// Every kept answer: the reader lost track of the log for a while (the database
    /// was out of reach) and starts again from what it holds now.
    Everything,
}

impl Topic {
    pub(super) fn parse(topic: &str) -> Option<Topic> {
        Some(match topic {
            "cart" => Topic::Cart,
            "favorites" => Topic::Favorites,
            "product" => Topic::Product,
            "reviews" => Topic::Reviews,
            "department" => Topic::Department,
            "stock" => Topic::Stock,
            "department_stock" => Topic::DepartmentStock,
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
    /// What was delivered; the lock also keeps two deliveries from interleaving.
    delivered: Mutex<Delivered>,
    listener: OnceLock<Listener>,
}

#[derive(Default)]
pub(super) struct Delivered {
    /// The highest change delivered.
    pub version: i64,
    /// PostgreSQL's transactions take their numbers before they commit, so a change
    /// can appear below one already delivered: what tells them apart.
    pub unsettled: Unsettled,
}

impl Delivered {
    /// Where the log stands now: nothing before it is news.
    fn now(c: &mut Conn) -> Result<Delivered, Error> {
        let (version, unsettled) = (super::engine::dialect(c).log_start)(c)?;
        Ok(Delivered { version, unsettled })
    }
}

impl Feed {
    pub(super) fn start_at(c: &mut Conn) -> Result<Feed, Error> {
        Ok(Feed { delivered: Mutex::new(Delivered::now(c)?), listener: OnceLock::new() })
    }

    /// After the log could not be read for a while: what was written meanwhile may be
    /// gone from it (pruned, or the catalog remade by `market seed`), so reading starts
    /// again from where the log stands now, and every kept answer is dropped.
    pub(super) fn start_again(&self, c: &mut Conn) -> Result<(), Error> {
        let mut delivered = self.delivered.lock().unwrap_or_else(|e| e.into_inner());
        *delivered = Delivered::now(c)?;
        if let Some(listener) = self.listener.get() {
            listener(&[Change { version: delivered.version, topic: Topic::Everything, key: 0 }]);
        }
        Ok(())
    }

    pub(super) fn listen(&self, listener: Listener) {
        let _ = self.listener.set(listener);
    }

    /// Reads the rows not yet delivered and hands them to the listener.
    pub(super) fn deliver(&self, c: &mut Conn) -> Result<(), Error> {
        let Some(listener) = self.listener.get() else { return Ok(()) };
        let mut delivered = self.delivered.lock().unwrap_or_else(|e| e.into_inner());
        let Delivered { version, unsettled } = &mut *delivered;
        let rows = (super::engine::dialect(c).log_unread)(c, *version, unsettled)?;
        let mut changes = Vec::new();
        for (version, topic, key) in rows {
            delivered.version = delivered.version.max(version);
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

pub(super) fn forget_old(c: &mut Conn) -> Result<u64, Error> {
    c.execute("DELETE FROM changes WHERE id <= (SELECT max(id) FROM changes) - ?1", args![KEPT])
}
