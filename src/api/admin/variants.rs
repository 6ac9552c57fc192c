//! A product's options and variants in the back office: read whole (viewer), saved
//! whole (staff), as the product editor's variant grid holds them.

use actix_web::{HttpRequest, HttpResponse, web};
use market_macros::api_operation;
use serde::Serialize;
use utoipa::ToSchema;

use crate::api::dto::Chosen;
use crate::api::openapi::{BadRequest, Conflict, NotFound, StaffReadErrors, WriteErrors};
use crate::auth::StaffMember;
use crate::db::Db;
use crate::db::admin::variants::AdminVariants;
use crate::domain::variant_inputs::VariantsInput;
use crate::domain::variants::{self, ProductOption};
use crate::domain::{Cents, Rejection, Thing};
use crate::error::{ApiError, unreadable_json};

/// The largest body a save takes: 2,000 variants of long SKUs and values fit.
pub const MAX_VARIANTS_BODY: usize = 1024 * 1024;

/// A product's options and variants as the back office edits them.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminVariantsBody {
    pub product_id: i64,
    /// The product's price: what a variant without its own asks, and the least any asks.
    pub price: Cents,
    pub options: Vec<ProductOption>,
    pub variants: Vec<AdminVariant>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminVariant {
    pub id: i64,
    pub sku: String,
    #[schema(value_type = std::collections::HashMap<String, String>, example = json!({"Size": "M"}))]
    pub options: Chosen,
    /// Its own price; `null`: the product's.
    pub price: Option<Cents>,
    pub stock: i64,
    /// One of the product's pictures; `null`: the product's first.
    pub image_id: Option<i64>,
    pub image: Option<String>,
}

impl From<AdminVariants> for AdminVariantsBody {
    fn from(a: AdminVariants) -> Self {
        AdminVariantsBody {
            product_id: a.product_id,
            price: a.price,
            variants: a
                .variants
                .into_iter()
                .map(|v| AdminVariant {
                    id: v.id,
                    options: Chosen(variants::chosen(&a.options, &v.values)),
                    sku: v.sku,
                    price: v.price,
                    stock: v.stock,
                    image_id: v.image_id,
                    image: v.image,
                })
                .collect(),
            options: a.options,
        }
    }
}

#[api_operation(
    operation_id = "getProductVariants",
    tag = "admin",
    summary = "A product's options and variants, each with its own price or none (viewer)",
    params(("id" = i64, Path, minimum = 1, description = "The product's id")),
    responses(
        (status = 200, description = "The options and variants", body = AdminVariantsBody),
        StaffReadErrors, BadRequest, NotFound
    )
)]
pub async fn get_product_variants(
    db: web::Data<Db>,
    _staff: StaffMember,
    id: web::Path<i64>,
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
    params(("id" = i64, Path, minimum = 1, description = "The product's id")),
    request_body = VariantsInput,
    responses(
        (status = 200, description = "The options and variants as they now are", body = AdminVariantsBody),
        WriteErrors, NotFound, Conflict
    )
)]
pub async fn save_product_variants(
    db: web::Data<Db>,
    staff: StaffMember,
    id: web::Path<i64>,
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
