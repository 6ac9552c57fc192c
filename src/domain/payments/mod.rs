//! Paying for an order (issue 48's first step, not yet wired to orders): the ways a
//! shopper may pay, a card as typed into the `test` provider's form, and how that
//! provider answers a card. The spec's stored RedCard stays the default and the only
//! way that earns its 5%.

pub mod card;
pub mod test_cards;

/// The ways to pay the checkout offers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// The spec's stored card: no input, 5% off.
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
