//! The one place that decides what an error may tell a client.
//!
//! Every failure of the API becomes an [`ApiError`], rendered as JSON
//! `{"message": "...", "errors": [...]}` (docs/rules.md#status-codes): a rule's
//! [`Rejection`] and a storage [`db::Error`] get their status here and nowhere else.
//! Internal causes are logged with their whole chain and never sent: a 500 says only
//! that something went wrong, so no SQL, path or type name can leak.

use actix_web::http::{StatusCode, header};
use actix_web::{HttpRequest, HttpResponse, ResponseError, error as actix_error, web};
use serde::Serialize;

use crate::db::{self, Constraint};
use crate::domain::Rejection;

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    /// 400: input that cannot be used; `errors` lists one line per problem.
    #[error("{message}")]
    BadRequest { message: String, errors: Vec<String> },
    #[error("{0}")]
    Unauthorized(String),
    /// 401 to a right password of an account with a second factor on, when the code is
    /// missing or wrong: the body says `secondFactor: true`, so the form asks for it.
    #[error("{0}")]
    SecondFactor(String),
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{message}")]
    Conflict { message: String, errors: Vec<String> },
    /// 409 for an order the store cannot fill: `errors` says why in words, `shortages`
    /// names each product, so the checkout page can offer to remove those lines.
    #[error("{message}")]
    OutOfStock { message: String, errors: Vec<String>, shortages: Vec<ShortageBody> },
    /// 402: the payment was refused (a declined card); `errors` repeats the message, which
    /// the checkout shows by the card.
    #[error("{0}")]
    PaymentRequired(String),
    #[error("{0}")]
    PayloadTooLarge(String),
    #[error("{0}")]
    UnsupportedMediaType(String),
    /// 422: a request that is well-formed but contradicts an earlier one (an
    /// `Idempotency-Key` reused with another body).
    #[error("{0}")]
    Unprocessable(String),
    /// 429: too many attempts; the client may try again after `retry_after` seconds.
    #[error("{message}")]
    TooManyRequests { message: String, retry_after: u64 },
    /// 503: the store cannot take the request now, and will by itself; the client may
    /// try again after `Retry-After`.
    #[error("{}", .0.message())]
    Unavailable(Unavailable),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

/// Why the store cannot take a request now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unavailable {
    /// The database did not answer in time (its write lock is held, no free reader).
    Busy,
    /// The disk or the database is full: reads go on, writes wait for space.
    Full,
}

impl Unavailable {
    fn message(self) -> &'static str {
        match self {
            Unavailable::Busy => "The store is busy. Please try again in a moment.",
            Unavailable::Full => {
                "The store cannot save changes right now. You can keep browsing; please try again in a few minutes."
            }
        }
    }

    /// Seconds for `Retry-After`.
    fn retry_after(self) -> u64 {
        match self {
            Unavailable::Busy => 2,
            Unavailable::Full => 30,
        }
    }

    /// Why `e` keeps the store from taking a request now, when it is a failure that
    /// passes by itself.
    fn of(e: &db::Error) -> Option<Unavailable> {
        match e {
            db::Error::Unavailable(_) | db::Error::Unreachable(_) | db::Error::Contention(_) => {
                Some(Unavailable::Busy)
            }
            db::Error::Full(_) => Some(Unavailable::Full),
            _ => None,
        }
    }
}

tokio::task_local! {
    /// Why the session store could not answer during the request under way, when that
    /// passes by itself: actix-session turns its failures into an opaque 500 that
    /// [`answer_failures`] gets without the cause.
    static REFUSED_BELOW_HANDLERS: std::cell::Cell<Option<Unavailable>>;
}

/// Notes, for [`answer_failures`], a failure of the session store that passes by itself
/// (the database busy, unreachable or full): the request is answered 503, not 500.
pub fn refused_below_handlers(e: &db::Error) {
    if let Some(why) = Unavailable::of(e) {
        let _ = REFUSED_BELOW_HANDLERS.try_with(|refused| refused.set(Some(why)));
    }
}

impl From<db::Fault> for Unavailable {
    fn from(fault: db::Fault) -> Self {
        match fault {
            db::Fault::Full => Unavailable::Full,
            db::Fault::Locked | db::Fault::Unreachable => Unavailable::Busy,
        }
    }
}

#[derive(Serialize)]
pub struct ErrorBody<'a> {
    pub message: &'a str,
    pub errors: &'a [String],
}

impl ApiError {
    pub fn bad_request(message: impl Into<String>) -> Self {
        let message = message.into();
        Self::BadRequest { errors: vec![message.clone()], message }
    }

