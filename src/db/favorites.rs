//! Favorites: at most one per shopper and product.

use serde::Serialize;

use super::ownership::{check_owner, require_product};
use super::rusqlite::{Connection, Row, Transaction, params};
use crate::db::catalog::avg_rating;
use crate::domain::Cents;
use crate::error::ApiError;

/// A favorite as the favorites list shows it (spec section 3); `id` repeats
/// `favoriteId`, as the spec's list does.
#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Favorite {
    pub id: i64,
    pub favorite_id: i64,
    pub product_id: i64,
    pub department_id: i64,
    pub name: String,
    pub brand: String,
    pub price: Cents,
    pub preview_image: String,
    #[schema(minimum = 0, maximum = 5)]
    pub avg_rating: f64,
    pub num_reviews: i64,
}

const FAVORITE_QUERY: &str =
    "SELECT f.id, p.id, p.department_id, p.name, p.brand, p.price_cents, i.url, p.rating_sum, p.review_count
     FROM favorites f
     JOIN products p ON p.id = f.product_id
     LEFT JOIN product_images i ON i.product_id = p.id AND i.position = 0";

fn favorite_from_row(r: &Row) -> super::rusqlite::Result<Favorite> {
    Ok(Favorite {
        id: r.get(0)?,
        favorite_id: r.get(0)?,
        product_id: r.get(1)?,
        department_id: r.get(2)?,
        name: r.get(3)?,
        brand: r.get(4)?,
        price: Cents(r.get(5)?),
        preview_image: r.get::<_, Option<String>>(6)?.unwrap_or_default(),
        avg_rating: avg_rating(r.get(7)?, r.get(8)?),
        num_reviews: r.get(8)?,
    })
}

pub fn list(conn: &Connection, user_id: i64) -> Result<Vec<Favorite>, ApiError> {
    let mut stmt =
        conn.prepare_cached(&format!("{FAVORITE_QUERY} WHERE f.user_id = ?1 ORDER BY f.id DESC"))?;
    let favorites = stmt.query_map(params![user_id], favorite_from_row)?.collect::<Result<Vec<_>, _>>()?;
    Ok(favorites)
}

/// Adds the favorite, or answers the existing one: adding twice is not an error.
pub fn add(tx: &Transaction, user_id: i64, product_id: i64) -> Result<Favorite, ApiError> {
    require_product(tx, product_id)?;
    tx.prepare_cached(
        "INSERT INTO favorites (user_id, product_id, created_at)
         VALUES (?1, ?2, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
         ON CONFLICT (user_id, product_id) DO NOTHING",
    )?
    .execute(params![user_id, product_id])?;
    Ok(tx
        .prepare_cached(&format!("{FAVORITE_QUERY} WHERE f.user_id = ?1 AND f.product_id = ?2"))?
        .query_row(params![user_id, product_id], favorite_from_row)?)
}

pub fn remove(tx: &Transaction, user_id: i64, favorite_id: i64) -> Result<(), ApiError> {
    check_owner(tx, "favorites", "Favorite", favorite_id, user_id)?;
    tx.prepare_cached("DELETE FROM favorites WHERE id = ?1")?.execute(params![favorite_id])?;
    Ok(())
}
