//! Sessions: sign-in, sign-out, and what the cookie may do (sign-up: `users.rs`).

use reqwest::Method;
use serde_json::json;

use crate::helpers::{browser, spawn_app};

#[actix_web::test]
async fn a_visitor_has_no_user_and_receives_an_anti_forgery_token() {
    let app = spawn_app().await;
    let body = app.open().await;
    assert_eq!(body, json!({ "user": null }));
    assert!(app.cookie("XSRF-TOKEN").is_some_and(|t| t.contains('.')), "a signed token");
}

#[actix_web::test]
async fn the_demo_shopper_signs_in_by_username_or_email() {
    let app = spawn_app().await;
    let user = app.sign_in("demo", "password").await;
    assert_eq!(user["username"], "demo");
    assert_eq!(user["email"], "demo@market.test");
    assert_eq!((user["firstName"].as_str(), user["lastName"].as_str()), (Some("Demo"), Some("Shopper")));
    assert!(user["createdAt"].as_str().unwrap().ends_with('Z'));
    assert!(user.get("passwordHash").is_none() && user.get("password_hash").is_none());
    assert_eq!(app.open().await["user"]["id"], user["id"], "the session remembers the shopper");

    let other = browser(&app);
    assert_eq!(other.sign_in("DEMO@market.test", "password").await["id"], user["id"]);
}

#[actix_web::test]
async fn a_wrong_password_and_an_unknown_account_get_the_same_401() {
    let app = spawn_app().await;
    app.open().await;
    for (credential, password) in [("demo", "wrong-password"), ("nobody-here", "password")] {
        let body =
            app.post("/api/session", json!({"credential": credential, "password": password}), 401).await;
        assert_eq!(body["message"], "The provided credentials were invalid.");
    }
    assert_eq!(app.open().await["user"], serde_json::Value::Null);
}

#[actix_web::test]
async fn sign_in_input_is_checked_before_any_password_work() {
    let app = spawn_app().await;
    app.open().await;
    let body = app.post("/api/session", json!({"credential": "de", "password": ""}), 400).await;
    let errors = body["errors"].as_array().unwrap();
    assert_eq!(errors.len(), 2, "{body}");
}

#[actix_web::test]
async fn sign_out_ends_the_session_for_good() {
    let app = spawn_app().await;
    app.sign_in("demo", "password").await;
    let old_session = app.cookie("market_session").expect("a session cookie");
    let body = app.delete("/api/session", 200).await;
    assert_eq!(body, json!({"message": "success"}));
    assert_eq!(app.open().await["user"], serde_json::Value::Null);

    // Replaying the cookie from before sign-out opens nothing.
    let replay = crate::helpers::plain_client()
        .get(app.url("/api/session"))
        .header("cookie", format!("market_session={old_session}"))
        .send()
        .await
        .unwrap();
    assert_eq!(replay.json::<serde_json::Value>().await.unwrap()["user"], serde_json::Value::Null);
    let cart = crate::helpers::plain_client()
        .get(app.url("/api/cart"))
        .header("cookie", format!("market_session={old_session}"))
        .send()
        .await
        .unwrap();
    assert_eq!(cart.status(), 401);

    // And the browser can sign in again with the token it was given at sign-out.
    let res = app
        .send(Method::POST, "/api/session", Some(json!({"credential": "demo", "password": "password"})))
        .await;
    assert_eq!(res.status(), 200);
}

#[actix_web::test]
async fn signing_in_gives_a_new_session_key() {
    let app = spawn_app().await;
    app.open().await;
    let before = app.cookie("market_session").expect("a visitor session");
    app.post("/api/session", json!({"credential": "demo", "password": "password"}), 200).await;
    let after = app.cookie("market_session").unwrap();
    assert_ne!(before, after);
    let fixated = crate::helpers::plain_client()
        .get(app.url("/api/session"))
        .header("cookie", format!("market_session={before}"))
        .send()
        .await
        .unwrap();
    assert_eq!(fixated.json::<serde_json::Value>().await.unwrap()["user"], serde_json::Value::Null);
}