    pub fn internal(cause: impl Into<anyhow::Error>) -> Self {
        Self::Internal(cause.into())
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            Self::BadRequest { .. } => StatusCode::BAD_REQUEST,
            Self::Unauthorized(_) | Self::SecondFactor(_) => StatusCode::UNAUTHORIZED,
            Self::Forbidden(_) => StatusCode::FORBIDDEN,
            Self::NotFound(_) => StatusCode::NOT_FOUND,
            Self::Conflict { .. } | Self::OutOfStock { .. } => StatusCode::CONFLICT,
            Self::PaymentRequired(_) => StatusCode::PAYMENT_REQUIRED,
            Self::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            Self::UnsupportedMediaType(_) => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Self::Unprocessable(_) => StatusCode::UNPROCESSABLE_ENTITY,
            Self::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            Self::Unavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            Self::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        let (message, errors): (String, &[String]) = match self {
            Self::BadRequest { message, errors } | Self::Conflict { message, errors } => {
                (message.clone(), errors)
            }
            Self::PaymentRequired(message) => {
                return json_error(StatusCode::PAYMENT_REQUIRED, message, std::slice::from_ref(message));
            }
            Self::SecondFactor(message) => {
                return HttpResponse::build(StatusCode::UNAUTHORIZED)
                    .insert_header((header::CACHE_CONTROL, "no-store"))
                    .json(serde_json::json!({"message": message, "errors": [], "secondFactor": true}));
            }
            Self::OutOfStock { message, errors, shortages } => {
                return HttpResponse::build(StatusCode::CONFLICT)
                    .insert_header((header::CACHE_CONTROL, "no-store"))
                    .json(OutOfStockBody { message, errors, shortages });
            }
            Self::Internal(cause) => {
                tracing::error!(error = ?cause, "internal error");
                ("Something went wrong on our side. Please try again.".into(), &[])
            }
            other => (other.to_string(), &[]),
        };
        let mut res = json_error(self.status_code(), &message, errors);
        let retry_after = match self {
            Self::TooManyRequests { retry_after, .. } => Some(*retry_after),
            Self::Unavailable(why) => Some(why.retry_after()),
            _ => None,
        };
        if let Some(seconds) = retry_after {
            res.headers_mut().insert(header::RETRY_AFTER, header::HeaderValue::from(seconds));
        }
        res
    }
}

/// A product an order could not take enough of, as the 409 names it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ShortageBody {
    pub product_id: i64,
    pub name: String,
    /// Units the cart holds.
    pub wanted: i64,
    /// Units left (0: out of stock, or no longer sold).
    pub left: i64,
}

/// The error shape, with the products an order could not take enough of.
#[derive(Serialize, utoipa::ToSchema)]
pub struct OutOfStockBody<'a> {
    pub message: &'a str,
    pub errors: &'a [String],
    pub shortages: &'a [ShortageBody],
}

pub fn json_error(status: StatusCode, message: &str, errors: &[String]) -> HttpResponse {
    HttpResponse::build(status)
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(ErrorBody { message, errors })
}

impl From<actix_web::error::BlockingError> for ApiError {
    fn from(e: actix_web::error::BlockingError) -> Self {
        Self::internal(anyhow::anyhow!("blocking pool: {e}"))
    }
}

/// Each rule's refusal and its status.
impl From<Rejection> for ApiError {
    fn from(rejection: Rejection) -> Self {
        let message = rejection.to_string();
        let errors = rejection.errors();
        match rejection {
            Rejection::Invalid(_)
            | Rejection::Malformed(_)
            | Rejection::BadParameter(_)
            | Rejection::ChooseVariant { .. }
            | Rejection::NotAVariant { .. }
            | Rejection::NoVariants(_)
            | Rejection::CodeRefused(_)
            | Rejection::NotALine(_)
            | Rejection::EmptyCart => Self::BadRequest { message, errors },
            Rejection::NotFound(_) => Self::NotFound(message),
            Rejection::NotYours(_) => Self::Forbidden(message),
            Rejection::CartFull
            | Rejection::StaleCart { .. }
            | Rejection::AlreadyReviewed
            | Rejection::AccountTaken { .. } => Self::Conflict { message, errors },
            Rejection::KeyReused => Self::Unprocessable(message),
            Rejection::OutOfStock(shortages) => Self::OutOfStock {
                message,
                errors,
                shortages: shortages
                    .into_iter()
                    .map(|s| ShortageBody {
                        product_id: s.product_id.0,
                        name: s.name,
                        wanted: s.wanted,
                        left: s.left,
                    })
                    .collect(),
            },
            Rejection::SoldOut
            | Rejection::VariantsGone(_)
            | Rejection::NotForSale
            | Rejection::StatusMove { .. }
            | Rejection::Taken(_)
            | Rejection::AddressBookFull
            | Rejection::OrderCodeRefused(_)
            | Rejection::RefundTooLarge { .. }
            | Rejection::NotCaptured
            | Rejection::LineRestocked(_)
            | Rejection::NotNow(_) => Self::Conflict { message, errors },
            Rejection::AccountDisabled => Self::Forbidden(message),
        }
    }
}

