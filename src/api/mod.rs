//! The whole route table of the JSON API, one line per path.

pub mod answer_cache;
pub mod cart;
pub mod catalog;
mod deleted;
pub mod favorites;
pub mod openapi;
pub mod orders;
pub mod reviews;
pub mod session;
pub mod users;

use actix_session::SessionMiddleware;
use actix_web::middleware::from_fn;
use actix_web::web::{self, resource};

use crate::auth::session::SqliteSessionStore;
use crate::auth::xsrf;

/// Registers each path's handlers and lists every `(method, path)` in [`ROUTES`], from
/// one table, so that the list cannot miss a route (a test holds the OpenAPI document
/// against it).
macro_rules! route_table {
    ($($path:literal: $($method:ident($handler:path)).+;)*) => {
        /// Every route of the API: `(method, path)`, paths as the OpenAPI document writes them.
        pub const ROUTES: &[(&str, &str)] = &[$($((stringify!($method), concat!("/api", $path)),)+)*];

        fn routes(cfg: &mut web::ServiceConfig) {
            $(cfg.service(resource($path)$(.$method($handler))+);)*
        }
    };
}

route_table! {
    "/session": get(session::get).post(session::login).delete(session::logout);
    "/users": post(users::signup);
    "/departments": get(catalog::departments);
    "/departments/{id}/products": get(catalog::department_products);
    "/products/{id}": get(catalog::product);
    "/products/{id}/reviews": get(reviews::for_product).post(reviews::create);
    "/reviews/current": get(reviews::mine);
    "/reviews/{id}": put(reviews::update).delete(reviews::delete);
    "/cart": get(cart::get).post(cart::add);
    "/cart/{id}": delete(cart::remove);
    "/favorites": get(favorites::list).post(favorites::add);
    "/favorites/{id}": delete(favorites::remove);
    "/orders": get(orders::list).post(orders::place);
    "/openapi.json": get(openapi::document);
}

/// The methods the route table has for `path` (`/api/cart/7` matches `/api/cart/{id}`),
/// for the `Allow` header of a 405.
pub fn allowed_methods(path: &str) -> Vec<&'static str> {
    let matches = |pattern: &str| {
        let (mut a, mut b) = (pattern.split('/'), path.split('/'));
        loop {
            match (a.next(), b.next()) {
                (None, None) => return true,
                (Some(p), Some(s)) if p == s || (p.starts_with('{') && !s.is_empty()) => {}
                _ => return false,
            }
        }
    };
    // actix answers with the first resource whose pattern matches, as listed.
    let Some((_, first)) = ROUTES.iter().find(|(_, pattern)| matches(pattern)) else { return Vec::new() };
    ROUTES
        .iter()
        .filter(|(_, pattern)| pattern == first)
        .map(|(method, _)| match *method {
            "get" => "GET",
            "post" => "POST",
            "put" => "PUT",
            "delete" => "DELETE",
            other => other,
        })
        .collect()
}

/// A resource answers 405 to a method it lacks; an unknown path gets the JSON 404.
/// Every call passes the session layer, then the anti-forgery check (writes only).
pub fn configure(cfg: &mut web::ServiceConfig, sessions: SessionMiddleware<SqliteSessionStore>) {
    cfg.service(
        web::scope("/api")
            .wrap(from_fn(xsrf::protect))
            .wrap(sessions)
            .configure(routes)
            .default_service(web::to(crate::error::api_not_found)),
    );
}
