//! The signed-in shopper's own account (docs/rules.md#account-changes): its names,
//! e-mail address and password, and the mails it was sent.

use actix_session::Session;
use actix_web::{HttpRequest, HttpResponse, web};
use market_macros::api_operation;
use serde::Serialize;
use utoipa::ToSchema;

use super::dto::{Message, User};
use super::openapi::{
    BadRequest, Conflict, Forbidden, PayloadTooLarge, TooManyRequests, Unauthorized, UnsupportedMediaType,
    WriteErrors,
};
use super::session::{client_address, start_session};
use crate::auth::limits::{self, Limiter};
use crate::auth::session::SessionStore;
use crate::auth::{CurrentUser, Passwords};
use crate::db::Db;
use crate::domain::account::{
    AccountChange, DEMO_REFUSED, EMAIL_CHANGED, EMAIL_TOKEN_REFUSED, EmailConfirmation, PASSWORD_CHANGED,
    PasswordChange, WRONG_PASSWORD,
};
use crate::domain::inputs::check;
use crate::domain::mail::draw::Letterhead;
use crate::domain::password_reset::{Token, hash};
use crate::domain::{Rejection, ShopperId, Thing, Timestamp};
use crate::error::ApiError;

/// The account, as its settings show it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Account {
    pub user: User,
    /// A new address waiting for its owner to open the link mailed to it; until then
    /// `user.email` stays the account's.
    #[schema(required = true)]
    pub pending_email: Option<String>,
}

impl From<crate::db::account::Account> for Account {
    fn from(a: crate::db::account::Account) -> Account {
        Account { user: a.user.into(), pending_email: a.pending_email }
    }
}

/// A mail the account was sent, as its recipient reads it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InboxMail {
    pub id: i64,
    /// What caused it: `order.placed`, `stock.back`, `email.confirm`…
    #[schema(value_type = String)]
    pub event: &'static str,
    pub subject: String,
    pub created_at: Timestamp,
    pub text: String,
    /// The HTML part, a whole document: shown in a sandboxed frame.
    pub html: String,
}

#[derive(Serialize, ToSchema)]
pub struct Inbox {
    /// The latest 50, newest first.
    pub mails: Vec<InboxMail>,
}

#[api_operation(
    operation_id = "getAccount",
    tag = "account",
    summary = "The signed-in account, and a new e-mail address waiting to be confirmed",
    responses((status = 200, description = "The account", body = Account), Unauthorized)
)]
pub async fn get_account(db: web::Data<Db>, user: CurrentUser) -> Result<HttpResponse, ApiError> {
    let account = db.get_account(user.id).await?.ok_or(Rejection::NotFound(Thing::Account))?;
    Ok(HttpResponse::Ok().json(Account::from(account)))
}

#[api_operation(
    operation_id = "changeAccount",
    tag = "account",
    summary = "Change the account's names (at once) and e-mail address (once the link mailed to the new address is opened), with the current password",
    request_body = AccountChange,
    responses(
        (status = 200, description = "The account as it is now", body = Account),
        WriteErrors, Conflict, TooManyRequests
    )
)]
pub async fn change_account(
    req: HttpRequest,
    db: web::Data<Db>,
    passwords: web::Data<Passwords>,
    limiter: web::Data<Limiter>,
    user: CurrentUser,
    input: web::Json<AccountChange>,
) -> Result<HttpResponse, ApiError> {
    let input = input.into_inner();
    check(&input)?;
    let email = input.email();
    if email.is_some() {
        refuse_demo(&db, user.id).await?;
    }
    check_current_password(&req, &db, &passwords, &limiter, user.id, input.current_password.clone()).await?;
    let account = db.change_account(user.id, input.names(), email, Token::random()).await?;
    Ok(HttpResponse::Ok().json(Account::from(account)))
}

