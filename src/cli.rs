//! The command line: `market serve` with defaults on every flag, each also read from
//! a `MARKET_*` environment variable, and the operator's commands beside it.

use std::net::SocketAddr;
use std::path::PathBuf;

use std::time::Duration;

use clap::{Args, Parser, Subcommand};

pub use crate::logging::LogFormat;

/// A duration of at least a minute, as people write it (`24h`, `90m`).
fn parse_period(text: &str) -> Result<Duration, String> {
    let period = humantime::parse_duration(text).map_err(|e| e.to_string())?;
    if period < Duration::from_secs(60) {
        return Err("at least 1m".into());
    }
    Ok(period)
}

/// A size such as `512MB`, `2GB` or `1.5GiB` (bytes when no unit is given).
fn parse_size(text: &str) -> Result<u64, String> {
    let text = text.trim();
    let split = text.find(|c: char| !(c.is_ascii_digit() || c == '.')).unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let number: f64 = number.parse().map_err(|_| format!("{text:?} is not a size such as 512MB or 2GB"))?;
    let unit = match unit.trim().to_ascii_lowercase().as_str() {
        "" | "b" => 1u64,
        "kb" | "k" => 1_000,
        "kib" => 1 << 10,
        "mb" | "m" => 1_000_000,
        "mib" => 1 << 20,
        "gb" | "g" => 1_000_000_000,
        "gib" => 1 << 30,
        "tb" | "t" => 1_000_000_000_000,
        "tib" => 1 << 40,
        other => return Err(format!("unknown unit {other:?}: use B, KB, MB, GB or TB (or KiB, MiB...)")),
    };
    let bytes = number * unit as f64;
    if bytes < 1.0 {
        return Err("more than nothing".into());
    }
    Ok(bytes as u64)
}

/// `--public-url`: an http or https address, kept without its trailing `/`.
fn parse_public_url(text: &str) -> Result<String, String> {
    let url = text.trim().trim_end_matches('/');
    let rest = url.strip_prefix("https://").or_else(|| url.strip_prefix("http://"));
    match rest {
        Some(host) if !host.is_empty() && !url.chars().any(|c| c.is_whitespace() || c.is_control()) => {
            Ok(url.to_owned())
        }
        _ => Err(format!("{text:?} is not an http:// or https:// address")),
    }
}

#[derive(Parser, Debug)]
#[command(name = "market", version, about = "Market: an online department store in one binary")]
#[command(
    after_help = "Run `market <command> --help` for a command's options. Operating it: README.md, \"Operating it\"."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Serve the store (web app and JSON API); creates and seeds the database on first run.
    Serve(Box<ServeArgs>),
    /// Make a new catalog of the seeded products and generated ones, N in all (for trying
    /// the store at scale): a new SQLite file, or, on PostgreSQL, the catalog made anew in
    /// the existing database, refused while servers serve it. Refuses a database that
    /// holds shoppers' data.
    Seed(SeedArgs),
    /// Copy a store's database into one file, consistently, while the store serves (SQLite
    /// stores only; use pg_dump for PostgreSQL).
    Backup(BackupArgs),
    /// Put a backup back into a stopped store, after checking it (keeps the replaced one).
    /// SQLite stores only; use pg_dump and pg_restore for PostgreSQL.
    Restore(RestoreArgs),
    /// Take the store back to its seeded state: every account, order and review shoppers
    /// made goes. A SQLite store must be stopped; on PostgreSQL (--database URL) the
    /// servers may keep serving.
    Reset(ResetArgs),
    /// Manage the store's staff: who may use the back office (/admin), and at which role.
    /// Works on a stopped SQLite store, and beside running servers on PostgreSQL.
    Staff(StaffArgs),
    /// Print the API's OpenAPI 3.1 document (what `GET /api/openapi.json` answers).
    Openapi,
}

#[derive(Args, Debug, Clone)]
pub struct BackupArgs {
    /// The file to write (replaced if it exists; written under a temporary name first).
    #[arg(long, value_name = "FILE")]
    pub to: PathBuf,

    /// The store's data folder.
    #[arg(long, env = "MARKET_DATA_DIR", default_value = "./data")]
    pub data_dir: PathBuf,

