//! `market seed --products N`: a large catalog on demand, made from the seed's own words.

use crate::helpers::seed_catalog;
use rusqlite::Connection;
use serde_json::json;

use crate::helpers::{spawn_app, spawn_on};

fn one(conn: &Connection, sql: &str) -> i64 {
    conn.query_row(sql, [], |r| r.get(0)).unwrap()
}

/// Everything a shopper could see of the catalog, as one text.
fn catalog_text(conn: &Connection) -> String {
    let mut stmt = conn
        .prepare(
            "SELECT p.id || p.department_id || p.name || p.brand || p.price_cents || p.review_count || p.rating_sum
                    || (SELECT group_concat(url || background) FROM product_images WHERE product_id = p.id)
             FROM products p ORDER BY p.id",
        )
        .unwrap();
    stmt.query_map([], |r| r.get::<_, String>(0)).unwrap().map(Result::unwrap).collect()
}

#[actix_web::test]
async fn seeding_n_products_makes_the_same_believable_catalog_every_time() {
    let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let made = seed_catalog(&a.path().join("market.db"), 1_000, false).unwrap();
    seed_catalog(&b.path().join("market.db"), 1_000, false).unwrap();
    assert_eq!(made.products, 1_000);
    let conn = Connection::open(a.path().join("market.db")).unwrap();
    assert_eq!(one(&conn, "SELECT count(*) FROM products"), 1_000);
    assert_eq!(
        catalog_text(&conn),
        catalog_text(&Connection::open(b.path().join("market.db")).unwrap()),
        "same N, same catalog"
    );

    // Spread over every department, each product with pictures and a believable price.
    assert_eq!(one(&conn, "SELECT count(DISTINCT department_id) FROM products WHERE id > 156"), 13);
    assert_eq!(
        one(
            &conn,
            "SELECT count(*) FROM products p WHERE NOT EXISTS (SELECT 1 FROM product_images WHERE product_id = p.id AND position = 0)"
        ),
        0
    );
    assert_eq!(
        one(
            &conn,
            "SELECT count(*) FROM products WHERE price_cents < 99 OR price_cents % 100 != 99 AND id > 156"
        ),
        0
    );
    // Ratings are exactly what the reviews say, and no shopper reviews a product twice.
    assert_eq!(
        one(&conn, "SELECT count(*) FROM products p WHERE review_count != (SELECT count(*) FROM reviews WHERE product_id = p.id)
                    OR rating_sum != (SELECT coalesce(sum(rating), 0) FROM reviews WHERE product_id = p.id)"),
        0
    );
    assert!(one(&conn, "SELECT count(*) FROM reviews") > 1_000, "most products have reviews");
    assert_eq!(
        one(
            &conn,
            "SELECT count(*) FROM reviews r JOIN users u ON u.id = r.user_id WHERE u.username = 'demo'"
        ),
        0
    );
    assert_eq!(one(&conn, "SELECT count(*) FROM pragma_foreign_key_check"), 0);
    // The triggers are back: a new review counts, and is logged for the caches.
    assert_eq!(one(&conn, "SELECT count(*) FROM changes"), 0);
    conn.execute(
        "INSERT INTO reviews (user_id, product_id, rating, title, description, created_at)
         VALUES (1, 999, 5, 'Lovely', 'Just what I hoped it would be, and more.', 0)",
        [],
    )
    .unwrap();
    assert_eq!(
        one(
            &conn,
            "SELECT review_count - (SELECT count(*) FROM reviews WHERE product_id = 999) FROM products WHERE id = 999"
        ),
        0
    );
    assert!(one(&conn, "SELECT count(*) FROM changes") > 0);

    // And the store serves it.
    let address = spawn_on(&a).await;
    let product: serde_json::Value =
        reqwest::get(format!("{address}/api/products/999")).await.unwrap().json().await.unwrap();
    assert_eq!(product["id"], 999);
    assert!(product["ProductImages"].as_array().unwrap().len() >= 3);
}

#[actix_web::test]
async fn seeding_refuses_a_database_with_shoppers_data_unless_forced() {
    if crate::helpers::sqlite_only("seeding over a file") {
        return;
    }
    let app = spawn_app().await;
    app.sign_up().await;
    app.post("/api/cart", json!({"productId": 51}), 201).await;
    let path = app.data_dir.path().join("market.db");

    let refused = seed_catalog(&path, 500, false).err().expect("refused").to_string();
    assert!(refused.contains("accounts: 1, cart lines: 1"), "{refused}");
    assert!(refused.contains("--force"), "{refused}");
    let conn = Connection::open(&path).unwrap();
    assert_eq!(one(&conn, "SELECT count(*) FROM cart_items"), 1, "nothing was touched");
    assert_eq!(one(&conn, "SELECT count(*) FROM products"), 156);
    drop(conn);
    seed_catalog(&path, 500, true).expect("--force replaces it");
    let conn = Connection::open(&path).unwrap();
    assert_eq!(
        (one(&conn, "SELECT count(*) FROM products"), one(&conn, "SELECT count(*) FROM cart_items")),
        (500, 0)
    );
    drop(conn);

    let seeded = tempfile::tempdir().unwrap();
    let fresh = seeded.path().join("market.db");
    seed_catalog(&fresh, 500, false).unwrap();
    seed_catalog(&fresh, 600, false).expect("a catalog without shoppers' data is simply made again");
    assert_eq!(one(&Connection::open(&fresh).unwrap(), "SELECT count(*) FROM products"), 600);
    seed_catalog(&fresh, 155, false).err().expect("fewer than the seeded catalog");
}
