//! The back office: staff roles at the gate of every `/api/admin` route, the product
//! and order calls with their audit entries, stock taken by orders, and `market staff`.

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{TestApp, assert_error_shape, browser, json_body, spawn_app, spawn_app_with};

/// A shopper of `app` (signed up in a new browser) given `role`, as `market staff add`
/// would (the command itself is tested below, on a stopped store).
pub(crate) async fn with_role(app: &TestApp, role: &str) -> TestApp {
    let member = browser(app);
    let user = member.sign_up().await;
    app.sql(&format!("UPDATE users SET role = '{role}' WHERE id = {}", user["id"])).await;
    member
}

pub(crate) async fn patch(app: &TestApp, path: &str, body: Value, status: u16) -> Value {
    app.write(Method::PATCH, path, Some(body), status).await
}

fn new_product() -> Value {
    json!({"name": "Trail Headlamp 2", "brand": "Northlight", "departmentId": 5, "price": 24.99,
           "description": "A light, bright headlamp for the trail and the tent.", "stock": 40})
}

#[actix_web::test]
async fn a_product_moved_to_another_department_leaves_the_lists_kept_of_the_one_it_left() {
    let app = spawn_app().await;
    let staff = with_role(&app, "staff").await;
    let from = app.get_json("/api/products/51", 200).await["departmentId"].as_i64().unwrap();
    let to = if from == 1 { 2 } else { 1 };
    let (left, joined) = (
        format!("/api/departments/{from}/products?limit=96"),
        format!("/api/departments/{to}/products?limit=96"),
    );
    let lists = |page: &Value| page["Products"].as_array().unwrap().iter().any(|p| p["id"] == 51);
    // Both lists asked twice first, so that the server keeps them.
    for _ in 0..2 {
        assert!(lists(&app.get_json(&left, 200).await));
        assert!(!lists(&app.get_json(&joined, 200).await));
    }
    patch(&staff, "/api/admin/products/51", json!({"departmentId": to}), 200).await;
    let left_now = app.get_json_within_a_second(&left, |page| !lists(page)).await;
    assert!(!lists(&left_now), "the department it left no longer lists it, within a second");
    assert!(lists(&app.get_json(&joined, 200).await), "the department it joined lists it");
}

#[actix_web::test]
async fn staff_find_a_product_by_its_name_as_typed_each_word_whole_but_the_last() {
    let app = spawn_app().await;
    let staff = with_role(&app, "staff").await;
    let created = staff.post("/api/admin/products", new_product(), 201).await;
    let found = |page: &Value| page["Products"].as_array().unwrap().iter().any(|p| p["id"] == created["id"]);
    for typed in
        ["Trail%20Headlamp%202", "trail%20headlamp%202%20northlight", "trail%20headl", "northlight%20tr"]
    {
        let page = staff.get_json(&format!("/api/admin/products?q={typed}"), 200).await;
        assert!(found(&page), "{typed} finds it");
    }
    // Only the last word is still being typed; a single letter is a whole word.
    for typed in ["tra%20headlamp", "trail%20headlamp%20n"] {
        let page = staff.get_json(&format!("/api/admin/products?q={typed}"), 200).await;
        assert!(!found(&page), "{typed} does not find it");
    }
}

