//! Paying by card with Stripe (docs/rules.md#paying-with-stripe): the PaymentIntent the
//! checkout's card element confirms, and the webhook Stripe tells the store through.

use actix_web::{HttpRequest, HttpResponse, web};
use market_macros::api_operation;

use super::dto::{self, ObjectBody};
use super::openapi::{BadRequest, Conflict, NotFound, PayloadTooLarge, PaymentRequired, WriteErrors};
use super::orders::IDEMPOTENCY_KEY;
use crate::auth::CurrentUser;
use crate::db::Db;
use crate::domain::inputs::{OrderInput, check, idempotency_key};
use crate::domain::payments::Happened;
use crate::domain::{Rejection, Thing};
use crate::error::ApiError;
use crate::payments::stripe_checkout::{self, IntentRequest};
use crate::payments::{Chosen, Payments, Provider};

#[api_operation(
    operation_id = "createStripeIntent",
    tag = "orders",
    summary = "Start paying the cart by card with Stripe: a PaymentIntent for its total, for Stripe.js to confirm; then place the order with its id",
    request_body = OrderInput,
    responses(
        (status = 201, description = "The intent, holding nothing until the browser confirms it", body = dto::StripeIntent),
        WriteErrors, PaymentRequired, NotFound, Conflict
    )
)]
pub async fn create_stripe_intent(
    req: HttpRequest,
    db: web::Data<Db>,
    user: CurrentUser,
    input: web::Json<ObjectBody<OrderInput>>,
    payments: web::Data<Payments>,
) -> Result<HttpResponse, ApiError> {
    if payments.stripe().is_none() {
        return Err(Rejection::NotFound(Thing::PaymentIntent).into());
    }
    let key = idempotency_key(req.headers().get(IDEMPOTENCY_KEY).map(|v| v.as_bytes()))?;
    let input = input.into_inner().0;
    check(&input)?;
    let request = IntentRequest { user_id: user.id, seen: input.view(), choice: input.choice(), key };
    let (intent, amount) = stripe_checkout::start(&db, &payments, request).await?;
    Ok(HttpResponse::Created().json(dto::StripeIntent {
        payment_intent_id: intent.id,
        client_secret: intent.client_secret,
        amount,
    }))
}

/// A Stripe event, of what the store reads (Stripe's reference has the rest).
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
struct StripeEvent {
    /// `evt_...`: an event sent again has the same id.
    #[schema(max_length = 255)]
    id: String,
    /// `payment_intent.amount_capturable_updated`, ...
    #[schema(rename = "type", max_length = 255)]
    kind: String,
    /// `{"object": {...}}`: the PaymentIntent, for the events the store acts on.
    data: serde_json::Value,
}

#[api_operation(
    operation_id = "receiveStripeWebhook",
    tag = "orders",
    summary = "Stripe's events, signed with the endpoint's secret (`Stripe-Signature`): a card held for a checkout places its order, once",
    request_body = StripeEvent,
    responses(
        (status = 200, description = "Taken (or taken before: an event sent again changes nothing)"),
        BadRequest, NotFound, PayloadTooLarge
    )
)]
pub async fn receive_stripe_webhook(
    req: HttpRequest,
    body: web::Bytes,
    db: web::Data<Db>,
    payments: web::Data<Payments>,
) -> Result<HttpResponse, ApiError> {
    let Some(stripe) = payments.stripe() else {
        return Err(Rejection::NotFound(Thing::PaymentIntent).into());
    };
    let signature = req.headers().get("Stripe-Signature").and_then(|v| v.to_str().ok());
    let event = Chosen::Stripe(stripe).read_webhook(signature, &body)?;
    if db.stripe_event_handled(event.id.clone()).await? {
        return Ok(received());
    }
    if let (Happened::Authorized, Some(intent_id)) = (event.happened, &event.intent_id) {
        match stripe_checkout::complete(&db, &payments, intent_id, None).await {
            Ok(_) => {}
            // The store cannot write now: Stripe sends the event again later.
            Err(e @ ApiError::Unavailable(_)) => return Err(e),
            // Not this store's intent, or its order refused (and the hold released):
            // nothing more to do with this event.
            Err(e) => {
                tracing::info!(intent = %intent_id, event = %event.id, "a Stripe event placed no order: {e}")
            }
        }
    }
    db.stripe_event_done(event.id, event.kind).await?;
    Ok(received())
}

fn received() -> HttpResponse {
    HttpResponse::Ok().json(serde_json::json!({ "received": true }))
}
