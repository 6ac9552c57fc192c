//! Versioned schema migrations (SQLite's `user_version` records how far a file got).
//! Append new steps; never edit one that has shipped.

use rusqlite::Connection;
use rusqlite_migration::{M, Migrations};

const STEPS: &[M<'static>] = &[
    M::up(include_str!("migrations/0001_catalog.sql")),
    M::up(include_str!("migrations/0002_shoppers.sql")),
    M::up(include_str!("migrations/0003_idempotency.sql")),
    M::up(include_str!("migrations/0004_one_clock_and_changes.sql")).foreign_key_check(),
];

/// Foreign keys are off while steps run, as SQLite's way of rebuilding a table needs
/// (a step that rebuilds one checks them with `foreign_key_check` before it commits),
/// and on again after.
pub fn run(conn: &mut Connection) -> anyhow::Result<()> {
    conn.pragma_update(None, "foreign_keys", "OFF")?;
    let migrated = Migrations::from_slice(STEPS).to_latest(conn);
    conn.pragma_update(None, "foreign_keys", "ON")?;
    Ok(migrated?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_are_valid() {
        assert!(Migrations::from_slice(STEPS).validate().is_ok());
    }
}
