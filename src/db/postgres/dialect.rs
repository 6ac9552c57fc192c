//! PostgreSQL's [`Dialect`]: several servers write at once, so rows and shoppers are
//! locked, turns are taken, and the change log is read by transaction (`changes.rs`).

use super::{changes, claim_reset, lock_shopper, search};
use crate::db::conn::args;
use crate::db::dialect::{AdminSearch, Dialect};

pub(in crate::db) static DIALECT: Dialect = Dialect {
    search: search::SQL,
    row_lock: " FOR UPDATE",
    skip_locked: " FOR UPDATE SKIP LOCKED",
    one_server: false,
    default_sku: "'MKT-' || lpad(id::text, 6, '0')",
    // The planner picks the index by itself.
    newest_products: "products p",
    // The words' index is a column of `products`, tested in place.
    admin_search: AdminSearch::Condition("p.words @@ to_tsquery('market', ?)"),
    // Re-reading a few products costs little.
    log_reread: 10_000,
    log_start: changes::start,
    log_unread: |c, _, unsettled| changes::unread(c, unsettled),
    lock_shopper,
    try_lock: |c, key| c.query_one("SELECT pg_try_advisory_xact_lock(?1)", args![key], |r| r.get(0)),
    claim_reset,
};
