//! Shipping methods and tax rates in the back office: every method with its orders,
//! making, changing and removing one (archived once an order used it); every region's
//! tax rate, setting and removing one.

use actix_web::{HttpResponse, web};
use market_macros::api_operation;

use super::dto::{AdminShippingMethod, AdminShippingMethods, TaxRateBody, TaxRates};
use crate::api::dto::ObjectBody;
use crate::api::openapi::{BodilessWriteErrors, Conflict, NotFound, StaffReadErrors, WriteErrors};
use crate::auth::StaffMember;
use crate::db::Db;
use crate::domain::admin::checkout_inputs::{ShippingMethodInput, TaxRateInput, tax_region};
use crate::error::ApiError;

#[api_operation(
    operation_id = "listAdminShippingMethods",
    tag = "admin",
    summary = "Every shipping method, archived ones too, with how many orders used each (viewer)",
    responses(
        (status = 200, description = "The methods: the default first, archived ones last", body = AdminShippingMethods),
        StaffReadErrors
    )
)]
pub async fn list_admin_shipping_methods(
    db: web::Data<Db>,
    _staff: StaffMember,
) -> Result<HttpResponse, ApiError> {
    let methods = db.list_admin_shipping_methods().await?;
    Ok(HttpResponse::Ok().json(AdminShippingMethods {
        shipping_methods: methods.into_iter().map(AdminShippingMethod::from).collect(),
    }))
}

#[api_operation(
    operation_id = "createShippingMethod",
    tag = "admin",
    summary = "Add a shipping method; `isDefault` makes it the default in place of the one before (staff)",
    request_body = ShippingMethodInput,
    responses(
        (status = 201, description = "The method, which shoppers may now choose", body = AdminShippingMethod),
        WriteErrors, Conflict
    )
)]
pub async fn create_shipping_method(
    db: web::Data<Db>,
    staff: StaffMember,
    input: web::Json<ObjectBody<ShippingMethodInput>>,
) -> Result<HttpResponse, ApiError> {
    let change = input.into_inner().0.parse(true)?;
    let method = db.create_shipping_method(staff.actor(), change).await?;
    Ok(HttpResponse::Created().json(AdminShippingMethod::from(method)))
}

#[api_operation(
    operation_id = "updateShippingMethod",
    tag = "admin",
    summary = "Change a shipping method's name, price, freeOver or days, or make it the default; an archived one cannot change (staff)",
    params(("id" = i64, Path, minimum = 1, description = "The shipping method's id")),
    request_body = ShippingMethodInput,
    responses(
        (status = 200, description = "The method as it now is", body = AdminShippingMethod),
        WriteErrors, NotFound, Conflict
    )
)]
pub async fn update_shipping_method(
    db: web::Data<Db>,
    staff: StaffMember,
    id: web::Path<i64>,
    input: web::Json<ObjectBody<ShippingMethodInput>>,
) -> Result<HttpResponse, ApiError> {
    let change = input.into_inner().0.parse(false)?;
    let method = db.update_shipping_method(staff.actor(), id.into_inner(), change).await?;
    Ok(HttpResponse::Ok().json(AdminShippingMethod::from(method)))
}

#[api_operation(
    operation_id = "deleteShippingMethod",
    tag = "admin",
    summary = "Remove a shipping method: archived if an order used it, deleted if none did; never the default (staff)",
    params(("id" = i64, Path, minimum = 1, description = "The shipping method's id")),
    responses(
        (status = 204, description = "Shoppers can no longer choose it"),
        BodilessWriteErrors, NotFound, Conflict
    )
)]
pub async fn delete_shipping_method(
    db: web::Data<Db>,
    staff: StaffMember,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    db.remove_shipping_method(staff.actor(), id.into_inner()).await?;
    Ok(HttpResponse::NoContent().finish())
}

#[api_operation(
    operation_id = "listTaxRates",
    tag = "admin",
    summary = "Every region's tax rate, by region (viewer)",
    responses(
        (status = 200, description = "The rates; a region not listed pays no tax", body = TaxRates),
        StaffReadErrors
    )
)]
pub async fn list_tax_rates(db: web::Data<Db>, _staff: StaffMember) -> Result<HttpResponse, ApiError> {
    let rates = db.list_tax_rates().await?;
    Ok(HttpResponse::Ok().json(TaxRates {
        tax_rates: rates.into_iter().map(|(region, rate)| TaxRateBody::new(region, rate)).collect(),
    }))
}

#[api_operation(
    operation_id = "setTaxRate",
    tag = "admin",
    summary = "Set a region's tax rate, new or changed (staff)",
    params(("region" = String, Path, min_length = 2, max_length = 2, description = "A US state's two-letter code, in any case")),
    request_body = TaxRateInput,
    responses(
        (status = 200, description = "The region's rate as it now is", body = TaxRateBody),
        WriteErrors
    )
)]
pub async fn set_tax_rate(
    db: web::Data<Db>,
    staff: StaffMember,
    region: web::Path<String>,
    input: web::Json<ObjectBody<TaxRateInput>>,
) -> Result<HttpResponse, ApiError> {
    let region = tax_region(&region)?;
    let rate = input.into_inner().0.parse()?;
    let rate = db.set_tax_rate(staff.actor(), region.clone(), rate).await?;
    Ok(HttpResponse::Ok().json(TaxRateBody::new(region, rate)))
}

#[api_operation(
    operation_id = "deleteTaxRate",
    tag = "admin",
    summary = "Remove a region's tax rate: it pays no tax (staff)",
    params(("region" = String, Path, min_length = 2, max_length = 2, description = "A US state's two-letter code, in any case")),
    responses(
        (status = 204, description = "The region pays no tax"),
        BodilessWriteErrors, NotFound
    )
)]
pub async fn delete_tax_rate(
    db: web::Data<Db>,
    staff: StaffMember,
    region: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let region = tax_region(&region)?;
    db.delete_tax_rate(staff.actor(), region).await?;
    Ok(HttpResponse::NoContent().finish())
}
