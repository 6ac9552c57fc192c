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
///
/// Paths are grouped under their first segment, each group an actix scope: a scope
/// matches its prefix as a string, while a resource with an `{id}` is a regex that
/// actix runs on every path it tries, so grouping leaves at most two regexes per call
/// (without it, `/api/orders` was tried against six). A `shopper` resource passes the
/// session layer, then the anti-forgery check (writes only); a `public` one (the
/// catalog) needs neither, and skips loading the caller's session.
macro_rules! route_table {
    ($($scope:literal { $($path:literal: $access:ident $($method:ident($handler:path)).+;)+ })*) => {
        /// Every route of the API: `(method, path)`, paths as the OpenAPI document writes them.
        pub const ROUTES: &[(&str, &str)] =
            &[$($($((stringify!($method), concat!("/api", $scope, $path)),)+)+)*];

        fn routes(cfg: &mut web::ServiceConfig, sessions: &SessionMiddleware<SqliteSessionStore>) {
            $(cfg.service(
                web::scope($scope)$(.service(route_table!(@$access sessions, resource($path)$(.$method($handler))+)))+
            );)*
        }
    };
    (@public $sessions:ident, $resource:expr) => { $resource };
    (@shopper $sessions:ident, $resource:expr) => {
        $resource.wrap(from_fn(xsrf::protect)).wrap($sessions.clone())
    };
}

route_table! {
    "/session" {
        "": shopper get(session::get).post(session::login).delete(session::logout);
    }
    "/users" {
        "": shopper post(users::signup);
    }
    "/departments" {
        "": public get(catalog::departments);
        "/{id}/products": public get(catalog::department_products);
    }
    "/products" {
        "/{id}": public get(catalog::product);
        "/{id}/reviews": shopper get(reviews::for_product).post(reviews::create);
    }
    "/reviews" {
        "/current": shopper get(reviews::mine);
        "/{id}": shopper put(reviews::update).delete(reviews::delete);
    }
    "/cart" {
        "": shopper get(cart::get).post(cart::add);
        "/{id}": shopper delete(cart::remove);
    }
    "/favorites" {
        "": shopper get(favorites::list).post(favorites::add);
        "/{id}": shopper delete(favorites::remove);
    }
    "/orders" {
        "": shopper get(orders::list).post(orders::place);
    }
    "/openapi.json" {
        "": public get(openapi::document);
    }
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
pub fn configure(cfg: &mut web::ServiceConfig, sessions: SessionMiddleware<SqliteSessionStore>) {
    cfg.service(
        web::scope("/api")
            .configure(|cfg| routes(cfg, &sessions))
            .default_service(web::to(crate::error::api_not_found)),
    );
}
