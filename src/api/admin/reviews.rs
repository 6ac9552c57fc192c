//! Reviews in the back office: every review, and hiding or showing one.

use actix_web::{HttpResponse, web};
use market_macros::api_operation;

use super::dto::{AdminReviewBody, AdminReviewParams, AdminReviews, ReviewVisibilityInput};
use super::{PAGE_SIZE, page_of, pages};
use crate::api::openapi::{BadRequest, NotFound, StaffReadErrors, WriteErrors};
use crate::auth::StaffMember;
use crate::db::Db;
use crate::db::admin::reviews::AdminReviewQuery;
use crate::domain::ProductId;
use crate::domain::Rejection;
use crate::error::ApiError;

#[api_operation(
    operation_id = "listAdminReviews",
    tag = "admin",
    summary = "Every review, hidden ones too, newest first (viewer)",
    params(AdminReviewParams),
    responses(
        (status = 200, description = "One page of reviews", body = AdminReviews),
        StaffReadErrors, BadRequest
    )
)]
pub async fn list_admin_reviews(
    db: web::Data<Db>,
    _staff: StaffMember,
    params: web::Query<AdminReviewParams>,
) -> Result<HttpResponse, ApiError> {
    let params = params.into_inner();
    let page = page_of(params.page)?;
    if params.rating.is_some_and(|r| !(1..=5).contains(&r)) {
        return Err(Rejection::BadParameter("rating must be a whole number from 1 to 5.".into()).into());
    }
    let query = AdminReviewQuery {
        product_id: params.product_id.map(ProductId),
        rating: params.rating,
        hidden: params.hidden,
        offset: u64::from(page - 1) * u64::from(PAGE_SIZE),
        limit: PAGE_SIZE,
    };
    let found = db.list_admin_reviews(query).await?;
    Ok(HttpResponse::Ok().json(AdminReviews {
        reviews: found.reviews.into_iter().map(AdminReviewBody::from).collect(),
        total: found.total,
        page,
        pages: pages(found.total),
    }))
}

#[api_operation(
    operation_id = "setReviewHidden",
    tag = "admin",
    summary = "Hide a review from shoppers (it leaves its product's list, average and count), or show it again (staff)",
    params(("id" = i64, Path, minimum = 1, description = "The review's id")),
    request_body = ReviewVisibilityInput,
    responses(
        (status = 200, description = "The review as it now is", body = AdminReviewBody),
        WriteErrors, NotFound
    )
)]
pub async fn set_review_hidden(
    db: web::Data<Db>,
    staff: StaffMember,
    id: web::Path<i64>,
    input: web::Json<ReviewVisibilityInput>,
) -> Result<HttpResponse, ApiError> {
    let review = db.set_review_hidden(staff.actor(), id.into_inner(), input.hidden).await?;
    Ok(HttpResponse::Ok().json(AdminReviewBody::from(review)))
}
