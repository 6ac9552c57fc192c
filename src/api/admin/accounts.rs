//! Accounts in the back office: the staff (an owner adds them and changes their roles)
//! and every shopper (an owner may disable one: its sessions end at once). No answer
//! carries password material.

use actix_web::{HttpResponse, web};
use market_macros::api_operation;

use super::dto::{
    AccountBody, AccountParams, AccountPath, AccountStateInput, Accounts, RoleChoice, RoleInput,
};
use super::{PAGE_SIZE, page_of, pages, search_of};
use crate::api::openapi::{BadRequest, Conflict, NotFound, StaffReadErrors, WriteErrors};
use crate::auth::session::SessionStore;
use crate::auth::{Passwords, StaffMember};
use crate::db::Db;
use crate::db::admin::staff::{Added, NewStaff, Who};
use crate::domain::ShopperId;
use crate::domain::admin::inputs::{StaffInput, StaffRole};
use crate::domain::inputs::check;
use crate::domain::roles::Role;
use crate::error::ApiError;

#[api_operation(
    operation_id = "listStaff",
    tag = "admin",
    summary = "The store's staff accounts, owners first (viewer)",
    responses(
        (status = 200, description = "Every account with a role above shopper", body = Accounts),
        StaffReadErrors
    )
)]
pub async fn list_staff(db: web::Data<Db>, _staff: StaffMember) -> Result<HttpResponse, ApiError> {
    let staff: Vec<AccountBody> = db.list_staff().await?.into_iter().map(AccountBody::from).collect();
    let total = staff.len() as u64;
    Ok(HttpResponse::Ok().json(Accounts { accounts: staff, total, page: 1, pages: 1 }))
}

#[api_operation(
    operation_id = "addStaff",
    tag = "admin",
    summary = "Make a new staff account (owner)",
    request_body = StaffInput,
    responses(
        (status = 201, description = "The new account", body = AccountBody),
        WriteErrors, Conflict
    )
)]
pub async fn add_staff(
    db: web::Data<Db>,
    passwords: web::Data<Passwords>,
    owner: StaffMember,
    input: web::Json<StaffInput>,
) -> Result<HttpResponse, ApiError> {
    let input = input.into_inner();
    check(&input)?;
    let password_hash = passwords.hash(input.password).await?;
    let role = Role::from(input.role);
    let new = NewStaff {
        first_name: input.username.chars().take(25).collect(),
        last_name: match role {
            Role::Owner => "Owner",
            Role::Staff => "Staff",
            _ => "Viewer",
        }
        .into(),
        username: input.username,
        role,
        email: input.email.trim().to_owned(),
        password_hash: Some(password_hash),
    };
    match db.add_staff(owner.actor(), new, false).await? {
        Added::Created(user) | Added::Promoted(user, _) => {
            Ok(HttpResponse::Created().json(AccountBody::from(user)))
        }
    }
}

#[api_operation(
    operation_id = "setRole",
    tag = "admin",
    summary = "Give an account another role, or (shopper) take it off the staff; the last owner stays one (owner)",
    params(AccountPath),
    request_body = RoleInput,
    responses(
        (status = 200, description = "The account as it now is", body = AccountBody),
        WriteErrors, NotFound
    )
)]
pub async fn set_role(
    db: web::Data<Db>,
    owner: StaffMember,
    id: web::Path<i64>,
    input: web::Json<RoleInput>,
) -> Result<HttpResponse, ApiError> {
    let role = match input.role {
        RoleChoice::Owner => Role::from(StaffRole::Owner),
        RoleChoice::Staff => Role::Staff,
        RoleChoice::Viewer => Role::Viewer,
        RoleChoice::Shopper => Role::Shopper,
    };
    let user = db.set_role(owner.actor(), Who::Id(id.into_inner()), role).await?;
    Ok(HttpResponse::Ok().json(AccountBody::from(user)))
}

#[api_operation(
    operation_id = "listShoppers",
    tag = "admin",
    summary = "Every account, newest first, with its orders count; never any password material (viewer)",
    params(AccountParams),
    responses(
        (status = 200, description = "One page of accounts", body = Accounts),
        StaffReadErrors, BadRequest
    )
)]
pub async fn list_shoppers(
    db: web::Data<Db>,
    _staff: StaffMember,
    params: web::Query<AccountParams>,
) -> Result<HttpResponse, ApiError> {
    let params = params.into_inner();
    let page = page_of(params.page)?;
    let q = search_of(params.q)?;
    let (accounts, total) =
        db.list_accounts(q, u64::from(page - 1) * u64::from(PAGE_SIZE), PAGE_SIZE).await?;
    Ok(HttpResponse::Ok().json(Accounts {
        accounts: accounts.into_iter().map(AccountBody::from).collect(),
        total,
        page,
        pages: pages(total),
    }))
}

#[api_operation(
    operation_id = "setAccountDisabled",
    tag = "admin",
    summary = "Disable an account (it cannot sign in, and its sessions end at once) or enable it again (owner)",
    params(AccountPath),
    request_body = AccountStateInput,
    responses(
        (status = 200, description = "The account as it now is", body = AccountBody),
        WriteErrors, NotFound
    )
)]
pub async fn set_account_disabled(
    db: web::Data<Db>,
    sessions: web::Data<SessionStore>,
    owner: StaffMember,
    id: web::Path<ShopperId>,
    input: web::Json<AccountStateInput>,
) -> Result<HttpResponse, ApiError> {
    let id = id.into_inner();
    let user = db.set_disabled(owner.actor(), id, input.disabled).await?;
    if input.disabled {
        sessions.end_sessions_of(id).await?;
    }
    let mut body = AccountBody::from(user);
    body.disabled = input.disabled;
    Ok(HttpResponse::Ok().json(body))
}
