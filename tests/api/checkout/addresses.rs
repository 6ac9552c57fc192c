//! The address book: its rules, its one default, its limit of 20, and orders that keep
//! a copy of their address.

use reqwest::Method;
use serde_json::json;

use super::{fill_cart, order_of, shopper, texas};
use crate::helpers::{assert_error_shape, browser, spawn_app};

#[actix_web::test]
async fn the_address_book_is_for_signed_in_shoppers_only() {
    let app = spawn_app().await;
    let visitor = browser(&app);
    visitor.open().await;
    visitor.get_json("/api/addresses", 401).await;
    visitor.post("/api/addresses", texas("Ada"), 401).await;
    visitor.write(Method::PUT, "/api/addresses/1", Some(texas("Ada")), 401).await;
    visitor.delete("/api/addresses/1", 401).await;
}

#[actix_web::test]
async fn the_first_address_is_the_default_and_another_can_take_its_place() {
    let app = spawn_app().await;
    let ada = shopper(&app).await;
    assert_eq!(ada.get_json("/api/addresses", 200).await, json!({"Addresses": []}));
    let home = ada.post("/api/addresses", texas("Ada Home"), 201).await;
    assert_eq!(home["isDefault"], true);
    assert_eq!(
        (home["state"].clone(), home["postalCode"].clone(), home["line2"].clone()),
        (json!("TX"), json!("78701"), json!("Suite 4"))
    );
    let work = ada.post("/api/addresses", texas("Ada Work"), 201).await;
    assert_eq!(work["isDefault"], false);
    // Moving the default clears the old one in the same write.
    let mut body = texas("Ada Work");
    body["isDefault"] = json!(true);
    let moved = ada.write(Method::PUT, &format!("/api/addresses/{}", work["id"]), Some(body), 200).await;
    assert_eq!(moved["isDefault"], true);
    let book = ada.get_json("/api/addresses", 200).await["Addresses"].clone();
    let defaults: Vec<_> = book.as_array().unwrap().iter().filter(|a| a["isDefault"] == true).collect();
    assert_eq!(defaults.len(), 1);
    assert_eq!(defaults[0]["id"], work["id"]);
    assert_eq!(book[0]["id"], work["id"], "the default comes first");
    // `isDefault: false` never leaves the shopper without one.
    ada.write(Method::PUT, &format!("/api/addresses/{}", work["id"]), Some(texas("Ada Work")), 200).await;
    assert_eq!(ada.get_json("/api/addresses", 200).await["Addresses"][0]["isDefault"], true);
    // Deleting the default passes it to the newest other address.
    let third = ada.post("/api/addresses", texas("Ada Third"), 201).await;
    assert_eq!(ada.send(Method::DELETE, &format!("/api/addresses/{}", work["id"]), None).await.status(), 204);
    let book = ada.get_json("/api/addresses", 200).await["Addresses"].clone();
    assert_eq!(book.as_array().unwrap().len(), 2);
    assert_eq!((book[0]["id"].clone(), book[0]["isDefault"].clone()), (third["id"].clone(), json!(true)));
}

#[actix_web::test]
async fn every_bad_field_is_named_and_nothing_is_kept() {
    let app = spawn_app().await;
    let ada = shopper(&app).await;
    let bad = json!({"name": " ", "line1": "", "line2": "x".repeat(101), "city": "c".repeat(61), "state": "ZZ",
                     "postalCode": "7870", "country": "US", "phone": "call me", "role": "owner"});
    let body = ada.post("/api/addresses", bad, 400).await;
    assert_error_shape(&body);
    assert_eq!(
        body["errors"],
        json!([
            "Please enter the name of who receives the order.",
            "Please enter the street address.",
            "The second address line must be at most 100 characters.",
            "A city must be at most 60 characters.",
            "Please choose a state.",
            "Please enter a ZIP code like 55403 or 55403-1234.",
            "A phone number holds only digits, spaces and + - ( )."
        ])
    );
    let mut abroad = texas("Ada");
    abroad["country"] = json!("FR");
    assert_eq!(
        ada.post("/api/addresses", abroad, 400).await["errors"],
        json!(["We don't ship to that country."])
    );
    assert_eq!(app.sql_number("SELECT count(*) FROM addresses").await, 0);
    // Unknown fields are ignored, never stored; codes are kept in capitals.
    let mut odd = texas("Ada");
    odd["state"] = json!("tx");
    odd["userId"] = json!(1);
    odd["id"] = json!(999);
    let kept = ada.post("/api/addresses", odd, 201).await;
    assert_eq!(kept["state"], "TX");
    assert_ne!(kept["id"], 999);
    let owner: i64 =
        app.sql_number(&format!("SELECT user_id FROM addresses WHERE id = {}", kept["id"])).await;
    assert_ne!(owner, 1);
}

