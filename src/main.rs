use std::process::ExitCode;

use clap::Parser;
use market::cli::{BackupArgs, Cli, Command, ResetArgs, RestoreArgs, SeedArgs, ServeArgs, StaffArgs};
use market::config::Config;
use market::data_dir::DataDirLock;
use market::db::Location;
use market::logging::{Destination, Log};
use market::startup::Application;

/// musl's own malloc serialises threads on one lock: with it the static build served 9-23%
/// fewer catalog requests a second than the glibc one, with mimalloc as many; docs/performance.md#measured-outside-make-bench.
#[cfg(target_env = "musl")]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    return_big_blocks_to_the_system();
    let cli = Cli::parse();
    let done = match cli.command {
        Command::Serve(args) => serve(*args),
        Command::Seed(args) => {
            market::logging::install_plain();
            seed(&args)
        }
        Command::Backup(args) => backup(&args),
        Command::Restore(args) => restore(&args),
        Command::Reset(args) => reset(&args),
        Command::Staff(args) => staff(&args),
        Command::Openapi => {
            println!("{}", market::api::openapi_json(false));
            Ok(())
        }
    };
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // Straight to stderr, not through the log's thread: the process ends now.
            eprintln!("market: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// glibc raises its mmap threshold to the largest block freed so far, so after the
/// first password hash its 19 MiB blocks come from the heap of whichever thread
/// hashed and stay there when freed: 16 shoppers signing in took the server from 21
/// to 99 MB. A fixed threshold (the default's starting value) has blocks that large
/// mapped and unmapped every time, which a hash that takes tens of milliseconds
/// does not notice.
///
/// glibc also gives each thread that meets a busy lock an arena of its own, up to eight
/// per core, and keeps what is freed in each: the store's workers, its blocking pool and
/// its renderers spread the same work's memory over all of them. One arena per core: in
/// a 6-minute soak the resident memory's median was 64-72 MB against 76-81 with glibc's
/// default, and the store answered as many requests a second.
fn return_big_blocks_to_the_system() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        // SAFETY: mallopt only sets an allocator parameter; called before any thread starts.
        unsafe {
            libc::mallopt(libc::M_MMAP_THRESHOLD, 128 * 1024);
            libc::mallopt(libc::M_ARENA_MAX, i32::try_from(cores).unwrap_or(i32::MAX));
        }
    }
}

fn db_path(data_dir: &std::path::Path) -> std::path::PathBuf {
    data_dir.join("market.db")
}

/// The database a command names (`--database`), the data folder's file by default.
fn location(data_dir: &std::path::Path, database: Option<&str>) -> anyhow::Result<Location> {
    Location::parse(database, db_path(data_dir))
}

fn seed(args: &SeedArgs) -> anyhow::Result<()> {
    let location = location(&args.data_dir, args.database.as_deref())?;
    // Whatever the engine, the seed builds the data folder's catalog index: two seeds
    // (or a seed and a server) in one folder would write it at once.
    let _lock = DataDirLock::take(&args.data_dir, "market seed")?;
    let started = std::time::Instant::now();
    let made = market::db::seed_catalog(&location, args.products, args.force)?;
    tracing::info!(
        products = made.products,
        reviews = made.reviews,
        seconds = format!("{:.1}", started.elapsed().as_secs_f64()),
        "seeded {}",
        location.described()
    );
    build_catalog_index(&location, &args.data_dir)
}

/// Builds the catalog index in `data_dir` afresh from the database at `location`, so
/// that the store starts serving with it (`market seed` and `market restore` leave one
/// there; a store that finds none builds it itself, searching the database meanwhile).
fn build_catalog_index(location: &Location, data_dir: &std::path::Path) -> anyhow::Result<()> {
    actix_web::rt::System::new().block_on(async {
        let db = market::db::Db::open_with(location, market::db::Limits::default())?;
        let index = db.open_catalog_index(&market::config::catalog_index_dir(data_dir))?;
        db.build_catalog_index(&index).await?;
        Ok(())
    })
}

/// The SQLite file `backup` and `restore` work on: they copy files, so a PostgreSQL
/// database (from `--database` or `MARKET_DATABASE`) is refused, not passed over for
/// the data folder's file.
fn sqlite_file(location: &Location, command: &str) -> anyhow::Result<std::path::PathBuf> {
    match location.sqlite_file() {
        Some(path) => Ok(path.to_owned()),
        None => anyhow::bail!(
            "`market {command}` copies a SQLite store's file, and the database is PostgreSQL's ({}): \
             use pg_dump and pg_restore, or the server's own backups",
            location.described()
        ),
    }
}

