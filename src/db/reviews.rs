//! Reviews as the API shows them: with their author and their product.

use serde::Serialize;

use super::ownership::{check_owner, require_product};
use super::rusqlite::{Connection, OptionalExtension, Row, Transaction, params};
use crate::domain::inputs::ReviewInput;
use crate::error::ApiError;

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewAuthor {
    pub first_name: String,
    pub last_name: String,
    /// The author's avatar picture.
    pub url: String,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewProduct {
    pub id: i64,
    pub department_id: i64,
    pub name: String,
    pub preview_image: String,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Review {
    pub id: i64,
    pub user_id: i64,
    pub product_id: i64,
    #[schema(minimum = 1, maximum = 5)]
    pub rating: i64,
    pub title: String,
    pub description: String,
    pub created_at: String,
    #[serde(rename = "User")]
    pub user: ReviewAuthor,
    #[serde(rename = "Product")]
    pub product: ReviewProduct,
}

/// Columns of [`review_from_row`]; the query names `reviews r`, `users u`,
/// `products p` and the preview image `i`.
const REVIEW_COLUMNS: &str = "r.id, r.user_id, r.product_id, r.rating, r.title, r.description, r.created_at,
     u.first_name, u.last_name, u.avatar_url, p.department_id, p.name, i.url";

fn review_from_row(r: &Row) -> super::rusqlite::Result<Review> {
    Ok(Review {
        id: r.get(0)?,
        user_id: r.get(1)?,
        product_id: r.get(2)?,
        rating: r.get(3)?,
        title: r.get(4)?,
        description: r.get(5)?,
        created_at: r.get(6)?,
        user: ReviewAuthor { first_name: r.get(7)?, last_name: r.get(8)?, url: r.get(9)? },
        product: ReviewProduct {
            id: r.get(2)?,
            department_id: r.get(10)?,
            name: r.get(11)?,
            preview_image: r.get::<_, Option<String>>(12)?.unwrap_or_default(),
        },
    })
}

/// A product's reviews, newest first; `None` when there is no such product.
pub fn for_product(conn: &Connection, product_id: i64) -> Result<Option<Vec<Review>>, ApiError> {
    // Starting from the product (LEFT JOIN reviews) tells "no product" from "no reviews"
    // in the same single query.
    let sql = format!(
        "SELECT {REVIEW_COLUMNS}
         FROM products p
         LEFT JOIN product_images i ON i.product_id = p.id AND i.position = 0
         LEFT JOIN reviews r ON r.product_id = p.id
         LEFT JOIN users u ON u.id = r.user_id
         WHERE p.id = ?1
         ORDER BY r.created_at DESC, r.id DESC"
    );
    let mut stmt = conn.prepare_cached(&sql)?;
    let mut rows = stmt.query(params![product_id])?;
    let mut found = false;
    let mut reviews = Vec::new();
    while let Some(row) = rows.next()? {
        found = true;
        if row.get::<_, Option<i64>>(0)?.is_some() {
            reviews.push(review_from_row(row)?);
        }
    }
    Ok(found.then_some(reviews))
}

const REVIEW_FROM: &str = "FROM reviews r
     JOIN users u ON u.id = r.user_id
     JOIN products p ON p.id = r.product_id
     LEFT JOIN product_images i ON i.product_id = p.id AND i.position = 0";

/// The shopper's own reviews, newest first.
pub fn by_user(conn: &Connection, user_id: i64) -> Result<Vec<Review>, ApiError> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {REVIEW_COLUMNS} {REVIEW_FROM} WHERE r.user_id = ?1 ORDER BY r.created_at DESC, r.id DESC"
    ))?;
    let reviews = stmt.query_map(params![user_id], review_from_row)?.collect::<Result<Vec<_>, _>>()?;
    Ok(reviews)
}

fn by_id(conn: &Connection, id: i64) -> Result<Review, ApiError> {
    let mut stmt = conn.prepare_cached(&format!("SELECT {REVIEW_COLUMNS} {REVIEW_FROM} WHERE r.id = ?1"))?;
    stmt.query_row(params![id], review_from_row).optional()?.ok_or_else(|| ApiError::not_found("Review"))
}

/// Text is stored exactly as typed: HTML in a review is data, and the app shows it as text.
pub fn create(
    tx: &Transaction,
    user_id: i64,
    product_id: i64,
    input: &ReviewInput,
) -> Result<Review, ApiError> {
    require_product(tx, product_id)?;
    let existing: Option<i64> = tx
        .prepare_cached("SELECT id FROM reviews WHERE user_id = ?1 AND product_id = ?2")?
        .query_row(params![user_id, product_id], |r| r.get(0))
        .optional()?;
    if existing.is_some() {
        return Err(ApiError::conflict("You have already reviewed this product."));
    }
    let id: i64 = tx
        .prepare_cached(
            "INSERT INTO reviews (user_id, product_id, rating, title, description, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) RETURNING id",
        )?
        .query_row(params![user_id, product_id, input.rating(), input.title, input.description], |r| {
            r.get(0)
        })?;
    by_id(tx, id)
}

pub fn update(
    tx: &Transaction,
    user_id: i64,
    review_id: i64,
    input: &ReviewInput,
) -> Result<Review, ApiError> {
    check_owner(tx, "reviews", "Review", review_id, user_id)?;
    tx.prepare_cached("UPDATE reviews SET rating = ?2, title = ?3, description = ?4 WHERE id = ?1")?
        .execute(params![review_id, input.rating(), input.title, input.description])?;
    by_id(tx, review_id)
}

/// Answers the reviewed product and its department, whose ratings change with it.
pub fn delete(tx: &Transaction, user_id: i64, review_id: i64) -> Result<(i64, i64), ApiError> {
    check_owner(tx, "reviews", "Review", review_id, user_id)?;
    let reviewed = tx
        .prepare_cached(
            "SELECT p.id, p.department_id FROM reviews r JOIN products p ON p.id = r.product_id WHERE r.id = ?1",
        )?
        .query_row(params![review_id], |r| Ok((r.get(0)?, r.get(1)?)))?;
    tx.prepare_cached("DELETE FROM reviews WHERE id = ?1")?.execute(params![review_id])?;
    Ok(reviewed)
}
