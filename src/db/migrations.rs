//! Versioned schema migrations (SQLite's `user_version` records how far a file got).
//! Append new steps; never edit one that has shipped.

use rusqlite_migration::{M, Migrations};

use super::rusqlite::Connection;

const STEPS: &[M<'static>] = &[
    M::up(include_str!("migrations/0001_catalog.sql")),
    M::up(include_str!("migrations/0002_shoppers.sql")),
    M::up(include_str!("migrations/0003_idempotency.sql")),
];

pub fn run(conn: &mut Connection) -> anyhow::Result<()> {
    Migrations::from_slice(STEPS).to_latest(conn)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrations_are_valid() {
        assert!(Migrations::from_slice(STEPS).validate().is_ok());
    }
}
