//! A forgotten password (docs/rules.md#password-reset): the same answer for any address,
//! one mail for an account, a token kept hashed that works once, for 30 minutes, while it
//! is the latest; a reset ends every session; requests are limited; demo accounts keep
//! their printed passwords.

use serde_json::{Value, json};

use crate::back_office::with_role;
use crate::helpers::{TestApp, assert_error_shape, browser, spawn_app, spawn_app_with};
use market::domain::password_reset::{ASKED, DEMO_REFUSED, RESET, TOKEN_REFUSED};

const NEW_PASSWORD: &str = "a brand new password";

/// A signed-in shopper: its browser and its e-mail address.
async fn shopper(app: &TestApp) -> (TestApp, String) {
    let shopper = browser(app);
    let user = shopper.sign_up().await;
    (shopper, user["email"].as_str().unwrap().to_owned())
}

/// A reset asked for `email` by a visitor: the answer's body.
async fn ask(app: &TestApp, email: &str) -> Value {
    let visitor = browser(app);
    visitor.open().await;
    visitor.post("/api/password-resets", json!({"email": email}), 202).await
}

/// The reset mails in the outbox, newest first, as an owner reads them: each one's text.
async fn reset_mails(app: &TestApp) -> Vec<String> {
    let owner = with_role(app, "owner").await;
    let list = owner.get_json("/api/admin/mail", 200).await;
    let mut texts = Vec::new();
    for mail in list["Mails"].as_array().unwrap().iter().filter(|m| m["event"] == "password.reset") {
        let body = owner.get_json(&format!("/api/admin/mail/{}", mail["id"]), 200).await;
        texts.push(body["text"].as_str().unwrap().to_owned());
    }
    texts
}

/// The token of the newest reset mail's link.
async fn latest_token(app: &TestApp) -> String {
    let text = reset_mails(app).await.remove(0);
    token_of(&text)
}

fn token_of(text: &str) -> String {
    let at = text.find("/reset-password#token=").unwrap_or_else(|| panic!("a reset link in {text}"));
    let rest = &text[at + "/reset-password#token=".len()..];
    rest.split_whitespace().next().unwrap().to_owned()
}

/// A visitor's confirmation of `token` with `password`: the status and body.
async fn confirm(app: &TestApp, token: &str, password: &str) -> (u16, Value) {
    let visitor = browser(app);
    visitor.open().await;
    let res = visitor
        .send(
            reqwest::Method::POST,
            "/api/password-resets/confirm",
            Some(json!({"token": token, "password": password})),
        )
        .await;
    let status = res.status().as_u16();
    (status, crate::helpers::json_body(res).await)
}

fn refused_as_used(body: &Value) {
    assert_error_shape(body);
    assert_eq!(body["errors"], json!([TOKEN_REFUSED]), "{body}");
}

#[actix_web::test]
async fn a_reset_is_answered_alike_for_any_address_and_mails_only_an_account() {
    let app = spawn_app().await;
    let (_, email) = shopper(&app).await;
    let known = ask(&app, &email.to_uppercase()).await;
    let unknown = ask(&app, "nobody-here@example.com").await;
    assert_eq!(known, json!({"message": ASKED}));
    assert_eq!(unknown, known, "nothing tells who has an account");

    let mails = reset_mails(&app).await;
    assert_eq!(mails.len(), 1, "one mail, for the account: {mails:?}");
    let token = token_of(&mails[0]);
    assert_eq!(token.len(), 43, "32 bytes, URL-safe: {token}");
    assert!(!mails[0].contains("?token"), "never in a query string");
    // The store keeps the token's hash, not the token.
    let kept = app.sql("SELECT count(*) FROM password_resets").await;
    assert_eq!(kept, [1]);
    let by_token =
        app.sql(&format!("SELECT count(*) FROM password_resets WHERE token_hash = '{token}'")).await;
    assert_eq!(by_token, [0]);

    // A viewer reads the mail without the link, which opens the account.
    let viewer = with_role(&app, "viewer").await;
    let list = viewer.get_json("/api/admin/mail", 200).await;
    let id =
        &list["Mails"].as_array().unwrap().iter().find(|m| m["event"] == "password.reset").unwrap()["id"];
    let read = viewer.get_json(&format!("/api/admin/mail/{id}"), 200).await;
    for part in ["text", "html"] {
        assert!(!read[part].as_str().unwrap().contains(&token), "{part} hides the token from a viewer");
    }
}

