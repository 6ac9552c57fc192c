//! The quote and the order price the cart by one rule; a shopper who chooses nothing
//! sees the spec's checkout.

use reqwest::Method;
use serde_json::json;

use super::{cents, fill_cart, method, order_of, promotion, shopper, tax_rate, texas};
use crate::helpers::{assert_error_shape, spawn_app};

#[actix_web::test]
async fn a_shopper_who_chooses_nothing_sees_the_specs_checkout() {
    let app = spawn_app().await;
    let ada = shopper(&app).await;
    let methods = app.get_json("/api/shipping-methods", 200).await;
    assert_eq!(
        methods["ShippingMethods"],
        json!([{"id": methods["ShippingMethods"][0]["id"], "name": "Standard delivery", "price": 0.0,
                "freeOver": null, "days": "2-4", "isDefault": true}])
    );
    let cart = fill_cart(&ada, 0, 2).await;
    let quote = ada.post("/api/checkout/quote", json!({}), 200).await;
    assert_eq!(quote["addressId"], json!(null));
    assert_eq!(
        quote["address"],
        json!({"name": "Demo Shopper", "line1": "1000 Nicollet Mall", "line2": "", "city": "Minneapolis",
               "state": "MN", "postalCode": "55403", "country": "US", "phone": ""})
    );
    assert_eq!((cents(&quote["shipping"]), cents(&quote["tax"])), (0, 0));
    assert_eq!(quote["discounts"], json!([{"label": "RedCard 5% Discount", "amount": cart["discount"]}]));
    assert_eq!(
        (quote["subtotal"].clone(), quote["total"].clone()),
        (cart["subtotal"].clone(), cart["total"].clone())
    );
    // The spec's call, unchanged: the default address and method.
    let order =
        ada.post("/api/orders", json!({"total": cart["total"], "products": cart["Products"]}), 201).await;
    assert_eq!(
        (order["total"].clone(), order["discount"].clone()),
        (cart["total"].clone(), cart["discount"].clone())
    );
    assert_eq!(order["shippingMethod"]["name"], "Standard delivery");
    assert_eq!(order["address"]["city"], "Minneapolis");
    assert_eq!((cents(&order["shipping"]), cents(&order["tax"])), (0, 0));
    assert_eq!(order["promotionCode"], json!(null));
}

#[actix_web::test]
async fn an_address_a_paid_method_a_code_and_tax_are_priced_the_same_in_the_quote_the_order_and_the_history()
{
    let app = spawn_app().await;
    let express = method(&app, "Express", 1_299, Some(1_000_000)).await;
    tax_rate(&app, "TX", 8_250).await;
    promotion(&app, "SPRING10", "percent", 10, None).await;
    let ada = shopper(&app).await;
    let home = ada.post("/api/addresses", texas("Ada"), 201).await;
    let cart = fill_cart(&ada, 0, 3).await;
    let choice = json!({"addressId": home["id"], "shippingMethodId": express, "promotionCode": "spring10"});
    let quote = ada.post("/api/checkout/quote", choice.clone(), 200).await;
    let subtotal = cents(&cart["subtotal"]);
    let code = (subtotal * 10 + 50) / 100;
    let card = ((subtotal - code) * 5 + 50) / 100;
    let goods = subtotal - code - card;
    let tax = (goods * 8_250 + 50_000) / 100_000;
    assert_eq!(quote["promotionCode"], "SPRING10");
    assert_eq!(
        quote["discounts"],
        json!([{"label": "Promotion SPRING10", "amount": code as f64 / 100.0},
               {"label": "RedCard 5% Discount", "amount": card as f64 / 100.0}])
    );
    assert_eq!(
        (cents(&quote["shipping"]), cents(&quote["tax"]), quote["taxRate"].as_f64()),
        (1_299, tax, Some(8.25))
    );
    assert_eq!(cents(&quote["total"]), goods + 1_299 + tax);
    assert_eq!(quote["shippingMethod"]["name"], "Express");
    let order = ada.post("/api/orders", order_of(&quote, choice), 201).await;
    let listed = ada.get_json("/api/orders", 200).await["Orders"][0].clone();
    for seen in [&order, &listed] {
        assert_eq!(seen["total"], quote["total"]);
        assert_eq!(seen["discounts"], quote["discounts"]);
        assert_eq!(
            (seen["shipping"].clone(), seen["tax"].clone()),
            (quote["shipping"].clone(), quote["tax"].clone())
        );
        assert_eq!(cents(&seen["discount"]), code + card);
        assert_eq!(seen["shippingMethod"]["name"], "Express");
        assert_eq!(seen["promotionCode"], "SPRING10");
        assert_eq!(seen["address"]["state"], "TX");
    }
    assert_eq!(ada.get_json("/api/cart", 200).await["Products"], json!([]));
}

