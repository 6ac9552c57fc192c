//! Orders in the back office: every shopper's, and moving them along.

use actix_web::{HttpResponse, web};
use market_macros::api_operation;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{PAGE_SIZE, page_of, pages, search_of};
use crate::api::openapi::{BadRequest, Conflict, NotFound, StaffReadErrors, WriteErrors};
use crate::auth::StaffMember;
use crate::db::Db;
use crate::db::admin::orders::AdminOrder;
use crate::domain::orders::OrderStatus;
use crate::domain::{Cents, Timestamp};
use crate::error::ApiError;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminOrderBody {
    pub id: i64,
    pub user_id: i64,
    pub username: String,
    pub total: Cents,
    pub status: OrderStatus,
    pub created_at: Timestamp,
    pub status_changed_at: Timestamp,
    /// How many lines (units) it holds.
    pub lines: i64,
}

impl From<AdminOrder> for AdminOrderBody {
    fn from(o: AdminOrder) -> Self {
        AdminOrderBody {
            id: o.id,
            user_id: o.user_id,
            username: o.username,
            total: o.total,
            status: o.status,
            created_at: o.created_at,
            status_changed_at: o.status_changed_at,
            lines: o.lines,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct AdminOrders {
    #[serde(rename = "Orders")]
    pub orders: Vec<AdminOrderBody>,
    pub total: u64,
    pub page: u32,
    pub pages: u32,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AdminOrderParams {
    /// Only orders in this status.
    #[param(inline)]
    status: Option<OrderStatus>,
    /// An order id, or a shopper's username.
    #[param(max_length = 100)]
    q: Option<String>,
    #[param(minimum = 1, maximum = 1_000_000)]
    page: Option<u32>,
}

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

/// The one field a staff member may set on an order.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"status": "Packed"}))]
pub struct OrderStatusInput {
    pub status: OrderStatus,
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
    id: web::Path<i64>,
    input: web::Json<OrderStatusInput>,
) -> Result<HttpResponse, ApiError> {
    let order = db.move_order(staff.actor(), id.into_inner(), input.into_inner().status).await?;
    Ok(HttpResponse::Ok().json(AdminOrderBody::from(order)))
}
