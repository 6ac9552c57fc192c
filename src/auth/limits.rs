//! Anti-automation (OWASP ASVS 2.2.1, 11.1.4): failed sign-ins are limited per
//! account and per client address, sign-ups per client address, requests for a
//! password reset per client address and per e-mail address. Beyond a limit the API
//! answers 429 with `Retry-After`.
//!
//! The counting is GCRA. A limit of N per period is a bucket of ceil(N/2) attempts
//! that refills at (N - ceil(N/2)) per period, so that no window of that period ever
//! holds more than N. Only *failed* sign-ins count: a shopper who signs in often is
//! never slowed down. Attempts are refused before any password is checked.
//!
//! A lone server (SQLite) counts in memory with governor; governor cannot tell whether
//! the next attempt would pass without spending it, so a key whose bucket is empty is
//! remembered as blocked until its next refill. Servers sharing a PostgreSQL database
//! count in it (`db/rate_limits.rs`): one budget for the whole store, not one per
//! server, which N servers would multiply by N.

use std::collections::HashMap;
use std::hash::Hash;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use governor::clock::{Clock, DefaultClock};
use governor::middleware::StateInformationMiddleware;
use governor::state::keyed::DefaultKeyedStateStore;
use governor::{Quota, RateLimiter};
use prometheus_client::metrics::counter::Counter;

pub use crate::config::{Limit, RateLimits};
use crate::db::Db;
use crate::db::rate_limits::Budget;
use crate::error::ApiError;

/// Half the allowance at once, the other half spread over the period.
fn budget(limit: Limit) -> Budget {
    let max = limit.max.max(1);
    let burst = max.div_ceil(2);
    let refills = (max - burst).max(1);
    Budget { burst, every: (limit.per / refills).max(Duration::from_millis(1)) }
}

/// [`budget`] as governor counts it.
fn quota(limit: Limit) -> Quota {
    let Budget { burst, every } = budget(limit);
    Quota::with_period(every)
        .expect("a positive interval")
        .allow_burst(NonZeroU32::new(burst).expect("at least one"))
}

type Keyed<K> = RateLimiter<K, DefaultKeyedStateStore<K>, DefaultClock, StateInformationMiddleware>;

/// Counts failures per key; a key that has used up its allowance is blocked until
/// its bucket refills by one.
struct FailureLimiter<K: Hash + Eq + Clone> {
    failures: Keyed<K>,
    blocked: Mutex<HashMap<K, Instant>>,
    refill: Duration,
}

impl<K: Hash + Eq + Clone> FailureLimiter<K> {
    fn new(limit: Limit) -> Self {
        let quota = quota(limit);
        FailureLimiter {
            failures: RateLimiter::dashmap(quota).with_middleware::<StateInformationMiddleware>(),
            blocked: Mutex::new(HashMap::new()),
            refill: quota.replenish_interval(),
        }
    }

    /// How long `key` must still wait, if it is blocked.
    fn wait(&self, key: &K) -> Option<Duration> {
        let blocked = self.blocked.lock().expect("limiter lock");
        blocked.get(key).and_then(|until| until.checked_duration_since(Instant::now()))
    }

    fn fail(&self, key: &K) {
        let wait = match self.failures.check_key(key) {
            Ok(state) if state.remaining_burst_capacity() > 0 => return,
            Ok(_) => self.refill,
            Err(not_until) => not_until.wait_time_from(self.failures.clock().now()).max(self.refill),
        };
        self.blocked.lock().expect("limiter lock").insert(key.clone(), Instant::now() + wait);
    }

    fn sweep(&self) {
        self.failures.retain_recent();
        self.failures.shrink_to_fit();
        let now = Instant::now();
        self.blocked.lock().expect("limiter lock").retain(|_, until| *until > now);
    }
}

/// Who a sign-in names: the account when it exists, else the credential as typed
/// (case-folded), so an unknown name is limited exactly like a real one and the
/// answers tell nobody which accounts exist.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Account {
    Id(i64),
    Name(String),
}

struct Limiters {
    signin_by_address: FailureLimiter<IpAddr>,
    signin_by_account: FailureLimiter<Account>,
    signups_by_address: Keyed<IpAddr>,
    resets_by_address: Keyed<IpAddr>,
    resets_by_email: Keyed<String>,
}

/// Requests for a password reset, per client address and per e-mail address: 5 at
/// once, then one more every 12 minutes (5 an hour). Each sends a mail, so the limit
/// keeps the store from mailing anyone over and over.
const RESETS: Budget = Budget { burst: 5, every: Duration::from_secs(12 * 60) };