#[actix_web::test]
async fn a_reset_link_sets_a_new_password_once_and_ends_every_session_of_the_account() {
    let app = spawn_app().await;
    let (signed_in, email) = shopper(&app).await;
    signed_in.get_json("/api/cart", 200).await;
    ask(&app, &email).await;
    let token = latest_token(&app).await;

    // The sign-up's password rule, and the token still good after a refusal.
    let (status, body) = confirm(&app, &token, "abc").await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["errors"][0].as_str().unwrap(), "Password must be at least 5 characters.");
    let (status, body) = confirm(&app, &token, NEW_PASSWORD).await;
    assert_eq!((status, body), (200, json!({"message": RESET})));

    assert_eq!(signed_in.get("/api/cart").await.status(), 401, "the account's sessions ended");
    let old = browser(&app);
    old.open().await;
    old.post("/api/session", json!({"credential": email, "password": "hunter22"}), 401).await;
    browser(&app).sign_in(&email, NEW_PASSWORD).await;

    let (status, body) = confirm(&app, &token, "another new password").await;
    assert_eq!(status, 400, "a used link");
    refused_as_used(&body);
}

#[actix_web::test]
async fn a_link_asked_for_again_or_expired_is_refused_with_one_message() {
    let app = spawn_app().await;
    let (_, email) = shopper(&app).await;
    ask(&app, &email).await;
    let first = latest_token(&app).await;
    ask(&app, &email).await;
    let second = latest_token(&app).await;
    assert_ne!(first, second);
    let (status, body) = confirm(&app, &first, NEW_PASSWORD).await;
    assert_eq!(status, 400, "replaced by the next");
    refused_as_used(&body);

    app.sql("UPDATE password_resets SET expires_at = 1").await;
    let (status, body) = confirm(&app, &second, NEW_PASSWORD).await;
    assert_eq!(status, 400, "expired");
    refused_as_used(&body);

    for made_up in ["", "not-a-token", &"x".repeat(65)] {
        let (status, body) = confirm(&app, made_up, NEW_PASSWORD).await;
        assert_eq!(status, 400, "{made_up:?}");
        refused_as_used(&body);
    }
}

#[actix_web::test]
async fn resets_are_limited_per_address_and_per_client() {
    let app = spawn_app_with(|config| {
        config.trusted_proxies = market::config::TrustedProxies(vec!["127.0.0.1".parse().unwrap()]);
    })
    .await;
    let visitor = browser(&app);
    visitor.open().await;
    let ask_from = |client: String, email: String| {
        let visitor = &visitor;
        async move {
            let res = visitor
                .client
                .post(visitor.url("/api/password-resets"))
                .header("XSRF-Token", visitor.cookie("XSRF-TOKEN").unwrap())
                .header("X-Forwarded-For", client)
                .json(&json!({"email": email}))
                .send()
                .await
                .unwrap();
            (res.status().as_u16(), res.headers().contains_key("retry-after"))
        }
    };
    // One address, from five clients: five, then no more.
    for n in 0..5 {
        assert_eq!(ask_from(format!("203.0.113.{n}"), "jane@example.com".into()).await, (202, false));
    }
    assert_eq!(ask_from("203.0.113.99".into(), "JANE@example.com".into()).await, (429, true));
    // One client, five addresses: five, then no more.
    for n in 0..5 {
        assert_eq!(ask_from("198.51.100.7".into(), format!("someone{n}@example.com")).await, (202, false));
    }
    assert_eq!(ask_from("198.51.100.7".into(), "someone9@example.com".into()).await, (429, true));
}

#[actix_web::test]
async fn a_demo_account_keeps_its_password_and_bad_input_changes_nothing() {
    let app = spawn_app().await;
    let visitor = browser(&app);
    visitor.open().await;
    let refused = visitor.post("/api/password-resets", json!({"email": "Demo@Market.test"}), 403).await;
    assert_eq!(refused["message"], DEMO_REFUSED, "{refused}");
    for bad in [json!({"email": "not an address"}), json!({}), json!({"email": 5})] {
        visitor.post("/api/password-resets", bad, 400).await;
    }
    assert_eq!(app.sql("SELECT count(*) FROM mails").await, [0]);
    assert_eq!(app.sql("SELECT count(*) FROM password_resets").await, [0]);
}
