//! Finding products in a large catalog: what a shopper may ask of a list (sort,
//! filters, a page) and what comes back (a page of cards, the total, the facets; for a
//! department, the department with it).
//! The rules are in docs/rules.md#discovery.

use super::catalog::{Department, ProductCard};
use super::money::Cents;
use super::rejection::Rejection;

/// The orders a list can be shown in. `Relevance` needs search words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Sort {
    Relevance,
    Featured,
    PriceAsc,
    PriceDesc,
    Rating,
    Newest,
}

impl Sort {
    pub const ALL: [Sort; 6] =
        [Sort::Relevance, Sort::Featured, Sort::PriceAsc, Sort::PriceDesc, Sort::Rating, Sort::Newest];

    pub fn token(self) -> &'static str {
        match self {
            Sort::Relevance => "relevance",
            Sort::Featured => "featured",
            Sort::PriceAsc => "price-asc",
            Sort::PriceDesc => "price-desc",
            Sort::Rating => "rating",
            Sort::Newest => "newest",
        }
    }
}

pub const DEFAULT_LIMIT: u32 = 48;
pub const MAX_LIMIT: u32 = 96;
/// The longest search a shopper may type, in characters.
pub const MAX_QUERY_CHARS: usize = 100;
/// At most this many brands are counted in the facets (the busiest), plus any ticked.
pub const MAX_BRAND_FACETS: usize = 20;
/// Suggestions as the shopper types: at most this many in all, of which at most
/// [`MAX_GROUP_SUGGESTIONS`] departments and as many brands; products fill the rest.
pub const MAX_SUGGESTIONS: usize = 8;
pub const MAX_GROUP_SUGGESTIONS: usize = 2;

/// The price bands of the facets: `min ≤ price ≤ max`, the last open-ended. Their
/// edges are whole dollars a shopper reads as "$25 to $50".
pub const PRICE_BANDS: [(Cents, Option<Cents>); 5] = [
    (Cents(0), Some(Cents(2499))),
    (Cents(2500), Some(Cents(4999))),
    (Cents(5000), Some(Cents(9999))),
    (Cents(10000), Some(Cents(19999))),
    (Cents(20000), None),
];

/// The rating floors of the facets, best first: "4 stars & up".
pub const RATING_FLOORS: [u8; 4] = [4, 3, 2, 1];

/// How a list is narrowed, ordered and cut into pages. Brands are kept sorted and
/// without repeats, so that two URLs asking the same thing are one answer.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ListingQuery {
    pub sort: Sort,
    pub brands: Vec<String>,
    pub min_price: Option<Cents>,
    pub max_price: Option<Cents>,
    /// Hundredths of a star: a product qualifies when its average, to two decimals,
    /// is at least this.
    pub min_rating: Option<i64>,
    /// Only products with units left.
    pub in_stock: bool,
    /// Option values (`option=Size:M`), sorted: a product qualifies when it is sold in
    /// any of the values of each option named (docs/rules.md#variants).
    pub options: Vec<(String, String)>,
    pub page: u32,
    pub limit: u32,
}

impl ListingQuery {
    /// A department's first page in its featured order: what a plain
    /// `GET /api/departments/{id}/products` asks.
    pub fn featured() -> ListingQuery {
        ListingQuery {
            sort: Sort::Featured,
            brands: Vec::new(),
            min_price: None,
            max_price: None,
            min_rating: None,
            in_stock: false,
            options: Vec::new(),
            page: 1,
            limit: DEFAULT_LIMIT,
        }
    }

    /// Rows to skip for this page.
    pub fn offset(&self) -> u64 {
        u64::from(self.page - 1) * u64::from(self.limit)
    }

    /// The number of pages `total` products make: at least one, even when none match.
    pub fn pages(&self, total: u64) -> u32 {
        total.div_ceil(u64::from(self.limit)).max(1).try_into().unwrap_or(u32::MAX)
    }

    /// Refuses a page past the last one.
    /// The options asked, each with its values (`options` is sorted, so each option's
    /// values come together).
    pub fn options_asked(&self) -> Vec<(&str, Vec<&str>)> {
        let mut by_option: Vec<(&str, Vec<&str>)> = Vec::new();
        for (name, value) in &self.options {
            match by_option.last_mut() {
                Some((last, values)) if last == name => values.push(value),
                _ => by_option.push((name, vec![value])),
            }
        }
        by_option
    }

