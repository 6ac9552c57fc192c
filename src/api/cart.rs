//! The signed-in shopper's cart.

use actix_web::{HttpResponse, web};

use super::deleted::deleted;
use crate::auth::CurrentUser;
use crate::db::{self, Db};
use crate::domain::inputs::{ProductRef, check};
use crate::error::ApiError;

pub async fn get(db: web::Data<Db>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    let cart = db.read(move |c| db::cart::cart(c, user.id)).await?;
    Ok(HttpResponse::Ok().json(cart))
}

pub async fn add(
    db: web::Data<Db>,
    user: CurrentUser,
    input: web::Json<ProductRef>,
) -> Result<HttpResponse, ApiError> {
    check(&*input)?;
    let product_id = input.product_id;
    let line = db.write(move |tx| db::cart::add(tx, user.id, product_id)).await?;
    Ok(HttpResponse::Created().json(line))
}

pub async fn remove(
    db: web::Data<Db>,
    user: CurrentUser,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    db.write(move |tx| db::cart::remove(tx, user.id, id)).await?;
    Ok(deleted(id))
}
