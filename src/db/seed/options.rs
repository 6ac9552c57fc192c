//! The options the seed gives the kinds of product that have them in real stores:
//! clothing and shoes by size and colour, phones by storage (in price steps) and colour,
//! some other electronics and sports goods by colour or size. Chosen by the product's
//! name (a generated product borrows its template's), deterministic like the rest.

use crate::domain::stock;
use crate::domain::variants::ProductOption;

/// A seeded product's options and variants, and what its row says of them.
pub struct Seeded {
    pub options: Vec<ProductOption>,
    pub variants: Vec<SeededVariant>,
    /// The variants' units, the product's stock.
    pub stock: i64,
    /// The highest price a variant asks, when above the product's.
    pub price_to: Option<i64>,
}

pub struct SeededVariant {
    pub sku: String,
    pub values: Vec<String>,
    /// Its own price, when it steps above the product's.
    pub price: Option<i64>,
    pub stock: i64,
}

const SHOE_SIZES: &[&str] =
    &["6", "6.5", "7", "7.5", "8", "8.5", "9", "9.5", "10", "10.5", "11", "11.5", "12", "13"];
const SIZES: &[&str] = &["XS", "S", "M", "L", "XL"];

/// An option, and the price step each of its values adds (in cents).
struct Kind {
    name: &'static str,
    values: &'static [&'static str],
    steps: &'static [i64],
}

