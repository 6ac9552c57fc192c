//! The whole route table of the JSON API, one line per call.

pub mod catalog;
pub mod reviews;

use actix_web::web;

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::scope("/api")
            .route("/departments", web::get().to(catalog::departments))
            .route("/departments/{id}/products", web::get().to(catalog::department_products))
            .route("/products/{id}", web::get().to(catalog::product))
            .route("/products/{id}/reviews", web::get().to(reviews::for_product))
            .default_service(web::to(crate::error::api_not_found)),
    );
}
