//! A forgotten password (docs/rules.md#password-reset): asked for by e-mail address,
//! answered alike whether or not an account has it, and set again from the mail's link.

use actix_web::{HttpRequest, HttpResponse, web};
use market_macros::api_operation;

use super::dto::Message;
use super::openapi::{BadRequest, Forbidden, PayloadTooLarge, TooManyRequests, UnsupportedMediaType};
use super::session::client_address;
use crate::auth::Passwords;
use crate::auth::limits::Limiter;
use crate::auth::session::SessionStore;
use crate::db::Db;
use crate::db::password_resets::Asked;
use crate::domain::Rejection;
use crate::domain::demo;
use crate::domain::inputs::check;
use crate::domain::password_reset::{
    ASKED, DEMO_REFUSED, RESET, ResetConfirm, ResetRequest, TOKEN_REFUSED, Token, hash,
};
use crate::error::ApiError;

#[api_operation(
    operation_id = "askPasswordReset",
    tag = "session",
    summary = "Ask for a mail with a link to reset the password of the account with this e-mail address; the same answer whether or not there is one",
    request_body = ResetRequest,
    responses(
        (status = 202, description = "Taken: if an account has the address, its mail is on its way", body = Message),
        BadRequest, Forbidden, PayloadTooLarge, UnsupportedMediaType, TooManyRequests
    )
)]
pub async fn ask_password_reset(
    req: HttpRequest,
    db: web::Data<Db>,
    limiter: web::Data<Limiter>,
    input: web::Json<ResetRequest>,
) -> Result<HttpResponse, ApiError> {
    let input = input.into_inner();
    check(&input)?;
    let email = input.email.trim().to_owned();
    if email.eq_ignore_ascii_case(demo::SHOPPER_EMAIL) {
        return Err(ApiError::Forbidden(DEMO_REFUSED.into()));
    }
    // Counted before the look-up, account or not.
    limiter.check_password_reset(client_address(&req), &email).await?;
    match db.ask_password_reset(email, Token::random()).await? {
        Asked::Demo => Err(ApiError::Forbidden(DEMO_REFUSED.into())),
        Asked::Mailed | Asked::NoAccount => Ok(HttpResponse::Accepted().json(Message { message: ASKED })),
    }
}

#[api_operation(
    operation_id = "confirmPasswordReset",
    tag = "session",
    summary = "Set a new password with the token of a reset mail's link; every session of the account ends",
    request_body = ResetConfirm,
    responses(
        (status = 200, description = "The password is changed; sign in with it", body = Message),
        BadRequest, Forbidden, PayloadTooLarge, UnsupportedMediaType
    )
)]
pub async fn confirm_password_reset(
    db: web::Data<Db>,
    passwords: web::Data<Passwords>,
    sessions: web::Data<SessionStore>,
    input: web::Json<ResetConfirm>,
) -> Result<HttpResponse, ApiError> {
    let input = input.into_inner();
    check(&input)?;
    let password_hash = passwords.hash(input.password).await?;
    let Some(user_id) = db.reset_password(hash(&input.token), password_hash).await? else {
        return Err(Rejection::Invalid(vec![TOKEN_REFUSED.into()]).into());
    };
    // The sessions' rows went with the reset; this server's copies go now, the other
    // replicas' with the change log.
    sessions.forget_users(&[user_id]);
    Ok(HttpResponse::Ok().json(Message { message: RESET }))
}
