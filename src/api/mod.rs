//! The JSON API, and its whole route table (docs/architecture.md#the-route-table).

pub mod account;
pub mod addresses;
pub mod admin;
pub mod answer_cache;
pub mod cart;
pub mod catalog;
pub mod checkout;
pub mod dto;
pub mod favorites;
pub mod openapi;
pub mod orders;
pub mod password_resets;
pub mod payments;
pub mod reviews;
pub mod search;
pub mod session;
pub mod stock_alerts;
pub mod users;

use actix_session::SessionMiddleware;
use actix_web::middleware::from_fn;
use actix_web::web::{self, resource};

use crate::auth::session::SessionStore;
use crate::auth::{demo, roles, xsrf};
use crate::headers;

/// The one list of the API's paths, and the only place that says a route's method,
/// path and access. From it come: the routing; each route's layers (a `visitor` route,
/// signing in and up, passes the session layer, a public demo's layer (`auth::demo`),
/// then the anti-forgery check on writes, and is sent `no-store`; a `shopper` route is
/// a `visitor` route whose handler takes the signed-in shopper, and answers 401 without
/// one; a `public` one, the catalog, needs neither, skips loading the caller's session,
/// and may be kept by caches that check back; a `viewer`, `staff` or `owner` route, the
/// back office, is a `visitor` route that then passes the gate of that role,
/// `auth::roles`); the `Allow` header of a 405; the OpenAPI document's paths
/// ([`route_doc`]: each handler's `#[api_operation]` placed at its method and path, with
/// the security its access implies); and [`ROUTES`], which tests hold against the
/// document.
///
/// Paths are grouped under their first segment, each group an actix scope: a scope
/// matches its prefix as a string, while a resource with an `{id}` is a regex that
/// actix runs on every path it tries, so grouping leaves at most two regexes per call.
macro_rules! route_table {
    ($($scope:literal { $($path:literal: $($method:ident($access:ident $handler:path))+;)+ })*) => {
        /// Every route of the API: `(method, path, access, handler)`, paths as the
        /// OpenAPI document writes them, handlers as `module::function`.
        pub const ROUTES: &[(&str, &str, &str, &str)] = &[$($($((
            stringify!($method), concat!("/api", $scope, $path), stringify!($access), stringify!($handler)
        ),)+)+)*];

        fn routes(cfg: &mut web::ServiceConfig, sessions: &SessionMiddleware<SessionStore>) {
            $(cfg.service(
                web::scope($scope)$(.service(
                    resource($path)
                        $(.route(route_table!(@$access sessions, web::$method().to($handler))))+
                        .default_service(web::to(|req: actix_web::HttpRequest| crate::error::method_not_allowed(req, &[$(stringify!($method)),+])))
                ))+
            );)*
        }

        /// The route table's handlers' operations, each where its `#[api_operation]`
        /// leaves it: under a stand-in key, its handler's Rust path.
        fn annotated() -> utoipa::openapi::OpenApi {
            #[derive(utoipa::OpenApi)]
            #[openapi(paths($($($($handler,)+)+)*))]
            struct Annotated;
            <Annotated as utoipa::OpenApi>::openapi()
        }
    };
    (@public $sessions:ident, $route:expr) => { $route.wrap(from_fn(headers::public)) };
    (@visitor $sessions:ident, $route:expr) => {
        $route
            .wrap(from_fn(xsrf::protect))
            .wrap(from_fn(demo::public_demo))
            .wrap($sessions.clone())
            .wrap(from_fn(crate::error::answer_failures))
    };
    (@shopper $sessions:ident, $route:expr) => { route_table!(@visitor $sessions, $route) };
    // Called by a payment provider, which proves itself by its own signature: no
    // session, no anti-forgery token, nothing kept by caches.
    (@provider $sessions:ident, $route:expr) => { $route };
    (@viewer $sessions:ident, $route:expr) => { route_table!(@visitor $sessions, $route.wrap(from_fn(roles::viewer))) };
    (@staff $sessions:ident, $route:expr) => { route_table!(@visitor $sessions, $route.wrap(from_fn(roles::staff))) };
    (@owner $sessions:ident, $route:expr) => { route_table!(@visitor $sessions, $route.wrap(from_fn(roles::owner))) };
}

