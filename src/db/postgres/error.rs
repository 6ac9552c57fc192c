//! PostgreSQL's errors as the store's [`Error`]: the server out of reach, busy, full,
//! a broken constraint by name, two transactions in each other's way.

use crate::db::{Constraint, Error};

impl From<postgres::Error> for Error {
    fn from(e: postgres::Error) -> Self {
        use postgres::error::SqlState;
        let Some(db) = e.as_db_error() else {
            return match lost_the_server(&e) {
                true => Error::Unreachable(e.to_string()),
                // A value that does not fit its column, a statement with the wrong
                // parameters: the store's own mistake.
                false => Error::Other(anyhow::anyhow!("PostgreSQL: {e}")),
            };
        };
        let code = db.code();
        if *code == SqlState::UNIQUE_VIOLATION {
            return match db.constraint().and_then(named_constraint) {
                Some(c) => Error::Conflict(vec![c]),
                None => Error::Other(anyhow::anyhow!("PostgreSQL: {}", db.message())),
            };
        }
        if *code == SqlState::T_R_SERIALIZATION_FAILURE || *code == SqlState::T_R_DEADLOCK_DETECTED {
            return Error::Contention(db.message().to_owned());
        }
        if *code == SqlState::DISK_FULL {
            return Error::Full(db.message().to_owned());
        }
        // A standby (a failover that left the URL pointing at a read-only server): it
        // answers, but takes no writes now.
        if *code == SqlState::READ_ONLY_SQL_TRANSACTION {
            return Error::Unavailable(db.message().to_owned());
        }
        // Class 08 (connection exceptions) and the server shutting down or starting up
        // (57P01-57P03): it cannot be reached now and will be again.
        if code.code().starts_with("08") || ["57P01", "57P02", "57P03"].contains(&code.code()) {
            return Error::Unreachable(db.message().to_owned());
        }
        // Class 53 (too many connections, out of resources) and 57 (a statement cancelled
        // for running past statement_timeout): it answers, but not this now.
        if code.code().starts_with("53") || code.code().starts_with("57") {
            return Error::Unavailable(db.message().to_owned());
        }
        // postgres says only "db error"; the server's own words go to the log.
        Error::Other(anyhow::anyhow!("PostgreSQL: {} ({})", db.message(), code.code()))
    }
}

/// An error that is not the server's answer but the want of one: the connection could
/// not be made, failed, or was closed.
fn lost_the_server(e: &postgres::Error) -> bool {
    let mut source = std::error::Error::source(e);
    while let Some(cause) = source {
        if cause.is::<std::io::Error>() {
            return true;
        }
        source = cause.source();
    }
    // The client's own words for the kinds it does not expose.
    e.is_closed()
        || ["error connecting to server", "timeout waiting for server"].contains(&e.to_string().as_str())
}

/// PostgreSQL names a broken constraint by the name the schema gave it.
fn named_constraint(name: &str) -> Option<Constraint> {
    match name {
        "users_username_unique" => Some(Constraint::UniqueUsername),
        "users_email_unique" => Some(Constraint::UniqueEmail),
        "reviews_one_per_shopper_and_product" => Some(Constraint::OneReviewPerShopperAndProduct),
        "products_by_sku" | "product_variants_by_sku" => Some(Constraint::UniqueSku),
        "shipping_methods_by_name" => Some(Constraint::UniqueShippingMethodName),
        "shipping_methods_one_default" => Some(Constraint::OneDefaultShippingMethod),
        "promotions_code_key" => Some(Constraint::UniquePromotionCode),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_postgres_server_that_cannot_be_reached_is_told_from_a_refusal() {
        // Nothing listens on port 1: the client's own error, with the refusal as its cause.
        let refused = postgres::Config::new()
            .host("127.0.0.1")
            .port(1)
            .user("market")
            .connect(postgres::NoTls)
            .err()
            .expect("nothing listens on port 1");
        assert!(matches!(Error::from(refused), Error::Unreachable(_)));
    }
}
