//! One rule for every shopper resource: a row someone else owns is a 403, a row that
//! does not exist is a 404, and neither changes anything.

use super::rusqlite::{OptionalExtension, Transaction, params};
use crate::error::ApiError;

/// Checks that `table` row `id` belongs to `user_id`. `table` is a constant of ours.
pub fn check_owner(
    tx: &Transaction,
    table: &'static str,
    what: &str,
    id: i64,
    user_id: i64,
) -> Result<(), ApiError> {
    let owner: Option<i64> = tx
        .prepare_cached(&format!("SELECT user_id FROM {table} WHERE id = ?1"))?
        .query_row(params![id], |r| r.get(0))
        .optional()?;
    match owner {
        None => Err(ApiError::not_found(what)),
        Some(owner) if owner != user_id => {
            Err(ApiError::Forbidden(format!("This {} is not yours", what.to_lowercase())))
        }
        Some(_) => Ok(()),
    }
}

pub fn require_product(tx: &Transaction, product_id: i64) -> Result<(), ApiError> {
    if super::catalog::product_exists(tx, product_id)? { Ok(()) } else { Err(ApiError::not_found("Product")) }
}