route_table! {
    "/session" {
        "": get(visitor session::get_session) post(visitor session::sign_in) delete(visitor session::sign_out);
    }
    "/users" {
        "": post(visitor users::sign_up);
    }
    "/account" {
        "": get(shopper account::get_account) patch(shopper account::change_account);
        "/password": put(shopper account::change_password);
        "/email-confirmations": post(visitor account::confirm_email);
        "/inbox": get(shopper account::list_inbox);
    }
    "/password-resets" {
        "": post(visitor password_resets::ask_password_reset);
        "/confirm": post(visitor password_resets::confirm_password_reset);
    }
    "/departments" {
        "": get(public catalog::list_departments);
        "/{id}/products": get(public catalog::list_department_products);
    }
    "/products" {
        "/{id}": get(public catalog::get_product);
        "/{id}/reviews": get(public reviews::list_product_reviews) post(shopper reviews::create_review);
    }
    "/reviews" {
        "/current": get(shopper reviews::list_my_reviews);
        "/{id}": put(shopper reviews::update_review) delete(shopper reviews::delete_review);
    }
    "/cart" {
        "": get(shopper cart::get_cart) post(shopper cart::add_to_cart);
        "/{id}": delete(shopper cart::remove_from_cart);
    }
    "/favorites" {
        "": get(shopper favorites::list_favorites) post(shopper favorites::add_favorite);
        "/{id}": delete(shopper favorites::remove_favorite);
    }
    "/stock-alerts" {
        "": get(shopper stock_alerts::list_stock_alerts) post(shopper stock_alerts::add_stock_alert);
        // Before `/{id}`, which would take `unsubscribe` for an id.
        "/unsubscribe": post(visitor stock_alerts::unsubscribe_stock_alerts);
        "/{id}": delete(shopper stock_alerts::remove_stock_alert);
    }
    "/orders" {
        "": get(shopper orders::list_orders) post(shopper orders::place_order);
    }
    "/addresses" {
        "": get(shopper addresses::list_addresses) post(shopper addresses::add_address);
        "/{id}": put(shopper addresses::update_address) delete(shopper addresses::delete_address);
    }
    "/shipping-methods" {
        "": get(public checkout::list_shipping_methods);
    }
    "/payment-methods" {
        "": get(public checkout::list_payment_methods);
    }
    "/checkout" {
        "/quote": post(shopper checkout::quote_checkout);
    }
    "/payments" {
        "/stripe/intents": post(shopper payments::create_stripe_intent);
        "/stripe/webhook": post(provider payments::receive_stripe_webhook);
    }
    "/search" {
        "": get(public search::search_products);
        "/suggestions": get(public search::list_search_suggestions);
    }
    "/admin" {
        "/products": get(viewer admin::products::list_admin_products) post(staff admin::products::create_product);
        "/products.csv": get(viewer admin::catalog_csv::export_products);
        // Before `/products/{id}`, which would take `import` for an id.
        "/products/import": post(staff admin::catalog_csv::import_products);
        "/products/{id}": get(viewer admin::products::get_admin_product)
            patch(staff admin::products::update_product) delete(staff admin::products::archive_product);
        "/products/{id}/restore": post(staff admin::products::restore_product);
        "/products/{id}/images": get(viewer admin::pictures::list_product_images)
            post(staff admin::pictures::add_product_image) put(staff admin::pictures::order_product_images);
        "/products/{id}/images/{imageId}": delete(staff admin::pictures::remove_product_image);
        "/products/{id}/variants": get(viewer admin::variants::get_product_variants)
            put(staff admin::variants::save_product_variants);
        "/orders": get(viewer admin::orders::list_admin_orders);
        "/orders/{id}": get(viewer admin::orders::get_admin_order) patch(staff admin::orders::move_order);
        "/orders/{id}/refunds": post(staff admin::orders::create_refund);
        "/reviews": get(viewer admin::reviews::list_admin_reviews);
        "/reviews/{id}": patch(staff admin::reviews::set_review_hidden);
        "/staff": get(viewer admin::accounts::list_staff) post(owner admin::accounts::add_staff);
        "/staff/{id}": patch(owner admin::accounts::set_role);
        "/shoppers": get(viewer admin::accounts::list_shoppers);
        "/shoppers/{id}": patch(owner admin::accounts::set_account_disabled);
        "/second-factor": get(viewer admin::second_factor::get_second_factor)
            post(viewer admin::second_factor::start_second_factor);
        "/second-factor/confirm": post(viewer admin::second_factor::confirm_second_factor);
        "/second-factor/off": post(viewer admin::second_factor::turn_off_second_factor);
        "/imports/{id}": get(viewer admin::catalog_csv::get_import);
        "/shipping-methods": get(viewer admin::shipping::list_admin_shipping_methods)
            post(staff admin::shipping::create_shipping_method);
        "/shipping-methods/{id}": patch(staff admin::shipping::update_shipping_method)
            delete(staff admin::shipping::delete_shipping_method);
        "/tax-rates": get(viewer admin::shipping::list_tax_rates);
        "/tax-rates/{region}": put(staff admin::shipping::set_tax_rate) delete(staff admin::shipping::delete_tax_rate);
        "/promotions": get(viewer admin::promotions::list_admin_promotions)
            post(staff admin::promotions::create_promotion);
        "/promotions/{id}": patch(staff admin::promotions::update_promotion);
        "/audit": get(viewer admin::audit::list_audit);
        "/mail": get(viewer admin::mail::list_mails);
        "/mail/{id}": get(viewer admin::mail::get_mail);
        "/summary": get(viewer admin::summary::get_summary);
    }
    "/openapi.json" {
        "": get(public openapi::get_openapi);
    }
}

