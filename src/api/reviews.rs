//! Reviews of a product, and (for a signed-in shopper) their own.

use actix_web::{HttpResponse, web};
use serde::Serialize;

use super::deleted::deleted;
use crate::auth::CurrentUser;
use crate::db::{self, Db};
use crate::domain::inputs::{ReviewInput, check};
use crate::error::ApiError;

#[derive(Serialize)]
struct Reviews {
    #[serde(rename = "Reviews")]
    reviews: Vec<db::reviews::Review>,
}

pub async fn for_product(db: web::Data<Db>, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let reviews = db
        .read(move |c| db::reviews::for_product(c, id))
        .await?
        .ok_or_else(|| ApiError::not_found("Product"))?;
    Ok(HttpResponse::Ok().json(Reviews { reviews }))
}

pub async fn mine(db: web::Data<Db>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    let reviews = db.read(move |c| db::reviews::by_user(c, user.id)).await?;
    Ok(HttpResponse::Ok().json(Reviews { reviews }))
}

pub async fn create(
    db: web::Data<Db>,
    user: CurrentUser,
    product_id: web::Path<i64>,
    input: web::Json<ReviewInput>,
) -> Result<HttpResponse, ApiError> {
    let (product_id, input) = (product_id.into_inner(), input.into_inner());
    check(&input)?;
    let review = db.write(move |tx| db::reviews::create(tx, user.id, product_id, &input)).await?;
    Ok(HttpResponse::Created().json(review))
}

pub async fn update(
    db: web::Data<Db>,
    user: CurrentUser,
    id: web::Path<i64>,
    input: web::Json<ReviewInput>,
) -> Result<HttpResponse, ApiError> {
    let (id, input) = (id.into_inner(), input.into_inner());
    check(&input)?;
    let review = db.write(move |tx| db::reviews::update(tx, user.id, id, &input)).await?;
    Ok(HttpResponse::Ok().json(review))
}

pub async fn delete(
    db: web::Data<Db>,
    user: CurrentUser,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    db.write(move |tx| db::reviews::delete(tx, user.id, id)).await?;
    Ok(deleted(id))
}
