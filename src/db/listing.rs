//! One page of products, its total and its facets, for a department or a search: the
//! SQL both share, and both engines. Every filter and sort has an index (migration
//! 0005); a search reads the full-text index once per statement, through the pieces of
//! SQL its engine gives ([`SearchSql`]).

use super::Error;
use super::cards::{CARD_COLUMNS, card};
use super::conn::{Conn, Value};
use super::dialect::{Matching, SearchSql};
use crate::domain::Cents;
use crate::domain::catalog::ProductCard;
use crate::domain::listing::{
    BrandCount, Facets, Listing, ListingQuery, OptionCount, PRICE_BANDS, RATING_FLOORS, Sort,
};

/// Which products a list is drawn from.
pub(super) enum Source<'a> {
    Department(i64),
    /// Products matching a full-text query (see [`SearchSql::expression`]), in one
    /// department or all.
    Search {
        expression: &'a str,
        department: Option<i64>,
    },
}

/// `p.rating_key` (migration 0005) spelled out: the same value, but SQLite reads it from
/// the two counts in an index, where naming the virtual column makes it read the table.
const RATING: &str = "(CASE WHEN p.review_count = 0 THEN 0 ELSE (p.rating_sum * 200 + p.review_count) / (p.review_count * 2) END)";

/// The "In stock" filter: units left (the facets' index holds the stock).
const IN_STOCK: &str = "p.stock > 0";

/// A piece of SQL and its parameters, in order.
struct Sql<'q> {
    text: String,
    params: Vec<Value<'q>>,
}

impl<'q> Sql<'q> {
    fn new(text: impl Into<String>, params: Vec<Value<'q>>) -> Sql<'q> {
        Sql { text: text.into(), params }
    }

    /// Every condition of `parts`, or true when there is none.
    fn all(parts: Vec<Sql<'q>>) -> Sql<'q> {
        if parts.is_empty() {
            return Sql::new("TRUE", vec![]);
        }
        let text = parts.iter().map(|p| format!("({})", p.text)).collect::<Vec<_>>().join(" AND ");
        Sql::new(text, parts.into_iter().flat_map(|p| p.params).collect())
    }
}

/// The filters of a list, each a condition on `products p`, or `None` when not asked.
struct Filters<'q> {
    brands: Option<Sql<'q>>,
    prices: Option<Sql<'q>>,
    rating: Option<Sql<'q>>,
    stock: Option<Sql<'q>>,
    /// Each option named, and its condition: sold in any of the values asked.
    by_option: Vec<(&'q str, Sql<'q>)>,
    /// All of `by_option` at once.
    options: Option<Sql<'q>>,
}

/// The condition that the product in `column` is sold in any of `values` of option
/// `name`. Within a department, as the set of its products sold in them, read once by
/// the values' index (`p.id IN (...)`: SQLite and PostgreSQL each make it once a
/// statement); elsewhere, as a probe of each product's own rows, since a search's
/// matches are few and the set of a whole catalog's is not. Over Clothing at a million
/// products, the set took the option facets from 2.4 s to 0.2 s and the others by half.
fn sold_in<'q>(column: &str, department: Option<i64>, name: &'q str, values: &[&'q str]) -> Sql<'q> {
    let marks = vec!["?"; values.len()].join(", ");
    let values = values.iter().map(|v| Value::Text(v));
    match department {
        Some(id) => Sql::new(
            format!(
                "{column} IN (SELECT s.product_id FROM product_option_values s
                              WHERE s.department_id = ? AND s.name = ? AND s.value IN ({marks}))"
            ),
            [Value::Int(id), Value::Text(name)].into_iter().chain(values).collect(),
        ),
        None => Sql::new(
            format!(
                "EXISTS (SELECT 1 FROM product_option_values s
                         WHERE s.product_id = {column} AND s.name = ? AND s.value IN ({marks}))"
            ),
            std::iter::once(Value::Text(name)).chain(values).collect(),
        ),
    }
}

