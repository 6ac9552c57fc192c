//! Payments as the store keeps them (docs/rules.md#payments): each order's payment and
//! where its money stands, the refunds promised on it, and what the settler finishes
//! after a commit (a capture, a void, a refund) when the request that began it could not.
//! Also the `test` provider's own book, which that provider keeps in this database as a
//! bank would keep it elsewhere.

use std::time::Duration;

use super::conn::{Conn, Row, args};
use super::{Db, Error};
use crate::domain::payments::{Authorization, Method, Payment, REDCARD_BRAND, REDCARD_LAST4, Settlement};
use crate::domain::{Cents, OrderId, Timestamp};

/// The reason a cancelled order's refund gives.
pub const CANCELLED: &str = "Order cancelled";

/// The columns [`payment`] reads, of `payments pay`.
pub(super) const PAYMENT_COLUMNS: &str =
    "pay.method, pay.brand, pay.last4, pay.amount_cents, pay.captured_cents, pay.refunded_cents, pay.status";

/// An order's payment, from column `at` on; `None` when the order has none (a LEFT JOIN's).
pub(super) fn payment(r: &Row, at: usize) -> Result<Option<Payment>, Error> {
    let Some(method) = r.get::<Option<String>>(at)? else { return Ok(None) };
    let status: String = r.get(at + 6)?;
    Ok(Some(Payment {
        method: Method::parse(&method).ok_or_else(|| Error::other(format!("a payment by {method:?}")))?,
        brand: r.get(at + 1)?,
        last4: r.get(at + 2)?,
        amount: Cents(r.get(at + 3)?),
        captured: Cents(r.get(at + 4)?),
        refunded: Cents(r.get(at + 5)?),
        settlement: Settlement::parse(&status)
            .ok_or_else(|| Error::other(format!("a payment in the unknown state {status:?}")))?,
    }))
}

/// Keeps the authorization that pays order `order_id`, in the order's transaction.
pub(super) fn keep_authorization(c: &mut Conn, order_id: OrderId, auth: &Authorization) -> Result<(), Error> {
    let now = Timestamp::now().millis();
    c.execute(
        "INSERT INTO payments (order_id, provider, intent_id, method, brand, last4, amount_cents, status, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'authorized', ?8, ?8)",
        args![order_id, auth.provider, &auth.intent_id, auth.method.id(), &auth.brand, &auth.last4, auth.amount.0, now],
    )?;
    Ok(())
}

/// A new charge id of the test provider's, Stripe-like: `ch_test_`, the moment in hex
/// and 12 random letters and digits. Ids that follow the clock are written at the end of
/// their indexes (random ones would land all over them), and order ids may come again
/// once a demo shopper's orders are gone while these do not.
pub fn charge_id() -> String {
    use rand::Rng;
    let tail: String = rand::rng().sample_iter(&rand::distr::Alphanumeric).take(12).map(char::from).collect();
    format!("ch_test_{:011x}{tail}", Timestamp::now().millis())
}

/// Records order `order_id` as paid in full with the RedCard at `at`, in the order's
/// transaction: the test provider's charge, captured, and the order's payment. For an
/// order placed now, and for one of the past (a demo shopper's history).
pub(crate) fn paid_with_redcard(
    c: &mut Conn,
    order_id: OrderId,
    total: Cents,
    at: Timestamp,
) -> Result<(), Error> {
    let intent_id = charge_id();
    c.execute(
        "INSERT INTO test_provider_charges (id, brand, last4, amount_cents, captured_cents, status, created_at)
         VALUES (?1, ?2, ?3, ?4, ?4, 'captured', ?5)",
        args![&intent_id, REDCARD_BRAND, REDCARD_LAST4, total.0, at.millis()],
    )?;
    c.execute(
        "INSERT INTO payments (order_id, provider, intent_id, method, brand, last4, amount_cents, captured_cents,
                               status, created_at, updated_at)
         VALUES (?1, 'test', ?2, 'redcard', ?3, ?4, ?5, ?5, 'paid', ?6, ?6)",
        args![order_id, &intent_id, REDCARD_BRAND, REDCARD_LAST4, total.0, at.millis()],
    )?;
    Ok(())
}

/// Promises the refund of whatever is left of a cancelled order's captured payment, in
/// the cancel's transaction (an authorized one is voided by the settler instead).
/// Answers the refund promised, if any: `(id, amount)`.
pub(crate) fn refund_cancelled(
    c: &mut Conn,
    order_id: OrderId,
    by: Option<i64>,
) -> Result<Option<(i64, Cents)>, Error> {
    let left: Option<i64> = c.query_opt(
        "UPDATE payments SET refunded_cents = captured_cents, updated_at = ?2
         WHERE order_id = ?1 AND status = 'paid' AND refunded_cents < captured_cents
         RETURNING captured_cents - refunded_cents",
        args![order_id, Timestamp::now().millis()],
        |r| r.get(0),
    )?;
    // The UPDATE took the payment's row first, so every other refund promised on it has
    // committed its row by now: what is left is the captured amount less their sum.
    if left.is_some() {
        let promised: i64 = c.query_one(
            "SELECT pay.captured_cents - CAST(coalesce((SELECT sum(amount_cents) FROM refunds WHERE order_id = ?1), 0) AS BIGINT)
             FROM payments pay WHERE pay.order_id = ?1",
            args![order_id],
            |r| r.get(0),
        )?;
        if promised > 0 {
            let id = insert_refund(c, order_id, Cents(promised), CANCELLED, None, by)?;
            return Ok(Some((id, Cents(promised))));
        }
    }
    Ok(None)
}

