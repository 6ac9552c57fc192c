//! Discovery (docs/rules.md#discovery): a department's list and a search's, with their
//! sorts, filters, pages and facets; suggestions as the shopper types; the kept answers
//! after a review; and a catalog of thousands made by `market seed`.
//!
//! The lists are checked against what the rules say they hold: the test reads the
//! whole list once (its cards carry brand, price, rating and id), works out what each
//! question should answer from those cards, and compares. A few answers are spelled out
//! from the seed as well, so that the working-out is itself checked.

use std::collections::BTreeMap;

use crate::helpers::seed_catalog;
use serde_json::{Value, json};

use crate::helpers::{TestApp, assert_error_shape, spawn_app, spawn_app_in};

const ELECTRONICS: &str = "/api/departments/5/products";
const SEARCH: &str = "/api/search";
const SUGGEST: &str = "/api/search/suggestions";

/// `path` with `pairs` as its query string, encoded as a browser's form would.
fn at(path: &str, pairs: &[(&str, &str)]) -> String {
    if pairs.is_empty() {
        return path.to_owned();
    }
    let query = form_urlencoded::Serializer::new(String::new()).extend_pairs(pairs).finish();
    format!("{path}?{query}")
}

/// What the tests read of a product card.
#[derive(Debug, Clone)]
struct Card {
    id: i64,
    department: i64,
    brand: String,
    cents: i64,
    /// The average rating shown, in hundredths of a star.
    stars: i64,
    reviews: i64,
}

fn hundredths(v: &Value) -> i64 {
    (v.as_f64().unwrap_or_else(|| panic!("a number: {v}")) * 100.0).round() as i64
}

fn cards(body: &Value) -> Vec<Card> {
    body["Products"]
        .as_array()
        .unwrap_or_else(|| panic!("a list of cards: {body}"))
        .iter()
        .map(|c| Card {
            id: c["id"].as_i64().unwrap(),
            department: c["departmentId"].as_i64().unwrap(),
            brand: c["brand"].as_str().unwrap().to_owned(),
            cents: hundredths(&c["price"]),
            stars: hundredths(&c["avgRating"]),
            reviews: c["numReviews"].as_i64().unwrap(),
        })
        .collect()
}

fn ids(cards: &[Card]) -> Vec<i64> {
    cards.iter().map(|c| c.id).collect()
}

fn card_ids(body: &Value) -> Vec<i64> {
    ids(&cards(body))
}

/// The facets of an answer, prices in cents.
#[derive(Debug, PartialEq)]
struct Facets {
    brands: Vec<(String, u64)>,
    ratings: Vec<(i64, u64)>,
    prices: Vec<(i64, Option<i64>, u64)>,
}

fn facets(body: &Value) -> Facets {
    let list =
        |name: &str| body["facets"][name].as_array().unwrap_or_else(|| panic!("facets.{name}: {body}"));
    let count = |v: &Value| v["count"].as_u64().unwrap();
    Facets {
        brands: list("brands").iter().map(|b| (b["name"].as_str().unwrap().to_owned(), count(b))).collect(),
        ratings: list("ratings").iter().map(|r| (r["min"].as_i64().unwrap(), count(r))).collect(),
        prices: list("prices")
            .iter()
            .map(|p| (hundredths(&p["min"]), (!p["max"].is_null()).then(|| hundredths(&p["max"])), count(p)))
            .collect(),
    }
}

/// The price bands of the rules, in cents.
const BANDS: [(i64, Option<i64>); 5] =
    [(0, Some(2499)), (2500, Some(4999)), (5000, Some(9999)), (10000, Some(19999)), (20000, None)];

/// A list's question, read from its parameters as the rules read them.
struct Ask {
    sort: String,
    brands: Vec<String>,
    min_price: Option<i64>,
    max_price: Option<i64>,
    min_rating: Option<i64>,
    department: Option<i64>,
    page: usize,
    limit: usize,
}

fn ask(pairs: &[(&str, &str)], searching: bool) -> Ask {
    let last = |name: &str| pairs.iter().rev().find(|(k, _)| *k == name).map(|(_, v)| *v);
    let cents = |name: &str| last(name).map(|v| (v.parse::<f64>().unwrap() * 100.0).round() as i64);
    let mut brands: Vec<String> =
        pairs.iter().filter(|(k, _)| *k == "brand").map(|(_, v)| v.trim().to_owned()).collect();
    brands.sort();
    brands.dedup();
    Ask {
        sort: last("sort").unwrap_or(if searching { "relevance" } else { "featured" }).to_owned(),
        brands,
        min_price: cents("minPrice"),
        max_price: cents("maxPrice"),
        min_rating: cents("minRating"),
        department: last("department").map(|d| d.parse().unwrap()),
        page: last("page").map_or(1, |p| p.parse().unwrap()),
        limit: last("limit").map_or(48, |l| l.parse().unwrap()),
    }
}

/// Which filter a facet leaves out when it counts.
#[derive(PartialEq, Clone, Copy)]
enum Leave {
    Nothing,
    Brands,
    Prices,
    Rating,
}

impl Ask {
    fn keeps(&self, c: &Card, leave: Leave) -> bool {
        self.department.is_none_or(|d| c.department == d)
            && (leave == Leave::Brands || self.brands.is_empty() || self.brands.contains(&c.brand))
            && (leave == Leave::Prices
                || self.min_price.is_none_or(|m| c.cents >= m) && self.max_price.is_none_or(|m| c.cents <= m))
            && (leave == Leave::Rating || self.min_rating.is_none_or(|m| c.stars >= m))
    }