#[actix_web::test]
async fn a_book_holds_twenty_addresses() {
    let app = spawn_app().await;
    let ada = shopper(&app).await;
    for n in 0..20 {
        ada.post("/api/addresses", texas(&format!("Ada {n}")), 201).await;
    }
    let full = ada.post("/api/addresses", texas("Ada 21"), 409).await;
    assert_eq!(full["message"], "An address book holds at most 20 addresses.");
    assert_eq!(ada.get_json("/api/addresses", 200).await["Addresses"].as_array().unwrap().len(), 20);
}

#[actix_web::test]
async fn another_shoppers_address_is_not_found_on_every_call() {
    let app = spawn_app().await;
    let ada = shopper(&app).await;
    let theirs = ada.post("/api/addresses", texas("Ada"), 201).await;
    let bob = shopper(&app).await;
    let path = format!("/api/addresses/{}", theirs["id"]);
    bob.write(Method::PUT, &path, Some(texas("Bob")), 404).await;
    bob.delete(&path, 404).await;
    let cart = fill_cart(&bob, 0, 1).await;
    bob.post("/api/checkout/quote", json!({"addressId": theirs["id"]}), 404).await;
    let order = json!({"total": cart["total"], "products": cart["Products"], "addressId": theirs["id"]});
    bob.post("/api/orders", order, 404).await;
    assert_eq!(ada.get_json("/api/addresses", 200).await["Addresses"][0]["name"], "Ada");
    assert_eq!(app.sql_number("SELECT count(*) FROM orders").await, 0);
}

#[actix_web::test]
async fn an_order_keeps_a_copy_of_its_address() {
    let app = spawn_app().await;
    let ada = shopper(&app).await;
    let home = ada.post("/api/addresses", texas("Ada Home"), 201).await;
    fill_cart(&ada, 0, 1).await;
    let quote = ada.post("/api/checkout/quote", json!({}), 200).await;
    assert_eq!(quote["addressId"], home["id"], "the default address, unasked");
    let order = ada.post("/api/orders", order_of(&quote, json!({})), 201).await;
    assert_eq!(order["address"]["name"], "Ada Home");
    let path = format!("/api/addresses/{}", home["id"]);
    ada.write(Method::PUT, &path, Some(texas("Somebody Else")), 200).await;
    assert_eq!(ada.send(Method::DELETE, &path, None).await.status(), 204);
    let orders = ada.get_json("/api/orders", 200).await;
    assert_eq!(orders["Orders"][0]["address"]["name"], "Ada Home");
    assert_eq!(orders["Orders"][0]["address"]["city"], "Austin");
}

/// Many writes of one shopper's book at once, each asking to be the default: exactly
/// one default, and exactly 20 addresses kept of 25 sent.
#[actix_web::test]
async fn concurrent_writes_keep_one_default_and_twenty_addresses() {
    let app = spawn_app().await;
    let ada = shopper(&app).await;
    let sends = (0..25).map(|n| {
        let mut body = texas(&format!("Ada {n}"));
        body["isDefault"] = json!(n % 2 == 0);
        ada.send(Method::POST, "/api/addresses", Some(body))
    });
    let answers = futures_util::future::join_all(sends).await;
    let statuses: Vec<u16> = answers.iter().map(|r| r.status().as_u16()).collect();
    assert_eq!(statuses.iter().filter(|s| **s == 201).count(), 20, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == 409).count(), 5, "{statuses:?}");
    let book = ada.get_json("/api/addresses", 200).await["Addresses"].clone();
    assert_eq!(book.as_array().unwrap().iter().filter(|a| a["isDefault"] == true).count(), 1);
    assert_eq!(app.sql_number("SELECT count(*) FROM addresses WHERE is_default = TRUE").await, 1);
}
