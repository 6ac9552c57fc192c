//! Every input field's limits and messages, in one table (docs/rules.md#field-rules).
//!
//! The table feeds the server's validation (`inputs.rs`), the OpenAPI document (each
//! field's `minLength`/`maxLength`, and the whole table as `x-field-rules`), and through
//! that document the web client's generated `web/src/api/fieldRules.ts`: a limit or a
//! message changes here and nowhere else.

use serde::Serialize;

/// One field: `min..=max` (characters for text, the value for numbers), the message
/// for each side, and any other message the field's own checks give.
#[derive(Debug, Clone, Copy, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FieldRule {
    pub min: usize,
    pub max: usize,
    pub too_short: &'static str,
    pub too_long: &'static str,
    #[serde(skip_serializing_if = "<[_]>::is_empty", serialize_with = "as_map")]
    pub messages: &'static [(&'static str, &'static str)],
}

fn as_map<S: serde::Serializer>(messages: &&[(&str, &str)], s: S) -> Result<S::Ok, S::Error> {
    s.collect_map(messages.iter().copied())
}

const fn rule(min: usize, max: usize, too_short: &'static str, too_long: &'static str) -> FieldRule {
    FieldRule { min, max, too_short, too_long, messages: &[] }
}

pub mod login {
    use super::*;
    // Each says what is wrong, as the signup form's do.
    pub const CREDENTIAL: FieldRule = rule(
        3,
        100,
        "Email or username must be at least 3 characters.",
        "Email or username must be at most 100 characters.",
    );
    pub const PASSWORD: FieldRule =
        rule(3, 128, "Password must be at least 3 characters.", "Password must be at most 128 characters.");
}

pub mod signup {
    use super::*;
    const FIRST: &str = "First name must be 2 to 25 characters.";
    const LAST: &str = "Last name must be 2 to 25 characters.";
    const USER: &str = "Username must be 3 to 30 characters.";
    pub const FIRST_NAME: FieldRule = rule(2, 25, FIRST, FIRST);
    pub const LAST_NAME: FieldRule = rule(2, 25, LAST, LAST);
    pub const USERNAME: FieldRule = FieldRule {
        messages: &[
            ("email", "Username cannot be an email."),
            ("padded", "Username cannot start or end with a space."),
        ],
        ..rule(3, 30, USER, USER)
    };
    pub const EMAIL: FieldRule = FieldRule {
        messages: &[("invalid", "Please provide a valid email.")],
        ..rule(3, 100, "Please provide a valid email.", "Email must be at most 100 characters.")
    };
    pub const PASSWORD: FieldRule =
        rule(5, 128, "Password must be at least 5 characters.", "Password must be at most 128 characters.");
}

pub mod review {
    use super::*;
    pub const RATING: FieldRule = rule(1, 5, "Please enter a rating.", "Please enter a rating.");
    pub const TITLE: FieldRule = rule(5, 50, "Please write a longer title.", "Please write a shorter title.");
    pub const DESCRIPTION: FieldRule =
        rule(20, 255, "Please write a longer description.", "Please write a shorter description.");
}

pub mod staff {
    use super::*;
    /// Longer than a shopper's: a staff account changes the store.
    pub const PASSWORD: FieldRule = rule(
        10,
        128,
        "A staff password must be at least 10 characters.",
        "Password must be at most 128 characters.",
    );
}

pub mod product {
    use super::*;
    pub const NAME: FieldRule = rule(
        2,
        120,
        "A product name must be at least 2 characters.",
        "A product name must be at most 120 characters.",
    );
    pub const BRAND: FieldRule =
        rule(1, 60, "Please give the product's brand.", "A brand must be at most 60 characters.");
    pub const DESCRIPTION: FieldRule = rule(
        20,
        2000,
        "Please write a description of at least 20 characters.",
        "A description must be at most 2,000 characters.",
    );
    /// Cents: $0.01 to $100,000.00 (the document says it in dollars, on the field).
    pub const PRICE: FieldRule = FieldRule {
        messages: &[("decimals", "A price has at most two decimals.")],
        ..rule(1, 10_000_000, "A price must be more than $0.00.", "A price must be at most $100,000.00.")
    };
    pub const STOCK: FieldRule = FieldRule {
        messages: &[("whole", "Stock is a whole number of units.")],
        ..rule(0, 1_000_000_000, "Stock cannot be below 0.", "Stock must be at most 1,000,000,000 units.")
    };
    pub const SKU: FieldRule = FieldRule {
        messages: &[("characters", "A SKU holds only letters, digits, '-', '_' and '.'.")],
        ..rule(1, 40, "A SKU cannot be empty.", "A SKU must be at most 40 characters.")
    };
}

