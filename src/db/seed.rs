//! First-run seeding from the catalog the binary embeds (`seed/catalog.json`, made by
//! `scripts/catalog/make-catalog.mjs`). One transaction; a database that already holds
//! anything is left alone, so seeding is idempotent and never touches real data.

mod catalog;
mod generate;
mod options;

use self::catalog::{CATALOG, Catalog, Product};
use super::Error;
use super::conn::{Conn, Value, args};
use crate::domain::{Timestamp, stock, variants};

/// Seeds the catalog in the caller's transaction unless the database already holds
/// anything; returns whether it seeded. `continue_ids` is the engine's step once rows
/// were written with their ids given (PostgreSQL moves its id sequences past them;
/// SQLite's rowids need nothing), handed in so that seeding names no engine's code.
pub fn seed_if_empty(
    c: &mut Conn,
    continue_ids: impl FnOnce(&mut Conn) -> Result<(), Error>,
) -> Result<bool, Error> {
    let holds_data: bool =
        c.query_one("SELECT EXISTS (SELECT 1 FROM departments) OR EXISTS (SELECT 1 FROM users)", &[], |r| {
            r.get(0)
        })?;
    if holds_data {
        return Ok(false);
    }
    let catalog: Catalog = serde_json::from_str(CATALOG).map_err(Error::other)?;
    for d in &catalog.departments {
        c.execute(
            "INSERT INTO departments (id, name, picture_url) VALUES (?1, ?2, ?3)",
            args![d.id, &d.name, &d.url],
        )?;
    }
    for p in &catalog.products {
        seed_product(c, p)?;
    }
    seed_users_and_reviews(c, &catalog)?;
    continue_ids(c)?;
    // A new database has no kept answers to tell about its first contents.
    c.execute("DELETE FROM changes", &[])?;
    tracing::info!(
        departments = catalog.departments.len(),
        products = catalog.products.len(),
        reviews = catalog.reviews.len(),
        "seeded the catalog"
    );
    Ok(true)
}

/// One product of the catalog, with its options (when the seed gives it some), the
/// values it sells, its variants and its pictures.
fn seed_product(c: &mut Conn, p: &Product) -> Result<(), Error> {
    let seeded = options::seeded(p.id, &p.name, p.price_cents);
    let (product_options, stock, price_to) = match &seeded {
        Some(s) => (variants::options_to_row(&s.options), s.stock, s.price_to),
        None => (None, stock::seeded(p.id), None),
    };
    c.execute(
        "INSERT INTO products (id, department_id, name, brand, price_cents, description, stock, sku,
                               options, price_to_cents)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
        args![
            p.id,
            p.department_id,
            &p.name,
            &p.brand,
            p.price_cents,
            &p.description,
            stock,
            &stock::default_sku(p.id),
            product_options.as_deref(),
            price_to
        ],
    )?;
    if let Some(s) = &seeded {
        for (name, value, at, place) in
            variants::sold_values(&s.options, s.variants.iter().map(|v| v.values.as_slice()))
        {
            c.execute(
                "INSERT INTO product_option_values (product_id, department_id, name, value, option_position, value_position)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                args![p.id, p.department_id, name, value, at as i64, place as i64],
            )?;
        }
    }
    for (position, v) in seeded.iter().flat_map(|s| s.variants.iter()).enumerate() {
        let value = |i: usize| v.values.get(i).map_or("", String::as_str);
        c.execute(
            "INSERT INTO product_variants (product_id, position, sku, option1, option2, option3, price_cents, stock)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            args![p.id, position as i64, &v.sku, value(0), value(1), value(2), v.price, v.stock],
        )?;
    }
    for (position, img) in p.images.iter().enumerate() {
        c.execute(
            "INSERT INTO product_images (product_id, position, url, background) VALUES (?1, ?2, ?3, ?4)",
            args![p.id, position, &img.url, &img.background],
        )?;
    }
    Ok(())
}

