//! A product's options and variants in the back office: read whole (viewer), saved
//! whole (staff), as the product editor's variant grid holds them.

use actix_web::{HttpRequest, HttpResponse, web};
use market_macros::api_operation;

use super::dto::{AdminVariantsBody, ProductPath};
use crate::api::openapi::{BadRequest, Conflict, NotFound, StaffReadErrors, WriteErrors};
use crate::auth::StaffMember;
use crate::db::Db;
use crate::domain::ProductId;
use crate::domain::admin::variant_inputs::VariantsInput;
use crate::domain::{Rejection, Thing};
use crate::error::{ApiError, unreadable_json};

/// The largest body a save takes: 2,000 variants of long SKUs and values fit.
pub const MAX_VARIANTS_BODY: usize = 1024 * 1024;

#[api_operation(
    operation_id = "getProductVariants",
    tag = "admin",
    summary = "A product's options and variants, each with its own price or none (viewer)",
    params(ProductPath),
    responses(
        (status = 200, description = "The options and variants", body = AdminVariantsBody),
        StaffReadErrors, BadRequest, NotFound
    )
)]
pub async fn get_product_variants(
    db: web::Data<Db>,
    _staff: StaffMember,
    id: web::Path<ProductId>,
) -> Result<HttpResponse, ApiError> {
    let found = db.get_admin_variants(id.into_inner()).await?.ok_or(Rejection::NotFound(Thing::Product))?;
    Ok(HttpResponse::Ok().json(AdminVariantsBody::from(found)))
}

#[api_operation(
    operation_id = "saveProductVariants",
    tag = "admin",
    summary = "Replace a product's options and variants, all or nothing (staff)",
    description = "Up to 3 options of up to 100 values, and up to 2,000 variants. A variant sent with its `id` \
                   keeps it (and the cart lines that hold it); one left out is no longer sold. Sending no \
                   options and no variants sells the product as one thing again, with no stock until it is set.",
    params(ProductPath),
    request_body = VariantsInput,
    responses(
        (status = 200, description = "The options and variants as they now are", body = AdminVariantsBody),
        WriteErrors, NotFound, Conflict
    )
)]
pub async fn save_product_variants(
    db: web::Data<Db>,
    staff: StaffMember,
    id: web::Path<ProductId>,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let mut payload = payload.into_inner();
    let input = web::JsonBody::<VariantsInput>::new(&req, &mut payload, None, true)
        .limit(MAX_VARIANTS_BODY)
        .await
        .map_err(|e| unreadable_json(&e))?;
    let set = input.parse()?;
    let saved = db.save_variants(staff.actor(), id.into_inner(), set).await?;
    Ok(HttpResponse::Ok().json(AdminVariantsBody::from(saved)))
}
