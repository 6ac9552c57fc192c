//! Orders: the server prices the cart itself; the client's figures only detect a
//! stale cart (decisions.md §4).

use serde::Serialize;

use super::cart;
use super::rusqlite::{Connection, Transaction, params};
use crate::domain::Cents;
use crate::domain::inputs::OrderInput;
use crate::error::ApiError;

pub const STATUS_RECEIVED: &str = "Received";

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderLine {
    /// The product's id.
    pub id: i64,
    pub department_id: i64,
    pub name: String,
    /// The price paid, as it was when the order was placed.
    pub price: Cents,
    pub preview_image: String,
}

#[derive(Debug, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Order {
    pub id: i64,
    pub user_id: i64,
    pub subtotal: Cents,
    pub discount: Cents,
    pub total: Cents,
    pub status: String,
    pub created_at: String,
    #[serde(rename = "Products")]
    pub products: Vec<OrderLine>,
}

/// What a cart costs: subtotal, the RedCard 5% discount, and the total, in cents.
pub fn price(subtotal: Cents) -> (Cents, Cents) {
    let discount = subtotal.five_percent();
    (discount, subtotal - discount)
}

fn orders_where(conn: &Connection, condition: &str, value: i64) -> Result<Vec<Order>, ApiError> {
    // One query for orders and their lines; rows arrive grouped by order.
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT o.id, o.user_id, o.subtotal_cents, o.discount_cents, o.total_cents, o.status, o.created_at,
                oi.product_id, p.department_id, oi.name, oi.price_cents, i.url
         FROM orders o
         LEFT JOIN order_items oi ON oi.order_id = o.id
         LEFT JOIN products p ON p.id = oi.product_id
         LEFT JOIN product_images i ON i.product_id = oi.product_id AND i.position = 0
         WHERE {condition} = ?1
         ORDER BY o.id DESC, oi.id"
    ))?;
    let mut rows = stmt.query(params![value])?;
    let mut orders: Vec<Order> = Vec::new();
    while let Some(r) = rows.next()? {
        let id: i64 = r.get(0)?;
        if orders.last().is_none_or(|o| o.id != id) {
            orders.push(Order {
                id,
                user_id: r.get(1)?,
                subtotal: Cents(r.get(2)?),
                discount: Cents(r.get(3)?),
                total: Cents(r.get(4)?),
                status: r.get(5)?,
                created_at: r.get(6)?,
                products: Vec::new(),
            });
        }
        if let Some(product_id) = r.get::<_, Option<i64>>(7)? {
            let order = orders.last_mut().expect("pushed above");
            order.products.push(OrderLine {
                id: product_id,
                department_id: r.get(8)?,
                name: r.get(9)?,
                price: Cents(r.get(10)?),
                preview_image: r.get::<_, Option<String>>(11)?.unwrap_or_default(),
            });
        }
    }
    Ok(orders)
}

/// The shopper's orders, newest first.
pub fn by_user(conn: &Connection, user_id: i64) -> Result<Vec<Order>, ApiError> {
    orders_where(conn, "o.user_id", user_id)
}

/// Turns the cart into an order in the caller's (IMMEDIATE) transaction: prices it,
/// refuses a stale client view with 409, snapshots each line, empties the cart.
pub fn place(tx: &Transaction, user_id: i64, input: &OrderInput) -> Result<Order, ApiError> {
    let lines = cart::lines(tx, user_id)?;
    if lines.is_empty() {
        return Err(ApiError::bad_request("Your cart is empty."));
    }
    let subtotal: Cents = lines.iter().map(|l| l.price).sum();
    let (discount, total) = price(subtotal);

    let mut ours: Vec<i64> = lines.iter().map(|l| l.product_id).collect();
    let mut theirs: Vec<Option<i64>> = input.products.iter().map(|p| p.product_id()).collect();
    ours.sort_unstable();
    theirs.sort_unstable();
    let same_products = theirs.iter().copied().eq(ours.iter().map(|&id| Some(id)));
    let same_total = (input.total * 100.0).round() as i64 == total.0;
    if !same_products || !same_total {
        return Err(ApiError::Conflict {
            message: "Your cart changed. Please review it and place your order again.".into(),
            errors: vec![format!("The current total is ${:.2}.", total.0 as f64 / 100.0)],
        });
    }

    let order_id: i64 = tx
        .prepare_cached(
            "INSERT INTO orders (user_id, subtotal_cents, discount_cents, total_cents, status, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5, strftime('%Y-%m-%dT%H:%M:%SZ', 'now')) RETURNING id",
        )?
        .query_row(params![user_id, subtotal.0, discount.0, total.0, STATUS_RECEIVED], |r| r.get(0))?;
    let mut item = tx.prepare_cached(
        "INSERT INTO order_items (order_id, product_id, name, price_cents) VALUES (?1, ?2, ?3, ?4)",
    )?;
    for line in &lines {
        item.execute(params![order_id, line.product_id, line.name, line.price.0])?;
    }
    tx.prepare_cached("DELETE FROM cart_items WHERE user_id = ?1")?.execute(params![user_id])?;
    orders_where(tx, "o.id", order_id)?
        .pop()
        .ok_or_else(|| ApiError::internal(anyhow::anyhow!("order vanished")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_total_is_the_subtotal_less_five_percent() {
        assert_eq!(price(Cents(10_000)), (Cents(500), Cents(9_500)));
        assert_eq!(price(Cents(1_999)), (Cents(100), Cents(1_899)));
        assert_eq!(price(Cents(34_999 + 49_999)), (Cents(4_250), Cents(80_748)));
    }
}
