//! A shopper reads their own writes on any replica (docs/architecture.md#caches).
//!
//! Each replica keeps answers and sessions in memory and drops them as the change log
//! says; another replica's write reaches its listener within a second, most often within
//! a millisecond (a notification wakes it). A shopper's own next request must not fall
//! in that gap: each write answers with a token, a point of the log that its changes lie
//! below, and the browser sends it back (a cookie, `headers`' business). A replica serves
//! what it keeps to a request only once it has applied the log past the request's token;
//! before that, the request reads the database.
//!
//! On PostgreSQL the token is the write's transaction id, read as it commits. A replica
//! has applied it once a read of the log took that transaction's changes, or found every
//! transaction up to it ended ([`Horizon`]); the writer's own replica reads the log right
//! after the commit, so it serves its shopper's next request from memory at once. A write
//! that logged nothing leaves no token. SQLite is one server's: what it keeps is exact,
//! and it neither gives nor asks for tokens.

use std::cell::Cell;
use std::collections::HashSet;
use std::rc::Rc;
use std::sync::RwLock;

tokio::task_local! {
    /// The request being answered on this task: the token it brought, and the one its
    /// writes made.
    static REQUEST: Rc<Tokens>;
}

#[derive(Debug, Default)]
struct Tokens {
    asked: i64,
    written: Cell<i64>,
}

/// Runs `answer` (a request's handling) with the token the request brought (0: none);
/// answers its outcome and the token its writes made (0: none wrote).
pub async fn answering<F: Future>(asked: i64, answer: F) -> (F::Output, i64) {
    let tokens = Rc::new(Tokens { asked, written: Cell::new(0) });
    let outcome = REQUEST.scope(tokens.clone(), answer).await;
    (outcome, tokens.written.get())
}

/// A write of the current request committed with `token` (no request: nothing to say).
pub(super) fn wrote(token: i64) {
    let _ = REQUEST.try_with(|tokens| tokens.written.set(tokens.written.get().max(token)));
}

/// How far this replica has applied the change log: every transaction below `below`
/// had ended when the log was read (its changes are all applied), and the changes of
/// `transactions`, from `below` on, are applied too.
#[derive(Debug, Default)]
pub struct Horizon(RwLock<Applied>);

#[derive(Debug, Default)]
struct Applied {
    below: i64,
    transactions: HashSet<i64>,
}

impl Horizon {
    /// After the changes of `transactions` were applied, read when every transaction
    /// below `below` had ended (the change feed says so).
    pub fn applied(&self, below: i64, transactions: impl Iterator<Item = i64>) {
        let mut applied = self.0.write().unwrap_or_else(|e| e.into_inner());
        applied.transactions.extend(transactions);
        if below > applied.below {
            applied.below = below;
            applied.transactions.retain(|t| *t >= below);
        }
    }

    fn covers(&self, token: i64) -> bool {
        let applied = self.0.read().unwrap_or_else(|e| e.into_inner());
        token < applied.below || applied.transactions.contains(&token)
    }

    /// The token a write of transaction `id` leaves, once the log was read after its
    /// commit: none when the read found every transaction up to it ended and took no
    /// change of it (it logged nothing, so nothing kept is older than it).
    pub(super) fn token_of(&self, id: i64) -> i64 {
        let applied = self.0.read().unwrap_or_else(|e| e.into_inner());
        match id >= applied.below && !applied.transactions.contains(&id) {
            true => 0,
            false => id,
        }
    }

    /// Whether what this replica keeps may answer the current request: it has applied
    /// the transaction of the token the request brought, and of its own writes. Outside
    /// a request (a background task), yes.
    pub fn serves_request(&self) -> bool {
        REQUEST
            .try_with(|tokens| {
                let token = tokens.asked.max(tokens.written.get());
                token == 0 || self.covers(token)
            })
            .unwrap_or(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[actix_web::test]
    async fn a_request_is_served_what_is_kept_once_its_tokens_transactions_are_applied() {
        let horizon = Horizon::default();
        horizon.applied(10, [12, 14].into_iter());
        assert!(horizon.serves_request(), "outside a request");
        let ((), written) = answering(0, async {
            assert!(horizon.serves_request(), "no token");
            wrote(13);
            assert!(!horizon.serves_request(), "its own write is not applied yet");
            horizon.applied(10, [13].into_iter());
            assert!(horizon.serves_request());
        })
        .await;
        assert_eq!(written, 13);
        let ((), written) = answering(9, async { assert!(horizon.serves_request(), "below") }).await;
        assert_eq!(written, 0, "nothing written");
        let ((), _) = answering(12, async { assert!(horizon.serves_request(), "applied") }).await;
        let ((), _) = answering(11, async { assert!(!horizon.serves_request(), "not yet") }).await;
        horizon.applied(12, std::iter::empty());
        let ((), _) =
            answering(11, async { assert!(horizon.serves_request(), "ended, every one below") }).await;
        horizon.applied(5, std::iter::empty());
        let ((), _) = answering(11, async { assert!(horizon.serves_request(), "never moves back") }).await;
    }

    #[test]
    fn a_write_that_logged_nothing_leaves_no_token() {
        let horizon = Horizon::default();
        horizon.applied(10, [12].into_iter());
        assert_eq!(horizon.token_of(12), 12, "its changes were read");
        assert_eq!(horizon.token_of(11), 0, "ended, and nothing of it was read");
        assert_eq!(horizon.token_of(9), 9, "below: whether it logged anything is not known here");
    }
}
