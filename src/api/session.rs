//! Signing in and out.

use actix_session::Session;
use actix_web::{HttpResponse, web};
use serde::Serialize;

use crate::auth::current_user::USER_ID;
use crate::auth::{Passwords, xsrf};
use crate::db::{self, Db, users::User};
use crate::domain::inputs::{LoginInput, check};
use crate::error::ApiError;

#[derive(Serialize)]
pub struct SessionUser {
    pub user: Option<User>,
}

/// The app's first call: who is signed in (or `null`). It also gives the browser its
/// anti-forgery token, which every later write needs.
pub async fn get(db: web::Data<Db>, session: Session) -> Result<HttpResponse, ApiError> {
    xsrf::ensure_id(&session)?;
    let user = match session.get::<i64>(USER_ID).ok().flatten() {
        Some(id) => db.read(move |c| db::users::get(c, id)).await?,
        None => None,
    };
    Ok(HttpResponse::Ok().json(SessionUser { user }))
}

/// A fresh session key and anti-forgery id for the newly signed-in shopper: whatever
/// an attacker may have planted before sign-in is worth nothing after it.
pub fn sign_in(session: &Session, user_id: i64) -> Result<(), ApiError> {
    session.renew();
    session.insert(USER_ID, user_id).map_err(ApiError::internal)?;
    xsrf::rotate_id(session)
}

pub async fn login(
    db: web::Data<Db>,
    passwords: web::Data<Passwords>,
    session: Session,
    input: web::Json<LoginInput>,
) -> Result<HttpResponse, ApiError> {
    let input = input.into_inner();
    check(&input)?;
    let credential = input.credential.trim().to_owned();
    let found = db.read(move |c| db::users::for_login(c, &credential)).await?;
    let (user, hash) = match found {
        Some((user, hash)) => (Some(user), Some(hash)),
        None => (None, None),
    };
    // Same work and same answer whether the account is unknown or the password wrong.
    let verified = passwords.verify(input.password, hash).await?;
    match user {
        Some(user) if verified => {
            sign_in(&session, user.id)?;
            Ok(HttpResponse::Ok().json(SessionUser { user: Some(user) }))
        }
        _ => Err(ApiError::Unauthorized("The provided credentials were invalid.".into())),
    }
}

/// Ends the session server-side (its row is deleted, so the old cookie opens
/// nothing) and leaves the browser a new anonymous one with a new token.
pub async fn logout(session: Session) -> Result<HttpResponse, ApiError> {
    session.clear();
    session.renew();
    xsrf::rotate_id(&session)?;
    Ok(HttpResponse::Ok().json(serde_json::json!({ "message": "success" })))
}
