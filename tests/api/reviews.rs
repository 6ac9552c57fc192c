//! Reviews: one per shopper and product, only the author changes it, and the product's
//! rating always follows.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, assert_error_shape, browser, json_body, spawn_app};

const DESCRIPTION: &str = "Works well and arrived in two days.";

fn review(rating: i64, title: &str) -> Value {
    json!({"rating": rating, "title": title, "description": DESCRIPTION})
}

/// The product's (numReviews, avgRating in hundredths).
pub async fn rating_of(app: &TestApp, product: i64) -> (i64, i64) {
    let p = app.get_json(&format!("/api/products/{product}"), 200).await;
    (p["numReviews"].as_i64().unwrap(), (p["avgRating"].as_f64().unwrap() * 100.0).round() as i64)
}

/// The count and exact mean (in hundredths, rounded) of the product's listed reviews.
pub async fn mean_of_reviews(app: &TestApp, product: i64) -> (i64, i64) {
    let body = app.get_json(&format!("/api/products/{product}/reviews"), 200).await;
    let ratings: Vec<i64> =
        body["Reviews"].as_array().unwrap().iter().map(|r| r["rating"].as_i64().unwrap()).collect();
    if ratings.is_empty() {
        return (0, 0);
    }
    let sum: i64 = ratings.iter().sum();
    (ratings.len() as i64, (sum as f64 * 100.0 / ratings.len() as f64).round() as i64)
}

#[actix_web::test]
async fn reviewing_needs_a_signed_in_shopper() {
    let app = spawn_app().await;
    app.open().await;
    let seeded = app.get_json("/api/products/51/reviews", 200).await;
    let id = seeded["Reviews"][0]["id"].as_i64().expect("product 51 has seeded reviews");
    assert_error_shape(&app.get_json("/api/reviews/current", 401).await);
    assert_error_shape(&app.post("/api/products/51/reviews", review(1, "Anonymous"), 401).await);
    assert_error_shape(
        &app.write(Method::PUT, &format!("/api/reviews/{id}"), Some(review(1, "Hacked")), 401).await,
    );
    assert_error_shape(&app.delete(&format!("/api/reviews/{id}"), 401).await);
    assert_eq!(app.get_json("/api/products/51/reviews", 200).await, seeded);
}

#[actix_web::test]
async fn a_new_review_comes_back_with_its_author_and_product() {
    let app = spawn_app().await;
    let user = app.sign_up().await;
    let product = app.get_json("/api/products/51", 200).await;
    let body = app.post("/api/products/51/reviews", review(4, "Solid buy"), 201).await;
    assert!(body["id"].as_i64().is_some_and(|id| id > 0));
    assert_eq!(body["productId"], 51);
    assert_eq!(body["rating"], 4);
    assert_eq!(body["title"], "Solid buy");
    assert_eq!(body["description"], DESCRIPTION);
    assert!(body["createdAt"].as_str().unwrap().ends_with('Z'), "{body}");
    assert_eq!(body["User"]["firstName"], user["firstName"]);
    assert_eq!(body["User"]["lastName"], user["lastName"]);
    assert!(!body["User"]["url"].as_str().unwrap().is_empty());
    assert_eq!(
        body["Product"],
        json!({
            "id": 51,
            "departmentId": 5,
            "name": product["name"],
            "previewImage": product["previewImage"],
        })
    );
    let listed = app.get_json("/api/products/51/reviews", 200).await;
    assert_eq!(listed["Reviews"][0], body, "newest first on the product too");
}

#[actix_web::test]
async fn a_new_review_moves_the_products_count_and_exact_mean() {
    let app = spawn_app().await;
    app.sign_up().await;
    let (count, avg) = rating_of(&app, 51).await;
    assert_eq!(mean_of_reviews(&app, 51).await, (count, avg), "seeded figures agree");
    app.post("/api/products/51/reviews", review(1, "Disappointing"), 201).await;
    let after = rating_of(&app, 51).await;
    assert_eq!(after.0, count + 1);
    assert_eq!(after, mean_of_reviews(&app, 51).await);
    assert!(avg == 100 || after.1 < avg, "a 1-star review lowers the mean: {avg} -> {}", after.1);

    // The department's product card shows the same.
    let dept = app.get_json("/api/departments/5/products", 200).await;
    let card = dept["Products"].as_array().unwrap().iter().find(|c| c["id"] == 51).unwrap().clone();
    assert_eq!(card["numReviews"], after.0);
    assert_eq!((card["avgRating"].as_f64().unwrap() * 100.0).round() as i64, after.1);
}