pub mod address {
    use super::*;
    /// The most addresses one shopper keeps.
    pub const MAX_ADDRESSES: i64 = 20;
    pub const NAME: FieldRule = rule(
        1,
        80,
        "Please enter the name of who receives the order.",
        "A name must be at most 80 characters.",
    );
    pub const LINE1: FieldRule =
        rule(1, 100, "Please enter the street address.", "A street address must be at most 100 characters.");
    pub const LINE2: FieldRule = rule(0, 100, "", "The second address line must be at most 100 characters.");
    pub const CITY: FieldRule = rule(1, 60, "Please enter a city.", "A city must be at most 60 characters.");
    pub const STATE: FieldRule = FieldRule {
        messages: &[("unknown", "Please choose a state.")],
        ..rule(2, 2, "Please choose a state.", "Please choose a state.")
    };
    pub const POSTAL_CODE: FieldRule = FieldRule {
        messages: &[("zip", "Please enter a ZIP code like 55403 or 55403-1234.")],
        ..rule(
            1,
            10,
            "Please enter a ZIP code like 55403 or 55403-1234.",
            "Please enter a ZIP code like 55403 or 55403-1234.",
        )
    };
    pub const COUNTRY: FieldRule = FieldRule {
        messages: &[("unknown", "We don't ship to that country.")],
        ..rule(2, 2, "Please choose a country.", "We don't ship to that country.")
    };
    pub const PHONE: FieldRule = FieldRule {
        messages: &[("characters", "A phone number holds only digits, spaces and + - ( ).")],
        ..rule(0, 20, "", "A phone number must be at most 20 characters.")
    };
}

pub mod shipping {
    use super::*;
    pub const NAME: FieldRule = rule(
        1,
        60,
        "Please give the shipping method a name.",
        "A method's name must be at most 60 characters.",
    );
    pub const DAYS: FieldRule = rule(
        1,
        20,
        "Please say how many days it takes, like 3-5.",
        "How many days it takes must be at most 20 characters.",
    );
}

pub mod promotion {
    use super::*;
    pub const CODE: FieldRule = FieldRule {
        messages: &[("characters", "A code holds only letters, digits and '-'.")],
        ..rule(3, 32, "A code must be at least 3 characters.", "A code must be at most 32 characters.")
    };
}

/// A card typed into the test provider's form (`payments/card.rs`).
pub mod card {
    use super::*;
    pub const NUMBER: FieldRule = FieldRule {
        messages: &[("wrong", NUMBER_WRONG)],
        ..rule(1, 23, "Please enter the card number.", "Please check the card number.")
    };
    /// Not a number any network issues: wrong characters, length or check digit.
    pub const NUMBER_WRONG: &str = "Please check the card number.";
    pub const EXP_MONTH: &str = "Please enter the expiry month, 1 to 12.";
    pub const EXP_YEAR: &str = "Please check the expiry year.";
    /// A card is good through the last day of its expiry month.
    pub const EXPIRED: &str = "This card's expiry date has passed.";
    /// How far ahead an expiry may be: cards are issued for at most a few years.
    pub const YEARS_AHEAD: i64 = 20;
    pub const CVC_MISSING: &str = "Please enter the card's security code (CVC).";
    pub const CVC_THREE: &str = "The security code is the 3 digits on the back of the card.";
    pub const CVC_FOUR: &str = "The security code is the 4 digits on the front of the card.";
    /// The expiry's month, 1–12, with every message of the expiry (the form has one
    /// field for month and year).
    pub const EXPIRY: FieldRule = FieldRule {
        messages: &[("month", EXP_MONTH), ("year", EXP_YEAR), ("passed", EXPIRED)],
        ..rule(1, 12, EXP_MONTH, EXP_MONTH)
    };
    pub const CVC: FieldRule = FieldRule {
        messages: &[("three", CVC_THREE), ("four", CVC_FOUR)],
        ..rule(1, 4, CVC_MISSING, CVC_FOUR)
    };
}

