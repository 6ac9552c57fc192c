//! What the checkout's tests set up: shoppers, addresses, the store's methods, rates
//! and codes (by SQL, as an operator's shell would), carts and order bodies. Shared by
//! the API tests and the pricing oracle's binary (`tests/oracle.rs`).

use serde_json::{Value, json};

use crate::helpers::{TestApp, browser, in_stock};

/// A price on the wire (19.99) in cents (1999).
pub fn cents(price: &Value) -> i64 {
    (price.as_f64().expect("a number") * 100.0).round() as i64
}

/// A new shopper, signed up in a browser of its own.
pub async fn shopper(app: &TestApp) -> TestApp {
    let shopper = browser(app);
    shopper.sign_up().await;
    shopper
}

/// An address in Austin, Texas, with `name`.
pub fn texas(name: &str) -> Value {
    json!({"name": name, "line1": "200 Congress Ave", "line2": "Suite 4", "city": "Austin", "state": "TX",
           "postalCode": "78701", "country": "US", "phone": "+1 (512) 555-0100"})
}

/// A shipping method of the store: `price` and `free_over` in cents; answers its id.
pub async fn method(app: &TestApp, name: &str, price: i64, free_over: Option<i64>) -> i64 {
    let free_over = free_over.map_or("NULL".to_string(), |c| c.to_string());
    app.sql_number(&format!(
        "INSERT INTO shipping_methods (name, price_cents, free_over_cents, days, is_default, created_at)
         VALUES ('{name}', {price}, {free_over}, '1-2', FALSE, 0) RETURNING id"
    ))
    .await
}

/// Sets `region`'s tax rate, in thousandths of a percent (8.25% is 8250).
pub async fn tax_rate(app: &TestApp, region: &str, milli: i64) {
    app.sql(&format!(
        "INSERT INTO tax_rates (region, rate_milli, updated_at) VALUES ('{region}', {milli}, 0)
         ON CONFLICT (region) DO UPDATE SET rate_milli = excluded.rate_milli"
    ))
    .await;
}

/// A promotion code: `kind` `percent` or `amount` (`value` a percent or cents), with the
/// rest of its columns as `extra` SQL assignments would set them; answers its id.
pub async fn promotion(app: &TestApp, code: &str, kind: &str, value: i64, limit: Option<i64>) -> i64 {
    let limit = limit.map_or("NULL".to_string(), |n| n.to_string());
    app.sql_number(&format!(
        "INSERT INTO promotions (code, kind, value, min_subtotal_cents, usage_limit, once_per_shopper, uses, created_at)
         VALUES ('{code}', '{kind}', {value}, 0, {limit}, FALSE, 0, 0) RETURNING id"
    ))
    .await
}

/// Puts products `in_stock(from)..` in the cart, `n` lines.
pub async fn fill_cart(app: &TestApp, from: i64, n: i64) -> Value {
    for i in from..from + n {
        app.post("/api/cart", json!({"productId": in_stock(i)}), 201).await;
    }
    app.get_json("/api/cart", 200).await
}

/// The order body for `quote`'s figures and lines, with the checkout's `choice`.
pub fn order_of(quote: &Value, choice: Value) -> Value {
    let mut body = json!({"total": quote["total"], "products": quote["lines"]});
    for (key, value) in choice.as_object().unwrap() {
        body[key] = value.clone();
    }
    body
}
