//! One pass over a list's matches: each product is tested against each filter once,
//! read from the index's columns; the total and every facet are counted (each facet
//! under every filter but its own, docs/rules.md#discovery), and the products that
//! pass every filter are kept with their sort key, for the page to be cut from them.

use std::collections::HashMap;
use std::sync::Arc;

use tantivy::collector::{Collector, SegmentCollector};
use tantivy::columnar::{ColumnValues, StrColumn};
use tantivy::{DocId, Score, SegmentReader};

use crate::domain::listing::{ListingQuery, PRICE_BANDS, RATING_FLOORS, Sort};

use super::schema::option_parts;

/// What a list asks of each product, read once for every segment.
pub struct Filters {
    sort: Sort,
    brands: Vec<String>,
    min_price: i64,
    max_price: i64,
    min_rating: Option<i64>,
    in_stock: bool,
    /// The options asked, each with its values.
    options: Vec<(String, Vec<String>)>,
    /// How many of the first hits in order the page needs: those through its last.
    keep: usize,
}

impl Filters {
    pub fn of(query: &ListingQuery) -> Filters {
        let options = query
            .options_asked()
            .into_iter()
            .map(|(name, values)| (name.to_owned(), values.into_iter().map(str::to_owned).collect()))
            .collect();
        Filters {
            sort: query.sort,
            brands: query.brands.clone(),
            min_price: query.min_price.map_or(i64::MIN, |c| c.0),
            max_price: query.max_price.map_or(i64::MAX, |c| c.0),
            min_rating: query.min_rating,
            in_stock: query.in_stock,
            options,
            keep: (query.offset() + u64::from(query.limit)) as usize,
        }
    }
}

/// A product that passed every filter: its place in the list's order (two keys, read
/// ascending), then its id.
pub type Hit = (u64, u64, u64);

/// The counts of one list, by brand and by option value as the index spells them.
#[derive(Default)]
pub struct Found {
    pub total: u64,
    pub brands: HashMap<String, u64>,
    pub floors: [u64; RATING_FLOORS.len()],
    pub bands: [u64; PRICE_BANDS.len()],
    pub in_stock: u64,
    /// `(name, value)`: the sum of the option's places, of the value's places, the
    /// products in scope sold in it, and those counted.
    pub options: HashMap<(String, String), (i64, i64, i64, u64)>,
    pub hits: Vec<Hit>,
}

pub struct ListCollector {
    pub filters: Arc<Filters>,
}

impl Collector for ListCollector {
    type Fruit = Found;
    type Child = SegmentList;

    fn for_segment(&self, _: u32, segment: &SegmentReader) -> tantivy::Result<SegmentList> {
        let fast = segment.fast_fields();
        let brand = fast.str("brand")?.ok_or_else(|| missing("brand"))?;
        let options = fast.str("options")?.ok_or_else(|| missing("options"))?;
        let f = &self.filters;
        let mut brand_asked = vec![f.brands.is_empty(); brand.num_terms()];
        for b in &f.brands {
            if let Some(ord) = brand.dictionary().term_ord(b.as_bytes())? {
                brand_asked[ord as usize] = true;
            }
        }
        // Each option value's option among those asked, and whether it is one of the
        // values asked of it.
        let mut option_terms = Vec::with_capacity(options.num_terms());
        let mut term = String::new();
        for ord in 0..options.num_terms() as u64 {
            options.ord_to_str(ord, &mut term)?;
            let (name, value, option_position, value_position) = option_parts(&term)
                .ok_or_else(|| tantivy::TantivyError::InternalError(format!("option term {term:?}")))?;
            let asked = f.options.iter().position(|(n, _)| n == name);
            let chosen = asked.filter(|at| f.options[*at].1.iter().any(|v| v == value));
            option_terms.push(OptionTerm {
                name: name.to_owned(),
                value: value.to_owned(),
                option_position,
                value_position,
                asked,
                chosen,
            });
        }
        Ok(SegmentList {
            filters: self.filters.clone(),
            id: fast.u64("id")?.first_or_default_col(0),
            price: fast.i64("price")?.first_or_default_col(0),
            rating: fast.i64("rating")?.first_or_default_col(0),
            reviews: fast.i64("reviews")?.first_or_default_col(0),
            in_stock: fast.bool("in_stock")?.first_or_default_col(false),
            brand,
            brand_asked,
            options,
            option_terms,
            brand_counts: Vec::new(),
            option_counts: Vec::new(),
            chosen: Vec::new(),
            found: Found::default(),
        })
    }

    fn requires_scoring(&self) -> bool {
        self.filters.sort == Sort::Relevance
    }