/// A refund, as staff give it (`admin/refund_input.rs`).
pub mod refund {
    use super::*;
    pub const REASON: FieldRule =
        rule(1, 200, "Please give a reason for the refund.", "A reason is at most 200 characters.");
    pub const AMOUNT_MISSING: &str = "Please enter an amount greater than $0.00.";
    pub const AMOUNT_DECIMALS: &str = "An amount has at most two decimals.";
}

/// The table by request body and field, as the OpenAPI document names them.
pub const TABLE: &[(&str, &[(&str, FieldRule)])] = &[
    ("LoginInput", &[("credential", login::CREDENTIAL), ("password", login::PASSWORD)]),
    (
        "SignupInput",
        &[
            ("firstName", signup::FIRST_NAME),
            ("lastName", signup::LAST_NAME),
            ("username", signup::USERNAME),
            ("email", signup::EMAIL),
            ("password", signup::PASSWORD),
        ],
    ),
    (
        "ProductInput",
        &[
            ("name", product::NAME),
            ("brand", product::BRAND),
            ("description", product::DESCRIPTION),
            ("stock", product::STOCK),
            ("sku", product::SKU),
        ],
    ),
    (
        "StaffInput",
        &[("username", signup::USERNAME), ("email", signup::EMAIL), ("password", staff::PASSWORD)],
    ),
    (
        "ReviewInput",
        &[("rating", review::RATING), ("title", review::TITLE), ("description", review::DESCRIPTION)],
    ),
    ("ShippingMethodInput", &[("name", shipping::NAME), ("days", shipping::DAYS)]),
    ("PromotionInput", &[("code", promotion::CODE)]),
    (
        "AddressInput",
        &[
            ("name", address::NAME),
            ("line1", address::LINE1),
            ("line2", address::LINE2),
            ("city", address::CITY),
            ("state", address::STATE),
            ("postalCode", address::POSTAL_CODE),
            ("country", address::COUNTRY),
            ("phone", address::PHONE),
        ],
    ),
    ("RefundInput", &[("reason", refund::REASON)]),
    ("CardInput", &[("number", card::NUMBER), ("expMonth", card::EXPIRY), ("cvc", card::CVC)]),
];

/// The table as JSON: `{"ReviewInput": {"title": {"min": 5, ...}}}`.
pub fn table_json() -> serde_json::Value {
    let bodies = TABLE.iter().map(|(body, fields)| {
        let fields = fields.iter().map(|(name, rule)| (name.to_string(), serde_json::json!(rule)));
        (body.to_string(), serde_json::Value::Object(fields.collect()))
    });
    serde_json::Value::Object(bodies.collect())
}

/// Dollars with at most two decimals, within the price rule, as cents.
pub fn price_rule(dollars: f64) -> Result<super::money::Cents, &'static str> {
    let rule = product::PRICE;
    let cents = (dollars * 100.0).round();
    if !dollars.is_finite() || (dollars * 100.0 - cents).abs() > 1e-6 {
        return Err(rule.messages[0].1);
    }
    if cents < rule.min as f64 {
        return Err(rule.too_short);
    }
    if cents > rule.max as f64 {
        return Err(rule.too_long);
    }
    Ok(super::money::Cents(cents as i64))
}

pub fn sku_rule(sku: &str) -> Result<(), &'static str> {
    let rule = product::SKU;
    if sku.is_empty() {
        return Err(rule.too_short);
    }
    if sku.chars().count() > rule.max {
        return Err(rule.too_long);
    }
    if !sku.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.')) {
        return Err(rule.messages[0].1);
    }
    Ok(())
}
