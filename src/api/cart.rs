//! The signed-in shopper's cart.

use actix_web::{HttpRequest, HttpResponse, web};

use super::answer_cache::{Answer, AnswerCache};
use super::deleted::deleted;
use crate::auth::CurrentUser;
use crate::db::{self, Db};
use crate::domain::inputs::{ProductRef, check};
use crate::error::ApiError;

#[utoipa::path(
    get,
    path = "/api/cart",
    operation_id = "getCart",
    tag = "cart",
    summary = "The shopper's cart and its subtotal",
    security(("session" = [])),
    responses(
        (status = 200, description = "The cart", body = db::cart::Cart,
            links(
                ("RemoveFromCart" = (operation_id = "removeFromCart", parameters(("id" = "$response.body#/Products/0/cartId")))),
                ("PlaceOrder" = (operation_id = "placeOrder", request_body = json!({"total": "$response.body#/total", "products": "$response.body#/Products"})))
            )),
        (status = 304, response = super::openapi::NotModified), (status = 401, response = super::openapi::Unauthorized)
    )
)]
pub async fn get(
    req: HttpRequest,
    db: web::Data<Db>,
    cache: web::Data<AnswerCache>,
    user: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    cache
        .answer(&req, &db, Answer::Cart(user.id), "Cart", move |c| Ok(Some(db::cart::cart(c, user.id)?)))
        .await
}

#[utoipa::path(
    post,
    path = "/api/cart",
    operation_id = "addToCart",
    tag = "cart",
    summary = "Add one of a product (a new line of quantity 1; at most 50 lines)",
    request_body = ProductRef,
    security(("session" = [], "xsrf" = [])),
    responses(
        (status = 201, description = "The new cart line", body = db::cart::CartLine,
            links(("RemoveFromCart" = (operation_id = "removeFromCart", parameters(("id" = "$response.body#/cartId")))))),
        (status = 400, response = super::openapi::BadRequest), (status = 401, response = super::openapi::Unauthorized), (status = 403, response = super::openapi::Forbidden), (status = 404, response = super::openapi::NotFound), (status = 409, response = super::openapi::Conflict), (status = 413, response = super::openapi::PayloadTooLarge), (status = 415, response = super::openapi::UnsupportedMediaType)
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
    let line = db.write(move |tx| db::cart::add(tx, user.id, product_id)).await?;
    cache.cart_changed(user.id);
    Ok(HttpResponse::Created().json(line))
}

#[utoipa::path(
    delete,
    path = "/api/cart/{id}",
    operation_id = "removeFromCart",
    tag = "cart",
    summary = "Remove a cart line",
    params(("id" = i64, Path, description = "The cart line (`cartId`)")),
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
    db.write(move |tx| db::cart::remove(tx, user.id, id)).await?;
    cache.cart_changed(user.id);
    Ok(deleted(id))
}