/// The OpenAPI paths of the route table: each handler's operation placed at the method
/// and path the table gives it, with the security of its access
/// ([`openapi::place_operations`]).
pub fn route_doc() -> utoipa::openapi::OpenApi {
    openapi::place_operations(annotated(), ROUTES, HANDLERS_IN)
}

/// The module the route table names its handlers from.
const HANDLERS_IN: &str = module_path!();

/// The OpenAPI document of the route table's paths ([`openapi::document_json`]), served at
/// `GET /api/openapi.json` and printed by `market openapi`.
pub fn openapi_json(secure_cookies: bool) -> String {
    openapi::document_json(route_doc(), secure_cookies)
}

/// Unknown `/api` paths get the JSON 404.
pub fn configure(cfg: &mut web::ServiceConfig, sessions: SessionMiddleware<SessionStore>) {
    cfg.service(
        web::scope("/api")
            .configure(|cfg| routes(cfg, &sessions))
            .default_service(web::to(crate::error::api_not_found)),
    );
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;
    use std::panic::catch_unwind;
    use std::path::Path;

    use super::{HANDLERS_IN, ROUTES, annotated, openapi};

    /// Whether the table's operations are placed without a panic, and how many.
    fn placed(doc: utoipa::openapi::OpenApi, routes: &[(&str, &str, &str, &str)]) -> Option<usize> {
        let doc = catch_unwind(|| openapi::place_operations(doc, routes, HANDLERS_IN)).ok()?;
        Some(
            doc.paths
                .paths
                .values()
                .map(|item| {
                    [&item.get, &item.post, &item.put, &item.patch, &item.delete]
                        .into_iter()
                        .flatten()
                        .count()
                })
                .sum(),
        )
    }

    #[test]
    fn a_route_without_its_operation_or_an_operation_without_its_route_is_refused() {
        assert_eq!(placed(annotated(), ROUTES), Some(ROUTES.len()), "one operation a route");
        let mut without = annotated();
        let get_cart = without.paths.paths.keys().find(|key| key.ends_with("::cart::get_cart")).cloned();
        without.paths.paths.remove(&get_cart.expect("cart::get_cart has an operation"));
        assert_eq!(placed(without, ROUTES), None, "a route whose handler has no operation");
        assert_eq!(placed(annotated(), &ROUTES[1..]), None, "an operation no route takes");
    }

    /// `(handler as the route table names it, from its file and function)` for every
    /// `#[api_operation]` in `src/`, and each `#[utoipa::path]` (which the table would
    /// not place) as an error.
    fn operations_in(src: &Path, found: &mut BTreeSet<String>, errors: &mut Vec<String>) {
        let mut files = Vec::new();
        crate::layering::sources(src, &mut files);
        for path in files {
            let file = path.strip_prefix(src).unwrap().with_extension("").display().to_string();
            let module = file.trim_end_matches("/mod").replace('/', "::");
            let module = module.strip_prefix("api::").unwrap_or(&module).to_owned();
            let text = std::fs::read_to_string(&path).unwrap();
            let mut lines = text.lines().map(str::trim_start);
            while let Some(line) = lines.next() {
                if line.starts_with("#[utoipa::path") {
                    errors.push(format!("{file}.rs: #[utoipa::path] where #[api_operation] belongs"));
                } else if line.starts_with("#[api_operation") {
                    let function = lines.by_ref().find_map(|l| l.split_once("fn ").map(|(_, rest)| rest));
                    let name = function.and_then(|f| f.split('(').next()).unwrap_or("?");
                    found.insert(format!("{module}::{name}"));
                }
            }
        }
    }

    #[test]
    fn every_api_operation_is_on_a_handler_the_route_table_names_and_the_other_way() {
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let (mut annotated, mut errors) = (BTreeSet::new(), Vec::new());
        operations_in(&src, &mut annotated, &mut errors);
        assert!(errors.is_empty(), "{errors:?}");
        let routed: BTreeSet<String> = ROUTES.iter().map(|(.., handler)| handler.replace(' ', "")).collect();
        let unrouted: Vec<_> = annotated.difference(&routed).collect();
        assert!(unrouted.is_empty(), "operations of handlers no route names: {unrouted:?}");
        let undocumented: Vec<_> = routed.difference(&annotated).collect();
        assert!(undocumented.is_empty(), "routes whose handler has no #[api_operation]: {undocumented:?}");
    }
}