const fn plain(name: &'static str, values: &'static [&'static str]) -> Kind {
    Kind { name, values, steps: &[] }
}

/// The options of a product called `name`, by the words that say what it is.
fn kinds(name: &str) -> Vec<Kind> {
    let has = |word: &str| name.to_lowercase().contains(word);
    if has("t-shirt") {
        vec![
            Kind { name: "Size", values: SIZES, steps: &[0, 0, 0, 0, 200] },
            plain("Colour", &["White", "Black", "Navy"]),
        ]
    } else if has("dress") && !has("dress shoes") {
        vec![plain("Size", SIZES), plain("Colour", &["Blue Floral", "Red Floral"])]
    } else if has("coat") {
        vec![plain("Size", &["S", "M", "L", "XL"]), plain("Colour", &["Camel", "Charcoal"])]
    } else if has("jeans") {
        vec![
            plain("Waist", &["26", "27", "28", "29", "30", "31", "32"]),
            plain("Colour", &["Light Wash", "Dark Wash"]),
        ]
    } else if has("sneakers") {
        vec![plain("Shoe size", SHOE_SIZES), plain("Colour", &["White", "Grey"])]
    } else if has("boots") || has("dress shoes") {
        vec![plain("Shoe size", SHOE_SIZES), plain("Colour", &["Black", "Brown"])]
    } else if has("socks") {
        vec![plain("Size", &["S", "M", "L"])]
    } else if has("gloves") {
        vec![plain("Size", &["S/M", "L/XL"]), plain("Colour", &["Grey", "Black"])]
    } else if has("scarf") || has("baseball cap") || has("tote") {
        vec![plain("Colour", &["Black", "Camel", "Olive"])]
    } else if has("smartphone") {
        vec![
            Kind { name: "Storage", values: &["128GB", "256GB", "512GB"], steps: &[0, 10_000, 20_000] },
            plain("Colour", &["Graphite", "Silver", "Blue"]),
        ]
    } else if has("smartwatch") {
        vec![plain("Band", &["S/M", "M/L"]), plain("Colour", &["Black", "Silver"])]
    } else if has("headphones") || has("wireless keyboard") || has("wireless mouse") {
        vec![plain("Colour", &["Black", "Silver", "Midnight Blue"])]
    } else if has("yoga mat") {
        vec![plain("Colour", &["Purple", "Teal", "Black"])]
    } else {
        Vec::new()
    }
}

/// The options and variants of product `id` called `name`, or `None` for one sold as
/// one thing. Every combination is sold; some sizes are sold out, and all of a product
/// the seed sells out of ([`stock::seeded`] 0) are.
pub fn seeded(id: i64, name: &str, price: i64) -> Option<Seeded> {
    let kinds = kinds(name);
    if kinds.is_empty() {
        return None;
    }
    let options: Vec<ProductOption> = kinds
        .iter()
        .map(|k| ProductOption {
            name: k.name.into(),
            values: k.values.iter().map(|v| v.to_string()).collect(),
        })
        .collect();
    let mut combinations: Vec<Vec<usize>> = vec![Vec::new()];
    for k in &kinds {
        combinations = combinations
            .into_iter()
            .flat_map(|c| (0..k.values.len()).map(move |i| [c.clone(), vec![i]].concat()))
            .collect();
    }
    let units = stock::seeded(id);
    let variants: Vec<SeededVariant> = combinations
        .iter()
        .enumerate()
        .map(|(n, picks)| {
            let step: i64 = kinds.iter().zip(picks).map(|(k, &i)| k.steps.get(i).copied().unwrap_or(0)).sum();
            let n = n as i64;
            // A few of each, the ends of a size run fewer, about one in nine sold out.
            let stock = match units {
                0 => 0,
                _ if (id * 7 + n * 5) % 9 == 4 => 0,
                _ => 1 + (id * 31 + n * 17) % 40,
            };
            SeededVariant {
                sku: format!("{}-{:02}", stock::default_sku(id), n + 1),
                values: kinds.iter().zip(picks).map(|(k, &i)| k.values[i].to_string()).collect(),
                price: (step > 0).then_some(price + step),
                stock,
            }
        })
        .collect();
    let stock = variants.iter().map(|v| v.stock).sum();
    let price_to = variants.iter().filter_map(|v| v.price).max();
    Some(Seeded { options, variants, stock, price_to })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clothing_comes_in_sizes_and_colours_and_phones_in_price_steps() {
        let tee = seeded(25, "Men's Classic Crew Neck T-Shirt", 1200).unwrap();
        assert_eq!(tee.options.iter().map(|o| o.name.as_str()).collect::<Vec<_>>(), ["Size", "Colour"]);
        assert_eq!(tee.variants.len(), 15);
        assert_eq!(tee.price_to, Some(1400), "XL costs $2 more");
        assert!(tee.variants.iter().any(|v| v.stock == 0) && tee.stock > 0);
        let phone = seeded(50, "Voltaic X12 Smartphone, 128GB, Unlocked", 64_999).unwrap();
        assert_eq!(phone.variants.len(), 9);
        assert_eq!(phone.variants[3].values, ["256GB", "Graphite"]);
        assert_eq!(phone.variants[3].price, Some(74_999));
        assert_eq!(seeded(29, "Unisex Everyday Running Sneakers", 5999).unwrap().variants.len(), 28);
        assert!(seeded(51, "Lumen 65\" Class 4K UHD QLED Smart TV", 59_999).is_none());
    }

    /// The scripts that load the store pick products sold as one thing from a list of
    /// their own (a cart line of the others names a variant): it must be the seed's.
    #[test]
    fn the_load_scripts_know_which_seeded_products_have_options() {
        let catalog: super::super::catalog::Catalog =
            serde_json::from_str(super::super::catalog::CATALOG).unwrap();
        let ids: Vec<String> = catalog
            .products
            .iter()
            .filter(|p| seeded(p.id, &p.name, p.price_cents).is_some())
            .map(|p| p.id.to_string())
            .collect();
        let list = ids.join(", ");
        assert!(
            include_str!("../../../scripts/lib/seeded.py")
                .contains(&format!("WITH_OPTIONS = frozenset([{list}])")),
            "scripts/lib/seeded.py lists {list}"
        );
        assert!(
            include_str!("../../../benches/load.rs").contains(&format!("[{list}];")),
            "benches/load.rs too"
        );
    }
}
