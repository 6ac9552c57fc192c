//! The API's contract: an OpenAPI 3.1 document generated from the handlers' own
//! annotations and the Rust types they read and answer, served at
//! `GET /api/openapi.json` and printed by `market openapi`. Its paths, methods and
//! security come from the route table ([`place_operations`], handed the table by
//! `api::route_doc`, so this file does not name the table that names its handler); its
//! error answers are components an annotation lists by name, alone or in a named set
//! ([`WriteErrors`]...); its field limits, and the `x-field-rules` extension the web
//! client generates its rules from, from `domain::fields`.
//! `make test-contract` lets schemathesis check the server against it.

use std::collections::BTreeMap;

use actix_web::{HttpResponse, web};
use market_macros::api_operation;
use utoipa::openapi::content::ContentBuilder;
use utoipa::openapi::header::HeaderBuilder;
use utoipa::openapi::path::{HttpMethod, Operation};
use utoipa::openapi::response::{Response, ResponseBuilder};
use utoipa::openapi::schema::{ObjectBuilder, Schema, SchemaType, Type};
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityRequirement, SecurityScheme};
use utoipa::openapi::{Ref, RefOr};
use utoipa::{IntoResponses, Modify, Number, OpenApi, ToResponse, ToSchema};

use crate::auth::{session as sessions, xsrf};
use crate::domain::fields;

/// Every error answer has this shape (docs/rules.md#api-conventions).
#[derive(ToSchema)]
#[schema(as = Error)]
#[allow(dead_code)]
pub struct ErrorShape {
    /// One sentence for a person.
    message: String,
    /// One line per problem (validation); may be empty.
    errors: Vec<String>,
}

fn error_response(description: &str) -> ResponseBuilder {
    ResponseBuilder::new().description(description).content(
        "application/json",
        ContentBuilder::new().schema(Some(utoipa::openapi::Ref::from_schema_name("Error"))).build(),
    )
}

/// A reusable response component that an annotation lists by name, under its status:
/// `responses((status = 200, ...), NotFound)`.
macro_rules! at_status {
    ($($name:ident: $status:literal),* $(,)?) => {$(
        impl IntoResponses for $name {
            fn responses() -> BTreeMap<String, RefOr<Response>> {
                BTreeMap::from([($status.to_string(), Ref::from_response_name(stringify!($name)).into())])
            }
        }
    )*};
}

/// Error answers, each a reusable response component at its status.
macro_rules! error_responses {
    ($($name:ident($status:literal) => $description:literal),* $(,)?) => {$(
        pub struct $name;
        impl<'r> ToResponse<'r> for $name {
            fn response() -> (&'r str, RefOr<Response>) {
                (stringify!($name), error_response($description).build().into())
            }
        }
        at_status!($name: $status);
    )*};
}

error_responses! {
    BadRequest(400) => "Bad input: malformed JSON, a field of the wrong type, a broken rule (one line per problem in `errors`), or an id in the address that is not a whole number.",
    Unauthorized(401) => "Not signed in (or, for a sign-in, wrong credentials).",
    PaymentRequired(402) => "The payment was refused (a declined card, insufficient funds, an expired card): nothing was ordered or charged; the message says why.",
    Forbidden(403) => "A missing or invalid anti-forgery token, or something that belongs to another shopper.",
    NotFound(404) => "No such thing.",
    Conflict(409) => "Conflicts with what exists (a taken username or email, a second review, a full or changed cart).",
    PayloadTooLarge(413) => "The body is over 16 KiB.",
    UnsupportedMediaType(415) => "The body is not sent as JSON (`Content-Type: application/json`).",
    UnprocessableEntity(422) => "The `Idempotency-Key` was already used for a different order.",
}

