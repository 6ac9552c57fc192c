//! Back-in-stock alerts (docs/rules.md#back-in-stock): asked for a sold-out product or
//! size, once per shopper and item; one mail each when units come back (the back office,
//! a cancelled order), none for a restock that failed; an unsubscribe link that ends the
//! rest; never an alert left waiting on what is in stock, whatever the timing.

use reqwest::Method;
use serde_json::{Value, json};

use crate::back_office::{order_cart, patch, with_role};
use crate::helpers::{TestApp, assert_error_shape, browser, in_stock, spawn_app, spawn_app_with};
use market::domain::stock_alerts::{IN_STOCK, UNSUBSCRIBED};

/// Saves `product`'s two sizes, M with `stock_m` units, keeping the variants it has.
async fn put_variants(staff: &TestApp, product: i64, stock_m: i64) {
    let path = format!("/api/admin/products/{product}/variants");
    let before = staff.get_json(&path, 200).await;
    let id = |sku: &str| {
        let kept = before["variants"].as_array().unwrap().iter().find(|v| v["sku"] == sku);
        kept.map_or(Value::Null, |v| v["id"].clone())
    };
    let body = json!({
        "options": [{"name": "Size", "values": ["S", "M"]}],
        "variants": [
            {"id": id("TV-S"), "sku": "TV-S", "options": {"Size": "S"}, "stock": 4},
            {"id": id("TV-M"), "sku": "TV-M", "options": {"Size": "M"}, "stock": stock_m}
        ]
    });
    staff.write(Method::PUT, &format!("/api/admin/products/{product}/variants"), Some(body), 200).await;
}

/// The back-in-stock mails in the outbox, newest first, as an owner reads them: each
/// one's summary and text.
async fn back_mails(app: &TestApp) -> Vec<(Value, String)> {
    let owner = with_role(app, "owner").await;
    let list = owner.get_json("/api/admin/mail", 200).await;
    let mut found = Vec::new();
    for mail in list["Mails"].as_array().unwrap().iter().filter(|m| m["event"] == "stock.back") {
        let body = owner.get_json(&format!("/api/admin/mail/{}", mail["id"]), 200).await;
        found.push((mail.clone(), body["text"].as_str().unwrap().to_owned()));
    }
    found
}

async fn shopper(app: &TestApp) -> (TestApp, String) {
    let shopper = browser(app);
    let user = shopper.sign_up().await;
    (shopper, user["email"].as_str().unwrap().to_owned())
}

#[actix_web::test]
async fn a_shopper_waiting_for_a_sold_out_size_is_mailed_once_when_staff_restock_it() {
    let app = spawn_app().await;
    let staff = with_role(&app, "staff").await;
    put_variants(&staff, 51, 0).await;
    let product = app.get_json("/api/products/51", 200).await;
    let size = |name: &str| {
        product["variants"].as_array().unwrap().iter().find(|v| v["options"]["Size"] == name).unwrap()["id"]
            .clone()
    };
    let (small, medium) = (size("S"), size("M"));
    let (shopper, email) = shopper(&app).await;

    let alert = shopper.post("/api/stock-alerts", json!({"productId": 51, "variantId": medium}), 201).await;
    assert_eq!(
        (alert["variantId"].clone(), alert["options"].clone(), alert["mailedAt"].clone()),
        (medium.clone(), json!([{"name": "Size", "value": "M"}]), Value::Null)
    );
    let again = shopper.post("/api/stock-alerts", json!({"productId": 51, "variantId": medium}), 200).await;
    assert_eq!(again["id"], alert["id"], "once per shopper and item");
    for (body, status) in [
        (json!({"productId": 51, "variantId": small}), 409),
        (json!({"productId": 51}), 409),
        (json!({"productId": 61, "variantId": medium}), 400),
        (json!({"productId": 999_999}), 404),
        (json!({"productId": 0}), 400),
    ] {
        let refused = shopper.post("/api/stock-alerts", body.clone(), status).await;
        assert_error_shape(&refused);
        if status == 409 {
            assert_eq!(refused["message"], IN_STOCK, "{body}");
        }
    }
    assert_eq!(shopper.get_json("/api/stock-alerts", 200).await["alerts"].as_array().unwrap().len(), 1);
    assert!(back_mails(&app).await.is_empty());

    put_variants(&staff, 51, 3).await;
    let mails = back_mails(&app).await;
    assert_eq!(mails.len(), 1, "one mail for the one alert");
    let (summary, text) = &mails[0];
    assert_eq!(summary["toAddress"], email.as_str());
    assert!(summary["subject"].as_str().unwrap().contains("(Size: M)"), "{summary}");
    let link = app.url(&format!("/departments/{}/products/51?variant={medium}", product["departmentId"]));
    assert!(text.contains(&link), "{link} in {text}");
    assert!(text.contains(&app.url("/unsubscribe?token=")), "{text}");
    let listed = shopper.get_json("/api/stock-alerts", 200).await;
    assert!(listed["alerts"][0]["mailedAt"].is_string(), "the alert is done: {listed}");

    // Sold out and back again: the done alert mails no one; a new one may be asked for.
    put_variants(&staff, 51, 0).await;
    put_variants(&staff, 51, 2).await;
    assert_eq!(back_mails(&app).await.len(), 1);
    put_variants(&staff, 51, 0).await;
    shopper.post("/api/stock-alerts", json!({"productId": 51, "variantId": medium}), 201).await;
}