pub(crate) fn insert_refund(
    c: &mut Conn,
    order_id: OrderId,
    amount: Cents,
    reason: &str,
    key: Option<&str>,
    by: Option<i64>,
) -> Result<i64, Error> {
    let now = Timestamp::now().millis();
    c.query_one(
        "INSERT INTO refunds (order_id, amount_cents, reason, key, by_user_id, status, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, 'pending', ?6, ?6) RETURNING id",
        args![order_id, amount.0, reason, key, by, now],
        |r| r.get(0),
    )
}

/// What the settler has left to do for one order's payment.
#[derive(Debug, Clone)]
pub struct Unsettled {
    pub order_id: OrderId,
    pub provider: String,
    pub intent_id: String,
    pub amount: Cents,
    /// The payment is authorized: capture it, or (the order cancelled) void it.
    pub authorized: bool,
    pub cancelled: bool,
    /// Refunds promised and not yet sent: `(id, amount)`.
    pub refunds: Vec<(i64, Cents)>,
}

impl Db {
    /// What is left to settle of order `order_id`'s payment.
    pub async fn unsettled_payment(&self, order_id: OrderId) -> Result<Option<Unsettled>, Error> {
        self.read(move |c| unsettled(c, order_id)).await
    }

    /// The orders whose payment has something left to do that was begun at least `age`
    /// ago (a request still under way finishes its own), oldest first, at most `limit`.
    pub async fn unsettled_orders(&self, age: Duration, limit: u32) -> Result<Vec<OrderId>, Error> {
        self.read(move |c| {
            let before = Timestamp::now().minus(age).millis();
            let mut ids: Vec<OrderId> = c.query(
                "SELECT order_id FROM payments WHERE status = 'authorized' AND updated_at <= ?1
                 UNION SELECT order_id FROM refunds WHERE status = 'pending' AND created_at <= ?1
                 LIMIT ?2",
                args![before, i64::from(limit)],
                |r| r.get(0),
            )?;
            ids.sort_unstable();
            Ok(ids)
        })
        .await
    }

    /// The provider captured order `order_id`'s payment of `amount`. An order cancelled
    /// meanwhile gets the whole amount back: the refund is promised here, in one
    /// transaction with the capture's record.
    pub async fn payment_captured(&self, order_id: OrderId, amount: Cents) -> Result<(), Error> {
        self.write(move |c| {
            let captured = c.execute(
                "UPDATE payments SET status = 'paid', captured_cents = ?2, updated_at = ?3
                 WHERE order_id = ?1 AND status = 'authorized'",
                args![order_id, amount.0, Timestamp::now().millis()],
            )?;
            let cancelled = c
                .query_opt(
                    "SELECT 1 FROM orders WHERE id = ?1 AND status = 'Cancelled'",
                    args![order_id],
                    |_| Ok(()),
                )?
                .is_some();
            if captured > 0 && cancelled {
                refund_cancelled(c, order_id, None)?;
            }
            Ok(())
        })
        .await
    }

    /// The provider released order `order_id`'s authorized payment.
    pub async fn payment_voided(&self, order_id: OrderId) -> Result<(), Error> {
        self.write(move |c| {
            c.execute(
                "UPDATE payments SET status = 'voided', updated_at = ?2 WHERE order_id = ?1 AND status = 'authorized'",
                args![order_id, Timestamp::now().millis()],
            )?;
            Ok(())
        })
        .await
    }

    /// The provider made refund `refund_id` (its id there: `provider_refund_id`).
    pub async fn refund_sent(&self, refund_id: i64, provider_refund_id: String) -> Result<(), Error> {
        self.write(move |c| {
            c.execute(
                "UPDATE refunds SET status = 'succeeded', provider_refund_id = ?2, updated_at = ?3
                 WHERE id = ?1 AND status = 'pending'",
                args![refund_id, &provider_refund_id, Timestamp::now().millis()],
            )?;
            Ok(())
        })
        .await
    }
}