#[actix_web::test]
async fn a_second_review_of_the_same_product_is_a_409() {
    let app = spawn_app().await;
    app.sign_up().await;
    let first = app.post("/api/products/51/reviews", review(5, "Love it"), 201).await;
    let before = rating_of(&app, 51).await;
    let body = app.post("/api/products/51/reviews", review(1, "Changed my mind"), 409).await;
    assert_error_shape(&body);
    assert_eq!(rating_of(&app, 51).await, before);
    assert_eq!(app.get_json("/api/reviews/current", 200).await, json!({"Reviews": [first]}));

    // Another shopper may still review it.
    let other = browser(&app);
    other.sign_up().await;
    other.post("/api/products/51/reviews", review(2, "Not for me"), 201).await;
    assert_eq!(rating_of(&app, 51).await.0, before.0 + 1);
}

#[actix_web::test]
async fn my_reviews_are_listed_newest_first() {
    let app = spawn_app().await;
    app.sign_up().await;
    assert_eq!(app.get_json("/api/reviews/current", 200).await, json!({"Reviews": []}));
    let mut written = Vec::new();
    for product in [51, 61, 1] {
        written
            .push(app.post(&format!("/api/products/{product}/reviews"), review(3, "Fine enough"), 201).await);
    }
    written.reverse();
    assert_eq!(app.get_json("/api/reviews/current", 200).await, json!({"Reviews": written}));

    // Only mine: another shopper's list stays empty.
    let other = browser(&app);
    other.sign_up().await;
    assert_eq!(other.get_json("/api/reviews/current", 200).await, json!({"Reviews": []}));
}

#[actix_web::test]
async fn the_author_edits_a_review_and_the_rating_follows() {
    let app = spawn_app().await;
    app.sign_up().await;
    let created = app.post("/api/products/51/reviews", review(5, "Love it"), 201).await;
    let id = created["id"].as_i64().unwrap();
    let (count, avg) = rating_of(&app, 51).await;

    let edit =
        json!({"rating": 1, "title": "It broke", "description": "Stopped working after a week of use."});
    let updated = app.write(Method::PUT, &format!("/api/reviews/{id}"), Some(edit), 200).await;
    assert_eq!(updated["id"], id);
    assert_eq!(updated["rating"], 1);
    assert_eq!(updated["title"], "It broke");
    assert_eq!(updated["description"], "Stopped working after a week of use.");
    assert_eq!(updated["Product"], created["Product"]);
    assert_eq!(updated["User"], created["User"]);

    let after = rating_of(&app, 51).await;
    assert_eq!(after.0, count, "an edit is not a new review");
    assert_eq!(after, mean_of_reviews(&app, 51).await);
    assert!(after.1 < avg, "5 stars to 1 lowers the mean: {avg} -> {}", after.1);
    assert_eq!(app.get_json("/api/reviews/current", 200).await["Reviews"], json!([updated]));
}

#[actix_web::test]
async fn another_shopper_cannot_edit_or_delete_a_review() {
    let app = spawn_app().await;
    app.sign_up().await;
    let mine = app.post("/api/products/51/reviews", review(5, "Love it"), 201).await;
    let before = (app.get_json("/api/reviews/current", 200).await, rating_of(&app, 51).await);

    let other = browser(&app);
    other.sign_up().await;
    let path = format!("/api/reviews/{}", mine["id"]);
    let body = other.write(Method::PUT, &path, Some(review(1, "Sabotage")), 403).await;
    assert_error_shape(&body);
    assert_error_shape(&other.delete(&path, 403).await);

    // A seeded shopper's review is just as safe.
    let seeded = app.get_json("/api/products/61/reviews", 200).await["Reviews"][0].clone();
    let seeded_path = format!("/api/reviews/{}", seeded["id"]);
    other.write(Method::PUT, &seeded_path, Some(review(1, "Sabotage")), 403).await;
    other.delete(&seeded_path, 403).await;
    let listed = app.get_json("/api/products/61/reviews", 200).await;
    assert!(listed["Reviews"].as_array().unwrap().contains(&seeded));

    let after = (app.get_json("/api/reviews/current", 200).await, rating_of(&app, 51).await);
    assert_eq!(after, before);
}

