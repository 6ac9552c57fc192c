//! Departments and products: public, read-only.

use actix_web::{HttpRequest, HttpResponse, web};
use serde::Serialize;

use super::answer_cache::{Answer, AnswerCache};
use crate::db::{self, Db};
use crate::error::ApiError;

#[derive(Serialize, utoipa::ToSchema)]
pub struct Departments {
    #[serde(rename = "Departments")]
    departments: Vec<db::catalog::Department>,
}

#[utoipa::path(
    get,
    path = "/api/departments",
    operation_id = "listDepartments",
    tag = "catalog",
    summary = "Every department",

    responses(
        (status = 200, description = "The departments, by id", body = Departments,
            links(("DepartmentProducts" = (operation_id = "departmentProducts", parameters(("id" = "$response.body#/Departments/0/id")))))),
        (status = 304, response = super::openapi::NotModified)
    )
)]
pub async fn departments(
    req: HttpRequest,
    db: web::Data<Db>,
    cache: web::Data<AnswerCache>,
) -> Result<HttpResponse, ApiError> {
    cache
        .answer(&req, &db, Answer::Departments, "Departments", |c| {
            Ok(Some(Departments { departments: db::catalog::departments(c)? }))
        })
        .await
}

#[utoipa::path(
    get,
    path = "/api/departments/{id}/products",
    operation_id = "departmentProducts",
    tag = "catalog",
    summary = "A department with its products",
    params(("id" = i64, Path, description = "The department")),
    responses(
        (status = 200, description = "The department and its products", body = db::catalog::DepartmentWithProducts,
            links(
                ("Product" = (operation_id = "getProduct", parameters(("id" = "$response.body#/Products/0/id")))),
                ("ProductReviews" = (operation_id = "productReviews", parameters(("id" = "$response.body#/Products/0/id")))),
                ("AddToCart" = (operation_id = "addToCart", request_body = json!({"productId": "$response.body#/Products/0/id"}))),
                ("AddFavorite" = (operation_id = "addFavorite", request_body = json!({"productId": "$response.body#/Products/0/id"})))
            )),
        (status = 304, response = super::openapi::NotModified), (status = 400, response = super::openapi::BadRequest), (status = 404, response = super::openapi::NotFound)
    )
)]
pub async fn department_products(
    req: HttpRequest,
    db: web::Data<Db>,
    cache: web::Data<AnswerCache>,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    cache
        .answer(&req, &db, Answer::DepartmentProducts(id), "Department", move |c| {
            db::catalog::department_with_products(c, id)
        })
        .await
}

#[utoipa::path(
    get,
    path = "/api/products/{id}",
    operation_id = "getProduct",
    tag = "catalog",
    summary = "A product with its department and pictures",
    params(("id" = i64, Path, description = "The product")),
    responses(
        (status = 200, description = "The product", body = db::catalog::Product),
        (status = 304, response = super::openapi::NotModified),
        (status = 400, response = super::openapi::BadRequest), (status = 404, response = super::openapi::NotFound)
    )
)]
pub async fn product(
    req: HttpRequest,
    db: web::Data<Db>,
    cache: web::Data<AnswerCache>,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    cache.answer(&req, &db, Answer::Product(id), "Product", move |c| db::catalog::product(c, id)).await
}
