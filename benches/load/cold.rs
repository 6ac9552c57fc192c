//! `cold`: listings asked for the first time, one request at a time, as a long tail of
//! shoppers and crawlers asks them. Every query is one the store has not been asked
//! before in the run (none repeats, across kinds), built from the catalog's own words,
//! which the probe first reads from a few department pages (not measured). Prints one
//! `ROW` line a kind (a Markdown table row: n, p50, p99, max, target, met, errors) and a
//! `BENCH typo_found=… typo_asked=…` line: the share of misspelt catalog words whose
//! right word's first product is in the misspelt search's first eight.

use std::collections::{BTreeSet, HashSet};
use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use reqwest::Client;
use serde_json::Value;

const SORTS: [&str; 5] = ["featured", "price-asc", "price-desc", "rating", "newest"];
/// Price bands a shopper picks (dollars; `None`: open-ended).
const BANDS: [(u32, Option<u32>); 5] =
    [(0, Some(25)), (25, Some(50)), (50, Some(100)), (100, Some(200)), (200, None)];
/// Listing answers: the p99 target, in ms.
const LIST_TARGET: f64 = 50.0;
const SUGGEST_TARGET: f64 = 15.0;

struct Probe {
    client: Client,
    base: String,
    /// Every address asked in the run: none is asked twice.
    asked: HashSet<String>,
}

/// What one kind of query took.
struct Timings {
    ms: Vec<f64>,
    errors: usize,
    /// The first few addresses answered other than 200, with their status.
    failed: Vec<String>,
}

impl Probe {
    /// Asks `path` (once in the run: `None` if it was asked already) and answers the
    /// milliseconds until the whole body arrived, the status and the body.
    async fn ask(&mut self, path: &str) -> Option<(f64, u16, Value)> {
        if !self.asked.insert(path.to_owned()) {
            return None;
        }
        let started = Instant::now();
        let res = self.client.get(format!("{}{path}", self.base)).send().await.expect("an answer");
        let status = res.status().as_u16();
        let body = res.bytes().await.expect("a body");
        let ms = started.elapsed().as_secs_f64() * 1000.0;
        Some((ms, status, serde_json::from_slice(&body).unwrap_or(Value::Null)))
    }

    /// Asks each of `paths` not asked before, `n` at most, timing each; answers the
    /// timings and each asked path with its answer.
    async fn time_all(
        &mut self,
        paths: impl IntoIterator<Item = String>,
        n: usize,
    ) -> (Timings, Vec<(String, Value)>) {
        let mut timings = Timings { ms: Vec::new(), errors: 0, failed: Vec::new() };
        let mut bodies = Vec::new();
        for path in paths {
            if timings.ms.len() >= n {
                break;
            }
            if let Some((ms, status, body)) = self.ask(&path).await {
                timings.ms.push(ms);
                if status != 200 {
                    timings.errors += 1;
                    if timings.failed.len() < 3 {
                        timings.failed.push(format!("{path}: {status} {body}"));
                    }
                }
                bodies.push((path, body));
            }
        }
        (timings, bodies)
    }
}

/// A search box's words as an address's query value.
fn q(words: &str) -> String {
    form_urlencoded::byte_serialize(words.as_bytes()).collect()
}

fn row(kind: &str, t: &Timings, target: f64) {
    let mut ms = t.ms.clone();
    ms.sort_by(f64::total_cmp);
    let at = |share: f64| super::nearest_rank(&ms, share);
    let (p50, p99, max) = (at(0.5), at(0.99), ms.last().copied().unwrap_or(0.0));
    let met = if p99 <= target && t.errors == 0 { "yes" } else { "**no**" };
    println!(
        "ROW | {kind} | {} | {p50:.1} | {p99:.1} | {max:.1} | ≤ {target:.0} | {met} | {} |",
        ms.len(),
        t.errors
    );
    eprintln!("{kind}: n={} p50={p50:.1} p99={p99:.1} max={max:.1} ms, errors {}", ms.len(), t.errors);
    for failed in &t.failed {
        eprintln!("  {failed}");
    }
}

/// `word` with one typing mistake: two letters swapped, one dropped, added or changed.
fn mistype(word: &str, rng: &mut StdRng) -> String {
    let mut letters: Vec<char> = word.chars().collect();
    let at = rng.random_range(0..letters.len());
    let letter = (b'a' + rng.random_range(0..26u8)) as char;
    match rng.random_range(0..4) {
        0 if at + 1 < letters.len() => letters.swap(at, at + 1),
        1 => {
            letters.remove(at);
        }
        2 => letters.insert(at, letter),
        _ => letters[at] = letter,
    }
    letters.into_iter().collect()
}

