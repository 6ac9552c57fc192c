//! Shoppers' accounts.

use super::ids::ShopperId;
use super::roles::Role;
use super::time::Timestamp;

#[derive(Debug, Clone)]
pub struct User {
    pub id: ShopperId,
    pub first_name: String,
    pub last_name: String,
    pub username: String,
    pub email: String,
    pub created_at: Timestamp,
    pub role: Role,
    /// A public demo's shopper (`market serve --demo`) ends, with all it made, then.
    pub demo_ends_at: Option<Timestamp>,
}

impl User {
    /// A login everyone may use (the printed demo shopper, or a public demo's visitor's
    /// own): its address and password stay as they are.
    pub fn is_demo(&self) -> bool {
        self.demo_ends_at.is_some()
            || self.email.eq_ignore_ascii_case(super::demo::SHOPPER_EMAIL)
            || self.username.eq_ignore_ascii_case(super::demo::SHOPPER.username)
    }
}

/// A new account, its fields trimmed and checked, its password already hashed.
pub struct NewUser {
    pub first_name: String,
    pub last_name: String,
    pub username: String,
    pub email: String,
    pub password_hash: String,
}
