//! Making a database ready to serve, at start and before `market reset` or `market
//! seed`: one connection, made off the server's runtime, that refuses servers too old,
//! takes the migration lock, migrates, and seeds a database that holds nothing (its id
//! sequences then moved past the seeded rows).

use postgres::Client;

use super::connection::PgConn;
use super::locks::{MIGRATION_LOCK, take_migration_lock};
use super::migrations;
use super::pool::{Target, connect, server, target};
use crate::db::Error;
use crate::db::conn::Conn;
use crate::db::seed;

/// Runs `f` on a thread of its own: the client blocks on a runtime of its own, which
/// cannot start on a thread that is already running one (the server's, at start).
pub(super) fn off_the_runtime<T: Send>(f: impl FnOnce() -> anyhow::Result<T> + Send) -> anyhow::Result<T> {
    std::thread::scope(|s| s.spawn(f).join()).map_err(|_| anyhow::anyhow!("opening the database panicked"))?
}

/// Connects, takes the migration lock (replicas that start together migrate and seed
/// once, one after the other), and runs `f` with the database at this Market's schema.
pub(super) fn prepared<T>(
    url: &str,
    f: impl FnOnce(&mut PgConn) -> anyhow::Result<T>,
) -> anyhow::Result<(T, Target)> {
    let target = target(url)?;
    let mut conn = PgConn::new(connect(&target)?);
    let server = server(&target.config);
    refuse_old_servers(conn.client(), &server)?;
    // A migration or a seed of a million products takes longer than a request may.
    conn.client().batch_execute("SET statement_timeout = 0; SET idle_in_transaction_session_timeout = 0")?;
    take_migration_lock(conn.client(), &server)?;
    let outcome = migrations::run(conn.client(), &server).and_then(|()| {
        conn.transaction("BEGIN", |c| seed::seed_if_empty(c, continue_ids_past_seeded))?;
        f(&mut conn)
    });
    // Ending the session frees the lock in any case; said aloud when it still can be.
    let _ = conn.client().execute("SELECT pg_advisory_unlock($1)", &[&MIGRATION_LOCK]);
    Ok((outcome?, target))
}

/// The schema needs PostgreSQL 15 (and the change log 13's `xid8`): an older server is
/// refused by name before anything is written, rather than failing halfway through.
fn refuse_old_servers(client: &mut Client, server: &str) -> anyhow::Result<()> {
    let row = client.query_one(
        "SELECT current_setting('server_version_num')::int, current_setting('server_version')",
        &[],
    )?;
    let (number, version): (i32, String) = (row.get(0), row.get(1));
    if number < 150_000 {
        anyhow::bail!("{server} runs PostgreSQL {version}: Market needs PostgreSQL 15 or newer");
    }
    Ok(())
}

/// After rows were written with their ids given: new rows take ids past them.
pub fn continue_ids_past_seeded(c: &mut Conn) -> Result<(), Error> {
    for table in ["departments", "products", "product_images", "users", "reviews"] {
        c.query_one(
            &format!(
                "SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT coalesce(max(id), 0) + 1 FROM {table}), false)"
            ),
            &[],
            |r| r.get::<i64>(0),
        )?;
    }
    Ok(())
}
