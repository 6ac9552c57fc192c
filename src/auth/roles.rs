//! The back office's gate: a route of the table at level `viewer`, `staff` or `owner`
//! passes through [`viewer`], [`staff`] or [`owner`], which reads the signed-in
//! account's role and state from the database on every request (a role taken away, or
//! an account disabled, counts at once) and lets through only an account whose role
//! reaches the route's. Handlers take the [`StaffMember`] it found; none of them asks
//! for a role itself (docs/architecture.md#the-route-table).

use std::future::{Ready, ready};

use actix_session::SessionExt;
use actix_web::body::MessageBody;
use actix_web::dev::{Payload, ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{FromRequest, HttpMessage, HttpRequest, ResponseError, web};

use super::current_user::USER_ID;
use crate::db::Db;
use crate::domain::ShopperId;
use crate::domain::admin::audit::Actor;
use crate::domain::roles::Role;
use crate::error::ApiError;

/// The staff account a back-office request comes from.
#[derive(Debug, Clone)]
pub struct StaffMember {
    pub id: ShopperId,
    pub username: String,
    pub role: Role,
}

impl StaffMember {
    /// Who the audit log names for this request's writes.
    pub fn actor(&self) -> Actor {
        Actor { id: Some(self.id), name: self.username.clone() }
    }
}

impl FromRequest for StaffMember {
    type Error = ApiError;
    type Future = Ready<Result<StaffMember, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        // Put there by the gate; a handler of a route without one is a mistake of ours.
        ready(req.extensions().get::<StaffMember>().cloned().ok_or_else(|| {
            ApiError::internal(anyhow::anyhow!("{} has no role in the route table", req.path()))
        }))
    }
}

/// The answer to an account whose role does not reach `needed`.
fn refusal(role: Role, needed: Role) -> ApiError {
    match role {
        Role::Shopper => ApiError::Forbidden("This is for the store's staff.".into()),
        Role::Viewer => {
            ApiError::Forbidden("Your account can look at the back office but not change anything.".into())
        }
        _ if needed == Role::Owner => ApiError::Forbidden("Only an owner of the store can do this.".into()),
        _ => ApiError::Forbidden("Your role does not allow this.".into()),
    }
}

async fn gate(
    needed: Role,
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let user_id = req.get_session().get::<ShopperId>(USER_ID).ok().flatten();
    let refused = match user_id {
        None => Some(ApiError::Unauthorized("Authentication required".into())),
        Some(id) => {
            let db = req.app_data::<web::Data<Db>>().expect("Db is registered").clone();
            match db.get_access(id).await {
                Err(e) => Some(e.into()),
                Ok(None) => Some(ApiError::Unauthorized("Authentication required".into())),
                Ok(Some(access)) if access.disabled => {
                    Some(ApiError::Unauthorized("Authentication required".into()))
                }
                Ok(Some(access)) if !access.role.reaches(needed) => Some(refusal(access.role, needed)),
                Ok(Some(access)) => {
                    req.extensions_mut().insert(StaffMember {
                        id,
                        username: access.username,
                        role: access.role,
                    });
                    None
                }
            }
        }
    };
    match refused {
        Some(error) => Ok(req.into_response(error.error_response()).map_into_right_body()),
        None => next.call(req).await.map(ServiceResponse::map_into_left_body),
    }
}

/// Reads of the back office.
pub async fn viewer(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    gate(Role::Viewer, req, next).await
}

/// Changes to the catalog, stock, orders and reviews.
pub async fn staff(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    gate(Role::Staff, req, next).await
}

/// Staff accounts and disabling shoppers.
pub async fn owner(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    gate(Role::Owner, req, next).await
}
