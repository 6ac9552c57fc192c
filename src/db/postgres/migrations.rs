//! PostgreSQL's schema versions, in `market_schema`. Each step is one transaction; the
//! caller holds the migration lock, so replicas that start together migrate once.
//! Versions match SQLite's (`sqlite/migrations.rs`): schema N is the same store in
//! either engine. PostgreSQL came in at 5, whose one step makes the whole schema.

use postgres::Client;

use crate::db::Error;
use crate::db::conn::Conn;

const STEPS: &[(usize, &str)] = &[
    (5, include_str!("migrations/0005_schema.sql")),
    (6, include_str!("migrations/0006_words_and_shoppers_changes.sql")),
    (7, include_str!("migrations/0007_back_office.sql")),
    (8, include_str!("migrations/0008_pictures_and_imports.sql")),
    (9, include_str!("migrations/0009_one_department_change.sql")),
    (10, include_str!("migrations/0010_variants.sql")),
    (11, include_str!("migrations/0011_variant_facets_imports_and_favorites.sql")),
    (12, include_str!("migrations/0012_new_products_named.sql")),
    (13, include_str!("migrations/0013_demo_shoppers.sql")),
    (14, include_str!("migrations/0014_demo_shoppers_counted.sql")),
    (15, include_str!("migrations/0015_checkout.sql")),
    (16, include_str!("migrations/0016_promotion_uses_by_user.sql")),
    (17, include_str!("migrations/0017_payments.sql")),
    (18, include_str!("migrations/0018_restocked_lines.sql")),
    (19, include_str!("migrations/0019_stripe.sql")),
    (20, include_str!("migrations/0020_sales_spare_the_index.sql")),
    (21, include_str!("migrations/0021_plenty_is_plenty.sql")),
    (22, include_str!("migrations/0022_sessions_carts_and_favorites_changes.sql")),
    (23, include_str!("migrations/0023_mails.sql")),
    (24, include_str!("migrations/0024_password_resets.sql")),
    (25, include_str!("migrations/0025_email_changes_and_stock_alerts.sql")),
];

/// The schema this Market writes.
pub const LATEST: usize = 25;

/// Brings the database to [`LATEST`]; refuses one that is another application's, or
/// comes from a newer Market. `server` names it in messages.
pub fn run(client: &mut Client, server: &str) -> anyhow::Result<()> {
    let ours: bool = client.query_one("SELECT to_regclass('market_schema') IS NOT NULL", &[])?.get(0);
    let version: i64 = if ours {
        client.query_one("SELECT coalesce(max(version), 0)::bigint FROM market_schema", &[])?.get(0)
    } else {
        let tables: Vec<String> = client
            .query(
                "SELECT table_name::text FROM information_schema.tables
                 WHERE table_schema = current_schema() ORDER BY table_name LIMIT 6",
                &[],
            )?
            .iter()
            .map(|r| r.get(0))
            .collect();
        anyhow::ensure!(
            tables.is_empty(),
            "the PostgreSQL database at {server} holds another application's tables ({}); Market leaves it \
             as it is. Give Market a database of its own (CREATE DATABASE market).",
            tables.join(", ")
        );
        0
    };
    let version = version.max(0) as usize;
    anyhow::ensure!(
        version <= LATEST,
        "the PostgreSQL database at {server} comes from a newer Market (schema {version}; this one knows up \
         to {LATEST}): run that Market's binary; Market never takes a schema back."
    );
    for (step, sql) in STEPS.iter().filter(|(step, _)| *step > version) {
        let mut tx = client.transaction()?;
        tx.batch_execute("CREATE TABLE IF NOT EXISTS market_schema (version integer NOT NULL)")?;
        tx.batch_execute(sql)
            .map_err(|e| anyhow::anyhow!("migrating {server} to schema {step}: {}", describe(&e)))?;
        tx.execute("INSERT INTO market_schema (version) VALUES ($1)", &[&(*step as i32)])?;
        tx.commit()?;
        tracing::info!(schema = step, database = server, "migrated");
    }
    Ok(())
}

/// Whether the database is at this Market's schema.
pub fn schema_is_current(c: &mut Conn) -> Result<bool, Error> {
    let version: i64 = c.query_one("SELECT max(version) FROM market_schema", &[], |r| r.get(0))?;
    Ok(version as usize == LATEST)
}

/// The server's own words for a failed statement, where it gave some.
fn describe(e: &postgres::Error) -> String {
    match e.as_db_error() {
        Some(db) => format!("{} ({})", db.message(), db.code().code()),
        None => e.to_string(),
    }
}
