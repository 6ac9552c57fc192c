//! What a rule can refuse, and what the shopper reads when it does. `error.rs` gives
//! each its HTTP status; the words are the product's (docs/rules.md#status-codes).

use super::cart::MAX_LINES;
use super::checkout::CodeRefusal;
use super::fields::address::MAX_ADDRESSES;
use super::ids::{ProductId, VariantId};
use super::money::Cents;
use super::order_status::OrderStatus;
use super::stock::Shortage;

/// The kinds of things a shopper can ask for by id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Thing {
    Department,
    Product,
    Review,
    CartLine,
    Favorite,
    Order,
    Account,
    Picture,
    Import,
    Address,
    ShippingMethod,
    Promotion,
    TaxRate,
    PaymentIntent,
    Mail,
    StockAlert,
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
            Thing::Account => "Account",
            Thing::Picture => "Picture",
            Thing::Import => "Import",
            Thing::Address => "Address",
            Thing::ShippingMethod => "Shipping method",
            Thing::Promotion => "Promotion",
            Thing::TaxRate => "Tax rate",
            Thing::PaymentIntent => "Payment",
            Thing::Mail => "Mail",
            Thing::StockAlert => "Back-in-stock alert",
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
    /// An order some of whose lines the store cannot fill; nothing was taken.
    #[error("Some items in your cart are not available in the quantity you ordered.")]
    OutOfStock(Vec<Shortage>),
    /// A product with no units left, added to a cart.
    #[error("This product is out of stock.")]
    SoldOut,
    /// An archived product, added to a cart.
    #[error("This product is no longer sold.")]
    NotForSale,
    /// A product with options, added to a cart without saying which variant.
    #[error("variantId is missing: choose the {options} of {product}.")]
    ChooseVariant { product: String, options: String },
    /// A variant id that is not one of the product's (another product's, or gone).
    #[error("variantId {variant_id} is not a variant of product {product_id}.")]
    NotAVariant { product_id: ProductId, variant_id: VariantId },
    /// A variant id given for a product sold as one thing.
    #[error("Product {0} has no variants: send no variantId.")]
    NoVariants(ProductId),
    /// An order holding lines whose chosen variant is no longer sold; nothing was taken.
    #[error("Some items in your cart are no longer sold as you chose them.")]
    VariantsGone(Vec<String>),
    #[error("An order that is {from} cannot become {to}.")]
    StatusMove { from: OrderStatus, to: OrderStatus },
    /// The right password for an account an owner has disabled.
    #[error("This account has been disabled. Please contact the store.")]
    AccountDisabled,
    /// A unique field of the back office's that another row holds; the message names it.
    #[error("{0}")]
    Taken(&'static str),
    /// A back-office write the store's state does not allow now (a product's pictures
    /// are full, an import is being applied); the message says which.
    #[error("{0}")]
    NotNow(&'static str),
    /// A 21st address.
    #[error("An address book holds at most {MAX_ADDRESSES} addresses.")]
    AddressBookFull,
    /// A promotion code a quote cannot use; the message says why.
    #[error("{0}")]
    CodeRefused(CodeRefusal),
    /// A promotion code an order cannot use; nothing was ordered.
    #[error("{0}")]
    OrderCodeRefused(CodeRefusal),
    /// A refund of more than is left of what was paid.
    #[error("That is more than can be refunded: {left} is left.")]
    RefundTooLarge { left: Cents },
    /// A refund of an order whose payment was not taken (yet, or ever).
    #[error("This order's payment has not been taken yet, so there is nothing to refund.")]
    NotCaptured,
    /// A refund's restock naming a line of another order.
    #[error("Line {0} is not a line of this order.")]
    NotALine(i64),
    /// A refund's restock naming a line whose unit went back already.
    #[error("Line {0} has already gone back to stock.")]
    LineRestocked(i64),
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
            Rejection::OutOfStock(shortages) => shortages.iter().map(Shortage::sentence).collect(),
            Rejection::VariantsGone(names) => names
                .iter()
                .map(|name| format!("{name} is no longer sold as chosen: remove it and choose again."))
                .collect(),
            Rejection::Malformed(_)
            | Rejection::BadParameter(_)
            | Rejection::SoldOut
            | Rejection::NotForSale
            | Rejection::ChooseVariant { .. }
            | Rejection::NotAVariant { .. }
            | Rejection::NoVariants(_)
            | Rejection::StatusMove { .. }
            | Rejection::Taken(_)
            | Rejection::NotNow(_)
            | Rejection::AddressBookFull
            | Rejection::CodeRefused(_)
            | Rejection::OrderCodeRefused(_)
            | Rejection::CartFull
            | Rejection::EmptyCart
            | Rejection::RefundTooLarge { .. }
            | Rejection::NotCaptured
            | Rejection::NotALine(_)
            | Rejection::LineRestocked(_)
            | Rejection::AlreadyReviewed => {
                vec![self.to_string()]
            }
            Rejection::NotFound(_)
            | Rejection::NotYours(_)
            | Rejection::KeyReused
            | Rejection::AccountDisabled => Vec::new(),
        }
    }
}
