//! Creating an account (and signing it in).

use actix_session::Session;
use actix_web::{HttpRequest, HttpResponse, web};

use super::session::{SessionUser, client_address, sign_in};
use crate::auth::Passwords;
use crate::auth::limits::Limiter;
use crate::db::{self, Db, users::NewUser};
use crate::domain::inputs::{SignupInput, check};
use crate::error::ApiError;

#[utoipa::path(
    post,
    path = "/api/users",
    operation_id = "signUp",
    tag = "session",
    summary = "Create an account and sign it in",
    request_body = SignupInput,
    security(("xsrf" = [])),
    responses(
        (status = 201, description = "Created and signed in", body = SessionUser),
        (status = 400, response = super::openapi::BadRequest), (status = 403, response = super::openapi::Forbidden), (status = 409, response = super::openapi::Conflict), (status = 413, response = super::openapi::PayloadTooLarge), (status = 415, response = super::openapi::UnsupportedMediaType), (status = 429, response = super::openapi::TooManyRequests)
    )
)]
pub async fn signup(
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
    limiter.check_signup(client_address(&req))?;
    let password_hash = passwords.hash(input.password).await?;
    let new = NewUser {
        first_name: input.first_name.trim().to_owned(),
        last_name: input.last_name.trim().to_owned(),
        username: input.username,
        email: input.email.trim().to_owned(),
        password_hash,
    };
    let user = db.write(move |tx| db::users::create(tx, &new)).await?;
    sign_in(&session, user.id)?;
    Ok(HttpResponse::Created().json(SessionUser { user: Some(user) }))
}
