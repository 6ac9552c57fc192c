//! Reading PostgreSQL's change log. Its ids come from a sequence when a row is written,
//! not when its transaction commits, so a change with a lower id can become visible
//! after a higher one was read: reading "past the last id" would miss it. Each row
//! carries its transaction's id instead, and the reader keeps a horizon, the oldest
//! transaction still running when it last read: every transaction below it has ended,
//! so its rows are all visible, for good. Each read takes the rows from the horizon on,
//! hands over those not handed over yet, and moves the horizon up.

use std::collections::HashMap;
use std::sync::{Arc, Weak};
use std::time::Duration;

use postgres::fallible_iterator::FallibleIterator;

use super::locks::SERVING_LOCK;
use super::pool::{Pool, Target};
use crate::db::Error;
use crate::db::changes::{Delivered, Feed};
use crate::db::conn::{Conn, args};

/// How often the change log is read when no notification comes.
pub const POLL_EVERY: Duration = Duration::from_millis(500);
/// How long to wait before listening again after the connection was lost.
const RECONNECT_AFTER: Duration = Duration::from_secs(1);

/// The changes above the horizon already handed over, by id, with their transactions.
#[derive(Debug, Default)]
pub struct Unsettled {
    horizon: i64,
    delivered: HashMap<i64, i64>,
}

/// The oldest transaction still running (every one below it has ended).
const HORIZON: &str = "SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint";

/// Starts at what the log holds now: nothing is kept yet, so nothing before is news.
pub fn start(c: &mut Conn, delivered: &mut Delivered) -> Result<(), Error> {
    let horizon: i64 = c.query_one(HORIZON, &[], |r| r.get(0))?;
    let seen = c.query(
        "SELECT id, txid::text::bigint FROM changes WHERE txid >= ?1::bigint::text::xid8",
        args![horizon],
        |r| Ok((r.get::<i64>(0)?, r.get::<i64>(1)?)),
    )?;
    delivered.version = c.query_one("SELECT coalesce(max(id), 0) FROM changes", &[], |r| r.get(0))?;
    delivered.unsettled = Unsettled { horizon, delivered: seen.into_iter().collect() };
    Ok(())
}

/// The changes not handed over yet, in id order: one statement, whose snapshot gives
/// both the horizon and the rows (every transaction below the horizon had ended when
/// the statement began, so all of its rows are among those read).
pub fn unread(c: &mut Conn, delivered: &mut Delivered) -> Result<Vec<(i64, String, i64)>, Error> {
    let unsettled = &mut delivered.unsettled;
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
            news.push((id, topic, key));
        }
    }
    unsettled.horizon = horizon;
    unsettled.delivered.retain(|_, txid| *txid >= horizon);
    Ok(news)
}

/// The listener thread: woken by the writes' notifications, or every [`POLL_EVERY`];
/// ends with the feed.
pub(super) fn watch(target: Arc<Target>, pool: Pool, feed: Weak<Feed>) -> anyhow::Result<()> {
    std::thread::Builder::new().name("change-listener".into()).spawn(move || {
        let mut listening = None;
        // The log could not be read, or the notifications were lost: start again.
        let mut behind = false;
        while let Some(feed) = feed.upgrade() {
            if listening.is_none() {
                listening = match target.connect().and_then(|mut c| {
                    // The serving lock is held as long as this connection is open.
                    let serving = format!("SELECT pg_advisory_lock_shared({})", SERVING_LOCK);
                    c.batch_execute(&format!("LISTEN market_changes; {serving}")).map(|()| c)
                }) {
                    Ok(client) => Some(client),
                    Err(e) => {
                        tracing::warn!(
                            "listening for other replicas' changes failed, polling meanwhile: {e}"
                        );
                        None
                    }
                };
            }
            let delivered = pool.get().map_err(Error::from).and_then(|mut c| {
                let c = &mut Conn::Postgres(&mut c);
                if behind { feed.start_again(c) } else { feed.deliver(c) }
            });
            match delivered {
                Ok(()) if behind => {
                    tracing::info!("reading the change log again; every kept answer was dropped");
                    behind = false;
                }
                Ok(()) => {}
                Err(e) => {
                    // Said once for each time it falls behind, not at every poll.
                    if !behind {
                        tracing::warn!("reading the change log failed: {e}");
                    }
                    behind = true;
                }
            }
            drop(feed);
            let lost = match &mut listening {
                Some(client) => {
                    let mut notifications = client.notifications();
                    let woken = notifications.timeout_iter(POLL_EVERY).next();
                    // Several at once are read as one.
                    let _ = notifications.iter().count();
                    woken.err()
                }
                None => {
                    std::thread::sleep(POLL_EVERY);
                    None
                }
            };
            if let Some(e) = lost {
                tracing::warn!("the connection that listens for changes was lost: {e}");
                listening = None;
                behind = true;
                std::thread::sleep(RECONNECT_AFTER);
            }
        }
    })?;
    Ok(())
}
