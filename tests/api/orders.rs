//! Orders: the server prices the cart itself, refuses a stale view of it, and keeps a
//! snapshot of what was paid (docs/rules.md#orders).

use serde_json::{Value, json};

use crate::helpers::{TestApp, assert_error_shape, browser, spawn_app};

/// A price on the wire (19.99) in cents (1999).
fn cents(price: &Value) -> i64 {
    (price.as_f64().expect("a number") * 100.0).round() as i64
}

/// Subtotal less the RedCard 5% discount (rounded half-up to the cent), in cents.
fn total_cents(subtotal: i64) -> i64 {
    subtotal - (subtotal * 5 + 50) / 100
}

/// Fills the cart and answers it as GET /api/cart shows it.
async fn fill_cart(app: &TestApp, products: &[i64]) -> Value {
    for id in products {
        app.post("/api/cart", json!({"productId": id}), 201).await;
    }
    app.get_json("/api/cart", 200).await
}

/// What the checkout page sends for this cart.
pub fn checkout(cart: &Value) -> Value {
    let total = total_cents(cents(&cart["subtotal"]));
    json!({"total": total as f64 / 100.0, "products": cart["Products"]})
}

async fn order_count(app: &TestApp) -> (i64, i64) {
    (
        app.sql_number("SELECT count(*) FROM orders").await,
        app.sql_number("SELECT count(*) FROM order_items").await,
    )
}

#[actix_web::test]
async fn orders_need_a_signed_in_shopper() {
    let app = spawn_app().await;
    app.open().await;
    assert_error_shape(&app.get_json("/api/orders", 401).await);
    let body = app.post("/api/orders", json!({"total": 10.0, "products": [{"productId": 51}]}), 401).await;
    assert_error_shape(&body);
    assert_eq!(order_count(&app).await, (0, 0));
}

#[actix_web::test]
async fn an_empty_cart_cannot_be_ordered() {
    let app = spawn_app().await;
    app.sign_up().await;
    let body = app.post("/api/orders", json!({"total": 0, "products": []}), 400).await;
    assert_error_shape(&body);
    let body = app.post("/api/orders", json!({"total": 10.0, "products": [{"productId": 51}]}), 400).await;
    assert_error_shape(&body);
    assert_eq!(app.get_json("/api/orders", 200).await, json!({"Orders": []}));
}

#[actix_web::test]
async fn placing_an_order_prices_the_cart_and_empties_it() {
    let app = spawn_app().await;
    let user = app.sign_up().await;
    let cart = fill_cart(&app, &[51, 61]).await;
    let subtotal = cents(&cart["subtotal"]);
    let lines = cart["Products"].as_array().unwrap();
    assert_eq!(subtotal, lines.iter().map(|l| cents(&l["price"])).sum::<i64>());

    let order = app.post("/api/orders", checkout(&cart), 201).await;
    assert!(order["id"].as_i64().is_some_and(|id| id > 0), "{order}");
    assert_eq!(order["userId"], user["id"]);
    assert_eq!(cents(&order["total"]), total_cents(subtotal));
    assert_eq!(order["status"], "Received");
    let created = order["createdAt"].as_str().unwrap();
    assert!(created.len() >= 20 && created.ends_with('Z') && created.as_bytes()[10] == b'T', "{created}");
    let expected: Vec<Value> = lines
        .iter()
        .zip(order["Products"].as_array().unwrap())
        .map(|(l, ordered)| {
            // Each line has an id of its own, and its unit is still out of stock.
            assert!(ordered["lineId"].as_i64().is_some_and(|id| id > 0), "{ordered}");
            json!({
                "lineId": ordered["lineId"],
                "restocked": false,
                "id": l["productId"],
                "departmentId": l["departmentId"],
                "name": l["name"],
                "price": l["price"],
                "previewImage": l["previewImage"],
                "variantId": l["variantId"],
                "options": l["options"],
            })
        })
        .collect();
    assert_eq!(order["Products"], json!(expected));

    assert_eq!(
        app.get_json("/api/cart", 200).await,
        json!({"Products": [], "subtotal": 0.0, "discount": 0.0, "total": 0.0})
    );
    let orders = app.get_json("/api/orders", 200).await;
    assert_eq!(orders["Orders"], json!([order]));
    assert_eq!(order_count(&app).await, (1, 2));
}

#[actix_web::test]
async fn orders_are_listed_newest_first() {
    let app = spawn_app().await;
    app.sign_up().await;
    let cart = fill_cart(&app, &[1, 2]).await;
    let first = app.post("/api/orders", checkout(&cart), 201).await;
    let cart = fill_cart(&app, &[51, 51, 61]).await;
    let second = app.post("/api/orders", checkout(&cart), 201).await;
    assert_eq!(second["Products"].as_array().unwrap().len(), 3, "a product twice is two lines");
    let orders = app.get_json("/api/orders", 200).await;
    assert_eq!(orders["Orders"], json!([second, first]));
}

