//! The back office's side of the checkout (docs/rules.md#checkout): shipping methods
//! (the default, archiving a method an order used), tax rates by region, promotion codes
//! (what may change, the limit never below the uses), each change in the audit log.

use reqwest::Method;
use serde_json::{Value, json};

use crate::back_office::{order_cart, patch, with_role};
use crate::helpers::{TestApp, assert_error_shape, browser, json_body, spawn_app};

/// The status of a write that answers no body (204) or an error.
async fn status_of(app: &TestApp, method: Method, path: &str, body: Option<Value>) -> u16 {
    app.send(method, path, body).await.status().as_u16()
}

/// The `errors` lines of a refusal.
fn errors(body: &Value) -> Vec<String> {
    assert_error_shape(body);
    body["errors"].as_array().unwrap().iter().map(|e| e.as_str().unwrap().to_owned()).collect()
}

/// The newest audit entries' actions, newest first, and the entries.
async fn audit(staff: &TestApp) -> Vec<Value> {
    staff.get_json("/api/admin/audit", 200).await["Entries"].as_array().unwrap().clone()
}

fn actions(entries: &[Value]) -> Vec<String> {
    entries.iter().map(|e| e["action"].as_str().unwrap().to_owned()).collect()
}

async fn methods(staff: &TestApp) -> Vec<Value> {
    staff.get_json("/api/admin/shipping-methods", 200).await["ShippingMethods"].as_array().unwrap().clone()
}

fn named<'a>(methods: &'a [Value], name: &str) -> Option<&'a Value> {
    methods.iter().find(|m| m["name"] == name)
}

/// Sets `region`'s rate, checking the status.
async fn put_rate(staff: &TestApp, region: &str, body: Value, status: u16) -> Value {
    staff.write(Method::PUT, &format!("/api/admin/tax-rates/{region}"), Some(body), status).await
}

/// One order placed by a new shopper, as shipped by method `method_id`.
async fn an_order_shipped_by(app: &TestApp, method_id: i64) {
    let shopper = browser(app);
    shopper.sign_up().await;
    shopper.post("/api/cart", json!({"productId": 51}), 201).await;
    let placed = json_body(order_cart(&shopper).await).await;
    let order = placed["id"].as_i64().unwrap_or_else(|| panic!("an order: {placed}"));
    app.sql(&format!("UPDATE orders SET shipping_method_id = {method_id} WHERE id = {order}")).await;
}

#[actix_web::test]
async fn viewers_read_the_checkout_settings_staff_and_owners_change_them_shoppers_see_none() {
    let app = spawn_app().await;
    let viewer = with_role(&app, "viewer").await;
    for path in ["/api/admin/shipping-methods", "/api/admin/tax-rates", "/api/admin/promotions"] {
        viewer.get_json(path, 200).await;
    }
    let method = json!({"name": "Express", "price": 9.99, "days": "1-2"});
    let promotion = json!({"code": "SPRING10", "kind": "percent", "value": 10});
    let writes = [
        (Method::POST, "/api/admin/shipping-methods", Some(method.clone())),
        (Method::PATCH, "/api/admin/shipping-methods/1", Some(json!({"price": 1}))),
        (Method::DELETE, "/api/admin/shipping-methods/1", None),
        (Method::PUT, "/api/admin/tax-rates/MN", Some(json!({"rate": 7}))),
        (Method::DELETE, "/api/admin/tax-rates/MN", None),
        (Method::POST, "/api/admin/promotions", Some(promotion.clone())),
        (Method::PATCH, "/api/admin/promotions/1", Some(json!({"usageLimit": 5}))),
    ];
    for (method, path, body) in writes {
        let res = viewer.send(method.clone(), path, body).await;
        assert_eq!(res.status().as_u16(), 403, "a viewer's {method} {path}");
        assert_error_shape(&json_body(res).await);
    }
    let shopper = browser(&app);
    shopper.sign_up().await;
    for path in ["/api/admin/shipping-methods", "/api/admin/tax-rates", "/api/admin/promotions"] {
        shopper.get_json(path, 403).await;
    }
    assert_eq!(app.sql_number("SELECT count(*) FROM audit_log").await, 0, "nothing changed");
    let owner = with_role(&app, "owner").await;
    owner.post("/api/admin/shipping-methods", method, 201).await;
    put_rate(&owner, "MN", json!({"rate": 7}), 200).await;
    owner.post("/api/admin/promotions", promotion, 201).await;
}

