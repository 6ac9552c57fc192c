//! The cart: one line per add, the shopper's own lines only, at most 50.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{assert_error_shape, browser, spawn_app};

/// A price on the wire (19.99) in cents (1999).
fn cents(price: &Value) -> i64 {
    (price.as_f64().expect("a number") * 100.0).round() as i64
}

#[actix_web::test]
async fn the_cart_needs_a_signed_in_shopper() {
    let app = spawn_app().await;
    app.open().await;
    let body = app.get_json("/api/cart", 401).await;
    assert_error_shape(&body);
    let body = app.post("/api/cart", json!({"productId": 51}), 401).await;
    assert_error_shape(&body);
    let body = app.delete("/api/cart/1", 401).await;
    assert_error_shape(&body);
}

#[actix_web::test]
async fn adding_a_product_answers_the_new_line_as_the_product_shows() {
    let app = spawn_app().await;
    app.sign_up().await;
    let product = app.get_json("/api/products/51", 200).await;
    let line = app.post("/api/cart", json!({"productId": 51}), 201).await;
    assert!(line["cartId"].as_i64().is_some_and(|id| id > 0), "{line}");
    assert_eq!(line["productId"], 51);
    assert_eq!(line["departmentId"], 5);
    assert_eq!(line["name"], product["name"]);
    assert_eq!(line["price"], product["price"]);
    assert_eq!(line["previewImage"], product["previewImage"]);

    let cart = app.get_json("/api/cart", 200).await;
    assert_eq!(cart["Products"], json!([line]));
}

#[actix_web::test]
async fn adding_the_same_product_twice_makes_two_lines() {
    let app = spawn_app().await;
    app.sign_up().await;
    let first = app.post("/api/cart", json!({"productId": 51}), 201).await;
    let second = app.post("/api/cart", json!({"productId": 51}), 201).await;
    assert_ne!(first["cartId"], second["cartId"]);
    let cart = app.get_json("/api/cart", 200).await;
    assert_eq!(cart["Products"], json!([first, second]));
    assert_eq!(cents(&cart["subtotal"]), 2 * cents(&first["price"]));
}

#[actix_web::test]
async fn the_subtotal_is_the_sum_of_the_lines_to_the_cent() {
    let app = spawn_app().await;
    app.sign_up().await;
    let empty = app.get_json("/api/cart", 200).await;
    assert_eq!(empty["Products"], json!([]));
    assert_eq!(cents(&empty["subtotal"]), 0);

    let mut expected = 0;
    for id in [51, 61, 1, 2, 4, 17, 98, 156, 51] {
        let price = app.get_json(&format!("/api/products/{id}"), 200).await["price"].clone();
        let line = app.post("/api/cart", json!({"productId": id}), 201).await;
        assert_eq!(line["price"], price);
        expected += cents(&price);
    }
    let cart = app.get_json("/api/cart", 200).await;
    assert_eq!(cart["Products"].as_array().unwrap().len(), 9);
    let subtotal = cart["subtotal"].as_f64().unwrap();
    assert_eq!(cents(&cart["subtotal"]), expected);
    assert!((subtotal * 100.0 - expected as f64).abs() < 1e-6, "two decimals at most: {subtotal}");
}

#[actix_web::test]
async fn removing_a_line_deletes_only_that_line() {
    let app = spawn_app().await;
    app.sign_up().await;
    let keep = app.post("/api/cart", json!({"productId": 61}), 201).await;
    let line = app.post("/api/cart", json!({"productId": 51}), 201).await;
    let id = line["cartId"].as_i64().unwrap();
    let body = app.delete(&format!("/api/cart/{id}"), 200).await;
    assert_eq!(body, json!({"message": "Successfully deleted", "id": id}));
    let cart = app.get_json("/api/cart", 200).await;
    assert_eq!(cart["Products"], json!([keep]));
    assert_eq!(cart["subtotal"], keep["price"]);

    let again = app.delete(&format!("/api/cart/{id}"), 404).await;
    assert_error_shape(&again);
}

