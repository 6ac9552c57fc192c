//! Search through the catalog index (docs/rules.md#discovery): typing mistakes forgiven,
//! relevance as stated, writes found within a second, and no input that breaks it. The
//! same expectations run on both engines: the index ranks alike whatever holds the data.

use serde_json::{Value, json};

use crate::back_office::{patch, with_role};
use crate::helpers::spawn_app;

fn ids(found: &Value) -> Vec<i64> {
    found["Products"].as_array().unwrap().iter().map(|p| p["id"].as_i64().unwrap()).collect()
}

#[actix_web::test]
async fn a_misspelt_word_finds_what_the_right_word_finds() {
    let app = spawn_app().await;
    // Each mistake a shopper makes (a letter swapped, dropped, added or changed; two in
    // a word of nine letters or more), and the product the right word finds.
    let table = [
        ("hedphones", 52),
        ("labtop", 49),
        ("keybaord", 58),
        ("toothbrushs", 22),
        ("sourdogh", 4),
        ("pretzles", 10),
        ("chedar", 7),
        ("skatebord", 142),
        ("aquarim", 88),
        ("hamstr", 91),
        ("lipstik", 109),
        ("chopstiks", 127),
        ("unicron", 73),
        ("microphne", 70),
        ("mountian", 40),
        ("buckte", 19),
        ("yogga", 139),
        ("teapott", 124),
        ("cabnet", 100),
        ("headphoens", 52),
        ("wireles keyboard", 58),
    ];
    let mut missed = Vec::new();
    for (typed, id) in table {
        let found = app.get_json(&format!("/api/search?q={typed}&limit=8"), 200).await;
        if !ids(&found).contains(&id) {
            missed.push((typed, ids(&found)));
        }
    }
    assert!(missed.is_empty(), "not found in the first 8: {missed:?}");

    // The answer says which words it searched instead, and only then.
    let corrected = app.get_json("/api/search?q=wireless%20hedphones", 200).await;
    assert_eq!(corrected["didYouMean"], "wireless headphones");
    assert!(ids(&corrected).contains(&52));
    let as_typed = app.get_json("/api/search?q=wireless%20headphones", 200).await;
    assert!(as_typed.get("didYouMean").is_none(), "{as_typed}");
    assert_eq!(ids(&as_typed), ids(&corrected), "the right words find the same");

    // Short words are exact: "sofu" is no sofa, "tv" no "to".
    assert_eq!(app.get_json("/api/search?q=sofu", 200).await["total"], 0);
    let tv = app.get_json("/api/search?q=tv&limit=96", 200).await;
    for p in tv["Products"].as_array().unwrap() {
        let text = format!("{} {}", p["name"], p["brand"]).to_lowercase();
        assert!(!text.contains(" to "), "{text}");
    }
    // A word the catalog holds is read as typed, not as a neighbour of it.
    let shirt = app.get_json("/api/search?q=shirt&limit=96", 200).await;
    assert!(
        shirt["Products"].as_array().unwrap().iter().all(|p| !p["name"].as_str().unwrap().contains("Short"))
    );
}

#[actix_web::test]
async fn a_product_s_full_name_finds_it_first_and_names_come_before_descriptions() {
    let app = spawn_app().await;
    for id in [52, 58, 25, 97, 133, 1] {
        let name =
            app.get_json(&format!("/api/products/{id}"), 200).await["name"].as_str().unwrap().to_owned();
        let q: String = form_urlencoded::byte_serialize(name.as_bytes()).collect();
        let found = app.get_json(&format!("/api/search?q={q}"), 200).await;
        assert_eq!(ids(&found).first(), Some(&id), "{name}");
    }
    // "wireless" in a name ranks above "wireless" only in a description.
    let found = app.get_json("/api/search?q=wireless&limit=96", 200).await;
    let named: Vec<bool> = found["Products"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap().to_lowercase().contains("wireless"))
        .collect();
    assert!(named.windows(2).all(|w| w[0] || !w[1]), "names first: {named:?}");
}

#[actix_web::test]
async fn a_product_renamed_or_archived_is_found_by_its_new_name_or_not_at_all_within_a_second() {
    let app = spawn_app().await;
    let staff = with_role(&app, "staff").await;
    patch(&staff, "/api/admin/products/52", json!({"name": "Sonora Quietwave Headphones"}), 200).await;
    let found = app.get_json_within_a_second("/api/search?q=quietwave", |f| ids(f) == [52]).await;
    assert_eq!(ids(&found), [52], "found by its new name");

    staff.delete("/api/admin/products/52", 200).await;
    let gone = app.get_json_within_a_second("/api/search?q=quietwave", |f| f["total"] == 0).await;
    assert_eq!(gone["total"], 0, "an archived product is not found");
    let hedphones = app.get_json("/api/search?q=hedphones", 200).await;
    assert!(!ids(&hedphones).contains(&52));
}

#[actix_web::test]
async fn query_syntax_and_hostile_input_answer_200_or_400_never_500() {
    let app = spawn_app().await;
    for q in [
        "%22",
        "*",
        "NEAR(a%20b)",
        "a:b",
        "-",
        "AND%20OR%20NOT",
        "%5C",
        "(((",
        "name:tv",
        "tv*",
        "%27%3B--",
        "%F0%9F%8E%A7",
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
        "h",
        "zzzzzzzzz",
    ] {
        let res = app.get(&format!("/api/search?q={q}")).await;
        assert!([200, 400].contains(&res.status().as_u16()), "{q}: {}", res.status());
    }
    let long = "a".repeat(101);
    app.get_json(&format!("/api/search?q={long}"), 400).await;
}

#[actix_web::test]
async fn suggestions_forgive_a_word_being_typed_as_search_does() {
    let app = spawn_app().await;
    let suggested = |body: &Value| -> Vec<(String, String)> {
        body["Suggestions"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| (s["kind"].as_str().unwrap().to_owned(), s["name"].as_str().unwrap().to_owned()))
            .collect()
    };
    // "hedph" is the start of no word; one mistake from the start of "headphones".
    let typing = suggested(&app.get_json("/api/search/suggestions?q=sonora%20hedph", 200).await);
    assert!(typing.iter().any(|(kind, name)| kind == "product" && name.contains("Headphones")), "{typing:?}");
    // "electroncs" (one letter dropped) still offers the department.
    let department = suggested(&app.get_json("/api/search/suggestions?q=electroncs", 200).await);
    assert_eq!(
        department.first(),
        Some(&("department".to_owned(), "Electronics".to_owned())),
        "{department:?}"
    );
    // Short words are exact.
    assert!(suggested(&app.get_json("/api/search/suggestions?q=sonr", 200).await).is_empty());
}