    pub fn check_page(&self, total: u64) -> Result<(), Rejection> {
        let pages = self.pages(total);
        if self.page > pages {
            return Err(Rejection::BadParameter(format!(
                "page {} is past the last page ({pages}); ask for page 1 to {pages}.",
                self.page
            )));
        }
        Ok(())
    }
}

/// A search: its words, as typed and as matched, and where it looks.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct SearchQuery {
    /// The words that are matched, folded to lower case; empty when the shopper typed
    /// only punctuation, which matches nothing.
    pub words: Vec<String>,
    pub department: Option<i64>,
    pub listing: ListingQuery,
}

/// The query parameters of a list, as sent (repeats kept, in order).
pub type Params = [(String, String)];

/// A parameter that takes one value; sent twice, it is refused rather than guessed.
fn param<'a>(params: &'a Params, name: &str) -> Result<Option<&'a str>, Rejection> {
    let mut sent = params.iter().filter(|(k, _)| k == name).map(|(_, v)| v.as_str());
    let first = sent.next();
    if sent.next().is_some() {
        return Err(bad(format!("{name} may be given only once.")));
    }
    Ok(first)
}

fn bad(message: String) -> Rejection {
    Rejection::BadParameter(message)
}

fn whole(params: &Params, name: &str, min: u32, max: u32, default: u32) -> Result<u32, Rejection> {
    let Some(raw) = param(params, name)? else { return Ok(default) };
    raw.parse::<u32>()
        .ok()
        .filter(|n| (min..=max).contains(n))
        .ok_or_else(|| bad(format!("{name} must be a whole number from {min} to {max}.")))
}

/// Dollars as a query parameter, `25` or `24.99`: a number, not negative, to the cent.
fn dollars(params: &Params, name: &str) -> Result<Option<Cents>, Rejection> {
    let Some(raw) = param(params, name)? else { return Ok(None) };
    raw.parse::<f64>()
        .ok()
        .filter(|d| d.is_finite() && *d >= 0.0)
        .map(|d| Some(Cents::from_dollars(d)))
        .ok_or_else(|| bad(format!("{name} must be an amount in dollars, like 25 or 24.99.")))
}

fn rating(params: &Params) -> Result<Option<i64>, Rejection> {
    let Some(raw) = param(params, "minRating")? else { return Ok(None) };
    raw.parse::<f64>()
        .ok()
        .filter(|r| (0.0..=5.0).contains(r))
        .map(|r| Some((r * 100.0).round() as i64))
        .ok_or_else(|| bad("minRating must be a number from 0 to 5.".to_string()))
}

/// Reads a list's parameters. `searching` allows the `relevance` sort and makes it
/// the default. Parameters it does not know are left alone. Each is held to its
/// documented limits as sent (before brands are trimmed and their repeats dropped),
/// so what the OpenAPI document calls invalid is never answered.
pub fn listing_query(params: &Params, searching: bool) -> Result<ListingQuery, Rejection> {
    let sorts: Vec<Sort> = Sort::ALL.into_iter().filter(|s| searching || *s != Sort::Relevance).collect();
    let sort = match param(params, "sort")? {
        None => sorts[0],
        Some(raw) => *sorts.iter().find(|s| s.token() == raw).ok_or_else(|| {
            let names: Vec<&str> = sorts.iter().map(|s| s.token()).collect();
            bad(format!("sort must be one of {}.", names.join(", ")))
        })?,
    };
    let sent: Vec<&str> = params.iter().filter(|(k, _)| k == "brand").map(|(_, v)| v.as_str()).collect();
    if sent.len() > MAX_BRAND_FACETS {
        return Err(bad(format!("brand may be given at most {MAX_BRAND_FACETS} times.")));
    }
    if sent.iter().any(|b| b.trim().is_empty() || b.chars().count() > MAX_QUERY_CHARS) {
        return Err(bad(format!("brand must be 1 to {MAX_QUERY_CHARS} characters.")));
    }
    if sent.iter().any(|b| b.contains('\0')) {
        return Err(bad("brand may not contain the NUL character.".to_string()));
    }
    let mut brands: Vec<String> = sent.iter().map(|b| b.trim().to_string()).collect();
    brands.sort();
    brands.dedup();
    let min_price = dollars(params, "minPrice")?;
    let max_price = dollars(params, "maxPrice")?;
    if let (Some(min), Some(max)) = (min_price, max_price)
        && min > max
    {
        return Err(bad(format!("minPrice ({min}) must not be above maxPrice ({max}).")));
    }
    Ok(ListingQuery {
        sort,
        brands,
        min_price,
        max_price,
        min_rating: rating(params)?,
        in_stock: match param(params, "inStock")? {
            None | Some("false") => false,
            Some("true") => true,
            Some(_) => return Err(bad("inStock must be true or false.".to_string())),
        },
        options: option_values(params)?,
        page: whole(params, "page", 1, u32::MAX, 1)?,
        limit: whole(params, "limit", 1, MAX_LIMIT, DEFAULT_LIMIT)?,
    })
}