    fn merge_fruits(&self, parts: Vec<Found>) -> tantivy::Result<Found> {
        let mut all = Found::default();
        for part in parts {
            all.total += part.total;
            for (brand, n) in part.brands {
                *all.brands.entry(brand).or_default() += n;
            }
            for (a, b) in all.floors.iter_mut().zip(part.floors) {
                *a += b;
            }
            for (a, b) in all.bands.iter_mut().zip(part.bands) {
                *a += b;
            }
            all.in_stock += part.in_stock;
            for (key, (o, v, n, count)) in part.options {
                let sum = all.options.entry(key).or_default();
                *sum = (sum.0 + o, sum.1 + v, sum.2 + n, sum.3 + count);
            }
            all.hits.extend(part.hits);
        }
        Ok(all)
    }
}

fn missing(field: &str) -> tantivy::TantivyError {
    tantivy::TantivyError::SchemaError(format!("the catalog index has no {field} column"))
}

struct OptionTerm {
    name: String,
    value: String,
    option_position: i64,
    value_position: i64,
    /// Its option's place among the options asked.
    asked: Option<usize>,
    /// Its option's place, when the value is one of those asked.
    chosen: Option<usize>,
}

pub struct SegmentList {
    filters: Arc<Filters>,
    id: Arc<dyn ColumnValues<u64>>,
    price: Arc<dyn ColumnValues<i64>>,
    rating: Arc<dyn ColumnValues<i64>>,
    reviews: Arc<dyn ColumnValues<i64>>,
    in_stock: Arc<dyn ColumnValues<bool>>,
    brand: StrColumn,
    brand_asked: Vec<bool>,
    options: StrColumn,
    option_terms: Vec<OptionTerm>,
    /// By brand ordinal, grown as brands are met.
    brand_counts: Vec<u64>,
    /// By option ordinal: the sums of places, the products in scope, those counted.
    option_counts: Vec<(i64, i64, i64, u64)>,
    /// Scratch: which asked options the current product is sold in.
    chosen: Vec<bool>,
    found: Found,
}

impl SegmentCollector for SegmentList {
    type Fruit = Found;

    fn collect(&mut self, doc: DocId, score: Score) {
        let f = &*self.filters;
        let price = self.price.get_val(doc);
        let rating = self.rating.get_val(doc);
        let in_stock = self.in_stock.get_val(doc);
        let brand_ord = self.brand.ords().first(doc).unwrap_or(0) as usize;
        let b = self.brand_asked.get(brand_ord).copied().unwrap_or(false);
        let p = price >= f.min_price && price <= f.max_price;
        let r = f.min_rating.is_none_or(|min| rating >= min);
        let s = !f.in_stock || in_stock;
        let mut o = true;
        if !f.options.is_empty() {
            self.chosen.clear();
            self.chosen.resize(f.options.len(), false);
            for ord in self.options.term_ords(doc) {
                if let Some(at) = self.option_terms[ord as usize].chosen {
                    self.chosen[at] = true;
                }
            }
            o = self.chosen.iter().all(|c| *c);
        }
        if b && p && r && s && o {
            self.found.total += 1;
            self.found.hits.push(sort_key(
                f.sort,
                self.id.get_val(doc),
                price,
                rating,
                self.reviews.get_val(doc),
                score,
            ));
            let_go_past(&mut self.found.hits, f.keep, PRUNED_FROM);
        }
        if p && r && s && o {
            if self.brand_counts.len() <= brand_ord {
                self.brand_counts.resize(brand_ord + 1, 0);
            }
            self.brand_counts[brand_ord] += 1;
        }
        if b && p && s && o {
            for (at, floor) in RATING_FLOORS.iter().enumerate() {
                if rating >= i64::from(*floor) * 100 {
                    self.found.floors[at] += 1;
                }
            }
        }
        if b && r && s && o {
            for (at, (min, max)) in PRICE_BANDS.iter().enumerate() {
                if price >= min.0 && max.is_none_or(|max| price <= max.0) {
                    self.found.bands[at] += 1;
                }
            }
        }
        if b && p && r && o && in_stock {
            self.found.in_stock += 1;
        }
        if b && p && r && s {
            // Each value counts under every other option's filter, not its own.
            if self.option_counts.is_empty() {
                self.option_counts.resize(self.option_terms.len(), (0, 0, 0, 0));
            }
            for ord in self.options.term_ords(doc) {
                let term = &self.option_terms[ord as usize];
                let counted = self.chosen.iter().enumerate().all(|(at, c)| *c || term.asked == Some(at));
                let sum = &mut self.option_counts[ord as usize];
                sum.0 += term.option_position;
                sum.1 += term.value_position;
                sum.2 += 1;
                sum.3 += u64::from(counted);
            }
        }
    }