    /// The SQLite file, when it is not the data folder's (`sqlite:PATH`). A PostgreSQL
    /// URL is refused: back it up with pg_dump.
    #[arg(long, env = "MARKET_DATABASE", value_name = "URL")]
    pub database: Option<String>,
}

#[derive(Args, Debug, Clone)]
pub struct RestoreArgs {
    /// A file `market backup` wrote.
    #[arg(long, value_name = "FILE")]
    pub from: PathBuf,

    /// The data folder of the stopped store to restore into.
    #[arg(long, env = "MARKET_DATA_DIR", default_value = "./data")]
    pub data_dir: PathBuf,

    /// The SQLite file, when it is not the data folder's (`sqlite:PATH`). A PostgreSQL
    /// URL is refused: restore it with pg_restore.
    #[arg(long, env = "MARKET_DATABASE", value_name = "URL")]
    pub database: Option<String>,
}

#[derive(Args, Debug, Clone)]
pub struct StaffArgs {
    #[command(subcommand)]
    pub command: StaffCommand,

    /// The data folder of the SQLite store, which must be stopped (not used with a
    /// PostgreSQL --database).
    #[arg(long, env = "MARKET_DATA_DIR", default_value = "./data", global = true)]
    pub data_dir: PathBuf,

    /// Where the store's data lives, as for `market serve`.
    #[arg(long, env = "MARKET_DATABASE", value_name = "URL", global = true)]
    pub database: Option<String>,
}

#[derive(Subcommand, Debug, Clone)]
pub enum StaffCommand {
    /// Create a staff account, or give an existing account a role. The password is read
    /// from standard input (asked for, without echo, on a terminal); for an existing
    /// account an empty one keeps its password.
    Add {
        username: String,
        /// owner (also manages staff), staff (changes the catalog, stock, orders and
        /// reviews) or viewer (looks, changes nothing).
        #[arg(long, value_parser = ["owner", "staff", "viewer"])]
        role: String,
        /// For a new account (default: USERNAME@market.test).
        #[arg(long)]
        email: Option<String>,
    },
    /// List the staff accounts and their roles.
    List,
    /// Take an account's role away: it stays, as a shopper's.
    Remove { username: String },
}

#[derive(Args, Debug, Clone)]
pub struct ResetArgs {
    /// Yes, delete what shoppers made.
    #[arg(long)]
    pub yes: bool,

    /// The data folder of the SQLite store to reset, which must be stopped (not used with
    /// a PostgreSQL --database).
    #[arg(long, env = "MARKET_DATA_DIR", default_value = "./data")]
    pub data_dir: PathBuf,

    /// Where the store's data lives: absent or `sqlite:` for the SQLite file in the data
    /// folder (`sqlite:PATH` for another file), or `postgres://user:password@host:port/db`
    /// for a PostgreSQL database that several servers can share, with TLS as its `sslmode`
    /// and `sslrootcert` ask (libpq's words: `?sslmode=verify-full&sslrootcert=ca.pem`).
    #[arg(long, env = "MARKET_DATABASE", value_name = "URL")]
    pub database: Option<String>,
}

#[derive(Args, Debug, Clone)]
pub struct SeedArgs {
    /// How many products the catalog holds in all (at least the 156 seeded ones).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub products: u64,

    /// Folder of the SQLite database file (market.db); created if missing. Not used with a
    /// PostgreSQL --database.
    #[arg(long, env = "MARKET_DATA_DIR", default_value = "./data")]
    pub data_dir: PathBuf,

    /// Where the store's data lives: absent or `sqlite:` for the SQLite file in the data
    /// folder (`sqlite:PATH` for another file), or `postgres://user:password@host:port/db`
    /// for a PostgreSQL database that several servers can share, with TLS as its `sslmode`
    /// and `sslrootcert` ask (libpq's words: `?sslmode=verify-full&sslrootcert=ca.pem`).
    #[arg(long, env = "MARKET_DATABASE", value_name = "URL")]
    pub database: Option<String>,

    /// Replace a database that holds shoppers' accounts, carts, favorites or orders.
    #[arg(long)]
    pub force: bool,
}

#[derive(Args, Debug, Clone)]
pub struct ServeArgs {
    /// Address to listen on (port 0 picks a free port).
    #[arg(long, env = "MARKET_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,