/// The catalog's shoppers and their reviews.
fn seed_users_and_reviews(c: &mut Conn, catalog: &Catalog) -> Result<(), Error> {
    let now = Timestamp::now().millis();
    for u in &catalog.users {
        c.execute(
            "INSERT INTO users (id, first_name, last_name, username, email, avatar_url, password_hash, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
            args![u.id, &u.first_name, &u.last_name, &u.username, &u.email, &u.avatar_url, &u.password_hash, now],
        )?;
    }
    for r in &catalog.reviews {
        let created_at = Timestamp::parse_iso8601(&r.created_at)
            .ok_or_else(|| Error::other(format!("review {} of the seed catalog has no valid date", r.id)))?;
        c.execute(
            "INSERT INTO reviews (id, user_id, product_id, rating, title, description, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            args![r.id, r.user_id, r.product_id, r.rating, &r.title, &r.description, created_at.millis()],
        )?;
    }
    Ok(())
}

/// What `market seed` made.
pub struct SeedReport {
    pub products: u64,
    pub reviews: u64,
}

/// How many products the embedded catalog holds: the least `market seed` makes.
pub fn check_size(total: u64) -> anyhow::Result<()> {
    let seeded = SEEDED_ACCOUNTS.products;
    anyhow::ensure!(total >= seeded, "--products must be at least {seeded}, the seeded catalog's size");
    Ok(())
}

/// Adds generated products to a freshly seeded catalog, up to `total` in all, in the
/// caller's transaction, with the triggers that count ratings set aside by the caller.
pub fn generate(c: &mut Conn, total: u64) -> Result<SeedReport, Error> {
    let catalog: Catalog = serde_json::from_str(CATALOG).map_err(Error::other)?;
    let seeded = catalog.products.len() as u64;
    let first_id: i64 = c.query_one("SELECT coalesce(max(id), 0) + 1 FROM products", &[], |r| r.get(0))?;
    generate::products(c, &catalog, first_id, total - seeded, Timestamp::now().millis())?;
    let reviews: i64 = c.query_one("SELECT count(*) FROM reviews", &[], |r| r.get(0))?;
    Ok(SeedReport { products: total, reviews: reviews as u64 })
}

/// Counts every brand's products again, after products were written without triggers.
pub fn recount_brands(c: &mut Conn) -> Result<(), Error> {
    c.batch(
        "DELETE FROM brands;
         INSERT INTO brands (name, product_count) SELECT brand, count(*) FROM products GROUP BY brand;",
    )
}

/// `market seed` starts from scratch: it stops at a database that holds shoppers' data
/// (`held`, from [`shoppers_data`]) unless forced.
pub fn refuse_unless_forced(held: Option<String>, force: bool, database: &str) -> anyhow::Result<()> {
    if let Some(held) = held
        && !force
    {
        anyhow::bail!(
            "{database} holds shoppers' data ({held}); `market seed` starts a new catalog from scratch, \
             so it stops here. Pass --force to replace the database and lose that data."
        );
    }
    Ok(())
}

/// What a shopper left in the database, said in words; `None` when there is nothing
/// (or no Market tables: `has_users` is false).
pub fn shoppers_data(c: &mut Conn, has_users: bool) -> Result<Option<String>, Error> {
    if !has_users {
        return Ok(None);
    }
    let SeededAccounts { last: seeded_users, demo, .. } = *SEEDED_ACCOUNTS;
    let mut count =
        |sql: &str, args: &[Value]| -> Result<i64, Error> { c.query_one(sql, args, |r| r.get(0)) };
    let held = [
        ("accounts", count("SELECT count(*) FROM users WHERE id > ?1", args![seeded_users])?),
        ("orders", count("SELECT count(*) FROM orders", &[])?),
        ("cart lines", count("SELECT count(*) FROM cart_items", &[])?),
        ("favorites", count("SELECT count(*) FROM favorites", &[])?),
        (
            "reviews by the demo shopper",
            count("SELECT count(*) FROM reviews WHERE user_id = ?1", args![demo])?,
        ),
    ];
    let said: Vec<String> =
        held.iter().filter(|(_, n)| *n > 0).map(|(what, n)| format!("{what}: {n}")).collect();
    Ok((!said.is_empty()).then(|| said.join(", ")))
}

/// The seeded accounts: ids up to `last`, and the demo shopper's. Read from the
/// embedded catalog once, not inside the writer's transaction at each reset.
#[derive(Clone, Copy)]
struct SeededAccounts {
    last: i64,
    demo: i64,
    /// And how many products the catalog holds.
    products: u64,
}