/// At most this many `option` parameters a list.
pub const MAX_OPTION_FILTERS: usize = 20;

/// The `option` parameters, each `Name:Value` (the name ends at the first colon), held
/// to the variants' limits as sent, then sorted with their repeats dropped.
fn option_values(params: &Params) -> Result<Vec<(String, String)>, Rejection> {
    let sent: Vec<&str> = params.iter().filter(|(k, _)| k == "option").map(|(_, v)| v.as_str()).collect();
    if sent.len() > MAX_OPTION_FILTERS {
        return Err(bad(format!("option may be given at most {MAX_OPTION_FILTERS} times.")));
    }
    let max = super::variants::MAX_OPTION_TEXT;
    let mut options = Vec::with_capacity(sent.len());
    for raw in sent {
        // Measured as sent, as the document states them (so nothing it calls too long is
        // answered), and read trimmed.
        let fits = |t: &str| !t.trim().is_empty() && t.chars().count() <= max && !t.contains('\0');
        match raw.split_once(':') {
            Some((name, value)) if fits(name) && fits(value) => {
                options.push((name.trim().to_owned(), value.trim().to_owned()))
            }
            _ => {
                return Err(bad(format!(
                    "option must be an option's name and one of its values, as Size:M, each 1 to {max} characters."
                )));
            }
        }
    }
    options.sort();
    options.dedup();
    Ok(options)
}

/// The search's own text, checked: 1 to [`MAX_QUERY_CHARS`] characters.
pub fn search_text(params: &Params) -> Result<&str, Rejection> {
    let sent = param(params, "q")?.unwrap_or_default();
    if sent.chars().count() > MAX_QUERY_CHARS {
        return Err(bad(format!("q must be at most {MAX_QUERY_CHARS} characters.")));
    }
    let q = sent.trim();
    if q.is_empty() {
        return Err(bad("q is required: the words to search for.".to_string()));
    }
    Ok(q)
}

/// The words of a search: runs of letters and digits, lower-cased. Everything else
/// (quotes, `*`, `:`, parentheses) only separates words, so no input is ever read as
/// query syntax; `NEAR` or `AND` are words like any other.
pub fn words(q: &str) -> Vec<String> {
    q.split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .take(MAX_QUERY_CHARS)
        .collect()
}

