//! The audit log, newest first.

use actix_web::{HttpResponse, web};
use market_macros::api_operation;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{PAGE_SIZE, page_of, pages};
use crate::api::openapi::{BadRequest, StaffReadErrors};
use crate::auth::StaffMember;
use crate::db::Db;
use crate::domain::Timestamp;
use crate::domain::audit::Logged;
use crate::error::ApiError;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntryBody {
    pub id: i64,
    pub at: Timestamp,
    /// The account that made the change; `null` for the command line.
    pub actor_id: Option<i64>,
    /// Its username as it was then (or "command line").
    pub actor: String,
    /// What was done: `product.update`, `order.status`, `review.hide`, `staff.add`...
    pub action: String,
    pub thing: String,
    pub thing_id: Option<i64>,
    /// The fields it changed, as they were (`null` for a creation).
    #[schema(value_type = Object)]
    pub before: Option<serde_json::Value>,
    /// And as they became.
    #[schema(value_type = Object)]
    pub after: Option<serde_json::Value>,
}

impl From<Logged> for AuditEntryBody {
    fn from(l: Logged) -> Self {
        AuditEntryBody {
            id: l.id,
            at: l.at,
            actor_id: l.actor_id,
            actor: l.actor,
            action: l.action,
            thing: l.thing,
            thing_id: l.thing_id,
            before: l.before,
            after: l.after,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct AuditLog {
    #[serde(rename = "Entries")]
    pub entries: Vec<AuditEntryBody>,
    pub total: u64,
    pub page: u32,
    pub pages: u32,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AuditParams {
    #[param(minimum = 1, maximum = 1_000_000)]
    page: Option<u32>,
}

#[api_operation(
    operation_id = "listAudit",
    tag = "admin",
    summary = "Every back-office change, newest first: who, when, what, before and after (viewer)",
    params(AuditParams),
    responses(
        (status = 200, description = "One page of the log", body = AuditLog),
        StaffReadErrors, BadRequest
    )
)]
pub async fn list_audit(
    db: web::Data<Db>,
    _staff: StaffMember,
    params: web::Query<AuditParams>,
) -> Result<HttpResponse, ApiError> {
    let page = page_of(params.page)?;
    let (entries, total) =
        db.list_audit(u64::from(page - 1) * u64::from(PAGE_SIZE), u64::from(PAGE_SIZE)).await?;
    Ok(HttpResponse::Ok().json(AuditLog {
        entries: entries.into_iter().map(AuditEntryBody::from).collect(),
        total,
        page,
        pages: pages(total),
    }))
}
