//! What an order costs (docs/rules.md#money): the one pricing rule, for the cart's
//! figures, the checkout's quote and the order alike.
//!
//! subtotal (the lines) − the promotion code's discount − the RedCard's 5% of what is
//! left (when the order is paid with the RedCard) + shipping (free from the method's `free_over` on the subtotal) + tax at the
//! address's region rate on the discounted goods (shipping untaxed), rounded half up to
//! the cent once per order. Every figure is integer cents; nothing goes below $0.00.

use super::money::Cents;

/// A promotion code's discount, as its kind and value say.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Discount {
    /// 1–100 percent of the subtotal, rounded half up to the cent.
    Percent(i64),
    /// A fixed amount, at most the subtotal.
    Amount(Cents),
}

/// A tax rate in thousandths of a percent: 8.25% is `TaxRate(8250)`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, PartialOrd, Ord)]
pub struct TaxRate(pub i64);

impl TaxRate {
    /// The highest rate staff may set: 25%.
    pub const MAX: TaxRate = TaxRate(25_000);

    /// The rate as a percent, for the wire: `8.25`.
    pub fn as_percent(self) -> f64 {
        self.0 as f64 / 1000.0
    }
}

/// What a shipping method costs an order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Delivery {
    pub price: Cents,
    /// From this subtotal on, delivery is free.
    pub free_over: Option<Cents>,
}

/// Everything but the lines that prices an order. The default is the spec's checkout:
/// no code, free delivery, no tax, paid with the RedCard.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Terms {
    pub discount: Option<Discount>,
    pub delivery: Delivery,
    pub tax: TaxRate,
    /// Paid with the RedCard, which takes its 5% off; any other way pays in full.
    pub redcard: bool,
}

impl Default for Terms {
    fn default() -> Self {
        Terms { discount: None, delivery: Delivery::default(), tax: TaxRate::default(), redcard: true }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Quote {
    pub subtotal: Cents,
    /// Every discount: the code's and the RedCard's.
    pub discount: Cents,
    /// The part of `discount` the promotion code gives.
    pub promotion: Cents,
    pub shipping: Cents,
    pub tax: Cents,
    pub total: Cents,
}

impl Quote {
    /// The RedCard's 5%: what is left of `discount` after the code's.
    pub fn card(&self) -> Cents {
        self.discount - self.promotion
    }
}

/// `amount × rate / denominator`, rounded half up to the cent (amounts are never negative).
fn share(amount: Cents, rate: i64, denominator: i64) -> Cents {
    let exact = i128::from(amount.0) * i128::from(rate);
    let denominator = i128::from(denominator);
    Cents(((exact * 2 + denominator) / (denominator * 2)) as i64)
}

/// The one rule: the lines' `prices` under `terms`.
pub fn price(prices: impl IntoIterator<Item = Cents>, terms: &Terms) -> Quote {
    let subtotal: Cents = prices.into_iter().sum();
    let promotion = match terms.discount {
        None => Cents(0),
        Some(Discount::Percent(percent)) => share(subtotal, percent.clamp(0, 100), 100),
        Some(Discount::Amount(amount)) => amount.clamp(Cents(0), subtotal),
    };
    let card = match terms.redcard {
        true => (subtotal - promotion).five_percent(),
        false => Cents(0),
    };
    let goods = subtotal - promotion - card;
    let shipping = match terms.delivery.free_over {
        Some(free_over) if subtotal >= free_over => Cents(0),
        _ => terms.delivery.price,
    };
    let tax = share(goods, terms.tax.0, 100_000);
    Quote { subtotal, discount: promotion + card, promotion, shipping, tax, total: goods + shipping + tax }
}

/// The lines' `prices` at the spec's checkout: the RedCard's 5%, free delivery, no tax.
pub fn quote(prices: impl IntoIterator<Item = Cents>) -> Quote {
    price(prices, &Terms::default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_total_is_the_subtotal_less_five_percent() {
        let q = |prices: &[i64]| {
            let q = quote(prices.iter().map(|&p| Cents(p)));
            (q.subtotal.0, q.discount.0, q.total.0)
        };
        assert_eq!(q(&[10_000]), (10_000, 500, 9_500));
        assert_eq!(q(&[1_999]), (1_999, 100, 1_899));
        assert_eq!(q(&[34_999, 49_999]), (84_998, 4_250, 80_748));
        assert_eq!(q(&[]), (0, 0, 0));
    }

    #[test]
    fn a_code_comes_off_first_then_the_card_then_delivery_and_tax_are_added() {
        let terms = Terms {
            discount: Some(Discount::Percent(10)),
            delivery: Delivery { price: Cents(799), free_over: Some(Cents(5_000)) },
            tax: TaxRate(8_250),
            redcard: true,
        };
        // 49.99: 10% is 5.00 (4.999 half up); 5% of 44.99 is 2.25 (2.2495); goods 42.74;
        // tax 8.25% of 42.74 is 3.53 (3.52605); delivery 7.99 (below 50.00).
        let q = price([Cents(4_999)], &terms);
        assert_eq!(
            (q.promotion, q.card(), q.shipping, q.tax),
            (Cents(500), Cents(225), Cents(799), Cents(353))
        );
        assert_eq!(q.total, Cents(4_999 - 500 - 225 + 799 + 353));
        // From exactly 50.00 delivery is free.
        assert_eq!(price([Cents(5_000)], &terms).shipping, Cents(0));
    }

    #[test]
    fn only_the_redcard_takes_its_five_percent() {
        let terms = Terms { tax: TaxRate(10_000), redcard: false, ..Terms::default() };
        let q = price([Cents(10_000)], &terms);
        assert_eq!((q.discount, q.card(), q.tax, q.total), (Cents(0), Cents(0), Cents(1_000), Cents(11_000)));
    }

    #[test]
    fn an_amount_code_takes_at_most_the_subtotal() {
        let terms = Terms { discount: Some(Discount::Amount(Cents(10_000))), ..Terms::default() };
        let q = price([Cents(2_500)], &terms);
        assert_eq!((q.promotion, q.card(), q.tax, q.total), (Cents(2_500), Cents(0), Cents(0), Cents(0)));
    }
}
