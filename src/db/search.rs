//! Search and suggestions over the full-text index of migration 0005.

use super::conn::{Conn, args};
use super::listing::{self, Source};
use super::{Db, Error};
use crate::catalog_index::{CatalogIndex, words_of};
use crate::domain::Thing;
use crate::domain::catalog::ProductCard;
use crate::domain::listing::{Listing, MAX_GROUP_SUGGESTIONS, MAX_SUGGESTIONS, SearchQuery, Suggestion};

impl Db {
    /// One page of the products matching `query`. A department that does not exist is
    /// not found; words that match nothing are an empty first page.
    pub async fn search_products(&self, query: SearchQuery) -> Result<Listing, Error> {
        if let Some(index) = self.ready_index()
            && !query.words.is_empty()
        {
            // The index answers the matches, the total, the facets and the page's ids;
            // the cards are read by id, as they are now.
            return self
                .read(move |c| {
                    if let Some(id) = query.department
                        && !department_exists(c, id)?
                    {
                        return Err(Error::NotFound(Thing::Department));
                    }
                    let found =
                        index.search(&query.words, query.department, &query.listing).map_err(Error::Other)?;
                    query.listing.check_page(found.total).map_err(Error::Rejected)?;
                    super::index_keeper::listed(c, found, &query.listing)
                })
                .await;
        }
        self.read_snapshot(move |c| {
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
                    did_you_mean: None,
                });
            }
            let expression = (super::engine::dialect(c).search.expression)(&query.words, false);
            let source = Source::Search { expression: &expression, department: query.department };
            listing::listing(c, &source, &query.listing)
        })
        .await
    }

    /// Up to [`MAX_SUGGESTIONS`] things to offer for the words typed so far
    /// (`listing::words`): departments and brands with a word starting with each typed
    /// word, then products whose name or brand holds every typed word as a prefix.
    pub async fn list_search_suggestions(&self, typed: Vec<String>) -> Result<Vec<Suggestion>, Error> {
        let index = self.ready_index();
        self.read(move |c| suggestions(c, &typed, index.as_deref())).await
    }
}

fn department_exists(c: &mut Conn, id: i64) -> Result<bool, Error> {
    c.query_one("SELECT EXISTS (SELECT 1 FROM departments WHERE id = ?1)", args![id], |r| r.get(0))
}

/// Whether every typed word (as [`words_of`] folds it) starts a word of `text`, letter
/// case and accents aside, as the product search folds them.
fn words_start(typed: &[String], text: &str) -> bool {
    let own = words_of(text);
    typed.iter().all(|t| own.iter().any(|w| w.starts_with(t.as_str())))
}

/// With the catalog index, a word being typed that no catalog word starts with is read
/// as the nearest start of one (a typing mistake forgiven, as in a search), and the
/// products come from the index.
fn suggestions(
    c: &mut Conn,
    typed: &[String],
    index: Option<&CatalogIndex>,
) -> Result<Vec<Suggestion>, Error> {
    if typed.is_empty() {
        return Ok(Vec::new());
    }
    // The index reads the words and finds the first products at once; the departments
    // and brands found first leave room for fewer of them. Without it the words are
    // folded as the index would.
    let (typed, first): (Vec<String>, _) = match index {
        Some(index) => {
            let (read, first) = index.suggest(typed, MAX_SUGGESTIONS).map_err(Error::Other)?;
            (read, Some(first))
        }
        None => (typed.iter().flat_map(|w| words_of(w)).collect(), None),
    };
    let typed = &typed[..];
    let mut found = Vec::new();
    // Both tables are a few dozen rows: read whole, matched here.
    let departments = c.query("SELECT id, name FROM departments ORDER BY id", &[], |r| {
        Ok((r.get::<i64>(0)?, r.get::<String>(1)?))
    })?;
    for (id, name) in departments {
        if found.len() < MAX_GROUP_SUGGESTIONS && words_start(typed, &name) {
            found.push(Suggestion::Department { id, name });
        }
    }
    let brands =
        c.query("SELECT name, product_count FROM brands ORDER BY product_count DESC, name", &[], |r| {
            Ok((r.get::<String>(0)?, r.get::<i64>(1)?.max(0) as u64))
        })?;
    let mut brands_found = 0;
    for (name, count) in brands {
        if brands_found < MAX_GROUP_SUGGESTIONS && words_start(typed, &name) {
            found.push(Suggestion::Brand { name, count });
            brands_found += 1;
        }
    }
    let room = MAX_SUGGESTIONS - found.len();
    let products: Vec<ProductCard> = match first {
        Some(first) => super::cards::by_ids(c, &first[..room.min(first.len())])?,
        None => {
            let search = &super::engine::dialect(c).search;
            let expression = (search.expression)(typed, true);
            c.query(search.suggestions, args![&expression, room as i64], |r| super::cards::card(r, 0))?
        }
    };
    found.extend(products.into_iter().map(Suggestion::Product));
    Ok(found)
}
