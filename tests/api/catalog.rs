use serde_json::{Value, json};

use crate::helpers::{assert_error_shape, in_stock, place_order, spawn_app};

fn has_at_most_two_decimals(price: &Value) -> bool {
    let cents = price.as_f64().unwrap() * 100.0;
    price.as_f64().unwrap() > 0.0 && (cents - cents.round()).abs() < 1e-6
}

#[actix_web::test]
async fn departments_lists_the_seeded_departments_with_their_fixed_ids() {
    let app = spawn_app().await;
    let body = app.get_json("/api/departments", 200).await;
    let departments = body["Departments"].as_array().unwrap();
    assert!(departments.len() >= 12, "at least 12 departments");
    let name_of =
        |id: i64| departments.iter().find(|d| d["id"] == id).map(|d| d["name"].as_str().unwrap().to_owned());
    assert_eq!(name_of(5).as_deref(), Some("Electronics"));
    assert_eq!(name_of(6).as_deref(), Some("Video Games"));
    assert_eq!(name_of(8).as_deref(), Some("Pets"));
    assert_eq!(name_of(9).as_deref(), Some("Furniture"));
    for d in departments {
        let url = d["url"].as_str().unwrap();
        let picture = app.get(url).await;
        assert_eq!(picture.status(), 200, "department picture {url} is served");
        assert_eq!(picture.headers()["content-type"], "image/webp");
    }
}

#[actix_web::test]
async fn every_department_has_product_cards_with_everything_a_card_shows() {
    let app = spawn_app().await;
    let departments = app.get_json("/api/departments", 200).await;
    let mut products = 0;
    let mut reviews = 0;
    for d in departments["Departments"].as_array().unwrap() {
        let id = d["id"].as_i64().unwrap();
        let body = app.get_json(&format!("/api/departments/{id}/products"), 200).await;
        assert_eq!(body["id"], id);
        assert_eq!(body["name"], d["name"]);
        let cards = body["Products"].as_array().unwrap();
        assert!(cards.len() >= 10, "department {id} has at least 10 products");
        for card in cards {
            assert_eq!(card["departmentId"], id);
            for field in ["name", "brand", "previewImage"] {
                assert!(!card[field].as_str().unwrap().is_empty(), "{field} of {card}");
            }
            assert!(has_at_most_two_decimals(&card["price"]), "price of {card}");
            let rating = card["avgRating"].as_f64().unwrap();
            assert!((0.0..=5.0).contains(&rating));
            reviews += card["numReviews"].as_i64().unwrap();
        }
        products += cards.len();
    }
    assert!(products >= 150, "at least 150 products, got {products}");
    assert!(reviews >= 400, "at least 400 reviews, got {reviews}");
}

#[actix_web::test]
async fn the_landing_page_promo_products_are_in_their_departments() {
    let app = spawn_app().await;
    let tv = app.get_json("/api/products/51", 200).await;
    assert_eq!(tv["departmentId"], 5);
    assert_eq!(tv["Department"]["id"], 5);
    assert_eq!(tv["Department"]["name"], "Electronics");
    let game = app.get_json("/api/products/61", 200).await;
    assert_eq!(game["Department"]["id"], 6);
    assert_eq!(game["Department"]["name"], "Video Games");
}

#[actix_web::test]
async fn a_product_has_its_department_and_three_to_five_images() {
    let app = spawn_app().await;
    let p = app.get_json("/api/products/51", 200).await;
    for field in ["name", "brand", "description", "previewImage"] {
        assert!(!p[field].as_str().unwrap().is_empty(), "{field}");
    }
    assert!(has_at_most_two_decimals(&p["price"]));
    let images = p["ProductImages"].as_array().unwrap();
    assert!((3..=5).contains(&images.len()), "3 to 5 images, got {}", images.len());
    assert_eq!(images[0]["url"], p["previewImage"], "the first image is the preview");
    for image in images {
        assert!(image["id"].is_i64());
        assert!(image["background"].as_str().unwrap().starts_with('#'));
    }
    let picture = app.get(p["previewImage"].as_str().unwrap()).await;
    assert_eq!(picture.status(), 200);
}

#[actix_web::test]
async fn product_reviews_come_newest_first_with_their_authors_and_match_the_rating() {
    let app = spawn_app().await;
    let p = app.get_json("/api/products/51", 200).await;
    let body = app.get_json("/api/products/51/reviews", 200).await;
    let reviews = body["Reviews"].as_array().unwrap();
    assert!(!reviews.is_empty(), "product 51 has reviews");
    assert_eq!(reviews.len() as i64, p["numReviews"].as_i64().unwrap());
    let mean = reviews.iter().map(|r| r["rating"].as_f64().unwrap()).sum::<f64>() / reviews.len() as f64;
    assert!((p["avgRating"].as_f64().unwrap() - mean).abs() < 0.006, "avgRating is the mean");
    let dates: Vec<&str> = reviews.iter().map(|r| r["createdAt"].as_str().unwrap()).collect();
    assert!(dates.windows(2).all(|w| w[0] >= w[1]), "newest first: {dates:?}");
    for r in reviews {
        assert_eq!(r["productId"], 51);
        assert!((1..=5).contains(&r["rating"].as_i64().unwrap()));
        assert!(r["createdAt"].as_str().unwrap().ends_with('Z'));
        assert!(!r["User"]["firstName"].as_str().unwrap().is_empty());
        assert!(!r["User"]["lastName"].as_str().unwrap().is_empty());
        assert!(r["User"]["url"].as_str().unwrap().starts_with("/assets/"));
        assert_eq!(r["Product"]["id"], 51);
        assert_eq!(r["Product"]["departmentId"], 5);
    }
}