#[actix_web::test]
async fn another_shoppers_line_cannot_be_removed() {
    let app = spawn_app().await;
    app.sign_up().await;
    let line = app.post("/api/cart", json!({"productId": 51}), 201).await;
    let thief = browser(&app);
    thief.sign_up().await;
    let body = thief.delete(&format!("/api/cart/{}", line["cartId"]), 403).await;
    assert_error_shape(&body);
    assert_eq!(app.get_json("/api/cart", 200).await["Products"], json!([line]));
    assert_eq!(thief.get_json("/api/cart", 200).await["Products"], json!([]), "nor seen in theirs");
}

#[actix_web::test]
async fn an_unknown_line_or_product_is_a_404() {
    let app = spawn_app().await;
    app.sign_up().await;
    let body = app.delete("/api/cart/999999", 404).await;
    assert_error_shape(&body);
    for id in [157, 999999] {
        let body = app.post("/api/cart", json!({"productId": id}), 404).await;
        assert_error_shape(&body);
    }
    assert_eq!(app.get_json("/api/cart", 200).await["Products"], json!([]));
}

#[actix_web::test]
async fn a_missing_or_bad_product_id_is_a_400() {
    let app = spawn_app().await;
    app.sign_up().await;
    for body in [
        json!({}),
        json!({"productId": null}),
        json!({"productId": "51"}),
        json!({"productId": "x"}),
        json!({"productId": 0}),
        json!({"productId": -1}),
        json!({"productId": 5.5}),
        json!({"productId": 9_223_372_036_854_775_808u64}),
    ] {
        let res = app.send(Method::POST, "/api/cart", Some(body.clone())).await;
        assert_eq!(res.status(), 400, "{body}");
        assert_error_shape(&crate::helpers::json_body(res).await);
    }
    assert_eq!(app.get_json("/api/cart", 200).await["Products"], json!([]));
}

#[actix_web::test]
async fn a_cart_holds_at_most_fifty_lines() {
    let app = spawn_app().await;
    app.sign_up().await;
    for i in 0..50 {
        app.post("/api/cart", json!({"productId": 1 + i % 3}), 201).await;
    }
    let full = app.get_json("/api/cart", 200).await;
    assert_eq!(full["Products"].as_array().unwrap().len(), 50);

    let body = app.post("/api/cart", json!({"productId": 51}), 409).await;
    assert_error_shape(&body);
    assert_eq!(app.get_json("/api/cart", 200).await, full, "the cart is unchanged");

    // Removing a line makes room for one more.
    let first = full["Products"][0]["cartId"].as_i64().unwrap();
    app.delete(&format!("/api/cart/{first}"), 200).await;
    app.post("/api/cart", json!({"productId": 51}), 201).await;
    app.post("/api/cart", json!({"productId": 51}), 409).await;
}

/// The server keeps each shopper's cart answer in memory, but an add or a removal must
/// show at once; and since the answer is sent `no-store`, it carries no validator for
/// a client to keep it by.
#[actix_web::test]
async fn a_kept_cart_is_stale_as_soon_as_a_line_is_added() {
    let app = spawn_app().await;
    app.sign_up().await;
    let first = app.get("/api/cart").await;
    assert_eq!(first.headers()["cache-control"], "no-store");
    assert!(first.headers().get("etag").is_none(), "no validator on a no-store answer");
    assert_eq!(app.get_json("/api/cart", 200).await["Products"], json!([]), "kept, and asked again");

    let line = app.post("/api/cart", json!({"productId": 51}), 201).await;
    assert_eq!(app.get_json("/api/cart", 200).await["Products"], json!([line]), "the add changed the cart");
    app.delete(&format!("/api/cart/{}", line["cartId"]), 200).await;
    assert_eq!(app.get_json("/api/cart", 200).await["Products"], json!([]), "so did the removal");
}