    /// Folder of the SQLite database file (market.db), its lock, the catalog index
    /// (catalog-index/) and, without MARKET_SECRET_KEY, the secret key (secret.key);
    /// created if missing. On PostgreSQL it holds only this server's catalog index.
    #[arg(long, env = "MARKET_DATA_DIR", default_value = "./data")]
    pub data_dir: PathBuf,

    /// Where the store's data lives: absent or `sqlite:` for the SQLite file in the data
    /// folder (`sqlite:PATH` for another file), or `postgres://user:password@host:port/db`
    /// for a PostgreSQL database that several servers can share, with TLS as its `sslmode`
    /// and `sslrootcert` ask (libpq's words: `?sslmode=verify-full&sslrootcert=ca.pem`).
    #[arg(long, env = "MARKET_DATABASE", value_name = "URL")]
    pub database: Option<String>,

    /// Mark cookies Secure (with the __Host- prefix) and send HSTS: set this when the
    /// store is served over HTTPS, behind a TLS-terminating proxy.
    #[arg(long, env = "MARKET_SECURE_COOKIES")]
    pub secure_cookies: bool,

    /// Limits on failed sign-ins and sign-ups (429 beyond them): `on`, or `off` for load
    /// tests and benchmarks.
    #[arg(long, env = "MARKET_RATE_LIMITS", default_value = "on", value_parser = ["on", "off"])]
    pub rate_limits: String,

    /// Failed sign-ins allowed from one client address in any minute.
    #[arg(long, env = "MARKET_SIGNIN_FAILURES_PER_ADDRESS", default_value_t = 10,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub signin_failures_per_address: u32,