impl<'q> Filters<'q> {
    /// `department`: the department a department's list keeps to (not a search's).
    fn of(query: &'q ListingQuery, department: Option<i64>) -> Filters<'q> {
        let brands = (!query.brands.is_empty()).then(|| {
            Sql::new(
                format!("p.brand IN ({})", vec!["?"; query.brands.len()].join(", ")),
                query.brands.iter().map(|b| Value::Text(b)).collect(),
            )
        });
        let mut prices = vec![];
        if let Some(Cents(min)) = query.min_price {
            prices.push(Sql::new("p.price_cents >= ?", vec![Value::Int(min)]));
        }
        if let Some(Cents(max)) = query.max_price {
            prices.push(Sql::new("p.price_cents <= ?", vec![Value::Int(max)]));
        }
        let prices = (!prices.is_empty()).then(|| Sql::all(prices));
        let rating = query.min_rating.map(|min| Sql::new(format!("{RATING} >= ?"), vec![Value::Int(min)]));
        let stock = query.in_stock.then(|| Sql::new(IN_STOCK, vec![]));
        let by_option: Vec<(&'q str, Sql<'q>)> = query
            .options_asked()
            .into_iter()
            .map(|(name, values)| (name, sold_in("p.id", department, name, &values)))
            .collect();
        let options = (!by_option.is_empty()).then(|| {
            Sql::all(by_option.iter().map(|(_, s)| Sql::new(s.text.clone(), s.params.clone())).collect())
        });
        Filters { brands, prices, rating, stock, by_option, options }
    }

    /// All of them at once, for the page itself.
    fn all(self) -> Sql<'q> {
        Sql::all(
            [self.brands, self.prices, self.rating, self.stock, self.options].into_iter().flatten().collect(),
        )
    }
}

impl<'a> Source<'a> {
    /// The rows a list reads: `products p`, for a search on SQLite joined to the matches
    /// `m` (named in a `WITH` that [`Source::with`] writes, so one statement matches once).
    fn from(&self, search: &SearchSql) -> &'static str {
        match (self, &search.matching) {
            (Source::Search { .. }, Matching::With(_)) => "matches m JOIN products p ON p.id = m.id",
            _ => "products p",
        }
    }

    fn with(&self, search: &SearchSql, params: &mut Vec<Value<'a>>) -> &'static str {
        match (self, &search.matching) {
            (Source::Search { expression, .. }, Matching::With(with)) => {
                params.push(Value::Text(expression));
                with
            }
            _ => "",
        }
    }

    /// The condition that keeps a search to its matches, where it is one (PostgreSQL).
    fn matching(&self, search: &SearchSql) -> Option<Sql<'a>> {
        match (self, &search.matching) {
            (Source::Search { expression, .. }, Matching::Condition(condition)) => {
                Some(Sql::new(*condition, vec![Value::Text(expression)]))
            }
            _ => None,
        }
    }

    /// The department of a department's list (not a search's, even kept to one).
    fn department(&self) -> Option<i64> {
        match self {
            Source::Department(id) => Some(*id),
            Source::Search { .. } => None,
        }
    }

    /// The department the list keeps to, if any.
    fn scope(&self) -> Sql<'a> {
        let department = match self {
            Source::Department(id) => Some(*id),
            Source::Search { department, .. } => *department,
        };
        // Archived products are off the storefront. A department's list says so as
        // `archived_at IS NULL`, which lets SQLite use the lists' indexes (migration
        // 0007 leaves archived products out of them); a search reads its rows by id
        // from the matches, and says it in a form no index answers, or SQLite would
        // scan one of those indexes for every match.
        match (self, department) {
            (Source::Department(_), Some(id)) => {
                Sql::new("p.department_id = ? AND p.archived_at IS NULL", vec![Value::Int(id)])
            }
            (_, Some(id)) => {
                Sql::new("p.department_id = ? AND coalesce(p.archived_at, 0) = 0", vec![Value::Int(id)])
            }
            (_, None) => Sql::new("coalesce(p.archived_at, 0) = 0", vec![]),
        }
    }
}

