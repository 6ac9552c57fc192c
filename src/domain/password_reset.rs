//! Resetting a forgotten password (docs/rules.md#password-reset). A reset is asked for
//! by e-mail address and answered the same whether or not an account has it; the
//! account's owner gets a mail with a link holding a token: 32 random bytes, of which the
//! store keeps only a hash. The token works once, for 30 minutes, and only while it is
//! the account's latest and no password change came after it.

use std::time::Duration;

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD as B64;
use garde::Validate;
use rand::RngCore;
use serde::Deserialize;
use sha2::{Digest, Sha256};

use super::fields;
use super::inputs::{NUL_REFUSED, email_rule, exact_length};

/// How long a link works.
pub const VALID_FOR: Duration = Duration::from_secs(30 * 60);

/// What every request for a reset answers, account or not.
pub const ASKED: &str = "If an account has that address, a link to reset its password is on its way. \
                         It works for 30 minutes.";
/// What a used, expired, replaced or ended link answers, whichever it is.
pub const TOKEN_REFUSED: &str = "This link to reset your password has expired or was already used. \
                                 Ask for a new one.";
/// The demo logins are everyone's: their passwords stay as printed.
pub const DEMO_REFUSED: &str = "A demo account's password can't be reset.";
/// A reset done.
pub const RESET: &str = "Your password is changed. Sign in with it.";

/// A new token: what the mail's link carries, and the hash the store keeps.
pub struct Token {
    pub token: String,
    pub hash: String,
}

impl Token {
    pub fn random() -> Token {
        let mut bytes = [0u8; 32];
        rand::rng().fill_bytes(&mut bytes);
        let token = B64.encode(bytes);
        Token { hash: hash(&token), token }
    }
}

/// The hash the store keeps of `token`: SHA-256, in hex. A token is random enough that
/// no salt or slow hash is needed; the hash keeps a leaked table from resetting anyone.
pub fn hash(token: &str) -> String {
    Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

/// `POST /api/password-resets`.
#[derive(Debug, Deserialize, Validate, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({"email": "jane@example.com"}))]
pub struct ResetRequest {
    /// The account's e-mail address, in any case.
    #[serde(default)]
    #[schema(required = true, max_length = 100)]
    #[garde(custom(email_rule))]
    pub email: String,
}

/// `POST /api/password-resets/confirm`.
#[derive(Deserialize, Validate, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({"token": "q2Vb…", "password": "a new password"}))]
pub struct ResetConfirm {
    /// The token of the mail's link (after `#token=`).
    #[serde(default)]
    #[schema(required = true, max_length = 64)]
    #[garde(custom(token_rule(TOKEN_REFUSED)))]
    pub token: String,
    /// The new password, by the sign-up's rule.
    #[serde(default)]
    #[schema(required = true, max_length = 128)]
    #[garde(custom(exact_length(fields::signup::PASSWORD)))]
    pub password: String,
}

impl std::fmt::Debug for ResetConfirm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ResetConfirm")
    }
}

/// A token of any other shape was never one of ours: the same answer, `refused`, as a
/// used one.
pub(super) fn token_rule(refused: &'static str) -> impl FnOnce(&str, &()) -> garde::Result {
    move |value, _| match value.contains('\0') {
        true => Err(garde::Error::new(NUL_REFUSED)),
        false if value.is_empty() || value.len() > 64 => Err(garde::Error::new(refused)),
        false => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_32_random_bytes_in_url_safe_base64_and_only_its_hash_is_kept() {
        let (one, two) = (Token::random(), Token::random());
        assert_eq!(one.token.len(), 43);
        assert!(one.token.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
        assert_ne!(one.token, two.token);
        assert_eq!(one.hash, hash(&one.token));
        assert_eq!(one.hash.len(), 64);
        assert_ne!(one.hash, one.token);
    }
}
