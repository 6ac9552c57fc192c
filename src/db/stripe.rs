//! Stripe's checkouts and webhook events, as the store keeps them (docs/rules.md#paying-with-stripe):
//! each PaymentIntent made for a checkout with what the shopper saw and chose then, so
//! the browser's confirmation and Stripe's webhook place the same one order from it; and
//! each webhook event handled, so a replay changes nothing.

use std::time::Duration;

use super::conn::args;
use super::orders::by_id;
use super::{Db, Error};
use crate::domain::checkout::Choice;
use crate::domain::orders::CartView;
use crate::domain::orders::Order;
use crate::domain::payments::Method;
use crate::domain::{Cents, OrderId, ProductId, ShopperId, Timestamp};

/// A checkout paid through a PaymentIntent: whose, for how much, and the order it asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StripeCheckout {
    pub intent_id: String,
    pub user_id: ShopperId,
    /// The cart as the shopper saw it when the intent was made: its total is the intent's amount.
    pub seen: CartView,
    pub choice: Choice,
    /// Its order is placed or its intent cancelled.
    pub closed: bool,
}

impl Db {
    /// Keeps the checkout that PaymentIntent `checkout.intent_id` pays.
    pub async fn open_stripe_checkout(&self, checkout: StripeCheckout) -> Result<(), Error> {
        let ids: Vec<Option<i64>> = checkout.seen.product_ids.iter().map(|id| id.map(|p| p.0)).collect();
        let product_ids = serde_json::to_string(&ids).map_err(Error::other)?;
        self.write(move |c| {
            let choice = &checkout.choice;
            c.execute(
                "INSERT INTO stripe_checkouts (intent_id, user_id, amount_cents, product_ids, address_id,
                                               shipping_method_id, promotion_code, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
                args![
                    &checkout.intent_id,
                    checkout.user_id,
                    checkout.seen.total.0,
                    &product_ids,
                    choice.address_id,
                    choice.shipping_method_id,
                    choice.promotion_code.as_ref(),
                    Timestamp::now().millis()
                ],
            )?;
            Ok(())
        })
        .await
    }

    /// The checkout PaymentIntent `intent_id` pays, if this store made it.
    pub async fn stripe_checkout(&self, intent_id: String) -> Result<Option<StripeCheckout>, Error> {
        self.read(move |c| {
            c.query_opt(
                "SELECT user_id, amount_cents, product_ids, address_id, shipping_method_id, promotion_code,
                        closed_at IS NOT NULL
                 FROM stripe_checkouts WHERE intent_id = ?1",
                args![&intent_id],
                |r| {
                    let ids: String = r.get(2)?;
                    let ids: Vec<Option<i64>> = serde_json::from_str(&ids).map_err(Error::other)?;
                    Ok(StripeCheckout {
                        intent_id: intent_id.clone(),
                        user_id: r.get(0)?,
                        seen: CartView {
                            total: Cents(r.get(1)?),
                            product_ids: ids.into_iter().map(|id| id.map(ProductId)).collect(),
                        },
                        choice: Choice {
                            address_id: r.get(3)?,
                            shipping_method_id: r.get(4)?,
                            promotion_code: r.get(5)?,
                            payment: Method::Card,
                        },
                        closed: r.get(6)?,
                    })
                },
            )
        })
        .await
    }

    /// The order payment `intent_id` of `provider` pays, if one does (one at most: the
    /// payments' own constraint).
    pub async fn order_paid_by(
        &self,
        provider: &'static str,
        intent_id: String,
    ) -> Result<Option<Order>, Error> {
        self.read(move |c| {
            let order_id: Option<OrderId> = c.query_opt(
                "SELECT order_id FROM payments WHERE provider = ?1 AND intent_id = ?2",
                args![provider, &intent_id],
                |r| r.get(0),
            )?;
            order_id.map(|id| by_id(c, id)).transpose()
        })
        .await
    }

    /// Closes checkout `intent_id`: its order is placed, or its intent cancelled.
    pub async fn close_stripe_checkout(&self, intent_id: String) -> Result<(), Error> {
        self.write(move |c| {
            c.execute(
                "UPDATE stripe_checkouts SET closed_at = ?2 WHERE intent_id = ?1 AND closed_at IS NULL",
                args![&intent_id, Timestamp::now().millis()],
            )?;
            Ok(())
        })
        .await
    }

    /// The intents of checkouts still open `age` after they were made, oldest first.
    pub async fn open_stripe_checkouts(&self, age: Duration, most: u32) -> Result<Vec<String>, Error> {
        self.read(move |c| {
            c.query(
                "SELECT intent_id FROM stripe_checkouts WHERE closed_at IS NULL AND created_at <= ?1
                 ORDER BY created_at LIMIT ?2",
                args![Timestamp::now().minus(age).millis(), most],
                |r| r.get(0),
            )
        })
        .await
    }

    /// Whether webhook event `id` was handled already.
    pub async fn stripe_event_handled(&self, id: String) -> Result<bool, Error> {
        self.read(move |c| {
            let found: Option<i64> =
                c.query_opt("SELECT 1 FROM stripe_events WHERE id = ?1", args![&id], |r| r.get(0))?;
            Ok(found.is_some())
        })
        .await
    }

    /// Records webhook event `id` as handled (once, whoever handled it too).
    pub async fn stripe_event_done(&self, id: String, kind: String) -> Result<(), Error> {
        self.write(move |c| {
            c.execute(
                "INSERT INTO stripe_events (id, type, received_at) VALUES (?1, ?2, ?3) ON CONFLICT (id) DO NOTHING",
                args![&id, &kind, Timestamp::now().millis()],
            )?;
            Ok(())
        })
        .await
    }
}
