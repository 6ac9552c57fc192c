//! Everything the server needs to start, from flags and environment only: the binary
//! must behave the same from any folder.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};

use anyhow::Context;
use rand::RngCore;
use std::time::Duration;

use crate::cli::ServeArgs;
use crate::logging::Log;

#[derive(Clone)]
pub struct Config {
    pub addr: SocketAddr,
    pub data_dir: PathBuf,
    pub secure_cookies: bool,
    pub web_dir: Option<PathBuf>,
    /// `None`: no rate limits (load tests).
    pub rate_limits: Option<RateLimits>,
    /// The server's log (`None`: the process's own `tracing` set-up, as in tests).
    pub log: Option<Log>,
    /// One line per request in the log.
    pub access_log: bool,
    /// `/metrics` only there, instead of beside the store.
    pub metrics_addr: Option<SocketAddr>,
    pub reset_every: Option<Duration>,
    /// How long /readyz says 503 after SIGTERM before the store stops taking connections.
    pub shutdown_delay: Duration,
    /// The most bytes the database file may grow to (`--max-db-size`).
    pub max_db_size: Option<u64>,
    /// `--database`: `None` for the SQLite file in the data folder.
    pub database: Option<String>,
    /// `--trusted-proxy`: whose X-Forwarded-For names the shopper.
    pub trusted_proxies: TrustedProxies,
    /// `--demo`: a public demo, with a private demo shopper per visitor.
    pub demo: Option<PublicDemo>,
    /// When an unfinished catalog import counts as left by a server that stopped.
    pub imports: Imports,
    /// `--stripe-secret-key` and its fellows: cards are paid with Stripe.
    pub stripe: Option<StripeKeys>,
    /// `--public-url`: where the mails' links lead (default: the address served on).
    pub public_url: Option<String>,
    /// `--smtp-url` and `--mail-from`: where mails are sent (none: they stay queued).
    pub smtp: Option<SmtpSettings>,
}

/// The mail server mails are handed to (docs/operating.md#mail).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SmtpSettings {
    /// `smtp://user:password@host:587` (STARTTLS when offered; `?tls=required` insists),
    /// or `smtps://...:465` (TLS from the start).
    pub url: String,
    /// Who mails come from: `Market <shop@example.com>`.
    pub from: String,
}

/// What taking card payments with Stripe needs (docs/operating.md#taking-payments-with-stripe).
#[derive(Clone)]
pub struct StripeKeys {
    pub secret_key: String,
    pub publishable_key: String,
    pub webhook_secret: String,
    /// Stripe's API, without a trailing `/` (a local fake in tests).
    pub api_base: String,
    /// Where the browser loads Stripe.js.
    pub js_url: String,
    /// How long a checkout may stay open before the settler completes it or cancels its
    /// intent: far longer than a shopper takes to confirm a card, and than Stripe takes
    /// to send its webhook. Ten minutes; tests shorten it.
    pub open_for: Duration,
}

impl StripeKeys {
    /// Stripe's live API and Stripe.js, with these keys.
    pub fn new(secret_key: &str, publishable_key: &str, webhook_secret: &str) -> StripeKeys {
        StripeKeys {
            secret_key: secret_key.into(),
            publishable_key: publishable_key.into(),
            webhook_secret: webhook_secret.into(),
            api_base: "https://api.stripe.com".into(),
            js_url: "https://js.stripe.com/v3/".into(),
            open_for: Duration::from_secs(10 * 60),
        }
    }

    /// The scheme, host and port of `url`, as a Content-Security-Policy names a source.
    pub fn origin(url: &str) -> &str {
        let after_scheme = url.find("://").map_or(0, |i| i + 3);
        let end = url[after_scheme..].find('/').map_or(url.len(), |i| after_scheme + i);
        &url[..end]
    }
}

/// An import is touched while it is worked on; one nobody touched for `left_after` was
/// left by a server that stopped, and the next server that looks finishes or drops it.
/// A minute in a store; tests shorten it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Imports {
    pub left_after: Duration,
}

impl Default for Imports {
    fn default() -> Self {
        Imports { left_after: Duration::from_secs(60) }
    }
}

impl Imports {
    /// How often an import being read and checked is touched: four times in
    /// `left_after`, so a slow write of the touch does not make it look left.
    pub fn keep_every(&self) -> Duration {
        self.left_after / 4
    }

    /// How often a server looks for left imports.
    pub fn look_every(&self) -> Duration {
        self.left_after / 2
    }
}

