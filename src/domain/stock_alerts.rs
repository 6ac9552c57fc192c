//! Back-in-stock alerts (docs/rules.md#back-in-stock): a signed-in shopper asks to hear
//! when a sold-out product, or one variant of it, is back. The write that brings units
//! back (the back office, an import, a cancelled order, a refund's restock) writes one
//! mail per waiting alert in its own transaction, and the alert is done.

use garde::Validate;
use serde::Deserialize;

use super::catalog::ProductCard;
use super::ids::{ProductId, VariantId};
use super::password_reset::token_rule;
use super::time::Timestamp;
use super::variants::Chosen;

/// Asked for something that can be bought now.
pub const IN_STOCK: &str = "This is in stock now: add it to your cart.";
/// A token of a shape no link of ours has.
const NOT_OURS: &str = "This unsubscribe link is not one of ours.";
/// What an unsubscribe link answers, whatever it named.
pub const UNSUBSCRIBED: &str = "You will get no more back-in-stock mails for what you were waiting for.";

/// A shopper's alert, as its list shows it.
#[derive(Debug, Clone)]
pub struct StockAlert {
    pub id: i64,
    pub product: ProductCard,
    /// The variant waited for; `None`: any of the product's units.
    pub variant_id: Option<VariantId>,
    pub options: Chosen,
    pub created_at: Timestamp,
    /// When its mail was written: the alert is done.
    pub mailed_at: Option<Timestamp>,
}

/// `POST /api/stock-alerts`: a product, and one of its variants (none: any unit of it).
#[derive(Debug, Deserialize, Validate, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({"productId": 25, "variantId": 3}))]
pub struct StockAlertInput {
    #[schema(minimum = 1)]
    #[garde(range(min = 1, max = i64::MAX))]
    pub product_id: i64,
    /// One of the product's `variants`; refused for a product sold as one thing.
    #[serde(default)]
    #[schema(minimum = 1)]
    #[garde(inner(range(min = 1, max = i64::MAX)))]
    pub variant_id: Option<i64>,
}

impl StockAlertInput {
    pub fn chosen(&self) -> (ProductId, Option<VariantId>) {
        (ProductId(self.product_id), self.variant_id.map(VariantId))
    }
}

/// `POST /api/stock-alerts/unsubscribe`: the token of a back-in-stock mail's link.
#[derive(Deserialize, Validate, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({"token": "q2Vb…"}))]
pub struct StockAlertUnsubscribe {
    #[serde(default)]
    #[schema(required = true, max_length = 64)]
    #[garde(custom(token_rule(NOT_OURS)))]
    pub token: String,
}

impl std::fmt::Debug for StockAlertUnsubscribe {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("StockAlertUnsubscribe")
    }
}
