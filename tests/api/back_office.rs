//! The back office: staff roles at the gate of every `/api/admin` route, the product
//! and order calls with their audit entries, stock taken by orders, and `market staff`.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, assert_error_shape, browser, json_body, spawn_app, spawn_app_with};

/// A shopper of `app` (signed up in a new browser) given `role`, as `market staff add`
/// would (the command itself is tested below, on a stopped store).
async fn with_role(app: &TestApp, role: &str) -> TestApp {
    let member = browser(app);
    let user = member.sign_up().await;
    app.sql(&format!("UPDATE users SET role = '{role}' WHERE id = {}", user["id"])).await;
    member
}

async fn patch(app: &TestApp, path: &str, body: Value, status: u16) -> Value {
    app.write(Method::PATCH, path, Some(body), status).await
}

fn new_product() -> Value {
    json!({"name": "Trail Headlamp 2", "brand": "Northlight", "departmentId": 5, "price": 24.99,
           "description": "A light, bright headlamp for the trail and the tent.", "stock": 40})
}

#[actix_web::test]
async fn every_admin_route_names_a_staff_role_and_refuses_visitors_and_shoppers() {
    let admin: Vec<_> =
        market::api::ROUTES.iter().filter(|(_, path, _, _)| path.starts_with("/api/admin")).collect();
    assert!(!admin.is_empty());
    for (method, path, access, _) in &admin {
        assert!(["viewer", "staff", "owner"].contains(access), "{method} {path} is {access}");
        if *method != "get" {
            assert_ne!(*access, "viewer", "{method} {path} changes something: viewers only look");
        }
    }
    let app = spawn_app().await;
    let shopper = browser(&app);
    shopper.sign_up().await;
    let visitor = browser(&app);
    visitor.open().await;
    for (method, path, _, _) in admin {
        let path = path.replace("{id}", "51");
        let method = Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
        let body = (method != Method::GET && method != Method::DELETE).then(|| json!({}));
        let res = visitor.send(method.clone(), &path, body.clone()).await;
        assert_eq!(res.status().as_u16(), 401, "a visitor's {method} {path}");
        assert_error_shape(&json_body(res).await);
        let res = shopper.send(method.clone(), &path, body).await;
        assert_eq!(res.status().as_u16(), 403, "a shopper's {method} {path}");
        assert_error_shape(&json_body(res).await);
    }
}

#[actix_web::test]
async fn a_viewer_reads_the_back_office_and_changes_nothing() {
    let app = spawn_app().await;
    let viewer = with_role(&app, "viewer").await;
    assert_eq!(viewer.get_json("/api/session", 200).await["user"]["role"], "viewer");
    let list = viewer.get_json("/api/admin/products?q=51", 200).await;
    assert_eq!(list["Products"][0]["id"], 51);
    let refusal = patch(&viewer, "/api/admin/products/51", json!({"price": 1.0}), 403).await;
    assert_error_shape(&refusal);
    assert_eq!(
        app.get_json("/api/products/51", 200).await["price"],
        viewer.get_json("/api/admin/products/51", 200).await["price"]
    );
    assert_eq!(app.sql_number("SELECT count(*) FROM audit_log").await, 0);
}

#[actix_web::test]
async fn staff_create_a_product_change_its_price_and_stock_archive_and_restore_it_each_in_the_audit_log() {
    let app = spawn_app().await;
    let staff = with_role(&app, "staff").await;
    let created = staff.post("/api/admin/products", new_product(), 201).await;
    let id = created["id"].as_i64().unwrap();
    assert_eq!((created["stock"].clone(), created["status"].clone()), (json!(40), json!("active")));
    assert_eq!(created["sku"], format!("MKT-{id:06}"));
    let shown = app.get_json(&format!("/api/products/{id}"), 200).await;
    assert_eq!(
        (shown["name"].clone(), shown["price"].clone(), shown["stock"].clone()),
        (json!("Trail Headlamp 2"), json!(24.99), json!(40))
    );
    let found = app.get_json("/api/search?q=headlamp%20northlight", 200).await;
    assert!(found["Products"].as_array().unwrap().iter().any(|p| p["id"] == id), "search finds it");

    patch(&staff, &format!("/api/admin/products/{id}"), json!({"price": 19.5, "stock": 3}), 200).await;
    let shown = app.get_json(&format!("/api/products/{id}"), 200).await;
    assert_eq!(
        (shown["price"].clone(), shown["stock"].clone()),
        (json!(19.5), json!(3)),
        "the storefront shows it at once"
    );

    staff.delete(&format!("/api/admin/products/{id}"), 200).await;
    app.get_json(&format!("/api/products/{id}"), 404).await;
    let found = app.get_json("/api/search?q=headlamp%20northlight", 200).await;
    assert!(!found["Products"].as_array().unwrap().iter().any(|p| p["id"] == id), "search drops it");
    let archived = staff.get_json("/api/admin/products?status=archived", 200).await;
    assert_eq!(archived["Products"][0]["id"], id);
    staff.post(&format!("/api/admin/products/{id}/restore"), json!({}), 200).await;
    app.get_json(&format!("/api/products/{id}"), 200).await;

    let actions = app.sql_number("SELECT count(*) FROM audit_log WHERE thing = 'product'").await;
    assert_eq!(actions, 4, "create, update, archive, restore");
}

