//! The whole route table of the JSON API, one line per path.

pub mod cart;
pub mod catalog;
mod deleted;
pub mod favorites;
pub mod orders;
pub mod reviews;
pub mod session;
pub mod users;

use actix_session::SessionMiddleware;
use actix_web::middleware::from_fn;
use actix_web::web::{self, resource};

use crate::auth::session::SqliteSessionStore;
use crate::auth::xsrf;

/// A resource answers 405 to a method it lacks; an unknown path gets the JSON 404.
/// Every call passes the session layer, then the anti-forgery check (writes only).
pub fn configure(cfg: &mut web::ServiceConfig, sessions: SessionMiddleware<SqliteSessionStore>) {
    cfg.service(
        web::scope("/api")
            .wrap(from_fn(xsrf::protect))
            .wrap(sessions)
            .service(resource("/session").get(session::get).post(session::login).delete(session::logout))
            .service(resource("/users").post(users::signup))
            .service(resource("/departments").get(catalog::departments))
            .service(resource("/departments/{id}/products").get(catalog::department_products))
            .service(resource("/products/{id}").get(catalog::product))
            .service(resource("/products/{id}/reviews").get(reviews::for_product).post(reviews::create))
            .service(resource("/reviews/current").get(reviews::mine))
            .service(resource("/reviews/{id}").put(reviews::update).delete(reviews::delete))
            .service(resource("/cart").get(cart::get).post(cart::add))
            .service(resource("/cart/{id}").delete(cart::remove))
            .service(resource("/favorites").get(favorites::list).post(favorites::add))
            .service(resource("/favorites/{id}").delete(favorites::remove))
            .service(resource("/orders").get(orders::list).post(orders::place))
            .default_service(web::to(crate::error::api_not_found)),
    );
}
