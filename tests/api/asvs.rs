//! One named test per rule taken from the OWASP Application Security Verification
//! Standard (4.0.3 numbering; the headers of V14.4, the anti-automation of V2.2.1 and
//! V11.1.4, caching V8.2.1, content types V13.2.5, input V5.1.3-4, errors V7.4.1; for
//! the back office, access control V4.1.3, its anti-forgery V4.2.2 and one-time codes
//! V2.8.4).
//! Other ASVS-derived tests live beside their subject: `openapi.rs` (5.1.4 in the
//! contract), `xsrf.rs` (4.2.2, anti-forgery), `session.rs` (3.x, sessions).

use market::auth::limits::{Limit, RateLimits};
use reqwest::{Method, Response};
use serde_json::{Value, json};

use crate::back_office::{code_now, with_role};
use crate::helpers::{
    TestApp, assert_error_shape, assert_no_leak, browser, json_body, new_shopper, spawn_app, spawn_app_with,
};

/// A sign-in attempt from this browser; answers the status and the `Retry-After`.
async fn sign_in(app: &TestApp, credential: &str, password: &str) -> (u16, Option<u64>) {
    let res = app
        .send(Method::POST, "/api/session", Some(json!({"credential": credential, "password": password})))
        .await;
    let status = res.status().as_u16();
    let retry_after = res.headers().get("retry-after").map(|v| v.to_str().unwrap().parse().unwrap());
    let body = json_body(res).await;
    if status != 200 {
        assert_error_shape(&body);
    }
    (status, retry_after)
}

/// Default limits, except the one that would get in the way of the one under test.
async fn spawn_with_limits(change: impl FnOnce(&mut RateLimits)) -> TestApp {
    spawn_app_with(|config| {
        let mut limits = RateLimits::default();
        change(&mut limits);
        config.rate_limits = Some(limits);
    })
    .await
}

#[actix_web::test]
async fn asvs_2_2_1_failed_sign_ins_on_one_account_are_limited_to_100_an_hour() {
    let app = spawn_with_limits(|l| l.signin_failures_per_address = Limit::per_minute(10_000)).await;
    app.open().await;
    // Half the hour's allowance at once, whichever name the account is called by...
    for n in 0..50 {
        let credential = if n % 2 == 0 { "demo" } else { "DEMO@market.test" };
        assert_eq!(sign_in(&app, credential, "wrong password").await, (401, None), "attempt {n}");
    }
    // ...then the account is refused, even with its right password, and says for how long.
    let (status, retry_after) = sign_in(&app, "demo", "password").await;
    assert_eq!(status, 429);
    let retry_after = retry_after.expect("Retry-After");
    assert!((1..=72).contains(&retry_after), "one refill (72 s) at most: {retry_after}");
    // The rest comes one every 72 s: 50 + 3600 / 72 = 100 in any hour.
    assert_eq!(Limit::per_hour(100), RateLimits::default().signin_failures_per_account);
    // Another account is not affected.
    let other = browser(&app);
    let shopper = new_shopper();
    other.open().await;
    other.post("/api/users", shopper.clone(), 201).await;
    other.delete("/api/session", 200).await;
    assert_eq!(sign_in(&other, shopper["username"].as_str().unwrap(), "hunter22").await, (200, None));
}

#[actix_web::test]
async fn asvs_2_2_1_failed_sign_ins_from_one_address_are_limited_whatever_account_they_name() {
    let app = spawn_app().await;
    app.open().await;
    // 10 a minute: 5 at once, then one every 12 s.
    for n in 0..5 {
        assert_eq!(sign_in(&app, &format!("nobody{n}"), "wrong password").await.0, 401);
    }
    let (status, retry_after) = sign_in(&app, "demo", "password").await;
    assert_eq!(status, 429, "the address is blocked, whichever account it tries next");
    assert!((1..=12).contains(&retry_after.unwrap()));
}

#[actix_web::test]
async fn asvs_2_2_1_successful_sign_ins_are_never_limited() {
    let app = spawn_app().await;
    for _ in 0..30 {
        app.sign_in("demo", "password").await;
    }
    // Unknown and known accounts are limited alike: a 429 tells nobody which exist.
    let app = spawn_with_limits(|l| l.signin_failures_per_address = Limit::per_minute(10_000)).await;
    app.open().await;
    for credential in ["demo", "no-such-shopper"] {
        for _ in 0..50 {
            assert_eq!(sign_in(&app, credential, "wrong password").await.0, 401);
        }
        assert_eq!(sign_in(&app, credential, "wrong password").await.0, 429, "{credential}");
    }
}

