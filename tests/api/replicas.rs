//! Several servers over one PostgreSQL database act as one store: a shopper may be
//! served by any of them, one after another, and what one server wrote, the others
//! serve at once (their shopper) or within a second (the catalog they keep). On SQLite
//! a database is one server's, and these tests stand aside.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::helpers::{
    TestApp, browser, plain_client, postgres, same_browser_at, spawn_app_with, spawn_on_with,
};

/// Three servers of one store, the first owning the data folder; `None` on SQLite.
async fn three_servers() -> Option<(TestApp, String, String)> {
    if postgres().is_none() {
        eprintln!("on SQLite: skipped, several servers need a shared PostgreSQL database");
        return None;
    }
    let first = spawn_app_with(|_| {}).await;
    let second = spawn_on_with(&first.data_dir, |_| {}).await;
    let third = spawn_on_with(&first.data_dir, |_| {}).await;
    Some((first, second, third))
}

async fn cart_lines(app: &TestApp) -> usize {
    app.get_json("/api/cart", 200).await["Products"].as_array().unwrap().len()
}

#[actix_web::test]
async fn a_shopper_signed_in_through_one_server_is_served_by_the_others() {
    let Some((one, two, three)) = three_servers().await else { return };
    let account = one.sign_up().await;
    let (two, three) = (same_browser_at(&one, &two), same_browser_at(&one, &three));
    assert_eq!(two.open().await["user"]["id"], account["id"], "the session cookie opens on every server");
    two.post("/api/cart", json!({"productId": 51}), 201).await;
    two.post("/api/cart", json!({"productId": 61}), 201).await;
    let cart = three.get_json("/api/cart", 200).await;
    let order = json!({"total": cart["total"], "products": cart["Products"]});
    let placed = three.post("/api/orders", order, 201).await;
    let orders = one.get_json("/api/orders", 200).await;
    assert_eq!(orders["Orders"][0]["id"], placed["id"]);
    assert_eq!(cart_lines(&one).await, 0, "the cart the order emptied is empty everywhere");

    // Signing out through one server ends the session on all of them within a second
    // (each keeps the sessions it read, and drops them as the change log says): its
    // cookie, kept from before by someone else, opens nothing anywhere after that.
    let cookie = format!("market_session={}", one.cookie("market_session").expect("a session cookie"));
    for server in [&one, &three] {
        let res = plain_client().get(server.url("/api/cart")).header("Cookie", &cookie).send().await.unwrap();
        assert_eq!(res.status(), 200, "the cookie opens the session on {}", server.address);
    }
    two.delete("/api/session", 200).await;
    let ended = Instant::now();
    for server in [&one, &three] {
        assert_refused_within_a_second(&server.address, &cookie, ended).await;
    }
}

/// Asks `server` for a cart with `cookie` until it is refused (401), for at most a
/// second after `since`.
async fn assert_refused_within_a_second(server: &str, cookie: &str, since: Instant) {
    loop {
        let res =
            plain_client().get(format!("{server}/api/cart")).header("Cookie", cookie).send().await.unwrap();
        if res.status() == 401 {
            return;
        }
        assert_eq!(res.status(), 200);
        assert!(since.elapsed() < Duration::from_secs(1), "{server} still opens the session");
        actix_web::rt::time::sleep(Duration::from_millis(10)).await;
    }
}

#[actix_web::test]
async fn an_account_disabled_through_one_server_is_refused_by_every_server_within_a_second() {
    let Some((one, two, three)) = three_servers().await else { return };
    let owner = crate::back_office::with_role(&one, "owner").await;
    let shopper = same_browser_at(&browser(&one), &two);
    let account = shopper.sign_up().await;
    let cookie = format!("market_session={}", shopper.cookie("market_session").expect("a session cookie"));
    // Every server reads the session once, and keeps it.
    let servers = [one.address.clone(), two, three];
    for server in &servers {
        let res =
            plain_client().get(format!("{server}/api/cart")).header("Cookie", &cookie).send().await.unwrap();
        assert_eq!(res.status(), 200);
    }
    crate::back_office::patch(
        &owner,
        &format!("/api/admin/shoppers/{}", account["id"]),
        json!({"disabled": true}),
        200,
    )
    .await;
    let disabled = Instant::now();
    for server in &servers {
        assert_refused_within_a_second(server, &cookie, disabled).await;
    }
}