/// The order of a sort; ties are broken by id so pages never overlap.
fn order_by(sort: Sort, search: &SearchSql) -> &'static str {
    match sort {
        Sort::Relevance => search.ranked_order,
        Sort::Featured => "p.id",
        Sort::PriceAsc => "p.price_cents, p.id",
        Sort::PriceDesc => "p.price_cents DESC, p.id DESC",
        Sort::Rating => "p.rating_key DESC, p.review_count DESC, p.id DESC",
        Sort::Newest => "p.id DESC",
    }
}

/// The total and the facets in one pass over the list's scope, grouped by brand: each
/// row is tested against each filter once, and each count sums the rows that pass
/// every filter but its own facet's.
fn facets<'q>(c: &mut Conn, source: &Source<'q>, query: &'q ListingQuery) -> Result<(u64, Facets), Error> {
    let search = &super::engine::dialect(c).search;
    let mut params = Vec::new();
    let with = source.with(search, &mut params);
    let Filters { brands, prices, rating, stock, options, .. } = Filters::of(query, source.department());
    let mut select = vec!["p.brand".to_string()];
    let mut count = |parts: Vec<&Option<Sql<'q>>>, extra: Option<String>| {
        let mut text: Vec<String> =
            parts.iter().flat_map(|p| p.as_ref()).map(|p| format!("({})", p.text)).collect();
        params.extend(parts.iter().flat_map(|p| p.as_ref()).flat_map(|p| p.params.clone()));
        text.extend(extra);
        select.push(match text.is_empty() {
            true => "count(*)".to_string(),
            false => format!("count(*) FILTER (WHERE {})", text.join(" AND ")),
        });
    };
    count(vec![&prices, &rating, &stock, &options], None);
    count(vec![&brands, &prices, &rating, &stock, &options], None);
    for min in RATING_FLOORS {
        count(
            vec![&brands, &prices, &stock, &options],
            Some(format!("{RATING} >= {}", i64::from(min) * 100)),
        );
    }
    for (min, max) in PRICE_BANDS {
        let band = match max {
            Some(max) => format!("p.price_cents BETWEEN {} AND {}", min.0, max.0),
            None => format!("p.price_cents >= {}", min.0),
        };
        count(vec![&brands, &rating, &stock, &options], Some(band));
    }
    count(vec![&brands, &prices, &rating, &options], Some(IN_STOCK.to_string()));
    let scope = Sql::all(source.matching(search).into_iter().chain([source.scope()]).collect());
    params.extend(scope.params);
    let sql = format!(
        "{with}SELECT {} FROM {} WHERE {} GROUP BY p.brand",
        select.join(", "),
        source.from(search),
        scope.text
    );
    let mut total = 0;
    let mut brand_counts = Vec::new();
    let mut floors = [0u64; RATING_FLOORS.len()];
    let mut bands = [0u64; PRICE_BANDS.len()];
    let mut in_stock = 0;
    c.query(&sql, &params, |r| {
        let n = |at: usize| -> Result<u64, Error> { Ok(r.get::<i64>(at)?.max(0) as u64) };
        let in_brand = n(1)?;
        if in_brand > 0 {
            brand_counts.push(BrandCount { name: r.get(0)?, count: in_brand });
        }
        total += n(2)?;
        for (at, floor) in floors.iter_mut().enumerate() {
            *floor += n(3 + at)?;
        }
        for (at, band) in bands.iter_mut().enumerate() {
            *band += n(3 + RATING_FLOORS.len() + at)?;
        }
        in_stock += n(3 + RATING_FLOORS.len() + PRICE_BANDS.len())?;
        Ok(())
    })?;
    let facets = Facets {
        brands: Facets::brands_of(brand_counts, &query.brands),
        ratings: Facets::ratings_of(floors),
        prices: Facets::prices_of(bands),
        in_stock,
        options: option_facets(c, source, query)?,
    };
    Ok((total, facets))
}