#[actix_web::test]
async fn ids_that_are_not_numbers_or_overflow_answer_400_in_the_error_shape() {
    let app = spawn_app().await;
    for path in [
        "/api/departments/abc/products",
        "/api/departments/99999999999999999999/products",
        "/api/products/abc",
        "/api/products/1.5",
        "/api/products/99999999999999999999",
        "/api/products/x/reviews",
    ] {
        let body = app.get_json(path, 400).await;
        assert_error_shape(&body);
    }
}

#[actix_web::test]
async fn missing_departments_and_products_answer_404_in_the_error_shape() {
    let app = spawn_app().await;
    for path in [
        "/api/departments/999/products",
        "/api/departments/0/products",
        "/api/products/99999",
        "/api/products/-1",
        "/api/products/99999/reviews",
    ] {
        let body = app.get_json(path, 404).await;
        let message = assert_error_shape(&body);
        assert!(message.contains("couldn't be found"), "{path}: {message}");
    }
}

#[actix_web::test]
async fn unknown_api_routes_and_wrong_methods_answer_json_not_the_app() {
    let app = spawn_app().await;
    let body = app.get_json("/api/nothing-here", 404).await;
    assert_error_shape(&body);
    let body = app.get_json("/api/departments/5/nope", 404).await;
    assert_error_shape(&body);
    app.open().await;
    let res = app.send(reqwest::Method::DELETE, "/api/departments", None).await;
    assert_eq!(res.status(), 405);
    assert_error_shape(&crate::helpers::json_body(res).await);
}

/// A browser keeps a catalog answer (`no-cache`) and asks again with its tag: nothing
/// is sent until a review changes the product.
#[actix_web::test]
async fn catalog_answers_revalidate_with_their_etag_until_a_review_changes_them() {
    let app = spawn_app().await;
    let revalidate =
        |etag: String| app.client.get(app.url("/api/products/51")).header("if-none-match", etag).send();
    let first = app.get("/api/products/51").await;
    assert_eq!(first.headers()["cache-control"], "no-cache");
    let etag = first.headers()["etag"].to_str().unwrap().to_owned();
    let before: Value = first.json().await.unwrap();

    let unchanged = revalidate(etag.clone()).await.unwrap();
    assert_eq!(unchanged.status(), 304);
    assert_eq!(unchanged.headers()["etag"], etag.as_str());
    assert_eq!(unchanged.headers()["cache-control"], "no-cache", "still kept, still revalidated");
    assert!(unchanged.bytes().await.unwrap().is_empty());

    app.sign_up().await;
    app.post(
        "/api/products/51/reviews",
        json!({"rating": 1, "title": "Broke", "description": "It broke within the first week of use."}),
        201,
    )
    .await;
    let changed = revalidate(etag.clone()).await.unwrap();
    assert_eq!(changed.status(), 200, "the review changed the product's rating");
    assert_ne!(changed.headers()["etag"], etag.as_str());
    let after: Value = changed.json().await.unwrap();
    assert_eq!(after["numReviews"], before["numReviews"].as_i64().unwrap() + 1);
}

/// Browsers always accept compressed answers; they get the same JSON, brotli when they
/// take it, each representation with a tag of its own.
#[actix_web::test]
async fn catalog_answers_come_compressed_to_browsers_and_decompress_to_the_same_json() {
    let app = spawn_app().await;
    let path = "/api/departments/5/products";
    let plain = app.get(path).await;
    let plain_etag = plain.headers()["etag"].to_str().unwrap().to_owned();
    let json = plain.bytes().await.unwrap();
    let get = |accept: &'static str| app.client.get(app.url(path)).header("accept-encoding", accept).send();
    let mut etags = vec![plain_etag];
    for (accept, coding) in [("gzip, deflate, br, zstd", "br"), ("gzip, deflate", "gzip")] {
        for _ in 0..2 {
            let res = get(accept).await.unwrap();
            assert_eq!(res.status(), 200);
            assert_eq!(res.headers()["content-encoding"], coding, "{accept}");
            assert_eq!(res.headers()["vary"], "accept-encoding");
            assert_eq!(res.headers()["content-type"], "application/json; charset=utf-8");
            etags.push(res.headers()["etag"].to_str().unwrap().to_owned());
            let body = res.bytes().await.unwrap();
            let mut decoded = Vec::new();
            if coding == "br" {
                brotli::BrotliDecompress(&mut &body[..], &mut decoded).unwrap();
            } else {
                std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&body[..]), &mut decoded)
                    .unwrap();
            }
            assert_eq!(decoded, json, "{coding} decodes to the plain answer");
            assert!(body.len() < json.len() / 3, "{coding}: {} of {} bytes", body.len(), json.len());
        }
    }
    etags.dedup();
    assert_eq!(etags.len(), 3, "one tag per representation, the same on a repeat: {etags:?}");
}

