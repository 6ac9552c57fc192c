//! Departments and products as the store knows them.

use super::ids::ProductId;
use super::money::Cents;
use super::variants::{ProductOption, Variant};

/// The picture a product without any shows (assets/no-picture.svg): one added in the
/// back office has none until staff upload one.
pub const NO_PICTURE: &str = "/assets/no-picture.svg";

#[derive(Debug, Clone)]
pub struct Department {
    pub id: i64,
    pub name: String,
    pub picture_url: String,
}

/// A product's reviews summed up; kept exact by the database as reviews change.
#[derive(Debug, Clone, Copy, Default)]
pub struct Rating {
    pub sum: i64,
    pub count: i64,
}

impl Rating {
    /// The mean rating to two decimals, 0 when nobody has rated the product yet.
    pub fn average(self) -> f64 {
        if self.count == 0 {
            return 0.0;
        }
        (self.sum as f64 * 100.0 / self.count as f64).round() / 100.0
    }
}

/// What a product card shows.
#[derive(Debug, Clone)]
pub struct ProductCard {
    pub id: ProductId,
    pub department_id: i64,
    pub name: String,
    pub brand: String,
    pub price: Cents,
    pub preview_image: String,
    pub rating: Rating,
    /// Units left to sell (of all its variants, when it has them).
    pub stock: i64,
    /// The highest price a variant asks, when above `price` (then "from" `price`).
    pub price_to: Option<Cents>,
    /// It is sold by variant: a cart line of it names one.
    pub has_options: bool,
}

/// One view of a product's picture, on a backdrop of its own.
#[derive(Debug, Clone)]
pub struct ProductImage {
    pub id: i64,
    pub url: String,
    pub background: String,
}

#[derive(Debug, Clone)]
pub struct Product {
    pub card: ProductCard,
    pub description: String,
    pub department_name: String,
    /// In order; the first is the preview image.
    pub images: Vec<ProductImage>,
    /// Empty for a product sold as one thing.
    pub options: Vec<ProductOption>,
    /// Every combination sold, in the back office's order.
    pub variants: Vec<Variant>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_average_has_two_decimals_and_no_reviews_is_zero() {
        assert_eq!(Rating { sum: 0, count: 0 }.average(), 0.0);
        assert_eq!(Rating { sum: 14, count: 3 }.average(), 4.67);
        assert_eq!(Rating { sum: 9, count: 2 }.average(), 4.5);
    }
}