#[actix_web::test]
async fn delivery_is_free_from_its_free_over_subtotal_and_an_amount_code_never_goes_below_zero() {
    let app = spawn_app().await;
    let ada = shopper(&app).await;
    let cart = fill_cart(&ada, 0, 1).await;
    let subtotal = cents(&cart["subtotal"]);
    let at = method(&app, "At the edge", 799, Some(subtotal)).await;
    let above = method(&app, "Just above", 799, Some(subtotal + 1)).await;
    let quote = |id: i64| ada.post("/api/checkout/quote", json!({"shippingMethodId": id}), 200);
    assert_eq!(cents(&quote(at).await["shipping"]), 0);
    assert_eq!(cents(&quote(above).await["shipping"]), 799);
    promotion(&app, "BIGGIFT", "amount", subtotal + 10_000, None).await;
    let free = ada.post("/api/checkout/quote", json!({"promotionCode": "BIGGIFT"}), 200).await;
    assert_eq!(cents(&free["total"]), 0);
    assert_eq!(cents(&free["discounts"][0]["amount"]), subtotal);
    let order = ada.post("/api/orders", order_of(&free, json!({"promotionCode": "BIGGIFT"})), 201).await;
    assert_eq!(cents(&order["total"]), 0);
}

#[actix_web::test]
async fn an_unknown_or_archived_method_is_not_found_and_a_stale_total_is_refused() {
    let app = spawn_app().await;
    let ada = shopper(&app).await;
    let gone = method(&app, "Gone", 500, None).await;
    app.sql(&format!("UPDATE shipping_methods SET archived_at = 1 WHERE id = {gone}")).await;
    fill_cart(&ada, 0, 1).await;
    ada.post("/api/checkout/quote", json!({"shippingMethodId": gone}), 404).await;
    ada.post("/api/checkout/quote", json!({"shippingMethodId": 99_999}), 404).await;
    let paid = method(&app, "Paid", 500, None).await;
    let plain = ada.post("/api/checkout/quote", json!({}), 200).await;
    // The plain total, sent with a paid method: the cart as seen costs more now.
    let stale = ada.post("/api/orders", order_of(&plain, json!({"shippingMethodId": paid})), 409).await;
    assert_error_shape(&stale);
    let priced = ada.post("/api/checkout/quote", json!({"shippingMethodId": paid}), 200).await;
    assert_eq!(
        stale["errors"],
        json!([format!("The current total is ${:.2}.", priced["total"].as_f64().unwrap())])
    );
    assert_eq!(app.sql_number("SELECT count(*) FROM orders").await, 0);
    ada.write(Method::POST, "/api/orders", Some(order_of(&priced, json!({"shippingMethodId": paid}))), 201)
        .await;
}

#[actix_web::test]
async fn an_empty_cart_has_no_quote_and_signed_out_visitors_none_at_all() {
    let app = spawn_app().await;
    let ada = shopper(&app).await;
    let empty = ada.post("/api/checkout/quote", json!({}), 400).await;
    assert_eq!(empty["message"], "Your cart is empty.");
    let visitor = crate::helpers::browser(&app);
    visitor.open().await;
    visitor.post("/api/checkout/quote", json!({}), 401).await;
}

/// A body of optional fields is still an object: an array of them is refused.
#[actix_web::test]
async fn a_quote_or_an_address_sent_as_an_array_is_refused() {
    let app = spawn_app().await;
    let ada = shopper(&app).await;
    fill_cart(&ada, 0, 1).await;
    for path in ["/api/checkout/quote", "/api/addresses", "/api/orders"] {
        let body = ada.post(path, json!([null, null]), 400).await;
        assert_eq!(
            body["message"], "Invalid request body: invalid type: sequence, expected a JSON object",
            "{path}"
        );
    }
}