/// Sets of error answers that kinds of route share, for an annotation to list by name
/// beside the answers its own route adds: `responses((status = 200, ...), WriteErrors, NotFound)`.
macro_rules! error_sets {
    ($($(#[$doc:meta])* $name:ident = [$($part:ident),+];)*) => {$(
        $(#[$doc])*
        pub struct $name;
        impl IntoResponses for $name {
            fn responses() -> BTreeMap<String, RefOr<Response>> {
                let mut set = BTreeMap::new();
                $(set.extend(<$part as IntoResponses>::responses());)+
                set
            }
        }
    )*};
}

error_sets! {
    /// A back office read: not signed in (401), or no staff role (403).
    StaffReadErrors = [Unauthorized, Forbidden];
    /// A write with a body (JSON, or a file): bad input (400), not signed in or wrong
    /// credentials (401), no anti-forgery token or not allowed (403), a body too large
    /// (413) or of another type (415).
    WriteErrors = [BadRequest, Unauthorized, Forbidden, PayloadTooLarge, UnsupportedMediaType];
    /// A signed-in write without a body (a delete, a restore): an id that is not a whole
    /// number (400), not signed in (401), no anti-forgery token or not allowed (403).
    BodilessWriteErrors = [BadRequest, Unauthorized, Forbidden];
}

/// 304 to a revalidation of a kept answer (`api/answer_cache.rs`): no body.
pub struct NotModified;

impl<'r> ToResponse<'r> for NotModified {
    fn response() -> (&'r str, RefOr<Response>) {
        let description = "Unchanged: `If-None-Match` names this answer's current `ETag`. No body.";
        ("NotModified", ResponseBuilder::new().description(description).build().into())
    }
}

/// An error answer that says in `Retry-After` when to try again.
fn retry_later(description: &str) -> ResponseBuilder {
    let retry_after = HeaderBuilder::new()
        .schema(Some(ObjectBuilder::new().schema_type(Type::Integer).minimum(Some(1))))
        .description(Some("Seconds to wait before trying again."))
        .build();
    error_response(description).header("Retry-After", retry_after)
}

at_status!(NotModified: 304, TooManyRequests: 429);

/// 429, with the seconds to wait in `Retry-After`.
pub struct TooManyRequests;

impl<'r> ToResponse<'r> for TooManyRequests {
    fn response() -> (&'r str, RefOr<Response>) {
        let response =
            retry_later("Too many attempts (failed sign-ins, or sign-ups from one address).").build();
        ("TooManyRequests", response.into())
    }
}

/// 503, with the seconds to wait in `Retry-After`: any call can meet it.
pub struct ServiceUnavailable;

impl<'r> ToResponse<'r> for ServiceUnavailable {
    fn response() -> (&'r str, RefOr<Response>) {
        let response = retry_later(
            "The store cannot take the call now and will by itself: its disk or database is full, or \
             another process holds the database's write lock (writes), or the database did not answer \
             in time. Nothing was changed.",
        )
        .build();
        ("ServiceUnavailable", response.into())
    }
}

/// Every call may answer 503 ([`ServiceUnavailable`]).
struct EveryCall;

impl Modify for EveryCall {
    fn modify(&self, doc: &mut utoipa::openapi::OpenApi) {
        for item in doc.paths.paths.values_mut() {
            let operations =
                [&mut item.get, &mut item.put, &mut item.post, &mut item.delete, &mut item.patch];
            for operation in operations.into_iter().flatten() {
                operation
                    .responses
                    .responses
                    .entry("503".into())
                    .or_insert_with(|| utoipa::openapi::Ref::from_response_name("ServiceUnavailable").into());
            }
        }
    }
}

/// The session cookie and the anti-forgery header, as security schemes, so that tools
/// know which requests need which.
struct Security {
    cookie: &'static str,
}

impl Modify for Security {
    fn modify(&self, doc: &mut utoipa::openapi::OpenApi) {
        let components = doc.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "session",
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::with_description(
                self.cookie,
                "The session cookie, set by signing in or up (`POST /api/session`, `POST /api/users`).",
            ))),
        );
        components.add_security_scheme(
            "xsrf",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                xsrf::HEADER,
                "The value of the `XSRF-TOKEN` cookie that `GET /api/session` sets; every non-GET call \
                 sends it back. It changes at sign-in, sign-up and sign-out.",
            ))),
        );
    }
}

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Market API",
        description = "The JSON API of Market, an online department store. Every error answer is \
                       `{\"message\": \"...\", \"errors\": [...]}`. Request bodies are JSON \
                       (`Content-Type: application/json`, at most 16 KiB); fields the API does not know \
                       are ignored. Every non-GET call needs the anti-forgery header.",
        license(name = "MIT", identifier = "MIT")
    ),
    components(
        schemas(ErrorShape),
        responses(NotModified, BadRequest, Unauthorized, PaymentRequired, Forbidden, NotFound, Conflict, PayloadTooLarge,
                  UnsupportedMediaType, UnprocessableEntity, TooManyRequests, ServiceUnavailable)
    ),
    tags(
        (name = "session", description = "Signing in and out, and signing up"),
        (name = "catalog", description = "Departments and products (public)"),
        (name = "reviews", description = "Product reviews"),
        (name = "cart", description = "The signed-in shopper's cart"),
        (name = "favorites", description = "The signed-in shopper's favorites"),
        (name = "account", description = "The signed-in shopper's own account: names, e-mail address, password, and the mails it was sent"),
        (name = "stock-alerts", description = "The signed-in shopper's back-in-stock alerts"),
        (name = "orders", description = "The signed-in shopper's orders"),
        (name = "addresses", description = "The signed-in shopper's address book"),
        (name = "checkout", description = "Shipping methods, and the price of the cart under a checkout's choices"),
        (name = "contract", description = "This document"),
    )
)]
struct ApiDoc;

/// Each input field's limits from the one table: `minLength`/`maxLength` (or
/// `minimum`/`maximum` for a number) on its schema, and the whole table, messages
/// included, as `x-field-rules`.
struct FieldRules;

