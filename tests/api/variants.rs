//! Options and variants (docs/rules.md#variants): the product's answer and cards, the
//! cart's choice of a variant and its refusals, orders taking a variant's units, the
//! back office's whole-set save and what it refuses, a cart line whose variant went,
//! and the no-oversell guarantee per variant.

use reqwest::Method;
use serde_json::{Value, json};

use crate::back_office::{order_cart, patch, with_role};
use crate::helpers::{TestApp, assert_error_shape, browser, json_body, spawn_app, spawn_app_with};

/// The seed's crew-neck T-shirt: 5 sizes by 3 colours, XL $2 more.
const TEE: i64 = 25;

async fn put_variants(staff: &TestApp, product: i64, body: Value, status: u16) -> Value {
    staff.write(Method::PUT, &format!("/api/admin/products/{product}/variants"), Some(body), status).await
}

fn variant<'a>(product: &'a Value, size: &str, colour: &str) -> &'a Value {
    product["variants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["options"]["Size"] == size && v["options"]["Colour"] == colour)
        .unwrap_or_else(|| panic!("{size} {colour} is sold"))
}

#[actix_web::test]
async fn a_product_with_options_answers_its_variants_and_its_card_says_from_its_price() {
    let app = spawn_app().await;
    let tee = app.get_json(&format!("/api/products/{TEE}"), 200).await;
    assert_eq!(
        tee["options"],
        json!([{"name": "Size", "values": ["XS", "S", "M", "L", "XL"]},
               {"name": "Colour", "values": ["White", "Black", "Navy"]}])
    );
    let variants = tee["variants"].as_array().unwrap();
    assert_eq!(variants.len(), 15);
    let text = app.get(&format!("/api/products/{TEE}")).await.text().await.unwrap();
    assert!(text.contains(r#""options":{"Size":"XS","Colour":"White"}"#), "in the options' order: {text}");
    assert_eq!(variant(&tee, "XL", "Navy")["price"], 14.0);
    assert_eq!(variant(&tee, "M", "Navy")["price"], tee["price"]);
    let sum =
        app.sql_number(&format!("SELECT sum(stock) FROM product_variants WHERE product_id = {TEE}")).await;
    let units = app.sql_number(&format!("SELECT stock FROM products WHERE id = {TEE}")).await;
    assert_eq!(units, sum, "the product sells its variants' units");
    assert_eq!(tee["stock"], units.min(11), "told from 10 down");
    assert_eq!((tee["price"].clone(), tee["priceTo"].clone()), (json!(12.0), json!(14.0)));

    let listed = app.get_json("/api/departments/3/products?limit=96", 200).await;
    let card = listed["Products"].as_array().unwrap().iter().find(|c| c["id"] == TEE).unwrap().clone();
    assert_eq!((card["price"].clone(), card["priceTo"].clone()), (json!(12.0), json!(14.0)));
    let plain = app.get_json("/api/products/51", 200).await;
    assert_eq!((plain["options"].clone(), plain["variants"].clone()), (json!([]), json!([])));
    assert_eq!(plain["priceTo"], Value::Null);
}

#[actix_web::test]
async fn the_cart_takes_one_of_the_product_s_variants_and_names_what_is_missing_or_wrong() {
    let app = spawn_app().await;
    let shopper = browser(&app);
    shopper.sign_up().await;
    let tee = app.get_json(&format!("/api/products/{TEE}"), 200).await;
    let phone = app.get_json("/api/products/50", 200).await;

    let missing = shopper.post("/api/cart", json!({"productId": TEE}), 400).await;
    assert_error_shape(&missing);
    assert_eq!(
        missing["message"],
        "variantId is missing: choose the Size and Colour of Men's Classic Crew Neck T-Shirt."
    );
    let other = phone["variants"][0]["id"].clone();
    let wrong = shopper.post("/api/cart", json!({"productId": TEE, "variantId": other}), 400).await;
    assert_eq!(wrong["message"], format!("variantId {other} is not a variant of product {TEE}."));
    let plain = shopper.post("/api/cart", json!({"productId": 51, "variantId": other}), 400).await;
    assert_eq!(plain["message"], "Product 51 has no variants: send no variantId.");
    shopper.post("/api/cart", json!({"productId": TEE, "variantId": 0}), 400).await;
    assert_eq!(shopper.get_json("/api/cart", 200).await["Products"], json!([]), "nothing was added");

    let navy = variant(&tee, "XL", "Navy");
    let line = shopper.post("/api/cart", json!({"productId": TEE, "variantId": navy["id"]}), 201).await;
    assert_eq!(line["variantId"], navy["id"]);
    assert_eq!(line["price"], 14.0, "the variant's own price");
    assert_eq!(
        line["options"],
        json!([{"name": "Size", "value": "XL"}, {"name": "Colour", "value": "Navy"}])
    );
    assert_eq!(line["variantGone"], false);
    let sold_out =
        tee["variants"].as_array().unwrap().iter().find(|v| v["stock"] == 0).expect("a size sold out");
    let refused =
        shopper.post("/api/cart", json!({"productId": TEE, "variantId": sold_out["id"]}), 409).await;
    assert_eq!(refused["message"], "This product is out of stock.");
}

#[actix_web::test]
async fn an_order_takes_the_variant_s_units_keeps_its_values_and_a_cancelled_one_gives_them_back() {
    let app = spawn_app().await;
    let staff = with_role(&app, "staff").await;
    let shopper = browser(&app);
    shopper.sign_up().await;
    let tee = app.get_json(&format!("/api/products/{TEE}"), 200).await;
    let units = async |id: &Value| {
        app.sql_number(&format!("SELECT stock FROM product_variants WHERE id = {id}")).await
    };
    let product_units = format!("SELECT stock FROM products WHERE id = {TEE}");
    let before = app.sql_number(&product_units).await;
    let in_stock: Vec<Value> = tee["variants"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|v| v["stock"].as_i64() > Some(2))
        .cloned()
        .collect();
    let (small, large) = (in_stock[0].clone(), in_stock[1].clone());
    let (small_units, large_units) = (units(&small["id"]).await, units(&large["id"]).await);
    let values = |v: &Value| json!([{"name": "Size", "value": v["options"]["Size"]}, {"name": "Colour", "value": v["options"]["Colour"]}]);
    for v in [&small, &small, &large] {
        shopper.post("/api/cart", json!({"productId": TEE, "variantId": v["id"]}), 201).await;
    }
    let res = order_cart(&shopper).await;
    assert_eq!(res.status().as_u16(), 201);
    let order = json_body(res).await;
    assert_eq!(order["Products"][0]["options"], values(&small));
    assert_eq!(order["Products"][2]["variantId"], large["id"]);
    let after = app.get_json(&format!("/api/products/{TEE}"), 200).await;
    let size = |v: &Value| {
        (
            v["options"]["Size"].as_str().unwrap().to_owned(),
            v["options"]["Colour"].as_str().unwrap().to_owned(),
        )
    };
    let ((s1, c1), (s2, c2)) = (size(&small), size(&large));
    assert_eq!(units(&small["id"]).await, small_units - 2);
    assert_eq!(units(&large["id"]).await, large_units - 1);
    assert_eq!(app.sql_number(&product_units).await, before - 3);
    assert_eq!(variant(&after, &s1, &c1)["stock"], (small_units - 2).min(11), "told from 10 down");
    assert_eq!(variant(&after, &s2, &c2)["stock"], (large_units - 1).min(11));
    let mine = shopper.get_json("/api/orders", 200).await;
    assert_eq!(mine["Orders"][0]["Products"][1]["options"], values(&small), "the account's orders say it");

    patch(&staff, &format!("/api/admin/orders/{}", order["id"]), json!({"status": "Cancelled"}), 200).await;
    let back = app.get_json(&format!("/api/products/{TEE}"), 200).await;
    assert_eq!(app.sql_number(&product_units).await, before);
    assert_eq!(units(&small["id"]).await, small_units);
    assert_eq!(variant(&back, &s1, &c1)["stock"], small["stock"]);
}

fn sizes(stock_m: i64) -> Value {
    json!({
        "options": [{"name": "Size", "values": ["S", "M"]}],
        "variants": [
            {"sku": "TV-S", "options": {"Size": "S"}, "stock": 4},
            {"sku": "TV-M", "options": {"Size": "M"}, "price": 650.0, "stock": stock_m}
        ]
    })
}

#[actix_web::test]
async fn staff_save_options_whole_and_a_cart_holding_a_variant_that_went_is_refused_by_name() {
    let app = spawn_app().await;
    let staff = with_role(&app, "staff").await;
    let path = "/api/products/51";
    let before = app.get_json(path, 200).await;

    // Each refusal names its problem and changes nothing.
    let four: Vec<Value> = (0..4).map(|i| json!({"name": format!("O{i}"), "values": ["a"]})).collect();
    for (body, said) in [
        (json!({"options": four, "variants": []}), "A product has at most 3 options."),
        (
            json!({"options": [{"name": "Size", "values": ["S"]}, {"name": "size", "values": ["M"]}],
                   "variants": [{"sku": "X-1", "options": {"Size": "S"}, "stock": 1}]}),
            "There are two options named \"size\".",
        ),
        (
            json!({"options": [{"name": "Size", "values": ["S", "S"]}],
                   "variants": [{"sku": "X-1", "options": {"Size": "S"}, "stock": 1}]}),
            "The option \"Size\" has the value \"S\" twice.",
        ),
        (
            json!({"options": [{"name": "Size", "values": ["S"]}],
                   "variants": [{"sku": "X-1", "options": {"Size": "XL"}, "stock": 1}]}),
            "Variant 1: \"Size\" has no value \"XL\".",
        ),
        (
            json!({"options": [{"name": "Size", "values": ["S"]}],
                   "variants": [{"sku": "X-1", "options": {"Size": "S"}, "price": 1.0, "stock": 1}]}),
            "X-1: a variant asks at least the product's price, $599.99, its \"from\" price.",
        ),
        (
            json!({"options": [{"name": "Size", "values": ["S"]}],
                   "variants": [{"sku": "MKT-000052", "options": {"Size": "S"}, "stock": 1}]}),
            "MKT-000052: another product has this SKU.",
        ),
        (
            json!({"options": [{"name": "Size", "values": ["S"]}],
                   "variants": [{"id": 1, "sku": "X-1", "options": {"Size": "S"}, "stock": 1}]}),
            "X-1: variant 1 is not one of this product's.",
        ),
    ] {
        let refused = put_variants(&staff, 51, body, 400).await;
        assert_error_shape(&refused);
        assert!(refused["errors"].as_array().unwrap().contains(&json!(said)), "{said}: {refused}");
    }
    let many: Vec<Value> = (0..2001)
        .map(|i| json!({"sku": format!("V-{i}"), "options": {"N": i.to_string()}, "stock": 1}))
        .collect();
    let refused =
        put_variants(&staff, 51, json!({"options": [{"name": "N", "values": ["0"]}], "variants": many}), 400)
            .await;
    assert!(refused["errors"].as_array().unwrap().contains(&json!("A product has at most 2000 variants.")));
    assert_eq!(app.get_json(path, 200).await, before, "nothing was written");

    let saved = put_variants(&staff, 51, sizes(3), 200).await;
    assert_eq!(saved["variants"][1]["price"], 650.0);
    assert_eq!(saved["variants"][0]["price"], Value::Null, "the product's");
    let tv = app.get_json(path, 200).await;
    assert_eq!((tv["stock"].clone(), tv["priceTo"].clone()), (json!(7), json!(650.0)));
    let refused = patch(&staff, "/api/admin/products/51", json!({"stock": 10}), 400).await;
    assert_eq!(
        refused["errors"][0],
        "stock: this product sells its variants' units; change them in its variants."
    );
    let refused = patch(&staff, "/api/admin/products/51", json!({"price": 700.0}), 400).await;
    assert!(refused["errors"][0].as_str().unwrap().contains("TV-M ($650.00) asks less"), "{refused}");

    let shopper = browser(&app);
    shopper.sign_up().await;
    let medium = tv["variants"][1]["id"].clone();
    shopper.post("/api/cart", json!({"productId": 51, "variantId": medium}), 201).await;
    // Kept by id, a variant keeps its cart lines when it is renamed and restocked.
    let mut kept = sizes(9);
    kept["variants"][1]["id"] = medium.clone();
    kept["variants"][1]["sku"] = json!("TV-MEDIUM");
    put_variants(&staff, 51, kept, 200).await;
    let cart = shopper.get_json("/api/cart", 200).await;
    assert_eq!(cart["Products"][0]["variantGone"], false);

    // Left out, it is gone: the line says so, and checkout refuses it by name.
    put_variants(&staff, 51, sizes(9), 200).await;
    let cart = shopper.get_json("/api/cart", 200).await;
    assert_eq!(cart["Products"][0]["variantGone"], true);
    let res = order_cart(&shopper).await;
    assert_eq!(res.status().as_u16(), 409);
    let refusal = json_body(res).await;
    assert_error_shape(&refusal);
    assert_eq!(refusal["message"], "Some items in your cart are no longer sold as you chose them.");
    assert!(
        refusal["errors"][0]
            .as_str()
            .unwrap()
            .starts_with("Lumen 65\" Class 4K UHD QLED Smart TV is no longer sold")
    );
    assert_eq!(app.sql_number("SELECT count(*) FROM orders").await, 0);

    let audit = staff.get_json("/api/admin/audit", 200).await;
    let saves =
        audit["Entries"].as_array().unwrap().iter().filter(|e| e["action"] == "product.variants").count();
    assert_eq!(saves, 3);
    // No options, no variants: sold as one thing again, with no stock until it is set.
    put_variants(&staff, 51, json!({"options": [], "variants": []}), 200).await;
    let plain = app.get_json(path, 200).await;
    assert_eq!((plain["stock"].clone(), plain["variants"].clone()), (json!(0), json!([])));
}

/// The no-oversell guarantee, per variant: 60 shoppers hold the last 5 units of one size
/// and all order at once. Exactly 5 orders; the other size keeps every unit.
#[actix_web::test]
async fn sixty_shoppers_ordering_the_last_five_of_one_variant_at_once_make_exactly_five_orders() {
    const SHOPPERS: usize = 60;
    let app = spawn_app_with(|config| config.rate_limits = None).await;
    let staff = with_role(&app, "staff").await;
    let saved = put_variants(&staff, 51, sizes(5), 200).await;
    let medium = saved["variants"][1]["id"].as_i64().unwrap();
    let ready: Vec<_> = (0..SHOPPERS)
        .map(|_| {
            let shopper = browser(&app);
            actix_web::rt::spawn(async move {
                shopper.sign_up().await;
                shopper.post("/api/cart", json!({"productId": 51, "variantId": medium}), 201).await;
                let cart = shopper.get_json("/api/cart", 200).await;
                (shopper, json!({"total": cart["total"], "products": cart["Products"]}))
            })
        })
        .collect();
    let mut shoppers = Vec::new();
    for handle in ready {
        shoppers.push(handle.await.unwrap());
    }
    let ordering: Vec<_> = shoppers
        .into_iter()
        .map(|(shopper, body)| {
            actix_web::rt::spawn(async move {
                let res = shopper.send(Method::POST, "/api/orders", Some(body)).await;
                (res.status().as_u16(), json_body(res).await)
            })
        })
        .collect();
    let mut placed = 0;
    for handle in ordering {
        let (status, body) = handle.await.unwrap();
        match status {
            201 => placed += 1,
            409 => assert_eq!(
                body["shortages"][0]["name"], "Lumen 65\" Class 4K UHD QLED Smart TV (M)",
                "{body}"
            ),
            other => panic!("an order answered {other}: {body}"),
        }
    }
    assert_eq!(placed, 5);
    let tv = app.get_json("/api/products/51", 200).await;
    assert_eq!(
        (tv["variants"][1]["stock"].clone(), tv["variants"][0]["stock"].clone()),
        (json!(0), json!(4))
    );
    assert_eq!(tv["stock"], 4, "the product's units are its variants' sum");
    assert_eq!(app.sql_number("SELECT min(stock) FROM product_variants").await, 0, "never below zero");
}

fn option_facet<'a>(answer: &'a Value, name: &str) -> &'a Vec<Value> {
    let facets = answer["facets"]["options"].as_array().unwrap();
    let found =
        facets.iter().find(|o| o["name"] == name).unwrap_or_else(|| panic!("a {name} facet: {facets:?}"));
    found["values"].as_array().unwrap()
}

