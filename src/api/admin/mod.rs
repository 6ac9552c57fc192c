//! The back office's API, under `/api/admin` (docs/architecture.md#the-back-office).
//! Every route names its role in the route table (`api/mod.rs`); handlers take the
//! [`StaffMember`](crate::auth::StaffMember) the gate found and never ask for a role.

pub mod orders;
pub mod products;
