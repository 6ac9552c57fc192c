//! Signing in and out.

use std::net::{IpAddr, Ipv4Addr};

use actix_session::Session;
use actix_web::{HttpRequest, HttpResponse, web};
use market_macros::api_operation;

use super::dto::{self, Message, SessionUser};
use super::openapi::{Forbidden, TooManyRequests, WriteErrors};
use crate::auth::current_user::USER_ID;
use crate::auth::limits::{Account, Limiter};
use crate::auth::session::SessionStore;
use crate::auth::{self, Passwords, second_factor, xsrf};
use crate::config::{Demo, PublicDemo, TrustedProxies};
use crate::db::Db;
use crate::domain::ShopperId;
use crate::domain::inputs::{LoginInput, check};
use crate::domain::{Rejection, Timestamp, demo};
use crate::error::ApiError;

/// The app's first call: who is signed in (or `null`). It also gives the browser its
/// anti-forgery token, which every later write needs.
#[api_operation(
    operation_id = "getSession",
    tag = "session",
    summary = "Who is signed in; sets the anti-forgery cookie `XSRF-TOKEN`",
    responses(
        (status = 200, description = "The signed-in shopper, or `null`", body = SessionUser)
    )
)]
pub async fn get_session(
    db: web::Data<Db>,
    demo: web::Data<Demo>,
    session: Session,
) -> Result<HttpResponse, ApiError> {
    xsrf::ensure_id(&session)?;
    let shopper = session.get::<ShopperId>(USER_ID).ok().flatten();
    Ok(HttpResponse::Ok().json(load_session(&db, &demo, shopper).await?))
}

/// What `GET /api/session` answers for a session signed in to `shopper` (or to no one).
pub async fn load_session(db: &Db, demo: &Demo, shopper: Option<ShopperId>) -> Result<SessionUser, ApiError> {
    let user = match shopper {
        Some(id) => db.get_user(id).await?.map(dto::User::from),
        None => None,
    };
    let demo = demo.public.map(|public| dto::PublicDemo {
        ends_after_minutes: public.ttl.as_secs() / 60,
        viewer: dto::DemoLogin { username: demo::VIEWER.username, password: demo::VIEWER.password },
    });
    Ok(SessionUser { user, demo })
}

/// A fresh session key and anti-forgery id for the newly signed-in shopper: whatever
/// an attacker may have planted before sign-in is worth nothing after it.
pub fn start_session(session: &Session, user_id: ShopperId) -> Result<(), ApiError> {
    auth::session::renew(session)?;
    auth::demo::forget(session);
    session.insert(USER_ID, user_id).map_err(ApiError::internal)?;
    xsrf::rotate_id(session)
}

/// Who sent the request (what the rate limits count and the access log names): its peer, or, when the peer is a trusted proxy
/// (`--trusted-proxy`), the address that proxy added last to `X-Forwarded-For` (the
/// earlier ones are whatever the client wrote, and prove nothing).
pub fn client_address(req: &HttpRequest) -> IpAddr {
    let peer = req.peer_addr().map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |a| a.ip().to_canonical());
    let trusted = req.app_data::<web::Data<TrustedProxies>>().is_some_and(|t| t.0.contains(&peer));
    if !trusted {
        return peer;
    }
    let forwarded = req.headers().get_all("x-forwarded-for").filter_map(|v| v.to_str().ok()).last();
    forwarded
        .and_then(|list| list.rsplit(',').next())
        .and_then(|last| last.trim().parse::<IpAddr>().ok())
        .map_or(peer, |ip| ip.to_canonical())
}

