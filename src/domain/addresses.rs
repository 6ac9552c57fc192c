//! The shopper's address book (docs/rules.md#addresses): at most 20 addresses, exactly
//! one of them the default while there are any, each checked field by field. An order
//! keeps a copy of the address it ships to, so an address changed or deleted later never
//! rewrites an order.

use serde::Deserialize;

use super::ship_to::ShipTo;

use super::fields::{self, FieldRule};
use super::ids::ShopperId;
use super::inputs::length;
use super::rejection::Rejection;

pub use super::fields::address::MAX_ADDRESSES;

/// The countries the store ships to (ISO 3166-1 alpha-2).
pub const SHIPPING_COUNTRIES: &[&str] = &["US"];

/// The 50 states, the District of Columbia and the territories, by USPS code.
pub const US_STATES: &[&str] = &[
    "AL", "AK", "AZ", "AR", "CA", "CO", "CT", "DE", "FL", "GA", "HI", "ID", "IL", "IN", "IA", "KS", "KY",
    "LA", "ME", "MD", "MA", "MI", "MN", "MS", "MO", "MT", "NE", "NV", "NH", "NJ", "NM", "NY", "NC", "ND",
    "OH", "OK", "OR", "PA", "RI", "SC", "SD", "TN", "TX", "UT", "VT", "VA", "WA", "WV", "WI", "WY", "DC",
    "AS", "GU", "MP", "PR", "VI", "UM",
];

/// An address of the book.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Address {
    pub id: i64,
    pub user_id: ShopperId,
    pub fields: ShipTo,
    pub is_default: bool,
}

/// An address as the shopper's form sends it. Text fields default to empty, so a
/// missing one gets the message of an empty one; unknown fields are ignored.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({"name": "Ada Lovelace", "line1": "200 Congress Ave", "line2": "Suite 4",
                          "city": "Austin", "state": "TX", "postalCode": "78701", "country": "US",
                          "phone": "+1 512 555 0100", "isDefault": true}))]
pub struct AddressInput {
    #[serde(default)]
    #[schema(required = true, max_length = 80)]
    pub name: String,
    #[serde(default)]
    #[schema(required = true, max_length = 100)]
    pub line1: String,
    #[serde(default)]
    #[schema(max_length = 100)]
    pub line2: String,
    #[serde(default)]
    #[schema(required = true, max_length = 60)]
    pub city: String,
    /// For `US`, a state's, DC's or a territory's two-letter code.
    #[serde(default)]
    #[schema(required = true, max_length = 2)]
    pub state: String,
    /// For `US`, a ZIP code: `55403` or `55403-1234`.
    #[serde(default)]
    #[schema(required = true, max_length = 10)]
    pub postal_code: String,
    /// ISO 3166-1 alpha-2; one of the countries the store ships to.
    #[serde(default)]
    #[schema(required = true, max_length = 2)]
    pub country: String,
    /// Digits, spaces and `+ - ( )`.
    #[serde(default)]
    #[schema(max_length = 20)]
    pub phone: String,
    /// Make this the default address (the old default stops being it in the same write).
    /// `false` never leaves the shopper without a default.
    #[serde(default)]
    pub is_default: bool,
}

/// A US ZIP code: five digits, optionally a dash and four more.
fn is_zip(code: &str) -> bool {
    let b = code.as_bytes();
    let digits = |s: &[u8]| s.iter().all(u8::is_ascii_digit);
    match b.len() {
        5 => digits(b),
        10 => digits(&b[..5]) && b[5] == b'-' && digits(&b[6..]),
        _ => false,
    }
}

fn named(rule: FieldRule, name: &str) -> String {
    rule.messages.iter().find(|(n, _)| *n == name).map_or(rule.too_short, |(_, m)| m).to_string()
}

impl AddressInput {
    /// The address to keep, text trimmed and codes in capitals; or every broken rule, one
    /// line each.
    pub fn parse(self) -> Result<(ShipTo, bool), Rejection> {
        use fields::address as rule;
        let mut errors: Vec<String> = Vec::new();
        let mut text = |value: String, rule: FieldRule| -> String {
            if let Err(e) = length(rule)(&value, &()) {
                errors.push(e.message().to_string());
            }
            value.trim().to_owned()
        };
        let name = text(self.name, rule::NAME);
        let line1 = text(self.line1, rule::LINE1);
        let line2 = text(self.line2, rule::LINE2);
        let city = text(self.city, rule::CITY);
        let country = self.country.trim().to_ascii_uppercase();
        let state = self.state.trim().to_ascii_uppercase();
        let postal_code = self.postal_code.trim().to_owned();
        if !SHIPPING_COUNTRIES.contains(&country.as_str()) {
            errors.push(match country.is_empty() {
                true => rule::COUNTRY.too_short.into(),
                false => named(rule::COUNTRY, "unknown"),
            });
        }
        if country == "US" {
            if !US_STATES.contains(&state.as_str()) {
                errors.push(named(rule::STATE, "unknown"));
            }
            if !is_zip(&postal_code) {
                errors.push(named(rule::POSTAL_CODE, "zip"));
            }
        }
        let phone = match length(rule::PHONE)(&self.phone, &()) {
            Ok(()) => self.phone.trim().to_owned(),
            Err(e) => {
                errors.push(e.message().to_string());
                String::new()
            }
        };
        if !phone.chars().all(|c| c.is_ascii_digit() || " +-()".contains(c)) {
            errors.push(named(rule::PHONE, "characters"));
        }
        if !errors.is_empty() {
            return Err(Rejection::Invalid(errors));
        }
        Ok((ShipTo { name, line1, line2, city, state, postal_code, country, phone }, self.is_default))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input() -> AddressInput {
        AddressInput {
            name: " Ada Lovelace ".into(),
            line1: "200 Congress Ave".into(),
            city: "Austin".into(),
            state: "tx".into(),
            postal_code: "78701-1234".into(),
            country: "us".into(),
            ..AddressInput::default()
        }
    }

    fn errors(input: AddressInput) -> Vec<String> {
        match input.parse() {
            Err(Rejection::Invalid(errors)) => errors,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_good_address_is_kept_trimmed_with_its_codes_in_capitals() {
        let (fields, default) = input().parse().unwrap();
        assert_eq!(
            (fields.name.as_str(), fields.state.as_str(), fields.country.as_str()),
            ("Ada Lovelace", "TX", "US")
        );
        assert!(!default);
    }

    #[test]
    fn each_broken_rule_is_named() {
        let bad = AddressInput {
            state: "ZZ".into(),
            postal_code: "7870".into(),
            phone: "555-0100 ext 4".into(),
            ..input()
        };
        assert_eq!(
            errors(bad),
            [
                "Please choose a state.",
                "Please enter a ZIP code like 55403 or 55403-1234.",
                "A phone number holds only digits, spaces and + - ( )."
            ]
        );
        assert_eq!(
            errors(AddressInput { country: "FR".into(), ..input() }),
            ["We don't ship to that country."]
        );
        assert_eq!(
            errors(AddressInput { name: "  ".into(), ..input() }),
            ["Please enter the name of who receives the order."]
        );
        assert_eq!(
            errors(AddressInput { city: "x".repeat(61), ..input() }),
            ["A city must be at most 60 characters."]
        );
    }

    #[test]
    fn a_zip_has_five_digits_and_maybe_four_more() {
        for good in ["55403", "55403-1234"] {
            assert!(is_zip(good), "{good}");
        }
        for bad in ["5540", "554031", "55403-123", "55403 1234", "5540a"] {
            assert!(!is_zip(bad), "{bad}");
        }
    }
}