#[actix_web::test]
async fn asvs_11_1_4_sign_ups_from_one_address_are_limited() {
    let app = spawn_app().await;
    // 20 an hour: 10 at once, then one every 6 minutes.
    for _ in 0..10 {
        let shopper = browser(&app);
        shopper.open().await;
        shopper.post("/api/users", new_shopper(), 201).await;
    }
    let late = browser(&app);
    late.open().await;
    let res = late.send(Method::POST, "/api/users", Some(new_shopper())).await;
    assert_eq!(res.status(), 429);
    let retry_after: u64 = res.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!((1..=360).contains(&retry_after), "{retry_after}");
    assert_error_shape(&json_body(res).await);
}

#[actix_web::test]
async fn rate_limits_can_be_turned_off_for_load_tests() {
    let app = spawn_app_with(|config| config.rate_limits = None).await;
    app.open().await;
    for _ in 0..20 {
        assert_eq!(sign_in(&app, "demo", "wrong password").await.0, 401);
    }
    for _ in 0..12 {
        browser(&app).sign_up().await;
    }
}

/// Answers of every kind: the app, a bundle file, a picture, JSON, a JSON error, a 405.
async fn sample_answers(app: &TestApp) -> Vec<(String, Response)> {
    app.open().await;
    let html = app.get("/").await.text().await.unwrap();
    let script = html
        .split('"')
        .find(|s| s.starts_with("/static/") && s.ends_with(".js"))
        .expect("a script")
        .to_owned();
    let mut answers = Vec::new();
    for path in [
        "/",
        "/departments/5",
        &script,
        "/assets/logo.svg",
        "/api/departments",
        "/api/session",
        "/api/cart",
        "/api/nope",
        "/nope.txt",
    ] {
        answers.push((format!("GET {path}"), app.get(path).await));
    }
    answers.push((
        "POST /api/cart".into(),
        app.send(Method::POST, "/api/cart", Some(json!({"productId": 51}))).await,
    ));
    answers.push(("PATCH /api/orders".into(), app.send(Method::PATCH, "/api/orders", None).await));
    answers
}

fn header(res: &Response, name: &str) -> Option<String> {
    res.headers().get(name).map(|v| v.to_str().unwrap().to_owned())
}