    fn of<'a>(&self, all: &'a [Card], leave: Leave) -> Vec<&'a Card> {
        all.iter().filter(|c| self.keeps(c, leave)).collect()
    }

    /// Puts `list` in this question's order; false for `relevance`, which only the
    /// server knows.
    fn order(&self, list: &mut [&Card]) -> bool {
        match self.sort.as_str() {
            "featured" => list.sort_by_key(|c| c.id),
            "price-asc" => list.sort_by_key(|c| (c.cents, c.id)),
            // The exact reverse of price-asc: equal prices highest id first.
            "price-desc" => list.sort_by_key(|c| std::cmp::Reverse((c.cents, c.id))),
            // Average, then number of reviews; the server breaks the last ties highest
            // id first.
            "rating" => list.sort_by_key(|c| std::cmp::Reverse((c.stars, c.reviews, c.id))),
            "newest" => list.sort_by_key(|c| std::cmp::Reverse(c.id)),
            "relevance" => return false,
            other => panic!("no such sort in the tests: {other}"),
        }
        true
    }

    /// The facets the rules ask for, counted from `all`.
    fn facets(&self, all: &[Card]) -> Facets {
        let mut counts: BTreeMap<&str, u64> = BTreeMap::new();
        for c in self.of(all, Leave::Brands) {
            *counts.entry(&c.brand).or_default() += 1;
        }
        let mut brands: Vec<(String, u64)> = counts.into_iter().map(|(b, n)| (b.to_owned(), n)).collect();
        brands.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        let mut kept: Vec<(String, u64)> = Vec::new();
        for b in brands {
            if kept.len() < 20 || self.brands.contains(&b.0) {
                kept.push(b);
            }
        }
        for ticked in &self.brands {
            if !kept.iter().any(|(b, _)| b == ticked) {
                kept.push((ticked.clone(), 0));
            }
        }
        let rated = self.of(all, Leave::Rating);
        let priced = self.of(all, Leave::Prices);
        Facets {
            brands: kept,
            ratings: [4, 3, 2, 1]
                .into_iter()
                .map(|min| (min, rated.iter().filter(|c| c.stars >= min * 100).count() as u64))
                .filter(|(_, n)| *n > 0)
                .collect(),
            prices: BANDS
                .into_iter()
                .map(|(min, max)| {
                    let n = priced.iter().filter(|c| c.cents >= min && max.is_none_or(|m| c.cents <= m));
                    (min, max, n.count() as u64)
                })
                .filter(|(.., n)| *n > 0)
                .collect(),
        }
    }
}

/// Asks `path` (with `fixed` parameters, then `pairs`) and checks the answer against
/// what the rules make of `all`, the whole unfiltered list: its cards in order, the
/// total, the page, the pages and the facets. Returns the answer.
async fn assert_list(
    app: &TestApp,
    path: &str,
    fixed: &[(&str, &str)],
    all: &[Card],
    pairs: &[(&str, &str)],
) -> Value {
    let searching = path == SEARCH;
    let mut sent = fixed.to_vec();
    sent.extend_from_slice(pairs);
    let url = at(path, &sent);
    let body = app.get_json(&url, 200).await;
    let q = ask(&sent, searching);
    let mut matching = q.of(all, Leave::Nothing);
    let total = matching.len();
    let pages = total.div_ceil(q.limit).max(1);
    assert_eq!(
        (body["total"].as_u64(), body["page"].as_u64(), body["pages"].as_u64()),
        (Some(total as u64), Some(q.page as u64), Some(pages as u64)),
        "total, page, pages of {url}"
    );
    let known = q.order(&mut matching);
    let page: Vec<i64> = matching.iter().skip((q.page - 1) * q.limit).take(q.limit).map(|c| c.id).collect();
    let mut got = card_ids(&body);
    if known {
        assert_eq!(got, page, "the cards of {url}");
    } else if pages == 1 {
        got.sort();
        let mut want = page;
        want.sort();
        assert_eq!(got, want, "the cards of {url}, in any order");
    } else {
        assert_eq!(got.len(), page.len(), "the number of cards of {url}");
    }
    assert_eq!(facets(&body), q.facets(all), "the facets of {url}");
    body
}

/// Every question the lists answer, for a department and a search alike.
const QUESTIONS: &[&[(&str, &str)]] = &[
    &[],
    &[("utm_source", "newsletter"), ("ref", "x"), ("q2", "")],
    &[("sort", "featured")],
    &[("sort", "price-asc")],
    &[("sort", "price-desc")],
    &[("sort", "rating")],
    &[("sort", "newest")],
    &[("brand", "Sonora")],
    &[("brand", "Sonora"), ("brand", "Arcwave")],
    &[("brand", "Sonora"), ("brand", " Sonora ")],
    &[("brand", "Nobody")],
    &[("brand", "Nobody"), ("brand", "Sonora")],
    &[("minPrice", "49.99")],
    &[("maxPrice", "49.99")],
    &[("minPrice", "49.99"), ("maxPrice", "49.99")],
    &[("minPrice", "50"), ("maxPrice", "199.99")],
    &[("minPrice", "200")],
    &[("minPrice", "0"), ("maxPrice", "0")],
    &[("minRating", "4")],
    &[("minRating", "4.33")],
    &[("minRating", "0")],
    &[("minRating", "5")],
    &[("brand", "Arcwave"), ("minRating", "3.5"), ("sort", "price-desc")],
    &[("brand", "Sonora"), ("maxPrice", "100"), ("minRating", "1"), ("sort", "rating")],
    &[("sort", "price-asc"), ("limit", "5")],
    &[("sort", "price-asc"), ("limit", "5"), ("page", "2")],
    &[("sort", "price-asc"), ("limit", "5"), ("page", "3")],
    &[("sort", "newest"), ("limit", "1"), ("page", "12")],
    &[("limit", "96")],
    &[("limit", "1")],
];

