//! Orders in the back office: every shopper's, by status, id or shopper; moved along
//! Received → Packed → Shipped → Delivered, or cancelled before they ship, which puts
//! their units back in stock in the same transaction.

use serde_json::json;

use super::audit::record;
use crate::db::conn::{Conn, Value, args};
use crate::db::mail::queue;
use crate::db::orders::{by_id, give_back_use, return_stock, status};
use crate::db::payments::{CANCELLED, refund_cancelled};
use crate::db::{Db, Error};
use crate::domain::admin::audit::{Actor, Entry};
use crate::domain::mail::{Facts, OrderFacts};
use crate::domain::orders::{Order, OrderStatus};
use crate::domain::{Cents, Rejection, Thing, Timestamp};
use crate::domain::{OrderId, ShopperId};

/// An order as the back office lists it.
#[derive(Debug, Clone)]
pub struct AdminOrder {
    pub id: i64,
    pub user_id: ShopperId,
    pub username: String,
    pub total: Cents,
    pub status: OrderStatus,
    pub created_at: Timestamp,
    pub status_changed_at: Timestamp,
    pub lines: i64,
}

pub struct AdminOrderPage {
    pub orders: Vec<AdminOrder>,
    pub total: u64,
}

const COLUMNS: &str =
    "o.id, o.user_id, u.username, o.total_cents, o.status, o.created_at, o.status_changed_at,
     (SELECT count(*) FROM order_items oi WHERE oi.order_id = o.id)";

fn admin_order(r: &crate::db::conn::Row) -> Result<AdminOrder, Error> {
    Ok(AdminOrder {
        id: r.get(0)?,
        user_id: r.get(1)?,
        username: r.get(2)?,
        total: Cents(r.get(3)?),
        status: status(r.get(4)?)?,
        created_at: Timestamp(r.get(5)?),
        status_changed_at: Timestamp(r.get(6)?),
        lines: r.get(7)?,
    })
}

impl Db {
    /// One order whole, as staff pack and ship it: its lines, the copy of its address,
    /// its method, discounts, tax, and who placed it.
    pub async fn get_admin_order(&self, order_id: OrderId) -> Result<Order, Error> {
        self.read(move |c| by_id(c, order_id)).await
    }

    /// One page of orders, newest first: of one status, and matching `q` (an order id,
    /// or a shopper's username), when asked.
    pub async fn list_admin_orders(
        &self,
        status: Option<OrderStatus>,
        q: Option<String>,
        offset: u64,
        limit: u32,
    ) -> Result<AdminOrderPage, Error> {
        self.read_snapshot(move |c| {
            let mut conditions = vec!["TRUE".to_string()];
            let mut params: Vec<Value> = Vec::new();
            if let Some(status) = status {
                conditions.push("o.status = ?".into());
                params.push(Value::Text(status.as_str()));
            }
            if let Some(q) = q.as_deref() {
                match q.parse::<i64>() {
                    Ok(id) => {
                        conditions.push("o.id = ?".into());
                        params.push(Value::Int(id));
                    }
                    Err(_) => {
                        conditions.push("o.user_id = (SELECT id FROM users WHERE username = ?)".into());
                        params.push(Value::Text(q));
                    }
                }
            }
            let condition = conditions.join(" AND ");
            let total: i64 =
                c.query_one(&format!("SELECT count(*) FROM orders o WHERE {condition}"), &params, |r| {
                    r.get(0)
                })?;
            let mut page = params.clone();
            page.push(Value::Int(limit.into()));
            page.push(Value::Int(offset as i64));
            let orders = c.query(
                &format!(
                    "SELECT {COLUMNS} FROM orders o JOIN users u ON u.id = o.user_id
                     WHERE {condition} ORDER BY o.id DESC LIMIT ? OFFSET ?"
                ),
                &page,
                admin_order,
            )?;
            Ok(AdminOrderPage { orders, total: total.max(0) as u64 })
        })
        .await
    }

    /// Moves the order to `to`, if its status allows (the next step, or Cancelled
    /// before it ships); a cancelled order's units go back to stock and its payment is
    /// to be refunded or released in full. The move is one
    /// conditional statement, so two staff moving the same order at once cannot both
    /// succeed from the same status.
    pub async fn move_order(
        &self,
        actor: Actor,
        order_id: OrderId,
        to: OrderStatus,
    ) -> Result<AdminOrder, Error> {
        self.write(move |c| {
            let from = c
                .query_opt("SELECT status FROM orders WHERE id = ?1", args![order_id], |r| {
                    r.get::<String>(0)
                })?
                .ok_or(Error::NotFound(Thing::Order))?;
            let from = status(from)?;
            if !from.may_move_to(to) {
                return Err(Rejection::StatusMove { from, to }.into());
            }
            let moved = c.execute(
                "UPDATE orders SET status = ?2, status_changed_at = ?3 WHERE id = ?1 AND status = ?4",
                args![order_id, to.as_str(), Timestamp::now().millis(), from.as_str()],
            )?;
            if moved == 0 {
                return Err(Rejection::StatusMove { from, to }.into());
            }
            let mut refunded = None;
            if to == OrderStatus::Cancelled {
                return_stock(c, order_id)?;
                give_back_use(c, order_id)?;
                // Its money goes back: a captured payment's refund is promised here and
                // sent by the settler; a hold not yet captured is released by it.
                if let Some((id, amount)) = refund_cancelled(c, order_id, actor.id.map(|id| id.0))? {
                    refunded = Some(amount);
                    let after =
                        json!({"refund": id, "amount": amount, "reason": CANCELLED, "restocked": "all"});
                    let entry = Entry {
                        action: "order.refund",
                        thing: "order",
                        thing_id: Some(order_id.0),
                        before: None,
                        after: Some(after),
                    };
                    record(c, &actor, entry)?;
                }
            }
            record(
                c,
                &actor,
                Entry {
                    action: "order.status",
                    thing: "order",
                    thing_id: Some(order_id.0),
                    before: Some(json!({"status": from})),
                    after: Some(json!({"status": to})),
                },
            )?;
            tell_shopper(c, order_id, to, refunded)?;
            c.query_one(
                &format!("SELECT {COLUMNS} FROM orders o JOIN users u ON u.id = o.user_id WHERE o.id = ?1"),
                args![order_id],
                admin_order,
            )
        })
        .await
    }
}

/// Writes the mail a move to `to` sends the shopper (docs/rules.md#mail): shipped,
/// delivered, or cancelled with what the cancel pays back. Packing is the store's own
/// business: no mail.
fn tell_shopper(
    c: &mut Conn,
    order_id: OrderId,
    to: OrderStatus,
    refunded: Option<Cents>,
) -> Result<(), Error> {
    if matches!(to, OrderStatus::Received | OrderStatus::Packed) {
        return Ok(());
    }
    let order = by_id(c, order_id)?;
    let facts = OrderFacts::of(&order);
    let facts = match to {
        OrderStatus::Shipped => Facts::OrderShipped { order: facts },
        OrderStatus::Delivered => Facts::OrderDelivered { order: facts },
        _ => Facts::OrderCancelled { order: facts, refund: refunded.map(|cents| cents.0) },
    };
    queue(c, order.user_id, &facts)
}
