//! Two writers at once: whichever request the server takes first, the rules hold.
//!
//! Each test sends its rival requests together (`tokio::join!`, so each goes out on its
//! own connection and both are in flight at once), for a few rounds, and then checks
//! what the shoppers see.

use std::future::Future;

use reqwest::{Method, Response};
use serde_json::{Value, json};

use crate::helpers::{
    TestApp, assert_error_shape, browser, in_stock, json_body, new_shopper, spawn_app, spawn_app_with,
};
use crate::reviews::{mean_of_reviews, rating_of};

/// Rounds of each race: each round is a fresh chance for the other request to win.
const ROUNDS: usize = 3;

/// Sends two requests at once and answers in the order given. The one sent first
/// tends to be served first, so they take turns: `a` leads in even rounds, `b` in odd.
async fn at_once<A: Future, B: Future>(round: usize, a: A, b: B) -> (A::Output, B::Output) {
    if round.is_multiple_of(2) {
        tokio::join!(a, b)
    } else {
        let (b, a) = tokio::join!(b, a);
        (a, b)
    }
}

/// A status and its JSON body.
async fn answer(res: Response) -> (u16, Value) {
    let status = res.status().as_u16();
    (status, json_body(res).await)
}

/// Two answers in status order.
fn by_status(a: (u16, Value), b: (u16, Value)) -> [(u16, Value); 2] {
    if a.0 <= b.0 { [a, b] } else { [b, a] }
}

/// The ids of the cart's lines, in cart order.
async fn cart_ids(app: &TestApp) -> Vec<i64> {
    let cart = app.get_json("/api/cart", 200).await;
    cart["Products"].as_array().unwrap().iter().map(|l| l["cartId"].as_i64().unwrap()).collect()
}

/// Adds `n` lines to the cart, one after another.
async fn fill_cart(app: &TestApp, n: i64) {
    for i in 0..n {
        app.post("/api/cart", json!({"productId": in_stock(i)}), 201).await;
    }
}

/// Two browsers send these sign-ups at once: exactly one is created (and signed in),
/// the other is a 409 that names `taken` and signs nobody in. Answers the winning
/// fields and user, then the losing fields.
async fn race_sign_ups(
    app: &TestApp,
    round: usize,
    first: Value,
    second: Value,
    taken: &str,
) -> (Value, Value, Value) {
    let (a, b) = (browser(app), browser(app));
    tokio::join!(a.open(), b.open());
    let (ra, rb) = at_once(
        round,
        a.send(Method::POST, "/api/users", Some(first.clone())),
        b.send(Method::POST, "/api/users", Some(second.clone())),
    )
    .await;
    let ((sa, body_a), (sb, body_b)) = tokio::join!(answer(ra), answer(rb));
    let (winner, fields, body, loser, lost, refusal) = match (sa, sb) {
        (201, 409) => (&a, first, body_a, &b, second, body_b),
        (409, 201) => (&b, second, body_b, &a, first, body_a),
        other => panic!("expected one 201 and one 409, got {other:?}: {body_a} {body_b}"),
    };
    assert_error_shape(&refusal);
    assert_eq!(refusal["errors"], json!([taken]), "{refusal}");
    let user = body["user"].clone();
    assert_eq!(user["username"], fields["username"]);
    assert_eq!(user["email"], fields["email"]);
    assert_eq!(winner.open().await["user"], user, "the winner is signed in");
    assert_eq!(loser.open().await["user"], Value::Null, "the loser is not");
    (fields, user, lost)
}

/// Signs in from a fresh browser; answers the status and the user signed in.
async fn try_sign_in(app: &TestApp, credential: &Value, password: &Value) -> (u16, Value) {
    let visitor = browser(app);
    visitor.open().await;
    let body = json!({"credential": credential, "password": password});
    let (status, body) = answer(visitor.send(Method::POST, "/api/session", Some(body)).await).await;
    (status, body["user"].clone())
}