/// Department 5, Electronics, as seeded: 12 products, ids 49 to 60.
#[actix_web::test]
async fn a_department_answers_every_sort_filter_and_page_as_the_rules_say() {
    let app = spawn_app().await;
    let plain = app.get_json(ELECTRONICS, 200).await;
    assert_eq!((plain["id"].as_i64(), plain["name"].as_str()), (Some(5), Some("Electronics")));
    assert_eq!(card_ids(&plain), (49..=60).collect::<Vec<_>>(), "every product, in id order");
    assert_eq!((&plain["total"], &plain["page"], &plain["pages"]), (&json!(12), &json!(1), &json!(1)));
    let all = cards(&plain);

    // Spelled out from the seed, so the working-out above is checked too.
    let brand = |b: &str, n| (b.to_owned(), n);
    assert_eq!(
        facets(&plain),
        Facets {
            brands: vec![
                brand("Arcwave", 3),
                brand("Northstar", 2),
                brand("Pixelcraft", 2),
                brand("Sonora", 2),
                brand("Voltaic", 2),
                brand("Lumen", 1)
            ],
            // One product has no reviews (0 stars), so it is under no floor.
            ratings: vec![(4, 6), (3, 10), (2, 11), (1, 11)],
            // Nothing under $25: that band is left out.
            prices: vec![
                (2500, Some(4999), 2),
                (5000, Some(9999), 1),
                (10000, Some(19999), 2),
                (20000, None, 7)
            ],
        }
    );
    let sorted = |sort: &'static str| {
        let app = &app;
        async move { card_ids(&app.get_json(&at(ELECTRONICS, &[("sort", sort)]), 200).await) }
    };
    // 50 and 53 are both $649.99, 55 and 60 both $279.99: the lower id first.
    let by_price = vec![59, 58, 57, 56, 52, 54, 55, 60, 51, 50, 53, 49];
    assert_eq!(sorted("price-asc").await, by_price);
    assert_eq!(sorted("price-desc").await, by_price.iter().rev().copied().collect::<Vec<_>>());
    // 53 and 58 both average 4.33: more reviews first (9, 3); so 52, 56, 57 at 4.00.
    assert_eq!(sorted("rating").await, [54, 53, 58, 52, 56, 57, 59, 51, 55, 49, 60, 50]);
    assert_eq!(sorted("newest").await, (49..=60).rev().collect::<Vec<_>>());
    assert_eq!(sorted("featured").await, (49..=60).collect::<Vec<_>>());
    let list = |pairs: &'static [(&'static str, &'static str)]| {
        let app = &app;
        async move { card_ids(&app.get_json(&at(ELECTRONICS, pairs), 200).await) }
    };
    assert_eq!(list(&[("brand", "Sonora")]).await, [52, 57]);
    assert_eq!(
        list(&[("brand", "Sonora"), ("brand", "Arcwave")]).await,
        [49, 52, 57, 58, 59],
        "either brand"
    );
    assert!(list(&[("minPrice", "49.99")]).await.contains(&58), "$49.99 is at least $49.99");
    assert_eq!(list(&[("maxPrice", "49.99")]).await, [58, 59], "$49.99 is at most $49.99");
    assert_eq!(list(&[("minPrice", "50"), ("maxPrice", "199.99")]).await, [52, 56, 57]);
    assert_eq!(list(&[("minRating", "4.33")]).await, [53, 54, 58]);

    for pairs in QUESTIONS {
        assert_list(&app, ELECTRONICS, &[], &all, pairs).await;
    }
}

#[actix_web::test]
async fn facets_count_under_every_filter_but_their_own() {
    let app = spawn_app().await;
    let plain = facets(&app.get_json(ELECTRONICS, 200).await);

    // Ticking a brand keeps every other brand on offer, with its full count.
    let sonora = app.get_json(&at(ELECTRONICS, &[("brand", "Sonora")]), 200).await;
    assert_eq!(card_ids(&sonora), [52, 57]);
    let f = facets(&sonora);
    assert_eq!(f.brands, plain.brands);
    assert_eq!(f.ratings, [(4, 2), (3, 2), (2, 2), (1, 2)], "only Sonora's ratings");
    assert_eq!(f.prices, [(5000, Some(9999), 1), (10000, Some(19999), 1)], "only Sonora's prices");

    // The rating floor leaves the rating facet as it was; the price filter the prices.
    let rated = facets(&app.get_json(&at(ELECTRONICS, &[("minRating", "4")]), 200).await);
    assert_eq!(rated.ratings, plain.ratings);
    assert_eq!(rated.brands.iter().map(|b| b.1).sum::<u64>(), 6, "brands count only the 4-star ones");
    let priced = facets(&app.get_json(&at(ELECTRONICS, &[("minPrice", "200")]), 200).await);
    assert_eq!(priced.prices, plain.prices);
    assert!(!priced.brands.iter().any(|b| b.0 == "Sonora"), "no Sonora at $200 or more: {priced:?}");

    // A ticked brand with nothing is still listed, at 0; the list is empty, not an error.
    let nobody = app.get_json(&at(ELECTRONICS, &[("brand", "Nobody"), ("sort", "rating")]), 200).await;
    assert_eq!((&nobody["Products"], &nobody["total"], &nobody["pages"]), (&json!([]), &json!(0), &json!(1)));
    let f = facets(&nobody);
    assert_eq!(f.brands.last(), Some(&("Nobody".to_owned(), 0)));
    assert_eq!(f.brands[..f.brands.len() - 1], plain.brands[..]);
    assert_eq!((f.ratings.len(), f.prices.len()), (0, 0), "bands and floors with nothing are left out");
}

