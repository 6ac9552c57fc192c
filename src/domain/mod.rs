//! The store's rules as plain values and functions: no I/O, no HTTP, no SQL. Money is
//! integer cents; everything here is tested without a database (docs/architecture.md).
pub mod account;
pub mod addresses;
pub mod admin;
pub mod cart;
pub mod catalog;
pub mod checkout;
pub mod demo;
pub mod favorites;
pub mod fields;
pub mod html;
pub mod ids;
pub mod inputs;
pub mod listing;
pub mod mail;
pub mod money;
pub mod order_status;
pub mod orders;
pub mod ownership;
pub mod password_reset;
pub mod payments;
pub mod pricing;
pub mod rejection;
pub mod reviews;
pub mod roles;
pub mod ship_to;
pub mod stock;
pub mod stock_alerts;
pub mod time;
pub mod users;
pub mod variants;

pub use ids::{CartLineId, OrderId, ProductId, ReviewId, ShopperId, VariantId};
pub use money::Cents;
pub use rejection::{Rejection, Thing};
pub use time::Timestamp;