/// A search read a few at a time gives the same list as read whole, in every sort and
/// filter, and exactly the products whose name or brand has the word. On SQLite a page
/// among many matches is found by walking the sort's index and a large page by looking
/// the matches up, so this reads both ways over the same matches.
#[actix_web::test]
async fn a_search_pages_through_exactly_its_matches_in_every_sort_and_filter() {
    let app = spawn_app().await;
    let staff = with_role(&app, "staff").await;
    let every = |list: &Value| -> Vec<Value> { list["Products"].as_array().unwrap().clone() };
    let ids = |list: &[Value]| -> Vec<i64> { list.iter().map(|p| p["id"].as_i64().unwrap()).collect() };
    // Forty products with a word of their own, beside the catalog, in two departments,
    // at prices and stock levels of their own.
    for i in 0..40 {
        let product = json!({"name": format!("Quarry Lantern {i}"), "brand": "Fieldwise", "departmentId": 5 + i % 2,
            "price": 10.0 + f64::from((i * 7) % 40), "description": "A lantern for the quarry.", "stock": (i * 3) % 17});
        staff.post("/api/admin/products", product, 201).await;
    }
    let mut catalog = Vec::new();
    for page in 1.. {
        let list = every(&staff.get_json(&format!("/api/admin/products?limit=100&page={page}"), 200).await);
        if list.is_empty() {
            break;
        }
        catalog.extend(list);
    }
    let words_of = |p: &Value| -> Vec<String> {
        format!("{} {}", p["name"].as_str().unwrap(), p["brand"].as_str().unwrap())
            .to_lowercase()
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect()
    };
    // The last word typed is a prefix.
    let typed = "qua";
    let has = |p: &Value| words_of(p).iter().any(|w| w.starts_with(typed));
    // Two of its matches archived, one of them the department's, so that each filter
    // keeps a different part of the matches.
    let matching: Vec<&Value> = catalog.iter().filter(|p| has(p)).collect();
    assert!(matching.len() >= 40);
    let department = matching[0]["departmentId"].as_i64().unwrap();
    for p in [matching[0], matching[1]] {
        staff.write(Method::DELETE, &format!("/api/admin/products/{}", p["id"]), None, 200).await;
    }
    let archived = [matching[0]["id"].as_i64().unwrap(), matching[1]["id"].as_i64().unwrap()];
    for (filter, keeps) in [
        (
            "",
            Box::new(|p: &Value| !archived.contains(&p["id"].as_i64().unwrap()))
                as Box<dyn Fn(&Value) -> bool>,
        ),
        ("&status=archived", Box::new(|p: &Value| archived.contains(&p["id"].as_i64().unwrap()))),
        (
            &format!("&department={department}"),
            Box::new(|p: &Value| {
                p["departmentId"] == department && !archived.contains(&p["id"].as_i64().unwrap())
            }),
        ),
    ] {
        let mut expected: Vec<i64> =
            ids(&matching.iter().filter(|p| keeps(p)).map(|p| (*p).clone()).collect::<Vec<_>>());
        expected.sort();
        for sort in ["newest", "name", "price-asc", "price-desc", "stock"] {
            let path = format!("/api/admin/products?q={typed}{filter}&sort={sort}");
            let whole = staff.get_json(&format!("{path}&limit=100"), 200).await;
            let all = ids(&every(&whole));
            assert_eq!(whole["total"].as_u64().unwrap(), all.len() as u64, "{path}");
            let mut found = all.clone();
            found.sort();
            assert_eq!(found, expected, "{path}: exactly the products with {typed} in name or brand");
            let mut paged = Vec::new();
            for page in 1..=all.len().div_ceil(3) {
                let list = staff.get_json(&format!("{path}&limit=3&page={page}"), 200).await;
                assert_eq!(list["total"].as_u64().unwrap(), all.len() as u64, "{path}, page {page}");
                paged.extend(ids(&every(&list)));
            }
            assert_eq!(paged, all, "{path}: three at a time, as all at once");
        }
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
        (json!("Trail Headlamp 2"), json!(24.99), json!(11)),
        "40 units are told as more than 10"
    );
    let listed = move |found: &Value| found["Products"].as_array().unwrap().iter().any(|p| p["id"] == id);
    let search = "/api/search?q=headlamp%20northlight";
    assert!(listed(&app.get_json_within_a_second(search, listed).await), "search finds it within a second");

    patch(&staff, &format!("/api/admin/products/{id}"), json!({"price": 19.5, "stock": 3}), 200).await;
    let shown = app.get_json(&format!("/api/products/{id}"), 200).await;
    assert_eq!(
        (shown["price"].clone(), shown["stock"].clone()),
        (json!(19.5), json!(3)),
        "the storefront shows it at once"
    );

    staff.delete(&format!("/api/admin/products/{id}"), 200).await;
    app.get_json(&format!("/api/products/{id}"), 404).await;
    let gone = app.get_json_within_a_second(search, |found| !listed(found)).await;
    assert!(!listed(&gone), "search drops it within a second");
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
    assert_eq!(taken["message"], "Another product or variant has this SKU.");
    let mass = patch(&staff, "/api/admin/products/51", json!({"id": 7, "reviewCount": 0}), 400).await;
    assert_error_shape(&mass);
    assert_eq!(app.sql_number("SELECT count(*) FROM audit_log").await, 0);
}