#[actix_web::test]
async fn pages_cut_a_list_without_overlap_or_gaps() {
    let app = spawn_app().await;
    for sort in ["featured", "price-asc", "rating"] {
        let whole = card_ids(&app.get_json(&at(ELECTRONICS, &[("sort", sort)]), 200).await);
        let mut pages = Vec::new();
        for page in ["1", "2", "3"] {
            let body =
                app.get_json(&at(ELECTRONICS, &[("sort", sort), ("limit", "5"), ("page", page)]), 200).await;
            assert_eq!(
                (&body["total"], &body["pages"], &body["page"]),
                (&json!(12), &json!(3), &json!(page.parse::<u32>().unwrap()))
            );
            pages.push(card_ids(&body));
        }
        assert_eq!(pages[1], whole[5..10], "{sort}: page 2 holds the 6th to 10th");
        assert_eq!(pages.concat(), whole, "{sort}: pages 1 to 3 are the list, in order, none twice");
    }
    let past = app.get_json(&at(ELECTRONICS, &[("limit", "5"), ("page", "4")]), 400).await;
    assert!(assert_error_shape(&past).contains("page"));
}

/// The message names the parameter, as a word of its own.
fn names(message: &str, parameter: &str) -> bool {
    message.split(|c: char| !c.is_alphanumeric()).any(|w| w == parameter)
}