pub fn search_query(params: &Params) -> Result<SearchQuery, Rejection> {
    let words = words(search_text(params)?);
    let department = match param(params, "department")? {
        None => None,
        Some(raw) => Some(
            raw.parse::<i64>()
                .ok()
                .filter(|id| *id > 0)
                .ok_or_else(|| bad("department must be a department's id.".to_string()))?,
        ),
    };
    Ok(SearchQuery { words, department, listing: listing_query(params, true)? })
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BrandCount {
    pub name: String,
    pub count: u64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RatingCount {
    pub min: u8,
    pub count: u64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PriceBand {
    pub min: Cents,
    pub max: Option<Cents>,
    pub count: u64,
}

/// What the shopper could narrow the list to next, counted under the current filters:
/// each facet counts every filter but its own, so ticking a second brand widens.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Facets {
    pub brands: Vec<BrandCount>,
    pub ratings: Vec<RatingCount>,
    pub prices: Vec<PriceBand>,
    /// Products with units left, under every other filter in force.
    pub in_stock: u64,
    /// The options the products in scope are sold in, each value counted under every
    /// filter in force but its own option's.
    pub options: Vec<OptionCount>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OptionCount {
    pub name: String,
    /// In the order products list them (S before M before L).
    pub values: Vec<ValueCount>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ValueCount {
    pub value: String,
    pub count: u64,
}

impl OptionCount {
    /// The facets of rows `(name, value, option's place, value's place, count)`, each
    /// place the mean over the products sold in that value (in hundredths): names in the
    /// order products list them (Size before Colour), values likewise (XS, S, M, L, XL,
    /// though a coat's sizes start at S); a value none of the list has is left out unless
    /// it is ticked (then it shows, with 0, last of its option), and so is an option left
    /// empty.
    pub fn of(
        mut rows: Vec<(String, String, i64, i64, u64)>,
        ticked: &[(String, String)],
    ) -> Vec<OptionCount> {
        let mut sums: std::collections::HashMap<String, (i64, i64)> = std::collections::HashMap::new();
        for (name, _, at, _, _) in &rows {
            let sum = sums.entry(name.clone()).or_default();
            *sum = (sum.0 + at, sum.1 + 1);
        }
        let mut places: std::collections::HashMap<String, i64> =
            sums.into_iter().map(|(name, (sum, n))| (name, sum / n.max(1))).collect();
        for (name, value) in ticked {
            if !rows.iter().any(|(n, v, ..)| n == name && v == value) {
                places.entry(name.clone()).or_insert(i64::MAX);
                rows.push((name.clone(), value.clone(), 0, i64::MAX, 0));
            }
        }
        let ticked = |name: &str, value: &str| ticked.iter().any(|(n, v)| n == name && v == value);
        rows.retain(|(name, value, _, _, count)| *count > 0 || ticked(name, value));
        rows.sort_by(|a, b| (places[&a.0], &a.0, a.3, &a.1).cmp(&(places[&b.0], &b.0, b.3, &b.1)));
        let mut facets: Vec<OptionCount> = Vec::new();
        for (name, value, _, _, count) in rows {
            let value = ValueCount { value, count };
            match facets.last_mut() {
                Some(last) if last.name == name => last.values.push(value),
                _ => facets.push(OptionCount { name, values: vec![value] }),
            }
        }
        facets
    }
}

impl Facets {
    /// The rating facet from the count at each of [`RATING_FLOORS`]: floors with none left out.
    pub fn ratings_of(counts: [u64; RATING_FLOORS.len()]) -> Vec<RatingCount> {
        RATING_FLOORS
            .iter()
            .zip(counts)
            .filter(|(_, count)| *count > 0)
            .map(|(min, count)| RatingCount { min: *min, count })
            .collect()
    }

    /// The price facet from the count in each of [`PRICE_BANDS`]: bands with none left out.
    pub fn prices_of(counts: [u64; PRICE_BANDS.len()]) -> Vec<PriceBand> {
        PRICE_BANDS
            .iter()
            .zip(counts)
            .filter(|(_, count)| *count > 0)
            .map(|((min, max), count)| PriceBand { min: *min, max: *max, count })
            .collect()
    }

    /// The brand facet from every brand's count: the busiest first (then by name), at
    /// most [`MAX_BRAND_FACETS`], and every ticked brand even if none match.
    pub fn brands_of(mut counts: Vec<BrandCount>, ticked: &[String]) -> Vec<BrandCount> {
        counts.sort_by(|a, b| b.count.cmp(&a.count).then_with(|| a.name.cmp(&b.name)));
        let mut kept: Vec<BrandCount> = Vec::new();
        for c in counts {
            if kept.len() < MAX_BRAND_FACETS || ticked.contains(&c.name) {
                kept.push(c);
            }
        }
        for t in ticked {
            if !kept.iter().any(|c| &c.name == t) {
                kept.push(BrandCount { name: t.clone(), count: 0 });
            }
        }
        kept
    }
}

/// One page of a list.
#[derive(Debug, Clone)]
pub struct Listing {
    pub products: Vec<ProductCard>,
    pub total: u64,
    pub page: u32,
    pub pages: u32,
    pub facets: Facets,
    /// A search whose words the catalog does not hold, read as the nearest ones it does
    /// (a typing mistake forgiven): those words, whose products these are.
    pub did_you_mean: Option<String>,
}

/// A department and one page of its products.
#[derive(Debug, Clone)]
pub struct DepartmentProducts {
    pub department: Department,
    pub listing: Listing,
}

/// A suggestion as the shopper types.
#[derive(Debug, Clone)]
pub enum Suggestion {
    Department { id: i64, name: String },
    Brand { name: String, count: u64 },
    Product(ProductCard),
}

/// Where a page of a sorted list is read from: past the middle, from the other end (the
/// sort reversed), so that no page steps over more than half the list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NearerEnd {
    /// Read in the reversed order (and the page turned back after).
    pub backwards: bool,
    /// How many rows to step over, then how many to take, in the order read.
    pub skip: u64,
    pub take: u64,
}

impl NearerEnd {
    /// The page at `offset`, `limit` long, of a list of `total` (`offset` below it).
    pub fn of(offset: u64, limit: u64, total: u64) -> NearerEnd {
        match offset > total / 2 {
            false => NearerEnd { backwards: false, skip: offset, take: limit },
            true => {
                let end = (offset + limit).min(total);
                NearerEnd { backwards: true, skip: total - end, take: end - offset }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    fn message(r: Rejection) -> String {
        match r {
            Rejection::BadParameter(m) => m,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn nothing_asked_is_the_featured_first_page_of_48() {
        assert_eq!(listing_query(&[], false).unwrap(), ListingQuery::featured());
        assert_eq!(listing_query(&[], true).unwrap().sort, Sort::Relevance);
    }

    /// schemathesis found 21 copies of one brand answered 200: the limit is on what is sent.
    #[test]
    fn brands_are_counted_and_measured_as_sent() {
        let same: Vec<(String, String)> = (0..21).map(|_| ("brand".to_string(), "0".to_string())).collect();
        assert!(message(listing_query(&same, false).unwrap_err()).starts_with("brand "));
        for blank in ["", "  "] {
            assert!(
                message(listing_query(&params(&[("brand", blank)]), false).unwrap_err())
                    .starts_with("brand ")
            );
        }
        let padded = format!(" {}", "q".repeat(100));
        assert!(search_query(&params(&[("q", &padded)])).is_err(), "101 characters as sent");
        assert!(listing_query(&params(&[("sort", " newest")]), false).is_err());
        let twice = message(search_query(&params(&[("q", "lamp"), ("q", "desk")])).unwrap_err());
        assert_eq!(twice, "q may be given only once.");
    }

    #[test]
    fn two_urls_asking_the_same_thing_are_one_query() {
        let a = listing_query(&params(&[("brand", "Sony"), ("brand", "Bose"), ("brand", "Sony")]), false)
            .unwrap();
        let b = listing_query(&params(&[("brand", "Bose"), ("brand", "Sony"), ("utm", "x")]), false).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.brands, ["Bose", "Sony"]);
    }

    #[test]
    fn prices_are_read_as_dollars_to_the_cent() {
        let q = listing_query(&params(&[("minPrice", "25"), ("maxPrice", "49.9")]), false).unwrap();
        assert_eq!((q.min_price, q.max_price), (Some(Cents(2500)), Some(Cents(4990))));
        let q = listing_query(&params(&[("minPrice", "0.005")]), false).unwrap();
        assert_eq!(q.min_price, Some(Cents(1)), "to the nearest cent");
        for bad in ["-1", "", "abc", "NaN", "inf"] {
            let m = message(listing_query(&params(&[("minPrice", bad)]), false).unwrap_err());
            assert!(m.starts_with("minPrice "), "{bad}: {m}");
        }
    }

    #[test]
    fn each_bad_parameter_is_named() {
        for (name, value) in [
            ("sort", "cheapest"),
            ("sort", "relevance"),
            ("page", "0"),
            ("page", "x"),
            ("limit", "97"),
            ("limit", "0"),
            ("minRating", "6"),
        ] {
            let m = message(listing_query(&params(&[(name, value)]), false).unwrap_err());
            assert!(m.starts_with(&format!("{name} ")), "{name}={value}: {m}");
        }
        let m =
            message(listing_query(&params(&[("minPrice", "50"), ("maxPrice", "20")]), false).unwrap_err());
        assert_eq!(m, "minPrice ($50.00) must not be above maxPrice ($20.00).");
    }

    #[test]
    fn pages_are_at_least_one_and_a_page_past_the_last_is_refused() {
        let q = ListingQuery { page: 3, ..ListingQuery::featured() };
        assert_eq!(q.pages(0), 1);
        assert_eq!(q.pages(96), 2);
        assert_eq!(q.pages(97), 3);
        assert!(q.check_page(97).is_ok());
        let m = message(q.check_page(96).unwrap_err());
        assert_eq!(m, "page 3 is past the last page (2); ask for page 1 to 2.");
        assert_eq!(q.offset(), 96);
    }

    #[test]
    fn query_syntax_is_only_text() {
        assert_eq!(words("\"Head*phones\" NEAR(a:b)"), ["head", "phones", "near", "a", "b"]);
        assert_eq!(words("Crème brûlée"), ["crème", "brûlée"]);
        assert!(words("***").is_empty());
        let m = message(search_query(&params(&[("q", "  ")])).unwrap_err());
        assert!(m.starts_with("q "), "{m}");
        let long = "a".repeat(101);
        assert!(search_query(&params(&[("q", &long)])).is_err());
        assert!(search_query(&params(&[("q", &long[1..])])).is_ok());
    }

    #[test]
    fn option_facets_keep_the_order_products_give_and_ticked_values() {
        let row = |n: &str, v: &str, at: i64, place: i64, count: u64| {
            (n.to_string(), v.to_string(), at, place, count)
        };
        let rows = vec![
            row("Colour", "Navy", 100, 200, 3),
            row("Size", "S", 0, 50, 2),
            row("Colour", "Olive", 0, 200, 0),
            row("Size", "XS", 0, 0, 1),
            row("Colour", "Black", 80, 100, 4),
        ];
        let facets = OptionCount::of(rows, &[("Colour".into(), "Olive".into())]);
        let shown: Vec<(&str, Vec<&str>)> = facets
            .iter()
            .map(|o| (o.name.as_str(), o.values.iter().map(|v| v.value.as_str()).collect()))
            .collect();
        assert_eq!(shown, [("Size", vec!["XS", "S"]), ("Colour", vec!["Black", "Navy", "Olive"])]);
        assert!(OptionCount::of(vec![row("Fit", "Slim", 0, 0, 0)], &[]).is_empty(), "nothing to show");

        // Ticked, though no product in the list is sold in it (other filters left none):
        // shown with 0, last of its option, or in an option of its own after the rest.
        let rows = vec![row("Size", "S", 0, 50, 2), row("Colour", "Navy", 100, 200, 3)];
        let ticked = [("Size".to_string(), "XXL".to_string()), ("Fit".to_string(), "Slim".to_string())];
        let shown: Vec<(String, Vec<(String, u64)>)> = OptionCount::of(rows, &ticked)
            .into_iter()
            .map(|o| (o.name, o.values.into_iter().map(|v| (v.value, v.count)).collect()))
            .collect();
        let expected: Vec<(String, Vec<(String, u64)>)> = vec![
            ("Size".into(), vec![("S".into(), 2), ("XXL".into(), 0)]),
            ("Colour".into(), vec![("Navy".into(), 3)]),
            ("Fit".into(), vec![("Slim".into(), 0)]),
        ];
        assert_eq!(shown, expected);
    }

    #[test]
    fn ticked_brands_stay_in_the_facet() {
        let counts = (0..30).map(|i| BrandCount { name: format!("B{i:02}"), count: 100 - i }).collect();
        let kept = Facets::brands_of(counts, &["B29".to_string(), "Nobody".to_string()]);
        assert_eq!(kept.len(), MAX_BRAND_FACETS + 2);
        assert_eq!(kept[0].name, "B00");
        assert!(kept.iter().any(|b| b.name == "B29" && b.count == 71));
        assert!(kept.iter().any(|b| b.name == "Nobody" && b.count == 0));
    }

    #[test]
    fn a_page_past_the_middle_is_read_from_the_other_end() {
        assert_eq!(NearerEnd::of(0, 25, 100), NearerEnd { backwards: false, skip: 0, take: 25 });
        assert_eq!(NearerEnd::of(50, 25, 100), NearerEnd { backwards: false, skip: 50, take: 25 });
        assert_eq!(NearerEnd::of(75, 25, 100), NearerEnd { backwards: true, skip: 0, take: 25 });
        // The last page, short: the rows after it are none, and it holds what is left.
        assert_eq!(NearerEnd::of(90, 25, 101), NearerEnd { backwards: true, skip: 0, take: 11 });
        assert_eq!(NearerEnd::of(60, 25, 101), NearerEnd { backwards: true, skip: 16, take: 25 });
    }
}