/// The option facets: every value the products in scope are sold in, each counted under
/// every filter in force but its own option's. A department's read from its own rows of
/// `product_option_values`; a search's from its matches' rows.
fn option_facets<'q>(
    c: &mut Conn,
    source: &Source<'q>,
    query: &'q ListingQuery,
) -> Result<Vec<OptionCount>, Error> {
    let search = &super::engine::dialect(c).search;
    let Filters { brands, prices, rating, stock, by_option, .. } = Filters::of(query, source.department());
    // The product's own filters hold for every option's counts: they narrow the rows
    // read (a brand's products first, by their index, then their values by key; every
    // row of Clothing joined to its product took 2-3 s at a million). Each option's
    // filter holds for the other options' counts only.
    let narrowing: Vec<Sql<'q>> = [brands, prices, rating, stock].into_iter().flatten().collect();
    if let (Source::Department(id), true) = (source, narrowing.is_empty()) {
        return department_option_facets(c, *id, query);
    }
    let mut parts: Vec<Sql<'q>> = Vec::new();
    for (name, filter) in by_option {
        let mut params = vec![Value::Text(name)];
        params.extend(filter.params);
        parts.push(Sql::new(format!("o.name = ? OR {}", filter.text), params));
    }
    let counted = match parts.is_empty() {
        true => Sql::new("count(*)", vec![]),
        false => {
            let all = Sql::all(parts);
            Sql::new(format!("count(*) FILTER (WHERE {})", all.text), all.params)
        }
    };
    let mut params = Vec::new();
    let (with, from, scope) = match source {
        Source::Department(_) => ("", "products p".to_string(), source.scope()),
        Source::Search { .. } => {
            let with = source.with(search, &mut params);
            let scope = Sql::all(source.matching(search).into_iter().chain([source.scope()]).collect());
            (with, source.from(search).to_string(), scope)
        }
    };
    let scope = Sql::all(std::iter::once(scope).chain(narrowing).collect());
    params.extend(counted.params);
    params.extend(scope.params);
    let sql = format!(
        "{with}SELECT o.name, o.value, CAST(avg(o.option_position) * 100 AS BIGINT), CAST(avg(o.value_position) * 100 AS BIGINT), {}
         FROM {from} JOIN product_option_values o ON o.product_id = p.id WHERE {} GROUP BY o.name, o.value",
        counted.text, scope.text
    );
    let rows: Vec<(String, String, i64, i64, u64)> = c.query(&sql, &params, |r| {
        Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get::<i64>(4)?.max(0) as u64))
    })?;
    Ok(OptionCount::of(rows, &query.options))
}

