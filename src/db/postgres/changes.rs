//! Reading PostgreSQL's change log. Its ids come from a sequence when a row is written,
//! not when its transaction commits, so a change with a lower id can become visible
//! after a higher one was read: reading "past the last id" would miss it. Each row
//! carries its transaction's id instead, and the reader keeps a horizon, the oldest
//! transaction still running when it last read: every transaction below it has ended,
//! so its rows are all visible, for good. Each read takes the rows from the horizon on,
//! hands over those not handed over yet, and moves the horizon up.

use crate::db::Error;
use crate::db::conn::{Conn, args};
use crate::db::dialect::{LogRow, Unsettled};

/// The oldest transaction still running (every one below it has ended).
const HORIZON: &str = "SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint";

/// Starts at what the log holds now: nothing is kept yet, so nothing before is news.
/// Answers the newest change's id, and the changes above the horizon, as delivered.
pub fn start(c: &mut Conn) -> Result<(i64, Unsettled), Error> {
    let horizon: i64 = c.query_one(HORIZON, &[], |r| r.get(0))?;
    let seen = c.query(
        "SELECT id, txid::text::bigint FROM changes WHERE txid >= ?1::bigint::text::xid8",
        args![horizon],
        |r| Ok((r.get::<i64>(0)?, r.get::<i64>(1)?)),
    )?;
    let version = c.query_one("SELECT coalesce(max(id), 0) FROM changes", &[], |r| r.get(0))?;
    Ok((version, Unsettled { horizon, delivered: seen.into_iter().collect() }))
}

/// The changes not handed over yet, in id order: one statement, whose snapshot gives
/// both the horizon and the rows (every transaction below the horizon had ended when
/// the statement began, so all of its rows are among those read).
pub fn unread(c: &mut Conn, unsettled: &mut Unsettled) -> Result<Vec<LogRow>, Error> {
    let mut horizon = unsettled.horizon;
    let rows = c.query(
        "SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint, c.id, c.topic, c.key, c.txid::text::bigint
         FROM (SELECT 1) AS now
         LEFT JOIN changes c ON c.txid >= ?1::bigint::text::xid8
         ORDER BY c.id",
        args![unsettled.horizon],
        |r| {
            horizon = horizon.max(r.get::<i64>(0)?);
            let change = match r.get::<Option<i64>>(1)? {
                Some(id) => Some((id, r.get::<String>(2)?, r.get::<i64>(3)?, r.get::<i64>(4)?)),
                None => None,
            };
            Ok(change)
        },
    )?;
    let mut news = Vec::new();
    for (id, topic, key, txid) in rows.into_iter().flatten() {
        if unsettled.delivered.insert(id, txid).is_none() {
            news.push((id, topic, key, txid));
        }
    }
    unsettled.horizon = horizon;
    unsettled.delivered.retain(|_, txid| *txid >= horizon);
    Ok(news)
}
