//! Paying for an order (docs/rules.md#payments), with the offline `test` provider: the
//! ways to pay, Stripe's published test cards, the field rules of a card, a refusal that
//! changes nothing, exactly one capture, the settler finishing what a stopped store left,
//! a cancel paying back, and a card number that is never kept.

use serde_json::{Value, json};

use crate::back_office::{patch, with_role};
use crate::checkout::{order_of, promotion, shopper};
use crate::helpers::{TestApp, assert_error_shape, spawn_app};

const APPROVED: &str = "4242 4242 4242 4242";

fn card(number: &str) -> Value {
    json!({"number": number, "expMonth": 12, "expYear": 2034, "cvc": "123"})
}

fn paying(number: &str) -> Value {
    json!({"payment": {"method": "card", "card": card(number)}})
}

/// Fills the shopper's cart with products 51 and 61 and answers the quote for paying by card.
async fn card_quote(shopper: &TestApp) -> Value {
    for id in [51, 61] {
        shopper.post("/api/cart", json!({"productId": id}), 201).await;
    }
    shopper.post("/api/checkout/quote", json!({"payment": {"method": "card"}}), 200).await
}

/// The order body for `quote`, paid with card `number`.
fn card_order(quote: &Value, number: &str) -> Value {
    order_of(quote, paying(number))
}

/// How an order says it was paid, and where its payment stands.
fn how_paid(order: &Value) -> Value {
    let p = &order["payment"];
    json!({"method": p["method"], "brand": p["brand"], "last4": p["last4"], "status": p["status"]})
}

/// What a refusal must leave as it was: the shopper's cart and orders, the stock of the
/// cart's products, the codes' uses, and every payment and charge.
async fn everything(app: &TestApp, shopper: &TestApp) -> Value {
    json!({
        "cart": shopper.get_json("/api/cart", 200).await,
        "orders": shopper.get_json("/api/orders", 200).await,
        "stock": app.sql("SELECT stock FROM products WHERE id IN (51, 61) ORDER BY id").await,
        "uses": app.sql("SELECT coalesce(sum(uses), 0) FROM promotions").await,
        "payments": app.sql("SELECT count(*) FROM payments").await,
        "held": app.sql("SELECT count(*) FROM test_provider_charges WHERE status <> 'voided'").await,
    })
}

#[actix_web::test]
async fn the_redcard_is_the_default_way_to_pay_and_the_only_one_with_a_discount() {
    let app = spawn_app().await;
    let methods = app.get_json("/api/payment-methods", 200).await;
    assert_eq!(
        methods,
        json!({"PaymentMethods": [
            {"id": "redcard", "label": "RedCard debit ending in 4821", "discountPercent": 5},
            {"id": "card", "label": "Credit or debit card"}
        ]})
    );

    let shopper = shopper(&app).await;
    let by_card = card_quote(&shopper).await;
    let by_redcard = shopper.post("/api/checkout/quote", json!({}), 200).await;
    assert_eq!(by_redcard["paymentMethod"], "redcard");
    assert_eq!(by_card["paymentMethod"], "card");
    assert_eq!(by_redcard["discounts"][0]["label"], "RedCard 5% Discount");
    assert_eq!(by_card["discounts"], json!([]), "a card earns nothing");
    assert_eq!(by_card["total"], by_card["subtotal"]);

    // The spec's order body pays with the RedCard, as it always did.
    let order = shopper
        .post("/api/orders", json!({"total": by_redcard["total"], "products": by_redcard["lines"]}), 201)
        .await;
    assert_eq!(
        how_paid(&order),
        json!({"method": "redcard", "brand": "RedCard", "last4": "4821", "status": "paid"})
    );
    assert_eq!(order["total"], by_redcard["total"]);
    let captured = app.sql("SELECT count(*) FROM test_provider_charges WHERE status = 'captured'").await;
    assert_eq!(captured, [1], "one charge, captured");
}