#[actix_web::test]
async fn a_cancelled_order_brings_units_back_and_the_unsubscribe_link_ends_the_rest() {
    let app = spawn_app().await;
    let staff = with_role(&app, "staff").await;
    let (one, two) = (in_stock(0), in_stock(1));
    patch(&staff, &format!("/api/admin/products/{one}"), json!({"stock": 1}), 200).await;
    patch(&staff, &format!("/api/admin/products/{two}"), json!({"stock": 0}), 200).await;
    let (buyer, _) = shopper(&app).await;
    buyer.post("/api/cart", json!({"productId": one}), 201).await;
    let order: Value = order_cart(&buyer).await.json().await.unwrap();
    let (waiting, _) = shopper(&app).await;
    waiting.post("/api/stock-alerts", json!({"productId": one}), 201).await;
    let other = waiting.post("/api/stock-alerts", json!({"productId": two}), 201).await;
    let (stranger, _) = shopper(&app).await;
    stranger.delete(&format!("/api/stock-alerts/{}", other["id"]), 403).await;

    patch(&staff, &format!("/api/admin/orders/{}", order["id"]), json!({"status": "Cancelled"}), 200).await;
    let mails = back_mails(&app).await;
    assert_eq!(mails.len(), 1, "the cancelled unit is back");
    let text = &mails[0].1;
    let token =
        text[text.find("/unsubscribe?token=").unwrap() + 19..].split_whitespace().next().unwrap().to_owned();

    let visitor = browser(&app);
    visitor.open().await;
    for made_up in ["nothing-of-ours", token.as_str()] {
        let done = visitor.post("/api/stock-alerts/unsubscribe", json!({"token": made_up}), 200).await;
        assert_eq!(done, json!({"message": UNSUBSCRIBED}), "the same answer for any token");
    }
    let left = waiting.get_json("/api/stock-alerts", 200).await;
    assert_eq!(left["alerts"].as_array().unwrap().len(), 1, "only the done one stays: {left}");
    patch(&staff, &format!("/api/admin/products/{two}"), json!({"stock": 5}), 200).await;
    assert_eq!(back_mails(&app).await.len(), 1, "no mail for an alert unsubscribed");
    visitor.post("/api/stock-alerts/unsubscribe", json!({"token": ""}), 400).await;
}

#[actix_web::test]
async fn a_restock_that_fails_mails_no_one_and_the_alert_keeps_waiting() {
    let app = spawn_app().await;
    let staff = with_role(&app, "staff").await;
    patch(&staff, "/api/admin/products/61", json!({"stock": 0}), 200).await;
    let (shopper, _) = shopper(&app).await;
    let alert = shopper.post("/api/stock-alerts", json!({"productId": 61}), 201).await;
    let taken = staff.get_json("/api/admin/products/62", 200).await["sku"].clone();
    patch(&staff, "/api/admin/products/61", json!({"stock": 5, "sku": taken}), 409).await;
    assert!(back_mails(&app).await.is_empty());
    assert_eq!(shopper.get_json("/api/stock-alerts", 200).await["alerts"][0]["mailedAt"], Value::Null);
    shopper.delete(&format!("/api/stock-alerts/{}", alert["id"]), 200).await;
    patch(&staff, "/api/admin/products/61", json!({"stock": 5}), 200).await;
    assert!(back_mails(&app).await.is_empty(), "a removed alert mails no one");
}

#[actix_web::test]
async fn shoppers_asking_while_staff_restock_are_either_refused_or_mailed_never_left_waiting() {
    let app = spawn_app_with(|config| config.rate_limits = None).await;
    let staff = with_role(&app, "staff").await;
    patch(&staff, "/api/admin/products/61", json!({"stock": 0}), 200).await;
    let mut shoppers = Vec::new();
    for _ in 0..16 {
        shoppers.push(shopper(&app).await.0);
    }
    // Asks spread over some 30 ms, the restock in their midst.
    let asks = shoppers.iter().enumerate().map(|(n, s)| async move {
        actix_web::rt::time::sleep(std::time::Duration::from_millis(2 * n as u64)).await;
        s.send(Method::POST, "/api/stock-alerts", Some(json!({"productId": 61}))).await.status().as_u16()
    });
    let restock = async {
        actix_web::rt::time::sleep(std::time::Duration::from_millis(12)).await;
        patch(&staff, "/api/admin/products/61", json!({"stock": 7}), 200).await;
    };
    let (statuses, ()) = futures_util::join!(futures_util::future::join_all(asks), restock);
    assert!(statuses.iter().all(|s| [201, 409].contains(s)), "{statuses:?}");
    let made = statuses.iter().filter(|s| **s == 201).count();
    assert_eq!(
        app.sql("SELECT count(*) FROM stock_alerts WHERE mailed_at IS NULL").await,
        [0],
        "none waits on what is in stock"
    );
    assert_eq!(back_mails(&app).await.len(), made, "each alert made was mailed once: {statuses:?}");
}