#[actix_web::test]
async fn bad_product_input_is_refused_naming_each_field_and_changes_nothing() {
    let app = spawn_app().await;
    let staff = with_role(&app, "staff").await;
    let refusal = staff
        .post(
            "/api/admin/products",
            json!({"name": "X", "price": 1.999, "stock": -1, "departmentId": 5}),
            400,
        )
        .await;
    let errors = refusal["errors"].as_array().unwrap();
    assert!(errors.len() >= 4, "{refusal}");
    let mut body = new_product();
    body["departmentId"] = json!(999);
    let refusal = staff.post("/api/admin/products", body, 400).await;
    assert_eq!(refusal["errors"], json!(["departmentId: there is no such department."]));
    let taken = patch(&staff, "/api/admin/products/52", json!({"sku": "mkt-000051"}), 409).await;
    assert_eq!(taken["message"], "Another product has this SKU.");
    let mass = patch(&staff, "/api/admin/products/51", json!({"id": 7, "reviewCount": 0}), 400).await;
    assert_error_shape(&mass);
    assert_eq!(app.sql_number("SELECT count(*) FROM audit_log").await, 0);
}

async fn order_cart(shopper: &TestApp) -> reqwest::Response {
    let cart = shopper.get_json("/api/cart", 200).await;
    let body = json!({"total": cart["total"], "products": cart["Products"]});
    shopper.send(Method::POST, "/api/orders", Some(body)).await
}

#[actix_web::test]
async fn an_order_takes_its_units_and_one_the_store_cannot_fill_takes_none_naming_each_product_short() {
    let app = spawn_app().await;
    let staff = with_role(&app, "staff").await;
    patch(&staff, "/api/admin/products/53", json!({"stock": 2}), 200).await;
    let before_51 = app.get_json("/api/products/51", 200).await["stock"].as_i64().unwrap();
    let shopper = browser(&app);
    shopper.sign_up().await;
    for id in [51, 53, 53, 53] {
        shopper.post("/api/cart", json!({"productId": id}), 201).await;
    }
    let res = order_cart(&shopper).await;
    assert_eq!(res.status().as_u16(), 409);
    let refusal = json_body(res).await;
    assert_error_shape(&refusal);
    assert_eq!(
        refusal["shortages"],
        json!([{"productId": 53, "name": refusal["shortages"][0]["name"], "wanted": 3, "left": 2}])
    );
    assert_eq!(app.get_json("/api/products/51", 200).await["stock"], before_51, "nothing was taken");
    assert_eq!(
        shopper.get_json("/api/cart", 200).await["Products"].as_array().unwrap().len(),
        4,
        "the cart is kept"
    );

    let line = shopper.get_json("/api/cart", 200).await["Products"][3]["cartId"].as_i64().unwrap();
    shopper.delete(&format!("/api/cart/{line}"), 200).await;
    let res = order_cart(&shopper).await;
    assert_eq!(res.status().as_u16(), 201);
    assert_eq!(app.get_json("/api/products/51", 200).await["stock"], before_51 - 1);
    assert_eq!(app.get_json("/api/products/53", 200).await["stock"], 0);
    let refusal = shopper.post("/api/cart", json!({"productId": 53}), 409).await;
    assert_eq!(refusal["message"], "This product is out of stock.");
}