#[actix_web::test]
async fn favorites_and_a_review_written_through_one_server_are_in_the_shoppers_next_answer_from_another() {
    let Some((one, two, three)) = three_servers().await else { return };
    one.sign_up().await;
    let (two, three) = (same_browser_at(&one, &two), same_browser_at(&one, &three));
    let favorites =
        async |app: &TestApp| app.get_json("/api/favorites", 200).await["Products"].as_array().unwrap().len();
    let reviews =
        async |app: &TestApp| app.get_json("/api/products/53", 200).await["numReviews"].as_i64().unwrap();
    // Each server keeps these answers as they are now.
    let before = reviews(&one).await;
    for app in [&one, &two, &three] {
        assert_eq!(favorites(app).await, 0);
        assert_eq!(reviews(app).await, before);
    }
    for (n, (writer, reader)) in [(&one, &two), (&two, &three), (&three, &one)].into_iter().enumerate() {
        writer.post("/api/favorites", json!({"productId": 60 + n}), 200).await;
        assert_eq!(favorites(reader).await, n + 1, "at once, through {}", reader.address);
    }
    three
        .post(
            "/api/products/53/reviews",
            json!({"rating": 5, "title": "Bright", "description": "Lights the whole tent, and lasts the night."}),
            201,
        )
        .await;
    assert_eq!(reviews(&two).await, before + 1, "the reviewer's own next answer, through another server");
}

#[actix_web::test]
async fn a_review_through_one_server_changes_the_rating_the_others_serve_within_a_second() {
    let Some((one, two, three)) = three_servers().await else { return };
    let others = [same_browser_at(&one, &two), same_browser_at(&one, &three)];
    let reviews =
        async |app: &TestApp| app.get_json("/api/products/52", 200).await["numReviews"].as_i64().unwrap();
    let before = reviews(&others[0]).await;
    for app in &others {
        assert_eq!(reviews(app).await, before, "each server now keeps the product's answer");
        app.get_json("/api/departments/5/products", 200).await;
    }
    one.sign_in("demo", "password").await;
    one.post(
        "/api/products/52/reviews",
        json!({"rating": 2, "title": "Too loud", "description": "The fan is louder than it should be."}),
        201,
    )
    .await;
    let posted = Instant::now();
    for app in &others {
        while reviews(app).await != before + 1 {
            assert!(posted.elapsed() < Duration::from_secs(1), "{} still serves the old rating", app.address);
            actix_web::rt::time::sleep(Duration::from_millis(20)).await;
        }
        let shelf = app.get_json("/api/departments/5/products", 200).await;
        let card = shelf["Products"].as_array().unwrap().iter().find(|c| c["id"] == 52).cloned();
        if let Some(card) = card {
            assert_eq!(card["numReviews"].as_i64(), Some(before + 1), "the department's shelf too");
        }
    }
    assert!(posted.elapsed() < Duration::from_secs(1), "took {:?}", posted.elapsed());
}

#[actix_web::test]
async fn a_cart_read_through_another_server_right_after_a_write_is_never_older() {
    let Some((one, two, _)) = three_servers().await else { return };
    one.sign_up().await;
    let two = same_browser_at(&one, &two);
    assert_eq!(cart_lines(&two).await, 0);
    for n in 1..=12 {
        let (writer, reader) = if n % 2 == 0 { (&one, &two) } else { (&two, &one) };
        writer.post("/api/cart", json!({"productId": 100 + n}), 201).await;
        assert_eq!(cart_lines(reader).await, n as usize, "at once, through the other server");
    }
    let line = one.get_json("/api/cart", 200).await["Products"][0]["cartId"].clone();
    two.delete(&format!("/api/cart/{line}"), 200).await;
    assert_eq!(cart_lines(&one).await, 11);
}