/// A department's option facets when only options are ticked (or nothing): every
/// value's rows counted from `product_option_values_by_department` alone (no product
/// read), each under the other options' sets, less the rows of its archived products,
/// which are few and found by their own index. Joining every row to its product took
/// 1.8 s for Clothing at a million with nothing ticked, 2.4 s with a size ticked.
fn department_option_facets(c: &mut Conn, id: i64, query: &ListingQuery) -> Result<Vec<OptionCount>, Error> {
    let by_option = query.options_asked();
    // Each row counts where its product is in every other option's set.
    let counted = |alias: &str| -> Sql<'_> {
        let parts: Vec<Sql> = by_option
            .iter()
            .map(|(name, values)| {
                let set = sold_in(&format!("{alias}.product_id"), Some(id), name, values);
                let mut params = vec![Value::Text(name)];
                params.extend(set.params);
                Sql::new(format!("{alias}.name = ? OR {}", set.text), params)
            })
            .collect();
        match parts.is_empty() {
            true => Sql::new("count(*)", vec![]),
            false => {
                let all = Sql::all(parts);
                Sql::new(format!("count(*) FILTER (WHERE {})", all.text), all.params)
            }
        }
    };
    let (all, archived) = (counted("o"), counted("a"));
    // Each value's rows and their places, and those of its products sold in the others'
    // values; then the same of its archived products, to take off.
    let sql = format!(
        "WITH counted AS (
             SELECT o.name, o.value, sum(o.option_position) AS options, sum(o.value_position) AS places,
                    count(*) AS sold, {} AS n
             FROM product_option_values o WHERE o.department_id = ? GROUP BY o.name, o.value),
         archived AS (
             SELECT a.name, a.value, sum(a.option_position) AS options, sum(a.value_position) AS places,
                    count(*) AS sold, {} AS n
             FROM products p JOIN product_option_values a ON a.product_id = p.id
             WHERE p.archived_at IS NOT NULL AND p.department_id = ? GROUP BY a.name, a.value)
         SELECT c.name, c.value, CAST(c.options - coalesce(a.options, 0) AS BIGINT),
                CAST(c.places - coalesce(a.places, 0) AS BIGINT), CAST(c.sold - coalesce(a.sold, 0) AS BIGINT),
                CAST(c.n - coalesce(a.n, 0) AS BIGINT)
         FROM counted c LEFT JOIN archived a ON a.name = c.name AND a.value = c.value",
        all.text, archived.text
    );
    let mut params = all.params;
    params.push(Value::Int(id));
    params.extend(archived.params);
    params.push(Value::Int(id));
    let mut rows: Vec<(String, String, i64, i64, u64)> = Vec::new();
    c.query(&sql, &params, |r| {
        let sold: i64 = r.get(4)?;
        if sold > 0 {
            // The mean places, in hundredths, over the products on sale in the value, as
            // the statement joined to products gives them.
            let (options, places, n): (i64, i64, i64) = (r.get(2)?, r.get(3)?, r.get(5)?);
            rows.push((r.get(0)?, r.get(1)?, options * 100 / sold, places * 100 / sold, n.max(0) as u64));
        }
        Ok(())
    })?;
    Ok(OptionCount::of(rows, &query.options))
}

fn page(c: &mut Conn, source: &Source, query: &ListingQuery) -> Result<Vec<ProductCard>, Error> {
    let search = &super::engine::dialect(c).search;
    let mut params = Vec::new();
    // Ranking needs the full-text index itself in the statement, not the matches' ids:
    // the ranked pieces name the expression first.
    let (with, from, ranked, matching) = match (source, query.sort) {
        (Source::Search { expression, .. }, Sort::Relevance) => {
            params.push(Value::Text(expression));
            ("", search.ranked_from, search.ranked_condition, None)
        }
        _ => (source.with(search, &mut params), source.from(search), "", source.matching(search)),
    };
    let condition = Sql::all(
        matching.into_iter().chain([source.scope(), Filters::of(query, source.department()).all()]).collect(),
    );
    params.extend(condition.params);
    let sql = format!(
        "{with}SELECT {CARD_COLUMNS} FROM {from}
         LEFT JOIN product_images i ON i.product_id = p.id AND i.position = 0
         WHERE {ranked}{} ORDER BY {} LIMIT ? OFFSET ?",
        condition.text,
        order_by(query.sort, search)
    );
    params.push(Value::Int(query.limit.into()));
    params.push(Value::Int(query.offset() as i64));
    c.query(&sql, &params, |r| card(r, 0))
}

/// One page of `source` as `query` asks, with the total and the facets; the caller reads
/// them in one transaction (`Db::read_snapshot`) so they agree. A page past the last is
/// refused.
pub(super) fn listing(c: &mut Conn, source: &Source, query: &ListingQuery) -> Result<Listing, Error> {
    let (total, facets) = facets(c, source, query)?;
    query.check_page(total).map_err(Error::Rejected)?;
    let products = if total == 0 { Vec::new() } else { page(c, source, query)? };
    Ok(Listing { products, total, page: query.page, pages: query.pages(total), facets, did_you_mean: None })
}
