//! The dashboard's figures.

use actix_web::{HttpResponse, web};
use market_macros::api_operation;

use super::dto::SummaryBody;
use crate::api::openapi::StaffReadErrors;
use crate::auth::StaffMember;
use crate::db::Db;
use crate::domain::Timestamp;
use crate::error::ApiError;

#[api_operation(
    operation_id = "getSummary",
    tag = "admin",
    summary = "Orders and revenue today and by day over 30 days, top products, stock that is out or low (viewer)",
    responses(
        (status = 200, description = "The dashboard's figures", body = SummaryBody),
        StaffReadErrors
    )
)]
pub async fn get_summary(db: web::Data<Db>, _staff: StaffMember) -> Result<HttpResponse, ApiError> {
    let summary = db.get_summary(Timestamp::now()).await?;
    Ok(HttpResponse::Ok().json(SummaryBody::from(summary)))
}
