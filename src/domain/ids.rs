//! The ids that cross layers, each a type of its own, so that passing a product's id
//! where a variant's is asked does not compile. Each is the database row's id, and
//! the JSON's: a bare number on the wire (`#[serde(transparent)]`).

use serde::{Deserialize, Serialize};

/// What every id type can be turned into: the row's id.
pub trait Id: Copy {
    fn get(self) -> i64;
}

macro_rules! ids {
    ($($(#[$doc:meta])* $name:ident;)*) => {$(
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub i64);

        impl Id for $name {
            fn get(self) -> i64 {
                self.0
            }
        }

        impl From<i64> for $name {
            fn from(id: i64) -> Self {
                $name(id)
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }
    )*};
}

impl VariantId {
    /// A variant the back office adds, not saved yet (the id it sends for one).
    pub const NEW: VariantId = VariantId(0);
}

ids! {
    /// A product (`products.id`).
    ProductId;
    /// One of a product's variants (`product_variants.id`).
    VariantId;
    /// An order (`orders.id`).
    OrderId;
    /// An account that shops: every account is one (`users.id`); staff are shoppers
    /// with a role.
    ShopperId;
    /// A review (`reviews.id`).
    ReviewId;
    /// A line of a shopper's cart (`cart_items.id`, the answer's `cartId`).
    CartLineId;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_id_is_a_bare_number_on_the_wire() {
        assert_eq!(serde_json::to_string(&ProductId(42)).unwrap(), "42");
        assert_eq!(serde_json::from_str::<OrderId>("7").unwrap(), OrderId(7));
        assert_eq!(ReviewId(3).to_string(), "3");
        assert_eq!(CartLineId(9).get(), 9);
    }
}
