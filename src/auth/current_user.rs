//! The signed-in shopper of a request, or a 401 before the handler runs.

use std::future::{Ready, ready};

use actix_session::SessionExt;
use actix_web::{FromRequest, HttpRequest, dev::Payload};

use crate::domain::ShopperId;
use crate::error::ApiError;

pub const USER_ID: &str = "user_id";

#[derive(Debug, Clone, Copy)]
pub struct CurrentUser {
    pub id: ShopperId,
}

impl FromRequest for CurrentUser {
    type Error = ApiError;
    type Future = Ready<Result<CurrentUser, ApiError>>;

    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let id = req.get_session().get::<ShopperId>(USER_ID).ok().flatten();
        ready(
            id.map(|id| CurrentUser { id })
                .ok_or_else(|| ApiError::Unauthorized("Authentication required".into())),
        )
    }
}