/// The catalog's words (lowercase letters, 3 or more) in `names`, and each name's words.
fn words_of(names: &[String]) -> (Vec<String>, Vec<Vec<String>>) {
    let mut all = BTreeSet::new();
    let mut by_name = Vec::new();
    for name in names {
        let words: Vec<String> = name
            .split(|c: char| !c.is_alphanumeric())
            .map(str::to_lowercase)
            .filter(|w| w.len() >= 3 && w.chars().all(|c| c.is_ascii_lowercase()))
            .collect();
        all.extend(words.iter().cloned());
        by_name.push(words);
    }
    (all.into_iter().collect(), by_name)
}

fn ids(body: &Value) -> Vec<i64> {
    body["Products"]
        .as_array()
        .map(|p| p.iter().filter_map(|p| p["id"].as_i64()).collect())
        .unwrap_or_default()
}

pub async fn cold(url: &str, n: usize) {
    let client = Client::builder()
        .pool_max_idle_per_host(1)
        .timeout(Duration::from_secs(60))
        .build()
        .expect("a client");
    let mut probe = Probe { client, base: url.trim_end_matches('/').to_owned(), asked: HashSet::new() };
    let mut rng = StdRng::seed_from_u64(2026);

    // The catalog's words, from two pages of each department (not measured), and each
    // department's page count and brands as its first page says.
    let (_, _, departments) = probe.ask("/api/departments").await.expect("the departments");
    let departments: Vec<i64> = departments["Departments"]
        .as_array()
        .expect("departments")
        .iter()
        .filter_map(|d| d["id"].as_i64())
        .collect();
    let mut names = Vec::new();
    let mut shelves = Vec::new();
    for &id in &departments {
        let (_, _, first) =
            probe.ask(&format!("/api/departments/{id}/products?sort=newest")).await.expect("a page");
        let pages = first["pages"].as_u64().unwrap_or(1);
        let brands: Vec<String> = first["facets"]["brands"]
            .as_array()
            .map(|b| b.iter().filter_map(|b| b["name"].as_str().map(str::to_owned)).collect())
            .unwrap_or_default();
        for page in [
            first,
            probe
                .ask(&format!("/api/departments/{id}/products?sort=newest&page={}", pages.div_ceil(2).max(1)))
                .await
                .map(|a| a.2)
                .unwrap_or_default(),
        ] {
            for p in page["Products"].as_array().into_iter().flatten() {
                names.extend(p["name"].as_str().map(str::to_owned));
            }
        }
        shelves.push((id, pages, brands));
    }
    let (mut vocabulary, by_name) = words_of(&names);
    vocabulary.shuffle(&mut rng);
    eprintln!(
        "{} words from {} product names in {} departments",
        vocabulary.len(),
        names.len(),
        departments.len()
    );

    // Search, one word: the words whose answers run to two pages or more are kept for the
    // sorted and deep pages below.
    let (one, answers) =
        probe.time_all(vocabulary.iter().map(|w| format!("/api/search?q={}", q(w))), n).await;
    row("search, one word", &one, LIST_TARGET);
    let paged: Vec<(String, u64)> = vocabulary
        .iter()
        .zip(&answers)
        .filter_map(|(w, (_, b))| b["pages"].as_u64().filter(|&p| p >= 2).map(|p| (w.clone(), p)))
        .collect();

    let mut pairs = Vec::new();
    for words in &by_name {
        for pair in words.windows(2) {
            pairs.push(format!("{} {}", pair[0], pair[1]));
        }
    }
    pairs.shuffle(&mut rng);
    let (two, _) = probe.time_all(pairs.iter().map(|p| format!("/api/search?q={}", q(p))), n).await;
    row("search, two words", &two, LIST_TARGET);

    let mut prefixes: Vec<String> = vocabulary
        .iter()
        .flat_map(|w| (2..=4).filter(|&k| k < w.len()).map(move |k| w[..k].to_owned()))
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    prefixes.shuffle(&mut rng);
    let (typed, _) = probe.time_all(prefixes.iter().map(|p| format!("/api/search?q={}", q(p))), n).await;
    row("search, a prefix as typed (2-4 letters)", &typed, LIST_TARGET);

    let mut priced = Vec::new();
    for w in &vocabulary {
        let (min, max) = *BANDS.choose(&mut rng).expect("a band");
        let max = max.map(|m| format!("&maxPrice={m}")).unwrap_or_default();
        priced.push(format!("/api/search?q={}&minPrice={min}{max}", q(w)));
    }
    let (with_price, _) = probe.time_all(priced, n).await;
    row("search, a word with a price filter", &with_price, LIST_TARGET);

    let sorted: Vec<String> = paged
        .iter()
        .flat_map(|(w, _)| SORTS.iter().map(move |s| format!("/api/search?q={}&sort={s}&page=2", q(w))))
        .collect::<Vec<_>>()
        .choose_multiple(&mut rng, n)
        .cloned()
        .collect();
    let (second, _) = probe.time_all(sorted, n).await;
    row("search, a word, sorted, page 2", &second, LIST_TARGET);

    let deep: Vec<String> = (0..n * 4)
        .filter_map(|_| {
            let (w, pages) = paged.choose(&mut rng)?;
            let page = if rng.random_bool(0.25) { *pages } else { rng.random_range(2..=*pages) };
            Some(format!("/api/search?q={}&sort={}&page={page}", q(w), SORTS.choose(&mut rng)?))
        })
        .collect();
    let (any_page, _) = probe.time_all(deep, n).await;
    row("search, a word, sorted, any page to the last", &any_page, LIST_TARGET);

    let department_pages: Vec<String> = (0..n * 4)
        .filter_map(|_| {
            let (id, pages, _) = shelves.choose(&mut rng)?;
            let page = if rng.random_bool(0.25) { *pages } else { rng.random_range(1..=*pages) };
            Some(format!("/api/departments/{id}/products?sort={}&page={page}", SORTS.choose(&mut rng)?))
        })
        .collect();
    let (department, _) = probe.time_all(department_pages, n).await;
    row("department page, any sort, any page to the last", &department, LIST_TARGET);

    // Filters: a brand, a price band, a rating floor or in stock only, alone or together;
    // the first page, or the last when the first says there are more.
    let mut filtered = Vec::new();
    while filtered.len() < n * 4 {
        let Some((id, _, brands)) = shelves.choose(&mut rng) else { break };
        let mut query = format!("sort={}", SORTS.choose(&mut rng).expect("a sort"));
        if let Some(brand) = brands.choose(&mut rng).filter(|_| rng.random_bool(0.5)) {
            query.push_str(&format!("&brand={}", q(brand)));
        }
        if rng.random_bool(0.5) {
            let (min, max) = *BANDS.choose(&mut rng).expect("a band");
            query.push_str(&format!("&minPrice={min}"));
            query.extend(max.map(|m| format!("&maxPrice={m}")));
        }
        if rng.random_bool(0.4) {
            query.push_str(&format!("&minRating={}", rng.random_range(1..=4)));
        }
        if rng.random_bool(0.3) {
            query.push_str("&inStock=true");
        }
        filtered.push(format!("/api/departments/{id}/products?{query}"));
    }
    let (mut filters, answers) = probe.time_all(filtered, n / 2).await;
    let last_pages: Vec<String> = answers
        .iter()
        .filter_map(|(path, b)| b["pages"].as_u64().filter(|&p| p >= 2).map(|p| format!("{path}&page={p}")))
        .collect();
    let (last, _) = probe.time_all(last_pages, n - filters.ms.len()).await;
    filters.ms.extend(last.ms);
    filters.errors += last.errors;
    filters.failed.extend(last.failed);
    row("department page, filtered, first or last page", &filters, LIST_TARGET);

    let mut typing: Vec<String> = vocabulary
        .iter()
        .flat_map(|w| (1..=4).filter(|&k| k <= w.len()).map(move |k| w[..k].to_owned()))
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    typing.shuffle(&mut rng);
    let (suggestions, _) =
        probe.time_all(typing.iter().map(|p| format!("/api/search/suggestions?q={}", q(p))), n).await;
    row("suggestions for 1-4 letters", &suggestions, SUGGEST_TARGET);

    // Misspelt words: one mistake from 5 letters on, two from 9. Found when the right
    // word's first product is among the misspelt search's first eight.
    let known: HashSet<&String> = vocabulary.iter().collect();
    let mut misspelt = Timings { ms: Vec::new(), errors: 0, failed: Vec::new() };
    let (mut found, mut tried) = (0, 0);
    for word in vocabulary.iter().filter(|w| w.len() >= 5) {
        if tried >= n {
            break;
        }
        let mut typo = mistype(word, &mut rng);
        if word.len() >= 9 {
            typo = mistype(&typo, &mut rng);
        }
        if typo == *word || known.contains(&typo) {
            continue;
        }
        let Some((ms, status, wrong)) = probe.ask(&format!("/api/search?q={}&limit=8", q(&typo))).await
        else {
            continue;
        };
        let Some((_, _, right)) = probe.ask(&format!("/api/search?q={}&limit=8", q(word))).await else {
            continue;
        };
        let Some(first) = ids(&right).first().copied() else { continue };
        tried += 1;
        misspelt.ms.push(ms);
        if status != 200 {
            misspelt.errors += 1;
        }
        if ids(&wrong).contains(&first) {
            found += 1;
        }
    }
    row("search, a misspelt word", &misspelt, LIST_TARGET);
    println!("BENCH typo_found={found} typo_asked={tried}");
}