/// Parameters every list refuses, and the one each answer must name.
fn bad_listing_parameters() -> Vec<(Vec<(&'static str, String)>, &'static str)> {
    let one = |k: &'static str, v: &str| vec![(k, v.to_owned())];
    vec![
        (one("sort", "cheapest"), "sort"),
        (one("sort", ""), "sort"),
        (one("sort", "PRICE-ASC"), "sort"),
        (vec![("minPrice", "50".to_owned()), ("maxPrice", "20".to_owned())], "minPrice"),
        (one("page", "2"), "page"),
        (one("page", "0"), "page"),
        (one("page", "-1"), "page"),
        (one("page", "two"), "page"),
        (one("limit", "0"), "limit"),
        (one("limit", "97"), "limit"),
        (one("limit", "1.5"), "limit"),
        (one("minRating", "6"), "minRating"),
        (one("minRating", "-1"), "minRating"),
        (one("minRating", "high"), "minRating"),
        (one("minRating", "NaN"), "minRating"),
        (one("page", "4294967295"), "page"),
        (one("page", "4294967296"), "page"),
        (one("minPrice", "-1"), "minPrice"),
        (one("minPrice", "abc"), "minPrice"),
        (one("minPrice", "NaN"), "minPrice"),
        (one("minPrice", "1e999"), "minPrice"),
        (one("maxPrice", "-0.01"), "maxPrice"),
        (one("maxPrice", "$20"), "maxPrice"),
        (one("brand", &"b".repeat(101)), "brand"),
        ((0..21).map(|n| ("brand", format!("Brand {n}"))).collect(), "brand"),
        (vec![("limit", "5".to_owned()), ("page", "4".to_owned())], "page"),
    ]
}

async fn assert_refused_naming(app: &TestApp, url: &str, parameter: &str) {
    let body = app.get_json(url, 400).await;
    let message = assert_error_shape(&body);
    assert!(names(&message, parameter), "{url}: the message names {parameter}: {message}");
}

#[actix_web::test]
async fn bad_parameters_answer_400_naming_the_parameter_and_unknown_departments_404() {
    let app = spawn_app().await;
    for (pairs, parameter) in bad_listing_parameters() {
        let pairs: Vec<(&str, &str)> = pairs.iter().map(|(k, v)| (*k, v.as_str())).collect();
        assert_refused_naming(&app, &at(ELECTRONICS, &pairs), parameter).await;
        // Twelve products match "head": page 2 of 48 is past the last, as on the department.
        let mut searched = vec![("q", "head")];
        searched.extend_from_slice(&pairs);
        assert_refused_naming(&app, &at(SEARCH, &searched), parameter).await;
    }
    // Relevance needs search words.
    assert_refused_naming(&app, &at(ELECTRONICS, &[("sort", "relevance")]), "sort").await;
    // Page 1 of nothing is an empty page; page 2 of nothing is past the last.
    app.get_json(&at(SEARCH, &[("q", "zzzzqx")]), 200).await;
    assert_refused_naming(&app, &at(SEARCH, &[("q", "zzzzqx"), ("page", "2")]), "page").await;
    assert_refused_naming(&app, &at(SEARCH, &[("q", "!!!"), ("page", "2")]), "page").await;
    assert_refused_naming(&app, &at(ELECTRONICS, &[("brand", "Nobody"), ("page", "2")]), "page").await;
    // Read as sent: no spaces trimmed from a number or a sort; repeats of one brand count.
    assert_refused_naming(&app, &at(ELECTRONICS, &[("minPrice", " 25 ")]), "minPrice").await;
    assert_refused_naming(&app, &at(ELECTRONICS, &[("sort", " newest")]), "sort").await;
    let same_brand: Vec<(&str, &str)> = (0..21).map(|_| ("brand", "Lumen")).collect();
    assert_refused_naming(&app, &at(ELECTRONICS, &same_brand), "brand").await;
    assert_refused_naming(&app, &at(ELECTRONICS, &[("brand", " ")]), "brand").await;

    // The edges that are allowed.
    for pairs in [
        &[("limit", "96")][..],
        &[("limit", "1"), ("page", "12")],
        &[("minRating", "5")],
        &[("minRating", "0")],
        &[("minPrice", "0"), ("maxPrice", "0")],
        &[("minPrice", "1e300")],
        &[("maxPrice", "1e300")],
    ] {
        app.get_json(&at(ELECTRONICS, pairs), 200).await;
    }
    let juniper = app.get_json(&at("/api/departments/3/products", &[("brand", "Juniper & Co.")]), 200).await;
    assert!(cards(&juniper).iter().all(|c| c.brand == "Juniper & Co."), "{juniper}");
    assert_eq!(juniper["total"], 3, "a brand with & in its name, encoded");
    let longest = "b".repeat(100);
    let body = app.get_json(&at(ELECTRONICS, &[("brand", &longest)]), 200).await;
    assert_eq!(facets(&body).brands.last(), Some(&(longest, 0)));

    for url in ["/api/departments/999/products", "/api/departments/999/products?sort=price-asc&page=1"] {
        let message = assert_error_shape(&app.get_json(url, 404).await);
        assert!(message.contains("couldn't be found"), "{url}: {message}");
    }
    let message =
        assert_error_shape(&app.get_json(&at(SEARCH, &[("q", "head"), ("department", "999")]), 404).await);
    assert!(message.contains("couldn't be found"), "{message}");
    for department in ["abc", "0", "-5", "1.5"] {
        assert_refused_naming(&app, &at(SEARCH, &[("q", "head"), ("department", department)]), "department")
            .await;
    }
}

/// "head" is the start of a word in these seeded products: a name (Headphones,
/// Shower Head), a description (head, heads, headrest, headboard, headphone).
const HEAD: [i64; 12] = [19, 34, 46, 52, 70, 94, 98, 115, 137, 141, 153, 154];

#[actix_web::test]
async fn search_finds_word_starts_in_names_brands_departments_and_descriptions() {
    let app = spawn_app().await;
    let search = |q: &'static str| {
        let app = &app;
        async move { app.get_json(&at(SEARCH, &[("q", q), ("sort", "featured"), ("limit", "96")]), 200).await }
    };
    assert_eq!(card_ids(&search("head").await), HEAD);
    for q in ["HEADPHONES", "headphones", "Héadphones", "HÉADPHÔNES", "  HEADPHONES  "] {
        assert_eq!(card_ids(&search(q).await), [52], "{q:?}: letter case and accents are folded");
    }
    assert_eq!(card_ids(&search("sonora").await), [52, 57], "the brand");
    assert_eq!(card_ids(&search("SONORA speaker").await), [57], "every word must match");
    // Punctuation parts a product's words as it parts a shopper's, on either engine.
    for (q, id) in [("outdoor", 135), ("15.6", 49), ("18/10", 126)] {
        assert!(card_ids(&search(q).await).contains(&id), "{q:?} finds {id}");
    }
    let electronics = search("electronics").await;
    assert_eq!(card_ids(&electronics), (49..=60).collect::<Vec<_>>(), "the department's name");
    assert_eq!(card_ids(&search("keyboard").await), [49, 58], "49 says keyboard only in its description");
    assert_eq!(card_ids(&search("cancelling quiets").await), [52], "a name word and a description word");
    let none = search("zzzzqx").await;
    assert_eq!(
        (&none["Products"], &none["total"], &none["page"], &none["pages"]),
        (&json!([]), &json!(0), &json!(1), &json!(1))
    );

    // Relevance (the default) puts a name match before a description-only one, even
    // when the description's product comes first in the catalog.
    for (q, name, description) in [("keyboard", 58, 49), ("streaming", 70, 51)] {
        for url in [at(SEARCH, &[("q", q)]), at(SEARCH, &[("q", q), ("sort", "relevance")])] {
            assert_eq!(card_ids(&app.get_json(&url, 200).await), [name, description], "{url}");
        }
    }
    let head = card_ids(&app.get_json(&at(SEARCH, &[("q", "head")]), 200).await);
    assert!(head[..2].contains(&52) && head[..2].contains(&46), "the two names with Head first: {head:?}");

    // The department keeps to one.
    let in_sports = app.get_json(&at(SEARCH, &[("q", "head"), ("department", "12")]), 200).await;
    assert_eq!(card_ids(&in_sports), [137, 141]);
    let in_electronics = app.get_json(&at(SEARCH, &[("q", "wireless"), ("department", "5")]), 200).await;
    assert!(cards(&in_electronics).iter().all(|c| c.department == 5));
    assert_eq!(in_electronics["total"], 5);
}

