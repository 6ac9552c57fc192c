//! How the `test` provider answers a card, after Stripe's published test cards: the
//! numbers Stripe documents as declined are declined here with the same reasons, and
//! every other card that passes [`super::card`]'s checks is approved. So a reviewer can
//! try each payment path offline with the numbers Stripe's own documentation gives.

use super::Decline;
use super::card::Card;

/// The documented numbers that fail, and why.
pub const DECLINING: &[(&str, Decline)] = &[
    ("4000000000000002", Decline::Declined),
    ("4000000000009995", Decline::InsufficientFunds),
    ("4000000000000069", Decline::Expired),
];

/// Whether the test provider approves `card`, or the reason it declines it.
pub fn answer(card: &Card) -> Result<(), Decline> {
    match DECLINING.iter().find(|(number, _)| *number == card.number.digits()) {
        Some((_, reason)) => Err(*reason),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::payments::card::CardInput;
    use crate::domain::time::Timestamp;

    fn answer_for(number: &str) -> Result<(), Decline> {
        let input = CardInput { number: number.into(), exp_month: 12, exp_year: 2030, cvc: "123".into() };
        answer(&input.parse(Timestamp::parse_iso8601("2026-11-15T00:00:00Z").unwrap()).unwrap())
    }

    #[test]
    fn the_issue_s_four_cards_answer_as_stripe_documents_them() {
        assert_eq!(answer_for("4242 4242 4242 4242"), Ok(()));
        assert_eq!(answer_for("4000 0000 0000 0002"), Err(Decline::Declined));
        assert_eq!(answer_for("4000 0000 0000 9995"), Err(Decline::InsufficientFunds));
        assert_eq!(answer_for("4000 0000 0000 0069"), Err(Decline::Expired));
        assert_eq!(answer_for("5555 5555 5555 4444"), Ok(()));
    }

    #[test]
    fn each_decline_has_the_sentence_the_checkout_shows_by_the_card() {
        assert_eq!(Decline::Declined.message(), "Your card was declined.");
        assert_eq!(Decline::InsufficientFunds.message(), "Your card has insufficient funds.");
        assert_eq!(Decline::Expired.message(), "Your card has expired.");
        assert_eq!(Decline::Expired.stripe_codes().0, "expired_card");
    }
}