static SEEDED_ACCOUNTS: std::sync::LazyLock<SeededAccounts> = std::sync::LazyLock::new(|| {
    let catalog: Catalog = serde_json::from_str(CATALOG).expect("the embedded catalog is valid JSON");
    SeededAccounts {
        last: catalog.users.iter().map(|u| u.id).max().unwrap_or(0),
        demo: catalog.users.iter().find(|u| u.username == "demo").map_or(0, |u| u.id),
        products: catalog.products.len() as u64,
    }
});

/// What a reset took away.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct ResetReport {
    pub accounts: u64,
    pub orders: u64,
    pub reviews: u64,
    pub cart_lines: u64,
    pub favorites: u64,
    pub sessions: u64,
}

impl std::fmt::Display for ResetReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} accounts, {} orders, {} reviews, {} cart lines, {} favorites and {} sessions",
            self.accounts, self.orders, self.reviews, self.cart_lines, self.favorites, self.sessions
        )
    }
}

/// Takes the store back to its seeded state, in the caller's transaction: everything
/// shoppers made goes (accounts beyond the seeded ones, the demo shopper's reviews and
/// everyone's orders, carts, favorites, sessions and idempotency keys); the catalog,
/// generated products included, and its seeded reviews stay. Nobody but the demo
/// shopper can sign in to a seeded account (the others' passwords were never kept), so
/// no other seeded account holds anything a visitor made. The tables' triggers log
/// what changed, so kept answers (ratings, carts, favorites) are dropped as after any
/// write.
pub fn reset_to_seeded(c: &mut Conn) -> Result<ResetReport, Error> {
    let SeededAccounts { last: seeded_users, demo, .. } = *SEEDED_ACCOUNTS;
    // Demo shoppers go too: their number's lock first, as whatever else ends them takes it.
    super::demo_count::hold(c)?;
    let mut all = |table: &str| c.execute(&format!("DELETE FROM {table}"), &[]);
    let mut report = ResetReport::default();
    all("idempotency_keys")?;
    // The orders go, and with them the units they took (a cancelled one gave its back, as
    // did each line a refund put back in stock).
    c.execute(
        "UPDATE products SET stock = stock + (
             SELECT count(*) FROM order_items oi JOIN orders o ON o.id = oi.order_id
             WHERE oi.product_id = products.id AND oi.variant_id IS NULL AND NOT oi.restocked AND o.status <> 'Cancelled')
         WHERE id IN (SELECT product_id FROM order_items WHERE variant_id IS NULL) AND options IS NULL",
        &[],
    )?;
    c.execute(
        "UPDATE product_variants SET stock = stock + (
             SELECT count(*) FROM order_items oi JOIN orders o ON o.id = oi.order_id
             WHERE oi.variant_id = product_variants.id AND NOT oi.restocked AND o.status <> 'Cancelled')
         WHERE id IN (SELECT variant_id FROM order_items)",
        &[],
    )?;
    // The codes' uses go with the orders; the store's methods, rates and codes stay.
    c.execute("DELETE FROM promotion_uses", &[])?;
    c.execute("UPDATE promotions SET uses = 0 WHERE uses <> 0", &[])?;
    let mut all = |table: &str| c.execute(&format!("DELETE FROM {table}"), &[]);
    // Mails and resets name orders and accounts, which go below: they go first.
    all("mails")?;
    all("password_resets")?;
    all("email_changes")?;
    all("stock_alerts")?;
    all("order_items")?;
    // Their payments go too, with the test provider's book and the Stripe checkouts: a
    // store that resets is a demo, whose money is the test provider's or Stripe's test
    // mode's.
    for table in ["refunds", "payments", "test_provider_refunds", "test_provider_charges", "stripe_checkouts"]
    {
        all(table)?;
    }
    report.orders = all("orders")?;
    report.cart_lines = all("cart_items")?;
    report.favorites = all("favorites")?;
    report.sessions = all("sessions")?;
    all("addresses")?;
    report.reviews =
        c.execute("DELETE FROM reviews WHERE user_id = ?1 OR user_id > ?2", args![demo, seeded_users])?;
    // Staff accounts stay: the store's own people, not what visitors made.
    report.accounts =
        c.execute("DELETE FROM users WHERE id > ?1 AND role = 'shopper'", args![seeded_users])?;
    Ok(report)
}
