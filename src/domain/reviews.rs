//! Reviews: one per shopper and product, newest first (docs/rules.md#reviews).

use super::ids::{ProductId, ReviewId, ShopperId};
use super::time::Timestamp;

#[derive(Debug, Clone)]
pub struct Author {
    pub first_name: String,
    pub last_name: String,
    pub avatar_url: String,
}

#[derive(Debug, Clone)]
pub struct ReviewedProduct {
    pub id: ProductId,
    pub department_id: i64,
    pub name: String,
    pub preview_image: String,
}

#[derive(Debug, Clone)]
pub struct Review {
    pub id: ReviewId,
    pub user_id: ShopperId,
    pub rating: i64,
    pub title: String,
    pub description: String,
    pub created_at: Timestamp,
    pub author: Author,
    pub product: ReviewedProduct,
}

/// What a shopper writes; valid by construction (`inputs::ReviewInput::parse`).
/// Text is kept exactly as typed: HTML in a review is data, shown as text.
#[derive(Debug, Clone)]
pub struct ReviewText {
    pub rating: i64,
    pub title: String,
    pub description: String,
}
