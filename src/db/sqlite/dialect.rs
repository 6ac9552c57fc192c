//! SQLite's [`Dialect`]: one writer at a time, so no lock is ever needed to keep other
//! writers out, and the change log's ids are in commit order.

use std::time::Duration;

use super::{admin_search, changes, search};
use crate::db::Error;
use crate::db::conn::Conn;
use crate::db::dialect::{AdminSearch, Dialect};

pub(in crate::db) static DIALECT: Dialect = Dialect {
    search: search::SQL,
    row_lock: "",
    skip_locked: "",
    one_server: true,
    default_sku: "printf('MKT-%06d', id)",
    // With its statistics, SQLite would step over the table itself for the newest first
    // (rows of a few hundred bytes) rather than this index of ids: ten times the reading
    // at a deep page.
    newest_products: "products p INDEXED BY products_admin_newest",
    admin_search: AdminSearch::Steps(admin_search::search),
    log_reread: 0,
    log_start: changes::start,
    log_unread: changes::unread,
    lock_shopper: |_, _| Ok(()),
    try_lock: |_, _| Ok(true),
    // A lone server resets when its own timer says so.
    claim_reset: |_: &mut Conn, _: Duration| -> Result<bool, Error> { Ok(true) },
};
