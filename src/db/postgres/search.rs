//! PostgreSQL's full-text search: `products.words`, a tsvector weighted A (name) to D
//! (description) in the `market` configuration (accents folded, no stemming), under a
//! GIN index.

use crate::db::dialect::{Matching, SearchSql, prefix_last};

pub const SQL: SearchSql = SearchSql {
    matching: Matching::Condition("p.words @@ to_tsquery('market', ?)"),
    ranked_from: "products p CROSS JOIN to_tsquery('market', ?) q",
    ranked_condition: "p.words @@ q AND ",
    // Name and brand matches first, as SQLite's bm25 weighs them: ts_rank's weights
    // are D, C, B, A.
    ranked_order: "ts_rank('{0.1, 0.2, 0.6, 1.0}', p.words, q) DESC, p.id",
    suggestions:
        "SELECT p.id, p.department_id, p.name, p.brand, p.price_cents, i.url, p.rating_sum, p.review_count, p.stock, p.price_to_cents, p.options IS NOT NULL
         FROM products p
         LEFT JOIN product_images i ON i.product_id = p.id AND i.position = 0
         WHERE p.words @@ to_tsquery('market', ?1) AND p.archived_at IS NULL ORDER BY p.id LIMIT ?2",
    expression,
    typed_name,
};

/// tsquery's: each word a prefix (`head:*`), all of them required (`&`), in the name
/// and brand (weights A and B) only when asked. Words hold only letters and digits, so
/// a shopper's input is never read as query syntax.
fn expression(words: &[String], name_and_brand: bool) -> String {
    let weights = if name_and_brand { "AB" } else { "" };
    words.iter().map(|w| format!("{w}:*{weights}")).collect::<Vec<_>>().join(" & ")
}

/// In the name and brand (weights A and B), each word whole (`mini:AB`) but a last one
/// being typed (`sp:*AB`).
fn typed_name(words: &[String]) -> String {
    (0..words.len())
        .map(|i| match prefix_last(words, i) {
            true => format!("{}:*AB", words[i]),
            false => format!("{}:AB", words[i]),
        })
        .collect::<Vec<_>>()
        .join(" & ")
}
