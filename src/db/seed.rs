//! First-run seeding from the catalog the binary embeds (`seed/catalog.json`, made by
//! `scripts/catalog/make-catalog.mjs`). One transaction; a database that already holds
//! anything is left alone, so seeding is idempotent and never touches real data.

mod generate;

use std::path::Path;

use anyhow::Context;
use rusqlite::{Connection, OpenFlags, TransactionBehavior, params};
use serde::Deserialize;

use crate::domain::Timestamp;

const CATALOG: &str = include_str!("seed/catalog.json");

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Catalog {
    departments: Vec<Department>,
    products: Vec<Product>,
    users: Vec<User>,
    reviews: Vec<Review>,
}

#[derive(Deserialize)]
struct Department {
    id: i64,
    name: String,
    url: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Product {
    id: i64,
    department_id: i64,
    name: String,
    brand: String,
    price_cents: i64,
    description: String,
    images: Vec<Image>,
}

#[derive(Deserialize)]
struct Image {
    url: String,
    background: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct User {
    id: i64,
    first_name: String,
    last_name: String,
    username: String,
    email: String,
    avatar_url: String,
    /// argon2id PHC strings: the demo shopper's is of its published password, the
    /// others' of random passwords nobody kept.
    password_hash: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Review {
    id: i64,
    user_id: i64,
    product_id: i64,
    rating: i64,
    title: String,
    description: String,
    created_at: String,
}

/// Returns whether it seeded.
pub fn seed_if_empty(conn: &mut Connection) -> anyhow::Result<bool> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    let holds_data: bool =
        tx.query_row("SELECT EXISTS (SELECT 1 FROM departments) OR EXISTS (SELECT 1 FROM users)", [], |r| {
            r.get(0)
        })?;
    if holds_data {
        return Ok(false);
    }
    let catalog: Catalog = serde_json::from_str(CATALOG)?;
    {
        let mut dept = tx.prepare("INSERT INTO departments (id, name, picture_url) VALUES (?1, ?2, ?3)")?;
        for d in &catalog.departments {
            dept.execute(params![d.id, d.name, d.url])?;
        }
        let mut product = tx.prepare(
            "INSERT INTO products (id, department_id, name, brand, price_cents, description)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )?;
        let mut image = tx.prepare(
            "INSERT INTO product_images (product_id, position, url, background) VALUES (?1, ?2, ?3, ?4)",
        )?;
        for p in &catalog.products {
            product.execute(params![p.id, p.department_id, p.name, p.brand, p.price_cents, p.description])?;
            for (position, img) in p.images.iter().enumerate() {
                image.execute(params![p.id, position as i64, img.url, img.background])?;
            }
        }
        let mut user = tx.prepare(
            "INSERT INTO users (id, first_name, last_name, username, email, avatar_url, password_hash, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        )?;
        for u in &catalog.users {
            user.execute(params![
                u.id,
                u.first_name,
                u.last_name,
                u.username,
                u.email,
                u.avatar_url,
                u.password_hash,
                Timestamp::now().millis()
            ])?;
        }
        let mut review = tx.prepare(
            "INSERT INTO reviews (id, user_id, product_id, rating, title, description, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, CAST(round(unixepoch(?7, 'subsec') * 1000) AS INTEGER))",
        )?;
        for r in &catalog.reviews {
            review.execute(params![
                r.id,
                r.user_id,
                r.product_id,
                r.rating,
                r.title,
                r.description,
                r.created_at
            ])?;
        }
    }
    // A new database has no kept answers to tell about its first contents.
    tx.execute("DELETE FROM changes", [])?;
    tx.commit()?;
    tracing::info!(
        departments = catalog.departments.len(),
        products = catalog.products.len(),
        reviews = catalog.reviews.len(),
        "seeded the catalog"
    );
    Ok(true)
}

/// What `market seed` made.
pub struct SeedReport {
    pub products: u64,
    pub reviews: u64,
}

/// `market seed --products N`: a fresh database at `path` holding the seeded catalog and
/// generated products up to `total` in all. A database that holds shoppers' data is
/// left alone unless `force`; any other is replaced.
pub fn seed_catalog(path: &Path, total: u64, force: bool) -> anyhow::Result<SeedReport> {
    let catalog: Catalog = serde_json::from_str(CATALOG)?;
    let seeded = catalog.products.len() as u64;
    anyhow::ensure!(total >= seeded, "--products must be at least {seeded}, the seeded catalog's size");
    if path.exists() {
        let existing = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
        super::identity::check(&existing, path)?;
        drop(existing);
        if let Some(held) = shoppers_data(path)?
            && !force
        {
            anyhow::bail!(
                "{} holds shoppers' data ({held}); `market seed` starts a new catalog from scratch, \
                 so it stops here. Pass --force to replace the database and lose that data.",
                path.display()
            );
        }
        for suffix in ["", "-wal", "-shm"] {
            let file = format!("{}{suffix}", path.display());
            if Path::new(&file).exists() {
                std::fs::remove_file(&file).with_context(|| format!("removing {file}"))?;
            }
        }
    }
    let mut conn = Connection::open(path).with_context(|| format!("creating {}", path.display()))?;
    super::identity::claim(&conn, path)?;
    // A new file nobody uses yet: if the machine stops now, seeding starts again. So no
    // write-ahead log while it is made (in WAL mode each of its gigabyte's pages would be
    // written twice, to the log and then to the file), and no waiting for the disk.
    conn.pragma_update(None, "journal_mode", "MEMORY")?;
    conn.pragma_update(None, "synchronous", "OFF")?;
    super::migrations::run(&mut conn)?;
    seed_if_empty(&mut conn)?;
    // Making the indexes and the search index sorts and merges a million rows: 64 MiB
    // of page cache and sorting in memory rather than SQLite's 2 MiB and temp files.
    conn.pragma_update(None, "cache_size", -65536)?;
    conn.pragma_update(None, "temp_store", "MEMORY")?;
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    // The triggers count ratings, index words and log changes row by row; the generator
    // writes the counts itself, the derived tables are rebuilt in one pass after it,
    // and a new database has nothing kept to tell about. The secondary indexes are
    // quicker made once than kept row by row. Both are set aside while it writes and
    // made again, exactly as they were, before the commit.
    let set_aside: Vec<(String, String, String)> = {
        let mut stmt = tx.prepare(
            "SELECT type, name, sql FROM sqlite_master
             WHERE type = 'trigger'
                OR (type = 'index' AND sql IS NOT NULL AND tbl_name IN ('products', 'reviews', 'product_images'))",
        )?;
        stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?.collect::<Result<_, _>>()?
    };
    for (kind, name, _) in &set_aside {
        tx.execute_batch(&format!("DROP {} \"{name}\"", kind.to_uppercase()))?;
    }
    let first_id: i64 = tx.query_row("SELECT coalesce(max(id), 0) + 1 FROM products", [], |r| r.get(0))?;
    let made = generate::products(&tx, &catalog, first_id, total - seeded, Timestamp::now().millis())?;
    for (_, _, sql) in &set_aside {
        tx.execute_batch(sql)?;
    }
    super::search::rebuild(&tx)?;
    tx.execute("DELETE FROM changes", [])?;
    tx.commit()?;
    // Statistics for the query planner, sampled so this stays quick at any size.
    conn.execute_batch("PRAGMA analysis_limit = 1000; ANALYZE;")?;
    // The store runs in WAL mode; the file says so from now on.
    conn.pragma_update(None, "journal_mode", "WAL")?;
    let reviews: i64 = conn.query_row("SELECT count(*) FROM reviews", [], |r| r.get(0))?;
    Ok(SeedReport { products: seeded + made.products, reviews: reviews as u64 })
}

/// What a shopper left in the database, said in words; `None` when there is nothing.
fn shoppers_data(path: &Path) -> anyhow::Result<Option<String>> {
    let conn = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY)
        .with_context(|| format!("opening {}", path.display()))?;
    let has_table = |name: &str| -> rusqlite::Result<bool> {
        conn.query_row(
            "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1)",
            [name],
            |r| r.get(0),
        )
    };
    if !has_table("users")? {
        return Ok(None);
    }
    let SeededAccounts { last: seeded_users, demo } = *SEEDED_ACCOUNTS;
    let count = |sql: &str| -> rusqlite::Result<i64> { conn.query_row(sql, [], |r| r.get(0)) };
    let held = [
        ("accounts", count(&format!("SELECT count(*) FROM users WHERE id > {seeded_users}"))?),
        ("orders", count("SELECT count(*) FROM orders")?),
        ("cart lines", count("SELECT count(*) FROM cart_items")?),
        ("favorites", count("SELECT count(*) FROM favorites")?),
        (
            "reviews by the demo shopper",
            count(&format!("SELECT count(*) FROM reviews WHERE user_id = {demo}"))?,
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
}

static SEEDED_ACCOUNTS: std::sync::LazyLock<SeededAccounts> = std::sync::LazyLock::new(|| {
    let catalog: Catalog = serde_json::from_str(CATALOG).expect("the embedded catalog is valid JSON");
    SeededAccounts {
        last: catalog.users.iter().map(|u| u.id).max().unwrap_or(0),
        demo: catalog.users.iter().find(|u| u.username == "demo").map_or(0, |u| u.id),
    }
});

/// What a reset took away.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct ResetReport {
    pub accounts: usize,
    pub orders: usize,
    pub reviews: usize,
    pub cart_lines: usize,
    pub favorites: usize,
    pub sessions: usize,
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
pub fn reset_to_seeded(tx: &rusqlite::Transaction) -> rusqlite::Result<ResetReport> {
    let SeededAccounts { last: seeded_users, demo } = *SEEDED_ACCOUNTS;
    let all = |table: &str| tx.execute(&format!("DELETE FROM {table}"), []);
    let mut report = ResetReport::default();
    all("idempotency_keys")?;
    all("order_items")?;
    report.orders = all("orders")?;
    report.cart_lines = all("cart_items")?;
    report.favorites = all("favorites")?;
    report.sessions = all("sessions")?;
    report.reviews =
        tx.execute("DELETE FROM reviews WHERE user_id = ?1 OR user_id > ?2", params![demo, seeded_users])?;
    report.accounts = tx.execute("DELETE FROM users WHERE id > ?1", params![seeded_users])?;
    Ok(report)
}