#[actix_web::test]
async fn a_test_card_pays_in_full_and_the_order_keeps_only_its_brand_and_last_four_digits() {
    let app = spawn_app().await;
    let shopper = shopper(&app).await;
    let quote = card_quote(&shopper).await;
    let order = shopper.post("/api/orders", card_order(&quote, APPROVED), 201).await;
    assert_eq!(
        how_paid(&order),
        json!({"method": "card", "brand": "Visa", "last4": "4242", "status": "paid"})
    );
    assert_eq!(order["total"], quote["total"]);
    assert_eq!(order["discounts"], json!([]));
    let history = shopper.get_json("/api/orders", 200).await;
    assert_eq!(history["Orders"][0]["payment"], order["payment"]);
    let total = crate::checkout::cents(&order["total"]);
    assert_eq!(
        app.sql("SELECT captured_cents FROM test_provider_charges WHERE status = 'captured'").await,
        [total],
        "the provider took the order's total, once"
    );
    // An American Express card, with its four-digit code.
    shopper.post("/api/cart", json!({"productId": 51}), 201).await;
    let quote = shopper.post("/api/checkout/quote", json!({"payment": {"method": "card"}}), 200).await;
    let mut amex = card_order(&quote, "3782 822463 10005");
    amex["payment"]["card"]["cvc"] = json!("1234");
    let order = shopper.post("/api/orders", amex, 201).await;
    assert_eq!(order["payment"]["brand"], "American Express");
    assert_eq!(order["payment"]["last4"], "0005");
}

#[actix_web::test]
async fn each_declining_test_card_is_a_402_that_says_why_and_changes_nothing() {
    let app = spawn_app().await;
    promotion(&app, "PAY10", "percent", 10, None).await;
    let shopper = shopper(&app).await;
    for id in [51, 61] {
        shopper.post("/api/cart", json!({"productId": id}), 201).await;
    }
    let choice = json!({"promotionCode": "PAY10", "payment": {"method": "card"}});
    let quote = shopper.post("/api/checkout/quote", choice.clone(), 200).await;
    let before = everything(&app, &shopper).await;
    for (number, message) in [
        ("4000 0000 0000 0002", "Your card was declined."),
        ("4000000000009995", "Your card has insufficient funds."),
        ("4000-0000-0000-0069", "Your card has expired."),
    ] {
        let mut body = order_of(&quote, choice.clone());
        body["payment"]["card"] = card(number);
        let refused = shopper.post("/api/orders", body, 402).await;
        assert_error_shape(&refused);
        assert_eq!(refused["message"], message);
        assert_eq!(refused["errors"], json!([message]));
        assert_eq!(everything(&app, &shopper).await, before, "{number} changed nothing");
    }
    // The same cart and code then go through with a card that pays.
    let mut body = order_of(&quote, choice);
    body["payment"]["card"] = card(APPROVED);
    let order = shopper.post("/api/orders", body, 201).await;
    assert_eq!(order["promotionCode"], "PAY10");
}

#[actix_web::test]
async fn a_card_that_breaks_a_rule_is_a_400_naming_each_field_and_nothing_is_held() {
    let app = spawn_app().await;
    let shopper = shopper(&app).await;
    let quote = card_quote(&shopper).await;
    let before = everything(&app, &shopper).await;
    let lines = |body: &Value| -> Vec<String> {
        assert_error_shape(body);
        body["errors"].as_array().unwrap().iter().map(|e| e.as_str().unwrap().to_owned()).collect()
    };
    let cases = [
        (
            json!({"number": "4242 4242 4242 4241", "expMonth": 12, "expYear": 2034, "cvc": "123"}),
            vec!["Please check the card number."],
        ),
        (
            json!({"number": APPROVED, "expMonth": 1, "expYear": 2020, "cvc": "123"}),
            vec!["This card's expiry date has passed."],
        ),
        (
            json!({"number": APPROVED, "expMonth": 13, "expYear": 2034, "cvc": "123"}),
            vec!["Please enter the expiry month, 1 to 12."],
        ),
        (
            json!({"number": APPROVED, "expMonth": 12, "expYear": 2034}),
            vec!["Please enter the card's security code (CVC)."],
        ),
        (
            json!({}),
            vec![
                "Please enter the card number.",
                "Please enter the expiry month, 1 to 12.",
                "Please enter the card's security code (CVC).",
            ],
        ),
    ];
    for (card, expected) in cases {
        let mut body = order_of(&quote, json!({"payment": {"method": "card"}}));
        body["payment"]["card"] = card.clone();
        let refused = shopper.post("/api/orders", body, 400).await;
        assert_eq!(lines(&refused), expected, "{card}");
    }
    // No card at all is the same as an empty one.
    let refused =
        shopper.post("/api/orders", order_of(&quote, json!({"payment": {"method": "card"}})), 400).await;
    assert_eq!(lines(&refused)[0], "Please enter the card number.");
    assert_eq!(everything(&app, &shopper).await, before);
    // A way to pay the store does not offer.
    let body = order_of(&quote, json!({"payment": {"method": "cash"}}));
    shopper.post("/api/orders", body, 400).await;
    // A quote prices only the method, but a card or an intent id it carries out of shape
    // is refused as the order would refuse it.
    let long_number = json!({"payment": {"method": "card", "card": card(&"4".repeat(24))}});
    let refused = shopper.post("/api/checkout/quote", long_number, 400).await;
    assert_eq!(lines(&refused), ["Please check the card number."]);
    let long_intent = json!({"payment": {"method": "card", "paymentIntentId": "p".repeat(256)}});
    let refused = shopper.post("/api/checkout/quote", long_intent, 400).await;
    assert_eq!(lines(&refused), ["That payment isn't one this store made."]);
    assert_eq!(everything(&app, &shopper).await, before);
}

