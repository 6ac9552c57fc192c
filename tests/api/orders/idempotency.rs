//! `Idempotency-Key` on `POST /api/orders`: a retried checkout never orders twice.

use reqwest::{Method, Response};
use serde_json::{Value, json};

use crate::helpers::{TestApp, assert_error_shape, browser, json_body, spawn_app};

/// Fills the cart with two products; answers the order body the app would send.
async fn fill_cart(app: &TestApp) -> Value {
    for id in [51, 61] {
        app.post("/api/cart", json!({"productId": id}), 201).await;
    }
    let cart = app.get_json("/api/cart", 200).await;
    let products: Vec<Value> =
        cart["Products"].as_array().unwrap().iter().map(|p| json!({"productId": p["productId"]})).collect();
    json!({"total": cart["total"], "products": products})
}

fn place(app: &TestApp, key: &str, body: &Value) -> impl Future<Output = Response> + use<> {
    let req = app
        .client
        .post(app.url("/api/orders"))
        .header("XSRF-Token", app.cookie("XSRF-TOKEN").expect("a token"))
        .header("Idempotency-Key", key)
        .json(body);
    async move { req.send().await.expect("request sent") }
}

async fn orders_in_db(app: &TestApp) -> i64 {
    app.sql_number("SELECT count(*) FROM orders").await
}

#[actix_web::test]
async fn the_same_key_replays_the_first_answer_instead_of_ordering_again() {
    let app = spawn_app().await;
    app.sign_up().await;
    let body = fill_cart(&app).await;
    let first = place(&app, "checkout-1", &body).await;
    assert_eq!(first.status(), 201);
    assert!(first.headers().get("idempotent-replayed").is_none());
    let first = json_body(first).await;

    let again = place(&app, "checkout-1", &body).await;
    assert_eq!(again.status(), 201);
    assert_eq!(again.headers()["idempotent-replayed"], "true");
    assert_eq!(json_body(again).await, first, "the very same answer");
    assert_eq!(app.get_json("/api/orders", 200).await["Orders"].as_array().unwrap().len(), 1);
    assert_eq!(orders_in_db(&app).await, 1);
}

#[actix_web::test]
async fn the_same_key_with_another_order_is_a_422_and_changes_nothing() {
    let app = spawn_app().await;
    app.sign_up().await;
    let body = fill_cart(&app).await;
    assert_eq!(place(&app, "checkout-2", &body).await.status(), 201);
    app.post("/api/cart", json!({"productId": 7}), 201).await;
    let cart = app.get_json("/api/cart", 200).await;
    let other = json!({"total": cart["total"], "products": [{"productId": 7}]});
    let res = place(&app, "checkout-2", &other).await;
    assert_eq!(res.status(), 422);
    assert_error_shape(&json_body(res).await);
    assert_eq!(orders_in_db(&app).await, 1);
    assert_eq!(
        app.get_json("/api/cart", 200).await["Products"].as_array().unwrap().len(),
        1,
        "the cart is kept"
    );
}

#[actix_web::test]
async fn keys_belong_to_their_shopper() {
    let app = spawn_app().await;
    app.sign_up().await;
    let body = fill_cart(&app).await;
    let mine = json_body(place(&app, "shared-key", &body).await).await;
    let other = browser(&app);
    other.sign_up().await;
    let theirs_body = fill_cart(&other).await;
    let res = place(&other, "shared-key", &theirs_body).await;
    assert_eq!(res.status(), 201);
    assert!(res.headers().get("idempotent-replayed").is_none(), "not the other shopper's answer");
    let theirs = json_body(res).await;
    assert_ne!(theirs["id"], mine["id"]);
    assert_eq!(theirs["userId"], other.get_json("/api/session", 200).await["user"]["id"]);
}

#[actix_web::test]
async fn a_failed_attempt_is_not_remembered() {
    let app = spawn_app().await;
    app.sign_up().await;
    let mut body = fill_cart(&app).await;
    let right_total = body["total"].clone();
    body["total"] = json!(0.01);
    assert_eq!(place(&app, "checkout-3", &body).await.status(), 409, "a stale total");
    body["total"] = right_total;
    let res = place(&app, "checkout-3", &body).await;
    assert_eq!(res.status(), 201);
    assert!(res.headers().get("idempotent-replayed").is_none());
}

#[actix_web::test]
async fn a_hundred_identical_submits_at_once_make_exactly_one_order() {
    let app = spawn_app().await;
    app.sign_up().await;
    let body = fill_cart(&app).await;
    let submits: Vec<_> =
        (0..100).map(|_| actix_web::rt::spawn(place(&app, "double-click", &body))).collect();
    let mut ids = Vec::new();
    for submit in submits {
        let res = submit.await.unwrap();
        assert_eq!(res.status(), 201, "every submit gets the order");
        ids.push(json_body(res).await["id"].clone());
    }
    ids.dedup();
    assert_eq!(ids.len(), 1, "all answers name one order: {ids:?}");
    assert_eq!(orders_in_db(&app).await, 1);
    let orders = app.get_json("/api/orders", 200).await;
    assert_eq!(orders["Orders"][0]["Products"].as_array().unwrap().len(), 2);
}

#[actix_web::test]
async fn a_malformed_key_is_a_400() {
    let app = spawn_app().await;
    app.sign_up().await;
    let body = fill_cart(&app).await;
    for key in ["", "has space", "tab\there", &"k".repeat(256)] {
        let res = app
            .client
            .request(Method::POST, app.url("/api/orders"))
            .header("XSRF-Token", app.cookie("XSRF-TOKEN").unwrap())
            .header("Idempotency-Key", key)
            .json(&body)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status(), 400, "{key:?}");
        assert_error_shape(&json_body(res).await);
    }
    assert_eq!(orders_in_db(&app).await, 0);
}
