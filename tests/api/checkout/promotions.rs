//! Promotion codes at checkout: each refusal says why, in the quote (400) and the order
//! (409, nothing created, the cart kept); the usage limit holds under any number of
//! concurrent orders; a cancelled order gives its use back once.

use serde_json::{Value, json};

use super::{fill_cart, order_of, promotion, shopper};
use crate::back_office::{patch, with_role};
use crate::helpers::{TestApp, assert_error_shape, spawn_app, spawn_app_with};

/// Asks for a quote and then an order with `code`: both refused for `reason`, nothing
/// ordered, the cart as it was.
async fn refused_everywhere(app: &TestApp, shopper: &TestApp, code: &str, reason: &str) {
    let quote = shopper.post("/api/checkout/quote", json!({"promotionCode": code}), 400).await;
    assert_error_shape(&quote);
    assert_eq!(
        (quote["message"].as_str(), quote["errors"].clone()),
        (Some(reason), json!([reason])),
        "{code}"
    );
    let orders_before = app.sql_number("SELECT count(*) FROM orders").await;
    let plain = shopper.post("/api/checkout/quote", json!({}), 200).await;
    let order = shopper.post("/api/orders", order_of(&plain, json!({"promotionCode": code})), 409).await;
    assert_eq!(order["message"], reason, "{code}");
    assert_eq!(app.sql_number("SELECT count(*) FROM orders").await, orders_before);
    assert_eq!(shopper.get_json("/api/cart", 200).await["Products"], plain["lines"], "the cart is kept");
}

#[actix_web::test]
async fn a_refused_code_says_why_in_the_quote_and_the_order() {
    let app = spawn_app().await;
    let ada = shopper(&app).await;
    fill_cart(&ada, 0, 1).await;
    let day = 86_400_000_i64;
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64;
    promotion(&app, "LATER", "percent", 10, None).await;
    app.sql(&format!("UPDATE promotions SET starts_at = {} WHERE code = 'LATER'", now + day)).await;
    promotion(&app, "OVER", "percent", 10, None).await;
    app.sql(&format!("UPDATE promotions SET ends_at = {} WHERE code = 'OVER'", now - day)).await;
    promotion(&app, "GONE", "percent", 10, Some(0)).await;
    promotion(&app, "BIG-CART", "percent", 10, None).await;
    app.sql("UPDATE promotions SET min_subtotal_cents = 10000000 WHERE code = 'BIG-CART'").await;
    refused_everywhere(&app, &ada, "NOSUCH", "That promotion code doesn't exist.").await;
    refused_everywhere(&app, &ada, "later", "That promotion code hasn't started yet.").await;
    refused_everywhere(&app, &ada, "OVER", "That promotion code has ended.").await;
    refused_everywhere(&app, &ada, "gone", "That promotion code has been used up.").await;
    refused_everywhere(
        &app,
        &ada,
        "big-cart",
        "That promotion code needs a subtotal of at least $100000.00.",
    )
    .await;
}

#[actix_web::test]
async fn a_code_once_per_shopper_is_refused_the_second_time_until_its_order_is_cancelled() {
    let app = spawn_app().await;
    promotion(&app, "WELCOME", "amount", 500, None).await;
    app.sql("UPDATE promotions SET once_per_shopper = TRUE WHERE code = 'WELCOME'").await;
    let ada = shopper(&app).await;
    fill_cart(&ada, 0, 1).await;
    let quote = ada.post("/api/checkout/quote", json!({"promotionCode": "welcome"}), 200).await;
    let first = ada.post("/api/orders", order_of(&quote, json!({"promotionCode": "welcome"})), 201).await;
    fill_cart(&ada, 1, 1).await;
    refused_everywhere(&app, &ada, "WELCOME", "You have already used that promotion code.").await;
    // Another shopper may still use it.
    let bob = shopper(&app).await;
    fill_cart(&bob, 2, 1).await;
    bob.post("/api/checkout/quote", json!({"promotionCode": "WELCOME"}), 200).await;
    // Staff cancel the first order: its use comes back, once.
    let staff = with_role(&app, "staff").await;
    patch(&staff, &format!("/api/admin/orders/{}", first["id"]), json!({"status": "Cancelled"}), 200).await;
    assert_eq!(app.sql_number("SELECT uses FROM promotions WHERE code = 'WELCOME'").await, 0);
    patch(&staff, &format!("/api/admin/orders/{}", first["id"]), json!({"status": "Cancelled"}), 409).await;
    assert_eq!(app.sql_number("SELECT uses FROM promotions WHERE code = 'WELCOME'").await, 0);
    ada.post("/api/checkout/quote", json!({"promotionCode": "WELCOME"}), 200).await;
}

/// 50 shoppers order at once with a code of limit 7: exactly 7 orders carry it, the
/// others are refused as used up with their carts kept, and `uses` is 7. Cancelling
/// one of them gives one use back, once.
#[actix_web::test]
async fn the_usage_limit_holds_under_fifty_concurrent_orders() {
    const SHOPPERS: usize = 50;
    const LIMIT: i64 = 7;
    let app = spawn_app_with(|config| config.rate_limits = None).await;
    promotion(&app, "FIRST-SEVEN", "percent", 20, Some(LIMIT)).await;
    let mut shoppers = Vec::new();
    let mut bodies: Vec<Value> = Vec::new();
    for n in 0..SHOPPERS {
        let s = shopper(&app).await;
        fill_cart(&s, n as i64 % 30, 1).await;
        let quote = s.post("/api/checkout/quote", json!({"promotionCode": "first-seven"}), 200).await;
        bodies.push(order_of(&quote, json!({"promotionCode": "first-seven"})));
        shoppers.push(s);
    }
    let sends = shoppers
        .iter()
        .zip(&bodies)
        .map(|(s, body)| s.send(reqwest::Method::POST, "/api/orders", Some(body.clone())));
    let answers = futures_util::future::join_all(sends).await;
    let mut placed = Vec::new();
    for (n, res) in answers.into_iter().enumerate() {
        let status = res.status().as_u16();
        let body: Value = res.json().await.unwrap();
        match status {
            201 => placed.push(body["id"].clone()),
            409 => {
                assert_eq!(body["message"], "That promotion code has been used up.");
                assert_eq!(
                    shoppers[n].get_json("/api/cart", 200).await["Products"].as_array().unwrap().len(),
                    1
                );
            }
            other => panic!("{other}: {body}"),
        }
    }
    assert_eq!(placed.len() as i64, LIMIT);
    assert_eq!(
        app.sql_number("SELECT count(*) FROM orders WHERE promotion_code = 'FIRST-SEVEN'").await,
        LIMIT
    );
    assert_eq!(app.sql_number("SELECT uses FROM promotions WHERE code = 'FIRST-SEVEN'").await, LIMIT);
    assert_eq!(app.sql_number("SELECT count(*) FROM promotion_uses").await, LIMIT);
    let staff = with_role(&app, "staff").await;
    let path = format!("/api/admin/orders/{}", placed[0]);
    let (a, b) = tokio::join!(
        staff.send(reqwest::Method::PATCH, &path, Some(json!({"status": "Cancelled"}))),
        staff.send(reqwest::Method::PATCH, &path, Some(json!({"status": "Cancelled"})))
    );
    let mut statuses = [a.status().as_u16(), b.status().as_u16()];
    statuses.sort_unstable();
    assert_eq!(statuses, [200, 409]);
    assert_eq!(app.sql_number("SELECT uses FROM promotions WHERE code = 'FIRST-SEVEN'").await, LIMIT - 1);
}
