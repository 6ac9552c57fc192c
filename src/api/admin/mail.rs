//! The outbox (docs/rules.md#mail): every mail the store has written, as its recipient
//! reads it, and where it stands.

use actix_web::{HttpResponse, web};
use market_macros::api_operation;

use super::dto::{MailBody, MailList, MailParams, MailSummary};
use super::{PAGE_SIZE, page_of, pages};
use crate::api::openapi::{BadRequest, NotFound, StaffReadErrors};
use crate::auth::StaffMember;
use crate::db::Db;
use crate::domain::mail::draw::Letterhead;
use crate::domain::roles::Role;
use crate::error::ApiError;

#[api_operation(
    operation_id = "listMails",
    tag = "admin",
    summary = "The outbox, newest first: to whom, about what, sent or waiting (viewer)",
    params(MailParams),
    responses(
        (status = 200, description = "One page of mails", body = MailList),
        StaffReadErrors, BadRequest
    )
)]
pub async fn list_mails(
    db: web::Data<Db>,
    _staff: StaffMember,
    params: web::Query<MailParams>,
) -> Result<HttpResponse, ApiError> {
    let page = page_of(params.page)?;
    let (mails, total) =
        db.list_mails(u64::from(page - 1) * u64::from(PAGE_SIZE), u64::from(PAGE_SIZE)).await?;
    let mails = mails.iter().map(MailSummary::of).collect();
    Ok(HttpResponse::Ok().json(MailList { mails, total, page, pages: pages(total) }))
}

#[api_operation(
    operation_id = "getMail",
    tag = "admin",
    summary = "One mail as its recipient reads it: its plain-text and HTML parts; a reset link only to owners (viewer)",
    params(("id" = i64, Path, minimum = 1, description = "The mail's id")),
    responses(
        (status = 200, description = "The mail", body = MailBody),
        StaffReadErrors, BadRequest, NotFound
    )
)]
pub async fn get_mail(
    db: web::Data<Db>,
    letterhead: web::Data<Letterhead>,
    staff: StaffMember,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let mut mail = db.get_mail(id.into_inner()).await?;
    // A reset link opens the account: owners read it (a store without a mail server
    // hands it on by hand), viewers and staff read the mail without it.
    if staff.role != Role::Owner {
        mail.facts = mail.facts.without_secrets();
    }
    let drawn = mail.draw(&letterhead);
    Ok(HttpResponse::Ok().json(MailBody {
        summary: MailSummary::of(&mail),
        text: drawn.text,
        html: drawn.html,
    }))
}
