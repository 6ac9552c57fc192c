//! The cart: one line per item added (quantity is always 1).

use serde::Serialize;

use super::ownership::{check_owner, require_product};
use super::rusqlite::{Connection, Row, Transaction, params};
use crate::domain::Cents;
use crate::error::ApiError;

/// A cart holds at most this many lines (decisions.md §3).
pub const MAX_LINES: i64 = 50;

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CartLine {
    pub cart_id: i64,
    pub product_id: i64,
    pub department_id: i64,
    pub name: String,
    pub price: Cents,
    pub preview_image: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Cart {
    #[serde(rename = "Products")]
    pub products: Vec<CartLine>,
    pub subtotal: Cents,
    /// The RedCard 5% discount, and what an order of this cart would cost now.
    pub discount: Cents,
    pub total: Cents,
}

const LINE_QUERY: &str = "SELECT c.id, p.id, p.department_id, p.name, p.price_cents, i.url
     FROM cart_items c
     JOIN products p ON p.id = c.product_id
     LEFT JOIN product_images i ON i.product_id = p.id AND i.position = 0";

fn line_from_row(r: &Row) -> super::rusqlite::Result<CartLine> {
    Ok(CartLine {
        cart_id: r.get(0)?,
        product_id: r.get(1)?,
        department_id: r.get(2)?,
        name: r.get(3)?,
        price: Cents(r.get(4)?),
        preview_image: r.get::<_, Option<String>>(5)?.unwrap_or_default(),
    })
}

pub fn lines(conn: &Connection, user_id: i64) -> Result<Vec<CartLine>, ApiError> {
    let mut stmt = conn.prepare_cached(&format!("{LINE_QUERY} WHERE c.user_id = ?1 ORDER BY c.id"))?;
    let lines = stmt.query_map(params![user_id], line_from_row)?.collect::<Result<Vec<_>, _>>()?;
    Ok(lines)
}

pub fn cart(conn: &Connection, user_id: i64) -> Result<Cart, ApiError> {
    let products = lines(conn, user_id)?;
    let subtotal = products.iter().map(|l| l.price).sum();
    let (discount, total) = super::orders::price(subtotal);
    Ok(Cart { products, subtotal, discount, total })
}

pub fn add(tx: &Transaction, user_id: i64, product_id: i64) -> Result<CartLine, ApiError> {
    require_product(tx, product_id)?;
    let count: i64 = tx
        .prepare_cached("SELECT count(*) FROM cart_items WHERE user_id = ?1")?
        .query_row(params![user_id], |r| r.get(0))?;
    if count >= MAX_LINES {
        return Err(ApiError::conflict(format!("A cart holds at most {MAX_LINES} items.")));
    }
    let cart_id: i64 = tx
        .prepare_cached(
            "INSERT INTO cart_items (user_id, product_id, created_at)
             VALUES (?1, ?2, strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) RETURNING id",
        )?
        .query_row(params![user_id, product_id], |r| r.get(0))?;
    Ok(tx
        .prepare_cached(&format!("{LINE_QUERY} WHERE c.id = ?1"))?
        .query_row(params![cart_id], line_from_row)?)
}

pub fn remove(tx: &Transaction, user_id: i64, cart_id: i64) -> Result<(), ApiError> {
    check_owner(tx, "cart_items", "Cart item", cart_id, user_id)?;
    tx.prepare_cached("DELETE FROM cart_items WHERE id = ?1")?.execute(params![cart_id])?;
    Ok(())
}
