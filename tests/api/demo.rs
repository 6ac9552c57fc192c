//! A public demo (`market serve --demo`): each sign-in with the demo credentials gets a
//! demo shopper of its own, pre-filled; it ends with everything it made; the demo is
//! capped; the viewer login looks and changes nothing.

use std::time::Duration;

use market::config::{Config, Limit, PublicDemo};
use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{
    TestApp, assert_error_shape, browser, in_stock, postgres, same_browser_at, spawn_app, spawn_app_with,
    spawn_on_with,
};
use crate::orders::checkout;

const HOUR: Duration = Duration::from_secs(3600);

/// A public demo whose sweeper looks every tenth of a second.
fn public_demo(ttl: Duration, most: u32) -> impl FnOnce(&mut Config) {
    move |c| c.demo = Some(PublicDemo { ttl, most, sweep_every: Duration::from_millis(100) })
}

async fn sign_in_as_the_demo(app: &TestApp) -> Value {
    app.sign_in("demo", "password").await
}

fn id(user: &Value) -> i64 {
    user["id"].as_i64().expect("an id")
}

/// What ending a demo shopper must give back: every shopper table's rows (its payments
/// and the test provider's charges for them included), the units in stock, and the
/// ratings.
async fn store_state(app: &TestApp) -> Vec<i64> {
    let mut state = Vec::new();
    for sql in [
        "SELECT count(*) FROM users",
        "SELECT count(*) FROM reviews",
        "SELECT count(*) FROM cart_items",
        "SELECT count(*) FROM favorites",
        "SELECT count(*) FROM orders",
        "SELECT count(*) FROM order_items",
        "SELECT count(*) FROM idempotency_keys",
        "SELECT count(*) FROM payments",
        "SELECT count(*) FROM refunds",
        "SELECT count(*) FROM test_provider_charges",
        "SELECT count(*) FROM sessions WHERE user_id IS NOT NULL",
        "SELECT sum(stock) FROM products",
        "SELECT coalesce(sum(stock), 0) FROM product_variants",
        "SELECT sum(rating_sum) FROM products",
        "SELECT sum(review_count) FROM products",
    ] {
        state.push(app.sql_number(sql).await);
    }
    state
}

/// Marks the demo shopper idle past its time, as if its visitor had left long ago.
async fn let_it_lapse(app: &TestApp, user_id: i64) {
    app.sql(&format!("UPDATE users SET demo_ends_at = 1 WHERE id = {user_id}")).await;
}