fn count_of(values: &[Value], value: &str) -> u64 {
    values.iter().find(|v| v["value"] == value).map_or(0, |v| v["count"].as_u64().unwrap())
}

#[actix_web::test]
async fn lists_and_search_filter_by_option_values_and_count_each_under_the_others() {
    let app = spawn_app().await;
    let all = app.get_json("/api/departments/3/products?limit=96", 200).await;
    let sizes = option_facet(&all, "Size");
    let order: Vec<&str> = sizes.iter().map(|v| v["value"].as_str().unwrap()).collect();
    let (xs, xl) =
        (order.iter().position(|v| *v == "XS").unwrap(), order.iter().position(|v| *v == "XL").unwrap());
    assert!(xs < xl, "sizes in the order products list them: {order:?}");
    // Gloves come in S/M and L/XL: each between the sizes it spans.
    assert_eq!(order, ["XS", "S", "S/M", "M", "L", "L/XL", "XL"]);
    let navy = count_of(option_facet(&all, "Colour"), "Navy");
    assert!(navy >= 1);

    // One value: exactly the products sold in it, as many as its facet said.
    let in_navy = app.get_json("/api/departments/3/products?limit=96&option=Colour:Navy", 200).await;
    assert_eq!(in_navy["total"].as_u64().unwrap(), navy);
    for card in in_navy["Products"].as_array().unwrap() {
        let product = app.get_json(&format!("/api/products/{}", card["id"]), 200).await;
        assert!(product["variants"].as_array().unwrap().iter().any(|v| v["options"]["Colour"] == "Navy"));
    }
    // Its own option's counts stay as they were (ticking a second colour widens); the
    // other options' are counted among the navy products only.
    assert_eq!(option_facet(&in_navy, "Colour"), option_facet(&all, "Colour"));
    let black = count_of(option_facet(&all, "Colour"), "Black");
    let either = app
        .get_json("/api/departments/3/products?limit=96&option=Colour:Navy&option=Colour:Black", 200)
        .await;
    assert!(either["total"].as_u64().unwrap() >= navy.max(black));
    let navy_m = count_of(option_facet(&in_navy, "Size"), "M");
    let both =
        app.get_json("/api/departments/3/products?limit=96&option=Colour:Navy&option=Size:M", 200).await;
    assert_eq!(both["total"].as_u64().unwrap(), navy_m, "options together: all of them");
    assert!(navy_m >= 1 && navy_m <= navy);
    // Other facets count only the products sold in the values asked.
    assert_eq!(in_navy["facets"]["inStock"].as_u64().unwrap(), navy);

    // With a brand ticked as well: each value counted among that brand's products.
    let branded = "/api/departments/3/products?limit=96&brand=Common%20Thread";
    let navy_of_brand = count_of(option_facet(&app.get_json(branded, 200).await, "Colour"), "Navy");
    assert!(navy_of_brand >= 1, "the tee is Common Thread's");
    let both = app.get_json(&format!("{branded}&option=Colour:Navy"), 200).await;
    assert_eq!(both["total"].as_u64().unwrap(), navy_of_brand);
    // A value ticked that none of the brand's products is sold in stays, with 0.
    let gloves = app.get_json(&format!("{branded}&option=Size:L%2FXL"), 200).await;
    assert_eq!(gloves["total"], 0);
    assert_eq!(count_of(option_facet(&gloves, "Size"), "L/XL"), 0);
    assert!(option_facet(&gloves, "Size").iter().any(|v| v["value"] == "L/XL"), "the ticked value shows");

    let searched = app.get_json("/api/search?q=shirt&option=Size:M", 200).await;
    assert!(searched["total"].as_u64().unwrap() >= 1);
    assert!(searched["Products"].as_array().unwrap().iter().all(|p| p["hasOptions"] == true));
    let none = app.get_json("/api/departments/5/products", 200).await;
    assert!(
        !none["facets"]["options"].as_array().unwrap().iter().any(|o| o["name"] == "Waist"),
        "electronics have no waist"
    );

    for bad in ["option=Size", "option=:M", "option=Size:"] {
        let refused = app.get_json(&format!("/api/departments/3/products?{bad}"), 400).await;
        assert_error_shape(&refused);
    }
    let many: Vec<String> = (0..21).map(|i| format!("option=Size:{i}")).collect();
    app.get_json(&format!("/api/departments/3/products?{}", many.join("&")), 400).await;
}

