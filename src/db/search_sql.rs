//! What differs between the engines' full-text search: the pieces of SQL each gives
//! (`sqlite/search.rs`, `postgres/search.rs`) for `listing.rs` and `search.rs` to build
//! their statements with.

/// How an engine finds the products that match a search: the SQL that differs.
pub(super) struct SearchSql {
    /// How a list that is not ranked keeps to the matches.
    pub matching: Matching,
    /// For a page sorted by relevance: what it reads, the condition that matches (both
    /// naming the expression once, in this order), and the order.
    pub ranked_from: &'static str,
    pub ranked_condition: &'static str,
    pub ranked_order: &'static str,
    /// Products matching `?1` in catalog order, at most `?2`, as [`CARD_COLUMNS`](super::cards::CARD_COLUMNS).
    pub suggestions: &'static str,
    /// The expression for `words` (letters and digits only, see `listing::words`): each
    /// a prefix ("head" finds headphones), all of them required; with `name_and_brand`,
    /// in a product's name or brand only.
    pub expression: fn(words: &[String], name_and_brand: bool) -> String,
    /// The expression for a product's name as staff type it in the back office: in the
    /// name and brand, every word whole but the last, which is a prefix once it has two
    /// letters ([`prefix_last`]).
    pub typed_name: fn(words: &[String]) -> String,
}

/// Whether word `i` of `words` is read as a prefix in [`SearchSql::typed_name`]: only
/// the last, the one still being typed, and not a single letter or digit. A whole name
/// typed with every word a prefix ("Mini 6" is `mini* 6*`) made the index merge every
/// word that starts with "6", "in" or "3": 130 ms for a name at a million products,
/// against 10 ms with its words whole. (Search engines call this "prefix last".)
pub(super) fn prefix_last(words: &[String], i: usize) -> bool {
    i + 1 == words.len() && words[i].chars().count() >= 2
}

/// How the statements of a list keep to a search's matches, each naming the expression
/// once, as its one parameter.
pub(super) enum Matching {
    /// `WITH matches (id) AS (...) `, read as `matches m JOIN products p`: SQLite's
    /// full-text index is a table of its own, read once per statement.
    With(&'static str),
    /// A condition on `products p`: PostgreSQL's is an index on a column of `products`,
    /// and testing it in place lets the planner read the matching rows once (joined back
    /// by id, a million-product search planned a scan of the whole table).
    Condition(&'static str),
}
