//! The back office's stores: what only staff read and write (docs/architecture.md#the-back-office).
//! Each write records its audit entry (`audit.rs`) in its own transaction.

pub mod audit;
pub mod imports;
pub mod orders;
pub mod pictures;
mod product_effects;
pub mod products;
pub mod promotions;
pub mod refunds;
pub mod reviews;
pub mod shipping;
pub mod staff;
pub mod summary;
pub mod variants;