#[actix_web::test]
async fn an_archived_product_leaves_its_department_s_option_counts() {
    let app = spawn_app().await;
    let staff = with_role(&app, "staff").await;
    let tee = app.get_json(&format!("/api/products/{TEE}"), 200).await;
    let department = tee["departmentId"].as_i64().unwrap();
    let list = format!("/api/departments/{department}/products?limit=96");
    let before = app.get_json(&list, 200).await;
    let black = count_of(option_facet(&before, "Colour"), "Black");
    assert!(black >= 2, "the tee and others come in black");
    // Unfiltered counts come from the values' index alone: they agree with a list of
    // exactly the products sold in each value.
    let in_black = app.get_json(&format!("{list}&option=Colour:Black"), 200).await;
    assert_eq!(in_black["total"].as_u64().unwrap(), black);
    let black_m = count_of(option_facet(&in_black, "Size"), "M");
    let m_in_black = app.get_json(&format!("{list}&option=Colour:Black&option=Size:M"), 200).await;
    assert_eq!(m_in_black["total"].as_u64().unwrap(), black_m, "options ticked: counted from the index too");

    staff.delete(&format!("/api/admin/products/{TEE}"), 200).await;
    let after = app
        .get_json_within_a_second(&list, |a| count_of(option_facet(a, "Colour"), "Black") == black - 1)
        .await;
    assert_eq!(count_of(option_facet(&after, "Colour"), "Black"), black - 1, "the tee came in black");
    for size in ["XS", "S", "M", "L", "XL"] {
        assert_eq!(
            count_of(option_facet(&after, "Size"), size),
            count_of(option_facet(&before, "Size"), size) - 1,
            "{size}: the archived tee is not counted"
        );
    }
    let in_black = app.get_json(&format!("{list}&option=Colour:Black"), 200).await;
    assert_eq!(in_black["total"].as_u64().unwrap(), black - 1);
    assert_eq!(count_of(option_facet(&in_black, "Size"), "M"), black_m - 1, "the tee came in M, in black");

    staff.post(&format!("/api/admin/products/{TEE}/restore"), json!({}), 200).await;
    let restored = app
        .get_json_within_a_second(&list, |r| option_facet(r, "Colour") == option_facet(&before, "Colour"))
        .await;
    assert_eq!(option_facet(&restored, "Colour"), option_facet(&before, "Colour"));
    assert_eq!(option_facet(&restored, "Size"), option_facet(&before, "Size"));
}