/// A public demo (`--demo`, docs/operating.md#running-a-public-demo): each sign-in with
/// the demo credentials makes a demo shopper of its own, which ends `ttl` after its
/// last request; the `admin` login looks at the back office and changes nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PublicDemo {
    /// `--demo-ttl`.
    pub ttl: Duration,
    /// `--demo-max`: the most demo shoppers alive at once; the one idle longest ends
    /// first to make room.
    pub most: u32,
    /// How often the sweeper ends those whose time is up.
    pub sweep_every: Duration,
}

impl PublicDemo {
    pub fn new(ttl: Duration, most: u32) -> PublicDemo {
        let sweep_every = (ttl / 20).clamp(Duration::from_secs(1), Duration::from_secs(60));
        PublicDemo { ttl, most, sweep_every }
    }

    /// A request moves its demo shopper's end on only when the end has come this much
    /// closer, so browsing is not a write per request: at most one an hour (at 24h).
    pub fn keep_every(&self) -> Duration {
        (self.ttl / 24).min(Duration::from_secs(3600))
    }
}

/// Whether the store is a public demo, as the handlers and layers read it (app data).
#[derive(Debug, Clone, Default)]
pub struct Demo {
    pub public: Option<PublicDemo>,
    /// The look-only login's account, once the store has made or found it at start.
    pub viewer: std::sync::Arc<std::sync::OnceLock<i64>>,
    /// Demo shoppers are made one at a time.
    pub making: OneAtATime,
}

/// Admits one holder at a time, the others waiting in turn. A crowd pressing "Demo
/// sign-in" (or a script doing it) then queues for a demo shopper instead of taking the
/// store's cores from the shoppers browsing it (figures in docs/operating.md, "Running
/// a public demo").
#[derive(Debug, Clone)]
pub struct OneAtATime(std::sync::Arc<tokio::sync::Semaphore>);

impl Default for OneAtATime {
    fn default() -> OneAtATime {
        OneAtATime(std::sync::Arc::new(tokio::sync::Semaphore::new(1)))
    }
}

impl OneAtATime {
    /// Waits for this holder's turn, which lasts until the answer is dropped.
    pub async fn turn(&self) -> tokio::sync::SemaphorePermit<'_> {
        self.0.acquire().await.expect("the semaphore is never closed")
    }
}

/// The load balancers and proxies whose `X-Forwarded-For` is believed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies(pub Vec<std::net::IpAddr>);

impl Config {
    /// The defaults of `market serve`, over a given data folder.
    pub fn new(addr: SocketAddr, data_dir: impl Into<PathBuf>) -> Config {
        Config {
            addr,
            data_dir: data_dir.into(),
            secure_cookies: false,
            web_dir: None,
            rate_limits: Some(RateLimits::default()),
            log: None,
            access_log: false,
            metrics_addr: None,
            reset_every: None,
            shutdown_delay: Duration::ZERO,
            max_db_size: None,
            database: None,
            trusted_proxies: TrustedProxies::default(),
            demo: None,
            imports: Imports::default(),
            stripe: None,
            public_url: None,
            smtp: None,
        }
    }

    pub fn db_path(&self) -> PathBuf {
        self.data_dir.join("market.db")
    }

    /// The catalog index's folder: in the data folder, beside the database it follows.
    pub fn catalog_index_dir(&self) -> PathBuf {
        catalog_index_dir(&self.data_dir)
    }

    /// Creates the data folder if needed and checks it can be used.
    pub fn prepare(&self) -> anyhow::Result<()> {
        std::fs::create_dir_all(&self.data_dir)
            .map_err(|e| anyhow::anyhow!("cannot create the data folder {}: {e}", self.data_dir.display()))?;
        if let Some(dir) = &self.web_dir
            && !dir.join("index.html").is_file()
        {
            anyhow::bail!("--web-dir {} holds no index.html", dir.display());
        }
        Ok(())
    }

    /// The server secret that signs session cookies and anti-forgery tokens:
    /// `MARKET_SECRET_KEY` when set, otherwise a random one made on first start and
    /// kept (owner-only) in the data folder, so a restart signs nobody out.
    pub fn secret(&self) -> anyhow::Result<Secret> {
        match Config::given_secret()? {
            Some(secret) => Ok(secret),
            None => load_or_create_secret(&self.data_dir.join("secret.key")),
        }
    }

    /// `MARKET_SECRET_KEY`, when the operator gives one.
    pub fn given_secret() -> anyhow::Result<Option<Secret>> {
        let Ok(value) = std::env::var("MARKET_SECRET_KEY") else { return Ok(None) };
        anyhow::ensure!(value.len() >= 32, "MARKET_SECRET_KEY must be at least 32 characters long");
        Ok(Some(Secret(value.into_bytes())))
    }
}