#[actix_web::test]
async fn two_sign_ups_racing_for_one_username_in_different_cases_make_one_account() {
    // Each round ends in two failed sign-ins from this one address; three rounds are
    // more than the sign-in limit lets through at once, and limits are not the point.
    let app = spawn_app_with(|config| config.rate_limits = None).await;
    for round in 0..ROUNDS {
        let name = format!("Racer{round}");
        let mut first = new_shopper();
        first["username"] = json!(name);
        first["password"] = json!("first-password");
        let mut second = new_shopper();
        second["username"] = json!(name.to_lowercase());
        second["password"] = json!("second-password");

        let (won, user, lost) =
            race_sign_ups(&app, round, first, second, "That username is already taken.").await;
        // Any case of the name signs in the one account, with its own password only.
        assert_eq!(
            try_sign_in(&app, &json!(name.to_uppercase()), &won["password"]).await,
            (200, user.clone())
        );
        assert_eq!(try_sign_in(&app, &won["email"], &won["password"]).await, (200, user));
        assert_eq!(try_sign_in(&app, &lost["username"], &lost["password"]).await, (401, Value::Null));
        assert_eq!(try_sign_in(&app, &lost["email"], &lost["password"]).await, (401, Value::Null));
    }
}

#[actix_web::test]
async fn two_sign_ups_racing_for_one_email_in_different_cases_make_one_account() {
    // As above: the failed sign-ins would soon meet the sign-in limit.
    let app = spawn_app_with(|config| config.rate_limits = None).await;
    for round in 0..ROUNDS {
        let email = format!("Racer{round}@Example.com");
        let mut first = new_shopper();
        first["email"] = json!(email);
        first["password"] = json!("first-password");
        let mut second = new_shopper();
        second["email"] = json!(email.to_lowercase());
        second["password"] = json!("second-password");

        let (won, user, lost) =
            race_sign_ups(&app, round, first, second, "An account with that email already exists.").await;
        assert_eq!(
            try_sign_in(&app, &json!(email.to_uppercase()), &won["password"]).await,
            (200, user.clone())
        );
        assert_eq!(try_sign_in(&app, &won["username"], &won["password"]).await, (200, user));
        assert_eq!(try_sign_in(&app, &json!(email), &lost["password"]).await, (401, Value::Null));
        assert_eq!(try_sign_in(&app, &lost["username"], &lost["password"]).await, (401, Value::Null));
    }
}

#[actix_web::test]
async fn two_adds_at_once_to_a_cart_one_line_short_of_full_add_exactly_one() {
    let app = spawn_app().await;
    app.sign_up().await;
    fill_cart(&app, 49).await;
    for round in 0..ROUNDS {
        let before = cart_ids(&app).await;
        assert_eq!(before.len(), 49);
        let (a, b) = at_once(
            round,
            app.send(Method::POST, "/api/cart", Some(json!({"productId": 51}))),
            app.send(Method::POST, "/api/cart", Some(json!({"productId": 61}))),
        )
        .await;
        let [(added, line), (refused, body)] = by_status(answer(a).await, answer(b).await);
        assert_eq!((added, refused), (201, 409), "{line} {body}");
        assert_error_shape(&body);

        let after = cart_ids(&app).await;
        assert_eq!(after.len(), 50, "the cart is full, not over");
        assert_eq!(after[..49], before[..], "the earlier lines are all kept");
        assert_eq!(after[49], line["cartId"], "the one new line is the one answered");

        // Make room again for the next round.
        app.delete(&format!("/api/cart/{}", line["cartId"]), 200).await;
    }
}

#[actix_web::test]
async fn three_adds_at_once_to_a_cart_two_lines_short_of_full_add_exactly_two() {
    let app = spawn_app().await;
    app.sign_up().await;
    fill_cart(&app, 48).await;
    for _ in 0..ROUNDS {
        let add = |id: i64| app.send(Method::POST, "/api/cart", Some(json!({"productId": id})));
        let (a, b, c) = tokio::join!(add(51), add(61), add(71));
        let mut answers = vec![answer(a).await, answer(b).await, answer(c).await];
        answers.sort_by_key(|(status, _)| *status);
        let statuses: Vec<u16> = answers.iter().map(|(status, _)| *status).collect();
        assert_eq!(statuses, [201, 201, 409], "{answers:?}");
        assert_error_shape(&answers[2].1);

        let after = cart_ids(&app).await;
        assert_eq!(after.len(), 50);
        for (_, line) in &answers[..2] {
            assert!(after.contains(&line["cartId"].as_i64().unwrap()), "{line} is in the cart");
            app.delete(&format!("/api/cart/{}", line["cartId"]), 200).await;
        }
    }
}

