//! Copies of a store: `market backup` takes one while the store serves, `market
//! restore` puts one back into a stopped store after checking it.
//!
//! A backup is SQLite's `VACUUM INTO`: one read transaction, so the copy is the
//! database as it was at one moment (every write acknowledged before the backup began
//! is in it, none half), taken beside the running server without stopping its writes
//! (in WAL mode a reader does not block the writer). The copy is compact and complete
//! in one file, written under a temporary name and renamed into place once it is on
//! the disk, so a backup cut short never leaves a file that looks whole.

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::Context;
use rusqlite::{Connection, OpenFlags};

use super::migrations;

/// What a database file holds, as `backup` and `restore` tell it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Contents {
    pub bytes: u64,
    pub schema: usize,
    pub products: i64,
    pub accounts: i64,
    pub orders: i64,
    pub reviews: i64,
}

impl std::fmt::Display for Contents {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{:.1} MB, schema {}: {} products, {} accounts, {} orders, {} reviews",
            self.bytes as f64 / 1e6,
            self.schema,
            self.products,
            self.accounts,
            self.orders,
            self.reviews
        )
    }
}

/// Copies the store's database at `db` into `to` (replacing it) while the store may be
/// serving, and answers what the copy holds.
pub fn backup(db: &Path, to: &Path) -> anyhow::Result<Contents> {
    anyhow::ensure!(db.is_file(), "there is no database at {}: is --data-dir the store's?", db.display());
    let conn =
        Connection::open_with_flags(db, OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX)
            .with_context(|| format!("opening {}", db.display()))?;
    conn.busy_timeout(Duration::from_secs(10))?;
    let partial = partial_name(to)?;
    let _ = std::fs::remove_file(&partial);
    let copied = conn.execute("VACUUM INTO ?1", [partial.to_string_lossy()]);
    if let Err(e) = copied {
        let _ = std::fs::remove_file(&partial);
        return Err(anyhow::anyhow!("copying {} failed: {e}", db.display()));
    }
    std::fs::File::open(&partial)?.sync_all()?;
    std::fs::rename(&partial, to).with_context(|| format!("moving the copy to {}", to.display()))?;
    sync_folder(to)?;
    contents(to)
}

/// Checks that `file` is a sound Market database this Market can run (refusing a
/// foreign, damaged or newer one), and answers what it holds.
pub fn check(file: &Path) -> anyhow::Result<Contents> {
    let conn = Connection::open_with_flags(file, OpenFlags::SQLITE_OPEN_READ_ONLY)
        .with_context(|| format!("cannot open {}", file.display()))?;
    let integrity: String = conn
        .query_row("PRAGMA integrity_check(1)", [], |r| r.get(0))
        .map_err(|e| anyhow::anyhow!("{} is not a database Market can read: {e}", file.display()))?;
    anyhow::ensure!(
        integrity == "ok",
        "{} is damaged: SQLite's integrity check says \"{integrity}\"",
        file.display()
    );
    let application_id: i32 = conn.query_row("PRAGMA application_id", [], |r| r.get(0))?;
    anyhow::ensure!(
        application_id == 0 || application_id == super::identity::APPLICATION_ID,
        "{} is not a Market database (its SQLite application_id is {application_id:#x})",
        file.display()
    );
    let tables: i64 = conn.query_row(
        "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('products', 'users', 'orders')",
        [],
        |r| r.get(0),
    )?;
    anyhow::ensure!(
        tables == 3,
        "{} is not a Market database (it has no products, users and orders)",
        file.display()
    );
    let schema = schema_of(&conn)?;
    anyhow::ensure!(
        schema <= migrations::LATEST,
        "{} comes from a newer Market (schema {schema}; this one knows up to {}): restore it with that version",
        file.display(),
        migrations::LATEST
    );
    contents_of(&conn, file)
}

/// Puts the checked copy `from` in place of the database at `db` (of a stopped store,
/// whose data folder the caller has locked), keeping the database it replaces beside it
/// under a dated name, and brings it to this Market's schema. Answers what it holds and
/// where the replaced database went.
pub fn restore(from: &Path, db: &Path) -> anyhow::Result<(Contents, Option<PathBuf>)> {
    check(from)?;
    let incoming = db.with_extension("db.restoring");
    std::fs::copy(from, &incoming)
        .with_context(|| format!("copying {} into {}", from.display(), incoming.display()))?;
    std::fs::File::open(&incoming)?.sync_all()?;
    let kept = if db.exists() {
        let stamp = crate::domain::Timestamp::now().to_iso8601().replace([':', '.'], "-");
        let aside = db.with_extension(format!("db.before-restore-{stamp}"));
        // The write-ahead log goes with its database, under the same new name.
        for suffix in ["-wal", "-shm", ""] {
            let from = PathBuf::from(format!("{}{suffix}", db.display()));
            if from.exists() {
                std::fs::rename(&from, format!("{}{suffix}", aside.display()))
                    .with_context(|| format!("moving {} aside", from.display()))?;
            }
        }
        Some(aside)
    } else {
        None
    };
    std::fs::rename(&incoming, db)?;
    sync_folder(db)?;
    let mut conn = Connection::open(db)?;
    super::identity::claim(&conn, db)?;
    conn.pragma_update(None, "journal_mode", "WAL")?;
    migrations::run(&mut conn)?;
    drop(conn);
    Ok((contents(db)?, kept))
}

fn contents(file: &Path) -> anyhow::Result<Contents> {
    let conn = Connection::open_with_flags(file, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    contents_of(&conn, file)
}

fn contents_of(conn: &Connection, file: &Path) -> anyhow::Result<Contents> {
    let count = |table: &str| -> rusqlite::Result<i64> {
        conn.query_row(&format!("SELECT count(*) FROM {table}"), [], |r| r.get(0))
    };
    Ok(Contents {
        bytes: std::fs::metadata(file)?.len(),
        schema: schema_of(conn)?,
        products: count("products")?,
        accounts: count("users")?,
        orders: count("orders")?,
        reviews: count("reviews")?,
    })
}

fn schema_of(conn: &Connection) -> rusqlite::Result<usize> {
    conn.query_row("PRAGMA user_version", [], |r| r.get::<_, i64>(0)).map(|v| v.max(0) as usize)
}

/// `to` with a temporary name beside it, in the same folder (so the rename is atomic).
fn partial_name(to: &Path) -> anyhow::Result<PathBuf> {
    let name = to.file_name().with_context(|| format!("{} names no file", to.display()))?;
    Ok(to.with_file_name(format!(".{}.partial-{}", name.to_string_lossy(), std::process::id())))
}

/// Makes a rename in `file`'s folder survive a power cut.
fn sync_folder(file: &Path) -> std::io::Result<()> {
    let folder = file.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    std::fs::File::open(folder)?.sync_all()
}
