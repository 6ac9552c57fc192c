//! The change listener: a thread that hands the feed what other replicas (and other
//! connections) wrote to the change log, woken by their notifications, and that holds
//! the serving lock while the server serves.

use std::sync::{Arc, Weak};
use std::time::Duration;

use postgres::fallible_iterator::FallibleIterator;

use super::locks::SERVING_LOCK;
use super::pool::{Pool, Target};
use crate::db::Error;
use crate::db::changes::Feed;
use crate::db::conn::Conn;

/// How often the change log is read when no notification comes.
pub const POLL_EVERY: Duration = Duration::from_millis(500);
/// How long to wait before listening again after the connection was lost.
const RECONNECT_AFTER: Duration = Duration::from_secs(1);

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
