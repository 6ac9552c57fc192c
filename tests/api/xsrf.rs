//! Anti-forgery: every write needs the `XSRF-Token` header, equal to the browser's
//! `XSRF-TOKEN` cookie and bound to its own session (docs/rules.md#anti-forgery).

use reqwest::{Method, Response};
use serde_json::{Value, json};

use crate::helpers::{TestApp, assert_error_shape, browser, json_body, new_shopper, spawn_app};

const REVIEW: &str = "A sturdy thing that does exactly what it promises.";

/// A write from this browser (its cookies go along) without the anti-forgery header.
async fn send_without_token(app: &TestApp, method: Method, path: &str, body: Option<Value>) -> Response {
    let mut req = app.client.request(method, app.url(path));
    if let Some(body) = body {
        req = req.json(&body);
    }
    req.send().await.expect("request sent")
}

/// A write with exactly these cookies and this header, from a client without a cookie jar.
async fn send_as(
    app: &TestApp,
    cookies: &str,
    header: &str,
    method: Method,
    path: &str,
    body: Value,
) -> Response {
    crate::helpers::plain_client()
        .request(method, app.url(path))
        .header("cookie", cookies)
        .header("XSRF-Token", header)
        .json(&body)
        .send()
        .await
        .expect("request sent")
}

async fn assert_refused(res: Response, what: &str) {
    assert_eq!(res.status(), 403, "{what}");
    let body = json_body(res).await;
    assert_error_shape(&body);
}

/// Everything the shopper can see of their own state.
async fn snapshot(app: &TestApp) -> Value {
    json!({
        "session": app.get_json("/api/session", 200).await,
        "cart": app.get_json("/api/cart", 200).await,
        "favorites": app.get_json("/api/favorites", 200).await,
        "reviews": app.get_json("/api/reviews/current", 200).await,
        "orders": app.get_json("/api/orders", 200).await,
        "product": app.get_json("/api/products/51", 200).await,
    })
}

#[actix_web::test]
async fn every_write_without_the_token_is_refused_and_changes_nothing() {
    let app = spawn_app().await;
    let user = app.sign_up().await;
    let line = app.post("/api/cart", json!({"productId": 51}), 201).await["cartId"].as_i64().unwrap();
    let favorite = app.post("/api/favorites", json!({"productId": 51}), 200).await["id"].as_i64().unwrap();
    let review_body = json!({"rating": 4, "title": "Solid buy", "description": REVIEW});
    let review = app.post("/api/products/51/reviews", review_body, 201).await["id"].as_i64().unwrap();
    let before = snapshot(&app).await;
    let stranger = new_shopper();

    let edit = json!({"rating": 1, "title": "Changed my mind", "description": REVIEW});
    let writes: Vec<(Method, String, Option<Value>)> = vec![
        (Method::POST, "/api/session".into(), Some(json!({"credential": "demo", "password": "password"}))),
        (Method::POST, "/api/users".into(), Some(stranger.clone())),
        (Method::POST, "/api/cart".into(), Some(json!({"productId": 61}))),
        (Method::DELETE, format!("/api/cart/{line}"), None),
        (Method::POST, "/api/favorites".into(), Some(json!({"productId": 61}))),
        (Method::DELETE, format!("/api/favorites/{favorite}"), None),
        (Method::POST, "/api/products/61/reviews".into(), Some(edit.clone())),
        (Method::PUT, format!("/api/reviews/{review}"), Some(edit)),
        (Method::DELETE, format!("/api/reviews/{review}"), None),
        (Method::POST, "/api/orders".into(), Some(json!({"total": 0.01, "products": [{"productId": 51}]}))),
        (Method::DELETE, "/api/session".into(), None),
    ];
    for (method, path, body) in writes {
        let res = send_without_token(&app, method.clone(), &path, body).await;
        assert_refused(res, &format!("{method} {path} without a token")).await;
    }

    let after = snapshot(&app).await;
    assert_eq!(after["session"]["user"]["id"], user["id"], "still signed in, as the same shopper");
    assert_eq!(after, before, "nothing changed");
    let username = stranger["username"].as_str().unwrap();
    let created = app.sql_number(&format!("SELECT count(*) FROM users WHERE username = '{username}'")).await;
    assert_eq!(created, 0, "no account was created");
}

#[actix_web::test]
async fn a_header_that_differs_from_the_cookie_is_refused() {
    let app = spawn_app().await;
    app.sign_up().await;
    let session = app.cookie("market_session").unwrap();
    let token = app.cookie("XSRF-TOKEN").unwrap();

    // A second token signed for this very session: valid on its own, but not the cookie's.
    let res = crate::helpers::plain_client()
        .get(app.url("/api/session"))
        .header("cookie", format!("market_session={session}"))
        .send()
        .await
        .unwrap();
    let other = res
        .cookies()
        .find(|c| c.name() == "XSRF-TOKEN")
        .map(|c| c.value().to_owned())
        .expect("a token for a browser without one");
    assert_ne!(other, token);

    let cookies = format!("market_session={session}; XSRF-TOKEN={token}");
    let add = || json!({"productId": 51});
    for header in [other.as_str(), &format!("{token}x"), &token[..token.len() - 1]] {
        let res = send_as(&app, &cookies, header, Method::POST, "/api/cart", add()).await;
        assert_refused(res, &format!("header {header} against cookie {token}")).await;
    }
    assert_eq!(app.get_json("/api/cart", 200).await["Products"], json!([]));

    // Each of the two tokens works when cookie and header agree.
    for token in [&token, &other] {
        let cookies = format!("market_session={session}; XSRF-TOKEN={token}");
        let res = send_as(&app, &cookies, token, Method::POST, "/api/cart", add()).await;
        assert_eq!(res.status(), 201);
    }
    assert_eq!(app.get_json("/api/cart", 200).await["Products"].as_array().unwrap().len(), 2);
}

