//! Mail (docs/rules.md#mail): each mail written in the transaction of what causes it,
//! once per cause whatever retries; the outbox staff read, each mail as its recipient
//! would see it.

use serde_json::{Value, json};

use crate::back_office::{patch, with_role};
use crate::checkout::{cents, order_of, shopper};
use crate::helpers::{TestApp, spawn_app};

/// Cents as the store's pages and mails show them: `$1,614.97`.
fn shown(cents: i64) -> String {
    let dollars = (cents / 100).to_string();
    let mut grouped = String::new();
    for (n, digit) in dollars.chars().enumerate() {
        if n > 0 && (dollars.len() - n).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    format!("${grouped}.{:02}", cents % 100)
}

/// The outbox's mails, newest first, as a viewer reads them.
async fn outbox(viewer: &TestApp) -> Vec<Value> {
    viewer.get_json("/api/admin/mail", 200).await["Mails"].as_array().unwrap().clone()
}

/// The mails of `event` about `order`.
async fn mails_about(viewer: &TestApp, order: &Value, event: &str) -> Vec<Value> {
    outbox(viewer).await.into_iter().filter(|m| m["orderId"] == order["id"] && m["event"] == event).collect()
}

/// Fills `shopper`'s cart with products 51, 61 and 51 again; answers the order body the
/// app would send for it, paid with the RedCard.
async fn fill_cart(shopper: &TestApp) -> Value {
    for id in [51, 61, 51] {
        shopper.post("/api/cart", json!({"productId": id}), 201).await;
    }
    let quote = shopper.post("/api/checkout/quote", json!({}), 200).await;
    order_of(&quote, json!({}))
}

/// Places `body` under `key`; answers the status and the order.
async fn place(shopper: &TestApp, key: &str, body: &Value) -> (u16, Value) {
    let res = shopper
        .client
        .post(shopper.url("/api/orders"))
        .header("XSRF-Token", shopper.cookie("XSRF-TOKEN").unwrap())
        .header("Idempotency-Key", key)
        .json(body)
        .send()
        .await
        .unwrap();
    (res.status().as_u16(), res.json().await.unwrap())
}

/// An order of `shopper`'s, placed under `key`.
async fn order(shopper: &TestApp, key: &str) -> Value {
    let body = fill_cart(shopper).await;
    let (status, order) = place(shopper, key, &body).await;
    assert_eq!(status, 201, "{order}");
    order
}

#[actix_web::test]
async fn an_order_writes_one_confirmation_with_its_figures_which_staff_read_in_the_outbox() {
    let app = spawn_app().await;
    let viewer = with_role(&app, "viewer").await;
    let shopper = shopper(&app).await;
    let email = shopper.get_json("/api/session", 200).await["user"]["email"].clone();
    let body = fill_cart(&shopper).await;
    let (status, placed) = place(&shopper, "order-1", &body).await;
    assert_eq!(status, 201, "{placed}");

    let mails = outbox(&viewer).await;
    assert_eq!(mails.len(), 1, "{mails:?}");
    let listed = &mails[0];
    assert_eq!(listed["event"], "order.placed");
    assert_eq!(listed["status"], "queued", "no mail server: it waits in the outbox");
    assert_eq!(listed["toAddress"], email);
    assert_eq!(listed["toName"], "Test Shopper");
    assert_eq!(listed["subject"], format!("Order #{} confirmed", placed["id"]));
    assert_eq!(listed["attempts"], 0);

    let mail = viewer.get_json(&format!("/api/admin/mail/{}", listed["id"]), 200).await;
    let names: Vec<String> = placed["Products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_owned())
        .collect();
    let total = shown(cents(&placed["total"]));
    let link = app.url(&format!("/orders/{}", placed["id"]));
    // The HTML part says the same, escaped: `65"` as `65&quot;`.
    let escaped = |text: &str| text.replace('&', "&amp;").replace('"', "&quot;").replace('<', "&lt;");
    for (part, said) in
        [(&mail["text"], names.clone()), (&mail["html"], names.iter().map(|n| escaped(n)).collect())]
    {
        let part = part.as_str().unwrap();
        assert!(part.contains(&format!("2 × {}", said[0])), "two units of one product said once: {part}");
        assert!(part.contains(&said[1]), "{part}");
        for said in [total.as_str(), "RedCard debit ending in 4821", "1000 Nicollet Mall", "Hi Test,", &link]
        {
            assert!(part.contains(said), "{said:?} in {part}");
        }
    }
    assert!(mail["html"].as_str().unwrap().starts_with("<!DOCTYPE html>"));

    // The same order asked for again under its key: the order it placed, no second mail.
    assert_eq!(place(&shopper, "order-1", &body).await, (201, placed.clone()));
    assert_eq!(outbox(&viewer).await.len(), 1, "a replayed order writes no mail");

    // An order refused (a total the cart no longer has) writes none either.
    shopper.post("/api/cart", json!({"productId": 61}), 201).await;
    let stale = json!({"total": 1.0, "products": shopper.get_json("/api/cart", 200).await["Products"]});
    shopper.post("/api/orders", stale, 409).await;
    assert_eq!(outbox(&viewer).await.len(), 1, "a refused order writes no mail");

    // Only staff read the outbox.
    let res = shopper.get("/api/admin/mail").await;
    assert_eq!(res.status().as_u16(), 403);
    let res = viewer.get("/api/admin/mail/999999").await;
    assert_eq!(res.status().as_u16(), 404);
}

#[actix_web::test]
async fn moving_an_order_mails_its_shopper_when_it_ships_arrives_or_is_cancelled_once_each() {
    let app = spawn_app().await;
    let staff = with_role(&app, "staff").await;
    let shopper = shopper(&app).await;
    let placed = order(&shopper, "order-1").await;
    let path = format!("/api/admin/orders/{}", placed["id"]);
    patch(&staff, &path, json!({"status": "Packed"}), 200).await;
    assert_eq!(outbox(&staff).await.len(), 1, "packing is the store's business: no mail");
    patch(&staff, &path, json!({"status": "Shipped"}), 200).await;
    patch(&staff, &path, json!({"status": "Shipped"}), 409).await;
    patch(&staff, &path, json!({"status": "Delivered"}), 200).await;
    for (event, subject) in [("order.shipped", "has shipped"), ("order.delivered", "was delivered")] {
        let mails = mails_about(&staff, &placed, event).await;
        assert_eq!(mails.len(), 1, "{event}: {mails:?}");
        assert_eq!(mails[0]["subject"], format!("Order #{} {subject}", placed["id"]));
    }

    // A cancel says what comes back: the RedCard was charged, so a refund of it all.
    let cancelled = order(&shopper, "order-2").await;
    patch(&staff, &format!("/api/admin/orders/{}", cancelled["id"]), json!({"status": "Cancelled"}), 200)
        .await;
    let mails = mails_about(&staff, &cancelled, "order.cancelled").await;
    assert_eq!(mails.len(), 1, "{mails:?}");
    let mail = staff.get_json(&format!("/api/admin/mail/{}", mails[0]["id"]), 200).await;
    let total = shown(cents(&cancelled["total"]));
    assert!(
        mail["text"].as_str().unwrap().contains(&format!("{total} is being refunded")),
        "{}",
        mail["text"]
    );
    assert_eq!(mails_about(&staff, &cancelled, "order.refunded").await.len(), 0, "the cancel's mail says it");
    assert_eq!(outbox(&staff).await.len(), 5, "two confirmations, shipped, delivered, cancelled");
}

#[actix_web::test]
async fn a_refund_mails_its_amount_its_reason_and_what_went_back_once_per_key() {
    let app = spawn_app().await;
    let staff = with_role(&app, "staff").await;
    let shopper = shopper(&app).await;
    let placed = order(&shopper, "order-1").await;
    let line = placed["Products"][1].clone();
    let body = json!({"amount": 10, "reason": "Arrived damaged", "restock": [{"lineId": line["lineId"], "quantity": 1}]});
    for _ in 0..2 {
        let res = staff
            .client
            .post(staff.url(&format!("/api/admin/orders/{}/refunds", placed["id"])))
            .header("XSRF-Token", staff.cookie("XSRF-TOKEN").unwrap())
            .header("Idempotency-Key", "refund-1")
            .json(&body)
            .send()
            .await
            .unwrap();
        assert_eq!(res.status().as_u16(), 201);
    }
    let mails = mails_about(&staff, &placed, "order.refunded").await;
    assert_eq!(mails.len(), 1, "one refund, one mail: {mails:?}");
    assert_eq!(mails[0]["subject"], format!("A refund of $10.00 for order #{}", placed["id"]));
    let text = staff.get_json(&format!("/api/admin/mail/{}", mails[0]["id"]), 200).await["text"].clone();
    let text = text.as_str().unwrap();
    assert!(text.contains("Reason: Arrived damaged"), "{text}");
    assert!(text.contains(&format!("Returned:\n  {}", line["name"].as_str().unwrap())), "{text}");
}
