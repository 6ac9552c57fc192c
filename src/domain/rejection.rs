//! What a rule can refuse, and what the shopper reads when it does. `error.rs` gives
//! each its HTTP status; the words are the product's (docs/rules.md#status-codes).

use super::cart::MAX_LINES;
use super::money::Cents;

/// The kinds of things a shopper can ask for by id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Thing {
    Department,
    Product,
    Review,
    CartLine,
    Favorite,
    Order,
}

impl Thing {
    pub fn name(self) -> &'static str {
        match self {
            Thing::Department => "Department",
            Thing::Product => "Product",
            Thing::Review => "Review",
            Thing::CartLine => "Cart item",
            Thing::Favorite => "Favorite",
            Thing::Order => "Order",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Rejection {
    /// Input that breaks a field rule; one line per problem.
    #[error("Validation error")]
    Invalid(Vec<String>),
    /// Input that cannot be read at all (a malformed header, say).
    #[error("{0}")]
    Malformed(&'static str),
    /// A query parameter out of its range; the message names it.
    #[error("{0}")]
    BadParameter(String),
    #[error("{} couldn't be found", .0.name())]
    NotFound(Thing),
    #[error("This {} is not yours", .0.name().to_lowercase())]
    NotYours(Thing),
    #[error("A cart holds at most {MAX_LINES} items.")]
    CartFull,
    #[error("Your cart is empty.")]
    EmptyCart,
    /// The shopper ordered from a view of the cart that is no longer true.
    #[error("Your cart changed. Please review it and place your order again.")]
    StaleCart { total: Cents },
    #[error("You have already reviewed this product.")]
    AlreadyReviewed,
    #[error("User already exists")]
    AccountTaken { username: bool, email: bool },
    #[error("This Idempotency-Key was already used for a different order.")]
    KeyReused,
}

impl Rejection {
    /// The answer's `errors` lines.
    pub fn errors(&self) -> Vec<String> {
        match self {
            Rejection::Invalid(errors) => errors.clone(),
            Rejection::StaleCart { total } => vec![format!("The current total is {total}.")],
            Rejection::AccountTaken { username, email } => {
                let mut errors = Vec::new();
                if *username {
                    errors.push("That username is already taken.".to_string());
                }
                if *email {
                    errors.push("An account with that email already exists.".to_string());
                }
                errors
            }
            Rejection::Malformed(_)
            | Rejection::BadParameter(_)
            | Rejection::CartFull
            | Rejection::EmptyCart
            | Rejection::AlreadyReviewed => {
                vec![self.to_string()]
            }
            Rejection::NotFound(_) | Rejection::NotYours(_) | Rejection::KeyReused => Vec::new(),
        }
    }
}