#[api_operation(
    operation_id = "changePassword",
    tag = "account",
    summary = "Change the password, with the current one: every other session of the account ends, and any reset link",
    request_body = PasswordChange,
    responses(
        (status = 200, description = "Changed; this session goes on", body = Message),
        WriteErrors, TooManyRequests
    )
)]
#[allow(clippy::too_many_arguments)]
pub async fn change_password(
    req: HttpRequest,
    db: web::Data<Db>,
    passwords: web::Data<Passwords>,
    limiter: web::Data<Limiter>,
    sessions: web::Data<SessionStore>,
    session: Session,
    user: CurrentUser,
    input: web::Json<PasswordChange>,
) -> Result<HttpResponse, ApiError> {
    let input = input.into_inner();
    check(&input)?;
    refuse_demo(&db, user.id).await?;
    check_current_password(&req, &db, &passwords, &limiter, user.id, input.current_password).await?;
    let password_hash = passwords.hash(input.password).await?;
    db.change_password(user.id, password_hash).await?;
    // Every session's row went with the change (the other replicas' copies follow the
    // change log); this one starts again under a new key.
    sessions.forget_users(&[user.id]);
    start_session(&session, user.id)?;
    Ok(HttpResponse::Ok().json(Message { message: PASSWORD_CHANGED }))
}

#[api_operation(
    operation_id = "confirmEmail",
    tag = "account",
    summary = "Make a new e-mail address the account's, with the token of the link mailed to it; the old address is told",
    request_body = EmailConfirmation,
    responses(
        (status = 200, description = "The address is changed", body = Message),
        BadRequest, Forbidden, Conflict, PayloadTooLarge, UnsupportedMediaType
    )
)]
pub async fn confirm_email(
    db: web::Data<Db>,
    input: web::Json<EmailConfirmation>,
) -> Result<HttpResponse, ApiError> {
    let input = input.into_inner();
    check(&input)?;
    match db.confirm_email(hash(&input.token)).await? {
        Some(_) => Ok(HttpResponse::Ok().json(Message { message: EMAIL_CHANGED })),
        None => Err(Rejection::Invalid(vec![EMAIL_TOKEN_REFUSED.into()]).into()),
    }
}

#[api_operation(
    operation_id = "listInbox",
    tag = "account",
    summary = "The mails the account was sent, newest first, as it reads them (a public demo's shoppers read theirs only here)",
    responses((status = 200, description = "The mails", body = Inbox), Unauthorized)
)]
pub async fn list_inbox(
    db: web::Data<Db>,
    letterhead: web::Data<Letterhead>,
    user: CurrentUser,
) -> Result<HttpResponse, ApiError> {
    let mails = db.list_inbox(user.id, 50).await?;
    let mails = mails
        .into_iter()
        .map(|mut mail| {
            // A link in a mail proves its mailbox (a new address's); here, the session proves
            // only the account.
            mail.facts = mail.facts.without_secrets();
            let drawn = mail.draw(&letterhead);
            InboxMail {
                id: mail.id,
                event: mail.facts.event().as_str(),
                subject: drawn.subject,
                created_at: mail.created_at,
                text: drawn.text,
                html: drawn.html,
            }
        })
        .collect();
    Ok(HttpResponse::Ok().json(Inbox { mails }))
}

/// A demo login's address and password are everyone's.
async fn refuse_demo(db: &Db, id: ShopperId) -> Result<(), ApiError> {
    match db.get_user(id).await? {
        Some(user) if user.is_demo() => Err(ApiError::Forbidden(DEMO_REFUSED.into())),
        Some(_) => Ok(()),
        None => Err(Rejection::NotFound(Thing::Account).into()),
    }
}

/// The account's password, typed again: a wrong one counts as a failed sign-in of the
/// account, so guessing it here meets the sign-in's limits.
async fn check_current_password(
    req: &HttpRequest,
    db: &Db,
    passwords: &Passwords,
    limiter: &Limiter,
    id: ShopperId,
    typed: String,
) -> Result<(), ApiError> {
    let (address, account) = (client_address(req), limits::Account::Id(id.0));
    let hash = db.password_hash(id).await?;
    if passwords.verify_gated(typed, hash, limiter.check_signin(address, &account)).await? {
        return Ok(());
    }
    limiter.signin_failed(address, &account).await?;
    Err(Rejection::Invalid(vec![WRONG_PASSWORD.into()]).into())
}
