//! SQLite's full-text search: the FTS5 table `product_search` of migration 0005.

use crate::db::dialect::{Matching, SearchSql, prefix_last};

pub const SQL: SearchSql = SearchSql {
    matching: Matching::With(
        "WITH matches (id) AS MATERIALIZED (SELECT rowid FROM product_search WHERE product_search MATCH ?) ",
    ),
    // bm25 needs the full-text table itself in the statement, not the matches' ids.
    ranked_from: "product_search JOIN products p ON p.id = product_search.rowid",
    ranked_condition: "product_search MATCH ? AND ",
    // Name and brand matches first: bm25 weighs a word in the name ten times one in
    // the description. `rank` is not available through the join, so it is spelled out.
    ranked_order: "bm25(product_search, 10.0, 6.0, 2.0, 1.0), p.id",
    // The first matches in catalog order, which the index gives without ranking them
    // all: a one-letter prefix matches most of a million products.
    suggestions:
        "SELECT p.id, p.department_id, p.name, p.brand, p.price_cents, i.url, p.rating_sum, p.review_count, p.stock, p.price_to_cents, p.options IS NOT NULL
         FROM product_search
         JOIN products p ON p.id = product_search.rowid
         LEFT JOIN product_images i ON i.product_id = p.id AND i.position = 0
         WHERE product_search MATCH ?1 AND p.archived_at IS NULL ORDER BY product_search.rowid LIMIT ?2",
    expression,
    typed_name,
};

/// FTS5's query: each word a quoted prefix (`"head"*`), all of them required, in the
/// name and brand columns only when asked. Words hold only letters and digits, so a
/// shopper's input is never read as query syntax.
fn expression(words: &[String], name_and_brand: bool) -> String {
    let terms: Vec<String> = words.iter().map(|w| format!("\"{w}\"*")).collect();
    match name_and_brand {
        true => format!("{{name brand}}: ({})", terms.join(" ")),
        false => terms.join(" "),
    }
}

/// In the name and brand, each word whole (`"mini"`) but a last one being typed
/// (`"sp"*`).
fn typed_name(words: &[String]) -> String {
    let terms: Vec<String> = (0..words.len())
        .map(|i| match prefix_last(words, i) {
            true => format!("\"{}\"*", words[i]),
            false => format!("\"{}\"", words[i]),
        })
        .collect();
    format!("{{name brand}}: ({})", terms.join(" "))
}