fn unsettled(c: &mut Conn, order_id: OrderId) -> Result<Option<Unsettled>, Error> {
    let found = c.query_opt(
        "SELECT pay.provider, pay.intent_id, pay.amount_cents, pay.status = 'authorized', o.status = 'Cancelled'
         FROM payments pay JOIN orders o ON o.id = pay.order_id WHERE pay.order_id = ?1",
        args![order_id],
        |r| {
            Ok(Unsettled {
                order_id,
                provider: r.get(0)?,
                intent_id: r.get(1)?,
                amount: Cents(r.get(2)?),
                authorized: r.get(3)?,
                cancelled: r.get(4)?,
                refunds: Vec::new(),
            })
        },
    )?;
    let Some(mut unsettled) = found else { return Ok(None) };
    unsettled.refunds = c.query(
        "SELECT id, amount_cents FROM refunds WHERE order_id = ?1 AND status = 'pending' ORDER BY id",
        args![order_id],
        |r| Ok((r.get(0)?, Cents(r.get(1)?))),
    )?;
    Ok(Some(unsettled))
}

/// The `test` provider's book (`payments/test_provider.rs`): a charge as that provider
/// holds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BookAnswer {
    Done,
    /// No charge of that id.
    Unknown,
    /// The charge is not in a state that allows the call (a void of a captured charge,
    /// a capture of a voided one, a refund beyond what is left).
    Refused,
}

impl Db {
    /// Writes a new authorized charge into the test provider's book.
    pub async fn test_book_authorize(
        &self,
        id: String,
        brand: String,
        last4: String,
        amount: Cents,
    ) -> Result<(), Error> {
        self.write(move |c| {
            c.execute(
                "INSERT INTO test_provider_charges (id, brand, last4, amount_cents, status, created_at)
                 VALUES (?1, ?2, ?3, ?4, 'authorized', ?5)",
                args![&id, &brand, &last4, amount.0, Timestamp::now().millis()],
            )?;
            Ok(())
        })
        .await
    }

    /// Captures `amount` of charge `id`, once: capturing a captured charge again answers
    /// done and changes nothing.
    pub async fn test_book_capture(&self, id: String, amount: Cents) -> Result<BookAnswer, Error> {
        self.write(move |c| {
            let changed = c.execute(
                "UPDATE test_provider_charges SET status = 'captured', captured_cents = ?2
                 WHERE id = ?1 AND status = 'authorized' AND ?2 <= amount_cents",
                args![&id, amount.0],
            )?;
            match changed {
                0 => book_state(c, &id, "captured"),
                _ => Ok(BookAnswer::Done),
            }
        })
        .await
    }

    /// Releases charge `id`, if it was not captured.
    pub async fn test_book_void(&self, id: String) -> Result<BookAnswer, Error> {
        self.write(move |c| {
            let changed = c.execute(
                "UPDATE test_provider_charges SET status = 'voided' WHERE id = ?1 AND status = 'authorized'",
                args![&id],
            )?;
            match changed {
                0 => book_state(c, &id, "voided"),
                _ => Ok(BookAnswer::Done),
            }
        })
        .await
    }

    /// Refunds `amount` of charge `id` under `key`, once: the same key again answers
    /// done and refunds nothing more. The key is written first, so of two calls with it
    /// at once the second waits for the first and then finds it.
    pub async fn test_book_refund(
        &self,
        id: String,
        key: String,
        amount: Cents,
    ) -> Result<BookAnswer, Error> {
        self.write(move |c| {
            let new = c.execute(
                "INSERT INTO test_provider_refunds (key, charge_id, amount_cents, created_at) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (key) DO NOTHING",
                args![&key, &id, amount.0, Timestamp::now().millis()],
            )?;
            if new == 0 {
                return Ok(BookAnswer::Done);
            }
            let changed = c.execute(
                "UPDATE test_provider_charges SET refunded_cents = refunded_cents + ?2
                 WHERE id = ?1 AND status = 'captured' AND refunded_cents + ?2 <= captured_cents",
                args![&id, amount.0],
            )?;
            match changed {
                // Refused (not captured, or not that much left): the key's row goes with
                // the transaction.
                0 => Err(Error::other(format!("charge {id} cannot refund {amount}"))),
                _ => Ok(BookAnswer::Done),
            }
        })
        .await
    }

    /// Voids the book's charges authorized at least `age` ago that no order kept (a
    /// store that stopped between the authorization and the order's commit); answers
    /// how many.
    pub async fn test_book_release_orphans(&self, age: Duration) -> Result<u64, Error> {
        self.write(move |c| {
            c.execute(
                "UPDATE test_provider_charges SET status = 'voided'
                 WHERE status = 'authorized' AND created_at <= ?1
                   AND NOT EXISTS (SELECT 1 FROM payments pay
                                   WHERE pay.provider = 'test' AND pay.intent_id = test_provider_charges.id)",
                args![Timestamp::now().minus(age).millis()],
            )
        })
        .await
    }
}

/// What a call that changed nothing met: the charge already `wanted` (done again), or
/// in another state, or missing.
fn book_state(c: &mut Conn, id: &str, wanted: &str) -> Result<BookAnswer, Error> {
    let status: Option<String> =
        c.query_opt("SELECT status FROM test_provider_charges WHERE id = ?1", args![id], |r| r.get(0))?;
    Ok(match status {
        None => BookAnswer::Unknown,
        Some(status) if status == wanted => BookAnswer::Done,
        Some(_) => BookAnswer::Refused,
    })
}
