use std::process::ExitCode;

use clap::Parser;
use market::cli::{Cli, Command};
use market::config::Config;
use market::startup::Application;
use tracing_subscriber::EnvFilter;

fn main() -> ExitCode {
    let cli = Cli::parse();
    tracing_subscriber::fmt()
        .with_env_filter(EnvFilter::try_from_env("MARKET_LOG").unwrap_or_else(|_| EnvFilter::new("info")))
        .with_target(false)
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stdout()))
        .init();

    match cli.command {
        Command::Serve(args) => match serve(Config::from(args)) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                tracing::error!("{e:#}");
                ExitCode::FAILURE
            }
        },
    }
}

#[actix_web::main]
async fn serve(config: Config) -> anyhow::Result<()> {
    let mut addr = config.addr;
    let app = Application::build(config)?;
    addr.set_port(app.port());
    let url = if addr.ip().is_unspecified() {
        format!("http://localhost:{}/", addr.port())
    } else {
        format!("http://{addr}/")
    };
    tracing::info!("Market is open at {url}");
    app.run_until_stopped().await?;
    tracing::info!("Market has closed");
    Ok(())
}
