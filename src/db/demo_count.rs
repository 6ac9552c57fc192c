//! How many demo shoppers are alive (`db/demo.rs`), as the users table's triggers keep it
//! in one row (migration 14): the cap reads it at every demo sign-in, /metrics at every
//! scrape, and neither counts the accounts.

use super::Error;
use super::conn::Conn;

const LIVE: &str = "SELECT live FROM demo_shoppers_alive";

/// The number as it stands (what /metrics reports).
pub(super) fn read(c: &mut Conn) -> Result<i64, Error> {
    c.query_one(LIVE, &[], |r| r.get(0))
}

/// The number, read in the caller's transaction. On PostgreSQL its row stays locked
/// until that transaction ends: sign-ins through two replicas at once cannot both find
/// room for one more under the cap, and whatever ends demo shoppers (the cap, the
/// sweeper, a reset) takes this lock before their rows' (the triggers take it after),
/// so two such transactions never wait for each other's locks in a circle.
pub(super) fn hold(c: &mut Conn) -> Result<i64, Error> {
    c.query_one(&format!("{LIVE}{}", super::engine::dialect(c).row_lock), &[], |r| r.get(0))
}
