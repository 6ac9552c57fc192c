//! Changing one's own account (docs/rules.md#account-changes): names at once; a new
//! e-mail address once the link mailed to it is opened (24 hours, once, the old address
//! told); a password with the current one, ending the other sessions and any reset link;
//! the account's own mails in its inbox.

use std::time::Duration;

use reqwest::Method;
use serde_json::{Value, json};

use crate::back_office::{patch, with_role};
use crate::helpers::{TestApp, assert_error_shape, browser, spawn_app, spawn_app_with};
use market::config::{Config, PublicDemo};
use market::domain::account::{
    DEMO_REFUSED, EMAIL_CHANGED, EMAIL_TOKEN_REFUSED, PASSWORD_CHANGED, WRONG_PASSWORD,
};

const PASSWORD: &str = "hunter22";

/// A signed-in shopper: its browser and its user.
async fn shopper(app: &TestApp) -> (TestApp, Value) {
    let shopper = browser(app);
    let user = shopper.sign_up().await;
    (shopper, user)
}

/// The outbox's mails of `event`, newest first, as an owner reads them: each one's
/// summary and text.
async fn mails(app: &TestApp, event: &str) -> Vec<(Value, String)> {
    let owner = with_role(app, "owner").await;
    let list = owner.get_json("/api/admin/mail", 200).await;
    let mut found = Vec::new();
    for mail in list["Mails"].as_array().unwrap().iter().filter(|m| m["event"] == event) {
        let body = owner.get_json(&format!("/api/admin/mail/{}", mail["id"]), 200).await;
        found.push((mail.clone(), body["text"].as_str().unwrap().to_owned()));
    }
    found
}

async fn put_password(who: &TestApp, body: Value, status: u16) -> Value {
    who.write(Method::PUT, "/api/account/password", Some(body), status).await
}

fn token_of(text: &str) -> String {
    let marker = "/account/email#token=";
    let at = text.find(marker).unwrap_or_else(|| panic!("a confirmation link in {text}"));
    text[at + marker.len()..].split_whitespace().next().unwrap().to_owned()
}

/// A visitor's confirmation of `token`: the status and body.
async fn confirm(app: &TestApp, token: &str) -> (u16, Value) {
    let visitor = browser(app);
    visitor.open().await;
    let res =
        visitor.send(Method::POST, "/api/account/email-confirmations", Some(json!({"token": token}))).await;
    let status = res.status().as_u16();
    (status, crate::helpers::json_body(res).await)
}

#[actix_web::test]
async fn names_change_at_once_and_a_new_address_once_the_link_mailed_to_it_is_opened() {
    let app = spawn_app().await;
    let (shopper, user) = shopper(&app).await;
    let old = user["email"].as_str().unwrap().to_owned();
    let renamed =
        patch(&shopper, "/api/account", json!({"firstName": " Grace ", "currentPassword": PASSWORD}), 200)
            .await;
    assert_eq!(
        (renamed["user"]["firstName"].clone(), renamed["pendingEmail"].clone()),
        (json!("Grace"), Value::Null)
    );
    assert_eq!(shopper.get_json("/api/session", 200).await["user"]["firstName"], "Grace");

    let new = format!("new-{old}");
    let asked =
        patch(&shopper, "/api/account", json!({"email": new, "currentPassword": PASSWORD}), 200).await;
    assert_eq!(asked["user"]["email"], old.as_str(), "the old address stays until the link is opened");
    assert_eq!(asked["pendingEmail"], new.as_str());
    assert_eq!(shopper.get_json("/api/account", 200).await, asked);

    let confirmations = mails(&app, "email.confirm").await;
    assert_eq!(confirmations.len(), 1);
    let (summary, text) = &confirmations[0];
    assert_eq!(summary["toAddress"], new.as_str(), "mailed to the new address");
    let token = token_of(text);
    assert_eq!(token.len(), 43);
    let kept = app.sql(&format!("SELECT count(*) FROM email_changes WHERE token_hash = '{token}'")).await;
    assert_eq!(kept, [0], "only the token's hash is kept");

    assert_eq!(confirm(&app, &token).await, (200, json!({"message": EMAIL_CHANGED})));
    let account = shopper.get_json("/api/account", 200).await;
    assert_eq!(
        (account["user"]["email"].clone(), account["pendingEmail"].clone()),
        (json!(new), Value::Null)
    );
    let told = mails(&app, "email.changed").await;
    assert_eq!(told.len(), 1);
    assert_eq!(told[0].0["toAddress"], old.as_str(), "the old address is told");
    assert!(told[0].1.contains(&new), "{}", told[0].1);

    let (status, body) = confirm(&app, &token).await;
    assert_eq!(status, 400, "once");
    assert_eq!(body["errors"], json!([EMAIL_TOKEN_REFUSED]));
    browser(&app).sign_in(&new, PASSWORD).await;
    let stale = browser(&app);
    stale.open().await;
    stale.post("/api/session", json!({"credential": old, "password": PASSWORD}), 401).await;
}

