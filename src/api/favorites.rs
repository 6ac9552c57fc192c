//! The signed-in shopper's favorites.

use actix_web::{HttpResponse, web};
use serde::Serialize;

use super::deleted::deleted;
use crate::auth::CurrentUser;
use crate::db::{self, Db};
use crate::domain::inputs::{ProductRef, check};
use crate::error::ApiError;

#[derive(Serialize)]
struct Favorites {
    #[serde(rename = "Products")]
    products: Vec<db::favorites::Favorite>,
}

pub async fn list(db: web::Data<Db>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    let products = db.read(move |c| db::favorites::list(c, user.id)).await?;
    Ok(HttpResponse::Ok().json(Favorites { products }))
}

pub async fn add(
    db: web::Data<Db>,
    user: CurrentUser,
    input: web::Json<ProductRef>,
) -> Result<HttpResponse, ApiError> {
    check(&*input)?;
    let product_id = input.product_id;
    let favorite = db.write(move |tx| db::favorites::add(tx, user.id, product_id)).await?;
    Ok(HttpResponse::Ok().json(favorite))
}

pub async fn remove(
    db: web::Data<Db>,
    user: CurrentUser,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    db.write(move |tx| db::favorites::remove(tx, user.id, id)).await?;
    Ok(deleted(id))
}
