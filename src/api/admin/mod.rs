//! The back office's API, under `/api/admin` (docs/architecture.md#the-back-office).
//! Every route names its role in the route table (`api/mod.rs`); handlers take the
//! [`StaffMember`](crate::auth::StaffMember) the gate found and never ask for a role.

pub mod accounts;
pub mod audit;
pub mod orders;
pub mod products;
pub mod reviews;
pub mod second_factor;
pub mod summary;

use crate::domain::Rejection;

/// Rows on a page of the back office's lists (products say their own).
pub const PAGE_SIZE: u32 = 25;

/// A list's `page` parameter: from 1 (the default) to 1,000,000.
pub fn page_of(page: Option<u32>) -> Result<u32, Rejection> {
    let page = page.unwrap_or(1);
    match (1..=1_000_000).contains(&page) {
        true => Ok(page),
        false => Err(Rejection::BadParameter("page must be a whole number from 1 to 1000000.".into())),
    }
}

/// How many pages of [`PAGE_SIZE`] rows `total` rows fill (at least one).
pub fn pages(total: u64) -> u32 {
    total.div_ceil(u64::from(PAGE_SIZE)).clamp(1, u64::from(u32::MAX)) as u32
}