#[actix_web::test]
async fn failed_sign_ins_through_several_servers_share_one_budget() {
    let Some((one, two, three)) = three_servers().await else { return };
    one.open().await;
    let attempt = async |app: &TestApp, name: &str| {
        app.send(
            reqwest::Method::POST,
            "/api/session",
            Some(json!({"credential": name, "password": "wrong"})),
        )
        .await
        .status()
        .as_u16()
    };
    // Ten a minute from one address: five at once, counted by whichever server.
    let servers = [one.address.clone(), two, three];
    for n in 0..5 {
        let app = same_browser_at(&one, &servers[n % 3]);
        assert_eq!(attempt(&app, &format!("nobody{n}")).await, 401, "attempt {n}");
    }
    for address in &servers {
        let app = same_browser_at(&one, address);
        assert_eq!(attempt(&app, "demo").await, 429, "{address} knows the address used its budget");
    }
}

#[actix_web::test]
async fn a_hundred_identical_orders_spread_over_three_servers_make_one_order() {
    let Some((one, two, three)) = three_servers().await else { return };
    one.sign_up().await;
    for id in [51, 61] {
        one.post("/api/cart", json!({"productId": id}), 201).await;
    }
    let cart = one.get_json("/api/cart", 200).await;
    let body = json!({"total": cart["total"], "products": cart["Products"]});
    let servers = [one.address.clone(), two, three];
    let submits: Vec<_> = (0..100)
        .map(|n| {
            let app = same_browser_at(&one, &servers[n % 3]);
            let body = body.clone();
            actix_web::rt::spawn(async move {
                let res = app
                    .client
                    .post(app.url("/api/orders"))
                    .header("XSRF-Token", app.cookie("XSRF-TOKEN").unwrap())
                    .header("Idempotency-Key", "one-checkout")
                    .json(&body)
                    .send()
                    .await
                    .unwrap();
                (res.status().as_u16(), crate::helpers::json_body(res).await)
            })
        })
        .collect();
    let mut ids: Vec<Value> = Vec::new();
    for submit in submits {
        let (status, order) = submit.await.unwrap();
        assert_eq!(status, 201, "every submit gets the order: {order}");
        ids.push(order["id"].clone());
    }
    ids.dedup();
    assert_eq!(ids.len(), 1, "all answers name one order: {ids:?}");
    assert_eq!(one.sql_number("SELECT count(*) FROM orders").await, 1);
    let other = browser(&one);
    assert_eq!(other.get("/api/orders").await.status(), 401);
}

/// A promotion code's limit holds across servers: 30 shoppers, served by three servers
/// in turn, order at once with a code of limit 5; exactly 5 orders carry it.
#[actix_web::test]
async fn a_codes_limit_holds_across_servers() {
    if postgres().is_none() {
        eprintln!("on SQLite: skipped, several servers need a shared PostgreSQL database");
        return;
    }
    let one = spawn_app_with(|c| c.rate_limits = None).await;
    let servers = [
        one.address.clone(),
        spawn_on_with(&one.data_dir, |c| c.rate_limits = None).await,
        spawn_on_with(&one.data_dir, |c| c.rate_limits = None).await,
    ];
    crate::checkout::promotion(&one, "ACROSS", "percent", 15, Some(5)).await;
    let mut shoppers = Vec::new();
    for n in 0..30 {
        let shopper = browser(&one);
        shopper.sign_up().await;
        let shopper = same_browser_at(&shopper, &servers[n % 3]);
        shopper.post("/api/cart", json!({"productId": crate::helpers::in_stock(n as i64)}), 201).await;
        let quote = shopper.post("/api/checkout/quote", json!({"promotionCode": "across"}), 200).await;
        shoppers.push((shopper, crate::checkout::order_of(&quote, json!({"promotionCode": "across"}))));
    }
    let sends =
        shoppers.iter().map(|(s, body)| s.send(reqwest::Method::POST, "/api/orders", Some(body.clone())));
    let statuses: Vec<u16> =
        futures_util::future::join_all(sends).await.iter().map(|r| r.status().as_u16()).collect();
    assert_eq!(statuses.iter().filter(|s| **s == 201).count(), 5, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == 409).count(), 25, "{statuses:?}");
    assert_eq!(one.sql_number("SELECT uses FROM promotions WHERE code = 'ACROSS'").await, 5);
    assert_eq!(one.sql_number("SELECT count(*) FROM orders WHERE promotion_code = 'ACROSS'").await, 5);
}
