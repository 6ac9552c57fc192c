//! The back office's request bodies: each lists exactly the fields its operation may
//! set, so no body can reach a field it does not name (an id, a role, a rating), and
//! each field keeps the rules of the field-rules table (docs/rules.md#field-rules).

use garde::Validate;
use serde::Deserialize;

use crate::domain::fields;
use crate::domain::inputs::{email_rule, exact_length, username_rule};
use crate::domain::roles::Role;

/// A staff account to make, or an account to give a staff role.
#[derive(Debug, Deserialize, Validate, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schema(example = json!({"username": "ana", "email": "ana@market.test", "role": "staff",
                          "password": "a long passphrase"}))]
pub struct StaffInput {
    #[serde(default)]
    #[schema(required = true)]
    #[garde(custom(username_rule))]
    pub username: String,
    #[serde(default)]
    #[schema(required = true)]
    #[garde(custom(email_rule))]
    pub email: String,
    #[schema(required = true)]
    #[garde(skip)]
    pub role: StaffRole,
    #[serde(default)]
    #[schema(required = true)]
    #[garde(custom(exact_length(fields::staff::PASSWORD)))]
    pub password: String,
}

/// A role the back office can give: every role but shopper, which taking a role away
/// gives back.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum StaffRole {
    Owner,
    Staff,
    Viewer,
}

impl From<StaffRole> for Role {
    fn from(role: StaffRole) -> Role {
        match role {
            StaffRole::Owner => Role::Owner,
            StaffRole::Staff => Role::Staff,
            StaffRole::Viewer => Role::Viewer,
        }
    }
}

/// The password rule of a staff account, for `market staff add`.
pub fn staff_password(password: &str) -> Result<(), crate::domain::Rejection> {
    exact_length(fields::staff::PASSWORD)(password, &())
        .map_err(|e| crate::domain::Rejection::Invalid(vec![e.message().to_string()]))
}

/// The username and email rules of a staff account, for `market staff add`.
pub fn staff_identity(username: &str, email: &str) -> Result<(), crate::domain::Rejection> {
    let mut errors = Vec::new();
    if let Err(e) = username_rule(username, &()) {
        errors.push(e.message().to_string());
    }
    if let Err(e) = email_rule(email, &()) {
        errors.push(e.message().to_string());
    }
    match errors.is_empty() {
        true => Ok(()),
        false => Err(crate::domain::Rejection::Invalid(errors)),
    }
}

/// A product's fields as the back office sets them: every field on creation (the SKU
/// may be left to the store), any of them on a change. Nothing else of a product (its
/// id, rating, pictures, archived state) can be set through this body.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schema(example = json!({"name": "Trail Runner 2 Headlamp", "brand": "Northlight", "departmentId": 12,
                          "price": 24.99, "description": "A light, bright headlamp for the trail and the tent.",
                          "stock": 40, "sku": "NL-HL-2"}))]
pub struct ProductInput {
    #[schema(value_type = String)]
    pub name: Option<String>,
    #[schema(value_type = String)]
    pub brand: Option<String>,
    #[schema(value_type = i64, minimum = 1)]
    pub department_id: Option<i64>,
    /// Dollars, at most two decimals.
    #[schema(value_type = f64, minimum = 0.01, maximum = 100000, multiple_of = 0.01)]
    pub price: Option<f64>,
    #[schema(value_type = String)]
    pub description: Option<String>,
    /// Units that can be sold.
    #[schema(value_type = i64)]
    pub stock: Option<i64>,
    /// Letters, digits, `-`, `_` and `.`; unique regardless of case. A new product
    /// given none gets `MKT-` and its id.
    #[schema(value_type = String, pattern = "^[A-Za-z0-9._-]+$")]
    pub sku: Option<String>,
}

/// A product's fields once checked: text trimmed, the price in cents.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProductChange {
    pub name: Option<String>,
    pub brand: Option<String>,
    pub department_id: Option<i64>,
    pub price: Option<crate::domain::Cents>,
    pub description: Option<String>,
    pub stock: Option<i64>,
    pub sku: Option<String>,
}