fn reset_quota() -> Quota {
    Quota::with_period(RESETS.every)
        .expect("a positive interval")
        .allow_burst(NonZeroU32::new(RESETS.burst).expect("at least one"))
}

/// The keys a request for a reset is counted under.
fn reset_keys(address: IpAddr, email: &str) -> Vec<(String, Budget)> {
    vec![
        (format!("reset:address:{address}"), RESETS),
        (format!("reset:email:{}", email.trim().to_lowercase()), RESETS),
    ]
}

/// Where the budgets are counted.
enum Budgets {
    /// In this process: the server is the store's only one.
    Here(Box<Limiters>),
    /// In the database the servers share.
    Shared { db: Db, limits: RateLimits },
}

/// The keys a sign-in attempt is counted under.
fn signin_keys(limits: &RateLimits, address: IpAddr, account: &Account) -> Vec<(String, Budget)> {
    let account = match account {
        Account::Id(id) => format!("signin:account:{id}"),
        Account::Name(name) => format!("signin:name:{name}"),
    };
    vec![
        (format!("signin:address:{address}"), budget(limits.signin_failures_per_address)),
        (account, budget(limits.signin_failures_per_account)),
    ]
}

/// The server's rate limiters (one per server; cheap to share).
pub struct Limiter {
    limits: Option<Budgets>,
    /// Wrong passwords, and requests refused with 429 (`/metrics`).
    pub signin_failures: Counter,
    pub rejections: Counter,
}

fn too_many(message: &str, wait: Duration) -> ApiError {
    // Whole seconds, rounded up, and never 0: "retry now" would invite a tight loop.
    let retry_after = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
    ApiError::TooManyRequests { message: message.to_owned(), retry_after: retry_after.max(1) }
}

const SIGNIN_MESSAGE: &str = "Too many failed sign-ins. Please wait a while and try again.";
const SIGNUP_MESSAGE: &str = "Too many new accounts from your address. Please wait a while and try again.";
const RESET_MESSAGE: &str = "Too many requests to reset a password. Please wait a while and try again.";

impl Limiter {
    /// Limits counted in this process (`None`: no limits at all).
    pub fn new(limits: Option<RateLimits>) -> Limiter {
        let limits = limits.map(|l| {
            Budgets::Here(Box::new(Limiters {
                signin_by_address: FailureLimiter::new(l.signin_failures_per_address),
                signin_by_account: FailureLimiter::new(l.signin_failures_per_account),
                signups_by_address: RateLimiter::dashmap(quota(l.signups_per_address))
                    .with_middleware::<StateInformationMiddleware>(),
                resets_by_address: RateLimiter::dashmap(reset_quota())
                    .with_middleware::<StateInformationMiddleware>(),
                resets_by_email: RateLimiter::dashmap(reset_quota())
                    .with_middleware::<StateInformationMiddleware>(),
            }))
        });
        Limiter { limits, signin_failures: Counter::default(), rejections: Counter::default() }
    }

    /// Limits counted in `db` when other servers share it, else in this process.
    pub fn for_store(limits: Option<RateLimits>, db: &Db) -> Limiter {
        match limits {
            Some(limits) if db.is_shared() => Limiter {
                limits: Some(Budgets::Shared { db: db.clone(), limits }),
                signin_failures: Counter::default(),
                rejections: Counter::default(),
            },
            limits => Limiter::new(limits),
        }
    }

    /// Before a password is checked: 429 while the address or the account is blocked.
    pub async fn check_signin(&self, address: IpAddr, account: &Account) -> Result<(), ApiError> {
        let wait = match &self.limits {
            None => return Ok(()),
            Some(Budgets::Here(l)) => {
                l.signin_by_address.wait(&address).max(l.signin_by_account.wait(account))
            }
            Some(Budgets::Shared { db, limits }) => {
                db.budget_wait(signin_keys(limits, address, account)).await?
            }
        };
        match wait {
            Some(wait) => {
                self.rejections.inc();
                Err(too_many(SIGNIN_MESSAGE, wait))
            }
            None => Ok(()),
        }
    }

    /// After a wrong password: counts against both the address and the account.
    pub async fn signin_failed(&self, address: IpAddr, account: &Account) -> Result<(), ApiError> {
        self.signin_failures.inc();
        match &self.limits {
            None => {}
            Some(Budgets::Here(l)) => {
                l.signin_by_address.fail(&address);
                l.signin_by_account.fail(account);
            }
            Some(Budgets::Shared { db, limits }) => {
                db.budget_spend(signin_keys(limits, address, account)).await?
            }
        }
        Ok(())
    }

