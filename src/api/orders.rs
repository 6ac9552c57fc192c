//! The signed-in shopper's orders.

use actix_web::http::StatusCode;
use actix_web::http::header::ContentType;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Serialize;

use super::answer_cache::AnswerCache;
use crate::auth::CurrentUser;
use crate::db::idempotency::Saved;
use crate::db::{self, Db};
use crate::domain::inputs::{OrderInput, check};
use crate::error::ApiError;

pub const IDEMPOTENCY_KEY: &str = "Idempotency-Key";
/// Marks an answer that repeats the one first given for an `Idempotency-Key`.
pub const REPLAYED: &str = "Idempotent-Replayed";

#[derive(Serialize, utoipa::ToSchema)]
pub struct Orders {
    #[serde(rename = "Orders")]
    orders: Vec<db::orders::Order>,
}

#[utoipa::path(
    get,
    path = "/api/orders",
    operation_id = "listOrders",
    tag = "orders",
    summary = "The shopper's orders, newest first",
    security(("session" = [])),
    responses(
        (status = 200, description = "The orders", body = Orders),
        (status = 401, response = super::openapi::Unauthorized)
    )
)]
pub async fn list(db: web::Data<Db>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    let orders = db.read(move |c| db::orders::by_user(c, user.id)).await?;
    Ok(HttpResponse::Ok().json(Orders { orders }))
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

/// The optional `Idempotency-Key` header: 1 to 255 visible ASCII characters.
fn idempotency_key(req: &HttpRequest) -> Result<Option<String>, ApiError> {
    let Some(value) = req.headers().get(IDEMPOTENCY_KEY) else { return Ok(None) };
    match value.to_str() {
        Ok(key) if (1..=255).contains(&key.len()) && key.bytes().all(|b| b.is_ascii_graphic()) => {
            Ok(Some(key.to_owned()))
        }
        _ => Err(ApiError::bad_request(
            "The Idempotency-Key header must be 1 to 255 visible ASCII characters.",
        )),
    }
}

/// Places the order. With an `Idempotency-Key`, the first answer is saved in the same
/// transaction as the order, and a repeat of the request replays it (marked
/// `Idempotent-Replayed: true`) instead of ordering again; the key with another order
/// in the body is a 422. Failed attempts change nothing and are not saved.
#[utoipa::path(
    post,
    path = "/api/orders",
    operation_id = "placeOrder",
    tag = "orders",
    summary = "Order the whole cart",
    params(IdempotencyHeader),
    request_body = OrderInput,
    security(("session" = [], "xsrf" = [])),
    responses(
        (status = 201, description = "The order (or, for a repeated `Idempotency-Key`, the first answer again)", body = db::orders::Order,
            headers(("Idempotent-Replayed" = String, description = "`true` when this answer repeats the first one for its `Idempotency-Key`"))),
        (status = 400, response = super::openapi::BadRequest), (status = 401, response = super::openapi::Unauthorized), (status = 403, response = super::openapi::Forbidden), (status = 409, response = super::openapi::Conflict), (status = 413, response = super::openapi::PayloadTooLarge), (status = 415, response = super::openapi::UnsupportedMediaType), (status = 422, response = super::openapi::UnprocessableEntity)
    )
)]
pub async fn place(
    req: HttpRequest,
    db: web::Data<Db>,
    cache: web::Data<AnswerCache>,
    user: CurrentUser,
    input: web::Json<OrderInput>,
) -> Result<HttpResponse, ApiError> {
    let key = idempotency_key(&req)?;
    let input = input.into_inner();
    check(&input)?;
    let fingerprint = input.fingerprint();
    let (saved, replayed) = db
        .write(move |tx| {
            if let Some(key) = &key
                && let Some(saved) = db::idempotency::find(tx, user.id, key)?
            {
                if saved.fingerprint != fingerprint {
                    return Err(ApiError::Unprocessable(
                        "This Idempotency-Key was already used for a different order.".into(),
                    ));
                }
                return Ok((saved, true));
            }
            let order = db::orders::place(tx, user.id, &input)?;
            let body = serde_json::to_string(&order).map_err(ApiError::internal)?;
            let saved = Saved { fingerprint, status: StatusCode::CREATED.as_u16(), body };
            if let Some(key) = &key {
                db::idempotency::save(tx, user.id, key, &saved)?;
            }
            Ok((saved, false))
        })
        .await?;
    // The order emptied the cart.
    cache.cart_changed(user.id);
    let status = StatusCode::from_u16(saved.status).map_err(ApiError::internal)?;
    let mut res = HttpResponse::build(status);
    res.insert_header(ContentType::json());
    if replayed {
        res.insert_header((REPLAYED, "true"));
    }
    Ok(res.body(saved.body))
}
