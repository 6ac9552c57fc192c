//! One page of products, its total and its facets, for a department or a search: the
//! SQL both share. Every filter and sort has an index (migration 0005); a search reads
//! the full-text index once per statement.

use rusqlite::types::Value;
use rusqlite::{Connection, params_from_iter};

use super::Error;
use super::catalog::{CARD_COLUMNS, card};
use crate::domain::Cents;
use crate::domain::catalog::ProductCard;
use crate::domain::listing::{
    BrandCount, Facets, Listing, ListingQuery, PRICE_BANDS, PriceBand, RATING_FLOORS, RatingCount, Sort,
};

/// Which products a list is drawn from.
pub(super) enum Source<'a> {
    Department(i64),
    /// Products matching a full-text query (see [`match_expression`]), in one
    /// department or all.
    Search {
        expression: &'a str,
        department: Option<i64>,
    },
}

/// The filter a facet leaves out when it counts.
#[derive(Clone, Copy, PartialEq)]
enum Leave {
    Nothing,
    Brands,
    Rating,
    Prices,
}

/// A `WHERE` clause and its parameters, in order.
struct Clause {
    sql: String,
    params: Vec<Value>,
}

impl Source<'_> {
    /// The rows a list reads: `products p`, for a search joined to the matches `m`
    /// (named in a `WITH` that [`Source::with`] writes, so one statement matches once).
    fn from(&self) -> &'static str {
        match self {
            Source::Department(_) => "products p",
            Source::Search { .. } => "matches m JOIN products p ON p.id = m.id",
        }
    }

    fn with(&self, params: &mut Vec<Value>) -> &'static str {
        match self {
            Source::Department(_) => "",
            Source::Search { expression, .. } => {
                params.push(Value::Text(expression.to_string()));
                "WITH matches (id) AS MATERIALIZED (SELECT rowid FROM product_search WHERE product_search MATCH ?) "
            }
        }
    }

    fn clause(&self, query: &ListingQuery, leave: Leave) -> Clause {
        let mut sql = vec![];
        let mut params = vec![];
        let department = match self {
            Source::Department(id) => Some(*id),
            Source::Search { department, .. } => *department,
        };
        if let Some(id) = department {
            sql.push("p.department_id = ?".to_string());
            params.push(Value::Integer(id));
        }
        if leave != Leave::Brands && !query.brands.is_empty() {
            sql.push(format!("p.brand IN ({})", vec!["?"; query.brands.len()].join(", ")));
            params.extend(query.brands.iter().map(|b| Value::Text(b.clone())));
        }
        if leave != Leave::Prices {
            if let Some(Cents(min)) = query.min_price {
                sql.push("p.price_cents >= ?".to_string());
                params.push(Value::Integer(min));
            }
            if let Some(Cents(max)) = query.max_price {
                sql.push("p.price_cents <= ?".to_string());
                params.push(Value::Integer(max));
            }
        }
        if leave != Leave::Rating
            && let Some(min) = query.min_rating
        {
            sql.push("p.rating_key >= ?".to_string());
            params.push(Value::Integer(min));
        }
        let sql = if sql.is_empty() { "1".to_string() } else { sql.join(" AND ") };
        Clause { sql, params }
    }
}

/// The order of a sort; ties are broken by id so pages never overlap.
fn order_by(sort: Sort) -> &'static str {
    match sort {
        // Name and brand matches first: bm25 weighs a word in the name ten times one in
        // the description. `rank` is not available through the join, so it is spelled out.
        Sort::Relevance => "bm25(product_search, 10.0, 6.0, 2.0, 1.0), p.id",
        Sort::Featured => "p.id",
        Sort::PriceAsc => "p.price_cents, p.id",
        Sort::PriceDesc => "p.price_cents DESC, p.id DESC",
        Sort::Rating => "p.rating_key DESC, p.review_count DESC, p.id DESC",
        Sort::Newest => "p.id DESC",
    }
}

/// The full-text query for a search's words: each a prefix ("head" finds headphones),
/// all of them required. Words hold only letters and digits (`listing::words`), so a
/// shopper's input is never read as query syntax.
pub(super) fn match_expression(words: &[String], columns: Option<&str>) -> String {
    let terms: Vec<String> = words.iter().map(|w| format!("\"{w}\"*")).collect();
    match columns {
        Some(columns) => format!("{{{columns}}}: ({})", terms.join(" ")),
        None => terms.join(" "),
    }
}

