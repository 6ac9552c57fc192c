//! Changing one's own account (docs/rules.md#account-changes): names at once, a password
//! with the current one, and an e-mail address only once its owner opens the link mailed
//! to it (24 hours, once; the old address is told when it takes effect).

use std::time::Duration;

use garde::Validate;
use serde::Deserialize;

use super::fields;
use super::inputs::{email_rule, exact_length, length};
use super::password_reset::token_rule;

/// How long the link to confirm a new address works.
pub const EMAIL_VALID_FOR: Duration = Duration::from_secs(24 * 60 * 60);

/// A current password that isn't the account's.
pub const WRONG_PASSWORD: &str = "That isn't your current password.";
/// The demo logins are everyone's: their addresses and passwords stay as printed.
pub const DEMO_REFUSED: &str = "A demo account's e-mail address and password can't be changed.";
/// A password changed.
pub const PASSWORD_CHANGED: &str = "Your password is changed. Your other devices are signed out.";
/// A new address confirmed.
pub const EMAIL_CHANGED: &str = "Your e-mail address is changed.";
/// A used, expired, replaced or made-up link, whichever it is.
pub const EMAIL_TOKEN_REFUSED: &str = "This link to confirm an e-mail address has expired or was already \
                                       used. Change the address again from your account.";

/// `PATCH /api/account`: the fields to change, and the current password.
#[derive(Deserialize, Validate, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({"firstName": "Ada", "email": "ada@example.org", "currentPassword": "analytical engine"}))]
pub struct AccountChange {
    #[schema(max_length = 25)]
    #[garde(inner(custom(length(fields::signup::FIRST_NAME))))]
    pub first_name: Option<String>,
    #[schema(max_length = 25)]
    #[garde(inner(custom(length(fields::signup::LAST_NAME))))]
    pub last_name: Option<String>,
    /// A new address: it takes effect once the link mailed to it is opened.
    #[schema(max_length = 100)]
    #[garde(inner(custom(email_rule)))]
    pub email: Option<String>,
    #[serde(default)]
    #[schema(required = true, max_length = 128)]
    #[garde(custom(current_password_rule))]
    pub current_password: String,
}

impl std::fmt::Debug for AccountChange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AccountChange")
            .field("first_name", &self.first_name)
            .field("last_name", &self.last_name)
            .field("email", &self.email)
            .finish_non_exhaustive()
    }
}

/// The names to keep, trimmed: `None` leaves one as it is.
pub struct Names {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
}

impl AccountChange {
    pub fn names(&self) -> Names {
        let trimmed = |name: &Option<String>| name.as_deref().map(|n| n.trim().to_owned());
        Names { first_name: trimmed(&self.first_name), last_name: trimmed(&self.last_name) }
    }

    pub fn email(&self) -> Option<String> {
        self.email.as_deref().map(|e| e.trim().to_owned())
    }
}

/// `PUT /api/account/password`.
#[derive(Deserialize, Validate, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({"currentPassword": "analytical engine", "password": "difference engine"}))]
pub struct PasswordChange {
    #[serde(default)]
    #[schema(required = true, max_length = 128)]
    #[garde(custom(current_password_rule))]
    pub current_password: String,
    /// The new password, by the sign-up's rule.
    #[serde(default)]
    #[schema(required = true, max_length = 128)]
    #[garde(custom(exact_length(fields::signup::PASSWORD)))]
    pub password: String,
}

impl std::fmt::Debug for PasswordChange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("PasswordChange")
    }
}

/// `POST /api/account/email-confirmations`.
#[derive(Deserialize, Validate, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({"token": "q2Vb…"}))]
pub struct EmailConfirmation {
    /// The token of the mail's link (after `#token=`).
    #[serde(default)]
    #[schema(required = true, max_length = 64)]
    #[garde(custom(token_rule(EMAIL_TOKEN_REFUSED)))]
    pub token: String,
}

impl std::fmt::Debug for EmailConfirmation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("EmailConfirmation")
    }
}

/// Any password the account could have: longer ones are never right.
fn current_password_rule(value: &str, _: &()) -> garde::Result {
    match value.is_empty() || value.chars().count() > fields::signup::PASSWORD.max {
        true => Err(garde::Error::new(WRONG_PASSWORD)),
        false => Ok(()),
    }
}