    /// Failed sign-ins allowed on one account in any hour (OWASP ASVS 2.2.1: at most 100).
    #[arg(long, env = "MARKET_SIGNIN_FAILURES_PER_ACCOUNT", default_value_t = 100,
          value_parser = clap::value_parser!(u32).range(1..=100))]
    pub signin_failures_per_account: u32,

    /// Accounts that one client address may create in any hour.
    #[arg(long, env = "MARKET_SIGNUPS_PER_ADDRESS", default_value_t = 20,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub signups_per_address: u32,

    /// Where the log goes (the server's events and one access line per request): a file,
    /// appended to and reopened on SIGHUP (for log rotation); stderr when not given.
    #[arg(long, env = "MARKET_LOG_FILE", value_name = "PATH")]
    pub log_file: Option<PathBuf>,

    /// `text` for people, `json` for log collectors (one object a line).
    #[arg(long, env = "MARKET_LOG_FORMAT", value_enum, default_value = "text")]
    pub log_format: LogFormat,

    /// One line per request in the log: `on`, or `off`.
    #[arg(long, env = "MARKET_ACCESS_LOG", default_value = "on", value_parser = ["on", "off"])]
    pub access_log: String,

    /// Serve GET /metrics only on this address (e.g. 127.0.0.1:9100) instead of beside
    /// the store.
    #[arg(long, env = "MARKET_METRICS_ADDR")]
    pub metrics_addr: Option<SocketAddr>,

    /// Take the store back to its seeded state this often while it serves (e.g. 24h),
    /// signing everyone out: for a public demo.
    #[arg(long, env = "MARKET_RESET_EVERY", value_name = "DURATION", value_parser = parse_period)]
    pub reset_every: Option<Duration>,

    /// A public demo: each sign-in with the demo shopper's credentials makes a private
    /// demo shopper for that browser (pre-filled; nobody else sees its cart, favorites or
    /// orders), which ends with all it made --demo-ttl after its last request; the login
    /// `admin` (a viewer) opens the back office and changes nothing. Off: everyone who
    /// signs in as the demo shopper shares one account.
    #[arg(long, env = "MARKET_DEMO")]
    pub demo: bool,

    /// With --demo: how long after its last request a demo shopper ends (its reviews
    /// leave the ratings, its unshipped orders' units go back to stock).
    #[arg(long, env = "MARKET_DEMO_TTL", value_name = "DURATION", default_value = "24h", value_parser = parse_period)]
    pub demo_ttl: Duration,

    /// With --demo: the most demo shoppers alive at once; past it, the one idle longest
    /// ends first.
    #[arg(long, env = "MARKET_DEMO_MAX", default_value_t = 10_000,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub demo_max: u32,

    /// After SIGTERM, how long /readyz answers 503 while the store still serves, before
    /// it stops taking connections (so a load balancer stops sending work first).
    #[arg(long, env = "MARKET_SHUTDOWN_DELAY", value_name = "DURATION", default_value = "2s",
          value_parser = humantime::parse_duration)]
    pub shutdown_delay: Duration,

    /// The most the SQLite database file may grow to (e.g. 2GB); past it, writes are refused
    /// with 503 as on a full disk while browsing goes on. No limit but the disk's when not
    /// given. SQLite only: refused with a PostgreSQL --database.
    #[arg(long, env = "MARKET_MAX_DB_SIZE", value_name = "SIZE", value_parser = parse_size)]
    pub max_db_size: Option<u64>,

    /// The address of a load balancer or proxy in front of the store (repeatable, or
    /// comma-separated): for requests from it, the shopper's address is the last one it
    /// added to X-Forwarded-For: the sign-in and sign-up limits count by it, and the access
    /// log names it.
    #[arg(long = "trusted-proxy", env = "MARKET_TRUSTED_PROXIES", value_name = "IP", value_delimiter = ',')]
    pub trusted_proxies: Vec<std::net::IpAddr>,

    /// Take card payments with Stripe (docs/operating.md#taking-payments-with-stripe):
    /// the account's secret key (`sk_live_...`, or `sk_test_...` for its test mode).
    /// Without it, cards are paid to the offline `test` provider.
    #[arg(long, env = "MARKET_STRIPE_SECRET_KEY", value_name = "KEY", hide_env_values = true,
          requires_all = ["stripe_publishable_key", "stripe_webhook_secret"])]
    pub stripe_secret_key: Option<String>,

    /// With --stripe-secret-key: the publishable key (`pk_...`) the checkout's card
    /// element uses.
    #[arg(long, env = "MARKET_STRIPE_PUBLISHABLE_KEY", value_name = "KEY", requires = "stripe_secret_key")]
    pub stripe_publishable_key: Option<String>,

    /// With --stripe-secret-key: the signing secret (`whsec_...`) of the webhook endpoint
    /// registered for this store's `/api/payments/stripe/webhook`.
    #[arg(
        long,
        env = "MARKET_STRIPE_WEBHOOK_SECRET",
        value_name = "SECRET",
        hide_env_values = true,
        requires = "stripe_secret_key"
    )]
    pub stripe_webhook_secret: Option<String>,

    /// Where Stripe's API answers (tests point it at a local fake).
    #[arg(
        long,
        env = "MARKET_STRIPE_API_BASE",
        value_name = "URL",
        default_value = "https://api.stripe.com",
        hide = true
    )]
    pub stripe_api_base: String,

    /// Where the browser loads Stripe.js from (tests point it at a local fake).
    #[arg(
        long,
        env = "MARKET_STRIPE_JS_URL",
        value_name = "URL",
        default_value = "https://js.stripe.com/v3/",
        hide = true
    )]
    pub stripe_js_url: String,

    /// The store's address as shoppers reach it (`https://shop.example.com`), for the
    /// links in its mails. Default: the address it serves on.
    #[arg(long, env = "MARKET_PUBLIC_URL", value_name = "URL", value_parser = parse_public_url)]
    pub public_url: Option<String>,

    /// Send mails through this mail server (docs/operating.md#mail):
    /// `smtp://user:password@host:587` (STARTTLS when the server offers it;
    /// `?tls=required` refuses one that does not) or `smtps://user:password@host:465`.
    /// Without it, mails stay in the outbox, readable in the back office.
    #[arg(long, env = "MARKET_SMTP_URL", value_name = "URL", hide_env_values = true)]
    pub smtp_url: Option<String>,

    /// With --smtp-url: who mails come from.
    #[arg(long, env = "MARKET_MAIL_FROM", value_name = "ADDRESS", default_value = "Market <shop@localhost>")]
    pub mail_from: String,

    /// Serve the web app from this folder instead of the embedded copy (for `make dev`).
    #[arg(long, env = "MARKET_WEB_DIR", hide = true)]
    pub web_dir: Option<PathBuf>,
}
