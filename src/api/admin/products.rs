//! Products in the back office: the list (any product, by id, SKU, name or brand), one
//! product, creating, changing, archiving and restoring.

use actix_web::{HttpResponse, web};
use market_macros::api_operation;

use super::dto::{AdminProductBody, AdminProductParams, AdminProducts, ProductPath};
use crate::api::openapi::{
    BadRequest, BodilessWriteErrors, Conflict, NotFound, StaffReadErrors, WriteErrors,
};
use crate::auth::StaffMember;
use crate::db::Db;
use crate::domain::ProductId;
use crate::domain::admin::inputs::ProductInput;
use crate::domain::{Rejection, Thing};
use crate::error::ApiError;

#[api_operation(
    operation_id = "listAdminProducts",
    tag = "admin",
    summary = "Any product, on sale or archived, by id, SKU, name or brand (viewer)",
    params(AdminProductParams),
    responses(
        (status = 200, description = "One page of products, and how many there are", body = AdminProducts),
        StaffReadErrors, BadRequest
    )
)]
pub async fn list_admin_products(
    db: web::Data<Db>,
    _staff: StaffMember,
    params: web::Query<AdminProductParams>,
) -> Result<HttpResponse, ApiError> {
    let query = params.into_inner().query()?;
    let (page, limit) = (query.page, query.limit);
    let found = db.list_admin_products(query).await?;
    let pages = found.total.div_ceil(u64::from(limit)).max(1).min(u64::from(u32::MAX)) as u32;
    Ok(HttpResponse::Ok().json(AdminProducts {
        products: found.products.into_iter().map(AdminProductBody::from).collect(),
        total: found.total,
        page,
        pages,
    }))
}

#[api_operation(
    operation_id = "getAdminProduct",
    tag = "admin",
    summary = "One product, on sale or archived (viewer)",
    params(ProductPath),
    responses(
        (status = 200, description = "The product", body = AdminProductBody),
        StaffReadErrors, BadRequest, NotFound
    )
)]
pub async fn get_admin_product(
    db: web::Data<Db>,
    _staff: StaffMember,
    id: web::Path<ProductId>,
) -> Result<HttpResponse, ApiError> {
    let product = db.get_admin_product(id.into_inner()).await?.ok_or(Rejection::NotFound(Thing::Product))?;
    Ok(HttpResponse::Ok().json(AdminProductBody::from(product)))
}

#[api_operation(
    operation_id = "createProduct",
    tag = "admin",
    summary = "Add a product to the catalog (staff)",
    request_body = ProductInput,
    responses(
        (status = 201, description = "The product, on sale (once it has stock)", body = AdminProductBody),
        WriteErrors, Conflict
    )
)]
pub async fn create_product(
    db: web::Data<Db>,
    staff: StaffMember,
    input: web::Json<ProductInput>,
) -> Result<HttpResponse, ApiError> {
    let change = input.into_inner().parse(true)?;
    let product = db.create_product(staff.actor(), change).await?;
    Ok(HttpResponse::Created().json(AdminProductBody::from(product)))
}

#[api_operation(
    operation_id = "updateProduct",
    tag = "admin",
    summary = "Change any of a product's fields: name, brand, department, price, description, stock, SKU (staff)",
    params(ProductPath),
    request_body = ProductInput,
    responses(
        (status = 200, description = "The product as it now is", body = AdminProductBody),
        WriteErrors, NotFound, Conflict
    )
)]
pub async fn update_product(
    db: web::Data<Db>,
    staff: StaffMember,
    id: web::Path<ProductId>,
    input: web::Json<ProductInput>,
) -> Result<HttpResponse, ApiError> {
    let change = input.into_inner().parse(false)?;
    let product = db.update_product(staff.actor(), id.into_inner(), change).await?;
    Ok(HttpResponse::Ok().json(AdminProductBody::from(product)))
}

#[api_operation(
    operation_id = "archiveProduct",
    tag = "admin",
    summary = "Archive a product: it leaves the storefront, and stays in the orders that hold it (staff)",
    params(ProductPath),
    responses(
        (status = 200, description = "The product, archived", body = AdminProductBody),
        BodilessWriteErrors, NotFound
    )
)]
pub async fn archive_product(
    db: web::Data<Db>,
    staff: StaffMember,
    id: web::Path<ProductId>,
) -> Result<HttpResponse, ApiError> {
    let product = db.set_product_archived(staff.actor(), id.into_inner(), true).await?;
    Ok(HttpResponse::Ok().json(AdminProductBody::from(product)))
}

#[api_operation(
    operation_id = "restoreProduct",
    tag = "admin",
    summary = "Put an archived product back on sale (staff)",
    params(ProductPath),
    responses(
        (status = 200, description = "The product, on sale again", body = AdminProductBody),
        BodilessWriteErrors, NotFound
    )
)]
pub async fn restore_product(
    db: web::Data<Db>,
    staff: StaffMember,
    id: web::Path<ProductId>,
) -> Result<HttpResponse, ApiError> {
    let product = db.set_product_archived(staff.actor(), id.into_inner(), false).await?;
    Ok(HttpResponse::Ok().json(AdminProductBody::from(product)))
}
