//! Paying for an order (docs/rules.md#payments): the ways a shopper may pay, a card as
//! typed into the `test` provider's form, how that provider answers a card, and where
//! an order's money stands. The spec's stored RedCard stays the default and the only
//! way that earns its 5%.

pub mod card;
pub mod test_cards;
pub mod webhook_signature;

use super::money::Cents;
use super::time::Timestamp;

/// The ways to pay the checkout offers.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
#[schema(as = PaymentMethodId)]
pub enum Method {
    /// The spec's stored card: no input, 5% off.
    #[default]
    RedCard,
    /// A credit or debit card typed in (the `test` provider's form) or entered in the
    /// provider's own element.
    Card,
}

/// The RedCard's brand and last four digits, as an order paid with it keeps them.
pub const REDCARD_BRAND: &str = "RedCard";
pub const REDCARD_LAST4: &str = "4821";

impl Method {
    pub const ALL: [Method; 2] = [Method::RedCard, Method::Card];

    /// The id the API takes and answers.
    pub fn id(self) -> &'static str {
        match self {
            Method::RedCard => "redcard",
            Method::Card => "card",
        }
    }

    pub fn parse(id: &str) -> Option<Method> {
        Method::ALL.into_iter().find(|m| m.id() == id)
    }

    /// What the checkout calls it.
    pub fn label(self) -> &'static str {
        match self {
            Method::RedCard => "RedCard debit ending in 4821",
            Method::Card => "Credit or debit card",
        }
    }

    /// Only the RedCard earns a discount.
    pub fn discount_percent(self) -> Option<i64> {
        match self {
            Method::RedCard => Some(5),
            Method::Card => None,
        }
    }
}

/// Where an order's money stands, as its answer says.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PaymentStatus {
    /// The order is placed and the amount held; the capture follows.
    Authorized,
    Paid,
    PartiallyRefunded,
    Refunded,
    /// Released before it was taken (an order cancelled before its capture).
    Voided,
}

/// Where the provider stands with a payment, as the store keeps it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Settlement {
    Authorized,
    Captured,
    Voided,
}

impl Settlement {
    pub fn as_str(self) -> &'static str {
        match self {
            Settlement::Authorized => "authorized",
            Settlement::Captured => "paid",
            Settlement::Voided => "voided",
        }
    }

    pub fn parse(text: &str) -> Option<Settlement> {
        [Settlement::Authorized, Settlement::Captured, Settlement::Voided]
            .into_iter()
            .find(|s| s.as_str() == text)
    }
}

/// An order's payment: how it was paid and where its money stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Payment {
    pub method: Method,
    pub brand: String,
    pub last4: String,
    pub amount: Cents,
    pub captured: Cents,
    /// Every refund promised, sent to the provider or on its way.
    pub refunded: Cents,
    pub settlement: Settlement,
}

impl Payment {
    pub fn status(&self) -> PaymentStatus {
        match self.settlement {
            Settlement::Authorized => PaymentStatus::Authorized,
            Settlement::Voided => PaymentStatus::Voided,
            Settlement::Captured if self.refunded.0 == 0 => PaymentStatus::Paid,
            Settlement::Captured if self.refunded >= self.captured => PaymentStatus::Refunded,
            Settlement::Captured => PaymentStatus::PartiallyRefunded,
        }
    }

    /// What may still be refunded.
    pub fn refundable(&self) -> Cents {
        self.captured - self.refunded
    }
}

/// A refund of an order, as its answer lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refund {
    pub id: i64,
    pub amount: Cents,
    pub reason: String,
    pub created_at: Timestamp,
    /// The staff member's username; `None` when the store made it itself.
    pub by: Option<String>,
}

/// A payment the provider holds for an order about to be placed: what the order's
/// transaction keeps of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Authorization {
    /// `test` or `stripe`.
    pub provider: &'static str,
    /// The provider's id of the charge (a PaymentIntent's, for Stripe).
    pub intent_id: String,
    pub method: Method,
    pub brand: String,
    pub last4: String,
    pub amount: Cents,
}

/// What a provider call met, besides success.
#[derive(Debug, thiserror::Error)]
pub enum ProviderError {
    /// The card was refused: a 402 that says why.
    #[error("{}", .0.message())]
    Declined(Decline),
    /// The provider could not be reached or failed; the call may be tried again.
    #[error("the payment provider failed: {0}")]
    Failed(String),
    /// The provider cannot take the call now and will by itself (the test provider's
    /// book: the store's database full, or busy): a 503 like any write then.
    #[error("the payment provider cannot take it now (full: {full})")]
    Unavailable { full: bool },
}

/// Why a card was declined; a declined payment is a 402 with [`Decline::message`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decline {
    Declined,
    InsufficientFunds,
    Expired,
}

impl Decline {
    /// The sentence the checkout shows next to the card.
    pub fn message(self) -> &'static str {
        match self {
            Decline::Declined => "Your card was declined.",
            Decline::InsufficientFunds => "Your card has insufficient funds.",
            Decline::Expired => "Your card has expired.",
        }
    }

    /// Stripe's decline code for the same reason.
    pub fn code(self) -> &'static str {
        match self {
            Decline::Declined => "card_declined",
            Decline::InsufficientFunds => "insufficient_funds",
            Decline::Expired => "expired_card",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_redcard_is_the_default_first_and_the_only_one_with_a_discount() {
        assert_eq!(Method::ALL[0], Method::RedCard);
        assert_eq!(Method::parse("redcard"), Some(Method::RedCard));
        assert_eq!(Method::parse("card"), Some(Method::Card));
        assert_eq!(Method::parse("cash"), None);
        assert_eq!(Method::RedCard.discount_percent(), Some(5));
        assert_eq!(Method::Card.discount_percent(), None);
        assert!(Method::RedCard.label().ends_with(REDCARD_LAST4));
    }
}