/// Waits (at most 5 s) until the sweeper has ended the demo shopper.
async fn until_ended(app: &TestApp, user_id: i64) {
    for _ in 0..100 {
        if app.sql_number(&format!("SELECT count(*) FROM users WHERE id = {user_id}")).await == 0 {
            return;
        }
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("demo shopper {user_id} was never ended");
}

/// What /metrics says of the demo shoppers alive.
async fn demo_shoppers_alive(app: &TestApp) -> i64 {
    let text = app.get("/metrics").await.text().await.unwrap();
    text.lines()
        .find_map(|l| l.strip_prefix("market_demo_shoppers_alive "))
        .unwrap_or_else(|| panic!("no market_demo_shoppers_alive in\n{text}"))
        .parse()
        .unwrap()
}

#[actix_web::test]
async fn two_visitors_signing_in_as_the_demo_get_filled_accounts_of_their_own() {
    let app = spawn_app_with(public_demo(HOUR, 100)).await;
    let seeded_demo = app.sql_number("SELECT id FROM users WHERE username = 'demo'").await;
    let (one, other) = (browser(&app), browser(&app));
    let (first, second) = (sign_in_as_the_demo(&one).await, sign_in_as_the_demo(&other).await);
    assert_ne!(id(&first), id(&second), "one account each");
    for user in [&first, &second] {
        assert_ne!(id(user), seeded_demo, "not the shared demo account");
        assert_eq!((user["firstName"].as_str(), user["lastName"].as_str()), (Some("Demo"), Some("Shopper")));
        assert!(user["demoEndsAt"].is_string(), "{user}");
    }

    // Each comes with two favorites, a cart line and a delivered past order.
    for browser in [&one, &other] {
        assert_eq!(browser.get_json("/api/favorites", 200).await["Products"].as_array().unwrap().len(), 2);
        assert_eq!(browser.get_json("/api/cart", 200).await["Products"].as_array().unwrap().len(), 1);
        let orders = browser.get_json("/api/orders", 200).await["Orders"].clone();
        assert_eq!(orders.as_array().unwrap().len(), 1);
        assert_eq!(orders[0]["status"], "Delivered");
    }

    // What one does stays in its own account.
    one.post("/api/cart", json!({"productId": in_stock(3)}), 201).await;
    assert_eq!(one.get_json("/api/cart", 200).await["Products"].as_array().unwrap().len(), 2);
    assert_eq!(other.get_json("/api/cart", 200).await["Products"].as_array().unwrap().len(), 1);
    let order_of_one = one.get_json("/api/orders", 200).await["Orders"][0]["id"].clone();
    let orders_of_other = other.get_json("/api/orders", 200).await["Orders"].clone();
    assert!(!orders_of_other.as_array().unwrap().iter().any(|o| o["id"] == order_of_one));
    let favorite_of_one = one.get_json("/api/favorites", 200).await["Products"][0]["id"].as_i64().unwrap();
    let res = other.send(Method::DELETE, &format!("/api/favorites/{favorite_of_one}"), None).await;
    assert!([403, 404].contains(&res.status().as_u16()), "another's favorite: {}", res.status());
    assert_eq!(one.get_json("/api/favorites", 200).await["Products"].as_array().unwrap().len(), 2);

    // A review is public, as any shopper's.
    one.post(
        "/api/products/61/reviews",
        json!({"rating": 5, "title": "Lovely", "description": "Works well, looks good, would buy again."}),
        201,
    )
    .await;
    let reviews = other.get_json("/api/products/61/reviews", 200).await;
    assert!(reviews["Reviews"].as_array().unwrap().iter().any(|r| r["title"] == "Lovely"));

    // The store says it is a public demo, with its look-only login.
    let session = one.open().await;
    assert_eq!(session["demo"]["viewer"], json!({"username": "admin", "password": "look-around"}));
    assert_eq!(session["demo"]["endsAfterMinutes"], 60);
    assert_eq!(id(&session["user"]), id(&first));
}

#[actix_web::test]
async fn without_demo_mode_the_demo_credentials_are_one_account_as_always() {
    let app = spawn_app().await;
    let (one, other) = (browser(&app), browser(&app));
    let (first, second) = (sign_in_as_the_demo(&one).await, sign_in_as_the_demo(&other).await);
    assert_eq!(id(&first), id(&second));
    assert!(first.get("demoEndsAt").is_none(), "{first}");
    assert!(one.open().await.get("demo").is_none());
    // And no look-only login was made.
    let res = browser(&app);
    res.open().await;
    let refused =
        res.post("/api/session", json!({"credential": "admin", "password": "look-around"}), 401).await;
    assert_error_shape(&refused);
}

#[actix_web::test]
async fn an_ended_demo_shopper_takes_everything_it_made_with_it() {
    let app = spawn_app_with(public_demo(HOUR, 100)).await;
    let before = store_state(&app).await;
    let rating_of = |p: &Value| (p["numReviews"].clone(), p["avgRating"].clone());
    let product_before = rating_of(&app.get_json("/api/products/61", 200).await);

    let visitor = browser(&app);
    let user = sign_in_as_the_demo(&visitor).await;
    visitor
        .post(
            "/api/products/61/reviews",
            json!({"rating": 1, "title": "Not for me", "description": "Not for me, sadly, though it works."}),
            201,
        )
        .await;
    assert_ne!(rating_of(&app.get_json("/api/products/61", 200).await), product_before);
    visitor.post("/api/cart", json!({"productId": in_stock(0)}), 201).await;
    let cart = visitor.get_json("/api/cart", 200).await;
    visitor.post("/api/orders", checkout(&cart), 201).await;
    assert_ne!(store_state(&app).await, before, "the order took stock");

    let_it_lapse(&app, id(&user)).await;
    until_ended(&app, id(&user)).await;
    assert_eq!(store_state(&app).await, before, "rows, stock and ratings as before it came");
    assert_eq!(rating_of(&app.get_json("/api/products/61", 200).await), product_before);
    let reviews = app.get_json("/api/products/61/reviews", 200).await;
    assert!(!reviews["Reviews"].as_array().unwrap().iter().any(|r| r["title"] == "Not for me"));
    // Its browser is signed out.
    assert_eq!(visitor.open().await["user"], Value::Null);
    assert_error_shape(&visitor.get_json("/api/cart", 401).await);
}

#[actix_web::test]
async fn the_sweeper_ends_exactly_the_idle_ones() {
    let app = spawn_app_with(public_demo(HOUR, 100)).await;
    let visitors = [browser(&app), browser(&app), browser(&app)];
    let mut users = Vec::new();
    for visitor in &visitors {
        users.push(id(&sign_in_as_the_demo(visitor).await));
    }
    assert_eq!(demo_shoppers_alive(&app).await, 3);
    let_it_lapse(&app, users[1]).await;
    until_ended(&app, users[1]).await;
    // A sweep or two later, the others are all still there, with what they hold.
    actix_web::rt::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(demo_shoppers_alive(&app).await, 2);
    for i in [0, 2] {
        assert_eq!(app.sql_number(&format!("SELECT count(*) FROM users WHERE id = {}", users[i])).await, 1);
        assert_eq!(visitors[i].get_json("/api/cart", 200).await["Products"].as_array().unwrap().len(), 1);
    }
}

#[actix_web::test]
async fn a_full_demo_ends_the_one_idle_longest_to_make_room() {
    let app = spawn_app_with(public_demo(HOUR, 2)).await;
    let visitors = [browser(&app), browser(&app), browser(&app)];
    let first = id(&sign_in_as_the_demo(&visitors[0]).await);
    let second = id(&sign_in_as_the_demo(&visitors[1]).await);
    // The second visitor's account has been idle longer than the first's.
    let now = market::domain::Timestamp::now().millis();
    app.sql(&format!("UPDATE users SET demo_ends_at = {} WHERE id = {first}", now + 3_000_000)).await;
    app.sql(&format!("UPDATE users SET demo_ends_at = {} WHERE id = {second}", now + 2_000_000)).await;
    let third = id(&sign_in_as_the_demo(&visitors[2]).await);
    assert!(third > first && third > second, "an id is never given twice: {third}");
    let alive = app.sql("SELECT id FROM users WHERE demo_ends_at IS NOT NULL ORDER BY id").await;
    assert_eq!(alive, vec![first, third]);
    assert_eq!(demo_shoppers_alive(&app).await, 2, "the number kept beside them");
    assert_error_shape(&visitors[1].get_json("/api/cart", 401).await);
    visitors[0].get_json("/api/cart", 200).await;
}

#[actix_web::test]
async fn a_visitors_requests_move_the_end_of_its_demo_shopper_on() {
    // A 24-second demo: a request moves the end once it has come a second closer.
    let app = spawn_app_with(public_demo(Duration::from_secs(24), 100)).await;
    let visitor = browser(&app);
    let user = id(&sign_in_as_the_demo(&visitor).await);
    let ends = format!("SELECT demo_ends_at FROM users WHERE id = {user}");
    let first = app.sql_number(&ends).await;
    visitor.get_json("/api/cart", 200).await;
    assert_eq!(app.sql_number(&ends).await, first, "a request at once changes nothing");
    actix_web::rt::time::sleep(Duration::from_millis(1_300)).await;
    visitor.get_json("/api/cart", 200).await;
    let moved = app.sql_number(&ends).await;
    assert!(moved >= first + 1_000, "moved on from {first} to {moved}");
    let answered = visitor.open().await["user"]["demoEndsAt"].clone();
    assert!(answered.is_string());
}

#[actix_web::test]
async fn the_demo_viewer_opens_the_back_office_and_changes_nothing() {
    let app = spawn_app_with(public_demo(HOUR, 100)).await;
    let viewer = browser(&app);
    let user = viewer.sign_in("admin", "look-around").await;
    assert_eq!(user["role"], "viewer");
    viewer.get_json("/api/admin/products", 200).await;
    viewer.get_json("/api/admin/orders", 200).await;
    // Nothing it sends changes the store: not the back office, not a second factor of
    // its own (which would lock the others out), and not as a shopper either.
    for (method, path, body) in [
        (Method::PATCH, "/api/admin/products/51", json!({"price": 1.0})),
        (Method::POST, "/api/admin/second-factor", json!({})),
        (Method::PATCH, "/api/admin/reviews/1", json!({"hidden": true})),
        (Method::POST, "/api/cart", json!({"productId": in_stock(0)})),
        (Method::POST, "/api/favorites", json!({"productId": 51})),
        (
            Method::POST,
            "/api/products/61/reviews",
            json!({"rating": 1, "title": "Vandal", "description": "Everyone shares this login, sadly."}),
        ),
        (Method::POST, "/api/orders", json!({"total": 0, "products": []})),
    ] {
        let refused = viewer.write(method, path, Some(body), 403).await;
        assert_eq!(refused["message"], "This demo account can look but not change anything.", "{path}");
    }
    assert_eq!(app.sql_number("SELECT count(*) FROM audit_log WHERE action <> 'staff.add'").await, 0);
    assert_eq!(app.sql_number("SELECT count(*) FROM cart_items").await, 0);
    // Signing out is not a change.
    viewer.delete("/api/session", 200).await;
}

#[actix_web::test]
async fn an_account_signed_in_after_a_demo_shopper_in_the_same_browser_is_left_alone() {
    // A 24-second demo: the keep-alive looks at a demo session once a second has gone.
    let app = spawn_app_with(public_demo(Duration::from_secs(24), 100)).await;
    let visitor = browser(&app);
    sign_in_as_the_demo(&visitor).await;
    let user = visitor.sign_in("admin", "look-around").await;
    actix_web::rt::time::sleep(Duration::from_millis(1_300)).await;
    visitor.get_json("/api/admin/products", 200).await;
    assert_eq!(visitor.open().await["user"]["id"], user["id"], "still signed in as the viewer");
}

#[actix_web::test]
async fn demo_sign_ins_count_against_the_addresss_sign_ups() {
    let app = spawn_app_with(|c| {
        public_demo(HOUR, 100)(c);
        // Half of a limit comes at once (README): two demo sign-ins, then a refusal.
        c.rate_limits.as_mut().unwrap().signups_per_address = Limit::per_hour(4);
    })
    .await;
    for _ in 0..2 {
        sign_in_as_the_demo(&browser(&app)).await;
    }
    let third = browser(&app);
    third.open().await;
    let refused =
        third.post("/api/session", json!({"credential": "demo", "password": "password"}), 429).await;
    assert_error_shape(&refused);
}

#[actix_web::test]
async fn replicas_serve_a_demo_shopper_made_through_any_of_them_and_end_it_once() {
    if postgres().is_none() {
        eprintln!("on SQLite: skipped, several servers need a shared PostgreSQL database");
        return;
    }
    let one = spawn_app_with(public_demo(HOUR, 100)).await;
    let two = spawn_on_with(&one.data_dir, public_demo(HOUR, 100)).await;
    let three = spawn_on_with(&one.data_dir, public_demo(HOUR, 100)).await;
    let before = store_state(&one).await;

    let visitor = browser(&one);
    let user = sign_in_as_the_demo(&visitor).await;
    let (at_two, at_three) = (same_browser_at(&visitor, &two), same_browser_at(&visitor, &three));
    assert_eq!(at_two.open().await["user"]["id"], user["id"], "its session opens on every replica");
    at_two.post("/api/cart", json!({"productId": in_stock(1)}), 201).await;
    let cart = at_three.get_json("/api/cart", 200).await;
    assert_eq!(cart["Products"].as_array().unwrap().len(), 2);
    at_three.post("/api/orders", checkout(&cart), 201).await;

    // Three sweepers look every tenth of a second; the shopper ends once, and the units
    // its order took come back once.
    let_it_lapse(&one, id(&user)).await;
    until_ended(&one, id(&user)).await;
    actix_web::rt::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(store_state(&one).await, before);
    for browser in [&visitor, &at_two, &at_three] {
        assert_error_shape(&browser.get_json("/api/cart", 401).await);
    }
}

#[actix_web::test]
async fn a_crowd_signing_in_at_once_through_two_servers_never_passes_the_cap() {
    const MOST: u32 = 5;
    // Every visitor here comes from one address: its limit on sign-ups is not the point.
    let crowded = |c: &mut Config| {
        public_demo(HOUR, MOST)(c);
        c.rate_limits = None;
    };
    let one = spawn_app_with(crowded).await;
    // On PostgreSQL half the crowd comes through a second replica: each server's demo
    // shoppers are made one at a time, but the two servers' are not.
    let two = match postgres() {
        Some(_) => Some(spawn_on_with(&one.data_dir, crowded).await),
        None => None,
    };
    let crowd: Vec<TestApp> = (0..16)
        .map(|i| match &two {
            Some(two) if i % 2 == 1 => same_browser_at(&browser(&one), two),
            _ => browser(&one),
        })
        .collect();
    for visitor in &crowd {
        visitor.open().await;
    }
    let signed_in = futures_util::future::join_all(crowd.iter().map(sign_in_as_the_demo)).await;
    let accounts: std::collections::HashSet<i64> = signed_in.iter().map(id).collect();
    assert_eq!(accounts.len(), 16, "an account each");
    let alive = one.sql_number("SELECT count(*) FROM users WHERE demo_ends_at IS NOT NULL").await;
    assert_eq!(alive, i64::from(MOST), "the cap holds");
    assert_eq!(demo_shoppers_alive(&one).await, alive, "the number kept beside them");
    // As many browsers as the cap are still signed in, each with its cart; the others'
    // accounts were ended to make room.
    let mut with_a_cart = 0;
    for visitor in &crowd {
        if visitor.get("/api/cart").await.status() == 200 {
            with_a_cart += 1;
        }
    }
    assert_eq!(with_a_cart, MOST as usize);
}