#[actix_web::test]
async fn a_shipping_method_is_made_changed_and_removed_archived_once_an_order_used_it() {
    let app = spawn_app().await;
    let staff = with_role(&app, "staff").await;
    let standard = methods(&staff).await;
    assert_eq!(standard.len(), 1);
    assert_eq!(
        standard[0],
        json!({"id": standard[0]["id"], "name": "Standard delivery", "price": 0.0, "freeOver": null,
               "days": "2-4", "isDefault": true, "archivedAt": null, "orders": 0})
    );
    let express = staff
        .post(
            "/api/admin/shipping-methods",
            json!({"name": " Express ", "price": 14.99, "freeOver": 150, "days": "1-2"}),
            201,
        )
        .await;
    let id = express["id"].as_i64().unwrap();
    assert_eq!(
        (&express["name"], &express["price"], &express["freeOver"], &express["isDefault"]),
        (&json!("Express"), &json!(14.99), &json!(150.0), &json!(false))
    );
    let taken = staff
        .post("/api/admin/shipping-methods", json!({"name": "EXPRESS", "price": 1, "days": "1"}), 409)
        .await;
    assert_eq!(taken["message"], "Another shipping method has this name.");
    let bad = json!({"name": "", "price": 10000.5, "freeOver": 1.234, "days": ""});
    assert_eq!(
        errors(&staff.post("/api/admin/shipping-methods", bad, 400).await),
        [
            "Please give the shipping method a name.",
            "A shipping price is from $0.00 to $10,000.00.",
            "freeOver has at most two decimals.",
            "Please say how many days it takes, like 3-5."
        ]
    );
    assert_eq!(errors(&staff.post("/api/admin/shipping-methods", json!({}), 400).await).len(), 3);
    let path = format!("/api/admin/shipping-methods/{id}");
    assert_eq!(patch(&staff, &path, json!({"price": 12}), 200).await["freeOver"], 150.0, "absent: kept");
    let cleared = patch(&staff, &path, json!({"freeOver": null}), 200).await;
    assert_eq!((&cleared["price"], &cleared["freeOver"]), (&json!(12.0), &Value::Null), "null: cleared");
    assert_eq!(patch(&staff, &path, json!({}), 200).await, cleared);
    assert_error_shape(&patch(&staff, &path, json!({"archivedAt": null}), 400).await);
    patch(&staff, "/api/admin/shipping-methods/999", json!({"price": 1}), 404).await;

    an_order_shipped_by(&app, id).await;
    assert_eq!(named(&methods(&staff).await, "Express").unwrap()["orders"], 1);
    assert_eq!(status_of(&staff, Method::DELETE, &path, None).await, 204);
    let archived = named(&methods(&staff).await, "Express").unwrap().clone();
    assert!(archived["archivedAt"].is_string(), "kept for its order, archived: {archived}");
    let refused = patch(&staff, &path, json!({"price": 1}), 409).await;
    assert_eq!(refused["message"], "An archived shipping method cannot be changed.");
    assert_eq!(status_of(&staff, Method::DELETE, &path, None).await, 204, "archived already");
    staff
        .post("/api/admin/shipping-methods", json!({"name": "express", "price": 20, "days": "1"}), 201)
        .await;

    let pickup = staff
        .post("/api/admin/shipping-methods", json!({"name": "Pickup", "price": 0, "days": "0"}), 201)
        .await;
    let pickup_path = format!("/api/admin/shipping-methods/{}", pickup["id"]);
    assert_eq!(status_of(&staff, Method::DELETE, &pickup_path, None).await, 204);
    assert!(named(&methods(&staff).await, "Pickup").is_none(), "never used: deleted");
    assert_eq!(status_of(&staff, Method::DELETE, &pickup_path, None).await, 404);

    let entries = audit(&staff).await;
    assert_eq!(
        actions(&entries[..6]),
        [
            "shipping_method.delete",
            "shipping_method.create",
            "shipping_method.create",
            "shipping_method.archive",
            "shipping_method.update",
            "shipping_method.update"
        ]
    );
    assert_eq!((&entries[3]["thing"], &entries[3]["thingId"]), (&json!("shipping_method"), &json!(id)));
    assert_eq!(entries[4]["before"], json!({"freeOver": 150.0}));
    assert_eq!(entries[4]["after"], json!({"freeOver": null}));
    assert_eq!(entries[5]["after"], json!({"price": 12.0}));
}