#[actix_web::test]
async fn removing_a_cart_line_twice_at_once_removes_it_once() {
    let app = spawn_app().await;
    app.sign_up().await;
    fill_cart(&app, ROUNDS as i64 + 2).await;
    for _ in 0..ROUNDS {
        let before = cart_ids(&app).await;
        let path = format!("/api/cart/{}", before[0]);
        let (a, b) =
            tokio::join!(app.send(Method::DELETE, &path, None), app.send(Method::DELETE, &path, None));
        let [(removed, body), (missing, again)] = by_status(answer(a).await, answer(b).await);
        assert_eq!((removed, missing), (200, 404), "{body} {again}");
        assert_eq!(body, json!({"message": "Successfully deleted", "id": before[0]}));
        assert_error_shape(&again);
        assert_eq!(cart_ids(&app).await, before[1..], "exactly that line is gone");
    }
}

#[actix_web::test]
async fn another_shopper_racing_the_owner_to_remove_a_line_never_removes_it() {
    let app = spawn_app().await;
    app.sign_up().await;
    let thief = browser(&app);
    thief.sign_up().await;
    thief.post("/api/cart", json!({"productId": 51}), 201).await;
    let thiefs_cart = thief.get_json("/api/cart", 200).await;
    fill_cart(&app, ROUNDS as i64 + 2).await;
    for round in 0..ROUNDS {
        let before = cart_ids(&app).await;
        let path = format!("/api/cart/{}", before[0]);
        let (own, other) =
            at_once(round, app.send(Method::DELETE, &path, None), thief.send(Method::DELETE, &path, None))
                .await;
        let ((own, body), (other, refusal)) = tokio::join!(answer(own), answer(other));
        assert_eq!(own, 200, "the owner removes the line: {body}");
        assert!(other == 403 || other == 404, "the other shopper gets 403 or 404, not {other}: {refusal}");
        assert_error_shape(&refusal);
        assert_eq!(cart_ids(&app).await, before[1..], "exactly that line is gone");
    }
    assert_eq!(thief.get_json("/api/cart", 200).await, thiefs_cart, "their own cart is untouched");
}

#[actix_web::test]
async fn reviewing_a_product_twice_at_once_makes_one_review_and_counts_it_once() {
    let app = spawn_app().await;
    app.sign_up().await;
    let description = "Sent twice by a double click on Submit.";
    let mut mine = Vec::new();
    for (round, product) in [51, 61, 1].into_iter().enumerate() {
        let (count, _) = rating_of(&app, product).await;
        let path = format!("/api/products/{product}/reviews");
        let one_star = json!({"rating": 1, "title": "One star", "description": description});
        let five_stars = json!({"rating": 5, "title": "Five stars", "description": description});
        let (a, b) = at_once(
            round,
            app.send(Method::POST, &path, Some(one_star)),
            app.send(Method::POST, &path, Some(five_stars)),
        )
        .await;
        let [(created, review), (refused, body)] = by_status(answer(a).await, answer(b).await);
        assert_eq!((created, refused), (201, 409), "{review} {body}");
        assert_error_shape(&body);
        mine.insert(0, review.clone());

        let after = rating_of(&app, product).await;
        assert_eq!(after.0, count + 1, "one more review of product {product}");
        assert_eq!(after, mean_of_reviews(&app, product).await, "the rating is the mean of the reviews");
        let listed = app.get_json(&path, 200).await;
        let ours: Vec<&Value> = listed["Reviews"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| r["userId"] == review["userId"])
            .collect();
        assert_eq!(ours, [&review], "the product lists the one review that was answered");
    }
    assert_eq!(app.get_json("/api/reviews/current", 200).await, json!({"Reviews": mine}));
}