#[actix_web::test]
async fn asvs_14_4_3_every_answer_has_a_content_security_policy_without_inline_scripts() {
    let app = spawn_app().await;
    for (what, res) in sample_answers(&app).await {
        let csp = header(&res, "content-security-policy").unwrap_or_else(|| panic!("{what}: a CSP"));
        let directive = |name: &str| {
            csp.split(';').map(str::trim).find(|d| d.split(' ').next() == Some(name)).map(str::to_owned)
        };
        assert_eq!(directive("script-src").as_deref(), Some("script-src 'self'"), "{what}: {csp}");
        assert_eq!(directive("object-src").as_deref(), Some("object-src 'none'"), "{what}");
        assert_eq!(directive("base-uri").as_deref(), Some("base-uri 'none'"), "{what}");
        assert_eq!(directive("frame-ancestors").as_deref(), Some("frame-ancestors 'none'"), "{what}");
        assert_eq!(directive("default-src").as_deref(), Some("default-src 'self'"), "{what}");
        assert!(!csp.contains("unsafe-eval"), "{what}");
    }
    // ...which the app itself keeps: no inline script and no inline event handler. Data
    // blocks (JSON, JSON-LD) are not scripts: a browser never runs them.
    let html = app.get("/").await.text().await.unwrap();
    for tag in html.split("<script").skip(1) {
        let open = tag.split('>').next().unwrap();
        let data =
            open.contains(r#"type="application/json""#) || open.contains(r#"type="application/ld+json""#);
        assert!(open.contains(" src=") || data, "an inline script: <script{open}>");
    }
    assert!(!html.contains(" onload=") && !html.contains(" onclick=") && !html.contains("javascript:"));
}

#[actix_web::test]
async fn asvs_14_4_4_every_answer_forbids_content_sniffing() {
    let app = spawn_app().await;
    for (what, res) in sample_answers(&app).await {
        assert_eq!(header(&res, "x-content-type-options").as_deref(), Some("nosniff"), "{what}");
    }
}

#[actix_web::test]
async fn asvs_14_4_5_hsts_is_sent_when_the_store_is_served_over_https_only() {
    let app = spawn_app_with(|config| config.secure_cookies = true).await;
    for path in ["/", "/api/departments", "/api/nope"] {
        let hsts = header(&app.get(path).await, "strict-transport-security");
        assert_eq!(hsts.as_deref(), Some("max-age=31536000; includeSubDomains"), "{path}");
    }
    let plain = spawn_app().await;
    assert_eq!(header(&plain.get("/").await, "strict-transport-security"), None, "not over plain HTTP");
}

#[actix_web::test]
async fn asvs_14_4_6_every_answer_has_a_referrer_policy_and_its_own_browsing_context() {
    let app = spawn_app().await;
    for (what, res) in sample_answers(&app).await {
        assert_eq!(header(&res, "referrer-policy").as_deref(), Some("same-origin"), "{what}");
        assert_eq!(header(&res, "cross-origin-opener-policy").as_deref(), Some("same-origin"), "{what}");
        assert_eq!(header(&res, "cross-origin-resource-policy").as_deref(), Some("same-origin"), "{what}");
    }
}

#[actix_web::test]
async fn asvs_14_4_7_no_answer_may_be_framed_by_another_site() {
    let app = spawn_app().await;
    for (what, res) in sample_answers(&app).await {
        assert_eq!(header(&res, "x-frame-options").as_deref(), Some("DENY"), "{what}");
        assert!(
            header(&res, "content-security-policy").unwrap().contains("frame-ancestors 'none'"),
            "{what}"
        );
    }
}

#[actix_web::test]
async fn asvs_14_3_3_no_answer_names_the_server_or_its_version() {
    let app = spawn_app().await;
    for (what, res) in sample_answers(&app).await {
        for name in ["server", "x-powered-by", "x-aspnet-version", "via"] {
            assert_eq!(header(&res, name), None, "{what}: {name}");
        }
    }
}

#[actix_web::test]
async fn asvs_14_4_1_json_answers_name_their_charset() {
    let app = spawn_app().await;
    let mut json_answers = 0;
    for (what, res) in sample_answers(&app).await {
        let content_type = header(&res, "content-type").unwrap_or_default();
        if content_type.starts_with("application/json") {
            json_answers += 1;
            assert_eq!(content_type, "application/json; charset=utf-8", "{what}");
        }
        if content_type.starts_with("text/") {
            assert!(content_type.ends_with("charset=utf-8"), "{what}: {content_type}");
        }
    }
    assert!(json_answers >= 5);
    let res = app.get("/api/openapi.json").await;
    assert_eq!(header(&res, "content-type").as_deref(), Some("application/json; charset=utf-8"));
}

#[actix_web::test]
async fn asvs_8_2_1_api_answers_are_never_cached_except_the_public_catalog() {
    let app = spawn_app().await;
    app.sign_up().await;
    app.post("/api/cart", json!({"productId": 51}), 201).await;
    for path in [
        "/api/session",
        "/api/cart",
        "/api/favorites",
        "/api/orders",
        "/api/reviews/current",
        "/api/products/0",
        "/api/nope",
    ] {
        assert_eq!(header(&app.get(path).await, "cache-control").as_deref(), Some("no-store"), "GET {path}");
    }
    let res = app.send(Method::POST, "/api/favorites", Some(json!({"productId": 51}))).await;
    assert_eq!(header(&res, "cache-control").as_deref(), Some("no-store"), "a write");
    for path in
        ["/api/departments", "/api/departments/5/products", "/api/products/51", "/api/products/51/reviews"]
    {
        let cache = header(&app.get(path).await, "cache-control").expect("a Cache-Control");
        assert!(!cache.contains("no-store") && !cache.contains("private"), "GET {path}: {cache}");
    }
}

/// Every call that takes a JSON body, with a body it would accept.
fn json_calls() -> Vec<(Method, &'static str, Value)> {
    let review = json!({"rating": 5, "title": "Great", "description": "Works well and arrived quickly."});
    vec![
        (Method::POST, "/api/session", json!({"credential": "demo", "password": "password"})),
        (Method::POST, "/api/users", new_shopper()),
        (Method::POST, "/api/cart", json!({"productId": 51})),
        (Method::POST, "/api/favorites", json!({"productId": 51})),
        (Method::POST, "/api/products/51/reviews", review.clone()),
        (Method::PUT, "/api/reviews/1", review),
        (Method::POST, "/api/orders", json!({"total": 1.0, "products": []})),
    ]
}

#[actix_web::test]
async fn asvs_13_2_5_json_calls_refuse_any_other_content_type_with_a_415() {
    let app = spawn_app().await;
    app.sign_up().await;
    for (method, path, body) in json_calls() {
        for content_type in
            [Some("text/plain"), Some("application/x-www-form-urlencoded"), Some("application/xml"), None]
        {
            let mut req = app
                .client
                .request(method.clone(), app.url(path))
                .header("XSRF-Token", app.cookie("XSRF-TOKEN").unwrap())
                .body(body.to_string());
            if let Some(content_type) = content_type {
                req = req.header("content-type", content_type);
            }
            let res = req.send().await.unwrap();
            assert_eq!(res.status(), 415, "{method} {path} as {content_type:?}");
            assert_error_shape(&json_body(res).await);
        }
    }
    assert_eq!(app.get_json("/api/cart", 200).await["Products"], json!([]), "nothing was added");
}

#[actix_web::test]
async fn asvs_5_1_3_unknown_json_fields_are_ignored_everywhere() {
    let app = spawn_app().await;
    app.open().await;
    app.post("/api/users", with_extra(new_shopper()), 201).await;
    app.post("/api/cart", with_extra(json!({"productId": 51})), 201).await;
    app.post("/api/favorites", with_extra(json!({"productId": 51})), 200).await;
    let review = json!({"rating": 5, "title": "Great", "description": "Works well and arrived quickly."});
    let created = app.post("/api/products/51/reviews", with_extra(review.clone()), 201).await;
    let path = format!("/api/reviews/{}", created["id"]);
    app.write(Method::PUT, &path, Some(with_extra(review)), 200).await;
    let cart = app.get_json("/api/cart", 200).await;
    let order = json!({"total": cart["total"], "products": [{"productId": 51, "quantity": 7}]});
    let placed = app.post("/api/orders", with_extra(order), 201).await;
    assert_eq!(placed["total"], cart["total"], "the unknown `price` and `quantity` changed nothing");
    let other = browser(&app);
    other.open().await;
    other.post("/api/session", with_extra(json!({"credential": "demo", "password": "password"})), 200).await;
}

fn with_extra(mut body: Value) -> Value {
    body["isAdmin"] = json!(true);
    body["price"] = json!(0.01);
    body["userId"] = json!(1);
    body
}

#[actix_web::test]
async fn asvs_5_1_4_every_string_field_has_a_maximum_length_the_server_enforces() {
    let app = spawn_app().await;
    app.sign_up().await;
    let long = |n: usize| "x".repeat(n + 1);
    let review =
        |title: String, description: String| json!({"rating": 5, "title": title, "description": description});
    let description = "Works well and arrived quickly.".to_owned();
    let cases = [
        ("/api/session", json!({"credential": long(100), "password": "password"})),
        ("/api/session", json!({"credential": "demo", "password": long(128)})),
        (
            "/api/users",
            json!({"firstName": long(25), "lastName": "Ok", "username": "okay1", "email": "o@k.io", "password": "secret"}),
        ),
        (
            "/api/users",
            json!({"firstName": "Ok", "lastName": long(25), "username": "okay2", "email": "o@k.io", "password": "secret"}),
        ),
        (
            "/api/users",
            json!({"firstName": "Ok", "lastName": "Ok", "username": long(30), "email": "o@k.io", "password": "secret"}),
        ),
        (
            "/api/users",
            json!({"firstName": "Ok", "lastName": "Ok", "username": "okay3", "email": format!("{}@k.io", long(95)), "password": "secret"}),
        ),
        (
            "/api/users",
            json!({"firstName": "Ok", "lastName": "Ok", "username": "okay4", "email": "o@k.io", "password": long(128)}),
        ),
        ("/api/products/51/reviews", review(long(50), description.clone())),
        ("/api/products/51/reviews", review("Great".into(), long(255))),
    ];
    for (path, body) in cases {
        let res = app.send(Method::POST, path, Some(body.clone())).await;
        assert_eq!(res.status(), 400, "POST {path} {body}");
    }
    let res = app
        .client
        .post(app.url("/api/orders"))
        .header("XSRF-Token", app.cookie("XSRF-TOKEN").unwrap())
        .header("Idempotency-Key", long(255))
        .json(&json!({"total": 1.0, "products": []}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), 400, "a 256-character Idempotency-Key");
}

#[actix_web::test]
async fn asvs_7_4_1_error_answers_show_no_sql_paths_stack_traces_or_type_names() {
    // Every error answer any test provokes passes through `helpers::assert_no_leak`
    // (the test client checks it before the test sees it). Here: that the check bites...
    for leak in [
        r#"{"message":"UNIQUE constraint failed: users.email"}"#,
        r#"{"message":"near \"SELEC\": syntax error in SELECT * FROM users"}"#,
        r#"{"message":"thread 'actix-rt' panicked at src/db/orders.rs:42"}"#,
        r#"{"message":"invalid type: expected struct ReviewInput"}"#,
        r#"{"message":"market::error::ApiError"}"#,
        r#"{"message":"expected i64"}"#,
    ] {
        let caught = std::panic::catch_unwind(|| assert_no_leak(leak, "/api/x"));
        assert!(caught.is_err(), "the leak check misses {leak}");
    }
    // ...and the path an answer repeats is not held against it.
    assert_no_leak(r#"{"message":"No API route matches GET /api/src/x::y"}"#, "/api/src/x::y");
    // ...and a round of the errors that are easiest to get wrong.
    let app = spawn_app().await;
    app.sign_up().await;
    let cases: [(Method, &str, Option<&str>); 8] = [
        (Method::POST, "/api/cart", Some(r#"{"productId": 99999999999999999999}"#)),
        (Method::POST, "/api/cart", Some(r#"{"productId": -1}"#)),
        (Method::POST, "/api/cart", Some("\u{0}")),
        (Method::POST, "/api/orders", Some(r#"{"total": 1e999, "products": []}"#)),
        (
            Method::POST,
            "/api/products/51/reviews",
            Some(
                r#"{"rating": 9, "title": "x'; DROP TABLE users; --", "description": "Robert'); DROP TABLE reviews;--"}"#,
            ),
        ),
        (Method::DELETE, "/api/cart/-9223372036854775808", None),
        (Method::PUT, "/api/reviews/0", Some("{}")),
        (Method::POST, "/api/users", Some(r#"{"username": {"$gt": ""}}"#)),
    ];
    for (method, path, body) in cases {
        let mut req = app
            .client
            .request(method.clone(), app.url(path))
            .header("XSRF-Token", app.cookie("XSRF-TOKEN").unwrap())
            .header("content-type", "application/json");
        if let Some(body) = body {
            req = req.body(body.to_owned());
        }
        let res = req.send().await.unwrap();
        let status = res.status().as_u16();
        assert!((400..500).contains(&status), "{method} {path}: {status}");
        assert_error_shape(&json_body(res).await);
    }
}

/// A failed sign-in sent as if through a proxy that added `forwarded_for`.
async fn sign_in_via(app: &TestApp, forwarded_for: &str) -> u16 {
    app.client
        .post(app.url("/api/session"))
        .header("XSRF-Token", app.cookie("XSRF-TOKEN").unwrap())
        .header("X-Forwarded-For", forwarded_for)
        .json(&json!({"credential": "nobody", "password": "wrong password"}))
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

#[actix_web::test]
async fn asvs_2_2_1_behind_a_trusted_load_balancer_each_shopper_is_limited_by_their_own_address() {
    let spoofed = spawn_with_limits(|l| l.signin_failures_per_account = Limit::per_hour(10_000)).await;
    spoofed.open().await;
    // From a client that is no proxy, X-Forwarded-For proves nothing.
    for n in 0..5 {
        assert_eq!(sign_in_via(&spoofed, &format!("10.0.0.{n}")).await, 401);
    }
    assert_eq!(sign_in_via(&spoofed, "10.0.0.99").await, 429, "a made-up header does not escape the limit");

    let behind = spawn_app_with(|config| {
        config.rate_limits =
            Some(RateLimits { signin_failures_per_account: Limit::per_hour(10_000), ..Default::default() });
        config.trusted_proxies = market::config::TrustedProxies(vec!["127.0.0.1".parse().unwrap()]);
    })
    .await;
    behind.open().await;
    for _ in 0..5 {
        assert_eq!(sign_in_via(&behind, "203.0.113.7").await, 401);
    }
    assert_eq!(sign_in_via(&behind, "203.0.113.7").await, 429, "that shopper's address is limited");
    assert_eq!(
        sign_in_via(&behind, "203.0.113.8").await,
        401,
        "another shopper behind the same proxy is not"
    );
    // The proxy appends the address it saw; what a client wrote before it is not believed.
    assert_eq!(sign_in_via(&behind, "203.0.113.8, 203.0.113.7").await, 429);
}

#[actix_web::test]
async fn asvs_4_1_3_every_admin_route_names_a_staff_role_and_refuses_visitors_and_shoppers() {
    let admin: Vec<_> =
        market::api::ROUTES.iter().filter(|(_, path, _, _)| path.starts_with("/api/admin")).collect();
    assert!(!admin.is_empty());
    for (method, path, access, _) in &admin {
        assert!(["viewer", "staff", "owner"].contains(access), "{method} {path} is {access}");
        // A viewer changes nothing of the store's; its own second factor is its own.
        if *method != "get" && !path.starts_with("/api/admin/second-factor") {
            assert_ne!(*access, "viewer", "{method} {path} changes something: viewers only look");
        }
    }
    let app = spawn_app().await;
    let shopper = browser(&app);
    shopper.sign_up().await;
    let visitor = browser(&app);
    visitor.open().await;
    for (method, path, _, _) in admin {
        let path = path.replace("{id}", "51");
        let method = Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
        let body = (method != Method::GET && method != Method::DELETE).then(|| json!({}));
        let res = visitor.send(method.clone(), &path, body.clone()).await;
        assert_eq!(res.status().as_u16(), 401, "a visitor's {method} {path}");
        assert_error_shape(&json_body(res).await);
        let res = shopper.send(method.clone(), &path, body).await;
        assert_eq!(res.status().as_u16(), 403, "a shopper's {method} {path}");
        assert_error_shape(&json_body(res).await);
    }
}

#[actix_web::test]
async fn asvs_4_2_2_a_back_office_write_without_the_anti_forgery_token_changes_nothing() {
    let app = spawn_app().await;
    let staff = with_role(&app, "staff").await;
    let before = app.get_json("/api/products/51", 200).await;
    let res = staff
        .client
        .request(Method::PATCH, staff.url("/api/admin/products/51"))
        .json(&json!({"price": 1.0}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 403);
    assert_error_shape(&json_body(res).await);
    assert_eq!(app.get_json("/api/products/51", 200).await, before);
    assert_eq!(app.sql_number("SELECT count(*) FROM audit_log").await, 0);
}

#[actix_web::test]
async fn asvs_2_2_1_failed_sign_ins_on_a_staff_account_are_limited_and_code_guesses_count_among_them() {
    let app = spawn_with_limits(|l| {
        l.signin_failures_per_address = Limit::per_minute(10_000);
        l.signin_failures_per_account = Limit::per_hour(6);
    })
    .await;
    let staff = with_role(&app, "owner").await;
    let me = staff.get_json("/api/session", 200).await["user"].clone();
    let setup = staff.post("/api/admin/second-factor", json!({}), 200).await;
    let secret = setup["secret"].as_str().unwrap().to_owned();
    staff.post("/api/admin/second-factor/confirm", json!({"code": code_now(&secret, 0)}), 200).await;
    let guesser = browser(&app);
    guesser.open().await;
    let mut refused = 0;
    for n in 0..10 {
        let guess =
            json!({"credential": me["username"], "password": "hunter22", "code": format!("{:06}", n)});
        let res = guesser.send(Method::POST, "/api/session", Some(guess)).await;
        match res.status().as_u16() {
            401 => {}
            429 => refused += 1,
            other => panic!("a guessed code answered {other}"),
        }
    }
    assert!(refused >= 4, "past the account's allowance the guesses are refused: {refused}");
}

/// RFC 6238 5.2: a code lets one sign-in through; the same code again is refused.
#[actix_web::test]
async fn asvs_2_8_4_a_time_based_code_is_good_once() {
    let app = spawn_app().await;
    let staff = with_role(&app, "viewer").await;
    let me = staff.get_json("/api/session", 200).await["user"].clone();
    let setup = staff.post("/api/admin/second-factor", json!({}), 200).await;
    let secret = setup["secret"].as_str().unwrap().to_owned();
    staff.post("/api/admin/second-factor/confirm", json!({"code": code_now(&secret, -1)}), 200).await;
    let code = code_now(&secret, 0);
    let login = json!({"credential": me["username"], "password": "hunter22", "code": code});
    let first = browser(&app);
    first.open().await;
    first.post("/api/session", login.clone(), 200).await;
    let second = browser(&app);
    second.open().await;
    assert_eq!(second.post("/api/session", login, 401).await["secondFactor"], true);
    // Turning it off asks for a fresh code too: the spent one does not do.
    staff.post("/api/admin/second-factor/off", json!({"code": code}), 400).await;
}
