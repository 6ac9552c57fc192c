//! Reading SQLite's change log: one writer at a time, so its ids are in commit order and
//! "past the last id delivered" is exact.

use crate::db::Error;
use crate::db::conn::{Conn, args};
use crate::db::dialect::{LogRow, Unsettled};

/// The newest change's id; nothing is kept between reads.
pub fn start(c: &mut Conn) -> Result<(i64, Unsettled), Error> {
    let version = c.query_one("SELECT coalesce(max(id), 0) FROM changes", &[], |r| r.get(0))?;
    Ok((version, Unsettled::default()))
}

/// The changes after `version`, in id order.
pub fn unread(c: &mut Conn, version: i64, _: &mut Unsettled) -> Result<Vec<LogRow>, Error> {
    c.query("SELECT id, topic, key FROM changes WHERE id > ?1 ORDER BY id", args![version], |r| {
        Ok((r.get(0)?, r.get(1)?, r.get(2)?, 0))
    })
}