/// A broken constraint is the rule it keeps.
impl From<db::Error> for ApiError {
    fn from(e: db::Error) -> Self {
        match e {
            db::Error::NotFound(thing) => Rejection::NotFound(thing).into(),
            db::Error::Rejected(rejection) => rejection.into(),
            db::Error::Conflict(constraints) => {
                let has = |c| constraints.contains(&c);
                if has(Constraint::OneReviewPerShopperAndProduct) {
                    Rejection::AlreadyReviewed.into()
                } else if has(Constraint::UniqueSku) {
                    Rejection::Taken("Another product or variant has this SKU.").into()
                } else if has(Constraint::UniqueShippingMethodName) {
                    Rejection::Taken("Another shipping method has this name.").into()
                } else if has(Constraint::UniquePromotionCode) {
                    Rejection::Taken("Another promotion has this code.").into()
                } else {
                    let (username, email) = (has(Constraint::UniqueUsername), has(Constraint::UniqueEmail));
                    Rejection::AccountTaken { username, email }.into()
                }
            }
            db::Error::Unavailable(cause) | db::Error::Unreachable(cause) | db::Error::Contention(cause) => {
                tracing::warn!(cause, "the database is unavailable");
                Self::Unavailable(Unavailable::Busy)
            }
            db::Error::Full(cause) => {
                tracing::warn!(cause, "the database is full");
                Self::Unavailable(Unavailable::Full)
            }
            db::Error::Other(cause) => Self::Internal(cause),
        }
    }
}

/// Extractor failures (bad JSON, bad path segment, bad query) keep the JSON shape.
/// The messages describe the input, never the Rust type that refused it.
pub fn json_config() -> web::JsonConfig {
    web::JsonConfig::default().limit(16 * 1024).error_handler(|err, _req| {
        let api = unreadable_json(&err);
        actix_error::InternalError::from_response(err, api.error_response()).into()
    })
}

/// A JSON body that could not be read, said as every route says it.
pub fn unreadable_json(err: &actix_error::JsonPayloadError) -> ApiError {
    match err {
        actix_error::JsonPayloadError::OverflowKnownLength { .. }
        | actix_error::JsonPayloadError::Overflow { .. } => {
            ApiError::PayloadTooLarge("The request body is too large.".into())
        }
        actix_error::JsonPayloadError::ContentType => ApiError::UnsupportedMediaType(
            "Send the request body as JSON (Content-Type: application/json).".into(),
        ),
        actix_error::JsonPayloadError::Deserialize(e) if e.is_data() => {
            ApiError::bad_request(describe_serde_error(e))
        }
        _ => ApiError::bad_request("The request body is not valid JSON."),
    }
}

/// serde's data errors name fields and expected kinds ("missing field `title`"),
/// which helps a client; they also name our Rust types ("expected struct ReviewInput",
/// "expected i64"), which must not leave the server. Keep the first clause and say
/// what is expected in JSON terms.
fn describe_serde_error(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let text = text.split(" at line ").next().unwrap_or(&text).replace('`', "'");
    let text = match text.split_once(", expected ") {
        Some((head, expected)) => format!("{head}, expected {}", json_kind(expected)),
        None => text,
    };
    format!("Invalid request body: {text}")
}

fn json_kind(expected: &str) -> &'static str {
    match expected {
        e if e.starts_with("struct") || e.starts_with("a map") => "a JSON object",
        e if e.starts_with('i') || e.starts_with('u') => "a whole number",
        e if e.starts_with('f') => "a number",
        e if e.contains("sequence") => "a list",
        e if e.contains("string") => "a string",
        e if e.contains("bool") => "true or false",
        _ => "another value",
    }
}

pub fn path_config() -> web::PathConfig {
    web::PathConfig::default().error_handler(|err, _req| {
        let api = ApiError::bad_request("The id in the address must be a whole number.");
        actix_error::InternalError::from_response(err, api.error_response()).into()
    })
}

pub fn query_config() -> web::QueryConfig {
    web::QueryConfig::default().error_handler(|err, _req| {
        let api = ApiError::bad_request("The query string is not valid.");
        actix_error::InternalError::from_response(err, api.error_response()).into()
    })
}

/// A resource of the route table answers a method it lacks with 405 and, as RFC 9110
/// asks, the methods it has.
pub async fn method_not_allowed(req: HttpRequest, methods: &'static [&'static str]) -> HttpResponse {
    let message = format!("{} is not allowed on {}", req.method(), req.path());
    let mut res = json_error(StatusCode::METHOD_NOT_ALLOWED, &message, &[]);
    let allow = methods.iter().map(|m| m.to_uppercase()).collect::<Vec<_>>().join(", ");
    if let Ok(value) = header::HeaderValue::from_str(&allow) {
        res.headers_mut().insert(header::ALLOW, value);
    }
    res
}

