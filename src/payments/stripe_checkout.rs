//! A card paid in Stripe's element (docs/rules.md#paying-with-stripe), in the order that
//! makes one order and one capture whoever brings the news:
//!
//! 1. the store quotes the shopper's cart and makes a PaymentIntent for that total,
//!    keeping the checkout (what the shopper saw and chose) under the intent's id;
//! 2. the browser confirms the intent with Stripe (the card never comes here);
//! 3. the browser's `POST /api/orders` and Stripe's webhook each [`complete`] it: the
//!    store reads the intent held for the checkout's total and places the checkout's
//!    order under a key that is the intent, then captures. Whichever comes second, or
//!    again, finds that order;
//! 4. a checkout left open (a browser gone, a webhook lost) is completed or its intent
//!    cancelled by the settler's [`sweep`].

use super::checkout::{Authorized, Hold, declined, place_authorized};
use super::provider::{Provider, Source, Voided};
use super::stripe::NewIntent;
use super::{NO_STRIPE, Payments};
use crate::db::Db;
use crate::db::orders::{Attempt, Placed};
use crate::db::stripe::StripeCheckout;
use crate::domain::checkout::Choice;
use crate::domain::orders::{CartView, accept};
use crate::domain::payments::Method;
use crate::domain::{Cents, Rejection, ShopperId, Thing};
use crate::error::ApiError;

/// Checkouts finished at most per round.
const BATCH: u32 = 100;
/// The least a card payment may be, in cents: Stripe's minimum charge in dollars.
const LEAST: Cents = Cents(50);

/// A checkout to be paid in Stripe's element.
pub struct IntentRequest {
    pub user_id: ShopperId,
    pub seen: CartView,
    pub choice: Choice,
    /// The request's `Idempotency-Key`: a repeat makes no second intent.
    pub key: Option<String>,
}

/// Step 1: the intent the browser confirms, for the cart's total as the store prices it
/// now (and as the shopper saw it; if not, the 409 of a stale cart).
pub async fn start(
    db: &Db,
    payments: &Payments,
    request: IntentRequest,
) -> Result<(NewIntent, Cents), ApiError> {
    let IntentRequest { user_id, seen, choice, key } = request;
    let stripe = payments.stripe().ok_or(Rejection::Malformed(NO_STRIPE))?;
    let choice = Choice { payment: Method::Card, ..choice };
    let checkout = db.quote_checkout(user_id, choice.clone()).await?;
    let total = accept(&checkout.lines, checkout.quote, &seen)?.total;
    if total < LEAST {
        return Err(Rejection::Malformed(
            "A card payment must be at least $0.50: pay this order with the RedCard.",
        )
        .into());
    }
    let intent = stripe.create_intent(total, user_id, key.as_deref()).await.map_err(declined)?;
    let checkout = StripeCheckout { intent_id: intent.id.clone(), user_id, seen, choice, closed: false };
    db.open_stripe_checkout(checkout).await?;
    Ok((intent, total))
}

/// Step 3: places the order of the checkout that intent `intent_id` pays, once Stripe
/// holds the payment; for the shopper's browser (`shopper`: the checkout must be theirs)
/// or for the webhook and the settler (`None`). Any number of calls, at once or one
/// after another: one order, one capture.
pub async fn complete(
    db: &Db,
    payments: &Payments,
    intent_id: &str,
    shopper: Option<ShopperId>,
) -> Result<Placed, ApiError> {
    let source = Source::Intent(intent_id.to_owned());
    let provider = payments.taking(&source)?;
    let checkout = db.stripe_checkout(intent_id.to_owned()).await?;
    let Some(checkout) = checkout.filter(|c| shopper.is_none_or(|s| s == c.user_id)) else {
        return Err(Rejection::NotFound(Thing::PaymentIntent).into());
    };
    let StripeCheckout { user_id, seen, choice, .. } = checkout;
    // The intent is the order's key: its order, once placed, is found by it.
    let attempt = Attempt { key: format!("stripe:{intent_id}"), fingerprint: intent_id.to_owned() };
    if let Some(placed) = placed_already(db, intent_id).await? {
        return Ok(placed);
    }
    let auth = match provider.authorize(seen.total, source).await {
        Ok(auth) => auth,
        // Held no more: perhaps captured by another caller that placed the order meanwhile.
        Err(e) => return placed_already(db, intent_id).await?.ok_or_else(|| declined(e)),
    };
    let hold = Hold::Intent;
    let placed = place_authorized(
        db,
        payments,
        Authorized { user_id, seen, choice, attempt: Some(attempt), auth, hold },
    )
    .await?;
    db.close_stripe_checkout(intent_id.to_owned()).await?;
    Ok(placed)
}

/// The order intent `intent_id` placed, if it did (its checkout is then closed).
async fn placed_already(db: &Db, intent_id: &str) -> Result<Option<Placed>, ApiError> {
    let Some(order) = db.order_paid_by("stripe", intent_id.to_owned()).await? else { return Ok(None) };
    db.close_stripe_checkout(intent_id.to_owned()).await?;
    Ok(Some(Placed { order, replayed: true }))
}

/// Step 4, each settler round: the checkouts open for `open_for` (ten minutes) are completed if
/// Stripe holds their payment (the shopper paid, and neither the browser nor the webhook
/// got through), or their intents cancelled (the shopper left, or the order was refused).
pub async fn sweep(db: &Db, payments: &Payments) {
    let Some(stripe) = payments.stripe() else { return };
    let open = match db.open_stripe_checkouts(stripe.keys().open_for, BATCH).await {
        Ok(open) => open,
        Err(e) => return tracing::warn!("finding open Stripe checkouts failed: {e}"),
    };
    for intent_id in open {
        let finished = match complete(db, payments, &intent_id, None).await {
            Ok(_) => Ok(()),
            Err(ApiError::Unavailable(_)) => continue,
            Err(_) => match stripe.cancel(&intent_id).await {
                Ok(Voided::Released) => {
                    db.close_stripe_checkout(intent_id.clone()).await.map_err(|e| e.to_string())
                }
                Ok(Voided::WasCaptured) => Err("captured, and no order has it".to_owned()),
                Err(e) => Err(e.to_string()),
            },
        };
        if let Err(e) = finished {
            tracing::warn!(intent = %intent_id, "finishing a Stripe checkout failed; the settler tries again: {e}");
        }
    }
}
