//! SQLite's errors as the store's [`Error`]: busy, full, a broken constraint by name.

use crate::db::{Constraint, Error};

impl From<rusqlite::Error> for Error {
    fn from(e: rusqlite::Error) -> Self {
        use rusqlite::ErrorCode::{ConstraintViolation, DatabaseBusy, DatabaseLocked, DiskFull};
        match e.sqlite_error_code() {
            Some(DatabaseBusy | DatabaseLocked) => Error::Unavailable(e.to_string()),
            Some(DiskFull) => Error::Full(e.to_string()),
            Some(ConstraintViolation) => match constraint(&e.to_string()) {
                Some(c) => Error::Conflict(vec![c]),
                None => Error::Other(e.into()),
            },
            _ => Error::Other(e.into()),
        }
    }
}

/// SQLite names a broken unique constraint by its columns
/// ("UNIQUE constraint failed: users.username").
fn constraint(message: &str) -> Option<Constraint> {
    let columns = message.strip_prefix("UNIQUE constraint failed: ")?;
    match columns {
        "users.username" => Some(Constraint::UniqueUsername),
        "users.email" => Some(Constraint::UniqueEmail),
        "reviews.user_id, reviews.product_id" => Some(Constraint::OneReviewPerShopperAndProduct),
        "products.sku" | "product_variants.sku" => Some(Constraint::UniqueSku),
        "shipping_methods.name" => Some(Constraint::UniqueShippingMethodName),
        "shipping_methods.is_default" => Some(Constraint::OneDefaultShippingMethod),
        "promotions.code" => Some(Constraint::UniquePromotionCode),
        _ => None,
    }
}

impl From<r2d2::Error> for Error {
    fn from(e: r2d2::Error) -> Self {
        Error::Unavailable(e.to_string())
    }
}
