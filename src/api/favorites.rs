//! The signed-in shopper's favorites.

use actix_web::{HttpRequest, HttpResponse, web};
use serde::Serialize;

use super::answer_cache::{Answer, AnswerCache};
use super::deleted::deleted;
use crate::auth::CurrentUser;
use crate::db::{self, Db};
use crate::domain::inputs::{ProductRef, check};
use crate::error::ApiError;

#[derive(Serialize, utoipa::ToSchema)]
pub struct Favorites {
    #[serde(rename = "Products")]
    products: Vec<db::favorites::Favorite>,
}

#[utoipa::path(
    get,
    path = "/api/favorites",
    operation_id = "listFavorites",
    tag = "favorites",
    summary = "The shopper's favorites",
    security(("session" = [])),
    responses(
        (status = 200, description = "The favorites", body = Favorites,
            links(("RemoveFavorite" = (operation_id = "removeFavorite", parameters(("id" = "$response.body#/Products/0/id")))))),
        (status = 304, response = super::openapi::NotModified), (status = 401, response = super::openapi::Unauthorized)
    )
)]
pub async fn list(
    req: HttpRequest,
    db: web::Data<Db>,
    cache: web::Data<AnswerCache>,
    user: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    cache
        .answer(&req, &db, Answer::Favorites(user.id), "Favorites", move |c| {
            Ok(Some(Favorites { products: db::favorites::list(c, user.id)? }))
        })
        .await
}

#[utoipa::path(
    post,
    path = "/api/favorites",
    operation_id = "addFavorite",
    tag = "favorites",
    summary = "Favorite a product (again: answers the existing one)",
    request_body = ProductRef,
    security(("session" = [], "xsrf" = [])),
    responses(
        (status = 200, description = "The favorite", body = db::favorites::Favorite,
            links(("RemoveFavorite" = (operation_id = "removeFavorite", parameters(("id" = "$response.body#/id")))))),
        (status = 400, response = super::openapi::BadRequest), (status = 401, response = super::openapi::Unauthorized), (status = 403, response = super::openapi::Forbidden), (status = 404, response = super::openapi::NotFound), (status = 413, response = super::openapi::PayloadTooLarge), (status = 415, response = super::openapi::UnsupportedMediaType)
    )
)]
pub async fn add(
    db: web::Data<Db>,
    cache: web::Data<AnswerCache>,
    user: CurrentUser,
    input: web::Json<ProductRef>,
) -> Result<HttpResponse, ApiError> {
    check(&*input)?;
    let product_id = input.product_id;
    let favorite = db.write(move |tx| db::favorites::add(tx, user.id, product_id)).await?;
    cache.favorites_changed(user.id);
    Ok(HttpResponse::Ok().json(favorite))
}

#[utoipa::path(
    delete,
    path = "/api/favorites/{id}",
    operation_id = "removeFavorite",
    tag = "favorites",
    summary = "Remove a favorite",
    params(("id" = i64, Path, description = "The favorite")),
    security(("session" = [], "xsrf" = [])),
    responses(
        (status = 200, description = "Deleted", body = super::deleted::Deleted),
        (status = 400, response = super::openapi::BadRequest), (status = 401, response = super::openapi::Unauthorized), (status = 403, response = super::openapi::Forbidden), (status = 404, response = super::openapi::NotFound)
    )
)]
pub async fn remove(
    db: web::Data<Db>,
    cache: web::Data<AnswerCache>,
    user: CurrentUser,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    db.write(move |tx| db::favorites::remove(tx, user.id, id)).await?;
    cache.favorites_changed(user.id);
    Ok(deleted(id))
}
