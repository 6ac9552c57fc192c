//! Orders in the back office: every shopper's, and moving them along.

use actix_web::{HttpRequest, HttpResponse, web};
use market_macros::api_operation;

use super::dto::{AdminOrderBody, AdminOrderDetail, AdminOrderParams, AdminOrders, OrderStatusInput};
use super::{PAGE_SIZE, page_of, pages, search_of};
use crate::api::dto::Refund;
use crate::api::openapi::{BadRequest, Conflict, NotFound, StaffReadErrors, WriteErrors};
use crate::api::orders::{IDEMPOTENCY_KEY, REPLAYED};
use crate::auth::StaffMember;
use crate::db::Db;
use crate::domain::OrderId;
use crate::domain::admin::refund_input::RefundInput;
use crate::domain::inputs::idempotency_key;
use crate::error::ApiError;
use crate::payments::{Payments, settler};

#[api_operation(
    operation_id = "listAdminOrders",
    tag = "admin",
    summary = "Every shopper's orders, newest first (viewer)",
    params(AdminOrderParams),
    responses(
        (status = 200, description = "One page of orders", body = AdminOrders),
        StaffReadErrors, BadRequest
    )
)]
pub async fn list_admin_orders(
    db: web::Data<Db>,
    _staff: StaffMember,
    params: web::Query<AdminOrderParams>,
) -> Result<HttpResponse, ApiError> {
    let params = params.into_inner();
    let page = page_of(params.page)?;
    let q = search_of(params.q)?;
    let offset = u64::from(page - 1) * u64::from(PAGE_SIZE);
    let found = db.list_admin_orders(params.status, q, offset, PAGE_SIZE).await?;
    Ok(HttpResponse::Ok().json(AdminOrders {
        orders: found.orders.into_iter().map(AdminOrderBody::from).collect(),
        total: found.total,
        page,
        pages: pages(found.total),
    }))
}

#[api_operation(
    operation_id = "getAdminOrder",
    tag = "admin",
    summary = "One order whole: its lines, where it ships and how, its discounts, tax and shopper (viewer)",
    params(("id" = i64, Path, minimum = 1, description = "The order's id")),
    responses(
        (status = 200, description = "The order", body = AdminOrderDetail),
        StaffReadErrors, BadRequest, NotFound
    )
)]
pub async fn get_admin_order(
    db: web::Data<Db>,
    _staff: StaffMember,
    id: web::Path<OrderId>,
) -> Result<HttpResponse, ApiError> {
    let order = db.get_admin_order(id.into_inner()).await?;
    Ok(HttpResponse::Ok().json(AdminOrderDetail::from(order)))
}

#[api_operation(
    operation_id = "moveOrder",
    tag = "admin",
    summary = "Move an order to its next status, or cancel it before it ships (its units go back to stock) (staff)",
    params(("id" = i64, Path, minimum = 1, description = "The order's id")),
    request_body = OrderStatusInput,
    responses(
        (status = 200, description = "The order as it now is", body = AdminOrderBody),
        WriteErrors, NotFound, Conflict
    )
)]
pub async fn move_order(
    db: web::Data<Db>,
    staff: StaffMember,
    id: web::Path<OrderId>,
    input: web::Json<OrderStatusInput>,
    payments: web::Data<Payments>,
) -> Result<HttpResponse, ApiError> {
    let order_id = id.into_inner();
    let order = db.move_order(staff.actor(), order_id, input.into_inner().status).await?;
    // A cancel's refund or release, now rather than at the settler's next round.
    settler::settle(&db, &payments, order_id).await;
    Ok(HttpResponse::Ok().json(AdminOrderBody::from(order)))
}

/// The `Idempotency-Key` of a refund, as the contract shows it.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Header)]
#[allow(dead_code)]
struct RefundKeyHeader {
    /// One key per refund asked for: the same key again answers the same refund, once
    /// (marked `Idempotent-Replayed: true`), so a double click or a retry refunds once.
    #[param(rename = "Idempotency-Key", value_type = String, required = false, min_length = 1, max_length = 255, pattern = "^[!-~]+$")]
    key: Option<String>,
}

#[api_operation(
    operation_id = "createRefund",
    tag = "admin",
    summary = "Refund part or all of what an order paid, putting lines back in stock if asked; never more than is left (staff)",
    params(("id" = i64, Path, minimum = 1, description = "The order's id"), RefundKeyHeader),
    request_body = RefundInput,
    responses(
        (status = 201, description = "The refund (or, for a repeated `Idempotency-Key`, the first one again)", body = Refund,
            headers(("Idempotent-Replayed" = String, description = "`true` when this answer repeats the first one for its `Idempotency-Key`"))),
        WriteErrors, NotFound, Conflict
    )
)]
pub async fn create_refund(
    req: HttpRequest,
    db: web::Data<Db>,
    staff: StaffMember,
    id: web::Path<OrderId>,
    input: web::Json<RefundInput>,
    payments: web::Data<Payments>,
) -> Result<HttpResponse, ApiError> {
    let key = idempotency_key(req.headers().get(IDEMPOTENCY_KEY).map(|v| v.as_bytes()))?;
    let order_id = id.into_inner();
    let asked = input.into_inner().check()?;
    let given = db.refund_order(staff.actor(), order_id, asked, key).await?;
    // Sent to the provider now, rather than at the settler's next round.
    settler::settle(&db, &payments, order_id).await;
    let mut res = HttpResponse::Created();
    if given.replayed {
        res.insert_header((REPLAYED, "true"));
    }
    Ok(res.json(Refund::from(given.refund)))
}
