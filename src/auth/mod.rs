//! Who is asking: passwords, sessions, the signed-in shopper, anti-forgery tokens.
pub mod current_user;
pub mod demo;
pub mod limits;
pub mod password;
pub mod roles;
pub mod second_factor;
pub mod session;
pub mod xsrf;

pub use current_user::CurrentUser;
pub use password::Passwords;
pub use roles::StaffMember;
