//! Input the app never sends: each gets the right 4xx in the JSON error shape, never a
//! 500, and nothing in the answer tells how the server is built.

use reqwest::{Method, Response};
use serde_json::{Value, json};

use crate::helpers::{TestApp, assert_error_shape, spawn_app};

/// Words that would betray the server's internals.
const LEAKS: [&str; 6] = ["rusqlite", "SQL", "sqlite", "src/", "panicked", "::"];

/// A write with the anti-forgery header and this exact body and content type.
async fn raw(
    app: &TestApp,
    method: Method,
    path: &str,
    content_type: Option<&str>,
    body: String,
) -> Response {
    let mut req = app
        .client
        .request(method, app.url(path))
        .header("XSRF-Token", app.cookie("XSRF-TOKEN").expect("a token"))
        .body(body);
    if let Some(content_type) = content_type {
        req = req.header("content-type", content_type);
    }
    req.send().await.expect("request sent")
}

/// Checks the status, the JSON error shape and that nothing leaks; returns the body.
async fn assert_refused(res: Response, status: u16, what: &str) -> Value {
    assert_eq!(res.status().as_u16(), status, "{what}");
    let content_type = res.headers().get("content-type").map(|v| v.to_str().unwrap().to_owned());
    assert!(
        content_type.as_deref().is_some_and(|t| t.starts_with("application/json")),
        "{what}: {content_type:?}"
    );
    let text = res.text().await.unwrap();
    for leak in LEAKS {
        assert!(!text.contains(leak), "{what}: the answer mentions {leak:?}: {text}");
    }
    let body: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{what}: {e}: {text}"));
    assert_error_shape(&body);
    body
}

async fn nothing_changed(app: &TestApp) {
    assert_eq!(app.get_json("/api/cart", 200).await["Products"], json!([]));
    assert_eq!(app.get_json("/api/reviews/current", 200).await["Reviews"], json!([]));
    assert_eq!(app.get_json("/api/favorites", 200).await["Products"], json!([]));
    assert_eq!(app.get_json("/api/orders", 200).await["Orders"], json!([]));
}

const JSON: Option<&str> = Some("application/json");

