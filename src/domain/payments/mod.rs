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

/// How an order's own transaction takes its payment.
#[derive(Debug, Clone)]
pub enum Paying {
    /// A provider holds the total (a card, a PaymentIntent): the order keeps the hold,
    /// which is captured once the order is committed.
    Held(Authorization),
    /// The RedCard, the store's own card: charged on the test provider's book in the
    /// order's transaction itself, so that it is paid exactly when the order is placed
    /// and never otherwise, with nothing left to capture, release or resume.
    RedCard,
}

/// What a provider's webhook tells the store, in the store's words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProviderEvent {
    /// The provider's id of the event: the same event sent again has the same id.
    pub id: String,
    /// The provider's name of what happened (`payment_intent.amount_capturable_updated`).
    pub kind: String,
    /// The payment it is about, for the kinds the store acts on.
    pub intent_id: Option<String>,
    pub happened: Happened,
}

/// What happened to a payment, of what the store acts on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Happened {
    /// The shopper's card is held: the checkout's order can be placed.
    Authorized,
    /// Anything else: recorded, and nothing more to do.
    Other,
}

/// What a provider call met, besides success.
#[derive(Debug, thiserror::Error)]
pub enum ProviderError {
    /// The card was refused: a 402 that says why.
    #[error("{}", .0.message())]
    Declined(Decline),
    /// The shopper has not finished paying (a Stripe intent not confirmed, or cancelled).
    #[error("the payment was not completed")]
    Incomplete,
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

    /// Stripe's error `code` and `decline_code` for the same reason, as Stripe answers
    /// its test cards.
    pub fn stripe_codes(self) -> (&'static str, &'static str) {
        match self {
            Decline::Declined => ("card_declined", "generic_decline"),
            Decline::InsufficientFunds => ("card_declined", "insufficient_funds"),
            Decline::Expired => ("expired_card", "expired_card"),
        }
    }

    /// The reason of a Stripe card error (`last_payment_error`'s `code` and
    /// `decline_code`); any other refusal is a decline.
    pub fn of_stripe(code: Option<&str>, decline_code: Option<&str>) -> Decline {
        match (code, decline_code) {
            (Some("expired_card"), _) | (_, Some("expired_card")) => Decline::Expired,
            (_, Some("insufficient_funds")) => Decline::InsufficientFunds,
            _ => Decline::Declined,
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

    #[test]
    fn stripe_s_codes_read_back_as_the_decline_they_name() {
        for decline in [Decline::Declined, Decline::InsufficientFunds, Decline::Expired] {
            let (code, decline_code) = decline.stripe_codes();
            assert_eq!(Decline::of_stripe(Some(code), Some(decline_code)), decline);
        }
        assert_eq!(Decline::of_stripe(Some("card_declined"), Some("stolen_card")), Decline::Declined);
        assert_eq!(Decline::of_stripe(None, None), Decline::Declined);
    }
}