#[actix_web::test]
async fn search_answers_every_sort_filter_and_page_as_a_department_does() {
    let app = spawn_app().await;
    let every = app.get_json(&at(SEARCH, &[("q", "head"), ("sort", "featured"), ("limit", "96")]), 200).await;
    assert_eq!(card_ids(&every), HEAD);
    let all = cards(&every);
    for pairs in QUESTIONS {
        assert_list(&app, SEARCH, &[("q", "head")], &all, pairs).await;
    }
    for pairs in
        [&[("department", "12")][..], &[("department", "13"), ("sort", "price-desc"), ("brand", "Bitty Bee")]]
    {
        assert_list(&app, SEARCH, &[("q", "head")], &all, pairs).await;
    }
    // The facets of a search count brands across departments.
    let f = facets(&every);
    assert_eq!(f.brands.iter().map(|b| b.1).sum::<u64>(), 12);
    assert_eq!(f.brands[0], ("Alder Street".to_owned(), 1), "all at one, by name");

    // "a" starts a word of every seeded product: 156 cards over two pages, and more
    // brands than the facet counts (the 20 busiest, plus any ticked).
    let mut all = Vec::new();
    for page in ["1", "2"] {
        let pairs = [("q", "a"), ("sort", "featured"), ("limit", "96"), ("page", page)];
        all.extend(cards(&app.get_json(&at(SEARCH, &pairs), 200).await));
    }
    assert_eq!(all.len(), 156);
    let plain = facets(&assert_list(&app, SEARCH, &[("q", "a")], &all, &[]).await);
    assert_eq!(plain.brands.len(), 20, "the 20 busiest brands: {:?}", plain.brands);
    let quiet = all.iter().map(|c| c.brand.as_str()).find(|b| !plain.brands.iter().any(|(n, _)| n == b));
    let quiet = quiet.expect("a brand past the 20 busiest");
    for pairs in [
        &[("brand", quiet)][..],
        &[("brand", quiet), ("brand", "Good Acre"), ("sort", "price-asc")],
        &[("sort", "rating"), ("limit", "96"), ("page", "2")],
        &[("minRating", "4"), ("sort", "newest")],
        &[("minPrice", "25"), ("maxPrice", "49.99"), ("sort", "price-desc")],
        &[("department", "11"), ("sort", "featured")],
    ] {
        let body = assert_list(&app, SEARCH, &[("q", "a")], &all, pairs).await;
        if pairs[0].0 == "brand" {
            assert!(
                facets(&body).brands.iter().any(|(n, c)| n == quiet && *c > 0),
                "{quiet} is listed, counted"
            );
        }
    }
}

#[actix_web::test]
async fn search_words_are_checked_for_length() {
    let app = spawn_app().await;
    for url in [
        SEARCH.to_owned(),
        at(SEARCH, &[("q", "")]),
        at(SEARCH, &[("q", "   ")]),
        at(SEARCH, &[("q", &"a".repeat(101))]),
        at(SEARCH, &[("q", &"é".repeat(101))]),
        at(SEARCH, &[("q", &format!("  {}  ", "a".repeat(100)))]),
        at(SEARCH, &[("sort", "price-asc"), ("query", "head")]),
    ] {
        assert_refused_naming(&app, &url, "q").await;
    }
    for q in ["a".repeat(100), "é".repeat(100), format!("  {}  ", "a".repeat(96)), "a ".repeat(50)] {
        let body = app.get_json(&at(SEARCH, &[("q", &q)]), 200).await;
        assert!(body["total"].is_u64(), "{q:?}: {body}");
    }
}

/// Whatever is typed is only words: nothing is read as full-text query syntax, and
/// nothing is a server error.
#[actix_web::test]
async fn any_text_is_only_words_never_query_syntax_or_an_error() {
    let app = spawn_app().await;
    let typed = [
        "\"",
        "\"\"",
        "*",
        "head*",
        "*head",
        "NEAR(a b)",
        "NEAR",
        "name:head",
        "{name}: head",
        "a OR b",
        "AND",
        "NOT head",
        "-head",
        "+head",
        "(",
        ")",
        "head)",
        "^head",
        "a½b",
        "½",
        "'",
        "\\",
        "%",
        "_",
        "%_%",
        "a:b:c",
        "🎧",
        "🎧 head",
        "head🎧phones",
        "हिन्दी",
        "ि",
        "क्ष",
        "ภาษาไทย",
        "ที่",
        "\u{301}",
        "e\u{301}",
        "\u{200d}",
        "Ⅻ",
        "²",
        "ǅ",
        "ﬁ",
        "İstanbul",
        "ß",
        "0",
        "00000",
        "head;DROP TABLE products",
        "x\u{0}y",
        "\u{feff}head",
    ];
    for q in typed {
        let url = at(SEARCH, &[("q", q)]);
        let res = app.get(&url).await;
        assert_eq!(res.status(), 200, "{q:?}");
        let body: Value = res.json().await.unwrap();
        assert!(body["Products"].is_array() && body["pages"].as_u64() >= Some(1), "{q:?}: {body}");
        let url = at(SUGGEST, &[("q", q)]);
        let res = app.get(&url).await;
        assert_eq!(res.status(), 200, "suggestions for {q:?}");
        let body: Value = res.json().await.unwrap();
        assert!(body["Suggestions"].as_array().is_some_and(|s| s.len() <= 8), "{q:?}: {body}");
    }
    // Bytes that are not UTF-8, or broken escapes, in the address itself.
    for url in
        ["/api/search?q=%FF", "/api/search?q=%", "/api/search?q=%zz", "/api/search/suggestions?q=%FF%FE"]
    {
        assert_eq!(app.get(url).await.status(), 200, "{url}");
    }
    // What was meant is still found.
    for q in ["head*", "-head", "^head", "(head)", "\"headphones\"", "headphones:"] {
        let found = card_ids(&app.get_json(&at(SEARCH, &[("q", q)]), 200).await);
        assert!(found.contains(&52), "{q:?} finds the headphones: {found:?}");
    }
    // NOT and OR are words to match (54 "shows notifications"), not operators.
    for q in ["NOT voltaic", "voltaic NOT smartwatch", "voltaic OR smartwatch"] {
        let found = card_ids(&app.get_json(&at(SEARCH, &[("q", q)]), 200).await);
        let expected: &[i64] = if q.contains("OR") { &[] } else { &[54] };
        assert_eq!(found, expected, "{q:?}");
    }
    for q in ["\"", "*", "(", "🎧", "½"] {
        let body = app.get_json(&at(SEARCH, &[("q", q)]), 200).await;
        if q != "½" {
            assert_eq!((&body["Products"], &body["total"]), (&json!([]), &json!(0)), "{q:?} matches nothing");
        }
    }
}

