//! Versioned schema migrations (SQLite's `user_version` records how far a file got).
//! Append new steps; never edit one that has shipped.

use rusqlite::Connection;
use rusqlite_migration::{M, Migrations};

const STEPS: &[M<'static>] = &[
    M::up(include_str!("migrations/0001_catalog.sql")),
    M::up(include_str!("migrations/0002_shoppers.sql")),
    M::up(include_str!("migrations/0003_idempotency.sql")),
    M::up(include_str!("migrations/0004_one_clock_and_changes.sql")).foreign_key_check(),
    M::up(include_str!("migrations/0005_discovery.sql")),
    M::up(include_str!("migrations/0006_words_and_shoppers_changes.sql")),
    M::up(include_str!("migrations/0007_back_office.sql")),
    M::up(include_str!("migrations/0008_pictures_and_imports.sql")),
    M::up(include_str!("migrations/0009_one_department_change.sql")),
    M::up(include_str!("migrations/0010_variants.sql")),
    M::up(include_str!("migrations/0011_variant_facets_imports_and_favorites.sql")),
    M::up(include_str!("migrations/0012_new_products_named.sql")),
    M::up(include_str!("migrations/0013_demo_shoppers.sql")).foreign_key_check(),
    M::up(include_str!("migrations/0014_demo_shoppers_counted.sql")),
    M::up(include_str!("migrations/0015_checkout.sql")),
    M::up(include_str!("migrations/0016_promotion_uses_by_user.sql")),
    M::up(include_str!("migrations/0017_payments.sql")),
    M::up(include_str!("migrations/0018_restocked_lines.sql")),
    M::up(include_str!("migrations/0019_stripe.sql")),
    M::up(include_str!("migrations/0020_sales_spare_the_index.sql")),
    M::up(include_str!("migrations/0021_plenty_is_plenty.sql")),
    M::up(include_str!("migrations/0022_sessions_carts_and_favorites_changes.sql")),
    M::up(include_str!("migrations/0023_mails.sql")),
    M::up(include_str!("migrations/0024_password_resets.sql")),
    M::up(include_str!("migrations/0025_email_changes_and_stock_alerts.sql")),
];

