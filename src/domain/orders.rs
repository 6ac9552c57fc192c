//! Orders (docs/rules.md#orders): the server prices the cart itself; what the client
//! sends only tells a stale view of the cart from a current one.

use super::cart::CartLine;
use super::ids::{OrderId, ProductId, ShopperId, VariantId};
use super::money::Cents;
pub use super::order_status::OrderStatus;
use super::payments::{Payment, Refund};
use super::pricing::{Quote, TaxRate};
use super::rejection::Rejection;
use super::ship_to::ShipTo;
use super::time::Timestamp;

#[derive(Debug, Clone)]
pub struct OrderLine {
    pub product_id: ProductId,
    pub department_id: i64,
    pub name: String,
    /// As it was when the order was placed.
    pub price: Cents,
    pub preview_image: String,
    pub variant_id: Option<VariantId>,
    /// The variant's option values as they were when the order was placed.
    pub options: super::variants::Chosen,
    /// The line's own id (a line is one unit).
    pub line_id: i64,
    /// Its unit went back to stock (a refund's restock, or the order's cancel).
    pub restocked: bool,
}

/// What an order keeps of its checkout, as it was when it was placed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shipment {
    /// A copy of the address: later edits of the address book never reach it.
    pub ship_to: ShipTo,
    /// The method chosen (`None` for orders placed before there were methods).
    pub method_id: Option<i64>,
    pub method_name: String,
    pub days: String,
    pub promotion_code: Option<String>,
    pub tax_region: Option<String>,
    pub tax_rate: TaxRate,
}

#[derive(Debug, Clone)]
pub struct Order {
    pub id: OrderId,
    pub user_id: ShopperId,
    /// The shopper's username (the back office names who placed it).
    pub username: String,
    pub quote: Quote,
    pub shipment: Shipment,
    pub status: OrderStatus,
    pub created_at: Timestamp,
    /// When the status last changed (when it was placed, until it moves).
    pub status_changed_at: Timestamp,
    pub payment: Payment,
    /// Oldest first.
    pub refunds: Vec<Refund>,
    pub lines: Vec<OrderLine>,
}

/// What the shopper saw when they pressed "Place your order".
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CartView {
    pub total: Cents,
    /// Product ids, one per line, in any order; `None` for a line without one.
    pub product_ids: Vec<Option<ProductId>>,
}

/// Accepts the order of `lines` priced at `quote` only if the shopper saw exactly these
/// products at this total.
pub fn accept(lines: &[CartLine], quote: Quote, seen: &CartView) -> Result<Quote, Rejection> {
    if lines.is_empty() {
        return Err(Rejection::EmptyCart);
    }
    let mut ours: Vec<Option<ProductId>> = lines.iter().map(|l| Some(l.product_id)).collect();
    let mut theirs = seen.product_ids.clone();
    ours.sort_unstable();
    theirs.sort_unstable();
    if ours != theirs || seen.total != quote.total {
        return Err(Rejection::StaleCart { total: quote.total });
    }
    Ok(quote)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::CartLineId;
    use crate::domain::pricing::quote;

    fn accept(lines: &[CartLine], seen: &CartView) -> Result<Quote, Rejection> {
        super::accept(lines, quote(lines.iter().map(|l| l.price)), seen)
    }

    fn line(product_id: i64, cents: i64) -> CartLine {
        CartLine {
            cart_id: CartLineId(product_id * 10),
            product_id: ProductId(product_id),
            department_id: 5,
            name: format!("p{product_id}"),
            price: Cents(cents),
            preview_image: String::new(),
            variant_id: None,
            options: Vec::new(),
            variant_gone: false,
        }
    }

    fn seen(total: i64, ids: &[i64]) -> CartView {
        CartView { total: Cents(total), product_ids: ids.iter().map(|&id| Some(ProductId(id))).collect() }
    }

    #[test]
    fn an_order_of_the_cart_as_seen_is_priced_by_the_server() {
        let lines = [line(51, 34_999), line(52, 1_999), line(51, 34_999)];
        let quote = accept(&lines, &seen(68_397, &[52, 51, 51])).unwrap();
        assert_eq!(
            (quote.subtotal, quote.discount, quote.total),
            (Cents(71_997), Cents(3_600), Cents(68_397))
        );
    }

    #[test]
    fn another_total_or_other_products_is_a_stale_cart_naming_the_current_total() {
        let lines = [line(51, 1_999)];
        let stale = Rejection::StaleCart { total: Cents(1_899) };
        assert_eq!(accept(&lines, &seen(1_999, &[51])), Err(stale.clone()));
        assert_eq!(accept(&lines, &seen(1_899, &[52])), Err(stale.clone()));
        assert_eq!(accept(&lines, &seen(1_899, &[51, 51])), Err(stale.clone()));
        assert_eq!(stale.errors(), ["The current total is $18.99."]);
    }

    #[test]
    fn an_empty_cart_cannot_be_ordered() {
        assert_eq!(accept(&[], &seen(0, &[])), Err(Rejection::EmptyCart));
    }
}