#[actix_web::test]
async fn an_unknown_review_or_product_is_a_404() {
    let app = spawn_app().await;
    app.sign_up().await;
    let body = app.write(Method::PUT, "/api/reviews/999999", Some(review(4, "Nowhere")), 404).await;
    assert_error_shape(&body);
    assert_error_shape(&app.delete("/api/reviews/999999", 404).await);
    assert_error_shape(&app.post("/api/products/999999/reviews", review(4, "Nowhere"), 404).await);
    assert_error_shape(&app.get_json("/api/products/999999/reviews", 404).await);
    assert_eq!(app.get_json("/api/reviews/current", 200).await, json!({"Reviews": []}));
}

#[actix_web::test]
async fn deleting_a_review_gives_the_product_its_rating_back() {
    let app = spawn_app().await;
    app.sign_up().await;
    let before = rating_of(&app, 51).await;
    let created = app.post("/api/products/51/reviews", review(1, "Not impressed"), 201).await;
    let id = created["id"].as_i64().unwrap();
    assert_eq!(rating_of(&app, 51).await.0, before.0 + 1);

    let body = app.delete(&format!("/api/reviews/{id}"), 200).await;
    assert_eq!(body, json!({"message": "Successfully deleted", "id": id}));
    assert_eq!(rating_of(&app, 51).await, before);
    assert_eq!(app.get_json("/api/reviews/current", 200).await, json!({"Reviews": []}));
    assert_error_shape(&app.delete(&format!("/api/reviews/{id}"), 404).await);

    // The product can be reviewed again.
    app.post("/api/products/51/reviews", review(4, "Second look"), 201).await;
}

/// Each broken rule with its exact message (docs/rules.md#field-rules).
fn broken_reviews() -> Vec<(Value, &'static str)> {
    let d = DESCRIPTION;
    vec![
        (json!({"title": "Great", "description": d}), "Please enter a rating."),
        (json!({"rating": null, "title": "Great", "description": d}), "Please enter a rating."),
        (json!({"rating": 0, "title": "Great", "description": d}), "Please enter a rating."),
        (json!({"rating": 6, "title": "Great", "description": d}), "Please enter a rating."),
        (json!({"rating": -1, "title": "Great", "description": d}), "Please enter a rating."),
        (json!({"rating": 4, "title": "Grea", "description": d}), "Please write a longer title."),
        (json!({"rating": 4, "title": "a", "description": d}), "Please write a longer title."),
        (json!({"rating": 4, "title": "x".repeat(51), "description": d}), "Please write a shorter title."),
        (
            json!({"rating": 4, "title": "Great", "description": "d".repeat(19)}),
            "Please write a longer description.",
        ),
        (
            json!({"rating": 4, "title": "Great", "description": "d".repeat(256)}),
            "Please write a shorter description.",
        ),
    ]
}

#[actix_web::test]
async fn each_broken_rule_has_the_spec_message_and_creates_nothing() {
    let app = spawn_app().await;
    app.sign_up().await;
    let before = rating_of(&app, 51).await;
    for (body, message) in broken_reviews() {
        let answer = app.post("/api/products/51/reviews", body.clone(), 400).await;
        assert_error_shape(&answer);
        assert_eq!(answer["errors"], json!([message]), "{body}");
    }
    let answer = app.post("/api/products/51/reviews", json!({"rating": 9}), 400).await;
    let mut errors: Vec<&str> =
        answer["errors"].as_array().unwrap().iter().map(|e| e.as_str().unwrap()).collect();
    errors.sort_unstable();
    assert_eq!(
        errors,
        ["Please enter a rating.", "Please write a longer description.", "Please write a longer title."],
        "one line per broken rule"
    );
    assert_eq!(rating_of(&app, 51).await, before);
    assert_eq!(app.get_json("/api/reviews/current", 200).await, json!({"Reviews": []}));
}

#[actix_web::test]
async fn each_broken_rule_has_the_spec_message_on_edit_and_changes_nothing() {
    let app = spawn_app().await;
    app.sign_up().await;
    let created = app.post("/api/products/51/reviews", review(5, "Love it"), 201).await;
    let path = format!("/api/reviews/{}", created["id"]);
    let before = rating_of(&app, 51).await;
    for (body, message) in broken_reviews() {
        let answer = app.write(Method::PUT, &path, Some(body.clone()), 400).await;
        assert_error_shape(&answer);
        assert_eq!(answer["errors"], json!([message]), "{body}");
    }
    assert_eq!(rating_of(&app, 51).await, before);
    assert_eq!(app.get_json("/api/reviews/current", 200).await, json!({"Reviews": [created]}));
}