pub(crate) async fn order_cart(shopper: &TestApp) -> reqwest::Response {
    let cart = shopper.get_json("/api/cart", 200).await;
    let body = json!({"total": cart["total"], "products": cart["Products"]});
    shopper.send(Method::POST, "/api/orders", Some(body)).await
}

#[actix_web::test]
async fn an_order_takes_its_units_and_one_the_store_cannot_fill_takes_none_naming_each_product_short() {
    let app = spawn_app().await;
    let staff = with_role(&app, "staff").await;
    patch(&staff, "/api/admin/products/53", json!({"stock": 2}), 200).await;
    let units_of_51 = "SELECT stock FROM products WHERE id = 51";
    let before_51 = app.sql_number(units_of_51).await;
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
    assert_eq!(app.sql_number(units_of_51).await, before_51, "nothing was taken");
    assert_eq!(
        shopper.get_json("/api/cart", 200).await["Products"].as_array().unwrap().len(),
        4,
        "the cart is kept"
    );

    let line = shopper.get_json("/api/cart", 200).await["Products"][3]["cartId"].as_i64().unwrap();
    shopper.delete(&format!("/api/cart/{line}"), 200).await;
    let res = order_cart(&shopper).await;
    assert_eq!(res.status().as_u16(), 201);
    assert_eq!(app.sql_number(units_of_51).await, before_51 - 1);
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
    let units_of_61 = "SELECT stock FROM products WHERE id = 61";
    let stock = app.sql_number(units_of_61).await;
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
    assert_eq!(app.sql_number(units_of_61).await, stock - 1);

    shopper.post("/api/cart", json!({"productId": 61}), 201).await;
    let second = json_body(order_cart(&shopper).await).await;
    patch(&staff, &format!("/api/admin/orders/{}", second["id"]), json!({"status": "Cancelled"}), 200).await;
    assert_eq!(app.sql_number(units_of_61).await, stock - 1, "its unit is back");
    let listed = staff.get_json("/api/admin/orders?status=Cancelled", 200).await;
    assert_eq!(listed["Orders"][0]["id"], second["id"]);
    // Three moves, and the cancelled order's refund.
    assert_eq!(app.sql_number("SELECT count(*) FROM audit_log WHERE thing = 'order'").await, 4);
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
    patch(&staff, "/api/admin/products/56", json!({"stock": UNITS}), 200).await;
    let signing_up: Vec<_> = (0..SHOPPERS)
        .map(|_| {
            let shopper = browser(&app);
            actix_web::rt::spawn(async move {
                shopper.sign_up().await;
                shopper.post("/api/cart", json!({"productId": 56}), 201).await;
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
    assert_eq!(app.get_json("/api/products/56", 200).await["stock"], 0);
    assert_eq!(app.sql_number("SELECT count(*) FROM order_items WHERE product_id = 56").await, UNITS);
    assert_eq!(app.sql_number("SELECT min(stock) FROM products").await, 0, "never below zero");
}

#[actix_web::test]
async fn a_hidden_review_leaves_its_product_s_list_average_and_count_and_comes_back_when_shown() {
    let app = spawn_app().await;
    let staff = with_role(&app, "staff").await;
    let before = app.get_json("/api/products/51", 200).await;
    let reviews = app.get_json("/api/products/51/reviews", 200).await["Reviews"].as_array().unwrap().clone();
    let hidden = &reviews[0];
    let path = format!("/api/admin/reviews/{}", hidden["id"]);
    let answer = patch(&staff, &path, json!({"hidden": true}), 200).await;
    assert_eq!(answer["hidden"], true);
    let shown = app.get_json("/api/products/51/reviews", 200).await["Reviews"].as_array().unwrap().clone();
    assert_eq!(shown.len(), reviews.len() - 1);
    assert!(!shown.iter().any(|r| r["id"] == hidden["id"]));
    let after = app.get_json("/api/products/51", 200).await;
    assert_eq!(after["numReviews"].as_i64().unwrap(), before["numReviews"].as_i64().unwrap() - 1);
    let listed = staff.get_json("/api/admin/reviews?hidden=true", 200).await;
    assert_eq!(listed["Reviews"][0]["id"], hidden["id"]);
    patch(&staff, &path, json!({"hidden": false}), 200).await;
    assert_eq!(app.get_json("/api/products/51", 200).await, before, "shown again, the product is as it was");
    let audit = staff.get_json("/api/admin/audit", 200).await;
    let actions: Vec<_> = audit["Entries"].as_array().unwrap().iter().map(|e| e["action"].clone()).collect();
    assert_eq!(actions, [json!("review.show"), json!("review.hide")]);
    assert_eq!(audit["Entries"][1]["after"], json!({"productId": 51, "hidden": true}));
}

#[actix_web::test]
async fn an_owner_adds_staff_changes_roles_and_disables_an_account_whose_sessions_end_at_once() {
    let app = spawn_app().await;
    let owner = with_role(&app, "owner").await;
    let staff = with_role(&app, "staff").await;
    let new = json!({"username": "clerk", "email": "clerk@market.test", "role": "staff", "password": "a long passphrase"});
    staff.post("/api/admin/staff", new.clone(), 403).await;
    let clerk = owner.post("/api/admin/staff", new.clone(), 201).await;
    assert_eq!(clerk["role"], "staff");
    owner.post("/api/admin/staff", new, 409).await;
    let short = owner
        .post(
            "/api/admin/staff",
            json!({"username": "ann", "email": "ann@market.test", "role": "viewer", "password": "short"}),
            400,
        )
        .await;
    assert_eq!(short["errors"], json!(["A staff password must be at least 10 characters."]));
    let listed = owner.get_json("/api/admin/staff", 200).await;
    assert_eq!(listed["Accounts"][0]["role"], "owner");
    assert!(listed.to_string().find("password").is_none(), "no password material: {listed}");

    let signed_in = browser(&app);
    signed_in.sign_in("clerk", "a long passphrase").await;
    signed_in.get_json("/api/admin/products", 200).await;
    patch(&owner, &format!("/api/admin/staff/{}", clerk["id"]), json!({"role": "viewer"}), 200).await;
    patch(&signed_in, "/api/admin/products/51", json!({"stock": 5}), 403).await;

    let shopper = browser(&app);
    let user = shopper.sign_up().await;
    shopper.get_json("/api/cart", 200).await;
    let found =
        owner.get_json(&format!("/api/admin/shoppers?q={}", user["username"].as_str().unwrap()), 200).await;
    assert_eq!(found["Accounts"][0]["id"], user["id"]);
    patch(&owner, &format!("/api/admin/shoppers/{}", user["id"]), json!({"disabled": true}), 200).await;
    shopper.get_json("/api/cart", 401).await;
    let again = browser(&app);
    again.open().await;
    let refusal = again
        .post("/api/session", json!({"credential": user["username"], "password": "hunter22"}), 403)
        .await;
    assert_eq!(refusal["message"], "This account has been disabled. Please contact the store.");

    let me = owner.get_json("/api/session", 200).await["user"]["id"].clone();
    let last = patch(&owner, &format!("/api/admin/staff/{me}"), json!({"role": "staff"}), 400).await;
    assert_eq!(last["errors"], json!(["The store's last owner cannot stop being one."]));
}

#[actix_web::test]
async fn the_dashboard_counts_today_s_orders_and_what_is_out_of_stock_or_low() {
    let app = spawn_app().await;
    let viewer = with_role(&app, "viewer").await;
    let before = viewer.get_json("/api/admin/summary", 200).await;
    assert_eq!(before["last30Days"].as_array().unwrap().len(), 30);
    assert_eq!(
        (before["outOfStock"].clone(), before["lowStock"].clone()),
        // Low: 1 to 9 units, one product in thirteen, less those the seed sells by
        // variant (their stock is their variants' sum).
        (json!(5), json!(11)),
        "as the seed stocks them"
    );
    let shopper = browser(&app);
    shopper.sign_up().await;
    shopper.post("/api/cart", json!({"productId": 51}), 201).await;
    let order = json_body(order_cart(&shopper).await).await;
    let after = viewer.get_json("/api/admin/summary", 200).await;
    assert_eq!(after["today"]["orders"].as_i64().unwrap(), before["today"]["orders"].as_i64().unwrap() + 1);
    assert_eq!(after["today"]["revenue"], order["total"]);
    assert_eq!(after["topProducts"][0]["productId"], 51);
}

/// `market staff` on a stopped store: makes the first owner (password from standard
/// input), lists, and removes, each in the audit log.
#[actix_web::test]
async fn market_staff_makes_lists_and_removes_staff_on_a_stopped_store() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let data = tempfile::tempdir().unwrap();
    crate::helpers::give_database(&data).await;
    let database = std::fs::read_to_string(data.path().join("test-database-url")).ok();
    let staff = |args: &[&str], input: &str| {
        let mut command = Command::new(env!("CARGO_BIN_EXE_market"));
        command.arg("staff").args(args).arg("--data-dir").arg(data.path());
        if let Some(url) = &database {
            command.arg("--database").arg(url);
        }
        let mut child =
            command.stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().unwrap();
        child.stdin.take().unwrap().write_all(input.as_bytes()).unwrap();
        let out = child.wait_with_output().unwrap();
        (
            out.status.success(),
            String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr),
        )
    };
    let (ok, said) = staff(&["list"], "");
    assert!(ok && said.contains("market staff add USERNAME --role owner"), "{said}");
    let (ok, said) = staff(&["add", "boss", "--role", "owner"], "short\n");
    assert!(!ok && said.contains("at least 10 characters"), "{said}");
    let (ok, said) = staff(&["add", "boss", "--role", "owner"], "a long passphrase\n");
    assert!(ok && said.contains("Created boss (boss@market.test) as owner."), "{said}");
    let (ok, said) = staff(&["add", "demo", "--role", "viewer"], "\n");
    assert!(ok && said.contains("demo is now viewer (was shopper)."), "{said}");
    let (ok, said) = staff(&["list"], "");
    assert!(ok && said.contains("boss") && said.contains("owner") && said.contains("viewer"), "{said}");
    let (ok, said) = staff(&["remove", "boss"], "");
    assert!(!ok && said.contains("last owner"), "{said}");
    let (ok, said) = staff(&["remove", "demo"], "");
    assert!(ok && said.contains("demo is no longer staff"), "{said}");

    let address = crate::helpers::spawn_on(&data).await;
    let app = crate::helpers::app_on(address, data);
    let user = app.sign_in("boss", "a long passphrase").await;
    assert_eq!(user["role"], "owner");
    let audit = app.get_json("/api/admin/audit", 200).await;
    let by: Vec<_> = audit["Entries"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| (e["actor"].clone(), e["action"].clone()))
        .collect();
    assert_eq!(
        by,
        [
            (json!("command line"), json!("staff.role")),
            (json!("command line"), json!("staff.role")),
            (json!("command line"), json!("staff.add")),
        ]
    );
}

/// The code an authenticator app would show now for `secret`.
pub(crate) fn code_now(secret: &str, offset: i64) -> String {
    use market::auth::second_factor::{code, from_base32, step_now};
    let step = (step_now() as i64 + offset) as u64;
    format!("{:06}", code(&from_base32(secret).unwrap(), step))
}

#[actix_web::test]
async fn a_second_factor_asks_sign_in_for_a_code_and_a_code_works_once() {
    let app = spawn_app().await;
    let staff = with_role(&app, "staff").await;
    let me = staff.get_json("/api/session", 200).await["user"].clone();
    let setup = staff.post("/api/admin/second-factor", json!({}), 200).await;
    let secret = setup["secret"].as_str().unwrap().to_owned();
    assert!(setup["otpauthUri"].as_str().unwrap().starts_with("otpauth://totp/Market:"));
    staff.post("/api/admin/second-factor/confirm", json!({"code": "000000x"}), 400).await;
    staff.post("/api/admin/second-factor/confirm", json!({"code": code_now(&secret, -1)}), 200).await;
    assert_eq!(staff.get_json("/api/admin/second-factor", 200).await["on"], true);

    let browser_ = browser(&app);
    browser_.open().await;
    let login = json!({"credential": me["username"], "password": "hunter22"});
    let asked = browser_.post("/api/session", login.clone(), 401).await;
    assert_eq!(
        (asked["secondFactor"].clone(), asked["message"].clone()),
        (json!(true), json!("Enter the 6-digit code from your authenticator app."))
    );
    let mut with_code = login.clone();
    with_code["code"] = json!("123 45");
    let wrong = browser_.post("/api/session", with_code.clone(), 401).await;
    assert_eq!(wrong["message"], "That code is not right, or was used already.");
    let code = code_now(&secret, 0);
    with_code["code"] = json!(code);
    browser_.post("/api/session", with_code.clone(), 200).await;
    // The same code again, from another browser: spent (RFC 6238 5.2).
    let thief = browser(&app);
    thief.open().await;
    let replay = thief.post("/api/session", with_code, 401).await;
    assert_eq!(replay["secondFactor"], true);
    assert_eq!(
        app.sql_number("SELECT count(*) FROM audit_log WHERE action = 'account.second_factor_on'").await,
        1
    );
}

#[actix_web::test]
async fn the_back_office_s_addresses_answer_the_app_s_shell_which_no_crawler_indexes() {
    let app = spawn_app().await;
    for path in ["/admin", "/admin/products/51", "/admin/orders"] {
        let res = app.get(path).await;
        assert_eq!(res.status(), 200, "{path}");
        let html = res.text().await.unwrap();
        assert!(html.contains("noindex"), "{path}");
        assert!(html.contains("<title>Back office · Market</title>"), "{path}");
    }
    app.get("/admin/nothing-here")
        .await
        .status()
        .as_u16()
        .eq(&404)
        .then_some(())
        .expect("an unknown back-office address is not found");
}

/// Every sort, read a page at a time: the pages past the middle (read from the other
/// end) join the others into the same list as one long page, in the sort's order.
#[actix_web::test]
async fn every_sort_pages_through_the_whole_list_in_order() {
    let app = spawn_app().await;
    let viewer = with_role(&app, "viewer").await;
    let ids = |list: &Value| -> Vec<i64> {
        list["Products"].as_array().unwrap().iter().map(|p| p["id"].as_i64().unwrap()).collect()
    };
    for sort in ["newest", "name", "price-asc", "price-desc", "stock"] {
        let whole = viewer.get_json(&format!("/api/admin/products?sort={sort}&limit=100&page=1"), 200).await;
        let rest = viewer.get_json(&format!("/api/admin/products?sort={sort}&limit=100&page=2"), 200).await;
        let mut all = ids(&whole);
        all.extend(ids(&rest));
        assert_eq!(all.len() as u64, whole["total"].as_u64().unwrap(), "{sort}");
        let mut paged = Vec::new();
        for page in 1..=whole["total"].as_u64().unwrap().div_ceil(25) {
            paged.extend(ids(&viewer
                .get_json(&format!("/api/admin/products?sort={sort}&limit=25&page={page}"), 200)
                .await));
        }
        assert_eq!(paged, all, "{sort}: 25 at a time, as 100 at a time");
        let prices: Vec<f64> =
            whole["Products"].as_array().unwrap().iter().map(|p| p["price"].as_f64().unwrap()).collect();
        match sort {
            "price-asc" => assert!(prices.windows(2).all(|w| w[0] <= w[1])),
            "price-desc" => assert!(prices.windows(2).all(|w| w[0] >= w[1])),
            "newest" => assert!(all.windows(2).all(|w| w[0] > w[1])),
            _ => {}
        }
    }
    let past = viewer.get_json("/api/admin/products?page=1000", 200).await;
    assert_eq!(ids(&past), Vec::<i64>::new());
}
