//! Promotion codes in the back office: every code with its uses, making one, and
//! changing what may change. There is no deleting one: orders carry it.

use actix_web::{HttpResponse, web};
use market_macros::api_operation;

use super::dto::{AdminPromotion, AdminPromotions};
use crate::api::dto::ObjectBody;
use crate::api::openapi::{Conflict, NotFound, StaffReadErrors, WriteErrors};
use crate::auth::StaffMember;
use crate::db::Db;
use crate::domain::admin::checkout_inputs::PromotionInput;
use crate::error::ApiError;

#[api_operation(
    operation_id = "listAdminPromotions",
    tag = "admin",
    summary = "Every promotion code, newest first, with its uses (viewer)",
    responses(
        (status = 200, description = "The codes", body = AdminPromotions),
        StaffReadErrors
    )
)]
pub async fn list_admin_promotions(db: web::Data<Db>, _staff: StaffMember) -> Result<HttpResponse, ApiError> {
    let promotions = db.list_admin_promotions().await?;
    Ok(HttpResponse::Ok()
        .json(AdminPromotions { promotions: promotions.into_iter().map(AdminPromotion::from).collect() }))
}

#[api_operation(
    operation_id = "createPromotion",
    tag = "admin",
    summary = "Make a promotion code (staff)",
    request_body = PromotionInput,
    responses(
        (status = 201, description = "The code", body = AdminPromotion),
        WriteErrors, Conflict
    )
)]
pub async fn create_promotion(
    db: web::Data<Db>,
    staff: StaffMember,
    input: web::Json<ObjectBody<PromotionInput>>,
) -> Result<HttpResponse, ApiError> {
    let new = input.into_inner().0.parse_new()?;
    let promotion = db.create_promotion(staff.actor(), new).await?;
    Ok(HttpResponse::Created().json(AdminPromotion::from(promotion)))
}

#[api_operation(
    operation_id = "updatePromotion",
    tag = "admin",
    summary = "Change a promotion's dates, usage limit, minimum subtotal or once-per-shopper; its code, kind and value are fixed (staff)",
    params(("id" = i64, Path, minimum = 1, description = "The promotion's id")),
    request_body = PromotionInput,
    responses(
        (status = 200, description = "The code as it now is", body = AdminPromotion),
        WriteErrors, NotFound
    )
)]
pub async fn update_promotion(
    db: web::Data<Db>,
    staff: StaffMember,
    id: web::Path<i64>,
    input: web::Json<ObjectBody<PromotionInput>>,
) -> Result<HttpResponse, ApiError> {
    let change = input.into_inner().0.parse_change()?;
    let promotion = db.update_promotion(staff.actor(), id.into_inner(), change).await?;
    Ok(HttpResponse::Ok().json(AdminPromotion::from(promotion)))
}
