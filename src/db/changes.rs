//! The change log (docs/architecture.md#caches): triggers append a row for every kept
//! answer a write changes, in the write's own transaction. After each commit the writer
//! hands the new rows to the listener (the answer cache); a poller (SQLite) or a
//! listener woken by the database (PostgreSQL) does the same for rows that other
//! connections wrote (another replica, another process, or a hand-made change), so no
//! write path, old or new, can leave a kept answer stale.

use std::sync::{Arc, Mutex};

use super::Error;
use super::conn::{Conn, args};
use super::dialect::Unsettled;
use super::read_your_writes::Horizon;

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
    /// A session changed or ended, by [`session_key`] of its key's hash (PostgreSQL
    /// logs them, for the other replicas' copies; SQLite's one server keeps its own
    /// exact).
    Session,
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
            "session" => Topic::Session,
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

/// A [`Topic::Session`] change's key: the first 15 hex digits (60 bits) of the session
/// key's SHA-256, as the trigger of PostgreSQL's step 22 computes it.
pub fn session_key(key_hash: &str) -> i64 {
    key_hash.get(..15).and_then(|hex| i64::from_str_radix(hex, 16).ok()).unwrap_or(-1)
}

pub type Listener = Arc<dyn Fn(&[Change]) + Send + Sync>;

/// Delivers each change once, in order, to the listeners.
#[derive(Default)]
pub(super) struct Feed {
    /// What was delivered; the lock also keeps two deliveries from interleaving.
    delivered: Mutex<Delivered>,
    listeners: Mutex<Vec<Listener>>,
    /// How far the listeners have been handed the log (`read_your_writes.rs`).
    pub(super) horizon: Arc<Horizon>,
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

    /// Hands `changes`, made by `transactions`, to every listener, then says how far
    /// the log is applied.
    fn hand_over(&self, feed: &Feed, changes: &[Change], transactions: impl Iterator<Item = i64>) {
        if !changes.is_empty() {
            let listeners = feed.listeners.lock().unwrap_or_else(|e| e.into_inner()).clone();
            for listener in listeners {
                listener(changes);
            }
        }
        feed.horizon.applied(self.unsettled.horizon, transactions);
    }
}

impl Feed {
    pub(super) fn start_at(c: &mut Conn) -> Result<Feed, Error> {
        Ok(Feed { delivered: Mutex::new(Delivered::now(c)?), ..Feed::default() })
    }

    /// After the log could not be read for a while: what was written meanwhile may be
    /// gone from it (pruned, or the catalog remade by `market seed`), so reading starts
    /// again from where the log stands now, and every kept answer is dropped.
    pub(super) fn start_again(&self, c: &mut Conn) -> Result<(), Error> {
        let mut delivered = self.delivered.lock().unwrap_or_else(|e| e.into_inner());
        *delivered = Delivered::now(c)?;
        // Every kept answer goes, so what the log holds now counts as applied.
        let everything = [Change { version: delivered.version, topic: Topic::Everything, key: 0 }];
        let transactions: Vec<i64> = delivered.unsettled.delivered.values().copied().collect();
        delivered.hand_over(self, &everything, transactions.into_iter());
        Ok(())
    }

    /// Adds a listener; answers whether it is the first (then the log is to be watched).
    pub(super) fn listen(&self, listener: Listener) -> bool {
        let mut listeners = self.listeners.lock().unwrap_or_else(|e| e.into_inner());
        listeners.push(listener);
        listeners.len() == 1
    }

    /// Reads the rows not yet delivered and hands them to the listeners.
    pub(super) fn deliver(&self, c: &mut Conn) -> Result<(), Error> {
        let mut delivered = self.delivered.lock().unwrap_or_else(|e| e.into_inner());
        let Delivered { version, unsettled } = &mut *delivered;
        let rows = (super::engine::dialect(c).log_unread)(c, *version, unsettled)?;
        let mut changes = Vec::new();
        let transactions: Vec<i64> = rows.iter().map(|row| row.3).filter(|t| *t != 0).collect();
        for (version, topic, key, _) in rows {
            delivered.version = delivered.version.max(version);
            match Topic::parse(&topic) {
                Some(topic) => changes.push(Change { version, topic, key }),
                None => tracing::warn!(topic, "a change of an unknown kind was skipped"),
            }
        }
        delivered.hand_over(self, &changes, transactions.into_iter());
        Ok(())
    }
}

/// How many change rows are kept for readers that are behind.
pub(super) const KEPT: i64 = 100_000;

pub(super) fn forget_old(c: &mut Conn) -> Result<u64, Error> {
    c.execute("DELETE FROM changes WHERE id <= (SELECT max(id) FROM changes) - ?1", args![KEPT])
}
