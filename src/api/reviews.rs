//! Reviews of a product, and (for a signed-in shopper) their own.

use actix_web::{HttpRequest, HttpResponse, web};
use market_macros::api_operation;

use super::answer_cache::{Answer, AnswerCache};
use super::dto;
use super::openapi::{
    BadRequest, BodilessWriteErrors, Conflict, NotFound, NotModified, Unauthorized, WriteErrors,
};
use crate::auth::CurrentUser;
use crate::db::Db;
use crate::domain::Thing;
use crate::domain::inputs::ReviewInput;
use crate::domain::{ProductId, ReviewId};
use crate::error::ApiError;

#[api_operation(
    operation_id = "listProductReviews",
    tag = "reviews",
    summary = "A product's reviews, newest first",
    params(("id" = i64, Path, description = "The product")),
    responses(
        (status = 200, description = "The reviews", body = dto::Reviews),
        NotModified, BadRequest, NotFound
    )
)]
pub async fn list_product_reviews(
    req: HttpRequest,
    db: web::Data<Db>,
    cache: web::Data<AnswerCache>,
    id: web::Path<ProductId>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    cache.answer(&req, Answer::ProductReviews(id), Thing::Product, || load_product_reviews(&db, id)).await
}

pub(crate) async fn load_product_reviews(db: &Db, id: ProductId) -> Result<Option<dto::Reviews>, ApiError> {
    Ok(db.list_product_reviews(id).await?.map(dto::Reviews::from))
}

#[api_operation(
    operation_id = "listMyReviews",
    tag = "reviews",
    summary = "The signed-in shopper's reviews, newest first",
    responses(
        (status = 200, description = "The reviews", body = dto::Reviews,
            links(("UpdateReview" = (operation_id = "updateReview", parameters(("id" = "$response.body#/Reviews/0/id")))))),
        Unauthorized
    )
)]
pub async fn list_my_reviews(db: web::Data<Db>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    let reviews = db.list_my_reviews(user.id).await?;
    Ok(HttpResponse::Ok().json(dto::Reviews::from(reviews)))
}

#[api_operation(
    operation_id = "createReview",
    tag = "reviews",
    summary = "Review a product (once per shopper)",
    params(("id" = i64, Path, description = "The product")),
    request_body = ReviewInput,
    responses(
        (status = 201, description = "The new review", body = dto::Review,
            links(
                ("UpdateReview" = (operation_id = "updateReview", parameters(("id" = "$response.body#/id")))),
                ("DeleteReview" = (operation_id = "deleteReview", parameters(("id" = "$response.body#/id"))))
            )),
        WriteErrors, NotFound, Conflict
    )
)]
pub async fn create_review(
    db: web::Data<Db>,
    user: CurrentUser,
    product_id: web::Path<ProductId>,
    input: web::Json<ReviewInput>,
) -> Result<HttpResponse, ApiError> {
    let text = input.into_inner().parse()?;
    let review = db.create_review(user.id, product_id.into_inner(), text).await?;
    Ok(HttpResponse::Created().json(dto::Review::from(review)))
}

#[api_operation(
    operation_id = "updateReview",
    tag = "reviews",
    summary = "Change your review",
    params(("id" = i64, Path, description = "The review")),
    request_body = ReviewInput,
    responses(
        (status = 200, description = "The updated review", body = dto::Review),
        WriteErrors, NotFound
    )
)]
pub async fn update_review(
    db: web::Data<Db>,
    user: CurrentUser,
    id: web::Path<ReviewId>,
    input: web::Json<ReviewInput>,
) -> Result<HttpResponse, ApiError> {
    let text = input.into_inner().parse()?;
    let review = db.update_review(user.id, id.into_inner(), text).await?;
    Ok(HttpResponse::Ok().json(dto::Review::from(review)))
}

#[api_operation(
    operation_id = "deleteReview",
    tag = "reviews",
    summary = "Delete your review",
    params(("id" = i64, Path, description = "The review")),
    responses(
        (status = 200, description = "Deleted", body = dto::Deleted),
        BodilessWriteErrors, NotFound
    )
)]
pub async fn delete_review(
    db: web::Data<Db>,
    user: CurrentUser,
    id: web::Path<ReviewId>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    db.delete_review(user.id, id).await?;
    Ok(HttpResponse::Ok().json(dto::Deleted::new(id.0)))
}