/// The total and the facets, in one statement: four aggregates over the same rows, each
/// leaving out its own filter.
fn facets(c: &Connection, source: &Source, query: &ListingQuery) -> Result<(u64, Facets), Error> {
    let mut params = Vec::new();
    let with = source.with(&mut params);
    let from = source.from();
    let mut part = |select: &str, leave: Leave, tail: &str| {
        let clause = source.clause(query, leave);
        params.extend(clause.params);
        format!("SELECT {select} FROM {from} WHERE {} {tail}", clause.sql)
    };
    let ratings: Vec<String> = RATING_FLOORS
        .iter()
        .map(|min| format!("coalesce(sum(p.rating_key >= {}), 0)", i64::from(*min) * 100))
        .collect();
    let prices: Vec<String> = PRICE_BANDS
        .iter()
        .map(|(min, max)| match max {
            Some(max) => format!("coalesce(sum(p.price_cents BETWEEN {} AND {}), 0)", min.0, max.0),
            None => format!("coalesce(sum(p.price_cents >= {}), 0)", min.0),
        })
        .collect();
    let sql = format!(
        "{with}{} UNION ALL {} UNION ALL {} UNION ALL {}",
        part("0, NULL, count(*), 0, 0, 0, 0", Leave::Nothing, ""),
        part("1, p.brand, count(*), 0, 0, 0, 0", Leave::Brands, "GROUP BY p.brand"),
        part(&format!("2, NULL, {}, 0", ratings.join(", ")), Leave::Rating, ""),
        part(&format!("3, NULL, {}", prices.join(", ")), Leave::Prices, ""),
    );
    let mut stmt = c.prepare_cached(&sql)?;
    let mut rows = stmt.query(params_from_iter(params))?;
    let mut total = 0;
    let mut brands = Vec::new();
    let mut facets = Facets::default();
    while let Some(r) = rows.next()? {
        let mut counts = [0u64; 5];
        for (at, count) in counts.iter_mut().enumerate() {
            *count = r.get::<_, i64>(at + 2)?.max(0) as u64;
        }
        match r.get::<_, i64>(0)? {
            0 => total = counts[0],
            1 => brands.push(BrandCount { name: r.get(1)?, count: counts[0] }),
            2 => {
                facets.ratings = RATING_FLOORS
                    .iter()
                    .zip(counts)
                    .filter(|(_, count)| *count > 0)
                    .map(|(min, count)| RatingCount { min: *min, count })
                    .collect()
            }
            _ => {
                facets.prices = PRICE_BANDS
                    .iter()
                    .zip(counts)
                    .filter(|(_, count)| *count > 0)
                    .map(|((min, max), count)| PriceBand { min: *min, max: *max, count })
                    .collect()
            }
        }
    }
    facets.brands = Facets::brands_of(brands, &query.brands);
    Ok((total, facets))
}

fn page(c: &Connection, source: &Source, query: &ListingQuery) -> Result<Vec<ProductCard>, Error> {
    let mut params = Vec::new();
    let with = source.with(&mut params);
    let clause = source.clause(query, Leave::Nothing);
    params.extend(clause.params);
    // bm25 needs the full-text table itself in the statement, not the matches' ids.
    let (with, from) = match (source, query.sort) {
        (Source::Search { expression, .. }, Sort::Relevance) => {
            params[0] = Value::Text(expression.to_string());
            ("", "product_search JOIN products p ON p.id = product_search.rowid")
        }
        _ => (with, source.from()),
    };
    let matching = if from.starts_with("product_search") { "product_search MATCH ? AND " } else { "" };
    let sql = format!(
        "{with}SELECT {CARD_COLUMNS} FROM {from}
         LEFT JOIN product_images i ON i.product_id = p.id AND i.position = 0
         WHERE {matching}{} ORDER BY {} LIMIT ? OFFSET ?",
        clause.sql,
        order_by(query.sort)
    );
    params.push(Value::Integer(query.limit.into()));
    params.push(Value::Integer(query.offset() as i64));
    let mut stmt = c.prepare_cached(&sql)?;
    let rows = stmt.query_map(params_from_iter(params), |r| card(r, 0))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// One page of `source` as `query` asks, with the total and the facets, read in one
/// transaction so they agree. A page past the last is refused.
pub(super) fn listing(c: &Connection, source: &Source, query: &ListingQuery) -> Result<Listing, Error> {
    let (total, facets) = facets(c, source, query)?;
    query.check_page(total).map_err(Error::Rejected)?;
    let products = if total == 0 { Vec::new() } else { page(c, source, query)? };
    Ok(Listing { products, total, page: query.page, pages: query.pages(total), facets })
}
