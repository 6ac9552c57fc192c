//! Departments and products: public, read-only.

use actix_web::{HttpRequest, HttpResponse, web};
use market_macros::api_operation;

use super::answer_cache::{Answer, AnswerCache};
use super::dto;
use super::openapi::{BadRequest, NotFound, NotModified};
use crate::db::Db;
use crate::domain::ProductId;
use crate::domain::Thing;
use crate::domain::listing::{ListingQuery, Sort, listing_query};
use crate::error::ApiError;

#[api_operation(
    operation_id = "listDepartments",
    tag = "catalog",
    summary = "Every department",
    responses(
        (status = 200, description = "The departments, by id", body = dto::Departments,
            links(("DepartmentProducts" = (operation_id = "listDepartmentProducts", parameters(("id" = "$response.body#/Departments/0/id")))))),
        NotModified
    )
)]
pub async fn list_departments(
    req: HttpRequest,
    db: web::Data<Db>,
    cache: web::Data<AnswerCache>,
) -> Result<HttpResponse, ApiError> {
    cache.answer(&req, Answer::Departments, Thing::Department, || load_departments(&db)).await
}

/// The loads of the public answers, shared by their handlers and by the pages that
/// carry them (`storefront`).
pub(crate) async fn load_departments(db: &Db) -> Result<Option<dto::Departments>, ApiError> {
    let departments = db.list_departments().await?;
    Ok(Some(dto::Departments { departments: departments.into_iter().map(dto::Department::from).collect() }))
}

pub(crate) async fn load_department_products(
    db: &Db,
    id: i64,
    query: ListingQuery,
) -> Result<Option<dto::DepartmentWithProducts>, ApiError> {
    Ok(db.list_department_products(id, query).await?.map(dto::DepartmentWithProducts::from))
}

pub(crate) async fn load_product(db: &Db, id: ProductId) -> Result<Option<dto::Product>, ApiError> {
    Ok(db.get_product(id).await?.map(dto::Product::from))
}

/// The filters and pages of a list, a department's or a search's (docs/rules.md#discovery);
/// read by `domain::listing`, described here for the OpenAPI document.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(non_snake_case, dead_code)]
pub struct ListingParams {
    /// Only these brands (repeat the parameter for several).
    #[param(style = Form, explode, inline, max_items = 20)]
    brand: Option<Vec<BrandName>>,
    /// Only products at this price or more, in dollars.
    #[param(minimum = 0)]
    minPrice: Option<f64>,
    /// Only products at this price or less, in dollars; not below `minPrice`.
    #[param(minimum = 0)]
    maxPrice: Option<f64>,
    /// Only products whose average rating is at least this.
    #[param(minimum = 0, maximum = 5)]
    minRating: Option<f64>,
    /// Only products with units left (`true`).
    inStock: Option<bool>,
    /// Only products sold in this value of an option, as `Size:M` (repeat it: values of
    /// one option are any of them, options all of them).
    #[param(style = Form, explode, inline, max_items = 20)]
    option: Option<Vec<OptionFilter>>,
    /// The page, from 1; not past the last.
    #[param(minimum = 1, maximum = 4294967295_u32)]
    page: Option<u32>,
    /// Products per page.
    #[param(minimum = 1, maximum = 96)]
    limit: Option<u32>,
}

#[derive(utoipa::ToSchema)]
#[schema(min_length = 1, max_length = 100)]
pub struct BrandName(#[allow(dead_code)] String);

/// An option's name and one of its values, each 1 to 40 characters: `Size:M`.
#[derive(utoipa::ToSchema)]
#[schema(min_length = 3, max_length = 81, pattern = "^[^:]+:")]
pub struct OptionFilter(#[allow(dead_code)] String);

/// The sorts a list takes, named as `domain::listing::Sort` names them.
pub(super) fn sorts(searching: bool) -> utoipa::openapi::schema::Object {
    let tokens = Sort::ALL.into_iter().filter(|s| searching || *s != Sort::Relevance).map(Sort::token);
    let default = if searching { "`relevance` (name and brand matches first)" } else { "`featured`" };
    utoipa::openapi::schema::ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::Type::String)
        .enum_values(Some(tokens))
        .description(Some(format!(
            "The order; {default} when not given. `rating`: top rated first; `newest`: newest first."
        )))
        .build()
}

fn department_sorts() -> utoipa::openapi::schema::Object {
    sorts(false)
}

#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[allow(dead_code)]
pub struct DepartmentSortParam {
    #[param(schema_with = department_sorts)]
    sort: Option<String>,
}

/// The query string's parameters as sent, repeats kept in order.
pub(super) fn query_params(req: &HttpRequest) -> Vec<(String, String)> {
    form_urlencoded::parse(req.query_string().as_bytes()).into_owned().collect()
}

#[api_operation(
    operation_id = "listDepartmentProducts",
    tag = "catalog",
    summary = "A department with a page of its products",
    description = "Without parameters: the first 48 products in the featured order. Sorts, filters and pages as asked, with the total and the facets under those filters.",
    params(("id" = i64, Path, description = "The department"), DepartmentSortParam, ListingParams),
    responses(
        (status = 200, description = "The department and a page of its products", body = dto::DepartmentWithProducts,
            links(
                ("Product" = (operation_id = "getProduct", parameters(("id" = "$response.body#/Products/0/id")))),
                ("ProductReviews" = (operation_id = "listProductReviews", parameters(("id" = "$response.body#/Products/0/id")))),
                ("AddToCart" = (operation_id = "addToCart", request_body = json!({"productId": "$response.body#/Products/0/id"}))),
                ("AddFavorite" = (operation_id = "addFavorite", request_body = json!({"productId": "$response.body#/Products/0/id"})))
            )),
        NotModified, BadRequest, NotFound
    )
)]
pub async fn list_department_products(
    req: HttpRequest,
    db: web::Data<Db>,
    cache: web::Data<AnswerCache>,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let query = listing_query(&query_params(&req), false)?;
    let asked = Answer::DepartmentProducts(id, Box::new(query.clone()));
    cache.answer(&req, asked, Thing::Department, || load_department_products(&db, id, query)).await
}

#[api_operation(
    operation_id = "getProduct",
    tag = "catalog",
    summary = "A product with its department and pictures",
    params(("id" = i64, Path, description = "The product")),
    responses(
        (status = 200, description = "The product", body = dto::Product),
        NotModified, BadRequest, NotFound
    )
)]
pub async fn get_product(
    req: HttpRequest,
    db: web::Data<Db>,
    cache: web::Data<AnswerCache>,
    id: web::Path<ProductId>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    cache.answer(&req, Answer::Product(id), Thing::Product, || load_product(&db, id)).await
}