#[actix_web::test]
async fn suggestions_offer_departments_then_brands_then_products() {
    let app = spawn_app().await;
    let suggest = |q: &'static str| {
        let app = &app;
        async move {
            let body = app.get_json(&at(SUGGEST, &[("q", q)]), 200).await;
            body["Suggestions"].as_array().unwrap_or_else(|| panic!("{q:?}: {body}")).clone()
        }
    };
    let elec = suggest("elec").await;
    assert_eq!(elec[0], json!({"kind": "department", "id": 5, "name": "Electronics"}), "{elec:?}");
    assert_eq!(suggest("ELEC").await, elec, "letter case aside");

    // A brand with how many products carry it, then its products.
    let sono = suggest("sono").await;
    assert_eq!(sono[0], json!({"kind": "brand", "name": "Sonora", "count": 2}));
    let card = |id: i64| {
        let app = &app;
        async move {
            let p = app.get_json(&format!("/api/products/{id}"), 200).await;
            json!({
                "kind": "product",
                "id": id,
                "departmentId": p["departmentId"],
                "name": p["name"],
                "brand": p["brand"],
                "previewImage": p["previewImage"],
            })
        }
    };
    assert_eq!(sono[1..], [card(52).await, card(57).await]);
    assert_eq!(suggest("headph").await, [card(52).await], "a product by the start of a word of its name");
    assert_eq!(suggest("sonora boom").await, [card(57).await], "every typed word");

    // At most 8: at most two departments, at most two brands, in that order.
    for q in ["s", "a", "c", "p"] {
        let found = suggest(q).await;
        assert_eq!(found.len(), 8, "{q:?}: {found:?}");
        let kinds: Vec<&str> = found.iter().map(|s| s["kind"].as_str().unwrap()).collect();
        let rank = |k: &str| ["department", "brand", "product"].iter().position(|x| *x == k).unwrap();
        assert!(kinds.windows(2).all(|w| rank(w[0]) <= rank(w[1])), "{q:?}: {kinds:?}");
        assert!(kinds.iter().filter(|k| **k == "department").count() <= 2, "{q:?}: {kinds:?}");
        assert!(kinds.iter().filter(|k| **k == "brand").count() <= 2, "{q:?}: {kinds:?}");
        let products: Vec<i64> =
            found.iter().filter(|s| s["kind"] == "product").map(|s| s["id"].as_i64().unwrap()).collect();
        assert!(products.windows(2).all(|w| w[0] < w[1]), "{q:?}: products in catalog order {products:?}");
    }
    let s = suggest("s").await;
    assert_eq!(s[0], json!({"kind": "department", "id": 12, "name": "Sports & Outdoors"}));

    for q in ["!!!", "***", "\"", "🎧"] {
        assert_eq!(suggest(q).await, Vec::<Value>::new(), "{q:?}");
    }
    for url in [
        SUGGEST.to_owned(),
        at(SUGGEST, &[("q", "")]),
        at(SUGGEST, &[("q", "  ")]),
        at(SUGGEST, &[("q", &"a".repeat(101))]),
    ] {
        assert_refused_naming(&app, &url, "q").await;
    }
    app.get_json(&at(SUGGEST, &[("q", &"a".repeat(100))]), 200).await;
}