/// A write that no handler knows about (made here straight in the database file, as
/// another process or a new handler that never heard of the answer cache would make
/// it) still reaches every answer the server keeps: the database logs what each write
/// changes, and the server reads that log.
#[actix_web::test]
async fn a_write_no_handler_knows_about_still_changes_every_kept_answer_it_touches() {
    let app = spawn_app().await;
    let user_id = app.sign_up().await["id"].as_i64().unwrap();
    app.post("/api/favorites", json!({"productId": 52}), 200).await;
    let card = |list: &Value| {
        list.as_array().unwrap().iter().find(|c| c["id"] == 52 || c["productId"] == 52).cloned()
    };
    let seen = || async {
        let product = app.get_json("/api/products/52", 200).await["numReviews"].clone();
        let reviews =
            app.get_json("/api/products/52/reviews", 200).await["Reviews"].as_array().unwrap().len();
        let shelf = card(&app.get_json("/api/departments/5/products", 200).await["Products"]).unwrap();
        let favorite = card(&app.get_json("/api/favorites", 200).await["Products"]).unwrap();
        let cart = app.get_json("/api/cart", 200).await["Products"].as_array().unwrap().len();
        (
            product.as_i64().unwrap(),
            reviews as i64,
            shelf["numReviews"].clone(),
            favorite["numReviews"].clone(),
            cart,
        )
    };
    let before = seen().await; // every answer is now kept
    assert_eq!(seen().await, before, "kept answers repeat themselves");

    app.sql(&format!(
        "INSERT INTO reviews (user_id, product_id, rating, title, description, created_at)
         VALUES ({user_id}, 52, 1, 'Broke at once', 'The handle came off the first time I used it.', 1793491200000);
         INSERT INTO cart_items (user_id, product_id, created_at) VALUES ({user_id}, 51, 1793491200000)"
    ))
    .await;

    let count = before.0 + 1;
    let expected = (count, before.1 + 1, json!(count), json!(count), before.4 + 1);
    let mut now = seen().await;
    for _ in 0..40 {
        if now == expected {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        now = seen().await;
    }
    assert_eq!(now, expected, "product, reviews, department shelf, favorites and cart, within two seconds");
}

/// A sale takes its units off the product's page and off its card in its department's
/// list and in a search at once (a sale is logged apart from other changes, and the
/// catalog index does not follow it), and a sell-out, which the index does follow,
/// takes the product out of the "In stock" lists within a second.
/// Units are told from 10 down (`stock::as_told`): more than 10 is told as 11, so a sale
/// that leaves more than 10 changes no answer, and one that leaves 10 or fewer changes
/// the product's and every card's at once.
#[actix_web::test]
async fn a_sale_shows_on_the_product_and_its_cards_from_ten_left_and_a_sell_out_leaves_the_in_stock_lists() {
    let app = spawn_app().await;
    app.sign_up().await;
    let id = in_stock(0);
    app.sql(&format!("UPDATE products SET stock = 12 WHERE id = {id}")).await;
    let page = format!("/api/products/{id}");
    let product = app.get_json(&page, 200).await;
    let department = product["departmentId"].as_i64().unwrap();
    let list = format!("/api/departments/{department}/products?limit=96");
    let in_stock_list = format!("{list}&inStock=true");
    let search = format!("/api/search?q={}", product["name"].as_str().unwrap().replace(' ', "+"));
    let card = |answer: Value| answer["Products"].as_array().unwrap().iter().find(|c| c["id"] == id).cloned();
    let stock = |answer: Option<Value>| answer.expect("the product's card")["stock"].as_i64().unwrap();
    let told = async |units: i64| {
        assert_eq!(app.get_json(&page, 200).await["stock"], units);
        assert_eq!(stock(card(app.get_json(&list, 200).await)), units);
        assert_eq!(stock(card(app.get_json(&search, 200).await)), units);
    };
    // Each answer asked once first, so a kept one would show.
    told(11).await;
    assert!(card(app.get_json(&in_stock_list, 200).await).is_some());

    place_order(&app, id).await;
    told(11).await; // 11 left: more than 10
    place_order(&app, id).await;
    told(10).await;
    place_order(&app, id).await;
    told(9).await;

    app.sql(&format!("UPDATE products SET stock = 1 WHERE id = {id}")).await;
    place_order(&app, id).await;
    assert_eq!(app.get_json(&page, 200).await["stock"], 0);
    let listed = app.get_json_within_a_second(&in_stock_list, |answer| card(answer.clone()).is_none()).await;
    assert!(card(listed).is_none(), "a sold-out product is in no In stock list");
    assert_eq!(stock(card(app.get_json(&list, 200).await)), 0, "but in its department's, sold out");
}