#[actix_web::test]
async fn a_token_taken_from_another_browser_is_refused() {
    let app = spawn_app().await;
    app.sign_up().await;
    let other = browser(&app);
    other.open().await;
    let mine = app.cookie("XSRF-TOKEN").unwrap();
    let theirs = other.cookie("XSRF-TOKEN").unwrap();
    assert_ne!(mine, theirs);
    let session = app.cookie("market_session").unwrap();

    let cookies = format!("market_session={session}; XSRF-TOKEN={theirs}");
    let res = send_as(&app, &cookies, &theirs, Method::POST, "/api/cart", json!({"productId": 51})).await;
    assert_refused(res, "another browser's token").await;
    let res = send_as(&app, &cookies, &theirs, Method::DELETE, "/api/session", json!({})).await;
    assert_refused(res, "another browser's token on sign-out").await;
    assert_eq!(app.get_json("/api/cart", 200).await["Products"], json!([]));

    // The same request with this browser's own token goes through.
    let cookies = format!("market_session={session}; XSRF-TOKEN={mine}");
    let res = send_as(&app, &cookies, &mine, Method::POST, "/api/cart", json!({"productId": 51})).await;
    assert_eq!(res.status(), 201);
    assert!(app.open().await["user"].is_object(), "still signed in");
}

#[actix_web::test]
async fn a_garbage_or_forged_token_is_refused() {
    let app = spawn_app().await;
    app.sign_up().await;
    let session = app.cookie("market_session").unwrap();
    let token = app.cookie("XSRF-TOKEN").unwrap();
    let (nonce, _tag) = token.split_once('.').unwrap();
    let forged = [
        "garbage".to_owned(),
        "abc.def".to_owned(),
        ".".to_owned(),
        "a.b.c".to_owned(),
        format!("{nonce}.{}", "A".repeat(43)),
        format!("{nonce}."),
        nonce.to_owned(),
        format!("x{token}"),
    ];
    for fake in &forged {
        let cookies = format!("market_session={session}; XSRF-TOKEN={fake}");
        let res = send_as(&app, &cookies, fake, Method::POST, "/api/cart", json!({"productId": 51})).await;
        assert_refused(res, &format!("forged token {fake}")).await;
    }
    let res =
        send_as(&app, &format!("market_session={session}"), "", Method::POST, "/api/cart", json!({})).await;
    assert_refused(res, "an empty header and no cookie").await;
    assert_eq!(app.get_json("/api/cart", 200).await["Products"], json!([]));
}

#[actix_web::test]
async fn reading_needs_no_token() {
    let app = spawn_app().await;
    // A client that has never been given a cookie.
    let bare = crate::helpers::plain_client();
    for path in ["/api/session", "/api/departments", "/api/departments/5/products", "/api/products/51"] {
        let res = bare.get(app.url(path)).send().await.unwrap();
        assert_eq!(res.status(), 200, "GET {path}");
    }
    let res = bare.get(app.url("/api/products/51/reviews")).send().await.unwrap();
    assert_eq!(res.status(), 200);

    // A signed-in shopper reads without ever sending the header (get never does).
    app.sign_up().await;
    for path in ["/api/cart", "/api/favorites", "/api/orders", "/api/reviews/current", "/api/session"] {
        let res = app.client.get(app.url(path)).send().await.unwrap();
        assert_eq!(res.status(), 200, "GET {path} without a token");
    }
}

#[actix_web::test]
async fn signing_in_changes_the_token_and_only_the_new_one_works() {
    let app = spawn_app().await;
    app.open().await;
    let before = app.cookie("XSRF-TOKEN").unwrap();
    app.post("/api/session", json!({"credential": "demo", "password": "password"}), 200).await;
    let after = app.cookie("XSRF-TOKEN").unwrap();
    assert_ne!(before, after, "a new token at sign-in");

    // The token from before sign-in opens nothing, even with a cookie to match it.
    let session = app.cookie("market_session").unwrap();
    let cookies = format!("market_session={session}; XSRF-TOKEN={before}");
    let res = send_as(&app, &cookies, &before, Method::POST, "/api/cart", json!({"productId": 51})).await;
    assert_refused(res, "the token from before sign-in").await;
    assert_eq!(app.get_json("/api/cart", 200).await["Products"], json!([]));

    // The new one, sent as the app sends it, works.
    let line = app.post("/api/cart", json!({"productId": 51}), 201).await;
    assert_eq!(line["productId"], 51);
}

#[actix_web::test]
async fn signing_up_changes_the_token_too() {
    let app = spawn_app().await;
    app.open().await;
    let before = app.cookie("XSRF-TOKEN").unwrap();
    app.post("/api/users", new_shopper(), 201).await;
    let after = app.cookie("XSRF-TOKEN").unwrap();
    assert_ne!(before, after);
    let res = app
        .client
        .post(app.url("/api/cart"))
        .header("XSRF-Token", &before)
        .json(&json!({"productId": 51}))
        .send()
        .await
        .unwrap();
    assert_refused(res, "the token from before sign-up").await;
    app.post("/api/cart", json!({"productId": 51}), 201).await;
}
