//! The signed-in shopper's address book (docs/rules.md#addresses).

use actix_web::{HttpResponse, web};
use market_macros::api_operation;

use super::dto::{self, ObjectBody};
use super::openapi::{BodilessWriteErrors, Conflict, NotFound, Unauthorized, WriteErrors};
use crate::auth::CurrentUser;
use crate::db::Db;
use crate::domain::ShopperId;
use crate::domain::addresses::AddressInput;
use crate::error::ApiError;

#[api_operation(
    operation_id = "listAddresses",
    tag = "addresses",
    summary = "The shopper's addresses, the default first",
    responses((status = 200, description = "The address book", body = dto::Addresses), Unauthorized)
)]
pub async fn list_addresses(db: web::Data<Db>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    Ok(HttpResponse::Ok().json(load_addresses(&db, user.id).await?))
}

/// `GET /api/addresses`'s answer for `shopper`.
pub async fn load_addresses(db: &Db, shopper: ShopperId) -> Result<dto::Addresses, ApiError> {
    let addresses = db.list_addresses(shopper).await?;
    Ok(dto::Addresses { addresses: addresses.into_iter().map(dto::Address::from).collect() })
}

#[api_operation(
    operation_id = "addAddress",
    tag = "addresses",
    summary = "Add an address (the first one, or one sent with `isDefault: true`, becomes the default; at most 20)",
    request_body = AddressInput,
    responses(
        (status = 201, description = "The address", body = dto::Address),
        WriteErrors, Conflict
    )
)]
pub async fn add_address(
    db: web::Data<Db>,
    user: CurrentUser,
    input: web::Json<ObjectBody<AddressInput>>,
) -> Result<HttpResponse, ApiError> {
    let (fields, make_default) = input.into_inner().0.parse()?;
    let address = db.add_address(user.id, fields, make_default).await?;
    Ok(HttpResponse::Created().json(dto::Address::from(address)))
}

#[api_operation(
    operation_id = "updateAddress",
    tag = "addresses",
    summary = "Rewrite one of the shopper's addresses (past orders keep their copies)",
    params(("id" = i64, Path, description = "The address")),
    request_body = AddressInput,
    responses(
        (status = 200, description = "The address as it now is", body = dto::Address),
        WriteErrors, NotFound
    )
)]
pub async fn update_address(
    db: web::Data<Db>,
    user: CurrentUser,
    id: web::Path<i64>,
    input: web::Json<ObjectBody<AddressInput>>,
) -> Result<HttpResponse, ApiError> {
    let (fields, make_default) = input.into_inner().0.parse()?;
    let address = db.update_address(user.id, id.into_inner(), fields, make_default).await?;
    Ok(HttpResponse::Ok().json(dto::Address::from(address)))
}

#[api_operation(
    operation_id = "deleteAddress",
    tag = "addresses",
    summary = "Delete one of the shopper's addresses (a deleted default passes to the newest other one)",
    params(("id" = i64, Path, description = "The address")),
    responses((status = 204, description = "Deleted"), BodilessWriteErrors, NotFound)
)]
pub async fn delete_address(
    db: web::Data<Db>,
    user: CurrentUser,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    db.delete_address(user.id, id.into_inner()).await?;
    Ok(HttpResponse::NoContent().finish())
}
