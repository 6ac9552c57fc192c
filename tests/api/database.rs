use rusqlite::Connection;

use crate::helpers::{spawn_app, spawn_on};

fn count(conn: &Connection, table: &str) -> i64 {
    conn.query_row(&format!("SELECT count(*) FROM {table}"), [], |r| r.get(0)).unwrap()
}

#[actix_web::test]
async fn the_first_run_seeds_the_catalog_and_the_demo_shopper() {
    let app = spawn_app().await;
    let conn = Connection::open(app.data_dir.path().join("market.db")).unwrap();
    assert!(count(&conn, "departments") >= 12);
    assert!(count(&conn, "products") >= 150);
    assert!(count(&conn, "reviews") >= 400);
    let (hash, reviews): (String, i64) = conn
        .query_row(
            "SELECT password_hash, (SELECT count(*) FROM reviews WHERE user_id = users.id)
             FROM users WHERE username = 'demo' AND email = 'demo@market.test'",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert!(hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{hash}");
    assert_eq!(reviews, 0, "the demo shopper starts with no reviews");
    let plain: i64 = conn
        .query_row("SELECT count(*) FROM users WHERE password_hash NOT LIKE '$argon2id$%'", [], |r| r.get(0))
        .unwrap();
    assert_eq!(plain, 0, "every seeded password is an argon2id hash");
    let price_type: String =
        conn.query_row("SELECT typeof(price_cents) FROM products LIMIT 1", [], |r| r.get(0)).unwrap();
    assert_eq!(price_type, "integer", "money is stored as integer cents");
}

#[actix_web::test]
async fn restarting_on_a_database_that_holds_data_changes_nothing() {
    let app = spawn_app().await;
    let path = app.data_dir.path().join("market.db");
    let conn = Connection::open(&path).unwrap();
    conn.execute("DELETE FROM reviews WHERE id = (SELECT max(id) FROM reviews)", []).unwrap();
    let before = (
        count(&conn, "departments"),
        count(&conn, "products"),
        count(&conn, "reviews"),
        count(&conn, "users"),
    );
    let second = spawn_on(&app.data_dir).await;
    let res = app.client.get(format!("{second}/api/departments")).send().await.unwrap();
    assert_eq!(res.status(), 200);
    let after = (
        count(&conn, "departments"),
        count(&conn, "products"),
        count(&conn, "reviews"),
        count(&conn, "users"),
    );
    assert_eq!(before, after, "no second seeding, nothing restored");
}

/// The triggers keep every product's count and sum exact, whoever writes the reviews.
/// These writes go behind the server's back, so each check reads from a server started
/// afterwards: the rating columns alone must follow, by the schema's triggers.
#[actix_web::test]
async fn ratings_follow_review_changes() {
    let app = spawn_app().await;
    let conn = Connection::open(app.data_dir.path().join("market.db")).unwrap();
    let fresh_server = |path: &'static str| {
        let (client, dir) = (app.client.clone(), &app.data_dir);
        async move {
            let address = spawn_on(dir).await;
            client
                .get(format!("{address}{path}"))
                .send()
                .await
                .unwrap()
                .json::<serde_json::Value>()
                .await
                .unwrap()
        }
    };
    conn.execute("DELETE FROM reviews WHERE product_id = 52", []).unwrap();
    let p = fresh_server("/api/products/52").await;
    assert_eq!((p["numReviews"].as_i64(), p["avgRating"].as_f64()), (Some(0), Some(0.0)));
    for (user, rating) in [(2, 5), (3, 4), (4, 4)] {
        conn.execute(
            "INSERT INTO reviews (user_id, product_id, rating, title, description, created_at)
             VALUES (?1, 52, ?2, 'Solid buy', 'Does what it says and arrived quickly.', 1793491200000)",
            (user, rating),
        )
        .unwrap();
    }
    let p = fresh_server("/api/products/52").await;
    assert_eq!((p["numReviews"].as_i64(), p["avgRating"].as_f64()), (Some(3), Some(4.33)));
    conn.execute("UPDATE reviews SET rating = 1 WHERE product_id = 52 AND user_id = 2", []).unwrap();
    conn.execute("DELETE FROM reviews WHERE product_id = 52 AND user_id = 3", []).unwrap();
    let p = fresh_server("/api/products/52").await;
    assert_eq!((p["numReviews"].as_i64(), p["avgRating"].as_f64()), (Some(2), Some(2.5)));
    let dept = fresh_server("/api/departments/5/products").await;
    let card = dept["Products"].as_array().unwrap().iter().find(|c| c["id"] == 52).unwrap().clone();
    assert_eq!((card["numReviews"].as_i64(), card["avgRating"].as_f64()), (Some(2), Some(2.5)));
}
