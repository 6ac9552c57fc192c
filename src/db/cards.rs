//! A product card as the lists read it: the columns, and the card made of a row. Shared
//! by the catalog's lists, search and suggestions, and favorites.

use super::Error;
use super::conn::Row;
use crate::domain::Cents;
use crate::domain::catalog::NO_PICTURE;
use crate::domain::catalog::{ProductCard, Rating};

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
