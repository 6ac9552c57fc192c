//! First-run seeding from the catalog the binary embeds (`seed/catalog.json`, made by
//! `scripts/catalog/make-catalog.mjs`). One transaction; a database that already holds
//! anything is left alone, so seeding is idempotent and never touches real data.

use serde::Deserialize;

use rusqlite::{Connection, TransactionBehavior, params};

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
