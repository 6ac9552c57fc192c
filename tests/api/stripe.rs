//! Paying by card with Stripe (docs/rules.md#paying-with-stripe), against the local fake
//! of Stripe's API that the tests start (`tools/fake-stripe`): the intent the browser
//! confirms, the order placed once whoever brings the news (the browser, the webhook, both
//! at once, again), a declined card that changes nothing, the webhook's signature and
//! replays, and a refund paid back through Stripe.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};

use futures_util::future::join_all;
use serde_json::{Value, json};

use crate::back_office::with_role;
use crate::checkout::{cents, order_of, shopper};
use crate::helpers::{TestApp, assert_error_shape, same_browser_at, spawn_app_with, spawn_on_with};
use market::config::StripeKeys;
use market::domain::Timestamp;
use market::domain::payments::webhook_signature::sign;

const WEBHOOK_SECRET: &str = "whsec_fake";

/// The fake Stripe, stopped when dropped.
struct FakeStripe {
    child: Child,
    url: String,
    http: reqwest::Client,
}

impl Drop for FakeStripe {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl FakeStripe {
    fn start() -> FakeStripe {
        let mut child = Command::new(env!("CARGO_BIN_EXE_fake-stripe"))
            .args(["--addr", "127.0.0.1:0"])
            .stdout(Stdio::piped())
            .spawn()
            .expect("the fake Stripe starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        let url = line.trim().strip_prefix("fake-stripe listening on ").expect("its address").to_owned();
        FakeStripe { child, url, http: reqwest::Client::new() }
    }

    fn keys(&self) -> StripeKeys {
        StripeKeys {
            api_base: self.url.clone(),
            js_url: format!("{}/v3/", self.url),
            ..StripeKeys::new("sk_test_fake", "pk_test_fake", WEBHOOK_SECRET)
        }
    }

    /// Has the fake send its events to `app`'s webhook, as a registered endpoint.
    async fn send_events_to(&self, app: &TestApp) {
        let url = app.url("/api/payments/stripe/webhook");
        let res = self.http.post(format!("{}/v1/webhook_endpoints", self.url)).bearer_auth("sk_test_fake");
        assert!(res.form(&[("url", url)]).send().await.unwrap().status().is_success());
    }

    /// What Stripe.js does in the shopper's browser: confirms the intent with the card.
    async fn confirm(&self, intent: &Value, number: &str) -> u16 {
        let id = intent["paymentIntentId"].as_str().unwrap();
        let form = [
            ("client_secret", intent["clientSecret"].as_str().unwrap()),
            ("payment_method_data[type]", "card"),
            ("payment_method_data[card][number]", number),
            ("payment_method_data[card][exp_month]", "12"),
            ("payment_method_data[card][exp_year]", "2034"),
            ("payment_method_data[card][cvc]", "123"),
        ];
        let url = format!("{}/v1/payment_intents/{id}/confirm", self.url);
        self.http.post(url).bearer_auth("pk_test_fake").form(&form).send().await.unwrap().status().as_u16()
    }

    /// How often the intent's money was taken, and how much was paid back.
    async fn book(&self, intent_id: &str) -> Value {
        let url = format!("{}/_fake/intents/{intent_id}", self.url);
        let book: Value = self.http.get(url).send().await.unwrap().json().await.unwrap();
        json!({"status": book["status"], "captures": book["captures"], "refunded": book["refunded"]})
    }
}

async fn store(fake: &FakeStripe) -> TestApp {
    let keys = fake.keys();
    spawn_app_with(move |config| config.stripe = Some(keys)).await
}

/// Fills the cart with `products`; answers the order body for paying it by card.
async fn card_checkout(shopper: &TestApp, products: &[i64]) -> Value {
    for id in products {
        shopper.post("/api/cart", json!({"productId": id}), 201).await;
    }
    let quote = shopper.post("/api/checkout/quote", json!({"payment": {"method": "card"}}), 200).await;
    order_of(&quote, json!({"payment": {"method": "card"}}))
}

fn paid_with(body: &Value, intent: &Value) -> Value {
    let mut body = body.clone();
    body["payment"]["paymentIntentId"] = intent["paymentIntentId"].clone();
    body
}

/// A webhook's event about `intent_id`, signed `at` (unix seconds) with `secret`.
fn event(event_id: &str, intent_id: &str) -> String {
    json!({"id": event_id, "object": "event", "type": "payment_intent.amount_capturable_updated",
           "data": {"object": {"id": intent_id, "object": "payment_intent", "status": "requires_capture"}}})
    .to_string()
}

async fn send_webhook(app: &TestApp, body: &str, signature: Option<String>) -> (u16, Value) {
    let mut req = app.client.post(app.url("/api/payments/stripe/webhook")).body(body.to_owned());
    if let Some(signature) = signature {
        req = req.header("Stripe-Signature", signature);
    }
    let res = req.header("Content-Type", "application/json").send().await.unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

fn signed(body: &str, secret: &str, at: i64) -> Option<String> {
    Some(format!("t={at},v1={}", sign(secret, at, body.as_bytes())))
}

fn now() -> i64 {
    Timestamp::now().millis() / 1000
}

#[actix_web::test]
async fn a_card_paid_in_stripe_s_element_places_one_order_captured_once() {
    let fake = FakeStripe::start();
    let app = store(&fake).await;
    let methods = app.get_json("/api/payment-methods", 200).await;
    assert_eq!(
        methods["PaymentMethods"][1]["stripe"],
        json!({"publishableKey": "pk_test_fake", "jsUrl": format!("{}/v3/", fake.url)})
    );
    assert_eq!(methods["PaymentMethods"][0].get("stripe"), None, "the RedCard is the store's own");
    let policy = app.get("/").await.headers()["content-security-policy"].to_str().unwrap().to_owned();
    assert!(policy.contains(&format!("script-src 'self' {}", fake.url)), "{policy}");
    assert!(policy.contains(&format!("frame-src {}", fake.url)), "{policy}");

    let shopper = shopper(&app).await;
    let body = card_checkout(&shopper, &[51, 61]).await;
    let intent = shopper.post("/api/payments/stripe/intents", body.clone(), 201).await;
    assert_eq!(intent["amount"], body["total"], "the intent holds the cart's total");
    assert!(
        intent["clientSecret"].as_str().unwrap().starts_with(intent["paymentIntentId"].as_str().unwrap())
    );
    // Not yet confirmed: no order, the cart kept.
    let unpaid = shopper.post("/api/orders", paid_with(&body, &intent), 402).await;
    assert_eq!(assert_error_shape(&unpaid), "Your card payment was not completed. Please try again.");
    assert_eq!(shopper.get_json("/api/orders", 200).await["Orders"], json!([]));

    assert_eq!(fake.confirm(&intent, "4242424242424242").await, 200);
    let order = shopper.post("/api/orders", paid_with(&body, &intent), 201).await;
    assert_eq!(
        json!([
            order["payment"]["method"],
            order["payment"]["brand"],
            order["payment"]["last4"],
            order["payment"]["status"]
        ]),
        json!(["card", "Visa", "4242", "paid"])
    );
    assert_eq!(order["total"], body["total"]);
    assert_eq!(shopper.get_json("/api/cart", 200).await["Products"], json!([]), "the cart is ordered");
    // Again: the same order, nothing more taken.
    let again = shopper.post("/api/orders", paid_with(&body, &intent), 201).await;
    assert_eq!(again["id"], order["id"]);
    let id = intent["paymentIntentId"].as_str().unwrap();
    assert_eq!(fake.book(id).await, json!({"status": "succeeded", "captures": 1, "refunded": 0}));
    assert_eq!(app.sql("SELECT count(*) FROM stripe_checkouts WHERE closed_at IS NULL").await, [0]);

    // Another shopper cannot take it.
    let other = crate::checkout::shopper(&app).await;
    let taken = other.post("/api/orders", paid_with(&body, &intent), 404).await;
    assert_error_shape(&taken);

    // A card number sent to this store is refused: Stripe's element takes it.
    let typed = json!({"method": "card", "card": {"number": "4242 4242 4242 4242", "expMonth": 12, "expYear": 2034, "cvc": "123"}});
    let body = card_checkout(&other, &[51]).await;
    let refused = other
        .post(
            "/api/orders",
            json!({"total": body["total"], "products": body["products"], "payment": typed}),
            400,
        )
        .await;
    assert!(assert_error_shape(&refused).contains("card form"), "{refused}");
}

#[actix_web::test]
async fn a_declined_card_is_a_402_that_says_why_and_changes_nothing() {
    let fake = FakeStripe::start();
    let app = store(&fake).await;
    let shopper = shopper(&app).await;
    let body = card_checkout(&shopper, &[51]).await;
    let cart = shopper.get_json("/api/cart", 200).await;
    let stock = app.sql("SELECT stock FROM products WHERE id = 51").await;
    let intent = shopper.post("/api/payments/stripe/intents", body.clone(), 201).await;
    assert_eq!(fake.confirm(&intent, "4000000000000002").await, 402);
    let declined = shopper.post("/api/orders", paid_with(&body, &intent), 402).await;
    assert_eq!(assert_error_shape(&declined), "Your card was declined.");
    assert_eq!(shopper.get_json("/api/cart", 200).await, cart);
    assert_eq!(shopper.get_json("/api/orders", 200).await["Orders"], json!([]));
    assert_eq!(app.sql("SELECT stock FROM products WHERE id = 51").await, stock);

    // The shopper tries again with a card that pays, in the same intent, as Stripe allows.
    assert_eq!(fake.confirm(&intent, "4000000000009995").await, 402);
    let poor = shopper.post("/api/orders", paid_with(&body, &intent), 402).await;
    assert_eq!(assert_error_shape(&poor), "Your card has insufficient funds.");
    assert_eq!(fake.confirm(&intent, "4242424242424242").await, 200);
    shopper.post("/api/orders", paid_with(&body, &intent), 201).await;

    // Paid, but the cart changed before the order: a 409, the hold released, and the
    // webhook that follows orders nothing.
    let body = card_checkout(&shopper, &[51]).await;
    let intent = shopper.post("/api/payments/stripe/intents", body.clone(), 201).await;
    assert_eq!(fake.confirm(&intent, "4242424242424242").await, 200);
    shopper.post("/api/cart", json!({"productId": 61}), 201).await;
    shopper.post("/api/orders", paid_with(&body, &intent), 409).await;
    let intent_id = intent["paymentIntentId"].as_str().unwrap();
    assert_eq!(fake.book(intent_id).await["status"], "canceled");
    let news = event("evt_after_409", intent_id);
    let (status, _) = send_webhook(&app, &news, signed(&news, WEBHOOK_SECRET, now())).await;
    assert_eq!(status, 200);
    let orders = shopper.get_json("/api/orders", 200).await;
    assert_eq!(orders["Orders"].as_array().unwrap().len(), 1, "only the order paid before");
    assert_eq!(fake.book(intent_id).await["captures"], 0);

    // A stale cart makes no intent.
    let body = card_checkout(&shopper, &[51]).await;
    let mut stale = body.clone();
    stale["total"] = json!(1.0);
    let refused = shopper.post("/api/payments/stripe/intents", stale, 409).await;
    assert_eq!(
        refused["errors"][0],
        format!("The current total is ${:.2}.", cents(&body["total"]) as f64 / 100.0)
    );
}

#[actix_web::test]
async fn a_webhook_must_be_signed_recently_with_the_secret_and_a_replay_changes_nothing() {
    let fake = FakeStripe::start();
    let app = store(&fake).await;
    let shopper = shopper(&app).await;
    let body = card_checkout(&shopper, &[51]).await;
    let intent = shopper.post("/api/payments/stripe/intents", body.clone(), 201).await;
    let intent_id = intent["paymentIntentId"].as_str().unwrap();
    assert_eq!(fake.confirm(&intent, "4242424242424242").await, 200);

    let news = event("evt_1", intent_id);
    for (signature, why) in [
        (None, "missing"),
        (signed(&news, "whsec_other", now()), "another secret"),
        (signed(&news, WEBHOOK_SECRET, now() - 301), "too old"),
        (Some("t=1,v1=zz".into()), "garbled"),
    ] {
        let (status, answer) = send_webhook(&app, &news, signature).await;
        assert_eq!(status, 400, "{why}: {answer}");
        assert_error_shape(&answer);
    }
    assert_eq!(shopper.get_json("/api/orders", 200).await["Orders"], json!([]), "nothing ordered");
    let (status, _) =
        send_webhook(&app, &news.replace("evt_1", "evt_2"), signed(&news, WEBHOOK_SECRET, now())).await;
    assert_eq!(status, 400, "the signature covers the body");

    // Signed: the webhook alone places the order (the shopper's browser was closed).
    let (status, answer) = send_webhook(&app, &news, signed(&news, WEBHOOK_SECRET, now())).await;
    assert_eq!((status, answer), (200, json!({"received": true})));
    let orders = shopper.get_json("/api/orders", 200).await["Orders"].clone();
    assert_eq!(orders.as_array().unwrap().len(), 1);
    assert_eq!(orders[0]["payment"]["status"], "paid");
    // The same event again: 200, and nothing more.
    let (status, _) = send_webhook(&app, &news, signed(&news, WEBHOOK_SECRET, now())).await;
    assert_eq!(status, 200);
    assert_eq!(shopper.get_json("/api/orders", 200).await["Orders"], orders);
    assert_eq!(fake.book(intent_id).await["captures"], 1);
    // The browser comes back: the same order.
    let order = shopper.post("/api/orders", paid_with(&body, &intent), 201).await;
    assert_eq!(order["id"], orders[0]["id"]);
    // An intent this store never made: taken, and nothing done.
    let stranger = event("evt_3", "pi_somebody_else");
    let (status, _) = send_webhook(&app, &stranger, signed(&stranger, WEBHOOK_SECRET, now())).await;
    assert_eq!(status, 200);
    assert_eq!(app.sql("SELECT count(*) FROM stripe_events").await, [2]);
}

#[actix_web::test]
async fn the_browser_and_the_webhook_racing_fifty_times_make_one_order_and_one_capture_each() {
    let fake = FakeStripe::start();
    let app = store(&fake).await;
    fake.send_events_to(&app).await;
    let shopper = shopper(&app).await;
    for round in 1..=50 {
        let body = card_checkout(&shopper, &[51]).await;
        let intent = shopper.post("/api/payments/stripe/intents", body.clone(), 201).await;
        let intent_id = intent["paymentIntentId"].as_str().unwrap().to_owned();
        // The fake sends its webhook as the confirmation answers; the browser, twice
        // (a double click), and a second delivery of the news race it.
        let news = event(&format!("evt_again_{round}"), &intent_id);
        let confirmed = fake.confirm(&intent, "4242424242424242");
        assert_eq!(confirmed.await, 200);
        let order = || shopper.send(reqwest::Method::POST, "/api/orders", Some(paid_with(&body, &intent)));
        let (answers, (webhook, _)) = futures_util::join!(
            join_all([order(), order()]),
            send_webhook(&app, &news, signed(&news, WEBHOOK_SECRET, now()))
        );
        assert_eq!(webhook, 200, "round {round}");
        let mut ids = Vec::new();
        for answer in answers {
            assert_eq!(answer.status().as_u16(), 201, "round {round}");
            ids.push(answer.json::<Value>().await.unwrap()["id"].clone());
        }
        assert_eq!(ids[0], ids[1], "round {round}: one order");
        let orders = shopper.get_json("/api/orders", 200).await;
        assert_eq!(orders["Orders"].as_array().unwrap().len(), round, "round {round}: one order more");
        let book = fake.book(&intent_id).await;
        assert_eq!(book["captures"], 1, "round {round}: {book}");
    }
    let payments =
        app.sql("SELECT count(*) FROM payments WHERE provider = 'stripe' AND status = 'paid'").await;
    assert_eq!(payments, [50]);
}

#[actix_web::test]
async fn staff_refund_part_of_a_stripe_order_and_stripe_pays_it_back() {
    let fake = FakeStripe::start();
    let app = store(&fake).await;
    let staff = with_role(&app, "staff").await;
    let shopper = shopper(&app).await;
    let body = card_checkout(&shopper, &[51, 61]).await;
    let intent = shopper.post("/api/payments/stripe/intents", body.clone(), 201).await;
    assert_eq!(fake.confirm(&intent, "5555555555554444").await, 200);
    let order = shopper.post("/api/orders", paid_with(&body, &intent), 201).await;
    assert_eq!(order["payment"]["brand"], "Mastercard");
    let path = format!("/api/admin/orders/{}/refunds", order["id"]);
    let res = staff
        .client
        .post(staff.url(&path))
        .header("XSRF-Token", staff.cookie("XSRF-TOKEN").unwrap())
        .header("Idempotency-Key", "stripe-refund-1")
        .json(&json!({"amount": 5, "reason": "Late", "restock": []}))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 201);
    let intent_id = intent["paymentIntentId"].as_str().unwrap();
    let book = fake.book(intent_id).await;
    assert_eq!(book, json!({"status": "succeeded", "captures": 1, "refunded": 500}));
    let seen = shopper.get_json("/api/orders", 200).await["Orders"][0]["payment"].clone();
    assert_eq!(seen["status"], "partially_refunded");
    assert_eq!(cents(&seen["refunded"]), 500);
}

#[actix_web::test]
async fn a_checkout_left_open_is_finished_by_the_next_server_that_starts() {
    let fake = FakeStripe::start();
    let app = store(&fake).await;
    let shopper = shopper(&app).await;
    // Paid, and then the browser closed, with no webhook registered to tell the store.
    let body = card_checkout(&shopper, &[51]).await;
    let paid = shopper.post("/api/payments/stripe/intents", body.clone(), 201).await;
    assert_eq!(fake.confirm(&paid, "4242424242424242").await, 200);
    // Begun and never paid: the shopper left.
    let left = shopper.post("/api/payments/stripe/intents", body.clone(), 201).await;
    assert_eq!(shopper.get_json("/api/orders", 200).await["Orders"], json!([]));

    // The next server to start (here, beside the first) finishes both at once.
    let mut keys = fake.keys();
    keys.open_for = std::time::Duration::ZERO;
    let next = spawn_on_with(&app.data_dir, move |config| config.stripe = Some(keys)).await;
    let shopper = same_browser_at(&shopper, &next);
    let orders = shopper
        .get_json_within_a_second("/api/orders", |o| o["Orders"].as_array().is_some_and(|a| !a.is_empty()))
        .await;
    assert_eq!(orders["Orders"].as_array().unwrap().len(), 1);
    assert_eq!(orders["Orders"][0]["total"], body["total"]);
    let paid_id = paid["paymentIntentId"].as_str().unwrap();
    let left_id = left["paymentIntentId"].as_str().unwrap();
    for _ in 0..50 {
        let open = app.sql("SELECT count(*) FROM stripe_checkouts WHERE closed_at IS NULL").await;
        if fake.book(left_id).await["status"] == "canceled" && open == [0] {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!(fake.book(paid_id).await, json!({"status": "succeeded", "captures": 1, "refunded": 0}));
    assert_eq!(fake.book(left_id).await["status"], "canceled", "the hold of a checkout left is released");
    assert_eq!(app.sql("SELECT count(*) FROM stripe_checkouts WHERE closed_at IS NULL").await, [0]);
}
