//! The pricing rule against an oracle written apart from it: 10,000 random carts
//! (quantities, prices from a cent to thousands of dollars, percent and amount codes,
//! minimums, tax rates with three decimals, paid methods and their free-over edges, the
//! RedCard or a test card),
//! each quoted and ordered through the API; the quote, the order and the order history
//! must each agree with the oracle to the cent.

use serde_json::{Value, json};

use crate::checkout::{cents, method, order_of, promotion, shopper, texas};
use crate::helpers::{TestApp, in_stock, spawn_app_with};
use crate::sql::{SqlSession, sql_session};

const CARTS: usize = 10_000;
/// Shoppers pricing carts at once, each with its own method, code and tax region.
const WORKERS: usize = 8;
const PRODUCTS: i64 = 40;
const REGIONS: [&str; WORKERS] = ["TX", "CA", "NY", "WA", "IL", "FL", "PR", "DC"];

/// A small, seeded generator (SplitMix64): the same seed makes the same carts.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: u64) -> i64 {
        (self.next() % n) as i64
    }
}

/// One cart's terms, as the oracle reads them.
#[derive(Debug, Clone)]
struct Terms {
    /// `("percent", 1..=100)` or `("amount", cents)`, with the code's minimum subtotal.
    code: Option<(&'static str, i64, i64)>,
    /// The method's price and free-over, in cents; `None` for the free default.
    method: Option<(i64, Option<i64>)>,
    /// Thousandths of a percent.
    rate: i64,
    /// Paid with the RedCard (else with a test card, which earns nothing).
    redcard: bool,
}

/// `a × b ÷ d`, rounded half up, in whole numbers that cannot overflow.
fn half_up(a: i64, b: i64, d: i64) -> i64 {
    let (q, r) = ((a as i128 * b as i128) / d as i128, (a as i128 * b as i128) % d as i128);
    (q + i128::from(2 * r >= d as i128)) as i64
}

/// The figures an order of `prices` must have under `terms`, worked out from the rule as
/// docs/rules.md states it: `(subtotal, code discount, card discount, shipping, tax, total)`,
/// or `None` when the code must be refused for its minimum.
fn oracle(prices: &[i64], terms: &Terms) -> Option<[i64; 6]> {
    let subtotal: i64 = prices.iter().sum();
    let code = match terms.code {
        None => 0,
        Some((_, _, min)) if subtotal < min => return None,
        Some(("percent", p, _)) => half_up(subtotal, p, 100),
        Some((_, amount, _)) => amount.min(subtotal),
    };
    let card = if terms.redcard { half_up(subtotal - code, 5, 100) } else { 0 };
    let shipping = match terms.method {
        None => 0,
        Some((_, Some(free_over))) if subtotal >= free_over => 0,
        Some((price, _)) => price,
    };
    let tax = half_up(subtotal - code - card, terms.rate, 100_000);
    Some([subtotal, code, card, shipping, tax, subtotal - code - card + shipping + tax])
}

/// The figures of a quote or an order as the API wrote them.
fn figures(answer: &Value) -> [i64; 6] {
    let discount = |redcard: bool| {
        let lines = answer["discounts"].as_array().unwrap().iter();
        lines.filter(|d| (d["label"] == "RedCard 5% Discount") == redcard).map(|d| cents(&d["amount"])).sum()
    };
    let (code, card) = (discount(false), discount(true));
    [
        cents(&answer["subtotal"]),
        code,
        card,
        cents(&answer["shipping"]),
        cents(&answer["tax"]),
        cents(&answer["total"]),
    ]
}

/// A price for the carts: mostly everyday amounts, some a cent, some in the thousands.
fn price(random: &mut Random) -> i64 {
    match random.below(10) {
        0 => 1 + random.below(20),
        1 => 100_000 + random.below(900_000),
        _ => 99 + random.below(30_000),
    }
}

/// A worker's shopper, address, method and code, made once.
struct Worker {
    shopper: TestApp,
    user_id: i64,
    address_id: Value,
    method_id: i64,
    code_id: i64,
    code: String,
    region: &'static str,
    sql: SqlSession,
}

async fn worker(app: &TestApp, n: usize) -> Worker {
    let shopper = shopper(app).await;
    let user_id = shopper.get_json("/api/session", 200).await["user"]["id"].as_i64().unwrap();
    let mut address = texas("Oracle");
    address["state"] = json!(REGIONS[n]);
    let address_id = shopper.post("/api/addresses", address, 201).await["id"].clone();
    let method_id = method(app, &format!("Oracle {n}"), 500, None).await;
    let code = format!("ORACLE-{n}");
    let code_id = promotion(app, &code, "percent", 10, None).await;
    app.sql(&format!(
        "INSERT INTO tax_rates (region, rate_milli, updated_at) VALUES ('{}', 0, 0)",
        REGIONS[n]
    ))
    .await;
    let sql = sql_session(app).await;
    Worker { shopper, user_id, address_id, method_id, code_id, code, region: REGIONS[n], sql }
}

/// Random terms for one cart, the SQL that writes them to the worker's method, code and
/// region, and the checkout's choice.
fn terms(w: &Worker, random: &mut Random, subtotal: i64) -> (Terms, String, Value) {
    let rate = match random.below(4) {
        0 => 0,
        1 => 25_000,
        _ => random.below(25_001),
    };
    let code = match random.below(3) {
        0 => None,
        1 => Some(("percent", 1 + random.below(100), 0)),
        _ => Some(("amount", 1 + random.below(subtotal as u64 * 2), 0)),
    };
    // A minimum at, just above or well below the subtotal, now and then.
    let code = code.map(|(kind, value, _)| match random.below(6) {
        0 => (kind, value, subtotal),
        1 => (kind, value, subtotal + 1),
        _ => (kind, value, 0),
    });
    let method = match random.below(3) {
        0 => None,
        _ => {
            let free_over = match random.below(4) {
                0 => None,
                1 => Some(subtotal),
                2 => Some(subtotal + 1),
                _ => Some(random.below(subtotal as u64 * 2 + 1)),
            };
            Some((random.below(5_000), free_over))
        }
    };
    let mut sql = format!("; UPDATE tax_rates SET rate_milli = {rate} WHERE region = '{}'", w.region);
    if let Some((kind, value, min)) = code {
        sql += &format!(
            "; UPDATE promotions SET kind = '{kind}', value = {value}, min_subtotal_cents = {min} WHERE id = {}",
            w.code_id
        );
    }
    if let Some((price, free_over)) = method {
        let free_over = free_over.map_or("NULL".into(), |c| c.to_string());
        sql += &format!(
            "; UPDATE shipping_methods SET price_cents = {price}, free_over_cents = {free_over} WHERE id = {}",
            w.method_id
        );
    }
    let mut choice = json!({"addressId": w.address_id});
    if code.is_some() {
        choice["promotionCode"] = json!(w.code.to_lowercase());
    }
    if method.is_some() {
        choice["shippingMethodId"] = json!(w.method_id);
    }
    let redcard = random.below(2) == 0;
    if !redcard {
        choice["payment"] = json!({"method": "card"});
    }
    (Terms { code, method, rate, redcard }, sql, choice)
}

/// Prices `carts` random carts for worker `w`; answers each placed order's id and the
/// figures the oracle gave it.
async fn price_carts(w: &Worker, catalog: &[(i64, i64)], seed: u64, carts: usize) -> Vec<(i64, [i64; 6])> {
    let mut random = Random(seed);
    let mut placed = Vec::new();
    for _ in 0..carts {
        let lines: Vec<(i64, i64)> =
            (0..1 + random.below(6)).map(|_| catalog[random.below(catalog.len() as u64) as usize]).collect();
        let prices: Vec<i64> = lines.iter().map(|l| l.1).collect();
        let values: Vec<String> = lines.iter().map(|(id, _)| format!("({}, {id}, 0)", w.user_id)).collect();
        let (terms, set_terms, choice) = self::terms(w, &mut random, prices.iter().sum());
        w.sql
            .run(&format!(
                "DELETE FROM cart_items WHERE user_id = {}; INSERT INTO cart_items (user_id, product_id, created_at) VALUES {}{set_terms}",
                w.user_id,
                values.join(", ")
            ))
            .await;
        let expected = oracle(&prices, &terms);
        let res = w.shopper.send(reqwest::Method::POST, "/api/checkout/quote", Some(choice.clone())).await;
        let Some(expected) = expected else {
            assert_eq!(res.status().as_u16(), 400, "{terms:?} {prices:?}: the code's minimum");
            continue;
        };
        assert_eq!(res.status().as_u16(), 200, "{terms:?} {prices:?}");
        let quote: Value = res.json().await.unwrap();
        assert_eq!(figures(&quote), expected, "quote: {terms:?} {prices:?}");
        let mut order = order_of(&quote, choice);
        if !terms.redcard {
            order["payment"]["card"] =
                json!({"number": "4242424242424242", "expMonth": 12, "expYear": 2040, "cvc": "123"});
        }
        let order = w.shopper.post("/api/orders", order, 201).await;
        assert_eq!(figures(&order), expected, "order: {terms:?} {prices:?}");
        placed.push((order["id"].as_i64().unwrap(), expected));
    }
    placed
}

#[actix_web::test]
async fn ten_thousand_random_carts_are_priced_as_the_oracle_prices_them() {
    let app = spawn_app_with(|config| config.rate_limits = None).await;
    let seed = std::env::var("ORACLE_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(47);
    println!("ORACLE_SEED={seed}");
    let mut random = Random(seed);
    let mut catalog = Vec::new();
    for n in 0..PRODUCTS {
        let id = in_stock(n);
        let cents = price(&mut random);
        app.sql(&format!("UPDATE products SET price_cents = {cents}, stock = 100000000 WHERE id = {id}"))
            .await;
        catalog.push((id, cents));
    }
    let mut workers = Vec::new();
    for n in 0..WORKERS {
        workers.push(worker(&app, n).await);
    }
    let runs = workers
        .iter()
        .enumerate()
        .map(|(n, w)| price_carts(w, &catalog, seed * 1000 + n as u64, CARTS / WORKERS));
    let placed = futures_util::future::join_all(runs).await;
    let mut ordered = 0;
    for (w, placed) in workers.iter().zip(placed) {
        let history = w.shopper.get_json("/api/orders", 200).await["Orders"].clone();
        let by_id: std::collections::HashMap<i64, &Value> =
            history.as_array().unwrap().iter().map(|o| (o["id"].as_i64().unwrap(), o)).collect();
        for (id, expected) in &placed {
            assert_eq!(figures(by_id[id]), *expected, "history: order {id}");
        }
        ordered += placed.len();
    }
    assert!(ordered > CARTS * 3 / 4, "most carts are ordered: {ordered}");
}