/// The answers kept as bytes are revalidated with their tags, and a review that moves
/// a product's rating reaches every kept list that shows it.
#[actix_web::test]
async fn kept_lists_and_searches_follow_a_review() {
    let app = spawn_app().await;
    let by_rating = at(ELECTRONICS, &[("sort", "rating")]);
    let kept = [
        by_rating.clone(),
        ELECTRONICS.to_owned(),
        at(ELECTRONICS, &[("minRating", "4")]),
        at(SEARCH, &[("q", "sonora")]),
        at(SEARCH, &[("q", "speaker"), ("sort", "rating")]),
    ];
    let untouched = ["/api/departments/6/products?sort=rating".to_owned(), at(SUGGEST, &[("q", "sono")])];
    let revalidate =
        |url: &str, etag: &str| app.client.get(app.url(url)).header("if-none-match", etag).send();
    // Each answer once, then again with its tag: nothing is sent the second time.
    let mut tags = Vec::new();
    let mut before = Vec::new();
    for url in kept.iter().chain(&untouched) {
        let res = app.get(url).await;
        assert_eq!(res.status(), 200, "{url}");
        let tag = res.headers()["etag"].to_str().unwrap().to_owned();
        before.push(res.json::<Value>().await.unwrap());
        let again = revalidate(url, &tag).await.unwrap();
        assert_eq!(again.status(), 304, "{url}");
        assert_eq!(again.headers()["etag"], tag.as_str());
        tags.push(tag);
    }
    let card57 = |body: &Value| cards(body).into_iter().find(|c| c.id == 57);
    let was = card57(&before[0]).expect("57 is listed");
    assert_eq!((was.stars, was.reviews), (400, 1), "the seeded Sonora speaker");
    assert!(card57(&before[2]).is_some(), "4 stars and up");

    // The demo shopper gives the speaker one star: 4.00 over 1 becomes 2.50 over 2.
    app.sign_in("demo", "password").await;
    app.post(
        "/api/products/57/reviews",
        json!({"rating": 1, "title": "Crackles", "description": "The sound crackles at any volume above half."}),
        201,
    )
    .await;
    // The catalog index holds the new rating within a second (a list asked for the first
    // time shows it); the kept answers made before are dropped again then.
    let fresh = at(ELECTRONICS, &[("sort", "rating"), ("limit", "95")]);
    let moved = [54, 53, 58, 52, 56, 59, 51, 55, 49, 57, 60, 50];
    let rated = app.get_json_within_a_second(&fresh, |b| card_ids(b) == moved).await;
    assert_eq!(card_ids(&rated), moved, "57 moved down, within a second");

    let mut after = Vec::new();
    for (url, tag) in kept.iter().zip(&tags) {
        let res = revalidate(url, tag).await.unwrap();
        assert_eq!(res.status(), 200, "{url}: the kept answer changed");
        assert_ne!(res.headers()["etag"], tag.as_str(), "{url}");
        let body: Value = res.json().await.unwrap();
        if let Some(now) = card57(&body) {
            assert_eq!((now.stars, now.reviews), (250, 2), "{url}: the fresh rating");
        }
        after.push(body);
    }
    assert_eq!(card_ids(&after[0]), moved, "57 moved down");
    assert_eq!(facets(&after[0]).ratings, [(4, 5), (3, 9), (2, 11), (1, 11)]);
    assert!(card57(&after[1]).is_some());
    assert!(card57(&after[2]).is_none(), "no longer 4 stars and up");
    assert_eq!(after[2]["total"], 5);
    assert!(card57(&after[3]).is_some() && card57(&after[4]).is_some(), "both searches list 57");
    for (url, tag) in untouched.iter().zip(&tags[kept.len()..]) {
        assert_eq!(revalidate(url, tag).await.unwrap().status(), 304, "{url} did not change");
    }
    // And the fresh answer is the one kept now.
    let tag = app.get(&by_rating).await.headers()["etag"].to_str().unwrap().to_owned();
    assert_eq!(revalidate(&by_rating, &tag).await.unwrap().status(), 304);
}

/// `market seed --products 3000`: thirteen departments of about 230, found by search.
#[actix_web::test]
async fn a_seeded_catalog_of_thousands_pages_sorts_and_searches() {
    let dir = tempfile::tempdir().unwrap();
    let made = seed_catalog(&dir.path().join("market.db"), 3_000, false).unwrap();
    assert_eq!(made.products, 3_000);
    let app = spawn_app_in(dir).await;

    let mut sum = 0;
    for department in 1..=13 {
        let body = app.get_json(&format!("/api/departments/{department}/products?limit=1"), 200).await;
        sum += body["total"].as_u64().unwrap();
    }
    assert_eq!(sum, 3_000, "every product is in one department's list");
    let first = app.get_json(ELECTRONICS, 200).await;
    let total = first["total"].as_u64().unwrap();
    assert!((220..=242).contains(&total), "about 3000 / 13: {total}");
    assert_eq!(first["pages"].as_u64(), Some(total.div_ceil(48)));
    assert_eq!(cards(&first).len(), 48);

    let page = |n: &'static str| {
        let app = &app;
        async move { card_ids(&app.get_json(&at(ELECTRONICS, &[("page", n), ("limit", "48")]), 200).await) }
    };
    let (two, three, four) = (page("2").await, page("3").await, page("4").await);
    assert_eq!(three.len(), 48);
    assert!(three.iter().all(|id| !two.contains(id) && !four.contains(id)), "page 3 shares nothing");
    assert!(two.last() < three.first() && three.last() < four.first(), "featured: by id across pages");

    // Price low to high, read a page at a time: never decreasing across a page's edge.
    let mut by_price: Vec<Card> = Vec::new();
    let pages = total.div_ceil(96);
    for n in 1..=pages {
        let n = n.to_string();
        let body = app
            .get_json(&at(ELECTRONICS, &[("sort", "price-asc"), ("limit", "96"), ("page", &n)]), 200)
            .await;
        by_price.extend(cards(&body));
    }
    assert_eq!(by_price.len() as u64, total);
    assert!(by_price.windows(2).all(|w| (w[0].cents, w[0].id) < (w[1].cents, w[1].id)), "price, then id");
    assert!(by_price.iter().all(|c| c.department == 5));

    // The search index was rebuilt over the generated products: every product of the
    // department is found by its name, over many pages.
    let found = app.get_json(&at(SEARCH, &[("q", "electronics")]), 200).await;
    assert_eq!(found["total"].as_u64(), Some(total));
    assert!(found["pages"].as_u64() > Some(1));
    let searched =
        app.get_json(&at(SEARCH, &[("q", "electronics"), ("sort", "price-asc"), ("limit", "96")]), 200).await;
    assert_eq!(card_ids(&searched), ids(&by_price[..96]), "search and department agree on the order");
    let graphite = app.get_json(&at(SEARCH, &[("q", "graphite")]), 200).await;
    assert!(
        graphite["total"].as_u64() > Some(48),
        "a variant word of generated names: {}",
        graphite["total"]
    );
    assert!(graphite["pages"].as_u64() > Some(1));
    assert!(card_ids(&graphite).iter().any(|id| *id > 156), "generated products are found");
    let page_two = app.get_json(&at(SEARCH, &[("q", "graphite"), ("page", "2")]), 200).await;
    assert!(card_ids(&page_two).iter().all(|id| !card_ids(&graphite).contains(id)));
}
