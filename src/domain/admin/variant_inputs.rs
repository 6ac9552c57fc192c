//! The back office's body for a product's options and variants, and its checks
//! (docs/rules.md#variants): the whole set, every problem named at once.

use std::collections::{HashMap, HashSet};

use serde::Deserialize;

use crate::domain::ids::VariantId;
use crate::domain::variants::{
    MAX_OPTION_TEXT, MAX_OPTIONS, MAX_VALUES, MAX_VARIANTS, ProductOption, Variant, VariantSet,
};
use crate::domain::{Rejection, fields};

/// The back office's options and variants of one product, saved whole: options in
/// order, and every variant that is sold. A variant given with its `id` keeps it (and
/// the carts that hold it); one left out is no longer sold.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schema(example = json!({
    "options": [{"name": "Size", "values": ["S", "M"]}, {"name": "Colour", "values": ["Navy"]}],
    "variants": [
        {"sku": "TEE-S-NAVY", "options": {"Size": "S", "Colour": "Navy"}, "price": null, "stock": 12},
        {"sku": "TEE-M-NAVY", "options": {"Size": "M", "Colour": "Navy"}, "price": 13.99, "stock": 0, "imageId": 2}
    ]}))]
pub struct VariantsInput {
    #[serde(default)]
    #[schema(max_items = 3)]
    pub options: Vec<ProductOption>,
    #[serde(default)]
    #[schema(max_items = 2000)]
    pub variants: Vec<VariantInput>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct VariantInput {
    /// The variant this row keeps; absent for a new one.
    #[serde(default)]
    pub id: Option<i64>,
    #[schema(pattern = "^[A-Za-z0-9._-]+$", min_length = 1, max_length = 40)]
    pub sku: String,
    /// A value of each option, by the option's name.
    pub options: HashMap<String, String>,
    /// Dollars; `null` or absent: the product's price. Never below the product's.
    #[serde(default)]
    #[schema(value_type = Option<f64>, minimum = 0.01, maximum = 100000, multiple_of = 0.01)]
    pub price: Option<f64>,
    #[schema(minimum = 0, maximum = 1000000000)]
    pub stock: i64,
    /// One of the product's pictures (`GET /api/admin/products/{id}/images`).
    #[serde(default)]
    pub image_id: Option<i64>,
}

impl VariantsInput {
    /// Checks the whole set, naming each problem once: options (at most three, names and
    /// values unique regardless of case, none empty), each variant's values (one of each
    /// option's, nothing else), combinations and SKUs unique, prices and stock in range.
    pub fn parse(self) -> Result<VariantSet, Rejection> {
        let options: Vec<ProductOption> = self
            .options
            .into_iter()
            .map(|o| ProductOption {
                name: o.name.trim().to_owned(),
                values: o.values.into_iter().map(|v| v.trim().to_owned()).collect(),
            })
            .collect();
        let mut errors = option_problems(&options);
        if options.is_empty() && !self.variants.is_empty() {
            errors.push("Variants need options to tell them apart.".into());
        }
        if !options.is_empty() && self.variants.is_empty() {
            errors.push("A product with options needs at least one variant.".into());
        }
        if self.variants.len() > MAX_VARIANTS {
            errors.push(format!("A product has at most {MAX_VARIANTS} variants."));
        }
        if !errors.is_empty() {
            return Err(Rejection::Invalid(errors));
        }

        let mut variants = Vec::with_capacity(self.variants.len());
        let mut taken = Taken::default();
        for (row, v) in self.variants.into_iter().enumerate() {
            let at = format!("Variant {}", row + 1);
            variants.push(check_variant(v, &at, &options, &mut taken, &mut errors));
            // One line per kind of problem is enough to fix a sheet of 2,000 rows.
            if errors.len() >= 20 {
                errors.push("…and possibly more: fix these first.".into());
                break;
            }
        }
        match errors.is_empty() {
            true => Ok(VariantSet { options, variants }),
            false => Err(Rejection::Invalid(errors)),
        }
    }
}

/// What is wrong with the options: more than three, a name or value empty, too long or
/// given twice (regardless of case), an option without values or with too many.
fn option_problems(options: &[ProductOption]) -> Vec<String> {
    let mut errors: Vec<String> = Vec::new();
    if options.len() > MAX_OPTIONS {
        errors.push(format!("A product has at most {MAX_OPTIONS} options."));
    }
    let mut names = HashSet::new();
    for o in options {
        errors.extend(bad_text(&o.name, "An option's name"));
        if !names.insert(o.name.to_lowercase()) {
            errors.push(format!("There are two options named \"{}\".", o.name));
        }
        if o.values.is_empty() {
            errors.push(format!("The option \"{}\" has no values.", o.name));
        }
        if o.values.len() > MAX_VALUES {
            errors.push(format!("The option \"{}\" has more than {MAX_VALUES} values.", o.name));
        }
        let mut seen = HashSet::new();
        for v in &o.values {
            errors.extend(bad_text(v, &format!("A value of \"{}\"", o.name)));
            if !seen.insert(v.to_lowercase()) {
                errors.push(format!("The option \"{}\" has the value \"{v}\" twice.", o.name));
            }
        }
    }
    errors
}

/// What the variants checked so far hold, which a later one may not hold again: their
/// combinations of values and SKUs (regardless of case), and their ids.
#[derive(Default)]
struct Taken {
    combinations: HashSet<String>,
    skus: HashSet<String>,
    ids: HashSet<i64>,
}

/// Checks one variant (`at` names it in messages) against the options and the variants
/// before it, adding each problem to `errors`.
fn check_variant(
    v: VariantInput,
    at: &str,
    options: &[ProductOption],
    taken: &mut Taken,
    errors: &mut Vec<String>,
) -> Variant {
    let sku = v.sku.trim().to_owned();
    if let Err(message) = fields::sku_rule(&sku) {
        errors.push(format!("{at}: {message}"));
    } else if !taken.skus.insert(sku.to_lowercase()) {
        errors.push(format!("{at}: the SKU {sku} is given twice."));
    }
    if let Some(id) = v.id
        && !taken.ids.insert(id)
    {
        errors.push(format!("{at}: the variant {id} is given twice."));
    }
    let values = chosen_values(&v.options, at, options, errors);
    if values.len() == options.len() && !taken.combinations.insert(values.join("\u{1f}").to_lowercase()) {
        errors.push(format!("{at}: {} is given twice.", values.join(", ")));
    }
    let price = match v.price {
        None => None,
        Some(dollars) => match fields::price_rule(dollars) {
            Ok(cents) => Some(cents),
            Err(message) => {
                errors.push(format!("{at}: {message}"));
                None
            }
        },
    };
    let rule = fields::product::STOCK;
    if v.stock < rule.min as i64 {
        errors.push(format!("{at}: {}", rule.too_short));
    } else if v.stock > rule.max as i64 {
        errors.push(format!("{at}: {}", rule.too_long));
    }
    Variant {
        id: v.id.map_or(VariantId::NEW, VariantId),
        sku,
        values,
        price,
        stock: v.stock,
        image_id: v.image_id,
        image: None,
    }
}

/// A variant's values in the options' order, each as its option spells it, from the
/// values it was given by option name (any case); a value missing, unknown, or of no
/// option is a problem.
fn chosen_values(
    given_values: &HashMap<String, String>,
    at: &str,
    options: &[ProductOption],
    errors: &mut Vec<String>,
) -> Vec<String> {
    let mut values = Vec::with_capacity(options.len());
    for o in options {
        let given = given_values.iter().find(|(k, _)| k.trim().eq_ignore_ascii_case(&o.name));
        match given {
            None => errors.push(format!("{at}: no value for \"{}\".", o.name)),
            Some((_, value)) => match o.values.iter().find(|x| x.eq_ignore_ascii_case(value.trim())) {
                Some(known) => values.push(known.clone()),
                None => errors.push(format!("{at}: \"{}\" has no value \"{}\".", o.name, value.trim())),
            },
        }
    }
    for name in given_values.keys() {
        if !options.iter().any(|o| o.name.eq_ignore_ascii_case(name.trim())) {
            errors.push(format!("{at}: the product has no option \"{}\".", name.trim()));
        }
    }
    values
}

/// An option's name or value that is empty or too long, said.
fn bad_text(text: &str, what: &str) -> Option<String> {
    if text.is_empty() {
        Some(format!("{what} cannot be empty."))
    } else if text.chars().count() > MAX_OPTION_TEXT {
        Some(format!("{what} \"{text}\" is longer than {MAX_OPTION_TEXT} characters."))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn option(name: &str, values: &[&str]) -> ProductOption {
        ProductOption { name: name.into(), values: values.iter().map(|v| v.to_string()).collect() }
    }

    fn row(sku: &str, pairs: &[(&str, &str)], stock: i64) -> VariantInput {
        VariantInput {
            id: None,
            sku: sku.into(),
            options: pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
            price: None,
            stock,
            image_id: None,
        }
    }

    #[test]
    fn a_set_is_read_in_the_options_order_and_values_match_regardless_of_case() {
        let set = VariantsInput {
            options: vec![option(" Size ", &["S", "M"]), option("Colour", &["Navy"])],
            variants: vec![row("T-S", &[("colour", "navy"), ("size", "s")], 3)],
        }
        .parse()
        .unwrap();
        assert_eq!(set.options[0].name, "Size");
        assert_eq!(set.variants[0].values, ["S", "Navy"]);
    }

    #[test]
    fn every_problem_is_named() {
        let Err(Rejection::Invalid(errors)) = VariantsInput {
            options: vec![option("Size", &["S", "s"]), option("size", &[])],
            variants: vec![row("A", &[], 1)],
        }
        .parse() else {
            panic!()
        };
        assert_eq!(
            errors,
            [
                "The option \"Size\" has the value \"s\" twice.",
                "There are two options named \"size\".",
                "The option \"size\" has no values."
            ]
        );
        let four = (0..4).map(|i| option(&format!("O{i}"), &["a"])).collect();
        let Err(Rejection::Invalid(errors)) = VariantsInput { options: four, variants: vec![] }.parse()
        else {
            panic!()
        };
        assert!(errors.contains(&"A product has at most 3 options.".to_string()), "{errors:?}");
        let Err(Rejection::Invalid(errors)) = VariantsInput {
            options: vec![option("Size", &["S", "M"])],
            variants: vec![
                row("A", &[("Size", "S")], 1),
                row("a", &[("Size", "S")], -1),
                row("B", &[("Size", "XL"), ("Fit", "Slim")], 1),
            ],
        }
        .parse() else {
            panic!()
        };
        assert_eq!(
            errors,
            [
                "Variant 2: the SKU a is given twice.",
                "Variant 2: S is given twice.",
                "Variant 2: Stock cannot be below 0.",
                "Variant 3: \"Size\" has no value \"XL\".",
                "Variant 3: the product has no option \"Fit\"."
            ]
        );
    }
}
