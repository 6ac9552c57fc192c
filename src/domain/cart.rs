//! The cart (docs/rules.md#cart): every add is a new line of quantity 1.

use super::ids::{CartLineId, ProductId, VariantId};
use super::money::Cents;
use super::pricing::{Quote, quote};
use super::variants::Chosen;

/// A cart holds at most this many lines.
pub const MAX_LINES: i64 = 50;

#[derive(Debug, Clone)]
pub struct CartLine {
    pub cart_id: CartLineId,
    pub product_id: ProductId,
    pub department_id: i64,
    pub name: String,
    pub price: Cents,
    pub preview_image: String,
    /// The variant the line was added as (`None` for a product sold as one thing).
    pub variant_id: Option<VariantId>,
    /// The variant's option values, named; empty when it has none or is gone.
    pub options: Chosen,
    /// The variant chosen is no longer sold (the product's options changed): checkout
    /// refuses the line by name until it is removed.
    pub variant_gone: bool,
}

impl CartLine {
    /// The line as messages name it: "Tee (M, Navy)".
    pub fn named(&self) -> String {
        super::variants::named(&self.name, &self.options)
    }
}

#[derive(Debug, Clone)]
pub struct Cart {
    pub lines: Vec<CartLine>,
    /// What an order of this cart would cost now.
    pub quote: Quote,
}

impl Cart {
    pub fn new(lines: Vec<CartLine>) -> Cart {
        let quote = quote(lines.iter().map(|l| l.price));
        Cart { lines, quote }
    }
}
