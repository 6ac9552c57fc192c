//! Many shoppers at once: every order lands whole, in its own shopper's history.

use serde_json::{Value, json};

use crate::helpers::{TestApp, browser, spawn_app, spawn_app_with};

const SHOPPERS: i64 = 20;

fn cents(price: &Value) -> i64 {
    (price.as_f64().expect("a number") * 100.0).round() as i64
}

/// Adds two products and checks out as the app does; answers the order's status.
async fn shop(app: TestApp, n: i64) -> (TestApp, u16, [i64; 2]) {
    let products = [crate::helpers::in_stock(n), crate::helpers::in_stock(n + 60)];
    for id in products {
        app.post("/api/cart", json!({"productId": id}), 201).await;
    }
    let cart = app.get_json("/api/cart", 200).await;
    let subtotal = cents(&cart["subtotal"]);
    let total = subtotal - (subtotal * 5 + 50) / 100;
    let body = json!({"total": total as f64 / 100.0, "products": cart["Products"]});
    let res = app.send(reqwest::Method::POST, "/api/orders", Some(body)).await;
    let status = res.status().as_u16();
    (app, status, products)
}

#[actix_web::test]
async fn twenty_shoppers_checking_out_at_once_each_get_their_order() {
    // Twenty sign-ups from one address in a second is what the sign-up limit stops.
    let app = spawn_app_with(|config| config.rate_limits = None).await;
    let count = async |table: &str| -> i64 { app.sql_number(&format!("SELECT count(*) FROM {table}")).await };
    assert_eq!((count("orders").await, count("order_items").await), (0, 0));

    // Sign-ups run side by side too: password hashing is the slow part.
    let signing_up: Vec<_> = (0..SHOPPERS)
        .map(|_| {
            let shopper = browser(&app);
            actix_web::rt::spawn(async move {
                shopper.sign_up().await;
                shopper
            })
        })
        .collect();
    let mut shoppers = Vec::new();
    for handle in signing_up {
        shoppers.push(handle.await.expect("signed up"));
    }
    let handles: Vec<_> =
        shoppers.into_iter().zip(0..).map(|(shopper, n)| actix_web::rt::spawn(shop(shopper, n))).collect();
    let mut done = Vec::new();
    for handle in handles {
        done.push(handle.await.expect("the shopper's task finished"));
    }

    for (shopper, status, products) in &done {
        assert_eq!(*status, 201, "every order is placed");
        let orders = shopper.get_json("/api/orders", 200).await;
        let orders = orders["Orders"].as_array().unwrap();
        assert_eq!(orders.len(), 1, "exactly one order each");
        let ids: Vec<i64> =
            orders[0]["Products"].as_array().unwrap().iter().map(|p| p["id"].as_i64().unwrap()).collect();
        assert_eq!(ids, products, "the shopper's own two lines");
        assert_eq!(shopper.get_json("/api/cart", 200).await["Products"], json!([]), "the cart is empty");
    }
    assert_eq!(count("orders").await, SHOPPERS);
    assert_eq!(count("order_items").await, 2 * SHOPPERS);
    assert_eq!(count("cart_items").await, 0);
    let owners = app.sql_number("SELECT count(DISTINCT user_id) FROM orders").await;
    assert_eq!(owners, SHOPPERS, "one order per shopper");
}

/// A write as the app sends it, from a clone of this browser's client (so it can run in
/// its own task); answers the status.
fn write_in_task(
    app: &TestApp,
    path: &str,
    body: Value,
) -> actix_web::rt::task::JoinHandle<reqwest::StatusCode> {
    let req = app
        .client
        .post(app.url(path))
        .header("XSRF-Token", app.cookie("XSRF-TOKEN").expect("a token"))
        .json(&body);
    actix_web::rt::spawn(async move { req.send().await.expect("request sent").status() })
}

#[actix_web::test]
async fn a_cart_filled_from_many_tabs_at_once_still_stops_at_fifty() {
    let app = spawn_app().await;
    app.sign_up().await;
    let handles: Vec<_> = (0..60)
        .map(|i| write_in_task(&app, "/api/cart", json!({"productId": crate::helpers::in_stock(i)})))
        .collect();
    let mut statuses = Vec::new();
    for handle in handles {
        statuses.push(handle.await.unwrap().as_u16());
    }
    assert_eq!(statuses.iter().filter(|&&s| s == 201).count(), 50, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|&&s| s == 409).count(), 10, "{statuses:?}");
    assert_eq!(app.get_json("/api/cart", 200).await["Products"].as_array().unwrap().len(), 50);
}

#[actix_web::test]
async fn placing_the_same_order_several_times_at_once_makes_one_order() {
    let app = spawn_app().await;
    app.sign_up().await;
    for id in [51, 61] {
        app.post("/api/cart", json!({"productId": id}), 201).await;
    }
    let cart = app.get_json("/api/cart", 200).await;
    let subtotal = cents(&cart["subtotal"]);
    let total = subtotal - (subtotal * 5 + 50) / 100;
    let body = json!({"total": total as f64 / 100.0, "products": cart["Products"]});
    let handles: Vec<_> = (0..5).map(|_| write_in_task(&app, "/api/orders", body.clone())).collect();
    let mut statuses = Vec::new();
    for handle in handles {
        statuses.push(handle.await.unwrap().as_u16());
    }
    statuses.sort_unstable();
    assert_eq!(statuses, [201, 400, 400, 400, 400], "one order; the others find the cart empty");
    let orders = app.get_json("/api/orders", 200).await;
    assert_eq!(orders["Orders"].as_array().unwrap().len(), 1);
    assert_eq!(orders["Orders"][0]["Products"].as_array().unwrap().len(), 2);
}
