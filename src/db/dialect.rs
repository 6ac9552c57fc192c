//! What differs between the engines, as the resource files see it: each engine folder
//! gives one [`Dialect`] (`sqlite/dialect.rs`, `postgres/dialect.rs`), and
//! [`Conn::dialect`](super::conn::Conn::dialect) hands the connection's. A resource file
//! asks its connection's dialect for the few statements that differ and never names an
//! engine (`src/layering.rs` checks it).

use std::collections::HashMap;

use super::Error;
use super::conn::{Conn, Value};
use crate::domain::ShopperId;

/// The statements and steps that differ between the engines.
pub(super) struct Dialect {
    /// Full-text search's SQL.
    pub search: SearchSql,
    /// What a `SELECT` adds to keep the rows it read locked until the transaction
    /// ends: ` FOR UPDATE` where several writers may run at once, nothing where one
    /// writer runs at a time.
    pub row_lock: &'static str,
    /// What a `SELECT` of work to take adds so that several takers at once each take
    /// other rows: ` FOR UPDATE SKIP LOCKED` where several writers may run at once,
    /// nothing where one writer runs at a time.
    pub skip_locked: &'static str,
    /// Whether one server at a time uses the database (SQLite, held by the data
    /// folder's lock): a lease found at start was then left by this server's last run.
    pub one_server: bool,
    /// The expression of a new product's SKU from its `id` (`MKT-000042`).
    pub default_sku: &'static str,
    /// The back office's list of every product on sale, newest first: `products p`, or
    /// with the index the planner should walk.
    pub newest_products: &'static str,
    /// The back office's product search by typed words (`?1`'s FTS expression).
    pub admin_search: AdminSearch,
    /// How far before a catalog index's recorded position the change log is read again
    /// when the index reopens: where a change's number is taken before its transaction
    /// commits, one can appear below a position already read.
    pub log_reread: i64,
    /// Where the change log stands now: its newest id, and what the reader keeps.
    pub log_start: fn(&mut Conn) -> Result<(i64, Unsettled), Error>,
    /// The log's rows not delivered yet after `version`, in id order.
    pub log_unread: fn(&mut Conn, version: i64, &mut Unsettled) -> Result<Vec<LogRow>, Error>,
    /// Makes the rest of the caller's write wait for, and keep out, every other write
    /// of the same shopper (`db::lock_shopper`).
    pub lock_shopper: fn(&mut Conn, user_id: ShopperId) -> Result<(), Error>,
    /// Takes lock `key` for the rest of the transaction, unless another holds it:
    /// whether it did. One writer at a time always does.
    pub try_lock: fn(&mut Conn, key: i64) -> Result<bool, Error>,
    /// `serve --reset-every`: whether this server's reset is due, claiming it when the
    /// servers sharing the database take turns.
    pub claim_reset: fn(&mut Conn, every: std::time::Duration) -> Result<bool, Error>,
}

/// Where several servers write at once, a change's id is taken before its transaction
/// commits, so a change can appear below one already delivered: the changes above the
/// horizon (the oldest transaction still running) already handed over, by id, with
/// their transactions (`postgres/changes.rs`). Empty where one writer runs at a time.
#[derive(Debug, Default)]
pub(super) struct Unsettled {
    pub(super) horizon: i64,
    pub(super) delivered: HashMap<i64, i64>,
}

/// A row of the change log: its id, topic, key and transaction (PostgreSQL's; 0 on
/// SQLite, whose transactions take turns).
pub(super) type LogRow = (i64, String, i64, i64);

/// The ids of a page of the back office's product list, and the list's total.
pub(super) type AdminSearchPage = (Vec<i64>, u64);

/// How the back office finds products by the words typed.
pub(super) enum AdminSearch {
    /// A condition on `products p`, naming the expression once, as its parameter.
    Condition(&'static str),
    /// The page's ids and the list's total, read in steps of the engine's own.
    Steps(fn(&mut Conn, &AdminSearchAsk) -> Result<AdminSearchPage, Error>),
}

/// What the back office's list asks when it searches by words.
pub(super) struct AdminSearchAsk<'a> {
    /// What staff typed, trimmed: matched as words, a SKU or an id.
    pub typed: &'a str,
    /// The words' expression ([`SearchSql::typed_name`]), when there are words.
    pub expression: Option<&'a str>,
    /// The filters (status, department, stock) on `products p`, and their parameters.
    pub condition: &'a str,
    pub params: &'a [Value<'a>],
    /// Only the products on sale, no other filter: the total is then the matches less
    /// the archived ones among them, which `products_archived` holds.
    pub only_on_sale: bool,
    /// `products p`, or with the index to walk when the planner would not pick it.
    pub table: &'a str,
    /// The sort's `ORDER BY`, and its exact reverse.
    pub order: &'a str,
    pub reverse_order: &'a str,
    pub offset: u64,
    pub limit: u64,
}

/// How an engine finds the products that match a search: the SQL that differs.
pub(super) struct SearchSql {
    /// How a list that is not ranked keeps to the matches.
    pub matching: Matching,
    /// For a page sorted by relevance: what it reads, the condition that matches (both
    /// naming the expression once, in this order), and the order.
    pub ranked_from: &'static str,
    pub ranked_condition: &'static str,
    pub ranked_order: &'static str,
    /// Products matching `?1` in catalog order, at most `?2`, as [`CARD_COLUMNS`](super::cards::CARD_COLUMNS).
    pub suggestions: &'static str,
    /// The expression for `words` (letters and digits only, see `listing::words`): each
    /// a prefix ("head" finds headphones), all of them required; with `name_and_brand`,
    /// in a product's name or brand only.
    pub expression: fn(words: &[String], name_and_brand: bool) -> String,
    /// The expression for a product's name as staff type it in the back office: in the
    /// name and brand, every word whole but the last, which is a prefix once it has two
    /// letters ([`prefix_last`]).
    pub typed_name: fn(words: &[String]) -> String,
}

/// Whether word `i` of `words` is read as a prefix in [`SearchSql::typed_name`]: only
/// the last, the one still being typed, and not a single letter or digit. A whole name
/// typed with every word a prefix ("Mini 6" is `mini* 6*`) made the index merge every
/// word that starts with "6", "in" or "3": 130 ms for a name at a million products,
/// against 10 ms with its words whole. (Search engines call this "prefix last".)
pub(super) fn prefix_last(words: &[String], i: usize) -> bool {
    i + 1 == words.len() && words[i].chars().count() >= 2
}

/// How the statements of a list keep to a search's matches, each naming the expression
/// once, as its one parameter.
pub(super) enum Matching {
    /// `WITH matches (id) AS (...) `, read as `matches m JOIN products p`: SQLite's
    /// full-text index is a table of its own, read once per statement.
    With(&'static str),
    /// A condition on `products p`: PostgreSQL's is an index on a column of `products`,
    /// and testing it in place lets the planner read the matching rows once (joined back
    /// by id, a million-product search planned a scan of the whole table).
    Condition(&'static str),
}
