//! The command line: `market serve` with defaults on every flag, each also read from
//! a `MARKET_*` environment variable.

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

#[derive(Parser, Debug)]
#[command(name = "market", version, about = "Market: an online department store in one binary")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Serve the store (web app and JSON API); creates and seeds the database on first run.
    Serve(ServeArgs),
    /// Make a new database holding the seeded catalog and generated products, N in all
    /// (for trying the store at scale). Refuses a database that holds shoppers' data.
    Seed(SeedArgs),
    /// Print the API's OpenAPI 3.1 document (what `GET /api/openapi.json` answers).
    Openapi,
}

#[derive(Args, Debug, Clone)]
pub struct SeedArgs {
    /// How many products the catalog holds in all (at least the 156 seeded ones).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    pub products: u64,

    /// Folder for the database file; created if missing.
    #[arg(long, env = "MARKET_DATA_DIR", default_value = "./data")]
    pub data_dir: PathBuf,

    /// Replace a database that holds shoppers' accounts, carts, favorites or orders.
    #[arg(long)]
    pub force: bool,
}

#[derive(Args, Debug, Clone)]
pub struct ServeArgs {
    /// Address to listen on (port 0 picks a free port).
    #[arg(long, env = "MARKET_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,

    /// Folder for the database file; created if missing.
    #[arg(long, env = "MARKET_DATA_DIR", default_value = "./data")]
    pub data_dir: PathBuf,

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

    /// Serve the web app from this folder instead of the embedded copy (for `make dev`).
    #[arg(long, env = "MARKET_WEB_DIR", hide = true)]
    pub web_dir: Option<PathBuf>,
}
