//! The signed-in shopper's cart.

use actix_web::{HttpRequest, HttpResponse, web};
use market_macros::api_operation;

use super::answer_cache::{Answer, AnswerCache};
use super::dto;
use super::openapi::{BodilessWriteErrors, Conflict, NotFound, Unauthorized, WriteErrors};
use crate::auth::CurrentUser;
use crate::db::Db;
use crate::domain::Thing;
use crate::domain::inputs::{CartInput, check};
use crate::domain::{CartLineId, ShopperId};
use crate::error::ApiError;

#[api_operation(
    operation_id = "getCart",
    tag = "cart",
    summary = "The shopper's cart and its subtotal",
    responses(
        (status = 200, description = "The cart", body = dto::Cart,
            links(
                ("RemoveFromCart" = (operation_id = "removeFromCart", parameters(("id" = "$response.body#/Products/0/cartId")))),
                ("PlaceOrder" = (operation_id = "placeOrder", request_body = json!({"total": "$response.body#/total", "products": "$response.body#/Products"})))
            )),
        Unauthorized
    )
)]
pub async fn get_cart(
    req: HttpRequest,
    db: web::Data<Db>,
    cache: web::Data<AnswerCache>,
    user: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    cache.answer(&req, Answer::Cart(user.id), Thing::CartLine, || load_cart(&db, user.id)).await
}

/// `GET /api/cart`'s answer for `shopper`.
pub async fn load_cart(db: &Db, shopper: ShopperId) -> Result<Option<dto::Cart>, ApiError> {
    Ok(Some(dto::Cart::from(db.get_cart(shopper).await?)))
}

#[api_operation(
    operation_id = "addToCart",
    tag = "cart",
    summary = "Add one of a product, or of one of its variants (a new line of quantity 1; at most 50 lines)",
    request_body = CartInput,
    responses(
        (status = 201, description = "The new cart line", body = dto::CartLine,
            links(("RemoveFromCart" = (operation_id = "removeFromCart", parameters(("id" = "$response.body#/cartId")))))),
        WriteErrors, NotFound, Conflict
    )
)]
pub async fn add_to_cart(
    db: web::Data<Db>,
    user: CurrentUser,
    input: web::Json<CartInput>,
) -> Result<HttpResponse, ApiError> {
    check(&*input)?;
    let (product, variant) = input.chosen();
    let line = db.add_to_cart(user.id, product, variant).await?;
    Ok(HttpResponse::Created().json(dto::CartLine::from(line)))
}

#[api_operation(
    operation_id = "removeFromCart",
    tag = "cart",
    summary = "Remove a cart line",
    params(("id" = i64, Path, description = "The cart line (`cartId`)")),
    responses(
        (status = 200, description = "Deleted", body = dto::Deleted),
        BodilessWriteErrors, NotFound
    )
)]
pub async fn remove_from_cart(
    db: web::Data<Db>,
    user: CurrentUser,
    id: web::Path<CartLineId>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    db.remove_from_cart(user.id, id).await?;
    Ok(HttpResponse::Ok().json(dto::Deleted::new(id.0)))
}
