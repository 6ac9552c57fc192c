//! The whole route table of the JSON API, one line per call.

pub mod catalog;
pub mod reviews;

use actix_web::web::{self, resource};

// A resource answers 405 to a method it lacks; an unknown path gets the JSON 404.
pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.service(
        web::scope("/api")
            .service(resource("/departments").get(catalog::departments))
            .service(resource("/departments/{id}/products").get(catalog::department_products))
            .service(resource("/products/{id}").get(catalog::product))
            .service(resource("/products/{id}/reviews").get(reviews::for_product))
            .default_service(web::to(crate::error::api_not_found)),
    );
}
