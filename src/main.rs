use std::process::ExitCode;

use clap::Parser;
use market::cli::{Cli, Command, SeedArgs};
use market::config::Config;
use market::startup::Application;
use tracing_subscriber::EnvFilter;

fn main() -> ExitCode {
    return_big_blocks_to_the_system();
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
        Command::Seed(args) => match seed(&args) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                tracing::error!("{e:#}");
                ExitCode::FAILURE
            }
        },
        Command::Openapi => {
            println!("{}", market::api::openapi::document_json(false));
            ExitCode::SUCCESS
        }
    }
}

/// glibc raises its mmap threshold to the largest block freed so far, so after the
/// first password hash its 19 MiB blocks come from the heap of whichever thread
/// hashed and stay there when freed: 16 shoppers signing in took the server from 21
/// to 99 MB. A fixed threshold (the default's starting value) has blocks that large
/// mapped and unmapped every time, which a hash that takes tens of milliseconds
/// does not notice.
fn return_big_blocks_to_the_system() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only sets an allocator parameter; called before any thread starts.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 128 * 1024);
    }
}

fn seed(args: &SeedArgs) -> anyhow::Result<()> {
    std::fs::create_dir_all(&args.data_dir)?;
    let path = Config::new("127.0.0.1:0".parse()?, &args.data_dir).db_path();
    let started = std::time::Instant::now();
    let made = market::db::seed_catalog(&path, args.products, args.force)?;
    tracing::info!(
        products = made.products,
        reviews = made.reviews,
        seconds = format!("{:.1}", started.elapsed().as_secs_f64()),
        "seeded {}",
        path.display()
    );
    Ok(())
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