/// Reads beside a running store: no lock.
fn backup(args: &BackupArgs) -> anyhow::Result<()> {
    let started = std::time::Instant::now();
    let path = sqlite_file(&location(&args.data_dir, args.database.as_deref())?, "backup")?;
    let copy = market::db::backup::backup(&path, &args.to)?;
    println!(
        "Backed up {} to {} in {:.1} s ({copy}).",
        path.display(),
        args.to.display(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn restore(args: &RestoreArgs) -> anyhow::Result<()> {
    let location = location(&args.data_dir, args.database.as_deref())?;
    let path = sqlite_file(&location, "restore")?;
    let _lock = DataDirLock::take(&args.data_dir, "market restore")?;
    let (restored, kept) = market::db::backup::restore(&args.from, &path)?;
    build_catalog_index(&location, &args.data_dir)?;
    println!("Restored {} into {} ({restored}).", args.from.display(), path.display());
    if let Some(kept) = kept {
        println!(
            "The database it replaced is kept as {}; delete it when you no longer need it.",
            kept.display()
        );
    }
    Ok(())
}

fn reset(args: &ResetArgs) -> anyhow::Result<()> {
    let location = location(&args.data_dir, args.database.as_deref())?;
    if !args.yes {
        anyhow::bail!(
            "`market reset` deletes every account, order, cart, favorite and review shoppers made in {}, \
             and signs everyone out; the catalog stays. Run it again with --yes to go ahead.",
            location.described()
        );
    }
    // A SQLite file belongs to one server, which must be stopped; a PostgreSQL database
    // is shared, and its servers drop what they kept as after any write.
    let _lock = location
        .belongs_to_one_server()
        .then(|| DataDirLock::take(&args.data_dir, "market reset"))
        .transpose()?;
    let removed = market::db::reset_database(&location)?;
    println!("Reset {} to its seeded state: removed {removed}.", location.described());
    Ok(())
}

fn staff(args: &StaffArgs) -> anyhow::Result<()> {
    market::logging::install_plain();
    let location = location(&args.data_dir, args.database.as_deref())?;
    // A SQLite file belongs to one server, which must be stopped; PostgreSQL is shared.
    let _lock = location
        .belongs_to_one_server()
        .then(|| DataDirLock::take(&args.data_dir, "market staff"))
        .transpose()?;
    market::staff::run(&location, &args.command)
}

/// The command that makes the store's first owner, for this store's data (`market
/// staff` works on the database directly: a SQLite store must be stopped for it).
fn owner_command(config: &Config) -> String {
    let mut command = String::from("market staff add YOUR-NAME --role owner");
    if config.database.as_deref().is_some_and(|d| d.starts_with("postgres")) {
        command.push_str(" --database URL");
    } else if config.data_dir != std::path::Path::new("./data") {
        command.push_str(&format!(" --data-dir {}", config.data_dir.display()));
    }
    command
}

fn serve(args: ServeArgs) -> anyhow::Result<()> {
    let destination = args.log_file.clone().map_or(Destination::Stderr, Destination::File);
    let log = Log::start(destination, args.log_format)?;
    log.install_for_events();
    // The data folder is one server's on either engine: it holds the SQLite file, or on
    // PostgreSQL (a database replicas share by design) this server's catalog index,
    // which a second server writing beside it would break.
    location(&args.data_dir, args.database.as_deref())?;
    let lock = DataDirLock::take(&args.data_dir, "market serve")?;
    let config = Config::from_args(args, &log);
    let served = run(config);
    drop(lock);
    log.flush(std::time::Duration::from_secs(2));
    served
}

#[actix_web::main]
async fn run(config: Config) -> anyhow::Result<()> {
    let mut addr = config.addr;
    let owner_command = owner_command(&config);
    let app = Application::build(config)?;
    addr.set_port(app.port());
    let url = if addr.ip().is_unspecified() {
        format!("http://localhost:{}/", addr.port())
    } else {
        format!("http://{addr}/")
    };
    if let Some(port) = app.metrics_port() {
        tracing::info!("metrics at port {port}, /metrics");
    }
    // The last start-up lines: where the store is and how to try it, at a glance (and
    // as fields, for the JSON log).
    let logins = app.logins().await?;
    tracing::info!("Market is open at {url}");
    let (shopper, viewer) = (market::domain::demo::SHOPPER, market::domain::demo::VIEWER);
    if logins.shopper {
        tracing::info!(
            username = %shopper.username,
            password = %shopper.password,
            "shop as the demo shopper (the sign-in page's \"Sign in as demo user\")"
        );
    }
    if logins.viewer {
        tracing::info!(
            username = %viewer.username,
            password = %viewer.password,
            "look around the back office, {url}admin (this login looks and changes nothing)"
        );
    }
    if !logins.has_owner {
        tracing::info!(command = %owner_command, "no owner yet: to run the store's back office, stop it and make one");
    }
    app.run_until_stopped().await?;
    tracing::info!("Market has closed");
    Ok(())
}