/// The schema this Market writes: a database at a higher `user_version` comes from a
/// newer Market.
pub const LATEST: usize = STEPS.len();

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

    /// A store upgraded from the schema before one clock keeps every shopper's things,
    /// each moment as the same instant in milliseconds.
    #[test]
    fn an_older_store_keeps_everything_when_its_moments_become_milliseconds() {
        let mut conn = Connection::open_in_memory().unwrap();
        conn.pragma_update(None, "foreign_keys", "ON").unwrap();
        Migrations::from_slice(&STEPS[..3]).to_latest(&mut conn).unwrap();
        conn.execute_batch(
            "INSERT INTO departments VALUES (5, 'Electronics', '/d.webp');
             INSERT INTO products (id, department_id, name, brand, price_cents, description)
                 VALUES (51, 5, 'TV', 'Brand', 34999, 'A TV.');
             INSERT INTO users VALUES (1, 'Demo', 'Shopper', 'demo', 'demo@market.test', '/a.webp', 'hash',
                 '2026-11-01T10:00:00Z');
             INSERT INTO reviews VALUES (7, 1, 51, 4, 'Good TV', 'Bright, sharp and easy to set up.',
                 '2026-11-02T10:00:00.250Z');
             INSERT INTO cart_items VALUES (3, 1, 51, '2026-11-03T10:00:00Z');
             INSERT INTO favorites VALUES (4, 1, 51, '2026-11-03T10:00:00Z');
             INSERT INTO orders VALUES (9, 1, 34999, 1750, 33249, 'Received', '2026-11-04T10:00:00Z');
             INSERT INTO order_items VALUES (1, 9, 51, 'TV', 34999);
             INSERT INTO sessions VALUES ('hash', '{}', 1793700000, 1794300000);
             INSERT INTO idempotency_keys VALUES (1, 'key-1', 'fp', 201, '{\"id\":9}', 1793700000);",
        )
        .unwrap();

        run(&mut conn).unwrap();

        let at = |sql: &str| conn.query_row(sql, [], |r| r.get::<_, i64>(0)).unwrap();
        assert_eq!(at("SELECT created_at FROM users WHERE id = 1"), 1_793_527_200_000);
        assert_eq!(at("SELECT created_at FROM reviews WHERE id = 7"), 1_793_613_600_250);
        assert_eq!(at("SELECT created_at FROM cart_items WHERE id = 3"), 1_793_700_000_000);
        assert_eq!(at("SELECT created_at FROM favorites WHERE id = 4"), 1_793_700_000_000);
        assert_eq!(at("SELECT created_at FROM orders WHERE id = 9"), 1_793_786_400_000);
        assert_eq!(at("SELECT expires_at FROM sessions"), 1_794_300_000_000);
        assert_eq!(at("SELECT order_id FROM idempotency_keys WHERE key = 'key-1'"), 9);
        assert_eq!(
            at("SELECT review_count * 10 + rating_sum FROM products WHERE id = 51"),
            14,
            "the rating holds"
        );
        assert_eq!(at("SELECT count(*) FROM order_items"), 1);
        // The rebuilt tables keep their rules: one review per shopper and product.
        let again = conn.execute(
            "INSERT INTO reviews (user_id, product_id, rating, title, description, created_at)
             VALUES (1, 51, 5, 'Again', 'A second review of the same TV.', 0)",
            [],
        );
        assert!(again.is_err());
        // And their triggers: the rating follows a deleted review, and the change is logged.
        conn.execute("DELETE FROM reviews WHERE id = 7", []).unwrap();
        assert_eq!(at("SELECT review_count FROM products WHERE id = 51"), 0);
        assert!(at("SELECT count(*) FROM changes WHERE topic = 'reviews' AND key = 51") >= 1);
    }

    /// A sale is logged as stock, which the catalog index does not follow; a change that
    /// puts a product in or out of stock, or changes anything else of it, as before.
    #[test]
    fn a_sale_is_logged_apart_from_every_other_change_of_a_product() {
        let mut conn = Connection::open_in_memory().unwrap();
        run(&mut conn).unwrap();
        conn.execute_batch(
            "INSERT INTO departments VALUES (5, 'Electronics', '/d.webp');
             INSERT INTO products (id, department_id, name, brand, price_cents, description, stock)
                 VALUES (51, 5, 'TV', 'Brand', 34999, 'A TV.', 12);",
        )
        .unwrap();
        let logged = |conn: &Connection, sql: &str| -> Vec<String> {
            let last: i64 =
                conn.query_row("SELECT coalesce(max(id), 0) FROM changes", [], |r| r.get(0)).unwrap();
            conn.execute_batch(sql).unwrap();
            let mut read =
                conn.prepare("SELECT topic || ' ' || key FROM changes WHERE id > ?1 ORDER BY id").unwrap();
            read.query_map([last], |r| r.get(0)).unwrap().map(Result::unwrap).collect()
        };
        let plenty = logged(&conn, "UPDATE products SET stock = 11 WHERE id = 51");
        assert_eq!(plenty, [] as [&str; 0], "from 12 to 11 left, both told as more than 10");
        let sale = logged(&conn, "UPDATE products SET stock = stock - 2 WHERE id = 51");
        assert_eq!(sale, ["stock 51", "department_stock 5"]);
        let sold_out = logged(&conn, "UPDATE products SET stock = 0 WHERE id = 51");
        assert_eq!(sold_out, ["product 51", "department 5"]);
        let back = logged(&conn, "UPDATE products SET stock = 3 WHERE id = 51");
        assert_eq!(back, ["product 51", "department 5"]);
        let priced = logged(&conn, "UPDATE products SET stock = 4, price_cents = 29999 WHERE id = 51");
        assert_eq!(priced, ["product 51", "department 5"]);
        let renamed = logged(&conn, "UPDATE products SET name = 'A TV' WHERE id = 51");
        assert_eq!(renamed, ["product 51", "department 5"]);
        let restocked = logged(&conn, "UPDATE products SET stock = 500 WHERE id = 51");
        assert_eq!(restocked, ["stock 51", "department_stock 5"]);
        let busy_day = logged(&conn, "UPDATE products SET stock = 12 WHERE id = 51");
        assert_eq!(busy_day, [] as [&str; 0]);

        // A variant's units are told on its product's page, whatever its product's sum.
        conn.execute_batch(
            "UPDATE products SET stock = 400 WHERE id = 51;
             INSERT INTO product_variants (id, product_id, position, sku, option1, stock) VALUES (7, 51, 0, 'TV-S', 'S', 12);",
        )
        .unwrap();
        let variant_plenty = logged(&conn, "UPDATE product_variants SET stock = 11 WHERE id = 7");
        assert_eq!(variant_plenty, [] as [&str; 0]);
        let variant_low = logged(&conn, "UPDATE product_variants SET stock = 10 WHERE id = 7");
        assert_eq!(variant_low, ["stock 51", "department_stock 5"]);

        // Every column but the id, the stock and what is worked out from others is
        // compared by both engines' steps 20 and 21: a column added later must be named
        // there.
        let mut columns =
            conn.prepare("SELECT name FROM pragma_table_xinfo('products') WHERE hidden = 0").unwrap();
        let columns: Vec<String> = columns.query_map([], |r| r.get(0)).unwrap().map(Result::unwrap).collect();
        let steps = [
            (20, 2, include_str!("migrations/0020_sales_spare_the_index.sql")),
            (21, 1, include_str!("migrations/0021_plenty_is_plenty.sql")),
        ];
        let postgres = [
            include_str!("../postgres/migrations/0020_sales_spare_the_index.sql"),
            include_str!("../postgres/migrations/0021_plenty_is_plenty.sql"),
        ];
        for column in columns.iter().filter(|c| !["id", "stock"].contains(&c.as_str())) {
            let compared = format!("OLD.{column} IS NEW.{column}");
            for (step, triggers, sqlite) in steps {
                assert_eq!(
                    sqlite.matches(&compared).count(),
                    triggers,
                    "SQLite's step {step} compares {column}"
                );
            }
            for postgres in postgres {
                assert!(
                    postgres.contains(&format!("OLD.{column},"))
                        || postgres.contains(&format!("OLD.{column})")),
                    "PostgreSQL's steps 20 and 21 compare {column}"
                );
            }
        }
    }
}