impl Config {
    /// The configuration `market serve` was given; `log` is the server's log, which gets
    /// the access lines unless `--access-log off`.
    pub fn from_args(a: ServeArgs, log: &Log) -> Self {
        let stripe = stripe_keys(&a);
        let rate_limits = (a.rate_limits == "on").then_some(RateLimits {
            signin_failures_per_address: Limit::per_minute(a.signin_failures_per_address),
            signin_failures_per_account: Limit::per_hour(a.signin_failures_per_account),
            signups_per_address: Limit::per_hour(a.signups_per_address),
        });
        Config {
            addr: a.addr,
            data_dir: a.data_dir,
            secure_cookies: a.secure_cookies,
            web_dir: a.web_dir,
            rate_limits,
            log: Some(log.clone()),
            access_log: a.access_log == "on",
            metrics_addr: a.metrics_addr,
            reset_every: a.reset_every,
            shutdown_delay: a.shutdown_delay,
            max_db_size: a.max_db_size,
            database: a.database,
            trusted_proxies: TrustedProxies(a.trusted_proxies),
            demo: a.demo.then(|| PublicDemo::new(a.demo_ttl, a.demo_max)),
            imports: Imports::default(),
            stripe,
            public_url: a.public_url,
            smtp: a.smtp_url.map(|url| SmtpSettings { url, from: a.mail_from }),
        }
    }
}

fn stripe_keys(a: &ServeArgs) -> Option<StripeKeys> {
    let (secret, publishable, webhook) = (
        a.stripe_secret_key.as_ref()?,
        a.stripe_publishable_key.as_ref()?,
        a.stripe_webhook_secret.as_ref()?,
    );
    Some(StripeKeys {
        api_base: a.stripe_api_base.trim_end_matches('/').to_owned(),
        js_url: a.stripe_js_url.clone(),
        ..StripeKeys::new(secret, publishable, webhook)
    })
}

/// At most `max` events in any window of `per`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limit {
    pub max: u32,
    pub per: Duration,
}

impl Limit {
    pub const fn per_minute(max: u32) -> Limit {
        Limit { max, per: Duration::from_secs(60) }
    }

    pub const fn per_hour(max: u32) -> Limit {
        Limit { max, per: Duration::from_secs(3600) }
    }
}

/// The limits a server enforces; `None` turns them all off (load tests).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateLimits {
    pub signin_failures_per_address: Limit,
    pub signin_failures_per_account: Limit,
    pub signups_per_address: Limit,
}

impl Default for RateLimits {
    fn default() -> Self {
        RateLimits {
            signin_failures_per_address: Limit::per_minute(10),
            signin_failures_per_account: Limit::per_hour(100),
            signups_per_address: Limit::per_hour(20),
        }
    }
}

#[derive(Clone)]
pub struct Secret(Vec<u8>);

impl Secret {
    pub fn from_bytes(bytes: Vec<u8>) -> Self {
        Secret(bytes)
    }

    pub fn as_bytes(&self) -> &[u8] {
        &self.0
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(..)")
    }
}

fn load_or_create_secret(path: &Path) -> anyhow::Result<Secret> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;

    if let Ok(hex) = std::fs::read_to_string(path) {
        let hex = hex.trim();
        anyhow::ensure!(hex.len() >= 64, "{} is too short; delete it to make a new one", path.display());
        return Ok(Secret(hex.as_bytes().to_vec()));
    }
    let mut bytes = [0u8; 64];
    rand::rng().fill_bytes(&mut bytes);
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    // create_new: two servers starting at once cannot overwrite each other's secret.
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)
        .with_context(|| format!("creating {}", path.display()))?;
    file.write_all(hex.as_bytes())?;
    file.sync_all()?;
    Ok(Secret(hex.into_bytes()))
}

/// The catalog index's folder in the data folder `data_dir` (`market serve`, `seed` and
/// `restore` agree on it).
pub fn catalog_index_dir(data_dir: &std::path::Path) -> PathBuf {
    data_dir.join("catalog-index")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::fs::PermissionsExt;

    #[test]
    fn the_secret_is_made_once_kept_owner_only_and_reused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("secret.key");
        let first = load_or_create_secret(&path).unwrap();
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode, 0o600);
        let second = load_or_create_secret(&path).unwrap();
        assert_eq!(first.as_bytes(), second.as_bytes());
        assert!(first.as_bytes().len() >= 64);
    }
}
