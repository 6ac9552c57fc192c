//! Reviews of a product, and (for a signed-in shopper) their own.

use actix_web::{HttpResponse, web};
use serde::Serialize;

use crate::db::{self, Db};
use crate::error::ApiError;

#[derive(Serialize)]
struct Reviews {
    #[serde(rename = "Reviews")]
    reviews: Vec<db::reviews::Review>,
}

pub async fn for_product(db: web::Data<Db>, id: web::Path<i64>) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let reviews = db
        .read(move |c| db::reviews::for_product(c, id))
        .await?
        .ok_or_else(|| ApiError::not_found("Product"))?;
    Ok(HttpResponse::Ok().json(Reviews { reviews }))
}
