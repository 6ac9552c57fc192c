//! The audit log, newest first.

use actix_web::{HttpResponse, web};
use market_macros::api_operation;

use super::dto::{AuditEntryBody, AuditLog, AuditParams};
use super::{PAGE_SIZE, page_of, pages};
use crate::api::openapi::{BadRequest, StaffReadErrors};
use crate::auth::StaffMember;
use crate::db::Db;
use crate::error::ApiError;

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
