//! The back office's dashboard: orders and revenue today and by day over the last 30
//! days (UTC days; cancelled orders count in neither), the products sold most over those
//! days, and what is out of stock or low. A handful of indexed queries in one snapshot.

use crate::db::cards::{CARD_COLUMNS, card};
use crate::db::conn::args;
use crate::db::{Db, Error};
use crate::domain::ProductId;
use crate::domain::catalog::ProductCard;
use crate::domain::stock::LOW;
use crate::domain::{Cents, Timestamp};

pub const DAYS: i64 = 30;
const DAY_MILLIS: i64 = 86_400_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Day {
    /// Midnight UTC that starts the day.
    pub start: Timestamp,
    pub orders: i64,
    pub revenue: Cents,
}

#[derive(Debug, Clone)]
pub struct TopProduct {
    pub product_id: ProductId,
    pub name: String,
    pub units: i64,
    pub revenue: Cents,
}

#[derive(Debug, Clone)]
pub struct Summary {
    /// Oldest first, one for each of the last [`DAYS`] days, today last (days without an
    /// order included, at zero).
    pub days: Vec<Day>,
    pub top_products: Vec<TopProduct>,
    pub out_of_stock: i64,
    pub low_stock: i64,
    /// The products on sale with the fewest units left, fewest first.
    pub lowest: Vec<ProductCard>,
}

impl Db {
    pub async fn get_summary(&self, now: Timestamp) -> Result<Summary, Error> {
        self.read_snapshot(move |c| {
            let today = now.millis().div_euclid(DAY_MILLIS);
            let first = today - (DAYS - 1);
            let since = first * DAY_MILLIS;
            let mut days: Vec<Day> = (first..=today)
                .map(|d| Day { start: Timestamp(d * DAY_MILLIS), orders: 0, revenue: Cents(0) })
                .collect();
            c.query(
                "SELECT created_at / 86400000, count(*), CAST(sum(total_cents) AS BIGINT) FROM orders
                 WHERE created_at >= ?1 AND status <> 'Cancelled'
                 GROUP BY created_at / 86400000",
                args![since],
                |r| {
                    let day: i64 = r.get(0)?;
                    if let Some(slot) = days.get_mut((day - first) as usize) {
                        slot.orders = r.get(1)?;
                        slot.revenue = Cents(r.get::<Option<i64>>(2)?.unwrap_or(0));
                    }
                    Ok(())
                },
            )?;
            let top_products = c.query(
                "SELECT oi.product_id, min(oi.name), count(*), CAST(sum(oi.price_cents) AS BIGINT)
                 FROM orders o JOIN order_items oi ON oi.order_id = o.id
                 WHERE o.created_at >= ?1 AND o.status <> 'Cancelled'
                 GROUP BY oi.product_id ORDER BY count(*) DESC, oi.product_id LIMIT 5",
                args![since],
                |r| {
                    Ok(TopProduct {
                        product_id: r.get(0)?,
                        name: r.get(1)?,
                        units: r.get(2)?,
                        revenue: Cents(r.get(3)?),
                    })
                },
            )?;
            let (out_of_stock, low_stock) = c.query_one(
                "SELECT (SELECT count(*) FROM products WHERE stock = 0 AND archived_at IS NULL),
                        (SELECT count(*) FROM products WHERE stock BETWEEN 1 AND ?1 AND archived_at IS NULL)",
                args![LOW],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )?;
            let lowest = c.query(
                &format!(
                    "SELECT {CARD_COLUMNS} FROM products p
                     LEFT JOIN product_images i ON i.product_id = p.id AND i.position = 0
                     WHERE p.stock <= ?1 AND p.archived_at IS NULL ORDER BY p.stock, p.id LIMIT 10"
                ),
                args![LOW],
                |r| card(r, 0),
            )?;
            Ok(Summary { days, top_products, out_of_stock, low_stock, lowest })
        })
        .await
    }
}
