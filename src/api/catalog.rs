//! Departments and products: public, read-only.

use actix_web::{HttpResponse, web};
use serde::Serialize;

use crate::db::{self, Db};
use crate::error::ApiError;

#[derive(Serialize)]
struct Departments {
    #[serde(rename = "Departments")]
    departments: Vec<db::catalog::Department>,
}

pub async fn departments(db: web::Data<Db>) -> Result<HttpResponse, ApiError> {
    let departments = db.read(db::catalog::departments).await?;
    Ok(HttpResponse::Ok().json(Departments { departments }))
}

pub async fn department_products(db: web::Data<Db>, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let department = db
        .read(move |c| db::catalog::department_with_products(c, id))
        .await?
        .ok_or_else(|| ApiError::not_found("Department"))?;
    Ok(HttpResponse::Ok().json(department))
}

pub async fn product(db: web::Data<Db>, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let product =
        db.read(move |c| db::catalog::product(c, id)).await?.ok_or_else(|| ApiError::not_found("Product"))?;
    Ok(HttpResponse::Ok().json(product))
}
