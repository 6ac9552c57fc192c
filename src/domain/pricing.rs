//! What a cart costs (docs/rules.md#money): the subtotal of its lines, the RedCard 5%
//! discount rounded half up to the cent, and the total. Delivery is free and tax is
//! $0.00, so they add nothing.

use super::money::Cents;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Quote {
    pub subtotal: Cents,
    pub discount: Cents,
    pub total: Cents,
}

pub fn quote(prices: impl IntoIterator<Item = Cents>) -> Quote {
    let subtotal: Cents = prices.into_iter().sum();
    let discount = subtotal.five_percent();
    Quote { subtotal, discount, total: subtotal - discount }
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
}