#[actix_web::test]
async fn the_default_moves_in_one_write_and_the_store_always_has_one() {
    let app = spawn_app().await;
    let staff = with_role(&app, "staff").await;
    let standard = methods(&staff).await[0]["id"].as_i64().unwrap();
    let standard_path = format!("/api/admin/shipping-methods/{standard}");
    let make_another = "Make another method the default first.";
    let res = staff.send(Method::DELETE, &standard_path, None).await;
    assert_eq!(res.status().as_u16(), 409);
    assert_eq!(json_body(res).await["message"], make_another);
    assert_eq!(
        patch(&staff, &standard_path, json!({"isDefault": false}), 409).await["message"],
        make_another
    );

    let express = staff
        .post(
            "/api/admin/shipping-methods",
            json!({"name": "Express", "price": 9.99, "days": "1-2", "isDefault": true}),
            201,
        )
        .await;
    assert_eq!(express["isDefault"], true);
    let list = methods(&staff).await;
    assert_eq!(list[0]["name"], "Express", "the default first");
    assert_eq!(named(&list, "Standard delivery").unwrap()["isDefault"], false);
    let entries = audit(&staff).await;
    assert_eq!(actions(&entries[..2]), ["shipping_method.create", "shipping_method.update"]);
    assert_eq!(
        (&entries[1]["thingId"], &entries[1]["after"]),
        (&json!(standard), &json!({"isDefault": false}))
    );

    patch(&staff, &standard_path, json!({"isDefault": true, "days": "3-5"}), 200).await;
    let list = methods(&staff).await;
    assert_eq!(named(&list, "Express").unwrap()["isDefault"], false);
    assert_eq!(named(&list, "Standard delivery").unwrap()["days"], "3-5");
    assert_eq!(app.sql_number("SELECT count(*) FROM shipping_methods WHERE is_default = TRUE").await, 1);
    assert_eq!(
        patch(&staff, &standard_path, json!({"isDefault": true}), 200).await["isDefault"],
        true,
        "as it was"
    );
    let express_path = format!("/api/admin/shipping-methods/{}", express["id"]);
    assert_eq!(status_of(&staff, Method::DELETE, &express_path, None).await, 204, "no longer the default");
}

#[actix_web::test]
async fn tax_rates_are_set_read_and_removed_by_region() {
    let app = spawn_app().await;
    let staff = with_role(&app, "staff").await;
    assert_eq!(staff.get_json("/api/admin/tax-rates", 200).await, json!({"TaxRates": []}));
    assert_eq!(
        put_rate(&staff, "mn", json!({"rate": 6.875}), 200).await,
        json!({"region": "MN", "rate": 6.875})
    );
    put_rate(&staff, "TX", json!({"rate": 8.25}), 200).await;
    assert_eq!(put_rate(&staff, "Mn", json!({"rate": 7}), 200).await, json!({"region": "MN", "rate": 7.0}));
    put_rate(&staff, "MN", json!({"rate": 7}), 200).await;
    assert_eq!(
        staff.get_json("/api/admin/tax-rates", 200).await,
        json!({"TaxRates": [{"region": "MN", "rate": 7.0}, {"region": "TX", "rate": 8.25}]})
    );
    assert_eq!(app.sql_number("SELECT rate_milli FROM tax_rates WHERE region = 'TX'").await, 8250);

    for region in ["ZZ", "minnesota", "M"] {
        let refused = put_rate(&staff, region, json!({"rate": 5}), 400).await;
        assert_eq!(refused["message"], "region must be a US state's two-letter code.", "{region}");
    }
    for (rate, problem) in [
        (json!(25.5), "A tax rate is a percent from 0 to 25."),
        (json!(-1), "A tax rate is a percent from 0 to 25."),
        (json!(1.0001), "A tax rate has at most three decimals."),
        (Value::Null, "Please give the rate, a percent from 0 to 25."),
    ] {
        assert_eq!(errors(&put_rate(&staff, "CA", json!({"rate": rate}), 400).await), [problem]);
    }
    assert_error_shape(&put_rate(&staff, "CA", json!({"rate": "8"}), 400).await);
    assert_error_shape(&put_rate(&staff, "CA", json!({"rate": 8, "region": "CA"}), 400).await);

    assert_eq!(status_of(&staff, Method::DELETE, "/api/admin/tax-rates/tx", None).await, 204);
    assert_eq!(status_of(&staff, Method::DELETE, "/api/admin/tax-rates/TX", None).await, 404);
    assert_eq!(status_of(&staff, Method::DELETE, "/api/admin/tax-rates/XX", None).await, 400);
    assert_eq!(
        staff.get_json("/api/admin/tax-rates", 200).await,
        json!({"TaxRates": [{"region": "MN", "rate": 7.0}]})
    );
    let entries = audit(&staff).await;
    assert_eq!(
        actions(&entries),
        ["tax_rate.delete", "tax_rate.set", "tax_rate.set", "tax_rate.set"],
        "an unchanged rate logs nothing"
    );
    assert_eq!(
        (&entries[0]["before"], &entries[0]["after"]),
        (&json!({"region": "TX", "rate": 8.25}), &Value::Null)
    );
    assert_eq!(entries[1]["before"], json!({"region": "MN", "rate": 6.875}));
    assert_eq!(entries[1]["after"], json!({"region": "MN", "rate": 7.0}));
    assert_eq!((&entries[3]["before"], &entries[3]["thing"]), (&Value::Null, &json!("tax_rate")));
}