    /// Before an account is created (and its password hashed): counts the attempt.
    pub async fn check_signup(&self, address: IpAddr) -> Result<(), ApiError> {
        let wait = match &self.limits {
            None => None,
            Some(Budgets::Here(l)) => l
                .signups_by_address
                .check_key(&address)
                .err()
                .map(|not_until| not_until.wait_time_from(l.signups_by_address.clock().now())),
            Some(Budgets::Shared { db, limits }) => {
                let key = format!("signup:address:{address}");
                db.budget_take(key, budget(limits.signups_per_address)).await?
            }
        };
        match wait {
            Some(wait) => {
                self.rejections.inc();
                Err(too_many(SIGNUP_MESSAGE, wait))
            }
            None => Ok(()),
        }
    }

    /// Before a reset is looked up (whether or not an account has the address): counts
    /// the request against the client's address and the e-mail address.
    pub async fn check_password_reset(&self, address: IpAddr, email: &str) -> Result<(), ApiError> {
        let wait = match &self.limits {
            None => None,
            Some(Budgets::Here(l)) => {
                let now = l.resets_by_address.clock().now();
                let by_address = l.resets_by_address.check_key(&address).err();
                let by_email = l.resets_by_email.check_key(&email.trim().to_lowercase()).err();
                by_address.into_iter().chain(by_email).map(|not_until| not_until.wait_time_from(now)).max()
            }
            Some(Budgets::Shared { db, .. }) => match db.budget_wait(reset_keys(address, email)).await? {
                Some(wait) => Some(wait),
                None => {
                    db.budget_spend(reset_keys(address, email)).await?;
                    None
                }
            },
        };
        match wait {
            Some(wait) => {
                self.rejections.inc();
                Err(too_many(RESET_MESSAGE, wait))
            }
            None => Ok(()),
        }
    }

    /// Forgets keys whose buckets are full again, so memory (or the table) stays bounded.
    pub async fn sweep(&self) -> Result<(), crate::db::Error> {
        match &self.limits {
            None => {}
            Some(Budgets::Here(l)) => {
                l.signin_by_address.sweep();
                l.signin_by_account.sweep();
                l.signups_by_address.retain_recent();
                l.signups_by_address.shrink_to_fit();
                l.resets_by_address.retain_recent();
                l.resets_by_address.shrink_to_fit();
                l.resets_by_email.retain_recent();
                l.resets_by_email.shrink_to_fit();
            }
            Some(Budgets::Shared { db, .. }) => {
                db.forget_full_budgets().await?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn allowed_in_a_row(limit: Limit) -> u32 {
        let limiter = FailureLimiter::<u8>::new(limit);
        let mut n = 0;
        while limiter.wait(&1).is_none() {
            limiter.fail(&1);
            n += 1;
            assert!(n <= limit.max, "{limit:?} let {n} through");
        }
        n
    }

    #[test]
    fn half_the_allowance_comes_at_once_and_never_more_than_the_limit_per_window() {
        assert_eq!(allowed_in_a_row(Limit::per_hour(100)), 50);
        assert_eq!(allowed_in_a_row(Limit::per_minute(10)), 5);
        assert_eq!(allowed_in_a_row(Limit::per_minute(1)), 1);
        // The other half arrives evenly over the period: 50 more in the hour, 100 in all.
        assert_eq!(quota(Limit::per_hour(100)).replenish_interval(), Duration::from_secs(72));
        assert_eq!(quota(Limit::per_minute(10)).replenish_interval(), Duration::from_secs(12));
    }

    #[test]
    fn a_blocked_key_waits_one_refill_and_other_keys_are_untouched() {
        let limiter = FailureLimiter::<u8>::new(Limit::per_minute(2));
        limiter.fail(&1);
        let wait = limiter.wait(&1).expect("blocked after its one-at-once attempt");
        assert!(wait <= Duration::from_secs(60) && wait > Duration::from_secs(55), "{wait:?}");
        assert_eq!(limiter.wait(&2), None);
    }

    #[test]
    fn retry_after_is_whole_seconds_rounded_up() {
        let retry = |d| match too_many("x", d) {
            ApiError::TooManyRequests { retry_after, .. } => retry_after,
            other => panic!("{other:?}"),
        };
        assert_eq!(retry(Duration::from_millis(1)), 1);
        assert_eq!(retry(Duration::from_millis(72_001)), 73);
        assert_eq!(retry(Duration::ZERO), 1);
    }

    #[actix_web::test]
    async fn off_means_off() {
        let limiter = Limiter::new(None);
        let address = IpAddr::from([127, 0, 0, 1]);
        for _ in 0..1000 {
            limiter.signin_failed(address, &Account::Id(1)).await.unwrap();
            assert!(limiter.check_signup(address).await.is_ok());
        }
        assert!(limiter.check_signin(address, &Account::Id(1)).await.is_ok());
    }
}
