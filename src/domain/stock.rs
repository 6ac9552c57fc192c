//! Units left to sell (docs/rules.md#stock). Adding to a cart reserves nothing; placing
//! an order takes the units of every line in the order's own transaction, by a
//! statement that cannot take more than there is, or takes none at all.

use super::ids::ProductId;

/// From this many units down, the storefront says how many are left.
pub const LOW: i64 = 10;

/// Units left as the public catalog tells them: the count from [`LOW`] down, and
/// `LOW + 1` for anything more ("more than 10"), as the storefront says nothing more
/// of them. So a sale that leaves plenty changes no answer a shopper reads, and the
/// answers and pages kept of the product stay kept (the database logs the same rule:
/// its step 21). The back office reads the count itself.
pub fn as_told(units: i64) -> i64 {
    units.min(LOW + 1)
}

/// The stock the seed gives product `id`: believable levels, most between 200 and 1,999 (a department store's warehouse),
/// about one product in fourteen low (1 to 9) and one in twenty-nine sold out;
/// deterministic like the rest of the seed. Migration 7 writes the same formula in SQL
/// for stores made before it.
pub fn seeded(id: i64) -> i64 {
    if id % 29 == 12 {
        0
    } else if id % 13 == 3 {
        1 + id % 9
    } else {
        200 + (id * 37) % 1800
    }
}

/// A product an order could not take enough of.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shortage {
    pub product_id: ProductId,
    pub name: String,
    /// Units the order asked for.
    pub wanted: i64,
    /// Units left (0 for a product no longer sold).
    pub left: i64,
}

impl Shortage {
    /// The line the shopper reads.
    pub fn sentence(&self) -> String {
        match self.left {
            0 => format!("{} is out of stock.", self.name),
            1 => format!("Only 1 {} is left; your cart holds {}.", self.name, self.wanted),
            left => format!("Only {left} of {} are left; your cart holds {}.", self.name, self.wanted),
        }
    }
}

/// A product's SKU when it is given none: from its id, as the seed names them.
pub fn default_sku(id: i64) -> String {
    format!("MKT-{id:06}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seed_has_some_products_low_and_some_sold_out_and_the_promoted_ones_in_stock() {
        let levels: Vec<i64> = (1..=156).map(seeded).collect();
        assert!(levels.iter().all(|&n| n >= 0));
        assert!(levels.iter().filter(|&&n| n == 0).count() >= 4);
        assert!(levels.iter().filter(|&&n| (1..=LOW).contains(&n)).count() >= 8);
        assert!(seeded(51) > LOW && seeded(61) > LOW);
    }

    #[test]
    fn a_shortage_names_the_product_and_what_is_left() {
        let short = |left| Shortage { product_id: ProductId(7), name: "Lamp".into(), wanted: 2, left };
        assert_eq!(short(0).sentence(), "Lamp is out of stock.");
        assert_eq!(short(1).sentence(), "Only 1 Lamp is left; your cart holds 2.");
        assert_eq!(default_sku(51), "MKT-000051");
    }
}
