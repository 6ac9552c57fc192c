//! Whose database a file is. A database Market makes carries Market's SQLite
//! `application_id` (in the file's header, where `file(1)` reads it too); before the
//! store opens a file it checks that the file is Market's, sound, and not from a newer
//! Market, and refuses it otherwise with what to do instead. Nothing is written to a
//! file that is refused.

use std::path::Path;

use anyhow::anyhow;
use rusqlite::{Connection, ErrorCode};

use super::migrations;

/// "Mkt1": SQLite's `PRAGMA application_id` of every Market database.
pub const APPLICATION_ID: i32 = 0x4D6B_7431;

/// Tables of Market's schema; a database with none of these and other tables is some
/// other application's.
const MARKET_TABLES: &[&str] = &["departments", "products", "users", "orders", "sessions"];

/// Checks the database at `path`, open as `conn`, and marks it as Market's when it is a
/// new file (or a Market database from before the mark).
pub fn claim(conn: &Connection, path: &Path) -> anyhow::Result<()> {
    if !check(conn, path)? {
        conn.pragma_update(None, "application_id", APPLICATION_ID)?;
    }
    Ok(())
}

/// Refuses the database at `path`, open as `conn`, unless Market may run it; answers
/// whether it already carries Market's mark.
pub fn check(conn: &Connection, path: &Path) -> anyhow::Result<bool> {
    let (application_id, schema, tables) = read(conn).map_err(|e| refusal(conn, path, e))?;
    let file = path.display();
    if application_id != 0 && application_id != APPLICATION_ID {
        return Err(anyhow!(
            "{file} belongs to another application (its SQLite application_id is {application_id:#x}, \
             Market's is {APPLICATION_ID:#x}); Market leaves it as it is. Start Market with another --data-dir."
        ));
    }
    let ours = tables.iter().any(|t| MARKET_TABLES.contains(&t.as_str()));
    if application_id == 0 && !tables.is_empty() && !ours {
        return Err(anyhow!(
            "{file} is another application's database (tables {}, none of Market's); Market leaves it \
             as it is. Start Market with another --data-dir.",
            tables.join(", ")
        ));
    }
    if schema > migrations::LATEST {
        return Err(anyhow!(
            "{file} comes from a newer Market (schema {schema}; this one knows up to {}): run that \
             Market's binary, or restore a backup made by this one with `market restore`.",
            migrations::LATEST
        ));
    }
    Ok(application_id == APPLICATION_ID)
}

/// The header's application id and schema version, and the file's own tables.
fn read(conn: &Connection) -> rusqlite::Result<(i32, usize, Vec<String>)> {
    let application_id: i32 = conn.query_row("PRAGMA application_id", [], |r| r.get(0))?;
    let schema: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    let mut stmt = conn.prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    )?;
    let tables = stmt.query_map([], |r| r.get(0))?.collect::<Result<_, _>>()?;
    Ok((application_id, schema.max(0) as usize, tables))
}

/// Why a file cannot be opened, in words an operator can act on: a damaged file or one
/// that is not a database gets the integrity check's verdict and the way back.
pub fn refusal(conn: &Connection, path: &Path, e: rusqlite::Error) -> anyhow::Error {
    let file = path.display();
    let way_out = format!(
        "Put a backup back with `market restore --from BACKUP --data-dir {}`, or start with another --data-dir.",
        path.parent().map_or(".".into(), |p| p.display().to_string())
    );
    match e.sqlite_error_code() {
        Some(ErrorCode::NotADatabase) => {
            anyhow!("{file} is not a database, or its first page is damaged (SQLite says: {e}). {way_out}")
        }
        Some(ErrorCode::DatabaseCorrupt) => {
            anyhow!("{file} is damaged: SQLite's integrity check says \"{}\". {way_out}", integrity(conn))
        }
        _ => anyhow::Error::new(e).context(format!("opening database {file}")),
    }
}

/// The first lines of `PRAGMA integrity_check`, or why it could not run.
pub fn integrity(conn: &Connection) -> String {
    let lines = conn
        .prepare("PRAGMA integrity_check(5)")
        .and_then(|mut stmt| stmt.query_map([], |r| r.get::<_, String>(0))?.collect::<Result<Vec<_>, _>>());
    match lines {
        Ok(lines) => lines.join("; "),
        Err(e) => format!("it cannot run: {e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn file() -> (tempfile::TempDir, std::path::PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("market.db");
        (dir, path)
    }

    #[test]
    fn a_new_file_is_marked_as_markets() {
        let (_dir, path) = file();
        let conn = Connection::open(&path).unwrap();
        claim(&conn, &path).unwrap();
        let id: i32 = conn.query_row("PRAGMA application_id", [], |r| r.get(0)).unwrap();
        assert_eq!(id, APPLICATION_ID);
        claim(&conn, &path).expect("and opens again");
    }

    #[test]
    fn another_applications_file_is_refused_and_left_alone() {
        let (_dir, path) = file();
        let conn = Connection::open(&path).unwrap();
        conn.execute_batch("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)").unwrap();
        let message = claim(&conn, &path).unwrap_err().to_string();
        assert!(message.contains("another application's database (tables notes"), "{message}");
        assert!(message.contains("another --data-dir"), "{message}");
        let id: i32 = conn.query_row("PRAGMA application_id", [], |r| r.get(0)).unwrap();
        assert_eq!(id, 0, "not marked");

        conn.pragma_update(None, "application_id", 0x1234).unwrap();
        let message = claim(&conn, &path).unwrap_err().to_string();
        assert!(message.contains("application_id is 0x1234"), "{message}");
    }

    #[test]
    fn a_newer_markets_file_is_refused() {
        let (_dir, path) = file();
        let conn = Connection::open(&path).unwrap();
        conn.pragma_update(None, "user_version", migrations::LATEST as i64 + 1).unwrap();
        let message = claim(&conn, &path).unwrap_err().to_string();
        assert!(message.contains("comes from a newer Market"), "{message}");
    }
}