#[actix_web::test]
async fn malformed_json_is_a_400() {
    let app = spawn_app().await;
    app.sign_up().await;
    let cases = [
        ("/api/cart", r#"{"productId": "#),
        ("/api/cart", "not json at all"),
        ("/api/cart", ""),
        ("/api/cart", r#"{"productId": 51,}"#),
        ("/api/favorites", r#"{'productId': 51}"#),
        ("/api/products/51/reviews", r#"{"rating": 5, "title": "Great""#),
        ("/api/orders", r#"{"total": 1.0, "products": [}"#),
        ("/api/session", "{credential}"),
        ("/api/users", "[[["),
    ];
    for (path, body) in cases {
        let res = raw(&app, Method::POST, path, JSON, body.to_owned()).await;
        assert_refused(res, 400, &format!("POST {path} {body:?}")).await;
    }
    nothing_changed(&app).await;
}

#[actix_web::test]
async fn a_body_that_is_not_json_is_a_415() {
    let app = spawn_app().await;
    app.sign_up().await;
    let body = r#"{"productId": 51}"#;
    for content_type in [Some("text/plain"), Some("application/x-www-form-urlencoded"), None] {
        let res = raw(&app, Method::POST, "/api/cart", content_type, body.to_owned()).await;
        assert_refused(res, 415, &format!("POST /api/cart as {content_type:?}")).await;
    }
    let review = json!({"rating": 5, "title": "Great", "description": "Works well and arrived quickly."});
    let res =
        raw(&app, Method::POST, "/api/products/51/reviews", Some("text/plain"), review.to_string()).await;
    assert_refused(res, 415, "a review as text/plain").await;
    nothing_changed(&app).await;
}

#[actix_web::test]
async fn a_body_over_16_kib_is_a_413() {
    let app = spawn_app().await;
    app.sign_up().await;
    let pad = "x".repeat(17 * 1024);
    let cases = [
        ("/api/cart", json!({"productId": 51, "pad": pad})),
        ("/api/products/51/reviews", json!({"rating": 5, "title": "Great", "description": pad})),
        ("/api/orders", json!({"total": 1.0, "products": [], "pad": pad})),
    ];
    for (path, body) in cases {
        let res = raw(&app, Method::POST, path, JSON, body.to_string()).await;
        assert_refused(res, 413, &format!("POST {path} with 17 KiB")).await;
    }
    // Just under the limit is read (and then judged on its merits).
    let under = json!({"productId": 51, "pad": "x".repeat(15 * 1024)});
    let res = raw(&app, Method::POST, "/api/cart", JSON, under.to_string()).await;
    assert_eq!(res.status(), 201);
}

#[actix_web::test]
async fn wrong_types_are_a_400() {
    let app = spawn_app().await;
    app.sign_up().await;
    let description = "Works well and arrived quickly.";
    let cases = [
        ("/api/products/51/reviews", json!({"rating": "five", "title": "Great", "description": description})),
        ("/api/products/51/reviews", json!({"rating": 4.5, "title": "Great", "description": description})),
        ("/api/products/51/reviews", json!({"rating": 5, "title": 12345, "description": description})),
        ("/api/products/51/reviews", json!({"rating": 5, "title": "Great", "description": ["a", "b"]})),
        ("/api/cart", json!({"productId": "x"})),
        ("/api/cart", json!({"productId": true})),
        ("/api/favorites", json!({"productId": {"id": 51}})),
        ("/api/orders", json!({"total": "lots", "products": []})),
        ("/api/orders", json!({"total": 1.0, "products": "all"})),
        ("/api/orders", json!({"total": 1.0, "products": [{"productId": "x"}]})),
        ("/api/session", json!({"credential": 42, "password": "password"})),
    ];
    for (path, body) in cases {
        let res = raw(&app, Method::POST, path, JSON, body.to_string()).await;
        assert_refused(res, 400, &format!("POST {path} {body}")).await;
    }
    nothing_changed(&app).await;
}

#[actix_web::test]
async fn a_ten_thousand_character_title_is_too_long() {
    let app = spawn_app().await;
    app.sign_up().await;
    let body =
        json!({"rating": 5, "title": "t".repeat(10_000), "description": "Works well and arrived quickly."});
    let res = raw(&app, Method::POST, "/api/products/51/reviews", JSON, body.to_string()).await;
    let answer = assert_refused(res, 400, "a 10,000-character title").await;
    assert_eq!(answer["errors"], json!(["Please write a shorter title."]));
    nothing_changed(&app).await;
}

/// PostgreSQL's text cannot hold NUL; the store refuses it in every text on either
/// engine, as a 400 naming it, rather than storing on one what the other cannot.
#[actix_web::test]
async fn text_with_the_nul_character_is_a_400_on_either_engine() {
    let app = spawn_app().await;
    app.sign_up().await;
    let nul = "Works well\u{0}and arrived quickly.";
    let body = json!({"rating": 5, "title": "Does the job", "description": nul});
    let res = raw(&app, Method::POST, "/api/products/51/reviews", JSON, body.to_string()).await;
    let answer = assert_refused(res, 400, "a review holding NUL").await;
    assert_eq!(answer["errors"], json!(["Text may not contain the NUL character."]));
    let login = json!({"credential": "demo\u{0}", "password": "password"});
    let res = raw(&app, Method::POST, "/api/session", JSON, login.to_string()).await;
    assert_refused(res, 400, "a credential holding NUL").await;
    let res = app.get("/api/departments/5/products?brand=Sonora%00").await;
    let answer = assert_refused(res, 400, "a brand holding NUL").await;
    assert_eq!(answer["message"], "brand may not contain the NUL character.");
    nothing_changed(&app).await;
}

#[actix_web::test]
async fn ids_that_are_not_whole_numbers_are_a_400() {
    let app = spawn_app().await;
    app.sign_up().await;
    let review = json!({"rating": 5, "title": "Great", "description": "Works well and arrived quickly."});
    let writes = [
        (Method::DELETE, "/api/cart/abc"),
        (Method::DELETE, "/api/cart/1.5"),
        (Method::DELETE, "/api/cart/99999999999999999999"),
        (Method::DELETE, "/api/favorites/x1"),
        (Method::PUT, "/api/reviews/99999999999999999999"),
        (Method::PUT, "/api/reviews/abc"),
        (Method::DELETE, "/api/reviews/%20"),
        (Method::POST, "/api/products/abc/reviews"),
    ];
    for (method, path) in writes {
        let res = raw(&app, method.clone(), path, JSON, review.to_string()).await;
        assert_refused(res, 400, &format!("{method} {path}")).await;
    }
    for path in [
        "/api/products/abc",
        "/api/products/99999999999999999999",
        "/api/products/1e3/reviews",
        "/api/departments/five/products",
    ] {
        assert_refused(app.get(path).await, 400, &format!("GET {path}")).await;
    }
    nothing_changed(&app).await;
}

#[actix_web::test]
async fn unknown_routes_and_methods_answer_in_the_json_shape() {
    let app = spawn_app().await;
    app.sign_up().await;
    assert_refused(app.get("/api/nothing-here").await, 404, "GET an unknown route").await;
    let res = raw(&app, Method::PATCH, "/api/cart", JSON, "{}".into()).await;
    assert_refused(res, 405, "PATCH /api/cart").await;
    let res = raw(&app, Method::PUT, "/api/orders", JSON, "{}".into()).await;
    assert_refused(res, 405, "PUT /api/orders").await;
}

#[actix_web::test]
async fn a_body_of_the_wrong_shape_names_no_rust_type() {
    let app = spawn_app().await;
    app.sign_up().await;
    let cases = [
        ("/api/products/51/reviews", "5"),
        ("/api/products/51/reviews", "null"),
        ("/api/cart", r#""51""#),
        ("/api/cart", r#"{"productId": "x"}"#),
        ("/api/favorites", "true"),
        ("/api/orders", r#"{"total": 1.0, "products": [5]}"#),
        ("/api/orders", r#"{"total": "x", "products": []}"#),
    ];
    for (path, body) in cases {
        let res = raw(&app, Method::POST, path, JSON, body.to_owned()).await;
        let answer = assert_refused(res, 400, &format!("POST {path} {body}")).await;
        let text = answer.to_string();
        for name in ["struct", "Input", "ProductRef", "i64", "f64"] {
            assert!(
                !text.contains(name),
                "POST {path} {body}: the answer names a Rust type ({name}): {text}"
            );
        }
    }
}
