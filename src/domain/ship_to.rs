//! Where an order goes: an address's fields, as the address book holds them and an
//! order keeps its copy (docs/rules.md#addresses).

use serde::{Deserialize, Serialize};

/// Where an order goes: the fields of an address, as an order keeps its copy.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ShipTo {
    pub name: String,
    pub line1: String,
    pub line2: String,
    pub city: String,
    pub state: String,
    pub postal_code: String,
    pub country: String,
    pub phone: String,
}

impl ShipTo {
    /// The spec's fixed address (decisions §1): where a shopper who has entered none ships.
    pub fn fixed() -> ShipTo {
        ShipTo {
            name: "Demo Shopper".into(),
            line1: "1000 Nicollet Mall".into(),
            line2: String::new(),
            city: "Minneapolis".into(),
            state: "MN".into(),
            postal_code: "55403".into(),
            country: "US".into(),
            phone: String::new(),
        }
    }

    /// The region whose tax rate applies: a US state's code, none elsewhere.
    pub fn tax_region(&self) -> Option<&str> {
        (self.country == "US").then_some(self.state.as_str())
    }
}
