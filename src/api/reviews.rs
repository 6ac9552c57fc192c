//! Reviews of a product, and (for a signed-in shopper) their own.

use actix_web::{HttpRequest, HttpResponse, web};
use serde::Serialize;

use super::answer_cache::{Answer, AnswerCache};
use super::deleted::deleted;
use crate::auth::CurrentUser;
use crate::db::{self, Db};
use crate::domain::inputs::{ReviewInput, check};
use crate::error::ApiError;

#[derive(Serialize, utoipa::ToSchema)]
pub struct Reviews {
    #[serde(rename = "Reviews")]
    reviews: Vec<db::reviews::Review>,
}

#[utoipa::path(
    get,
    path = "/api/products/{id}/reviews",
    operation_id = "productReviews",
    tag = "reviews",
    summary = "A product's reviews, newest first",
    params(("id" = i64, Path, description = "The product")),
    responses(
        (status = 200, description = "The reviews", body = Reviews),
        (status = 304, response = super::openapi::NotModified),
        (status = 400, response = super::openapi::BadRequest), (status = 404, response = super::openapi::NotFound)
    )
)]
pub async fn for_product(
    req: HttpRequest,
    db: web::Data<Db>,
    cache: web::Data<AnswerCache>,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    cache
        .answer(&req, &db, Answer::ProductReviews(id), "Product", move |c| {
            Ok(db::reviews::for_product(c, id)?.map(|reviews| Reviews { reviews }))
        })
        .await
}

#[utoipa::path(
    get,
    path = "/api/reviews/current",
    operation_id = "myReviews",
    tag = "reviews",
    summary = "The signed-in shopper's reviews, newest first",
    security(("session" = [])),
    responses(
        (status = 200, description = "The reviews", body = Reviews,
            links(("UpdateReview" = (operation_id = "updateReview", parameters(("id" = "$response.body#/Reviews/0/id")))))),
        (status = 401, response = super::openapi::Unauthorized)
    )
)]
pub async fn mine(db: web::Data<Db>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    let reviews = db.read(move |c| db::reviews::by_user(c, user.id)).await?;
    Ok(HttpResponse::Ok().json(Reviews { reviews }))
}

#[utoipa::path(
    post,
    path = "/api/products/{id}/reviews",
    operation_id = "createReview",
    tag = "reviews",
    summary = "Review a product (once per shopper)",
    params(("id" = i64, Path, description = "The product")),
    request_body = ReviewInput,
    security(("session" = [], "xsrf" = [])),
    responses(
        (status = 201, description = "The new review", body = db::reviews::Review,
            links(
                ("UpdateReview" = (operation_id = "updateReview", parameters(("id" = "$response.body#/id")))),
                ("DeleteReview" = (operation_id = "deleteReview", parameters(("id" = "$response.body#/id"))))
            )),
        (status = 400, response = super::openapi::BadRequest), (status = 401, response = super::openapi::Unauthorized), (status = 403, response = super::openapi::Forbidden), (status = 404, response = super::openapi::NotFound), (status = 409, response = super::openapi::Conflict), (status = 413, response = super::openapi::PayloadTooLarge), (status = 415, response = super::openapi::UnsupportedMediaType)
    )
)]
pub async fn create(
    db: web::Data<Db>,
    cache: web::Data<AnswerCache>,
    user: CurrentUser,
    product_id: web::Path<i64>,
    input: web::Json<ReviewInput>,
) -> Result<HttpResponse, ApiError> {
    let (product_id, input) = (product_id.into_inner(), input.into_inner());
    check(&input)?;
    let review = db.write(move |tx| db::reviews::create(tx, user.id, product_id, &input)).await?;
    cache.reviews_changed(review.product_id, review.product.department_id);
    Ok(HttpResponse::Created().json(review))
}

#[utoipa::path(
    put,
    path = "/api/reviews/{id}",
    operation_id = "updateReview",
    tag = "reviews",
    summary = "Change your review",
    params(("id" = i64, Path, description = "The review")),
    request_body = ReviewInput,
    security(("session" = [], "xsrf" = [])),
    responses(
        (status = 200, description = "The updated review", body = db::reviews::Review),
        (status = 400, response = super::openapi::BadRequest), (status = 401, response = super::openapi::Unauthorized), (status = 403, response = super::openapi::Forbidden), (status = 404, response = super::openapi::NotFound), (status = 413, response = super::openapi::PayloadTooLarge), (status = 415, response = super::openapi::UnsupportedMediaType)
    )
)]
pub async fn update(
    db: web::Data<Db>,
    cache: web::Data<AnswerCache>,
    user: CurrentUser,
    id: web::Path<i64>,
    input: web::Json<ReviewInput>,
) -> Result<HttpResponse, ApiError> {
    let (id, input) = (id.into_inner(), input.into_inner());
    check(&input)?;
    let review = db.write(move |tx| db::reviews::update(tx, user.id, id, &input)).await?;
    cache.reviews_changed(review.product_id, review.product.department_id);
    Ok(HttpResponse::Ok().json(review))
}

#[utoipa::path(
    delete,
    path = "/api/reviews/{id}",
    operation_id = "deleteReview",
    tag = "reviews",
    summary = "Delete your review",
    params(("id" = i64, Path, description = "The review")),
    security(("session" = [], "xsrf" = [])),
    responses(
        (status = 200, description = "Deleted", body = super::deleted::Deleted),
        (status = 400, response = super::openapi::BadRequest), (status = 401, response = super::openapi::Unauthorized), (status = 403, response = super::openapi::Forbidden), (status = 404, response = super::openapi::NotFound)
    )
)]
pub async fn delete(
    db: web::Data<Db>,
    cache: web::Data<AnswerCache>,
    user: CurrentUser,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let (product_id, department_id) = db.write(move |tx| db::reviews::delete(tx, user.id, id)).await?;
    cache.reviews_changed(product_id, department_id);
    Ok(deleted(id))
}