#[actix_web::test]
async fn promotions_are_made_with_each_field_checked_and_codes_unique_regardless_of_case() {
    let app = spawn_app().await;
    let staff = with_role(&app, "staff").await;
    let spring = staff
        .post(
            "/api/admin/promotions",
            json!({"code": " spring10 ", "kind": "percent", "value": 10, "minSubtotal": 20,
                   "startsAt": "2027-03-01T00:00:00Z", "endsAt": "2027-04-01T00:00:00.000Z",
                   "usageLimit": 100, "oncePerShopper": true}),
            201,
        )
        .await;
    assert_eq!(
        spring,
        json!({"id": spring["id"], "code": "SPRING10", "kind": "percent", "value": 10.0, "minSubtotal": 20.0,
               "startsAt": "2027-03-01T00:00:00.000Z", "endsAt": "2027-04-01T00:00:00.000Z", "usageLimit": 100,
               "oncePerShopper": true, "uses": 0, "createdAt": spring["createdAt"]})
    );
    let taken = staff
        .post("/api/admin/promotions", json!({"code": "Spring10", "kind": "amount", "value": 5}), 409)
        .await;
    assert_eq!(taken["message"], "Another promotion has this code.");
    let take5 = staff
        .post("/api/admin/promotions", json!({"code": "TAKE-5", "kind": "amount", "value": 5.5}), 201)
        .await;
    assert_eq!(
        (&take5["value"], &take5["minSubtotal"], &take5["usageLimit"]),
        (&json!(5.5), &json!(0.0), &Value::Null)
    );
    assert_eq!(
        app.sql_number(&format!("SELECT value FROM promotions WHERE id = {}", take5["id"])).await,
        550
    );

    let refusals = [
        (
            json!({}),
            vec![
                "Please give the promotion a code.",
                "Please choose the kind: percent or amount.",
                "Please give the promotion's value.",
            ],
        ),
        (
            json!({"code": "AB", "kind": "percent", "value": 10}),
            vec!["A code must be at least 3 characters."],
        ),
        (
            json!({"code": "TEN OFF", "kind": "percent", "value": 10}),
            vec!["A code holds only letters, digits and '-'."],
        ),
        (
            json!({"code": "C".repeat(33), "kind": "percent", "value": 10}),
            vec!["A code must be at most 32 characters."],
        ),
        (json!({"code": "HALF", "kind": "coupon", "value": 10}), vec!["kind is percent or amount."]),
        (
            json!({"code": "HALF", "kind": "percent", "value": 12.5}),
            vec!["A percent off is a whole number from 1 to 100."],
        ),
        (
            json!({"code": "HALF", "kind": "percent", "value": 101}),
            vec!["A percent off is a whole number from 1 to 100."],
        ),
        (
            json!({"code": "HALF", "kind": "amount", "value": 0}),
            vec!["An amount off is more than $0.00 and at most $100,000.00."],
        ),
        (
            json!({"code": "HALF", "kind": "amount", "value": 1.005}),
            vec!["An amount off has at most two decimals."],
        ),
        (
            json!({"code": "HALF", "kind": "amount", "value": 5, "minSubtotal": -1}),
            vec!["minSubtotal is from $0.00 to $1,000,000.00."],
        ),
        (
            json!({"code": "HALF", "kind": "amount", "value": 5, "startsAt": "2027-03-01"}),
            vec!["startsAt must be a moment in ISO 8601, UTC, like 2027-03-01T00:00:00Z."],
        ),
        (
            json!({"code": "HALF", "kind": "amount", "value": 5, "startsAt": "2027-03-02T00:00:00Z", "endsAt": "2027-03-01T00:00:00Z"}),
            vec!["endsAt must be after startsAt."],
        ),
        (
            json!({"code": "HALF", "kind": "amount", "value": 5, "usageLimit": 0}),
            vec!["usageLimit is a whole number from 1 to 1,000,000,000, or null for no limit."],
        ),
        (
            json!({"code": "HALF", "kind": "amount", "value": 5, "usageLimit": 2.5}),
            vec!["usageLimit is a whole number from 1 to 1,000,000,000, or null for no limit."],
        ),
    ];
    for (body, problems) in refusals {
        assert_eq!(errors(&staff.post("/api/admin/promotions", body.clone(), 400).await), problems, "{body}");
    }
    assert_error_shape(
        &staff
            .post(
                "/api/admin/promotions",
                json!({"code": "HALF", "kind": "amount", "value": 5, "uses": 0}),
                400,
            )
            .await,
    );
    let listed = staff.get_json("/api/admin/promotions", 200).await["Promotions"].clone();
    assert_eq!(
        (&listed[0]["code"], &listed[1]["code"]),
        (&json!("TAKE-5"), &json!("SPRING10")),
        "newest first"
    );
    assert_eq!(listed.as_array().unwrap().len(), 2);
    let entries = audit(&staff).await;
    assert_eq!(actions(&entries), ["promotion.create", "promotion.create"]);
    assert_eq!(entries[1]["after"]["code"], "SPRING10");
    assert_eq!(entries[1]["after"]["startsAt"], "2027-03-01T00:00:00.000Z");
}