#[actix_web::test]
async fn the_length_limits_themselves_are_allowed() {
    let app = spawn_app().await;
    app.sign_up().await;
    let short = json!({"rating": 1, "title": "Great", "description": "d".repeat(20)});
    let created = app.post("/api/products/51/reviews", short, 201).await;
    assert_eq!(created["description"].as_str().unwrap().len(), 20);
    let long = json!({"rating": 5, "title": "t".repeat(50), "description": "d".repeat(255)});
    let updated =
        app.write(Method::PUT, &format!("/api/reviews/{}", created["id"]), Some(long.clone()), 200).await;
    assert_eq!((&updated["title"], &updated["description"]), (&long["title"], &long["description"]));
    // Characters, not bytes: 50 accented letters are a valid title.
    let accents = json!({"rating": 5, "title": "é".repeat(50), "description": DESCRIPTION});
    app.post("/api/products/61/reviews", accents, 201).await;
}

#[actix_web::test]
async fn review_text_is_stored_and_returned_exactly_as_typed() {
    let app = spawn_app().await;
    app.sign_up().await;
    let title = "<script>alert(1)</script>";
    let description = "<img src=x onerror=\"alert('hi')\"> & <b>bold</b> 'quotes' \\ done";
    let body = json!({"rating": 3, "title": title, "description": description});
    let created = app.post("/api/products/51/reviews", body, 201).await;
    assert_eq!(
        (created["title"].as_str(), created["description"].as_str()),
        (Some(title), Some(description))
    );

    let res = app.get("/api/products/51/reviews").await;
    let listed = json_body(res).await;
    let found =
        listed["Reviews"].as_array().unwrap().iter().find(|r| r["id"] == created["id"]).unwrap().clone();
    assert_eq!((found["title"].as_str(), found["description"].as_str()), (Some(title), Some(description)));
    let mine = app.get_json("/api/reviews/current", 200).await;
    assert_eq!(mine["Reviews"][0]["title"], title);
    assert_eq!(mine["Reviews"][0]["description"], description);
}

/// What the catalog answers about product 51: its (count, mean) on its page, on its
/// department's card, and the number of reviews listed.
async fn catalog_view_of_51(app: &TestApp) -> ((i64, i64), (i64, i64), usize) {
    let card = app.get_json("/api/departments/5/products", 200).await["Products"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == 51)
        .cloned()
        .unwrap();
    let card =
        (card["numReviews"].as_i64().unwrap(), (card["avgRating"].as_f64().unwrap() * 100.0).round() as i64);
    let listed = app.get_json("/api/products/51/reviews", 200).await["Reviews"].as_array().unwrap().len();
    (rating_of(app, 51).await, card, listed)
}

#[actix_web::test]
async fn answers_the_catalog_already_gave_follow_every_review_write() {
    let app = spawn_app().await;
    let (page, card, listed) = catalog_view_of_51(&app).await;
    assert_eq!(page, card);
    app.sign_up().await;

    let created = app.post("/api/products/51/reviews", review(1, "Disappointing"), 201).await;
    let after_create = catalog_view_of_51(&app).await;
    assert_eq!(after_create.0.0, page.0 + 1, "the page counts the new review");
    assert_eq!(after_create.1, after_create.0, "the department's card agrees");
    assert_eq!(after_create.2, listed + 1, "the list shows it");
    assert_eq!(after_create.0, mean_of_reviews(&app, 51).await);

    let path = format!("/api/reviews/{}", created["id"]);
    app.write(Method::PUT, &path, Some(review(5, "Grew on me")), 200).await;
    let after_edit = catalog_view_of_51(&app).await;
    assert!(after_edit.0.1 > after_create.0.1, "1 star to 5 raises the mean");
    assert_eq!(after_edit.1, after_edit.0);
    assert_eq!(after_edit.0, mean_of_reviews(&app, 51).await);

    app.delete(&path, 200).await;
    assert_eq!(catalog_view_of_51(&app).await, (page, card, listed), "back to where it started");
}
