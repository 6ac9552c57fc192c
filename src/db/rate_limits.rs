//! Rate-limit budgets kept in the database, one for the whole store however many servers
//! serve it (PostgreSQL only: a lone SQLite server keeps its budgets in memory,
//! `auth/limits.rs`). Each key's state is GCRA's single number: the moment its bucket
//! is full again. An event spends `every` of it; the bucket holds `burst` events.

use std::time::Duration;

use super::conn::{Conn, args};
use super::{Db, Error};
use crate::domain::Timestamp;

/// `burst` events at once, then one more every `every`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    pub burst: u32,
    pub every: Duration,
}

impl Budget {
    fn every_ms(&self) -> i64 {
        self.every.as_millis() as i64
    }

    /// The latest a bucket may be full again for one more event to fit at `now`.
    fn room_until(&self, now: i64) -> i64 {
        now + i64::from(self.burst.max(1) - 1) * self.every_ms()
    }

    /// How long the next event must wait, for a bucket full again at `full_again_at`.
    fn wait(&self, full_again_at: i64, now: i64) -> Option<Duration> {
        let over = full_again_at - self.room_until(now);
        (over > 0).then(|| Duration::from_millis(over as u64))
    }
}

impl Db {
    /// How long the next event must wait for all of `keys` to allow it (the longest
    /// wait), without spending anything; `None`: it may happen now.
    pub async fn budget_wait(&self, keys: Vec<(String, Budget)>) -> Result<Option<Duration>, Error> {
        let now = Timestamp::now().millis();
        self.read(move |c| {
            let mut wait = None;
            for (key, budget) in &keys {
                let full_again_at =
                    c.query_opt("SELECT full_again_at FROM rate_limits WHERE key = ?1", args![key], |r| {
                        r.get::<i64>(0)
                    })?;
                wait = wait.max(full_again_at.and_then(|at| budget.wait(at, now)));
            }
            Ok(wait)
        })
        .await
    }

    /// Spends one event of each of `keys`, whatever is left of their budgets (a failed
    /// sign-in counts even when it should not have been tried).
    pub async fn budget_spend(&self, keys: Vec<(String, Budget)>) -> Result<(), Error> {
        let now = Timestamp::now().millis();
        self.write(move |c| {
            for (key, budget) in &keys {
                spend(c, key, now, budget.every_ms(), None)?;
            }
            Ok(())
        })
        .await
    }

    /// Spends one event of `key` if its budget allows it now; otherwise spends nothing
    /// and answers how long to wait.
    pub async fn budget_take(&self, key: String, budget: Budget) -> Result<Option<Duration>, Error> {
        let now = Timestamp::now().millis();
        self.write(move |c| {
            if spend(c, &key, now, budget.every_ms(), Some(budget.room_until(now)))? {
                return Ok(None);
            }
            let full_again_at =
                c.query_one("SELECT full_again_at FROM rate_limits WHERE key = ?1", args![&key], |r| {
                    r.get(0)
                })?;
            Ok(Some(budget.wait(full_again_at, now).unwrap_or(budget.every)))
        })
        .await
    }

    /// Forgets the keys whose buckets are full again (as good as never seen).
    pub async fn forget_full_budgets(&self) -> Result<u64, Error> {
        let now = Timestamp::now().millis();
        self.write(move |c| c.execute("DELETE FROM rate_limits WHERE full_again_at <= ?1", args![now])).await
    }
}

/// Adds `every` to the key's bucket, in one statement (its row is locked while it
/// runs, so two servers spending at once both count); with `room_until`, only if the
/// bucket is full again no later than that. Answers whether it spent.
fn spend(c: &mut Conn, key: &str, now: i64, every: i64, room_until: Option<i64>) -> Result<bool, Error> {
    let spent = c.query_opt(
        "INSERT INTO rate_limits (key, full_again_at) VALUES (?1, CAST(?2 AS BIGINT) + CAST(?3 AS BIGINT))
         ON CONFLICT (key) DO UPDATE SET full_again_at =
             (CASE WHEN rate_limits.full_again_at > ?2 THEN rate_limits.full_again_at ELSE ?2 END) + ?3
         WHERE CAST(?4 AS BIGINT) IS NULL OR rate_limits.full_again_at <= ?4
         RETURNING full_again_at",
        args![key, now, every, room_until],
        |r| r.get::<i64>(0),
    )?;
    Ok(spent.is_some())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_holds_its_burst_then_refills_one_event_at_a_time() {
        let budget = Budget { burst: 5, every: Duration::from_secs(12) };
        let now = 1_000_000;
        let mut full_again_at = now;
        for _ in 0..5 {
            assert_eq!(budget.wait(full_again_at, now), None);
            full_again_at = full_again_at.max(now) + budget.every_ms();
        }
        assert_eq!(budget.wait(full_again_at, now), Some(Duration::from_secs(12)), "empty: one refill away");
        assert_eq!(budget.wait(full_again_at, now + 12_000), None, "one more after a refill");
    }
}
