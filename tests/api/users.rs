//! Accounts: signing up (which signs the new shopper in).

use serde_json::json;

use crate::helpers::{assert_error_shape, browser, new_shopper, spawn_app};

#[actix_web::test]
async fn signing_up_creates_the_account_and_signs_it_in() {
    let app = spawn_app().await;
    app.open().await;
    let fields = new_shopper();
    let body = app.post("/api/users", fields.clone(), 201).await;
    assert_eq!(body["user"]["username"], fields["username"]);
    assert_eq!(body["user"]["email"], fields["email"]);
    assert_eq!(app.open().await["user"]["id"], body["user"]["id"]);

    let again = browser(&app);
    let user = again.sign_in(fields["email"].as_str().unwrap(), "hunter22").await;
    assert_eq!(user["id"], body["user"]["id"]);
}

#[actix_web::test]
async fn a_taken_username_or_email_is_a_409_naming_each() {
    let app = spawn_app().await;
    app.open().await;
    let mut fields = new_shopper();
    fields["username"] = json!("DEMO");
    fields["email"] = json!("Demo@Market.test");
    let body = app.post("/api/users", fields, 409).await;
    assert_error_shape(&body);
    assert_eq!(body["errors"].as_array().unwrap().len(), 2, "{body}");
    assert_eq!(app.open().await["user"], serde_json::Value::Null, "nobody signed in");
}

#[actix_web::test]
async fn signup_lists_every_broken_rule() {
    let app = spawn_app().await;
    app.open().await;
    let body = app
        .post(
            "/api/users",
            json!({"firstName": "A", "lastName": "", "username": "x@y.z", "email": "nope", "password": "1234"}),
            400,
        )
        .await;
    let mut errors: Vec<&str> =
        body["errors"].as_array().unwrap().iter().map(|e| e.as_str().unwrap()).collect();
    errors.sort_unstable();
    let mut expected = [
        "First name must be 2 to 25 characters.",
        "Last name must be 2 to 25 characters.",
        "Username cannot be an email.",
        "Please provide a valid email.",
        "Password must be at least 5 characters.",
    ];
    expected.sort_unstable();
    assert_eq!(errors, expected);
}
