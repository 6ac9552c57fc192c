//! What a checkout chooses besides the cart (docs/rules.md#checkout): a shipping method,
//! a promotion code, and the rules that accept or refuse a code.

use super::money::Cents;
use super::payments::Method;
use super::pricing::{Delivery, Discount};
use super::time::Timestamp;

/// A way to ship an order, as staff set it up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShippingMethod {
    pub id: i64,
    pub name: String,
    pub price: Cents,
    /// From this subtotal on, the method is free.
    pub free_over: Option<Cents>,
    /// How many business days it takes: `3-5`.
    pub days: String,
    pub is_default: bool,
    /// Archived methods stay for the orders that used them; shoppers no longer see them.
    pub archived: bool,
}

impl ShippingMethod {
    pub fn delivery(&self) -> Delivery {
        Delivery { price: self.price, free_over: self.free_over }
    }
}

/// How a promotion code discounts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum PromotionKind {
    /// `value` percent (1–100) of the subtotal.
    Percent,
    /// `value` dollars, at most the subtotal.
    Amount,
}

impl PromotionKind {
    pub fn as_str(self) -> &'static str {
        match self {
            PromotionKind::Percent => "percent",
            PromotionKind::Amount => "amount",
        }
    }

    pub fn parse(text: &str) -> Option<PromotionKind> {
        match text {
            "percent" => Some(PromotionKind::Percent),
            "amount" => Some(PromotionKind::Amount),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Promotion {
    pub id: i64,
    /// In capitals; matched without regard to case.
    pub code: String,
    pub kind: PromotionKind,
    /// Percent (1–100) or cents.
    pub value: i64,
    pub min_subtotal: Cents,
    pub starts_at: Option<Timestamp>,
    pub ends_at: Option<Timestamp>,
    /// Total uses allowed; `None` for no limit.
    pub usage_limit: Option<i64>,
    pub once_per_shopper: bool,
    /// Orders that carry the code now (a cancelled one gave its use back).
    pub uses: i64,
    pub created_at: Timestamp,
}

impl Promotion {
    pub fn discount(&self) -> Discount {
        match self.kind {
            PromotionKind::Percent => Discount::Percent(self.value),
            PromotionKind::Amount => Discount::Amount(Cents(self.value)),
        }
    }

    /// The label of its line among an order's discounts.
    pub fn label(&self) -> String {
        promotion_label(&self.code)
    }

    /// Whether a cart of `subtotal` may use the code at `now` (`used_before`: its
    /// shopper already has an order that carries it); the reason when not.
    pub fn refusal(&self, now: Timestamp, subtotal: Cents, used_before: bool) -> Option<CodeRefusal> {
        if self.starts_at.is_some_and(|at| now < at) {
            Some(CodeRefusal::NotStarted)
        } else if self.ends_at.is_some_and(|at| now >= at) {
            Some(CodeRefusal::Ended)
        } else if self.usage_limit.is_some_and(|limit| self.uses >= limit) {
            Some(CodeRefusal::UsedUp)
        } else if subtotal < self.min_subtotal {
            Some(CodeRefusal::BelowMinimum(self.min_subtotal))
        } else if self.once_per_shopper && used_before {
            Some(CodeRefusal::AlreadyUsed)
        } else {
            None
        }
    }
}

/// The label of a code's line among an order's discounts.
pub fn promotion_label(code: &str) -> String {
    format!("Promotion {code}")
}

/// The label of the RedCard's line among an order's discounts.
pub const CARD_LABEL: &str = "RedCard 5% Discount";

/// Why a promotion code was refused; the message is what the shopper reads.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CodeRefusal {
    #[error("That promotion code doesn't exist.")]
    Unknown,
    #[error("That promotion code hasn't started yet.")]
    NotStarted,
    #[error("That promotion code has ended.")]
    Ended,
    #[error("That promotion code has been used up.")]
    UsedUp,
    #[error("That promotion code needs a subtotal of at least {0}.")]
    BelowMinimum(Cents),
    #[error("You have already used that promotion code.")]
    AlreadyUsed,
}

/// A promotion code as a shopper types it, as it is kept: trimmed, in capitals.
pub fn normal_code(code: &str) -> String {
    code.trim().to_ascii_uppercase()
}

/// What a checkout chose besides the cart; `None` takes the default (the shopper's
/// default address, or the spec's fixed one; the store's default method; no code).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Choice {
    pub address_id: Option<i64>,
    pub shipping_method_id: Option<i64>,
    pub promotion_code: Option<String>,
    /// How it is paid: only the RedCard takes its 5% off.
    pub payment: Method,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn promotion() -> Promotion {
        Promotion {
            id: 1,
            code: "SPRING10".into(),
            kind: PromotionKind::Percent,
            value: 10,
            min_subtotal: Cents(2_000),
            starts_at: Some(Timestamp(1_000)),
            ends_at: Some(Timestamp(2_000)),
            usage_limit: Some(3),
            once_per_shopper: true,
            uses: 2,
            created_at: Timestamp(0),
        }
    }

    #[test]
    fn a_code_is_refused_for_the_first_reason_that_holds() {
        let p = promotion();
        assert_eq!(p.refusal(Timestamp(999), Cents(5_000), false), Some(CodeRefusal::NotStarted));
        assert_eq!(p.refusal(Timestamp(2_000), Cents(5_000), false), Some(CodeRefusal::Ended));
        assert_eq!(
            Promotion { uses: 3, ..p.clone() }.refusal(Timestamp(1_500), Cents(5_000), false),
            Some(CodeRefusal::UsedUp)
        );
        assert_eq!(
            p.refusal(Timestamp(1_500), Cents(1_999), false),
            Some(CodeRefusal::BelowMinimum(Cents(2_000)))
        );
        assert_eq!(p.refusal(Timestamp(1_500), Cents(2_000), true), Some(CodeRefusal::AlreadyUsed));
        assert_eq!(p.refusal(Timestamp(1_500), Cents(2_000), false), None);
        assert_eq!(
            CodeRefusal::BelowMinimum(Cents(2_000)).to_string(),
            "That promotion code needs a subtotal of at least $20.00."
        );
    }
}
