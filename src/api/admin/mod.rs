//! The back office's API, under `/api/admin` (docs/architecture.md#the-back-office).
//! Every route names its role in the route table (`api/mod.rs`); handlers take the
//! [`StaffMember`](crate::auth::StaffMember) the gate found and never ask for a role.
//! What its calls take and answer in JSON is in [`dto`], beside the storefront's
//! `api/dto.rs`.

pub mod accounts;
pub mod audit;
pub mod catalog_csv;
pub mod dto;
pub mod mail;
pub mod orders;
pub mod pictures;
pub mod products;
pub mod promotions;
pub mod reviews;
pub mod second_factor;
pub mod shipping;
pub mod summary;
pub mod variants;

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

/// A list's `q`: trimmed, `None` when blank; at most 100 characters and no NUL.
pub fn search_of(q: Option<String>) -> Result<Option<String>, Rejection> {
    let q = q.map(|q| q.trim().to_owned()).filter(|q| !q.is_empty());
    match q.as_deref() {
        Some(q) if q.contains('\0') => {
            Err(Rejection::BadParameter(crate::domain::inputs::NUL_REFUSED.into()))
        }
        Some(q) if q.chars().count() > 100 => {
            Err(Rejection::BadParameter("q must be at most 100 characters.".into()))
        }
        _ => Ok(q),
    }
}

/// How many pages of [`PAGE_SIZE`] rows `total` rows fill (at least one).
pub fn pages(total: u64) -> u32 {
    total.div_ceil(u64::from(PAGE_SIZE)).clamp(1, u64::from(u32::MAX)) as u32
}