#[actix_web::test]
async fn an_order_the_store_refuses_after_the_card_was_held_releases_the_hold() {
    let app = spawn_app().await;
    let shopper = shopper(&app).await;
    let quote = card_quote(&shopper).await;
    // The cart changed after the quote: the total no longer matches.
    shopper.post("/api/cart", json!({"productId": 53}), 201).await;
    shopper.post("/api/orders", card_order(&quote, APPROVED), 409).await;
    assert_eq!(app.sql("SELECT count(*) FROM payments").await, [0]);
    assert_eq!(
        app.sql("SELECT count(*) FROM test_provider_charges WHERE status <> 'voided'").await,
        [0],
        "the hold was released"
    );
}

#[actix_web::test]
async fn one_key_sent_again_and_again_pays_once() {
    let app = spawn_app().await;
    let shopper = shopper(&app).await;
    let quote = card_quote(&shopper).await;
    let body = card_order(&quote, APPROVED);
    let sends = (0..5).map(|_| {
        let request = shopper.client.post(shopper.url("/api/orders")).header("Idempotency-Key", "pay-once");
        let token = shopper.cookie("XSRF-TOKEN").unwrap();
        request.header("XSRF-Token", token).json(&body).send()
    });
    let answers = futures_util::future::join_all(sends).await;
    let mut ids = Vec::new();
    for answer in answers {
        let answer = answer.unwrap();
        assert_eq!(answer.status().as_u16(), 201);
        ids.push(answer.json::<Value>().await.unwrap()["id"].clone());
    }
    ids.dedup();
    assert_eq!(ids.len(), 1, "one order: {ids:?}");
    assert_eq!(app.sql("SELECT count(*) FROM test_provider_charges WHERE status = 'captured'").await, [1]);
    assert_eq!(app.sql("SELECT count(*) FROM test_provider_charges WHERE status = 'authorized'").await, [0]);
}

