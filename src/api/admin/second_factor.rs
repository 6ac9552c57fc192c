//! A staff member's own second factor: start (a new secret and its otpauth URI to
//! scan), confirm with a first code, and turn off with a current code. Each acts on the
//! signed-in account only.

use actix_web::{HttpResponse, web};
use market_macros::api_operation;

use super::dto::{CodeInput, SecondFactorSetup, SecondFactorState};
use crate::api::openapi::{BodilessWriteErrors, StaffReadErrors, WriteErrors};
use crate::auth::{StaffMember, second_factor};
use crate::db::Db;
use crate::db::admin::staff::SecondFactor;
use crate::domain::Rejection;
use crate::error::ApiError;

fn wrong_code() -> ApiError {
    Rejection::Invalid(vec!["That code is not right, or was used already.".into()]).into()
}

#[api_operation(
    operation_id = "getSecondFactor",
    tag = "admin",
    summary = "Whether the signed-in account's second factor is on (viewer)",
    responses(
        (status = 200, description = "Its state", body = SecondFactorState),
        StaffReadErrors
    )
)]
pub async fn get_second_factor(db: web::Data<Db>, me: StaffMember) -> Result<HttpResponse, ApiError> {
    let on = matches!(db.get_second_factor(me.id).await?, SecondFactor::On(_));
    Ok(HttpResponse::Ok().json(SecondFactorState { on }))
}

#[api_operation(
    operation_id = "startSecondFactor",
    tag = "admin",
    summary = "Start a second factor: a new secret to scan; it is in force once a code confirms it (viewer)",
    responses(
        (status = 200, description = "The secret and its otpauth URI", body = SecondFactorSetup),
        BodilessWriteErrors
    )
)]
pub async fn start_second_factor(db: web::Data<Db>, me: StaffMember) -> Result<HttpResponse, ApiError> {
    let secret = second_factor::new_secret();
    db.start_second_factor(me.id, secret.clone()).await?;
    let otpauth_uri = second_factor::otpauth_uri(&secret, &me.username);
    Ok(HttpResponse::Ok().json(SecondFactorSetup { secret, otpauth_uri }))
}

#[api_operation(
    operation_id = "confirmSecondFactor",
    tag = "admin",
    summary = "Put the started second factor in force with a first code from the app (viewer)",
    request_body = CodeInput,
    responses(
        (status = 200, description = "On: sign-in now asks for a code", body = SecondFactorState),
        WriteErrors
    )
)]
pub async fn confirm_second_factor(
    db: web::Data<Db>,
    me: StaffMember,
    input: web::Json<CodeInput>,
) -> Result<HttpResponse, ApiError> {
    let SecondFactor::Pending(secret) = db.get_second_factor(me.id).await? else {
        return Err(Rejection::Invalid(vec!["Start a second factor first.".into()]).into());
    };
    let step = second_factor::matching_step(&secret, &input.code, second_factor::step_now())
        .ok_or_else(wrong_code)?;
    if !db.confirm_second_factor(me.actor(), secret, step).await? {
        return Err(wrong_code());
    }
    Ok(HttpResponse::Ok().json(SecondFactorState { on: true }))
}

#[api_operation(
    operation_id = "turnOffSecondFactor",
    tag = "admin",
    summary = "Turn the second factor off, with a current code (viewer)",
    request_body = CodeInput,
    responses(
        (status = 200, description = "Off", body = SecondFactorState),
        WriteErrors
    )
)]
pub async fn turn_off_second_factor(
    db: web::Data<Db>,
    me: StaffMember,
    input: web::Json<CodeInput>,
) -> Result<HttpResponse, ApiError> {
    let SecondFactor::On(secret) = db.get_second_factor(me.id).await? else {
        return Ok(HttpResponse::Ok().json(SecondFactorState { on: false }));
    };
    let step = second_factor::matching_step(&secret, &input.code, second_factor::step_now())
        .ok_or_else(wrong_code)?;
    if !db.spend_code(me.id, step).await? {
        return Err(wrong_code());
    }
    db.turn_off_second_factor(me.actor()).await?;
    Ok(HttpResponse::Ok().json(SecondFactorState { on: false }))
}