/// Unknown `/api/...` routes answer in the API's shape, not with the SPA.
pub async fn api_not_found(req: HttpRequest) -> HttpResponse {
    json_error(StatusCode::NOT_FOUND, &format!("No API route matches {} {}", req.method(), req.path()), &[])
}

/// A last guard for answers the handlers above never see (a 405 for a known path with
/// the wrong method, say): any error status whose body is not JSON gets the JSON shape,
/// but for the app's own not-found page (HTML, `storefront`).
/// Turns an error a middleware returned instead of a response (actix-session's, when
/// the session store cannot save or delete a session) into an answer: an error would
/// reach the client as an empty 500 that no layer shapes, logs or counts. The answer is
/// then shaped by [`ensure_json_errors`] (a 503 while writes are refused).
pub async fn answer_failures(
    req: actix_web::dev::ServiceRequest,
    next: actix_web::middleware::Next<impl actix_web::body::MessageBody + 'static>,
) -> Result<actix_web::dev::ServiceResponse<impl actix_web::body::MessageBody>, actix_web::Error> {
    let request = req.request().clone();
    let (outcome, refused) = REFUSED_BELOW_HANDLERS
        .scope(std::cell::Cell::new(None), async move {
            let outcome = next.call(req).await;
            (outcome, REFUSED_BELOW_HANDLERS.with(std::cell::Cell::get))
        })
        .await;
    match outcome {
        Ok(res) => Ok(res.map_into_left_body()),
        Err(e) => {
            tracing::warn!(error = %e, path = request.path(), "a request failed below its handler");
            let res = match refused {
                Some(why) => {
                    actix_web::dev::ServiceResponse::new(request, ApiError::Unavailable(why).error_response())
                }
                None => actix_web::dev::ServiceResponse::from_err(e, request),
            };
            Ok(res.map_into_right_body())
        }
    }
}

pub fn ensure_json_errors<B: actix_web::body::MessageBody + 'static>(
    res: actix_web::dev::ServiceResponse<B>,
) -> actix_web::Result<actix_web::middleware::ErrorHandlerResponse<B>> {
    let is_kept = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json") || v.starts_with("text/html"));
    if is_kept {
        return Ok(actix_web::middleware::ErrorHandlerResponse::Response(res.map_into_left_body()));
    }
    let status = res.status();
    // A failure below the handlers while writes are refused (the session store could not
    // save a session on a full disk) is that refusal, not a fault of ours.
    let fault = res.request().app_data::<web::Data<db::Db>>().and_then(|db| db.write_fault());
    if status == StatusCode::INTERNAL_SERVER_ERROR
        && let Some((fault, _)) = fault
    {
        let (req, _) = res.into_parts();
        let res = ApiError::Unavailable(fault.into()).error_response().map_into_right_body();
        return Ok(actix_web::middleware::ErrorHandlerResponse::Response(
            actix_web::dev::ServiceResponse::new(req, res),
        ));
    }
    let message = match status {
        StatusCode::METHOD_NOT_ALLOWED => {
            format!("{} is not allowed on {}", res.request().method(), res.request().path())
        }
        _ => status.canonical_reason().unwrap_or("Request failed").to_string(),
    };
    let (req, res) = res.into_parts();
    let mut json = json_error(status, &message, &[]);
    if let Some(allow) = res.headers().get(header::ALLOW) {
        json.headers_mut().insert(header::ALLOW, allow.clone());
    }
    let res = json.map_into_right_body();
    Ok(actix_web::middleware::ErrorHandlerResponse::Response(actix_web::dev::ServiceResponse::new(req, res)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn describe<T: serde::de::DeserializeOwned + std::fmt::Debug>(json: &str) -> String {
        describe_serde_error(&serde_json::from_str::<T>(json).unwrap_err())
    }

    #[test]
    fn body_errors_name_json_kinds_not_rust_types() {
        #[derive(serde::Deserialize, Debug)]
        #[allow(dead_code)]
        struct ReviewInput {
            rating: i64,
        }
        let message = describe::<ReviewInput>("5");
        assert_eq!(message, "Invalid request body: invalid type: integer '5', expected a JSON object");
        let message = describe::<ReviewInput>(r#"{"rating": "five"}"#);
        assert_eq!(message, "Invalid request body: invalid type: string \"five\", expected a whole number");
        assert_eq!(describe::<ReviewInput>("{}"), "Invalid request body: missing field 'rating'");
    }
}