#[actix_web::test]
async fn a_store_stopped_between_the_order_and_its_capture_captures_it_when_it_starts_again() {
    let app = spawn_app().await;
    let shopper = shopper(&app).await;
    let quote = card_quote(&shopper).await;
    let order = shopper.post("/api/orders", card_order(&quote, APPROVED), 201).await;
    // As a store stopped right after the order's commit leaves them: the order kept, the
    // payment authorized, the provider holding the money without having taken it; and a
    // hold that no order kept (stopped before the commit), long ago.
    app.sql(&format!(
        "UPDATE payments SET status = 'authorized', captured_cents = 0, updated_at = 0 WHERE order_id = {id};
         UPDATE test_provider_charges SET status = 'authorized', captured_cents = 0;
         INSERT INTO test_provider_charges (id, brand, last4, amount_cents, status, created_at)
             VALUES ('ch_test_orphan', 'Visa', '4242', 1000, 'authorized', 0)",
        id = order["id"]
    ))
    .await;
    assert_eq!(shopper.get_json("/api/orders", 200).await["Orders"][0]["payment"]["status"], "authorized");

    // Another server over the same store starts: its settler finishes both at once.
    let second = at_a_second_server(&app, &shopper).await;
    let paid = second
        .get_json_within_a_second("/api/orders", |orders| orders["Orders"][0]["payment"]["status"] == "paid")
        .await;
    assert_eq!(paid["Orders"][0]["id"], order["id"]);
    let total = crate::checkout::cents(&order["total"]);
    assert_eq!(
        app.sql("SELECT captured_cents FROM test_provider_charges WHERE status = 'captured'").await,
        [total],
        "captured once"
    );
    // The hold no order kept goes in the same round, just after the orders.
    let voided =
        "SELECT count(*) FROM test_provider_charges WHERE id = 'ch_test_orphan' AND status = 'voided'";
    let started = std::time::Instant::now();
    while app.sql(voided).await != [1] && started.elapsed() < std::time::Duration::from_secs(1) {
        actix_web::rt::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!(app.sql(voided).await, [1], "the orphan hold voided");
}

/// `browser` at a second server started over `app`'s store.
async fn at_a_second_server(app: &TestApp, browser: &TestApp) -> TestApp {
    let address = crate::helpers::spawn_on(&app.data_dir).await;
    crate::helpers::same_browser_at(browser, &address)
}

#[actix_web::test]
async fn cancelling_an_order_pays_its_money_back_once() {
    let app = spawn_app().await;
    let staff = with_role(&app, "staff").await;
    let shopper = shopper(&app).await;
    let quote = card_quote(&shopper).await;
    let order = shopper.post("/api/orders", card_order(&quote, APPROVED), 201).await;
    let path = format!("/api/admin/orders/{}", order["id"]);
    patch(&staff, &path, json!({"status": "Cancelled"}), 200).await;
    let detail = staff.get_json(&path, 200).await;
    assert_eq!(detail["payment"]["status"], "refunded");
    let total = crate::checkout::cents(&order["total"]);
    assert_eq!(
        app.sql("SELECT refunded_cents FROM test_provider_charges").await,
        [total],
        "the provider paid it back"
    );
    assert_eq!(app.sql("SELECT count(*) FROM refunds WHERE status = 'succeeded'").await, [1]);

    // An order cancelled before its capture is released instead, and never taken.
    let quote = card_quote(&shopper).await;
    let order = shopper.post("/api/orders", card_order(&quote, APPROVED), 201).await;
    app.sql(&format!(
        "UPDATE payments SET status = 'authorized', captured_cents = 0, updated_at = 0 WHERE order_id = {id};
         UPDATE test_provider_charges SET status = 'authorized', captured_cents = 0
             WHERE id = (SELECT intent_id FROM payments WHERE order_id = {id})",
        id = order["id"]
    ))
    .await;
    let path = format!("/api/admin/orders/{}", order["id"]);
    patch(&staff, &path, json!({"status": "Cancelled"}), 200).await;
    assert_eq!(staff.get_json(&path, 200).await["payment"]["status"], "voided");
    assert_eq!(
        app.sql(&format!(
            "SELECT count(*) FROM test_provider_charges c JOIN payments p ON p.intent_id = c.id
             WHERE p.order_id = {} AND c.status = 'voided' AND c.captured_cents = 0",
            order["id"]
        ))
        .await,
        [1]
    );
}

#[actix_web::test]
async fn a_card_number_is_never_written_to_the_database_or_the_log() {
    if crate::helpers::sqlite_only("reads the database file") {
        return;
    }
    let log = tempfile::tempdir().unwrap();
    let log_file = log.path().join("market.log");
    let destination = market::logging::Destination::File(log_file.clone());
    let access = market::logging::Log::start(destination, market::logging::LogFormat::Json).unwrap();
    let flushed = access.clone();
    let app = crate::helpers::spawn_app_with(move |config| {
        config.log = Some(access);
        config.access_log = true;
    })
    .await;
    let shopper = shopper(&app).await;
    for number in [APPROVED, "4000 0000 0000 0002", "5555 5555 5555 4444"] {
        let quote = card_quote(&shopper).await;
        shopper.send(reqwest::Method::POST, "/api/orders", Some(card_order(&quote, number))).await;
    }
    // Every byte the store wrote: the database file and its write-ahead log, and the
    // log with a line for each request.
    flushed.flush(std::time::Duration::from_secs(5));
    let mut written = std::fs::read(&log_file).unwrap();
    assert!(String::from_utf8_lossy(&written).contains("/api/orders"), "the log has the orders");
    for entry in std::fs::read_dir(app.data_dir.path()).unwrap() {
        let path = entry.unwrap().path();
        if path.is_file() {
            written.extend(std::fs::read(&path).unwrap());
        }
    }
    let text = String::from_utf8_lossy(&written);
    for digits in ["4242424242424242", "4000000000000002", "5555555555554444", "4242 4242 4242 4242"] {
        assert!(!text.contains(digits), "{digits} was written");
    }
}
