use crate::helpers::{TestApp, postgres, spawn_app, spawn_on};

async fn count(app: &TestApp, table: &str) -> i64 {
    app.sql_number(&format!("SELECT count(*) FROM {table}")).await
}

#[actix_web::test]
async fn the_first_run_seeds_the_catalog_and_the_demo_shopper() {
    let app = spawn_app().await;
    assert!(count(&app, "departments").await >= 12);
    assert!(count(&app, "products").await >= 150);
    assert!(count(&app, "reviews").await >= 400);
    let demo = app
        .sql(
            "SELECT (SELECT count(*) FROM reviews WHERE user_id = users.id) FROM users
             WHERE username = 'demo' AND email = 'demo@market.test' AND password_hash LIKE '$argon2id$v=19$m=19456,t=2,p=1$%'",
        )
        .await;
    assert_eq!(demo, [0], "the demo shopper has an argon2id password and starts with no reviews");
    let plain = app.sql_number("SELECT count(*) FROM users WHERE password_hash NOT LIKE '$argon2id$%'").await;
    assert_eq!(plain, 0, "every seeded password is an argon2id hash");
    let integer_cents = match postgres() {
        Some(_) => "SELECT count(*) FROM products WHERE pg_typeof(price_cents)::text <> 'bigint'",
        None => "SELECT count(*) FROM products WHERE typeof(price_cents) <> 'integer'",
    };
    assert_eq!(app.sql_number(integer_cents).await, 0, "money is stored as integer cents");
}

#[actix_web::test]
async fn restarting_on_a_database_that_holds_data_changes_nothing() {
    let app = spawn_app().await;
    app.sql("DELETE FROM reviews WHERE id = (SELECT max(id) FROM reviews)").await;
    let counts = async || {
        (
            count(&app, "departments").await,
            count(&app, "products").await,
            count(&app, "reviews").await,
            count(&app, "users").await,
        )
    };
    let before = counts().await;
    let second = spawn_on(&app.data_dir).await;
    let res = app.client.get(format!("{second}/api/departments")).send().await.unwrap();
    assert_eq!(res.status(), 200);
    assert_eq!(before, counts().await, "no second seeding, nothing restored");
}

/// The triggers keep every product's count and sum exact, whoever writes the reviews.
/// These writes go behind the server's back, so each check reads from a server started
/// afterwards: the rating columns alone must follow, by the schema's triggers.
#[actix_web::test]
async fn ratings_follow_review_changes() {
    let app = spawn_app().await;
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
    app.sql("DELETE FROM reviews WHERE product_id = 52").await;
    let p = fresh_server("/api/products/52").await;
    assert_eq!((p["numReviews"].as_i64(), p["avgRating"].as_f64()), (Some(0), Some(0.0)));
    for (user, rating) in [(2, 5), (3, 4), (4, 4)] {
        app.sql(&format!(
            "INSERT INTO reviews (user_id, product_id, rating, title, description, created_at)
             VALUES ({user}, 52, {rating}, 'Solid buy', 'Does what it says and arrived quickly.', 1793491200000)"
        ))
        .await;
    }
    let p = fresh_server("/api/products/52").await;
    assert_eq!((p["numReviews"].as_i64(), p["avgRating"].as_f64()), (Some(3), Some(4.33)));
    app.sql("UPDATE reviews SET rating = 1 WHERE product_id = 52 AND user_id = 2").await;
    app.sql("DELETE FROM reviews WHERE product_id = 52 AND user_id = 3").await;
    let p = fresh_server("/api/products/52").await;
    assert_eq!((p["numReviews"].as_i64(), p["avgRating"].as_f64()), (Some(2), Some(2.5)));
    let dept = fresh_server("/api/departments/5/products").await;
    let card = dept["Products"].as_array().unwrap().iter().find(|c| c["id"] == 52).unwrap().clone();
    assert_eq!((card["numReviews"].as_i64(), card["avgRating"].as_f64()), (Some(2), Some(2.5)));
}