#[actix_web::test]
async fn a_favorite_keeps_the_variant_chosen_until_it_is_no_longer_sold() {
    let app = spawn_app().await;
    let staff = with_role(&app, "staff").await;
    let shopper = browser(&app);
    shopper.sign_up().await;
    let tee = app.get_json(&format!("/api/products/{TEE}"), 200).await;
    let (m_navy, xl_navy) =
        (variant(&tee, "M", "Navy")["id"].clone(), variant(&tee, "XL", "Navy")["id"].clone());

    // The product page's heart keeps the choice; the list names its values.
    let kept = shopper.post("/api/favorites", json!({"productId": TEE, "variantId": m_navy}), 200).await;
    assert_eq!(kept["variantId"], m_navy);
    assert_eq!(kept["options"], json!([{"name": "Size", "value": "M"}, {"name": "Colour", "value": "Navy"}]));
    let listed = shopper.get_json("/api/favorites", 200).await;
    assert_eq!(listed["Products"][0]["variantId"], m_navy);
    // A card's heart (no variant) keeps what it had; another choice is kept instead.
    let again = shopper.post("/api/favorites", json!({"productId": TEE}), 200).await;
    assert_eq!(
        (again["favoriteId"].clone(), again["variantId"].clone()),
        (kept["favoriteId"].clone(), m_navy.clone())
    );
    shopper.post("/api/favorites", json!({"productId": TEE, "variantId": xl_navy}), 200).await;
    let listed = shopper.get_json("/api/favorites", 200).await;
    assert_eq!(listed["Products"].as_array().unwrap().len(), 1, "one favorite a product");
    assert_eq!(listed["Products"][0]["variantId"], xl_navy, "the kept list follows the change");
    assert_eq!(listed["Products"][0]["options"][0]["value"], "XL");

    // Wrong variants are refused by name, and change nothing.
    let other = app.get_json("/api/products/26", 200).await["variants"][0]["id"].as_i64().unwrap();
    let wrong = shopper.post("/api/favorites", json!({"productId": TEE, "variantId": other}), 400).await;
    assert_error_shape(&wrong);
    assert_eq!(wrong["message"], format!("variantId {other} is not a variant of product {TEE}."));
    let plain = shopper.post("/api/favorites", json!({"productId": 51, "variantId": other}), 400).await;
    assert_eq!(plain["message"], "Product 51 has no variants: send no variantId.");
    assert_eq!(shopper.get_json("/api/favorites", 200).await["Products"][0]["variantId"], xl_navy);

    // Staff stop selling XL: the favorite keeps the product alone, at once.
    let saved = staff.get_json(&format!("/api/admin/products/{TEE}/variants"), 200).await;
    let kept_variants: Vec<Value> = saved["variants"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|v| v["options"]["Size"] != "XL")
        .map(|v| {
            let mut v = v.clone();
            v.as_object_mut().unwrap().remove("image");
            v
        })
        .collect();
    let mut options = saved["options"].clone();
    options[0]["values"] = json!(["XS", "S", "M", "L"]);
    put_variants(&staff, TEE, json!({"options": options, "variants": kept_variants}), 200).await;
    let after = shopper.get_json("/api/favorites", 200).await;
    assert_eq!(after["Products"][0]["productId"], TEE);
    assert_eq!(
        (after["Products"][0]["variantId"].clone(), after["Products"][0]["options"].clone()),
        (Value::Null, json!([]))
    );
}
