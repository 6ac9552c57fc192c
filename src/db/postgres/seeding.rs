//! `market reset` and `market seed` on PostgreSQL: the seeded state again, or a new
//! catalog at scale, each under the migration lock.

use postgres::Client;

use super::locks::SERVING_LOCK;
use super::pool::redacted;
use super::prepare::{continue_ids_past_seeded, off_the_runtime, prepared};
use crate::db::conn::Conn;
use crate::db::seed::{self, ResetReport, SeedReport};

/// `market reset --database postgres://...`: back to the seeded state, in one
/// transaction; replicas serving meanwhile drop what they kept, as after any write.
pub fn reset(url: &str) -> anyhow::Result<ResetReport> {
    off_the_runtime(|| Ok(prepared(url, |conn| Ok(conn.transaction("BEGIN", seed::reset_to_seeded)?))?.0))
}

/// `market seed --products N --database postgres://...`: the database's catalog made
/// anew with `total` products, everything else emptied. Refuses a database holding
/// shoppers' data unless `force`.
pub fn seed_catalog(url: &str, total: u64, force: bool) -> anyhow::Result<SeedReport> {
    seed::check_size(total)?;
    off_the_runtime(|| {
        let (made, _) = prepared(url, |conn| {
            refuse_while_serving(conn.client(), &redacted(url))?;
            let held = conn.transaction("BEGIN", |c| seed::shoppers_data(c, true))?;
            seed::refuse_unless_forced(held, force, &redacted(url))?;
            let made = conn.transaction("BEGIN", |c| {
                c.batch(
                    "TRUNCATE departments, products, product_images, users, reviews, sessions, cart_items,
                         favorites, orders, order_items, idempotency_keys, brands, changes, rate_limits, product_variants, product_option_values,
                         pictures, product_import_rows, product_imports, addresses, promotion_uses, promotions,
                         tax_rates, shipping_methods, payments, refunds, test_provider_charges, test_provider_refunds,
                         stripe_checkouts, stripe_events, mails, password_resets, email_changes, stock_alerts
                     RESTART IDENTITY;
                     UPDATE demo_shoppers_alive SET live = 0;
                     -- As a new SQLite file has it from its step 15.
                     INSERT INTO shipping_methods (name, price_cents, free_over_cents, days, is_default, created_at)
                     VALUES ('Standard delivery', 0, NULL, '2-4', true, 0);",
                )?;
                seed::seed_if_empty(c, continue_ids_past_seeded)?;
                // The generator writes each product's rating itself; the brands are
                // counted once at the end. The triggers that would do both row by row
                // are off until then (inside this transaction: nobody else sees it).
                let triggers = |c: &mut Conn, state: &str| {
                    c.batch(&format!(
                        "ALTER TABLE reviews {state} TRIGGER reviews_count_insert;
                         ALTER TABLE reviews {state} TRIGGER reviews_changed;
                         ALTER TABLE products {state} TRIGGER brands_count_insert;
                         ALTER TABLE products {state} TRIGGER products_changed;"
                    ))
                };
                triggers(c, "DISABLE")?;
                let made = seed::generate(c, total)?;
                triggers(c, "ENABLE")?;
                seed::recount_brands(c)?;
                continue_ids_past_seeded(c)?;
                c.execute("DELETE FROM changes", &[])?;
                Ok(made)
            })?;
            // Statistics for the planner, and the visibility map, without which a
            // department's facets read the table rather than only its covering index
            // (autovacuum would get there, minutes later).
            conn.batch("VACUUM (ANALYZE)")?;
            Ok(made)
        })?;
        Ok(made)
    })
}

/// A new catalog under running servers would leave the answers they keep stale (the
/// catalog is remade with its change log off), and their requests would wait on the
/// seed's locks: they are stopped first, as a SQLite file's server is. Takes the
/// serving lock for the rest of this session, so that none starts serving meanwhile.
fn refuse_while_serving(client: &mut Client, database: &str) -> anyhow::Result<()> {
    if client.query_one("SELECT pg_try_advisory_lock($1)", &[&SERVING_LOCK])?.get::<_, bool>(0) {
        return Ok(());
    }
    let serving: i64 = client
        .query_one(
            "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND granted AND objsubid = 1
               AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
               AND ((classid::bigint << 32) | objid::bigint) = $1",
            &[&SERVING_LOCK],
        )?
        .get(0);
    anyhow::bail!(
        "{serving} Market server(s) are serving {database}: stop them before making a new catalog, \
         then start them again"
    )
}