#[api_operation(
    operation_id = "signIn",
    tag = "session",
    summary = "Sign in with a username or email and a password",
    request_body = crate::domain::inputs::LoginInput,
    responses(
        (status = 200, description = "Signed in; the session cookie and the anti-forgery token are new", body = SessionUser),
        WriteErrors, TooManyRequests
    )
)]
pub async fn sign_in(
    req: HttpRequest,
    db: web::Data<Db>,
    passwords: web::Data<Passwords>,
    limiter: web::Data<Limiter>,
    demo: web::Data<Demo>,
    session: Session,
    input: web::Json<LoginInput>,
) -> Result<HttpResponse, ApiError> {
    let input = input.into_inner();
    check(&input)?;
    let address = client_address(&req);
    if let Some(public) = demo.public
        && demo::is_shopper_login(&input.credential, &input.password)
    {
        return start_demo_shopper(&req, &db, &limiter, &session, &demo, public).await;
    }
    let credential = input.credential.trim().to_owned();
    let name = credential.to_lowercase();
    let found = db.find_login(credential).await?;
    let (user, hash, disabled, second_factor) = match found {
        Some(login) => (Some(login.user), Some(login.password_hash), login.disabled, login.second_factor),
        None => (None, None, false, None),
    };
    let account = user.as_ref().map_or(Account::Name(name), |u| Account::Id(u.id.0));
    // Same work and same answer whether the account is unknown or the password wrong;
    // a blocked account or address is refused before any hashing.
    let verified =
        passwords.verify_gated(input.password, hash, limiter.check_signin(address, &account)).await?;
    match user {
        // Only someone who knows the password learns that the account was disabled.
        Some(_) if verified && disabled => Err(Rejection::AccountDisabled.into()),
        Some(user) if verified => {
            if let Some(secret) = second_factor {
                let typed = input.code.as_deref().map(str::trim).unwrap_or_default();
                if typed.is_empty() {
                    return Err(ApiError::SecondFactor(
                        "Enter the 6-digit code from your authenticator app.".into(),
                    ));
                }
                // A wrong or spent code counts as a failed sign-in, so guessing codes
                // meets the same limits as guessing passwords.
                let step = second_factor::matching_step(&secret, typed, second_factor::step_now());
                let spent = match step {
                    Some(step) => db.spend_code(user.id, step).await?,
                    None => false,
                };
                if !spent {
                    limiter.signin_failed(address, &account).await?;
                    return Err(ApiError::SecondFactor(
                        "That code is not right, or was used already.".into(),
                    ));
                }
            }
            start_session(&session, user.id)?;
            Ok(HttpResponse::Ok().json(SessionUser::of(user)))
        }
        _ => {
            limiter.signin_failed(address, &account).await?;
            Err(ApiError::Unauthorized("The provided credentials were invalid.".into()))
        }
    }
}

/// A public demo's sign-in with the demo credentials: a demo shopper of the browser's
/// own, made and filled in one write (the one idle longest ended first when the demo is
/// full). Making an account, it counts against the address's sign-ups; the credentials
/// are public, so nothing is hashed. Demo shoppers are made one at a time
/// ([`crate::config::OneAtATime`]).
async fn start_demo_shopper(
    req: &HttpRequest,
    db: &Db,
    limiter: &Limiter,
    session: &Session,
    demo: &Demo,
    public: PublicDemo,
) -> Result<HttpResponse, ApiError> {
    limiter.check_signup(client_address(req)).await?;
    let _turn = demo.making.turn().await;
    let ends_at = Timestamp::now().plus(public.ttl);
    let started = db.start_demo_shopper(ends_at, public.most).await?;
    // The shoppers ended to make room are signed out here too (the sessions kept in
    // memory: their rows went with them).
    if let Some(sessions) = req.app_data::<web::Data<SessionStore>>() {
        sessions.forget_users(&started.ended);
    }
    start_session(session, started.user.id)?;
    auth::demo::remember(session, ends_at)?;
    Ok(HttpResponse::Ok().json(SessionUser::of(started.user)))
}

/// Ends the session server-side (its row is deleted, so the old cookie opens
/// nothing) and leaves the browser a new anonymous one with a new token.
#[api_operation(
    operation_id = "signOut",
    tag = "session",
    summary = "Sign out",
    responses(
        (status = 200, description = "Signed out; the browser gets a new anonymous session and token", body = Message),
        Forbidden
    )
)]
pub async fn sign_out(session: Session) -> Result<HttpResponse, ApiError> {
    session.clear();
    auth::session::renew(&session)?;
    xsrf::rotate_id(&session)?;
    Ok(HttpResponse::Ok().json(Message { message: "success" }))
}
