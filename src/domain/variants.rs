//! Options and variants (docs/rules.md#variants): a product may have up to three
//! options (Size, Colour, Storage), each with ordered values, and a variant for each
//! combination that is sold, with its own SKU, stock, and optionally price and picture.
//! A product without options is sold as one thing, as before.

use serde::{Deserialize, Serialize};

use super::ids::VariantId;
use super::money::Cents;

/// At most this many options a product.
pub const MAX_OPTIONS: usize = 3;
/// At most this many values an option.
pub const MAX_VALUES: usize = 100;
/// At most this many variants a product: the back office's grid and the product's
/// answer are built for this many.
pub const MAX_VARIANTS: usize = 2_000;
/// An option's name or value is at most this many characters.
pub const MAX_OPTION_TEXT: usize = 40;

/// One option and its values, in the order a shopper sees them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ProductOption {
    #[schema(example = "Size", min_length = 1, max_length = 40)]
    pub name: String,
    #[schema(value_type = Vec<OptionValueText>, max_items = 100, example = json!(["S", "M", "L"]))]
    pub values: Vec<String>,
}

/// An option's value as the schema states it: 1 to 40 characters.
#[derive(utoipa::ToSchema)]
#[schema(min_length = 1, max_length = 40)]
#[allow(dead_code)]
pub struct OptionValueText(String);

/// A product's options as its row keeps them (a JSON array; NULL for none).
pub fn options_from_row(text: Option<&str>) -> Vec<ProductOption> {
    // The store writes this column only from checked options: a value it cannot read
    // would be a bug, and the product is then shown without options rather than failing.
    text.and_then(|t| serde_json::from_str(t).ok()).unwrap_or_default()
}

/// The column's value for `options`.
pub fn options_to_row(options: &[ProductOption]) -> Option<String> {
    (!options.is_empty()).then(|| serde_json::to_string(options).expect("options serialize"))
}

/// One combination that is sold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Variant {
    pub id: VariantId,
    pub sku: String,
    /// One value for each of the product's options, in the options' order.
    pub values: Vec<String>,
    /// Its own price; `None`: the product's.
    pub price: Option<Cents>,
    pub stock: i64,
    /// One of the product's own pictures.
    pub image_id: Option<i64>,
    /// That picture's address, while the product still has it.
    pub image: Option<String>,
}

/// The values a product is sold in, as the listings' filters read them: each option's
/// values some variant has, as `(name, value, option's place, value's place)`. A value's
/// place is its share of the way along its option's values, in thousandths of the middle
/// of its step (`(place + ½) / values`): the facets order a value by the mean of its places,
/// and a glove's S/M (250 of two) then sits between a shirt's S (300 of five) and XS (100),
/// and L/XL (750) beside L (700), where counted in steps S/M came first, beside XS.
pub fn sold_values<'a>(
    options: &'a [ProductOption],
    variants: impl Iterator<Item = &'a [String]> + Clone,
) -> Vec<(&'a str, &'a str, usize, usize)> {
    let mut sold = Vec::new();
    for (at, option) in options.iter().enumerate() {
        for (place, value) in option.values.iter().enumerate() {
            if variants.clone().any(|values| values.get(at) == Some(value)) {
                let share = (2 * place + 1) * 500 / option.values.len();
                sold.push((option.name.as_str(), value.as_str(), at, share));
            }
        }
    }
    sold
}

/// A line's option values, named: `[("Size", "M"), ("Colour", "Navy")]`.
pub type Chosen = Vec<(String, String)>;

/// The values of a variant named by the product's options.
pub fn chosen(options: &[ProductOption], values: &[String]) -> Chosen {
    options.iter().zip(values).map(|(o, v)| (o.name.clone(), v.clone())).collect()
}

/// A line's values as they are kept on an order line (a JSON array of pairs, in order).
pub fn chosen_to_row(chosen: &Chosen) -> Option<String> {
    (!chosen.is_empty()).then(|| serde_json::to_string(chosen).expect("pairs serialize"))
}

pub fn chosen_from_row(text: Option<&str>) -> Chosen {
    text.and_then(|t| serde_json::from_str(t).ok()).unwrap_or_default()
}

/// The product's name with its values, as messages name a variant: "Tee (M, Navy)".
pub fn named(name: &str, chosen: &Chosen) -> String {
    match chosen.is_empty() {
        true => name.to_owned(),
        false => {
            let values: Vec<&str> = chosen.iter().map(|(_, v)| v.as_str()).collect();
            format!("{name} ({})", values.join(", "))
        }
    }
}

/// Options and variants once checked.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct VariantSet {
    pub options: Vec<ProductOption>,
    /// In the order given; `image` is left empty.
    pub variants: Vec<Variant>,
}

impl VariantSet {
    /// Every variant asks at least the product's price, its "from" price; the first
    /// that asks less, named.
    pub fn below(&self, product_price: Cents) -> Option<&Variant> {
        self.variants.iter().find(|v| v.price.is_some_and(|p| p < product_price))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sold_value_s_place_is_its_share_of_its_option_so_sizes_of_other_steps_interleave() {
        let shirt = [option("Size", &["XS", "S", "M", "L", "XL"]), option("Colour", &["Navy"])];
        let sold: Vec<Vec<String>> =
            ["XS", "S", "XL"].iter().map(|s| vec![s.to_string(), "Navy".to_string()]).collect();
        let places: Vec<(&str, usize)> =
            sold_values(&shirt, sold.iter().map(Vec::as_slice)).iter().map(|v| (v.1, v.3)).collect();
        assert_eq!(places, [("XS", 100), ("S", 300), ("XL", 900), ("Navy", 500)], "M and L are not sold");
        let gloves = [option("Size", &["S/M", "L/XL"])];
        let both = [vec!["S/M".to_string()], vec!["L/XL".to_string()]];
        let places: Vec<usize> =
            sold_values(&gloves, both.iter().map(Vec::as_slice)).iter().map(|v| v.3).collect();
        assert_eq!(places, [250, 750], "S/M between S and XS, L/XL between L and XL");
    }

    fn option(name: &str, values: &[&str]) -> ProductOption {
        ProductOption { name: name.into(), values: values.iter().map(|v| v.to_string()).collect() }
    }

    #[test]
    fn lines_keep_their_values_in_order() {
        let chosen =
            chosen(&[option("Size", &["M"]), option("Colour", &["Navy"])], &["M".into(), "Navy".into()]);
        let row = chosen_to_row(&chosen);
        assert_eq!(row.as_deref(), Some(r#"[["Size","M"],["Colour","Navy"]]"#));
        assert_eq!(chosen_from_row(row.as_deref()), chosen);
        assert_eq!(named("Tee", &chosen), "Tee (M, Navy)");
        assert_eq!(named("Tee", &Vec::new()), "Tee");
    }
}
