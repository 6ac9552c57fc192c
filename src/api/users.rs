//! Creating an account (and signing it in).

use actix_session::Session;
use actix_web::{HttpRequest, HttpResponse, web};
use market_macros::api_operation;

use super::dto::SessionUser;
use super::openapi::{
    BadRequest, Conflict, Forbidden, PayloadTooLarge, TooManyRequests, UnsupportedMediaType,
};
use super::session::{client_address, start_session};
use crate::auth::Passwords;
use crate::auth::limits::Limiter;
use crate::db::Db;
use crate::domain::inputs::{SignupInput, check};
use crate::error::ApiError;

#[api_operation(
    operation_id = "signUp",
    tag = "session",
    summary = "Create an account and sign it in",
    request_body = SignupInput,
    responses(
        (status = 201, description = "Created and signed in", body = SessionUser),
        BadRequest, Forbidden, Conflict, PayloadTooLarge, UnsupportedMediaType, TooManyRequests
    )
)]
pub async fn sign_up(
    req: HttpRequest,
    db: web::Data<Db>,
    passwords: web::Data<Passwords>,
    limiter: web::Data<Limiter>,
    session: Session,
    input: web::Json<SignupInput>,
) -> Result<HttpResponse, ApiError> {
    let input = input.into_inner();
    check(&input)?;
    // Counted before the (costly) hash, whether or not the names turn out to be free.
    limiter.check_signup(client_address(&req)).await?;
    let password_hash = passwords.hash(input.password.clone()).await?;
    let user = db.create_user(input.into_account(password_hash)).await?;
    start_session(&session, user.id)?;
    Ok(HttpResponse::Created().json(SessionUser::of(user)))
}
