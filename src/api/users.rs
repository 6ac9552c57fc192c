//! Creating an account (and signing it in).

use actix_session::Session;
use actix_web::{HttpResponse, web};

use super::session::{SessionUser, sign_in};
use crate::auth::Passwords;
use crate::db::{self, Db, users::NewUser};
use crate::domain::inputs::{SignupInput, check};
use crate::error::ApiError;

pub async fn signup(
    db: web::Data<Db>,
    passwords: web::Data<Passwords>,
    session: Session,
    input: web::Json<SignupInput>,
) -> Result<HttpResponse, ApiError> {
    let input = input.into_inner();
    check(&input)?;
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