#[actix_web::test]
async fn a_promotion_changes_only_what_may_change_its_limit_never_below_its_uses_and_is_never_deleted() {
    let app = spawn_app().await;
    let staff = with_role(&app, "staff").await;
    let made = staff
        .post(
            "/api/admin/promotions",
            json!({"code": "WINTER", "kind": "amount", "value": 10, "usageLimit": 10,
                                              "startsAt": "2026-01-01T00:00:00Z"}),
            201,
        )
        .await;
    let id = made["id"].as_i64().unwrap();
    let path = format!("/api/admin/promotions/{id}");
    assert_eq!(
        errors(&patch(&staff, &path, json!({"code": "SUMMER", "kind": "percent", "value": 5}), 400).await),
        [
            "code cannot be changed once the promotion is made.",
            "kind cannot be changed once the promotion is made.",
            "value cannot be changed once the promotion is made."
        ]
    );
    app.sql(&format!("UPDATE promotions SET uses = 3 WHERE id = {id}")).await;
    assert_eq!(
        errors(&patch(&staff, &path, json!({"usageLimit": 2}), 400).await),
        ["The limit cannot be below the 3 uses so far."]
    );
    assert_eq!(patch(&staff, &path, json!({"usageLimit": 3}), 200).await["usageLimit"], 3);
    assert_eq!(
        errors(&patch(&staff, &path, json!({"endsAt": "2025-12-31T00:00:00Z"}), 400).await),
        ["endsAt must be after startsAt."]
    );
    let now = market::domain::Timestamp::now().to_iso8601();
    let ended = patch(&staff, &path, json!({"endsAt": now}), 200).await;
    assert_eq!(
        (&ended["endsAt"], &ended["uses"], &ended["code"]),
        (&json!(now), &json!(3), &json!("WINTER"))
    );
    let opened =
        patch(&staff, &path, json!({"usageLimit": null, "minSubtotal": 25, "oncePerShopper": true}), 200)
            .await;
    assert_eq!(
        (&opened["usageLimit"], &opened["minSubtotal"], &opened["oncePerShopper"], &opened["value"]),
        (&Value::Null, &json!(25.0), &json!(true), &json!(10.0))
    );
    assert_eq!(patch(&staff, &path, json!({}), 200).await, opened, "nothing asked, nothing changed");
    patch(&staff, "/api/admin/promotions/999", json!({"usageLimit": 5}), 404).await;

    let res = staff.send(Method::DELETE, &path, None).await;
    assert_eq!(res.status().as_u16(), 405, "a code is never deleted");
    assert_error_shape(&json_body(res).await);
    assert_eq!(staff.get_json("/api/admin/promotions", 200).await["Promotions"][0]["id"], id);

    let entries = audit(&staff).await;
    assert_eq!(
        actions(&entries),
        ["promotion.update", "promotion.update", "promotion.update", "promotion.create"]
    );
    assert_eq!(entries[0]["before"], json!({"usageLimit": 3, "minSubtotal": 0.0, "oncePerShopper": false}));
    assert_eq!(entries[0]["after"], json!({"usageLimit": null, "minSubtotal": 25.0, "oncePerShopper": true}));
    assert_eq!(
        (&entries[1]["before"], &entries[1]["after"]),
        (&json!({"endsAt": null}), &json!({"endsAt": now}))
    );
    assert_eq!(entries[2]["after"], json!({"usageLimit": 3}));
    assert_eq!(entries[2]["thingId"], id);
}

