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

    /// Serve the web app from this folder instead of the embedded copy (for `make dev`).
    #[arg(long, env = "MARKET_WEB_DIR", hide = true)]
    pub web_dir: Option<PathBuf>,
}