#[actix_web::test]
async fn favoriting_a_product_twice_at_once_answers_one_favorite() {
    let app = spawn_app().await;
    app.sign_up().await;
    let mut favorites = Vec::new();
    for product in [51, 61, 1] {
        let body = json!({"productId": product});
        let (a, b) = tokio::join!(
            app.send(Method::POST, "/api/favorites", Some(body.clone())),
            app.send(Method::POST, "/api/favorites", Some(body)),
        );
        let ((sa, first), (sb, second)) = tokio::join!(answer(a), answer(b));
        assert_eq!((sa, sb), (200, 200), "{first} {second}");
        assert_eq!(first["favoriteId"], second["favoriteId"], "the same favorite");
        assert_eq!(first, second);
        favorites.insert(0, first);
        assert_eq!(app.get_json("/api/favorites", 200).await, json!({"Products": favorites}), "listed once");
    }
}

#[actix_web::test]
async fn checking_out_twice_at_once_places_one_order() {
    let app = spawn_app().await;
    app.sign_up().await;
    let mut orders = Vec::new();
    for products in [[51, 61], [1, 2], [98, 98]] {
        for id in products {
            app.post("/api/cart", json!({"productId": id}), 201).await;
        }
        let cart = app.get_json("/api/cart", 200).await;
        let body = json!({"total": cart["total"], "products": cart["Products"]});
        let (a, b) = tokio::join!(
            app.send(Method::POST, "/api/orders", Some(body.clone())),
            app.send(Method::POST, "/api/orders", Some(body)),
        );
        let [(placed, order), (refused, refusal)] = by_status(answer(a).await, answer(b).await);
        assert_eq!(placed, 201, "{order} {refusal}");
        assert!(refused == 400 || refused == 409, "the other finds the cart empty or changed: {refused}");
        assert_error_shape(&refusal);
        let ids: Vec<i64> =
            order["Products"].as_array().unwrap().iter().map(|p| p["id"].as_i64().unwrap()).collect();
        assert_eq!(ids, products, "the order holds the cart's lines");
        assert_eq!(order["total"], cart["total"]);
        orders.insert(0, order);

        assert_eq!(app.get_json("/api/orders", 200).await, json!({"Orders": orders}), "one new order");
        assert_eq!(app.get_json("/api/cart", 200).await["Products"], json!([]), "the cart is empty");
    }
}

#[actix_web::test]
async fn removing_a_cart_line_while_checking_out_either_removes_it_or_orders_it() {
    let app = spawn_app().await;
    app.sign_up().await;
    let mut orders = 0;
    for round in 0..ROUNDS * 2 {
        // A long cart keeps the checkout writing its lines for a while: the removal
        // lands before, during or after it.
        fill_cart(&app, 40).await;
        let cart = app.get_json("/api/cart", 200).await;
        let body = json!({"total": cart["total"], "products": cart["Products"]});
        let ids = cart_ids(&app).await;
        let last = *ids.last().unwrap();
        let (removal, order) = at_once(
            round,
            app.send(Method::DELETE, &format!("/api/cart/{last}"), None),
            app.send(Method::POST, "/api/orders", Some(body)),
        )
        .await;
        let ((removal, removed), (order, placed)) = tokio::join!(answer(removal), answer(order));
        match (removal, order) {
            (200, 400 | 409) => {
                assert_error_shape(&placed);
                assert_eq!(cart_ids(&app).await, ids[..ids.len() - 1], "the order changed nothing");
            }
            (404, 201) => {
                assert_error_shape(&removed);
                assert_eq!(
                    placed["Products"].as_array().unwrap().len(),
                    40,
                    "the line was ordered: {placed}"
                );
                assert_eq!(cart_ids(&app).await, Vec::<i64>::new());
                orders += 1;
            }
            other => panic!("a line answered as removed is never ordered: {other:?} {removed} {placed}"),
        }
        let listed = app.get_json("/api/orders", 200).await;
        assert_eq!(listed["Orders"].as_array().unwrap().len(), orders, "one order at most a round");
        for id in cart_ids(&app).await {
            app.delete(&format!("/api/cart/{id}"), 200).await;
        }
    }
}