#[actix_web::test]
async fn a_tampered_total_is_a_409_and_changes_nothing() {
    let app = spawn_app().await;
    app.sign_up().await;
    let cart = fill_cart(&app, &[51, 61]).await;
    let right = checkout(&cart);
    let total = right["total"].as_f64().unwrap();
    let subtotal = cart["subtotal"].as_f64().unwrap();
    for wrong in [0.01, 0.0, -total, total - 0.01, total + 0.01, subtotal, total * 100.0] {
        let mut body = right.clone();
        body["total"] = json!(wrong);
        let answer = app.post("/api/orders", body, 409).await;
        assert_error_shape(&answer);
    }
    assert_eq!(app.get_json("/api/orders", 200).await, json!({"Orders": []}));
    assert_eq!(app.get_json("/api/cart", 200).await, cart, "the cart is untouched");
    assert_eq!(order_count(&app).await, (0, 0));

    // The right total still goes through afterwards.
    app.post("/api/orders", right, 201).await;
}

#[actix_web::test]
async fn a_product_list_that_differs_from_the_cart_is_a_409() {
    let app = spawn_app().await;
    app.sign_up().await;
    let cart = fill_cart(&app, &[51, 61]).await;
    let right = checkout(&cart);
    let lines = cart["Products"].as_array().unwrap();
    let extra = app.get_json("/api/products/1", 200).await;
    let mut with_extra = lines.clone();
    with_extra.push(json!({"productId": 1, "price": extra["price"]}));
    let mut swapped = lines.clone();
    swapped[1]["productId"] = json!(52);
    let mut doubled = lines.clone();
    doubled[1] = doubled[0].clone();
    for products in
        [json!([lines[0]]), json!([lines[1]]), json!(with_extra), json!(swapped), json!(doubled), json!([])]
    {
        let mut body = right.clone();
        body["products"] = products.clone();
        let answer = app.post("/api/orders", body, 409).await;
        assert_error_shape(&answer);
    }
    assert_eq!(app.get_json("/api/orders", 200).await, json!({"Orders": []}));
    assert_eq!(app.get_json("/api/cart", 200).await, cart);
    assert_eq!(order_count(&app).await, (0, 0));
}

#[actix_web::test]
async fn the_order_has_the_servers_prices_whatever_the_client_sends() {
    let app = spawn_app().await;
    app.sign_up().await;
    let cart = fill_cart(&app, &[51, 61]).await;
    let mut body = checkout(&cart);
    for line in body["products"].as_array_mut().unwrap() {
        line["price"] = json!(0.01);
        line["name"] = json!("Free stuff");
    }
    let order = app.post("/api/orders", body, 201).await;
    let paid: Vec<(Value, Value)> = order["Products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["name"].clone(), l["price"].clone()))
        .collect();
    let listed: Vec<(Value, Value)> = cart["Products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["name"].clone(), l["price"].clone()))
        .collect();
    assert_eq!(paid, listed);
    assert_eq!(cents(&order["total"]), total_cents(cents(&cart["subtotal"])));
}

#[actix_web::test]
async fn an_order_keeps_the_price_paid_when_the_catalog_changes() {
    let app = spawn_app().await;
    app.sign_up().await;
    let cart = fill_cart(&app, &[51]).await;
    let order = app.post("/api/orders", checkout(&cart), 201).await;
    app.sql("UPDATE products SET price_cents = price_cents + 1000, name = 'Renamed' WHERE id = 51").await;
    assert_eq!(cents(&app.get_json("/api/products/51", 200).await["price"]), cents(&cart["subtotal"]) + 1000);
    let orders = app.get_json("/api/orders", 200).await;
    assert_eq!(orders["Orders"][0]["Products"][0]["price"], cart["Products"][0]["price"]);
    assert_eq!(orders["Orders"][0]["Products"][0]["name"], cart["Products"][0]["name"]);
    assert_eq!(orders["Orders"][0]["total"], order["total"]);
}

#[actix_web::test]
async fn another_shopper_does_not_see_my_orders() {
    let app = spawn_app().await;
    app.sign_up().await;
    let cart = fill_cart(&app, &[51, 61]).await;
    let order = app.post("/api/orders", checkout(&cart), 201).await;
    let other = browser(&app);
    other.sign_up().await;
    assert_eq!(other.get_json("/api/orders", 200).await, json!({"Orders": []}));
    assert_eq!(app.get_json("/api/orders", 200).await["Orders"], json!([order]));
}

/// `Idempotency-Key`: a retried checkout answers its first order again.
mod idempotency;