impl Modify for FieldRules {
    fn modify(&self, doc: &mut utoipa::openapi::OpenApi) {
        let components = doc.components.get_or_insert_with(Default::default);
        for (body, rules) in fields::TABLE {
            let Some(RefOr::T(Schema::Object(body))) = components.schemas.get_mut(*body) else {
                panic!("the field table names {body}, which the document lacks")
            };
            for (name, rule) in *rules {
                let Some(RefOr::T(Schema::Object(field))) = body.properties.get_mut(*name) else {
                    panic!("the field table names {name}, which the document lacks")
                };
                if field.schema_type == SchemaType::Type(Type::String) {
                    (field.min_length, field.max_length) = (Some(rule.min), Some(rule.max));
                } else {
                    field.minimum = Some(Number::UInt(rule.min));
                    field.maximum = Some(Number::UInt(rule.max));
                }
            }
        }
        let extensions = doc.extensions.get_or_insert_with(Default::default);
        extensions.insert("x-field-rules".into(), fields::table_json());
    }
}

/// The route table's operations in place. `#[api_operation]` (macros/) leaves each
/// handler's operation under a stand-in key, the handler's Rust path; each route of
/// `routes` (`api::ROUTES`: method, path, access, handler as named from the module
/// `handlers_in`) takes its handler's operation to its method and path, with the
/// security its access implies ([`security_of`]). A route whose handler has no
/// operation, or an operation that no route takes, is a bug in the table: it panics.
pub fn place_operations(
    mut annotated: utoipa::openapi::OpenApi,
    routes: &[(&str, &str, &str, &str)],
    handlers_in: &str,
) -> utoipa::openapi::OpenApi {
    let mut stand_ins = std::mem::take(&mut annotated.paths.paths);
    for (method, path, access, handler) in routes {
        let key = format!("{handlers_in}::{}", handler.replace(' ', ""));
        let mut operation: Operation = stand_ins
            .remove(&key)
            .and_then(|item| item.get)
            .unwrap_or_else(|| panic!("{method} {path}: {handler} has no #[api_operation]"));
        operation.security = security_of(access, method);
        annotated.paths.add_path_operation(path, vec![http_method(method)], operation);
    }
    let unrouted: Vec<_> = stand_ins.keys().collect();
    assert!(unrouted.is_empty(), "operations no route takes: {unrouted:?}");
    annotated
}

fn http_method(method: &str) -> HttpMethod {
    match method {
        "get" => HttpMethod::Get,
        "post" => HttpMethod::Post,
        "put" => HttpMethod::Put,
        "patch" => HttpMethod::Patch,
        "delete" => HttpMethod::Delete,
        _ => panic!("the route table's method {method} has no OpenAPI operation"),
    }
}

/// What a route of this access and method asks the caller for: a `public` route, or
/// one a payment `provider` calls (its own signature proves it), nothing; a `visitor` route (signing in and up) the anti-forgery header on writes; a
/// signed-in one (`shopper`, and the back office's `viewer`, `staff` and `owner`) the
/// session cookie, and the anti-forgery header too on writes.
fn security_of(access: &str, method: &str) -> Option<Vec<SecurityRequirement>> {
    let schemes: &[&str] = match (access, method == "get") {
        ("public" | "provider", _) | ("visitor", true) => return None,
        ("visitor", false) => &["xsrf"],
        ("shopper" | "viewer" | "staff" | "owner", true) => &["session"],
        ("shopper" | "viewer" | "staff" | "owner", false) => &["session", "xsrf"],
        _ => panic!("the route table's access {access} names no security"),
    };
    let requirement = schemes
        .iter()
        .fold(SecurityRequirement::default(), |all, scheme| all.add(*scheme, Vec::<String>::new()));
    Some(vec![requirement])
}

/// The document of `routes` (the route table's paths, `api::openapi_json`), with the
/// session cookie named as this server names it.
pub fn document_json(routes: utoipa::openapi::OpenApi, secure_cookies: bool) -> String {
    let mut doc = ApiDoc::openapi().merge_from(routes);
    doc.info.version = env!("CARGO_PKG_VERSION").into();
    Security { cookie: sessions::cookie_name(secure_cookies) }.modify(&mut doc);
    FieldRules.modify(&mut doc);
    EveryCall.modify(&mut doc);
    doc.to_json().expect("the OpenAPI document serializes")
}

/// The served document, made once at start.
pub struct Document(pub String);

/// This document.
#[api_operation(
    operation_id = "getOpenapi",
    tag = "contract",
    responses((status = 200, description = "The OpenAPI 3.1 document of this API", content_type = "application/json", body = serde_json::Value))
)]
pub async fn get_openapi(doc: web::Data<Document>) -> HttpResponse {
    HttpResponse::Ok().content_type("application/json").body(doc.0.clone())
}