impl ProductInput {
    /// Checks every field given (and, `creating`, that each required one is), naming
    /// each problem in a line of its own.
    pub fn parse(self, creating: bool) -> Result<ProductChange, crate::domain::Rejection> {
        let mut errors: Vec<String> = Vec::new();
        let mut text = |value: Option<String>, rule: fields::FieldRule, required: &str| -> Option<String> {
            match value {
                None if creating => {
                    errors.push(required.into());
                    None
                }
                None => None,
                Some(v) => match crate::domain::inputs::length(rule)(&v, &()) {
                    Ok(()) => Some(v.trim().to_owned()),
                    Err(e) => {
                        errors.push(e.message().to_string());
                        None
                    }
                },
            }
        };
        let name = text(self.name, fields::product::NAME, "Please give the product a name.");
        let brand = text(self.brand, fields::product::BRAND, fields::product::BRAND.too_short);
        let description =
            text(self.description, fields::product::DESCRIPTION, fields::product::DESCRIPTION.too_short);
        let department_id = match self.department_id {
            None if creating => {
                errors.push("Please choose the product's department.".into());
                None
            }
            Some(id) if id < 1 => {
                errors.push("departmentId: there is no such department.".into());
                None
            }
            other => other,
        };
        let price = match self.price {
            None if creating => {
                errors.push("Please give the product a price.".into());
                None
            }
            None => None,
            Some(dollars) => match fields::price_rule(dollars) {
                Ok(cents) => Some(cents),
                Err(message) => {
                    errors.push(message.into());
                    None
                }
            },
        };
        let rule = fields::product::STOCK;
        let stock = match self.stock {
            None if creating => {
                errors.push("Please say how many units are in stock (0 for none).".into());
                None
            }
            Some(n) if n < rule.min as i64 => {
                errors.push(rule.too_short.into());
                None
            }
            Some(n) if n > rule.max as i64 => {
                errors.push(rule.too_long.into());
                None
            }
            other => other,
        };
        let sku = match self.sku.map(|s| s.trim().to_owned()) {
            None => None,
            Some(s) => match fields::sku_rule(&s) {
                Ok(()) => Some(s),
                Err(message) => {
                    errors.push(message.into());
                    None
                }
            },
        };
        if !errors.is_empty() {
            return Err(crate::domain::Rejection::Invalid(errors));
        }
        Ok(ProductChange { name, brand, department_id, price, description, stock, sku })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::{Cents, Rejection};

    fn full() -> ProductInput {
        ProductInput {
            name: Some(" Headlamp ".into()),
            brand: Some("Northlight".into()),
            department_id: Some(12),
            price: Some(24.99),
            description: Some("A light, bright headlamp for the trail.".into()),
            stock: Some(40),
            sku: None,
        }
    }

    #[test]
    fn a_new_product_needs_every_field_but_its_sku() {
        let change = full().parse(true).unwrap();
        assert_eq!(
            (change.name.as_deref(), change.price, change.stock),
            (Some("Headlamp"), Some(Cents(2499)), Some(40))
        );
        let Err(Rejection::Invalid(errors)) = ProductInput::default().parse(true) else { panic!() };
        assert_eq!(errors.len(), 6, "{errors:?}");
        assert_eq!(ProductInput::default().parse(false), Ok(ProductChange::default()));
    }

    #[test]
    fn prices_have_two_decimals_and_stock_is_never_negative() {
        let bad = ProductInput { price: Some(1.999), stock: Some(-1), sku: Some("A B".into()), ..full() };
        let Err(Rejection::Invalid(errors)) = bad.parse(false) else { panic!() };
        assert_eq!(
            errors,
            [
                "A price has at most two decimals.",
                "Stock cannot be below 0.",
                "A SKU holds only letters, digits, '-', '_' and '.'."
            ]
        );
        assert!(ProductInput { price: Some(0.0), ..full() }.parse(false).is_err());
        assert!(
            ProductInput { price: Some(0.1 + 0.2), ..full() }.parse(false).is_ok(),
            "0.30000000000000004 is 30 cents"
        );
    }
}
