//! Orders in the back office: every shopper's, and moving them along.

use actix_web::{HttpResponse, web};
use market_macros::api_operation;

use super::dto::{AdminOrderBody, AdminOrderDetail, AdminOrderParams, AdminOrders, OrderStatusInput};
use super::{PAGE_SIZE, page_of, pages, search_of};
use crate::api::openapi::{BadRequest, Conflict, NotFound, StaffReadErrors, WriteErrors};
use crate::auth::StaffMember;
use crate::db::Db;
use crate::domain::OrderId;
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
