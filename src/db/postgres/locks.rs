//! The locks that keep servers sharing a database out of each other's way: the
//! migration lock (migrating and seeding, one server at a time), the serving lock
//! (held shared while a server serves) and a shopper's row lock (one write of a
//! shopper at a time).

use std::time::Duration;

use postgres::Client;

use crate::db::Error;
use crate::db::conn::{Conn, args};
use crate::domain::ShopperId;

/// Whose advisory lock serializes migrations and seeding: Market's SQLite application id.
pub(super) const MIGRATION_LOCK: i64 = crate::db::sqlite::identity::APPLICATION_ID as i64;
/// Held shared by every serving server (on its change listener's connection), so that
/// `market seed` can tell that servers are serving the database it would remake.
pub(super) const SERVING_LOCK: i64 = MIGRATION_LOCK + 1;

/// Waits for the migration lock as long as another server (or `market seed`) holds it,
/// saying so once.
pub(super) fn take_migration_lock(client: &mut Client, server: &str) -> anyhow::Result<()> {
    let mut said = false;
    while !client.query_one("SELECT pg_try_advisory_lock($1)", &[&MIGRATION_LOCK])?.get::<_, bool>(0) {
        if !said {
            tracing::info!(
                database = server,
                "waiting for another server to finish migrating or seeding the database"
            );
            said = true;
        }
        std::thread::sleep(Duration::from_millis(200));
    }
    Ok(())
}

/// Holds the shopper's row until the transaction ends. `NO KEY UPDATE` leaves the
/// row's key free, so the foreign keys of the rows the write adds do not wait on it.
pub fn lock_shopper(c: &mut Conn, user_id: ShopperId) -> Result<(), Error> {
    c.query_opt("SELECT 1 FROM users WHERE id = ?1 FOR NO KEY UPDATE", args![user_id], |_| Ok(()))?;
    Ok(())
}
