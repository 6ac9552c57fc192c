//! Refunds staff give (docs/rules.md#payments). A refund is promised in one transaction:
//! the payment's row is locked first (two refunds of one order, on any servers, run one
//! after the other), a key already used answers its refund again, the amount is taken
//! from what is left by one conditional update that cannot pass what was captured, the
//! lines go back to stock once each, and the audit log says so. The settler then sends
//! it to the provider, after the commit.

use serde_json::json;

use super::audit::record;
use crate::db::conn::{Conn, args};
use crate::db::mail::queue;
use crate::db::orders::{by_id, restock_line};
use crate::db::payments::insert_refund;
use crate::db::{Db, Error};
use crate::domain::admin::audit::{Actor, Entry};
use crate::domain::admin::refund_input::Refund as Asked;
use crate::domain::mail::{Facts, LineFacts, RefundFacts};
use crate::domain::payments::Refund;
use crate::domain::{Cents, OrderId, Rejection, Thing, Timestamp};

/// A refund given: the one asked for now, or the one a repeated key gave before.
pub struct Given {
    pub refund: Refund,
    pub replayed: bool,
}

impl Db {
    /// Refunds `asked` of order `order_id`, once per `key`.
    pub async fn refund_order(
        &self,
        actor: Actor,
        order_id: OrderId,
        asked: Asked,
        key: Option<String>,
    ) -> Result<Given, Error> {
        self.write(move |c| {
            // Locks the payment's row: every refund of this order waits here for the one before.
            let payment: Option<(String, i64, i64)> = c.query_opt(
                "UPDATE payments SET updated_at = updated_at WHERE order_id = ?1
                 RETURNING status, captured_cents, refunded_cents",
                args![order_id],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )?;
            let (status, captured, refunded) = payment.ok_or(Error::NotFound(Thing::Order))?;
            if let Some(key) = &key {
                let earlier = c.query_opt(
                    "SELECT id FROM refunds WHERE order_id = ?1 AND key = ?2",
                    args![order_id, key],
                    |r| r.get::<i64>(0),
                )?;
                if let Some(id) = earlier {
                    return Ok(Given { refund: refund_of(c, id)?, replayed: true });
                }
            }
            if status != "paid" {
                return Err(Rejection::NotCaptured.into());
            }
            let promised = c.execute(
                "UPDATE payments SET refunded_cents = refunded_cents + ?2, updated_at = ?3
                 WHERE order_id = ?1 AND refunded_cents + ?2 <= captured_cents",
                args![order_id, asked.amount.0, Timestamp::now().millis()],
            )?;
            if promised == 0 {
                return Err(Rejection::RefundTooLarge { left: Cents(captured - refunded) }.into());
            }
            let by = actor.id.map(|id| id.0);
            let id = insert_refund(c, order_id, asked.amount, &asked.reason, key.as_deref(), by)?;
            for &line_id in &asked.restock {
                restock_line(c, order_id, line_id)?;
            }
            record(
                c,
                &actor,
                Entry {
                    action: "order.refund",
                    thing: "order",
                    thing_id: Some(order_id.0),
                    before: None,
                    after: Some(json!({"refund": id, "amount": asked.amount, "reason": &asked.reason,
                                       "restocked": &asked.restock})),
                },
            )?;
            tell_shopper(c, order_id, id, &asked)?;
            Ok(Given { refund: refund_of(c, id)?, replayed: false })
        })
        .await
    }
}

/// Writes the refund's mail to the shopper: its amount, its reason, what went back.
fn tell_shopper(c: &mut Conn, order_id: OrderId, refund_id: i64, asked: &Asked) -> Result<(), Error> {
    let order = by_id(c, order_id)?;
    let restocked = order
        .lines
        .iter()
        .filter(|line| asked.restock.contains(&line.line_id))
        .map(|line| LineFacts::from(line).label())
        .collect();
    let refund = RefundFacts {
        refund_id,
        order_id: order_id.0,
        amount: asked.amount.0,
        reason: asked.reason.clone(),
        restocked,
    };
    queue(c, order.user_id, &Facts::OrderRefunded { refund })
}

fn refund_of(c: &mut Conn, id: i64) -> Result<Refund, Error> {
    c.query_one(
        "SELECT r.id, r.amount_cents, r.reason, r.created_at, u.username
         FROM refunds r LEFT JOIN users u ON u.id = r.by_user_id WHERE r.id = ?1",
        args![id],
        |r| {
            Ok(Refund {
                id: r.get(0)?,
                amount: Cents(r.get(1)?),
                reason: r.get(2)?,
                created_at: Timestamp(r.get(3)?),
                by: r.get(4)?,
            })
        },
    )
}
