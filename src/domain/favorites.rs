//! Favorites: at most one per shopper and product (docs/rules.md#favorites), keeping the
//! variant chosen when it was favorited, while that variant is sold.

use super::catalog::ProductCard;
use super::ids::VariantId;
use super::variants::Chosen;

#[derive(Debug, Clone)]
pub struct Favorite {
    pub id: i64,
    pub product: ProductCard,
    /// The variant kept with the favorite; `None` when none was chosen or it is no longer sold.
    pub variant_id: Option<VariantId>,
    /// Its values, in the product's order.
    pub options: Chosen,
}
