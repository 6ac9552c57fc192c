//! Favorites: one per shopper and product, shown as the favorites page lists them.

use serde_json::json;

use crate::helpers::{assert_error_shape, browser, spawn_app};

#[actix_web::test]
async fn favorites_need_a_signed_in_shopper() {
    let app = spawn_app().await;
    app.open().await;
    assert_error_shape(&app.get_json("/api/favorites", 401).await);
    assert_error_shape(&app.post("/api/favorites", json!({"productId": 51}), 401).await);
    assert_error_shape(&app.delete("/api/favorites/1", 401).await);
}

#[actix_web::test]
async fn favoriting_answers_the_favorite_as_the_list_shows_it() {
    let app = spawn_app().await;
    app.sign_up().await;
    let product = app.get_json("/api/products/51", 200).await;
    let favorite = app.post("/api/favorites", json!({"productId": 51}), 200).await;
    assert!(favorite["favoriteId"].as_i64().is_some_and(|id| id > 0), "{favorite}");
    assert_eq!(favorite["id"], favorite["favoriteId"]);
    assert_eq!(favorite["productId"], 51);
    assert_eq!(favorite["departmentId"], 5);
    for field in ["name", "brand", "price", "previewImage", "avgRating", "numReviews"] {
        assert_eq!(favorite[field], product[field], "{field}");
    }
    assert!(favorite["price"].is_number() && favorite["avgRating"].is_number());

    let list = app.get_json("/api/favorites", 200).await;
    assert_eq!(list, json!({"Products": [favorite]}));
}

#[actix_web::test]
async fn favoriting_twice_answers_the_same_favorite_and_keeps_one() {
    let app = spawn_app().await;
    app.sign_up().await;
    let first = app.post("/api/favorites", json!({"productId": 51}), 200).await;
    let again = app.post("/api/favorites", json!({"productId": 51}), 200).await;
    assert_eq!(again["favoriteId"], first["favoriteId"]);
    assert_eq!(again, first);
    let list = app.get_json("/api/favorites", 200).await;
    assert_eq!(list["Products"].as_array().unwrap().len(), 1);

    let other = app.post("/api/favorites", json!({"productId": 61}), 200).await;
    assert_ne!(other["favoriteId"], first["favoriteId"]);
    let mut ids: Vec<i64> = app.get_json("/api/favorites", 200).await["Products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["productId"].as_i64().unwrap())
        .collect();
    ids.sort_unstable();
    assert_eq!(ids, [51, 61]);
}

#[actix_web::test]
async fn favoriting_an_unknown_or_bad_product_fails() {
    let app = spawn_app().await;
    app.sign_up().await;
    assert_error_shape(&app.post("/api/favorites", json!({"productId": 999999}), 404).await);
    for body in [json!({}), json!({"productId": "x"}), json!({"productId": 0})] {
        assert_error_shape(&app.post("/api/favorites", body, 400).await);
    }
    assert_eq!(app.get_json("/api/favorites", 200).await, json!({"Products": []}));
}

#[actix_web::test]
async fn another_shoppers_favorite_cannot_be_removed() {
    let app = spawn_app().await;
    app.sign_up().await;
    let favorite = app.post("/api/favorites", json!({"productId": 51}), 200).await;
    let before = app.get_json("/api/favorites", 200).await;
    let thief = browser(&app);
    thief.sign_up().await;
    assert_error_shape(&thief.delete(&format!("/api/favorites/{}", favorite["id"]), 403).await);
    assert_eq!(app.get_json("/api/favorites", 200).await, before);
    assert_eq!(thief.get_json("/api/favorites", 200).await, json!({"Products": []}));
}

#[actix_web::test]
async fn removing_a_favorite() {
    let app = spawn_app().await;
    app.sign_up().await;
    assert_error_shape(&app.delete("/api/favorites/999999", 404).await);

    let keep = app.post("/api/favorites", json!({"productId": 61}), 200).await;
    let favorite = app.post("/api/favorites", json!({"productId": 51}), 200).await;
    let id = favorite["id"].as_i64().unwrap();
    let body = app.delete(&format!("/api/favorites/{id}"), 200).await;
    assert_eq!(body, json!({"message": "Successfully deleted", "id": id}));
    assert_eq!(app.get_json("/api/favorites", 200).await, json!({"Products": [keep]}));
    assert_error_shape(&app.delete(&format!("/api/favorites/{id}"), 404).await);

    // It can be favorited again afterwards.
    let again = app.post("/api/favorites", json!({"productId": 51}), 200).await;
    assert_eq!(again["productId"], 51);
}

#[actix_web::test]
async fn a_favorites_list_already_shown_follows_a_new_review_of_a_favorite() {
    let app = spawn_app().await;
    app.sign_up().await;
    app.post("/api/favorites", json!({"productId": 51}), 200).await;
    let before = app.get_json("/api/favorites", 200).await["Products"][0]["numReviews"].as_i64().unwrap();
    let review =
        json!({"rating": 1, "title": "Not for me", "description": "Returned it after a week of use."});
    app.post("/api/products/51/reviews", review, 201).await;
    let after = app.get_json("/api/favorites", 200).await["Products"][0]["numReviews"].as_i64().unwrap();
    assert_eq!(after, before + 1);
}
