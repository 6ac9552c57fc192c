//! The back office's rules: what staff may send (products, variants, staff accounts, the
//! checkout's shipping methods, tax rates and promotion codes), the catalog as CSV,
//! pictures as uploaded, and the audit log's entries (docs/architecture.md#the-back-office).

pub mod audit;
pub mod catalog_csv;
pub mod checkout_inputs;
pub mod inputs;
pub mod pictures;
pub mod refund_input;
pub mod variant_inputs;
