//! Departments and products: public, read-only.

use actix_web::{HttpRequest, HttpResponse, web};

use super::answer_cache::{Answer, AnswerCache};
use super::dto;
use crate::db::Db;
use crate::domain::Thing;
use crate::error::ApiError;

#[utoipa::path(
    get,
    path = "/api/departments",
    operation_id = "listDepartments",
    tag = "catalog",
    summary = "Every department",

    responses(
        (status = 200, description = "The departments, by id", body = dto::Departments,
            links(("DepartmentProducts" = (operation_id = "listDepartmentProducts", parameters(("id" = "$response.body#/Departments/0/id")))))),
        (status = 304, response = super::openapi::NotModified)
    )
)]
pub async fn list_departments(
    req: HttpRequest,
    db: web::Data<Db>,
    cache: web::Data<AnswerCache>,
) -> Result<HttpResponse, ApiError> {
    let load = || async {
        let departments = db.list_departments().await?;
        Ok(Some(dto::Departments {
            departments: departments.into_iter().map(dto::Department::from).collect(),
        }))
    };
    cache.answer(&req, Answer::Departments, Thing::Department, load).await
}

#[utoipa::path(
    get,
    path = "/api/departments/{id}/products",
    operation_id = "listDepartmentProducts",
    tag = "catalog",
    summary = "A department with its products",
    params(("id" = i64, Path, description = "The department")),
    responses(
        (status = 200, description = "The department and its products", body = dto::DepartmentWithProducts,
            links(
                ("Product" = (operation_id = "getProduct", parameters(("id" = "$response.body#/Products/0/id")))),
                ("ProductReviews" = (operation_id = "listProductReviews", parameters(("id" = "$response.body#/Products/0/id")))),
                ("AddToCart" = (operation_id = "addToCart", request_body = json!({"productId": "$response.body#/Products/0/id"}))),
                ("AddFavorite" = (operation_id = "addFavorite", request_body = json!({"productId": "$response.body#/Products/0/id"})))
            )),
        (status = 304, response = super::openapi::NotModified), (status = 400, response = super::openapi::BadRequest), (status = 404, response = super::openapi::NotFound)
    )
)]
pub async fn list_department_products(
    req: HttpRequest,
    db: web::Data<Db>,
    cache: web::Data<AnswerCache>,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let load = || async { Ok(db.list_department_products(id).await?.map(dto::DepartmentWithProducts::from)) };
    cache.answer(&req, Answer::DepartmentProducts(id), Thing::Department, load).await
}

#[utoipa::path(
    get,
    path = "/api/products/{id}",
    operation_id = "getProduct",
    tag = "catalog",
    summary = "A product with its department and pictures",
    params(("id" = i64, Path, description = "The product")),
    responses(
        (status = 200, description = "The product", body = dto::Product),
        (status = 304, response = super::openapi::NotModified),
        (status = 400, response = super::openapi::BadRequest), (status = 404, response = super::openapi::NotFound)
    )
)]
pub async fn get_product(
    req: HttpRequest,
    db: web::Data<Db>,
    cache: web::Data<AnswerCache>,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let load = || async { Ok(db.get_product(id).await?.map(dto::Product::from)) };
    cache.answer(&req, Answer::Product(id), Thing::Product, load).await
}
