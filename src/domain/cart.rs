//! The cart (docs/rules.md#cart): every add is a new line of quantity 1.

use super::money::Cents;
use super::pricing::{Quote, quote};

/// A cart holds at most this many lines.
pub const MAX_LINES: i64 = 50;

#[derive(Debug, Clone)]
pub struct CartLine {
    pub cart_id: i64,
    pub product_id: i64,
    pub department_id: i64,
    pub name: String,
    pub price: Cents,
    pub preview_image: String,
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
