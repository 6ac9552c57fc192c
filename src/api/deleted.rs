use actix_web::HttpResponse;
use serde::Serialize;

#[derive(Serialize, utoipa::ToSchema)]
pub struct Deleted {
    #[schema(value_type = String)]
    message: &'static str,
    id: i64,
}

/// What every delete answers (decisions.md §3).
pub fn deleted(id: i64) -> HttpResponse {
    HttpResponse::Ok().json(Deleted { message: "Successfully deleted", id })
}
