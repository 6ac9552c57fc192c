//! An order and its payment, in the one order that makes exactly one order and one
//! capture whatever fails or races (docs/rules.md#payments):
//!
//! 1. a repeated `Idempotency-Key` answers its order again, and nothing is authorized;
//! 2. the provider holds the total the shopper saw (a refused card is a 402, and nothing
//!    else happened);
//! 3. one transaction takes the stock, the code's use and the cart, and writes the order
//!    with its payment authorized; if it refuses (sold out, code used up, cart changed)
//!    or finds the key placed meanwhile, the hold is released;
//! 4. the provider captures; the store records it.
//!
//! A store that stops between two steps leaves a hold no order kept (released by the
//! provider's sweep) or an order whose payment is still authorized (captured by the
//! settler, on this server or another).
//!
//! The RedCard, the store's own card, skips steps 2 and 4: step 3 charges it, captured,
//! in the order's own transaction.

use super::provider::{Provider, Source};
use super::{Payments, settler};
use crate::db::Db;
use crate::db::orders::{Attempt, Placed};
use crate::domain::checkout::Choice;
use crate::domain::orders::CartView;
use crate::domain::payments::card::CardInput;
use crate::domain::payments::{Authorization, Method, Paying, ProviderError, Settlement};
use crate::domain::{Cents, Rejection, ShopperId, Timestamp};
use crate::error::{ApiError, Unavailable};

/// What the checkout asked for.
pub struct OrderRequest {
    pub user_id: ShopperId,
    pub seen: CartView,
    pub choice: Choice,
    /// The card typed in, for `card`.
    pub card: Option<CardInput>,
    pub attempt: Option<Attempt>,
}

/// Places the shopper's order and takes its payment.
pub async fn place_order(db: &Db, payments: &Payments, request: OrderRequest) -> Result<Placed, ApiError> {
    let OrderRequest { user_id, seen, choice, card, attempt } = request;
    let source = match choice.payment {
        Method::RedCard => Source::RedCard,
        Method::Card => Source::Card(card.unwrap_or_default().parse(Timestamp::now())?),
    };
    let provider = payments.taking(&source)?;
    if let Source::RedCard = source {
        // The store's own card is charged in the order's transaction, which also answers
        // a repeated key and refuses a total that is not the cart's: nothing to hold
        // first, nothing to capture or release after.
        return Ok(db.place_order(user_id, seen, choice, attempt, Paying::RedCard).await?);
    }
    if let Some(attempt) = &attempt
        && let Some(order) = db.order_of_key(user_id, attempt).await?
    {
        return Ok(Placed { order, replayed: true });
    }
    if seen.total < Cents(0) {
        // No cart costs less than nothing: the order is refused with the cart's total,
        // and nothing is authorized.
        let checkout = db.quote_checkout(user_id, choice).await?;
        return Err(Rejection::StaleCart { total: checkout.quote.total }.into());
    }
    let auth = provider.authorize(seen.total, source).await.map_err(declined)?;
    place_authorized(db, payments, Authorized { user_id, seen, choice, attempt, auth, hold: Hold::OneOrder })
        .await
}

/// Whose a hold is: this request's alone, or the shopper's confirmed intent, which the
/// browser and the provider's webhook may each bring.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Hold {
    /// Made for this request: released unless its order is placed.
    OneOrder,
    /// A PaymentIntent the shopper confirmed: an order already placed with it is its
    /// own, and a store that cannot write now leaves it held for the next try; released
    /// only when its order is refused.
    Intent,
}

/// An order about to be placed, its payment held.
pub(super) struct Authorized {
    pub user_id: ShopperId,
    pub seen: CartView,
    pub choice: Choice,
    pub attempt: Option<Attempt>,
    pub auth: Authorization,
    pub hold: Hold,
}

/// Steps 3 and 4: places the order a held payment pays, and captures it.
pub(super) async fn place_authorized(
    db: &Db,
    payments: &Payments,
    a: Authorized,
) -> Result<Placed, ApiError> {
    let Authorized { user_id, seen, choice, attempt, auth, hold } = a;
    let placed = db.place_order(user_id, seen, choice, attempt, Paying::Held(auth.clone())).await;
    match placed {
        Ok(mut placed) if !placed.replayed => {
            if settler::capture_new(db, payments, placed.order.id, &auth).await {
                placed.order.payment.settlement = Settlement::Captured;
                placed.order.payment.captured = auth.amount;
            }
            Ok(placed)
        }
        Ok(placed) => {
            if hold == Hold::OneOrder {
                release(payments, &auth).await;
            }
            Ok(placed)
        }
        Err(e) => {
            if hold == Hold::OneOrder || refused(&e) {
                release(payments, &auth).await;
            }
            Err(e.into())
        }
    }
}

/// Whether the order was refused as it stands (sold out, the cart changed, a code used
/// up), rather than the store being unable to write just now.
fn refused(e: &crate::db::Error) -> bool {
    use crate::db::Error::{Conflict, NotFound, Rejected};
    matches!(e, Rejected(_) | NotFound(_) | Conflict(_))
}

/// Releases a hold no order kept; the provider's sweep releases it later if this fails.
async fn release(payments: &Payments, auth: &Authorization) {
    let Some(provider) = payments.named(auth.provider) else { return };
    if let Err(e) = provider.void(&auth.intent_id).await {
        tracing::warn!(intent = %auth.intent_id, "releasing an authorization no order kept failed: {e}");
    }
}

/// A refused payment: a 402 that says why; a provider that failed, a 402 to try again;
/// a store that cannot write now, the 503 of any write.
pub(super) fn declined(e: ProviderError) -> ApiError {
    match e {
        ProviderError::Declined(decline) => ApiError::PaymentRequired(decline.message().into()),
        ProviderError::Incomplete => {
            ApiError::PaymentRequired("Your card payment was not completed. Please try again.".into())
        }
        ProviderError::Unavailable { full: true } => ApiError::Unavailable(Unavailable::Full),
        ProviderError::Unavailable { full: false } => ApiError::Unavailable(Unavailable::Busy),
        ProviderError::Failed(cause) => {
            tracing::warn!("authorizing a payment failed: {cause}");
            ApiError::PaymentRequired("We couldn't take your payment just now. Please try again.".into())
        }
    }
}
