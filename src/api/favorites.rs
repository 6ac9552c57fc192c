//! The signed-in shopper's favorites.

use actix_web::{HttpRequest, HttpResponse, web};
use market_macros::api_operation;

use super::answer_cache::{Answer, AnswerCache};
use super::dto;
use super::openapi::{BodilessWriteErrors, NotFound, Unauthorized, WriteErrors};
use crate::auth::CurrentUser;
use crate::db::Db;
use crate::domain::inputs::{FavoriteInput, check};
use crate::domain::{ShopperId, Thing};
use crate::error::ApiError;

#[api_operation(
    operation_id = "listFavorites",
    tag = "favorites",
    summary = "The shopper's favorites",
    responses(
        (status = 200, description = "The favorites", body = dto::Favorites,
            links(("RemoveFavorite" = (operation_id = "removeFavorite", parameters(("id" = "$response.body#/Products/0/id")))))),
        Unauthorized
    )
)]
pub async fn list_favorites(
    req: HttpRequest,
    db: web::Data<Db>,
    cache: web::Data<AnswerCache>,
    user: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    cache.answer(&req, Answer::Favorites(user.id), Thing::Favorite, || load_favorites(&db, user.id)).await
}

/// `GET /api/favorites`'s answer for `shopper`.
pub async fn load_favorites(db: &Db, shopper: ShopperId) -> Result<Option<dto::Favorites>, ApiError> {
    let favorites = db.list_favorites(shopper).await?;
    Ok(Some(dto::Favorites { products: favorites.into_iter().map(dto::Favorite::from).collect() }))
}

#[api_operation(
    operation_id = "addFavorite",
    tag = "favorites",
    summary = "Favorite a product, with the variant chosen if any (again: answers the existing one, keeping the latest variant given)",
    request_body = FavoriteInput,
    responses(
        (status = 200, description = "The favorite", body = dto::Favorite,
            links(("RemoveFavorite" = (operation_id = "removeFavorite", parameters(("id" = "$response.body#/id")))))),
        WriteErrors, NotFound
    )
)]
pub async fn add_favorite(
    db: web::Data<Db>,
    user: CurrentUser,
    input: web::Json<FavoriteInput>,
) -> Result<HttpResponse, ApiError> {
    check(&*input)?;
    let (product, variant) = input.chosen();
    let favorite = db.add_favorite(user.id, product, variant).await?;
    Ok(HttpResponse::Ok().json(dto::Favorite::from(favorite)))
}

#[api_operation(
    operation_id = "removeFavorite",
    tag = "favorites",
    summary = "Remove a favorite",
    params(("id" = i64, Path, description = "The favorite")),
    responses(
        (status = 200, description = "Deleted", body = dto::Deleted),
        BodilessWriteErrors, NotFound
    )
)]
pub async fn remove_favorite(
    db: web::Data<Db>,
    user: CurrentUser,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    db.remove_favorite(user.id, id).await?;
    Ok(HttpResponse::Ok().json(dto::Deleted::new(id)))
}
