//! The signed-in shopper's orders.

use actix_web::http::header::ContentType;
use actix_web::{HttpRequest, HttpResponse, web};
use market_macros::api_operation;
use prometheus_client::metrics::counter::Counter;

use super::dto::{self, ObjectBody};
use super::openapi::{Conflict, NotFound, PaymentRequired, Unauthorized, UnprocessableEntity, WriteErrors};
use crate::auth::CurrentUser;
use crate::db::Db;
use crate::db::orders::Attempt;
use crate::domain::inputs::{OrderInput, check, idempotency_key};
use crate::error::ApiError;
use crate::payments::Payments;
use crate::payments::checkout::{self, OrderRequest};
use crate::payments::stripe_checkout;

pub const IDEMPOTENCY_KEY: &str = "Idempotency-Key";
/// Marks an answer that repeats the one first given for an `Idempotency-Key`.
pub const REPLAYED: &str = "Idempotent-Replayed";

#[api_operation(
    operation_id = "listOrders",
    tag = "orders",
    summary = "The shopper's orders, newest first",
    responses(
        (status = 200, description = "The orders", body = dto::Orders),
        Unauthorized
    )
)]
pub async fn list_orders(db: web::Data<Db>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    let orders = db.list_orders(user.id).await?;
    Ok(HttpResponse::Ok().json(dto::Orders { orders: orders.into_iter().map(dto::Order::from).collect() }))
}

/// The optional `Idempotency-Key` header, as the contract shows it.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Header)]
#[allow(dead_code)]
struct IdempotencyHeader {
    /// One key per checkout attempt: a repeat with the same key replays the first answer
    /// instead of ordering again; the same key with another order is a 422. Kept for 24 hours.
    #[param(rename = "Idempotency-Key", value_type = String, required = false, min_length = 1, max_length = 255, pattern = "^[!-~]+$")]
    key: Option<String>,
}

/// Places the order. With an `Idempotency-Key`, the first answer is saved in the same
/// transaction as the order, and a repeat of the request replays it (marked
/// `Idempotent-Replayed: true`) instead of ordering again; the key with another order
/// in the body is a 422. Failed attempts change nothing and are not saved.
/// Orders placed through the API (a replay of one already placed is not counted again)
/// and their totals in cents, for `/metrics`.
#[derive(Debug, Default)]
pub struct Placed {
    pub orders: Counter,
    pub cents: Counter,
}

#[api_operation(
    operation_id = "placeOrder",
    tag = "orders",
    summary = "Order the whole cart",
    params(IdempotencyHeader),
    request_body = OrderInput,
    responses(
        (status = 201, description = "The order (or, for a repeated `Idempotency-Key`, the first answer again)", body = dto::Order,
            headers(("Idempotent-Replayed" = String, description = "`true` when this answer repeats the first one for its `Idempotency-Key`"))),
        WriteErrors, PaymentRequired, NotFound, Conflict, UnprocessableEntity
    )
)]
pub async fn place_order(
    req: HttpRequest,
    db: web::Data<Db>,
    user: CurrentUser,
    input: web::Json<ObjectBody<OrderInput>>,
    placed_so_far: web::Data<Placed>,
    payments: web::Data<Payments>,
) -> Result<HttpResponse, ApiError> {
    let key = idempotency_key(req.headers().get(IDEMPOTENCY_KEY).map(|v| v.as_bytes()))?;
    let mut input = input.into_inner().0;
    check(&input)?;
    let placed = match input.payment_intent_id() {
        // Paid in Stripe's element: the order is the one its intent was made for, and
        // the intent is its key.
        Some(intent_id) => stripe_checkout::complete(&db, &payments, intent_id, Some(user.id)).await?,
        None => {
            let attempt = key.map(|key| Attempt { key, fingerprint: input.fingerprint() });
            let request = OrderRequest {
                user_id: user.id,
                seen: input.view(),
                choice: input.choice(),
                card: input.take_card(),
                attempt,
            };
            checkout::place_order(&db, &payments, request).await?
        }
    };
    let mut res = HttpResponse::Created();
    res.insert_header(ContentType::json());
    if placed.replayed {
        res.insert_header((REPLAYED, "true"));
    } else {
        placed_so_far.orders.inc();
        placed_so_far.cents.inc_by(placed.order.quote.total.0.max(0) as u64);
    }
    Ok(res.json(dto::Order::from(placed.order)))
}