#[actix_web::test]
async fn a_restart_signs_nobody_out() {
    let app = spawn_app().await;
    let user = app.sign_up().await;
    let second = crate::helpers::spawn_on(&app.data_dir).await;
    let res = app.client.get(format!("{second}/api/session")).send().await.unwrap();
    assert_eq!(res.json::<serde_json::Value>().await.unwrap()["user"]["id"], user["id"]);
}

#[actix_web::test]
async fn the_session_cookie_is_http_only_and_same_site() {
    let app = spawn_app().await;
    app.open().await;
    let res = app
        .send(Method::POST, "/api/session", Some(json!({"credential": "demo", "password": "password"})))
        .await;
    let cookies: Vec<String> =
        res.headers().get_all("set-cookie").iter().map(|v| v.to_str().unwrap().to_owned()).collect();
    let session = cookies.iter().find(|c| c.starts_with("market_session=")).expect("session cookie set");
    assert!(
        session.contains("HttpOnly") && session.contains("SameSite=Lax") && session.contains("Path=/"),
        "{session}"
    );
    let xsrf = cookies.iter().find(|c| c.starts_with("XSRF-TOKEN=")).expect("a new token at sign-in");
    assert!(!xsrf.contains("HttpOnly"), "the app must be able to read it: {xsrf}");
}

/// Makes every new session row fail to be stored (a write that fails midway), or
/// stops doing so.
async fn refuse_new_sessions(app: &crate::helpers::TestApp, refuse: bool) {
    if crate::helpers::postgres().is_some() {
        app.sql(if refuse {
            "CREATE FUNCTION refuse_sessions() RETURNS trigger LANGUAGE plpgsql AS $$ \
             BEGIN RAISE EXCEPTION 'no session is stored'; END $$; \
             CREATE TRIGGER refuse_sessions BEFORE INSERT ON sessions FOR EACH ROW EXECUTE FUNCTION refuse_sessions()"
        } else {
            "DROP TRIGGER refuse_sessions ON sessions; DROP FUNCTION refuse_sessions()"
        })
        .await;
    } else {
        let conn = rusqlite::Connection::open(app.data_dir.path().join("market.db")).unwrap();
        conn.busy_timeout(std::time::Duration::from_secs(5)).unwrap();
        conn.execute_batch(if refuse {
            "CREATE TRIGGER refuse_sessions BEFORE INSERT ON sessions \
             BEGIN SELECT RAISE(ABORT, 'no session is stored'); END"
        } else {
            "DROP TRIGGER refuse_sessions"
        })
        .unwrap();
    }
}

/// A sign-in or a sign-out swaps the session's row for a new one in one write: when
/// that write fails, the old session goes on as it was. (`make test-faults` met a
/// signed-in shopper's second sign-in refused on a full disk after the old row had
/// gone: 401s after it.)
#[actix_web::test]
async fn a_sign_in_or_out_whose_new_session_cannot_be_stored_changes_nothing() {
    let app = spawn_app().await;
    let user = app.sign_in("demo", "password").await;
    let cookie = app.cookie("market_session");
    refuse_new_sessions(&app, true).await;

    let credentials = json!({"credential": "demo", "password": "password"});
    let again = app.send(Method::POST, "/api/session", Some(credentials.clone())).await;
    assert!(again.status().is_server_error(), "the sign-in is refused: {}", again.status());
    let out = app.send(Method::DELETE, "/api/session", None).await;
    assert!(out.status().is_server_error(), "the sign-out is refused: {}", out.status());
    assert_eq!(app.cookie("market_session"), cookie, "the browser keeps its session");
    assert_eq!(app.open().await["user"]["id"], user["id"], "still signed in");
    app.get_json("/api/cart", 200).await;

    refuse_new_sessions(&app, false).await;
    app.post("/api/session", credentials, 200).await;
    assert_ne!(app.cookie("market_session"), cookie, "a new session key");
    app.delete("/api/session", 200).await;
    assert_eq!(app.open().await["user"], serde_json::Value::Null);
}