    fn harvest(mut self) -> Found {
        let mut name = String::new();
        for (ord, n) in self.brand_counts.iter().enumerate() {
            if *n > 0 && self.brand.ord_to_str(ord as u64, &mut name).unwrap_or(false) {
                *self.found.brands.entry(name.clone()).or_default() += n;
            }
        }
        for (term, sum) in self.option_terms.iter().zip(&self.option_counts) {
            if sum.2 > 0 {
                let all = self.found.options.entry((term.name.clone(), term.value.clone())).or_default();
                *all = (all.0 + sum.0, all.1 + sum.1, all.2 + sum.2, all.3 + sum.3);
            }
        }
        self.found
    }
}

const REVIEWS_MAX: u64 = (1 << 40) - 1;
/// Hits kept before the first are let go (twice the page's reach when that is more).
const PRUNED_FROM: usize = 4096;

/// A product's place in `sort`'s order, as two keys read ascending, then its id; ties
/// are broken by id as `db/listing.rs` orders them.
fn sort_key(sort: Sort, id: u64, price: i64, rating: i64, reviews: i64, score: Score) -> Hit {
    // i64 to u64 keeping the order.
    let up = |v: i64| (v as u64) ^ (1 << 63);
    match sort {
        // Scores are not negative, so their bits order as they do.
        Sort::Relevance => (u64::MAX - u64::from(score.to_bits()), id, id),
        Sort::Featured => (0, id, id),
        Sort::PriceAsc => (up(price), id, id),
        Sort::PriceDesc => (u64::MAX - up(price), u64::MAX - id, id),
        Sort::Rating => {
            // The average (at most 500 hundredths) above the number of reviews.
            let reviews = (reviews.max(0) as u64).min(REVIEWS_MAX);
            let rating = (rating.clamp(0, 500)) as u64;
            (((500 - rating) << 40) | (REVIEWS_MAX - reviews), u64::MAX - id, id)
        }
        Sort::Newest => (0, u64::MAX - id, id),
    }
}

/// Only the first `keep` hits in order can be on the page: once `hits` hold twice as
/// many (or `from`, when that is more), the rest are let go, rather than kept for every
/// one of a broad search's matches (half the catalog for "wi").
fn let_go_past(hits: &mut Vec<Hit>, keep: usize, from: usize) {
    if hits.len() >= (2 * keep).max(from) {
        hits.select_nth_unstable(keep);
        hits.truncate(keep);
    }
}

/// The ids of the hits at `offset..offset + limit` in order: two selections and a sort
/// of the page alone, however deep the page.
pub fn page(mut hits: Vec<Hit>, offset: usize, limit: usize) -> Vec<i64> {
    if offset >= hits.len() {
        return Vec::new();
    }
    if offset > 0 {
        hits.select_nth_unstable(offset);
    }
    let rest = &mut hits[offset..];
    let take = limit.min(rest.len());
    if take < rest.len() {
        rest.select_nth_unstable(take);
    }
    let page = &mut rest[..take];
    page.sort_unstable();
    page.iter().map(|h| id_of(*h)).collect()
}

fn id_of(hit: Hit) -> i64 {
    hit.2 as i64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_is_cut_from_the_hits_in_order_however_deep() {
        let hits: Vec<Hit> = [5u64, 3, 9, 1, 7, 2, 8, 6, 4].iter().map(|id| (0, *id, *id)).collect();
        assert_eq!(page(hits.clone(), 0, 4), [1, 2, 3, 4]);
        assert_eq!(page(hits.clone(), 4, 4), [5, 6, 7, 8]);
        assert_eq!(page(hits.clone(), 8, 4), [9]);
        assert!(page(hits, 9, 4).is_empty());
    }

    #[test]
    fn hits_let_go_as_they_come_leave_every_page_as_it_was() {
        // Hits in a scrambled order, as a segment meets them.
        let all: Vec<Hit> = (0..1000u64).map(|i| ((i * 7919) % 1000, i, i)).collect();
        for (offset, limit) in [(0, 24), (24, 24), (480, 24), (976, 24)] {
            let mut kept = Vec::new();
            for hit in &all {
                kept.push(*hit);
                let_go_past(&mut kept, offset + limit, 64);
            }
            assert!(kept.len() < 2 * (offset + limit).max(64), "{} kept", kept.len());
            assert_eq!(page(kept, offset, limit), page(all.clone(), offset, limit), "{offset}");
        }
    }
}
