//! A checkout a real shop can use (docs/rules.md#checkout): the address book, shipping
//! methods, tax rates and promotion codes, priced by one rule in the quote and the order.
//!
//! The store's methods, rates and codes are set up here by SQL, as an operator's shell
//! would, so these tests hold the storefront alone; the back office's calls that make
//! them are tested in `back_office_checkout.rs`.

mod addresses;
mod promotions;
mod quote;
pub(crate) mod setup;

pub use setup::*;
