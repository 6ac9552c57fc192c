//! A product card as the lists read it: the columns, and the card made of a row. Shared
//! by the catalog's lists, search and suggestions, and favorites.

use super::Error;
use super::conn::{Conn, Row, Value};
use crate::domain::catalog::NO_PICTURE;
use crate::domain::catalog::{ProductCard, Rating};
use crate::domain::{Cents, ProductId};

/// The product columns a card shows; the query joins `products p` with its preview
/// image `i`. Read by [`card`].
pub(super) const CARD_COLUMNS: &str = "p.id, p.department_id, p.name, p.brand, p.price_cents, i.url, p.rating_sum, p.review_count, p.stock, p.price_to_cents, p.options IS NOT NULL";

/// The card of a row holding [`CARD_COLUMNS`] from column `at` on.
pub(super) fn card(r: &Row, at: usize) -> Result<ProductCard, Error> {
    Ok(ProductCard {
        id: r.get(at)?,
        department_id: r.get(at + 1)?,
        name: r.get(at + 2)?,
        brand: r.get(at + 3)?,
        price: Cents(r.get(at + 4)?),
        preview_image: r.get::<Option<String>>(at + 5)?.unwrap_or_else(|| NO_PICTURE.into()),
        rating: Rating { sum: r.get(at + 6)?, count: r.get(at + 7)? },
        stock: r.get(at + 8)?,
        price_to: r.get::<Option<i64>>(at + 9)?.map(Cents),
        has_options: r.get(at + 10)?,
    })
}

/// The cards of `ids`, in that order, of those still on the storefront.
pub(super) fn by_ids(c: &mut Conn, ids: &[ProductId]) -> Result<Vec<ProductCard>, Error> {
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let marks = vec!["?"; ids.len()].join(", ");
    let params: Vec<Value> = ids.iter().map(|&id| id.into()).collect();
    let mut cards = c.query(
        &format!(
            "SELECT {CARD_COLUMNS} FROM products p
             LEFT JOIN product_images i ON i.product_id = p.id AND i.position = 0
             WHERE p.id IN ({marks}) AND p.archived_at IS NULL"
        ),
        &params,
        |r| card(r, 0),
    )?;
    let place: std::collections::HashMap<ProductId, usize> =
        ids.iter().enumerate().map(|(at, id)| (*id, at)).collect();
    cards.sort_by_key(|card| place.get(&card.id).copied().unwrap_or(usize::MAX));
    Ok(cards)
}
