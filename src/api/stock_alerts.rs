//! Back-in-stock alerts (docs/rules.md#back-in-stock): the signed-in shopper's, and the
//! unsubscribe link of their mails.

use actix_web::{HttpResponse, web};
use market_macros::api_operation;
use serde::Serialize;
use utoipa::ToSchema;

use super::dto::{self, Message, OptionValue, option_values};
use super::openapi::{
    BadRequest, BodilessWriteErrors, Conflict, Forbidden, NotFound, PayloadTooLarge, Unauthorized,
    UnsupportedMediaType, WriteErrors,
};
use crate::auth::CurrentUser;
use crate::db::Db;
use crate::domain::inputs::check;
use crate::domain::stock_alerts::{self as alerts, StockAlertInput, StockAlertUnsubscribe, UNSUBSCRIBED};
use crate::domain::{Cents, Timestamp};
use crate::error::ApiError;

/// An alert, as the shopper's list shows it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StockAlert {
    pub id: i64,
    pub product_id: i64,
    pub department_id: i64,
    /// The variant waited for; `null`: any unit of the product.
    #[schema(required = true)]
    pub variant_id: Option<i64>,
    pub name: String,
    pub brand: String,
    pub price: Cents,
    pub preview_image: String,
    /// That variant's option values, in the product's order.
    pub options: Vec<OptionValue>,
    pub created_at: Timestamp,
    /// When its mail was written: the alert is done. `null`: still waiting.
    #[schema(required = true)]
    pub mailed_at: Option<Timestamp>,
}

impl From<alerts::StockAlert> for StockAlert {
    fn from(a: alerts::StockAlert) -> StockAlert {
        StockAlert {
            id: a.id,
            product_id: a.product.id.0,
            department_id: a.product.department_id,
            variant_id: a.variant_id.map(|v| v.0),
            name: a.product.name,
            brand: a.product.brand,
            price: a.product.price,
            preview_image: a.product.preview_image,
            options: option_values(a.options),
            created_at: a.created_at,
            mailed_at: a.mailed_at,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct StockAlerts {
    /// Newest first: waiting, and done.
    pub alerts: Vec<StockAlert>,
}

#[api_operation(
    operation_id = "listStockAlerts",
    tag = "stock-alerts",
    summary = "The shopper's back-in-stock alerts, newest first",
    responses((status = 200, description = "The alerts", body = StockAlerts), Unauthorized)
)]
pub async fn list_stock_alerts(db: web::Data<Db>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    let alerts = db.list_stock_alerts(user.id).await?;
    Ok(HttpResponse::Ok().json(StockAlerts { alerts: alerts.into_iter().map(StockAlert::from).collect() }))
}

#[api_operation(
    operation_id = "addStockAlert",
    tag = "stock-alerts",
    summary = "Be mailed once when a sold-out product, or one variant of it, is back (again: answers the alert waiting)",
    request_body = StockAlertInput,
    responses(
        (status = 201, description = "Waiting", body = StockAlert),
        (status = 200, description = "Already waiting", body = StockAlert),
        WriteErrors, NotFound, Conflict
    )
)]
pub async fn add_stock_alert(
    db: web::Data<Db>,
    user: CurrentUser,
    input: web::Json<StockAlertInput>,
) -> Result<HttpResponse, ApiError> {
    check(&*input)?;
    let (product, variant) = input.chosen();
    let (alert, created) = db.add_stock_alert(user.id, product, variant).await?;
    let mut answer = if created { HttpResponse::Created() } else { HttpResponse::Ok() };
    Ok(answer.json(StockAlert::from(alert)))
}

#[api_operation(
    operation_id = "removeStockAlert",
    tag = "stock-alerts",
    summary = "Remove one of the shopper's alerts",
    params(("id" = i64, Path, description = "The alert")),
    responses(
        (status = 200, description = "Deleted", body = dto::Deleted),
        BodilessWriteErrors, NotFound
    )
)]
pub async fn remove_stock_alert(
    db: web::Data<Db>,
    user: CurrentUser,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    db.remove_stock_alert(user.id, id).await?;
    Ok(HttpResponse::Ok().json(dto::Deleted::new(id)))
}

#[api_operation(
    operation_id = "unsubscribeStockAlerts",
    tag = "stock-alerts",
    summary = "A back-in-stock mail's unsubscribe link: every alert its account is still waiting on ends (the same answer for any token)",
    request_body = StockAlertUnsubscribe,
    responses(
        (status = 200, description = "Done", body = Message),
        BadRequest, Forbidden, PayloadTooLarge, UnsupportedMediaType
    )
)]
pub async fn unsubscribe_stock_alerts(
    db: web::Data<Db>,
    input: web::Json<StockAlertUnsubscribe>,
) -> Result<HttpResponse, ApiError> {
    let input = input.into_inner();
    check(&input)?;
    db.unsubscribe_stock_alerts(input.token).await?;
    Ok(HttpResponse::Ok().json(Message { message: UNSUBSCRIBED }))
}