#[actix_web::test]
async fn an_order_moves_along_one_step_at_a_time_and_a_cancelled_one_gives_its_units_back() {
    let app = spawn_app().await;
    let staff = with_role(&app, "staff").await;
    let shopper = browser(&app);
    shopper.sign_up().await;
    let stock = app.get_json("/api/products/61", 200).await["stock"].as_i64().unwrap();
    shopper.post("/api/cart", json!({"productId": 61}), 201).await;
    let order = json_body(order_cart(&shopper).await).await;
    let path = format!("/api/admin/orders/{}", order["id"]);
    assert_eq!(order["status"], "Received");
    let skip = patch(&staff, &path, json!({"status": "Shipped"}), 409).await;
    assert_eq!(skip["message"], "An order that is Received cannot become Shipped.");
    patch(&staff, &path, json!({"status": "Packed"}), 200).await;
    let shipped = patch(&staff, &path, json!({"status": "Shipped"}), 200).await;
    assert_eq!(shipped["status"], "Shipped");
    let mine = shopper.get_json("/api/orders", 200).await;
    assert_eq!(mine["Orders"][0]["status"], "Shipped", "the shopper sees it shipped");
    assert_eq!(mine["Orders"][0]["statusChangedAt"], shipped["statusChangedAt"]);
    patch(&staff, &path, json!({"status": "Cancelled"}), 409).await;
    patch(&staff, &path, json!({"status": "Packed"}), 409).await;
    assert_eq!(app.get_json("/api/products/61", 200).await["stock"], stock - 1);

    shopper.post("/api/cart", json!({"productId": 61}), 201).await;
    let second = json_body(order_cart(&shopper).await).await;
    patch(&staff, &format!("/api/admin/orders/{}", second["id"]), json!({"status": "Cancelled"}), 200).await;
    assert_eq!(app.get_json("/api/products/61", 200).await["stock"], stock - 1, "its unit is back");
    let listed = staff.get_json("/api/admin/orders?status=Cancelled", 200).await;
    assert_eq!(listed["Orders"][0]["id"], second["id"]);
    assert_eq!(app.sql_number("SELECT count(*) FROM audit_log WHERE thing = 'order'").await, 3);
}

/// The proof: 500 shoppers hold the last 10 units in their carts and all press
/// "Place your order" at once. Exactly 10 orders, stock 0 and never below, and 490
/// clear refusals.
#[actix_web::test]
async fn five_hundred_shoppers_ordering_the_last_ten_units_at_once_make_exactly_ten_orders() {
    const SHOPPERS: usize = 500;
    const UNITS: i64 = 10;
    let app = spawn_app_with(|config| config.rate_limits = None).await;
    let staff = with_role(&app, "staff").await;
    patch(&staff, "/api/admin/products/54", json!({"stock": UNITS}), 200).await;
    let signing_up: Vec<_> = (0..SHOPPERS)
        .map(|_| {
            let shopper = browser(&app);
            actix_web::rt::spawn(async move {
                shopper.sign_up().await;
                shopper.post("/api/cart", json!({"productId": 54}), 201).await;
                let cart = shopper.get_json("/api/cart", 200).await;
                (shopper, json!({"total": cart["total"], "products": cart["Products"]}))
            })
        })
        .collect();
    let mut ready = Vec::new();
    for handle in signing_up {
        ready.push(handle.await.expect("signed up with the product in the cart"));
    }
    let ordering: Vec<_> = ready
        .into_iter()
        .map(|(shopper, body)| {
            actix_web::rt::spawn(async move {
                let res = shopper.send(Method::POST, "/api/orders", Some(body)).await;
                let status = res.status().as_u16();
                (status, json_body(res).await)
            })
        })
        .collect();
    let mut placed = 0;
    for handle in ordering {
        let (status, body) = handle.await.unwrap();
        match status {
            201 => placed += 1,
            409 => assert_eq!(body["shortages"][0]["left"], 0, "{body}"),
            other => panic!("an order answered {other}: {body}"),
        }
    }
    assert_eq!(placed, UNITS);
    assert_eq!(app.get_json("/api/products/54", 200).await["stock"], 0);
    assert_eq!(app.sql_number("SELECT count(*) FROM order_items WHERE product_id = 54").await, UNITS);
    assert_eq!(app.sql_number("SELECT min(stock) FROM products").await, 0, "never below zero");
}
