//! Search and suggestions over the full-text index of migration 0005, and the rebuild
//! of what that migration derives from the products.

use rusqlite::{Connection, Transaction, params};

use super::listing::{self, Source, match_expression};
use super::{Db, Error};
use crate::domain::Thing;
use crate::domain::catalog::ProductCard;
use crate::domain::listing::{
    Listing, MAX_GROUP_SUGGESTIONS, MAX_SUGGESTIONS, SearchQuery, Suggestion, words,
};

impl Db {
    /// One page of the products matching `query`. A department that does not exist is
    /// not found; words that match nothing are an empty first page.
    pub async fn search_products(&self, query: SearchQuery) -> Result<Listing, Error> {
        self.read(move |c| {
            if let Some(id) = query.department
                && !department_exists(c, id)?
            {
                return Err(Error::NotFound(Thing::Department));
            }
            if query.words.is_empty() {
                // Nothing searchable was typed (only punctuation): nothing matches.
                query.listing.check_page(0).map_err(Error::Rejected)?;
                return Ok(Listing {
                    products: Vec::new(),
                    total: 0,
                    page: 1,
                    pages: 1,
                    facets: Default::default(),
                });
            }
            let expression = match_expression(&query.words, None);
            let source = Source::Search { expression: &expression, department: query.department };
            listing::listing(c, &source, &query.listing)
        })
        .await
    }

    /// Up to [`MAX_SUGGESTIONS`] things to offer for the words typed so far
    /// (`listing::words`): departments and brands with a word starting with each typed
    /// word, then products whose name or brand holds every typed word as a prefix.
    pub async fn list_search_suggestions(&self, typed: Vec<String>) -> Result<Vec<Suggestion>, Error> {
        self.read(move |c| suggestions(c, &typed)).await
    }
}

fn department_exists(c: &Connection, id: i64) -> Result<bool, Error> {
    let mut stmt = c.prepare_cached("SELECT EXISTS (SELECT 1 FROM departments WHERE id = ?1)")?;
    Ok(stmt.query_row(params![id], |r| r.get(0))?)
}

/// Whether every typed word starts a word of `text`, letter case aside.
fn words_start(typed: &[String], text: &str) -> bool {
    let own = words(text);
    typed.iter().all(|t| own.iter().any(|w| w.starts_with(t.as_str())))
}

fn suggestions(c: &Connection, typed: &[String]) -> Result<Vec<Suggestion>, Error> {
    if typed.is_empty() {
        return Ok(Vec::new());
    }
    let mut found = Vec::new();
    // Both tables are a few dozen rows: read whole, matched here.
    let mut stmt = c.prepare_cached("SELECT id, name FROM departments ORDER BY id")?;
    let departments = stmt.query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))?;
    for d in departments {
        let (id, name) = d?;
        if found.len() < MAX_GROUP_SUGGESTIONS && words_start(typed, &name) {
            found.push(Suggestion::Department { id, name });
        }
    }
    let mut stmt =
        c.prepare_cached("SELECT name, product_count FROM brands ORDER BY product_count DESC, name")?;
    let brands = stmt.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?.max(0) as u64)))?;
    let mut brands_found = 0;
    for b in brands {
        let (name, count) = b?;
        if brands_found < MAX_GROUP_SUGGESTIONS && words_start(typed, &name) {
            found.push(Suggestion::Brand { name, count });
            brands_found += 1;
        }
    }
    // The first matches in catalog order, which the index gives without ranking them
    // all: a one-letter prefix matches most of a million products.
    let sql = format!(
        "SELECT {} FROM product_search
         JOIN products p ON p.id = product_search.rowid
         LEFT JOIN product_images i ON i.product_id = p.id AND i.position = 0
         WHERE product_search MATCH ?1 ORDER BY product_search.rowid LIMIT ?2",
        super::catalog::CARD_COLUMNS
    );
    let mut stmt = c.prepare_cached(&sql)?;
    let room = (MAX_SUGGESTIONS - found.len()) as i64;
    let products = stmt.query_map(params![match_expression(typed, Some("name brand")), room], |r| {
        super::catalog::card(r, 0)
    })?;
    for p in products {
        let p: ProductCard = p?;
        found.push(Suggestion::Product(p));
    }
    Ok(found)
}

/// Remakes what migration 0005 derives from the products (their words, the brands'
/// sizes) after `market seed` has written products with the triggers set aside.
pub(super) fn rebuild(tx: &Transaction) -> rusqlite::Result<()> {
    tx.execute_batch(
        "INSERT INTO product_search (product_search) VALUES ('rebuild');
         DELETE FROM brands;
         INSERT INTO brands (name, product_count) SELECT brand, count(*) FROM products GROUP BY brand;",
    )
}
