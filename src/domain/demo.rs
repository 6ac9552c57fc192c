//! A public demo's fixed logins (docs/rules.md#fixed-values): the demo shopper's, which
//! the sign-in page's "Sign in as demo user" sends, and, with `--demo`, the viewer's
//! that opens the back office. Both are printed at start and shown to visitors, so
//! neither guards anything: what they may do is bounded elsewhere.

pub struct Login {
    pub username: &'static str,
    pub password: &'static str,
}

/// The demo shopper (docs/rules.md#fixed-values).
pub const SHOPPER: Login = Login { username: "demo", password: "password" };
pub const SHOPPER_EMAIL: &str = "demo@market.test";

/// A public demo's look-only back-office account.
pub const VIEWER: Login = Login { username: "admin", password: "look-around" };

/// What the viewer's writes answer in a public demo.
pub const VIEWER_REFUSAL: &str = "This demo account can look but not change anything.";

/// Whether a sign-in sends the demo shopper's credentials (the username or the email,
/// either case, as every sign-in takes them).
pub fn is_shopper_login(credential: &str, password: &str) -> bool {
    let credential = credential.trim();
    (credential.eq_ignore_ascii_case(SHOPPER.username) || credential.eq_ignore_ascii_case(SHOPPER_EMAIL))
        && password == SHOPPER.password
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_demo_login_is_its_username_or_email_with_its_password() {
        assert!(is_shopper_login("demo", "password"));
        assert!(is_shopper_login(" Demo@Market.test ", "password"));
        assert!(!is_shopper_login("demo", "Password"));
        assert!(!is_shopper_login("demo2", "password"));
        assert!(!is_shopper_login("admin", "look-around"));
    }
}
