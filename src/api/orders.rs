//! The signed-in shopper's orders.

use actix_web::{HttpResponse, web};
use serde::Serialize;

use crate::auth::CurrentUser;
use crate::db::{self, Db};
use crate::domain::inputs::{OrderInput, check};
use crate::error::ApiError;

#[derive(Serialize)]
struct Orders {
    #[serde(rename = "Orders")]
    orders: Vec<db::orders::Order>,
}

pub async fn list(db: web::Data<Db>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    let orders = db.read(move |c| db::orders::by_user(c, user.id)).await?;
    Ok(HttpResponse::Ok().json(Orders { orders }))
}

pub async fn place(
    db: web::Data<Db>,
    user: CurrentUser,
    input: web::Json<OrderInput>,
) -> Result<HttpResponse, ApiError> {
    let input = input.into_inner();
    check(&input)?;
    let order = db.write(move |tx| db::orders::place(tx, user.id, &input)).await?;
    Ok(HttpResponse::Created().json(order))
}
