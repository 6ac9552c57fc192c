//! Favorites: at most one per shopper and product (docs/rules.md#favorites).

use super::catalog::ProductCard;

#[derive(Debug, Clone)]
pub struct Favorite {
    pub id: i64,
    pub product: ProductCard,
}