#[actix_web::test]
async fn a_link_replaced_expired_or_beaten_to_its_address_changes_nothing() {
    let app = spawn_app().await;
    let (shopper, user) = shopper(&app).await;
    let email = user["email"].as_str().unwrap().to_owned();
    let ask = |address: String| {
        let shopper = &shopper;
        async move {
            patch(shopper, "/api/account", json!({"email": address, "currentPassword": PASSWORD}), 200).await
        }
    };
    ask(format!("first-{email}")).await;
    let first = token_of(&mails(&app, "email.confirm").await[0].1);
    ask(format!("second-{email}")).await;
    let second = token_of(&mails(&app, "email.confirm").await[0].1);
    let (status, body) = confirm(&app, &first).await;
    assert_eq!((status, body["errors"].clone()), (400, json!([EMAIL_TOKEN_REFUSED])), "replaced by the next");

    // Someone signs up with the address before its link is opened: a conflict, and the
    // link stays good for when the address is free again.
    let rival = browser(&app);
    rival.open().await;
    let mut taker = crate::helpers::new_shopper();
    taker["email"] = json!(format!("SECOND-{email}"));
    rival.post("/api/users", taker, 201).await;
    let (status, body) = confirm(&app, &second).await;
    assert_eq!(status, 409, "{body}");
    assert_eq!(app.sql("SELECT count(*) FROM email_changes").await, [1]);
    assert_eq!(mails(&app, "email.changed").await.len(), 0, "no one is told of a change that did not happen");

    app.sql("UPDATE email_changes SET expires_at = 1").await;
    rival.write(Method::DELETE, "/api/session", None, 200).await;
    let (status, _) = confirm(&app, &second).await;
    assert_eq!(status, 400, "expired");
    assert_eq!(
        shopper.get_json("/api/account", 200).await["pendingEmail"],
        Value::Null,
        "an expired one is not waiting"
    );

    // Asking for the account's own address again ends the one waiting.
    ask(format!("third-{email}")).await;
    ask(email.to_uppercase()).await;
    assert_eq!(app.sql("SELECT count(*) FROM email_changes").await, [0]);
}

#[actix_web::test]
async fn a_wrong_current_password_a_taken_address_bad_input_or_a_demo_login_changes_nothing() {
    let app = spawn_app().await;
    let (shopper, user) = shopper(&app).await;
    let (_, other) = self::shopper(&app).await;
    let wrong =
        patch(&shopper, "/api/account", json!({"firstName": "Mallory", "currentPassword": "guess"}), 400)
            .await;
    assert_eq!(wrong["errors"], json!([WRONG_PASSWORD]));
    let taken = other["email"].as_str().unwrap().to_uppercase();
    let body =
        patch(&shopper, "/api/account", json!({"email": taken, "currentPassword": PASSWORD}), 409).await;
    assert_error_shape(&body);
    for bad in [
        json!({"firstName": "A", "currentPassword": PASSWORD}),
        json!({"email": "not an address", "currentPassword": PASSWORD}),
        json!({"lastName": "Lee"}),
        json!({"firstName": "Nul\u{0}", "currentPassword": PASSWORD}),
    ] {
        assert_error_shape(&patch(&shopper, "/api/account", bad, 400).await);
    }
    put_password(&shopper, json!({"currentPassword": PASSWORD, "password": "abc"}), 400).await;
    put_password(&shopper, json!({"currentPassword": "guess", "password": "a fine new one"}), 400).await;
    assert_eq!(shopper.get_json("/api/account", 200).await["user"], user, "nothing changed");
    assert_eq!(app.sql("SELECT count(*) FROM email_changes").await, [0]);
    assert_eq!(app.sql("SELECT count(*) FROM mails").await, [0]);

    let demo = browser(&app);
    demo.sign_in("demo", "password").await;
    let refused = patch(
        &demo,
        "/api/account",
        json!({"email": "mine@example.com", "currentPassword": "password"}),
        403,
    )
    .await;
    assert_eq!(refused["message"], DEMO_REFUSED);
    put_password(&demo, json!({"currentPassword": "password", "password": "all mine now"}), 403).await;
    patch(&demo, "/api/account", json!({"lastName": "Tester", "currentPassword": "password"}), 200).await;

    let visitor = browser(&app);
    visitor.open().await;
    assert_eq!(visitor.get("/api/account").await.status(), 401);
}

