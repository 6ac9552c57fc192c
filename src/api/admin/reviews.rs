//! Reviews in the back office: every review, and hiding or showing one.

use actix_web::{HttpResponse, web};
use market_macros::api_operation;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::{PAGE_SIZE, page_of, pages};
use crate::api::openapi::{BadRequest, NotFound, StaffReadErrors, WriteErrors};
use crate::auth::StaffMember;
use crate::db::Db;
use crate::db::admin::reviews::{AdminReview, AdminReviewQuery};
use crate::domain::{Rejection, Timestamp};
use crate::error::ApiError;

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminReviewBody {
    pub id: i64,
    pub product_id: i64,
    pub product_name: String,
    pub user_id: i64,
    pub username: String,
    pub rating: i64,
    pub title: String,
    pub description: String,
    pub created_at: Timestamp,
    pub hidden: bool,
    /// When it was hidden; `null` while shoppers see it.
    pub hidden_at: Option<Timestamp>,
}

impl From<AdminReview> for AdminReviewBody {
    fn from(r: AdminReview) -> Self {
        AdminReviewBody {
            id: r.id,
            product_id: r.product_id,
            product_name: r.product_name,
            user_id: r.user_id,
            username: r.username,
            rating: r.rating,
            title: r.title,
            description: r.description,
            created_at: r.created_at,
            hidden: r.hidden_at.is_some(),
            hidden_at: r.hidden_at,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct AdminReviews {
    #[serde(rename = "Reviews")]
    pub reviews: Vec<AdminReviewBody>,
    pub total: u64,
    pub page: u32,
    pub pages: u32,
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct AdminReviewParams {
    /// Only this product's reviews.
    #[param(minimum = 1)]
    product_id: Option<i64>,
    /// Only reviews of this many stars.
    #[param(minimum = 1, maximum = 5)]
    rating: Option<i64>,
    /// Only hidden reviews (`true`) or only those shoppers see (`false`).
    hidden: Option<bool>,
    #[param(minimum = 1, maximum = 1_000_000)]
    page: Option<u32>,
}

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
        product_id: params.product_id,
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

/// The one field a staff member may set on a review.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(example = json!({"hidden": true}))]
pub struct ReviewVisibilityInput {
    pub hidden: bool,
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