#[actix_web::test]
async fn two_methods_made_the_default_at_once_leave_exactly_one_default() {
    let app = spawn_app().await;
    let (ana, ben) = (with_role(&app, "staff").await, with_role(&app, "staff").await);
    let mut ids = Vec::new();
    for name in ["Express", "Overnight"] {
        let made = ana
            .post("/api/admin/shipping-methods", json!({"name": name, "price": 9, "days": "1"}), 201)
            .await;
        ids.push(made["id"].as_i64().unwrap());
    }
    for round in 0..4 {
        let (a, b) = (ids[round % 2], ids[(round + 1) % 2]);
        let (path_a, path_b) =
            (format!("/api/admin/shipping-methods/{a}"), format!("/api/admin/shipping-methods/{b}"));
        let body = || Some(json!({"isDefault": true}));
        let (first, second) =
            tokio::join!(ana.send(Method::PATCH, &path_a, body()), ben.send(Method::PATCH, &path_b, body()));
        assert_eq!((first.status().as_u16(), second.status().as_u16()), (200, 200), "round {round}");
        let defaults: Vec<i64> = methods(&ana)
            .await
            .iter()
            .filter(|m| m["isDefault"] == true)
            .map(|m| m["id"].as_i64().unwrap())
            .collect();
        assert_eq!(defaults.len(), 1, "round {round}: {defaults:?}");
        assert!(ids.contains(&defaults[0]));
    }
}

#[actix_web::test]
async fn staff_read_an_order_whole_with_the_copy_of_its_address_its_method_code_and_tax() {
    use crate::checkout::setup::{method, order_of, promotion, tax_rate, texas};
    let app = spawn_app().await;
    let express = method(&app, "Express", 1250, None).await;
    tax_rate(&app, "TX", 8250).await;
    promotion(&app, "SPRING10", "percent", 10, None).await;
    let buyer = browser(&app);
    let user = buyer.sign_up().await;
    let address = buyer.post("/api/addresses", texas("Ada Byron"), 201).await;
    buyer.post("/api/cart", json!({"productId": 51}), 201).await;
    let choice =
        json!({"addressId": address["id"], "shippingMethodId": express, "promotionCode": "spring10"});
    let quote = buyer.post("/api/checkout/quote", choice.clone(), 200).await;
    let placed = buyer.post("/api/orders", order_of(&quote, choice), 201).await;
    let path = format!("/api/admin/orders/{}", placed["id"]);
    // The shopper then moves: the order keeps the address it was placed with.
    buyer
        .write(Method::PUT, &format!("/api/addresses/{}", address["id"]), Some(texas("Ada Lovelace")), 200)
        .await;

    let viewer = with_role(&app, "viewer").await;
    let seen = viewer.get_json(&path, 200).await;
    assert_eq!(seen["username"], user["username"], "{seen}");
    // Everything the shopper's own answer says, the same.
    let mut as_staff = seen.as_object().unwrap().clone();
    as_staff.remove("username");
    assert_eq!(Value::Object(as_staff), placed);
    assert_eq!(seen["address"]["name"], "Ada Byron");
    assert_eq!(seen["address"]["state"], "TX");
    assert_eq!(seen["shippingMethod"]["name"], "Express");
    assert_eq!(seen["promotionCode"], "SPRING10");
    assert_ne!(seen["tax"], json!(0.0));

    // The list's move is seen on the page.
    let staff = with_role(&app, "staff").await;
    patch(&staff, &path, json!({"status": "Packed"}), 200).await;
    assert_eq!(viewer.get_json(&path, 200).await["status"], "Packed");

    assert_error_shape(&viewer.get_json("/api/admin/orders/999999", 404).await);
    assert_eq!(status_of(&buyer, Method::GET, &path, None).await, 403, "a shopper, even its own");
    assert_eq!(status_of(&browser(&app), Method::GET, &path, None).await, 401);
}