#[actix_web::test]
async fn a_password_change_ends_the_other_sessions_and_the_reset_link_and_keeps_this_one() {
    let app = spawn_app().await;
    let (here, user) = shopper(&app).await;
    let email = user["email"].as_str().unwrap().to_owned();
    let elsewhere = browser(&app);
    elsewhere.sign_in(&email, PASSWORD).await;
    let visitor = browser(&app);
    visitor.open().await;
    visitor.post("/api/password-resets", json!({"email": email}), 202).await;
    let owner = with_role(&app, "owner").await;
    let list = owner.get_json("/api/admin/mail", 200).await;
    let reset =
        list["Mails"].as_array().unwrap().iter().find(|m| m["event"] == "password.reset").unwrap().clone();
    let text = owner.get_json(&format!("/api/admin/mail/{}", reset["id"]), 200).await["text"].clone();
    let text = text.as_str().unwrap();
    let reset_token = text[text.find("#token=").unwrap() + 7..].split_whitespace().next().unwrap().to_owned();

    let new = "a brand new password";
    let changed = here
        .write(
            Method::PUT,
            "/api/account/password",
            Some(json!({"currentPassword": PASSWORD, "password": new})),
            200,
        )
        .await;
    assert_eq!(changed, json!({"message": PASSWORD_CHANGED}));
    here.get_json("/api/cart", 200).await;
    here.post("/api/cart", json!({"productId": 51}), 201).await;
    assert_eq!(elsewhere.get("/api/cart").await.status(), 401, "the other session ended");
    let res = visitor
        .send(
            Method::POST,
            "/api/password-resets/confirm",
            Some(json!({"token": reset_token, "password": "sneaky one"})),
        )
        .await;
    assert_eq!(res.status(), 400, "the reset link asked for before no longer works");
    browser(&app).sign_in(&email, new).await;
    let old = browser(&app);
    old.open().await;
    old.post("/api/session", json!({"credential": email, "password": PASSWORD}), 401).await;
}

#[actix_web::test]
async fn the_inbox_holds_the_account_s_own_mails_without_the_links_that_prove_a_mailbox() {
    let app = spawn_app().await;
    let (shopper, user) = shopper(&app).await;
    let (someone, _) = self::shopper(&app).await;
    let new = format!("inbox-{}", user["email"].as_str().unwrap());
    patch(&shopper, "/api/account", json!({"email": new, "currentPassword": PASSWORD}), 200).await;
    let inbox = shopper.get_json("/api/account/inbox", 200).await;
    let mails = inbox["mails"].as_array().unwrap();
    assert_eq!(mails.len(), 1, "{inbox}");
    assert_eq!(
        (mails[0]["event"].clone(), mails[0]["subject"].clone()),
        (json!("email.confirm"), json!("Confirm your new e-mail address"))
    );
    for part in ["text", "html"] {
        assert!(
            !mails[0][part].as_str().unwrap().contains("#token="),
            "the session proves the account, not the new mailbox"
        );
    }
    assert_eq!(someone.get_json("/api/account/inbox", 200).await, json!({"mails": []}), "each reads its own");
}

#[actix_web::test]
async fn a_public_demo_s_shopper_reads_its_order_confirmation_in_its_inbox_and_it_never_leaves() {
    let app = spawn_app_with(|c: &mut Config| {
        c.demo = Some(PublicDemo {
            ttl: Duration::from_secs(3600),
            most: 10,
            sweep_every: Duration::from_secs(60),
        })
    })
    .await;
    let demo = browser(&app);
    demo.sign_in("demo", "password").await;
    demo.post("/api/cart", json!({"productId": 51}), 201).await;
    let placed = crate::back_office::order_cart(&demo).await;
    assert_eq!(placed.status(), 201);
    let placed: Value = placed.json().await.unwrap();
    let inbox = demo.get_json("/api/account/inbox", 200).await;
    let confirmation = inbox["mails"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["event"] == "order.placed")
        .expect("its confirmation")
        .clone();
    assert_eq!(confirmation["subject"], format!("Order #{} confirmed", placed["id"]));
    assert!(confirmation["text"].as_str().unwrap().contains("Thank you for your order"));
    let queued = app.sql("SELECT count(*) FROM mails WHERE status <> 'kept'").await;
    assert_eq!(queued, [0], "a demo shopper's mails are kept, never sent");
}

#[actix_web::test]
async fn guessing_the_current_password_meets_the_sign_in_s_limit() {
    let app = spawn_app().await;
    let (shopper, user) = shopper(&app).await;
    let change = |password: String| json!({"firstName": "Eve", "currentPassword": password});
    let mut statuses = Vec::new();
    for n in 0..11 {
        let res = shopper.send(Method::PATCH, "/api/account", Some(change(format!("guess {n}")))).await;
        statuses.push((res.status().as_u16(), res.headers().contains_key("retry-after")));
    }
    // The sign-in's budget of failures per client address: a few are told as wrong, then
    // every try waits.
    let refused = statuses.iter().position(|s| s.0 == 429).expect("the limit is met within 11 guesses");
    assert!(refused >= 3, "a few guesses are told as wrong first: {statuses:?}");
    assert!(statuses[..refused].iter().all(|s| *s == (400, false)), "{statuses:?}");
    assert!(statuses[refused..].iter().all(|s| *s == (429, true)), "with Retry-After: {statuses:?}");
    let res = shopper.send(Method::PATCH, "/api/account", Some(change(PASSWORD.into()))).await;
    assert_eq!(res.status(), 429, "even the right one waits");
    assert_eq!(shopper.get_json("/api/account", 200).await["user"], user, "nothing changed");
}
