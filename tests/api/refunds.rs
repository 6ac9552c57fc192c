//! Refunds from the back office (docs/rules.md#payments): never more than was paid,
//! whatever races, on one server or two; once per key; each line back in stock once;
//! who may; what the shopper and the audit log then say.

use serde_json::{Value, json};

use crate::back_office::{patch, with_role};
use crate::checkout::{cents, order_of, shopper};
use crate::helpers::{TestApp, assert_error_shape, same_browser_at, spawn_app, spawn_on};

/// An order of products 51 and 61 paid with the RedCard, placed by a new shopper.
async fn paid_order(app: &TestApp) -> (TestApp, Value) {
    let shopper = shopper(app).await;
    for id in [51, 61] {
        shopper.post("/api/cart", json!({"productId": id}), 201).await;
    }
    let quote = shopper.post("/api/checkout/quote", json!({}), 200).await;
    let order = shopper.post("/api/orders", order_of(&quote, json!({})), 201).await;
    (shopper, order)
}

fn refunds_path(order: &Value) -> String {
    format!("/api/admin/orders/{}/refunds", order["id"])
}

/// Sends a refund with `key`; answers the status and the body.
async fn refund(staff: &TestApp, order: &Value, body: Value, key: &str) -> (u16, Value) {
    let res = staff
        .client
        .post(staff.url(&refunds_path(order)))
        .header("XSRF-Token", staff.cookie("XSRF-TOKEN").unwrap())
        .header("Idempotency-Key", key)
        .json(&body)
        .send()
        .await
        .unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

async fn stock(app: &TestApp, product: i64) -> i64 {
    app.sql_number(&format!("SELECT stock FROM products WHERE id = {product}")).await
}

#[actix_web::test]
async fn staff_refund_part_of_an_order_put_a_line_back_and_the_shopper_sees_it() {
    let app = spawn_app().await;
    let staff = with_role(&app, "staff").await;
    let (shopper, order) = paid_order(&app).await;
    let line = order["Products"][0].clone();
    let stock_before = stock(&app, line["id"].as_i64().unwrap()).await;
    let body = json!({"amount": 10, "reason": "Damaged in transit", "restock": [{"lineId": line["lineId"], "quantity": 1}]});
    let (status, given) = refund(&staff, &order, body.clone(), "refund-1").await;
    assert_eq!(status, 201, "{given}");
    let staff_name = staff.get_json("/api/session", 200).await["user"]["username"].clone();
    assert_eq!(given["amount"], 10.0);
    assert_eq!(given["reason"], "Damaged in transit");
    assert_eq!(given["by"], staff_name);
    assert_eq!(stock(&app, line["id"].as_i64().unwrap()).await, stock_before + 1, "one unit back");

    let seen = shopper.get_json("/api/orders", 200).await["Orders"][0].clone();
    assert_eq!(seen["payment"]["status"], "partially_refunded");
    assert_eq!(seen["payment"]["refunded"], 10.0);
    assert_eq!(cents(&seen["payment"]["refundable"]), cents(&order["total"]) - 1000);
    assert_eq!(seen["refunds"], json!([given]));
    assert_eq!(seen["Products"][0]["restocked"], true);
    assert_eq!(seen["Products"][1]["restocked"], false);
    assert_eq!(
        app.sql("SELECT refunded_cents FROM test_provider_charges").await,
        [1000],
        "the provider paid it back"
    );
    let audit = staff.get_json("/api/admin/audit", 200).await["Entries"][0].clone();
    assert_eq!(audit["action"], "order.refund");

    // The same key again: the same refund, once; the line is not put back twice.
    let (status, again) = refund(&staff, &order, body, "refund-1").await;
    assert_eq!((status, again["id"].clone()), (201, given["id"].clone()));
    assert_eq!(app.sql_number("SELECT count(*) FROM refunds").await, 1);
    // That line again under another key: it went back already.
    let again =
        json!({"amount": 1, "reason": "Again", "restock": [{"lineId": line["lineId"], "quantity": 1}]});
    let (status, refused) = refund(&staff, &order, again, "refund-2").await;
    assert_eq!(status, 409);
    assert_eq!(refused["message"], format!("Line {} has already gone back to stock.", line["lineId"]));
    assert_eq!(stock(&app, line["id"].as_i64().unwrap()).await, stock_before + 1);
    assert_eq!(
        shopper.get_json("/api/orders", 200).await["Orders"][0]["payment"]["refunded"],
        10.0,
        "nothing changed"
    );

    // Cancelling pays back the rest, and puts back only the line not back yet.
    let other = order["Products"][1]["id"].as_i64().unwrap();
    let other_before = stock(&app, other).await;
    patch(&staff, &format!("/api/admin/orders/{}", order["id"]), json!({"status": "Cancelled"}), 200).await;
    let seen = shopper.get_json("/api/orders", 200).await["Orders"][0].clone();
    assert_eq!(seen["payment"]["status"], "refunded");
    assert_eq!(seen["payment"]["refundable"], 0.0);
    assert_eq!(seen["refunds"][1]["reason"], "Order cancelled");
    assert_eq!(cents(&seen["refunds"][1]["amount"]), cents(&order["total"]) - 1000);
    assert_eq!(stock(&app, line["id"].as_i64().unwrap()).await, stock_before + 1, "not put back twice");
    assert_eq!(stock(&app, other).await, other_before + 1);
    let audit = staff.get_json("/api/admin/audit", 200).await["Entries"].clone();
    let actions: Vec<&str> =
        audit.as_array().unwrap().iter().take(2).map(|e| e["action"].as_str().unwrap()).collect();
    assert_eq!(actions, ["order.status", "order.refund"], "the cancel's refund is in the log too");
}

#[actix_web::test]
async fn a_refund_that_breaks_a_rule_or_asks_too_much_changes_nothing() {
    let app = spawn_app().await;
    let staff = with_role(&app, "staff").await;
    let (_, order) = paid_order(&app).await;
    let (_, other) = paid_order(&app).await;
    let total = cents(&order["total"]);
    for (body, status, line) in [
        (json!({"amount": 0, "reason": "x"}), 400, "Please enter an amount greater than $0.00.".to_string()),
        (json!({"amount": 1.005, "reason": "x"}), 400, "An amount has at most two decimals.".to_string()),
        (json!({"amount": 1}), 400, "Please give a reason for the refund.".to_string()),
        (
            json!({"amount": 1, "reason": "x", "restock": [{"lineId": other["Products"][0]["lineId"], "quantity": 1}]}),
            400,
            format!("Line {} is not a line of this order.", other["Products"][0]["lineId"]),
        ),
        (
            json!({"amount": (total + 1) as f64 / 100.0, "reason": "x"}),
            409,
            format!("That is more than can be refunded: ${}.{:02} is left.", total / 100, total % 100),
        ),
    ] {
        let (got, answer) = refund(&staff, &order, body.clone(), &format!("k-{body}")).await;
        assert_eq!(got, status, "{body}: {answer}");
        assert_error_shape(&answer);
        assert!(answer["errors"].as_array().unwrap().iter().any(|e| *e == json!(line)), "{body}: {answer}");
    }
    assert_eq!(app.sql_number("SELECT count(*) FROM refunds").await, 0);
    assert_eq!(app.sql_number("SELECT sum(refunded_cents) FROM payments").await, 0);
    assert_eq!(app.sql_number("SELECT count(*) FROM order_items WHERE restocked").await, 0);

    // Who may: staff and owners; not a viewer, not a shopper; no such order is a 404.
    let body = json!({"amount": 1, "reason": "x"});
    let viewer = with_role(&app, "viewer").await;
    assert_eq!(refund(&viewer, &order, body.clone(), "v").await.0, 403);
    let shopper = shopper(&app).await;
    assert_eq!(refund(&shopper, &order, body.clone(), "s").await.0, 403);
    assert_eq!(refund(&staff, &json!({"id": 999_999}), body.clone(), "n").await.0, 404);
    let owner = with_role(&app, "owner").await;
    assert_eq!(refund(&owner, &order, body, "o").await.0, 201);
}

#[actix_web::test]
async fn an_order_whose_payment_was_not_taken_has_nothing_to_refund() {
    let app = spawn_app().await;
    let staff = with_role(&app, "staff").await;
    let (_, order) = paid_order(&app).await;
    app.sql(&format!(
        "UPDATE payments SET status = 'authorized', captured_cents = 0, updated_at = {} WHERE order_id = {}",
        i64::MAX / 2,
        order["id"]
    ))
    .await;
    let (status, refused) = refund(&staff, &order, json!({"amount": 1, "reason": "x"}), "k").await;
    assert_eq!(status, 409);
    assert_eq!(
        refused["message"],
        "This order's payment has not been taken yet, so there is nothing to refund."
    );
}

#[actix_web::test]
async fn twenty_refunds_of_ten_dollars_at_once_on_fifty_dollars_over_two_servers_make_exactly_five() {
    let app = spawn_app().await;
    app.sql("UPDATE products SET price_cents = 5000 WHERE id = 51").await;
    let staff = with_role(&app, "staff").await;
    let shopper = shopper(&app).await;
    shopper.post("/api/cart", json!({"productId": 51}), 201).await;
    // Paid by card: no RedCard discount, so exactly $50.00 was taken.
    let quote = shopper.post("/api/checkout/quote", json!({"payment": {"method": "card"}}), 200).await;
    let mut body = order_of(&quote, json!({"payment": {"method": "card"}}));
    body["payment"]["card"] =
        json!({"number": "4242424242424242", "expMonth": 12, "expYear": 2034, "cvc": "123"});
    let order = shopper.post("/api/orders", body, 201).await;
    assert_eq!(order["total"], 50.0);

    let second = same_browser_at(&staff, &spawn_on(&app.data_dir).await);
    let keys: Vec<String> = (0..20).map(|n| format!("race-{n}")).collect();
    let sends = keys.iter().enumerate().map(|(n, key)| {
        let server = if n % 2 == 0 { &staff } else { &second };
        refund(server, &order, json!({"amount": 10, "reason": format!("Part {n}")}), key)
    });
    let answers = futures_util::future::join_all(sends).await;
    let mut statuses: Vec<u16> = answers.iter().map(|(status, _)| *status).collect();
    statuses.sort_unstable();
    assert_eq!(statuses, [vec![201; 5], vec![409; 15]].concat(), "{answers:?}");
    assert_eq!(app.sql_number("SELECT count(*) FROM refunds").await, 5);
    assert_eq!(app.sql_number("SELECT refunded_cents FROM payments").await, 5000);
    let paid_back = app.sql_number("SELECT refunded_cents FROM test_provider_charges").await;
    assert_eq!(paid_back, 5000, "the provider paid back exactly what was taken");
    let seen = shopper.get_json("/api/orders", 200).await["Orders"][0].clone();
    assert_eq!(seen["payment"]["status"], "refunded");
    assert_eq!(seen["refunds"].as_array().unwrap().len(), 5);
}
