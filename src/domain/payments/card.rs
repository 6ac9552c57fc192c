//! A card as a shopper types it into the test provider's form: its number checked by
//! length, issuer and the Luhn digit, its expiry against the month it is used in, its
//! security code by the brand's length. What leaves this module is the brand, the last
//! four digits and the expiry; the full number stays inside [`CardNumber`], which never
//! prints itself, so a log line, a panic or an audit entry cannot carry it.

use std::fmt;

use serde::Deserialize;

use crate::domain::fields::card as rule;
use crate::domain::rejection::Rejection;
use crate::domain::time::Timestamp;

/// A card's network, read from the first digits of its number (its IIN range).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Brand {
    Visa,
    Mastercard,
    Amex,
    Discover,
    Diners,
    Jcb,
    UnionPay,
}

impl Brand {
    /// The name an order and a receipt show.
    pub fn name(self) -> &'static str {
        match self {
            Brand::Visa => "Visa",
            Brand::Mastercard => "Mastercard",
            Brand::Amex => "American Express",
            Brand::Discover => "Discover",
            Brand::Diners => "Diners Club",
            Brand::Jcb => "JCB",
            Brand::UnionPay => "UnionPay",
        }
    }

    /// The brand of `digits`, if its prefix and length are one a network issues.
    pub fn of(digits: &str) -> Option<Brand> {
        let prefix = |n: usize| digits.get(..n).and_then(|p| p.parse::<u32>().ok()).unwrap_or(0);
        let len = digits.len();
        let brand = match (prefix(1), prefix(2), prefix(3), prefix(4)) {
            (4, ..) => Brand::Visa,
            (_, 34 | 37, ..) => Brand::Amex,
            (_, 51..=55, ..) | (.., 2221..=2720) => Brand::Mastercard,
            (.., 6011) | (_, 65, ..) | (_, _, 644..=649, _) => Brand::Discover,
            (.., 3528..=3589) => Brand::Jcb,
            (_, 36 | 38 | 39, ..) | (_, _, 300..=305, _) => Brand::Diners,
            (_, 62, ..) => Brand::UnionPay,
            _ => return None,
        };
        let lengths: &[usize] = match brand {
            Brand::Visa => &[13, 16, 19],
            Brand::Mastercard => &[16],
            Brand::Amex => &[15],
            Brand::Diners => &[14, 15, 16, 17, 18, 19],
            Brand::Discover | Brand::Jcb | Brand::UnionPay => &[16, 17, 18, 19],
        };
        lengths.contains(&len).then_some(brand)
    }

    /// The brand of Stripe's code for it (`payment_method_details.card.brand`).
    pub fn of_stripe(code: &str) -> Option<Brand> {
        Some(match code {
            "visa" => Brand::Visa,
            "mastercard" => Brand::Mastercard,
            "amex" => Brand::Amex,
            "discover" => Brand::Discover,
            "diners" => Brand::Diners,
            "jcb" => Brand::Jcb,
            "unionpay" => Brand::UnionPay,
            _ => return None,
        })
    }

    /// Stripe's code for it, as the fake Stripe of the tests answers it.
    pub fn stripe_code(self) -> &'static str {
        match self {
            Brand::Visa => "visa",
            Brand::Mastercard => "mastercard",
            Brand::Amex => "amex",
            Brand::Discover => "discover",
            Brand::Diners => "diners",
            Brand::Jcb => "jcb",
            Brand::UnionPay => "unionpay",
        }
    }

    /// The security code's length: four digits on the front of an American Express card,
    /// three on the back of the others.
    pub fn cvc_digits(self) -> usize {
        match self {
            Brand::Amex => 4,
            _ => 3,
        }
    }
}

/// Whether `digits` (ASCII digits only) end in a correct Luhn check digit.
pub fn luhn_valid(digits: &str) -> bool {
    let sum: u32 = digits
        .bytes()
        .rev()
        .enumerate()
        .map(|(i, b)| {
            let d = u32::from(b - b'0');
            match i % 2 {
                0 => d,
                _ if d * 2 > 9 => d * 2 - 9,
                _ => d * 2,
            }
        })
        .sum();
    !digits.is_empty() && sum.is_multiple_of(10)
}

/// A card number's digits. It has no `Display`, and its `Debug` shows the last four only.
#[derive(Clone, PartialEq, Eq)]
pub struct CardNumber(String);

impl CardNumber {
    pub fn digits(&self) -> &str {
        &self.0
    }

    pub fn last4(&self) -> &str {
        &self.0[self.0.len() - 4..]
    }
}

impl fmt::Debug for CardNumber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "CardNumber(…{})", self.last4())
    }
}

/// A card as the checkout's form sends it. Every field defaults to empty, so a missing
/// one gets the message of an empty one; its `Debug` hides the number and the code.
#[derive(Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({"number": "4242 4242 4242 4242", "expMonth": 12, "expYear": 2030, "cvc": "123"}))]
pub struct CardInput {
    /// Digits, with spaces or dashes between groups as printed on the card.
    #[serde(default)]
    #[schema(required = true, max_length = 23)]
    pub number: String,
    /// 1 to 12.
    #[serde(default)]
    #[schema(required = true, minimum = 1, maximum = 12)]
    pub exp_month: u32,
    /// Four digits (2031), or two (31).
    #[serde(default)]
    #[schema(required = true, minimum = 0, maximum = 9999)]
    pub exp_year: u32,
    /// The security code: three digits, four on an American Express card.
    #[serde(default)]
    #[schema(required = true, max_length = 4)]
    pub cvc: String,
}

impl fmt::Debug for CardInput {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CardInput")
            .field("exp_month", &self.exp_month)
            .field("exp_year", &self.exp_year)
            .finish()
    }
}

/// A card that passed every check: what the provider charges. The number and the code
/// leave the server only towards the provider; an order keeps the brand and `last4`.
#[derive(Clone, PartialEq, Eq)]
pub struct Card {
    pub number: CardNumber,
    pub brand: Brand,
    pub exp_month: u32,
    pub exp_year: u32,
    cvc: String,
}

impl Card {
    pub fn last4(&self) -> &str {
        self.number.last4()
    }

    pub fn cvc(&self) -> &str {
        &self.cvc
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Card({} …{}, {:02}/{})", self.brand.name(), self.last4(), self.exp_month, self.exp_year)
    }
}

impl CardInput {
    /// The card, checked as of `now`; or every broken rule, one line each, each naming
    /// its field.
    pub fn parse(self, now: Timestamp) -> Result<Card, Rejection> {
        let mut errors: Vec<&str> = Vec::new();
        let typed = self.number.trim();
        let digits: String = typed.chars().filter(|c| !matches!(c, ' ' | '-')).collect();
        let brand = match () {
            _ if typed.is_empty() => Err(rule::NUMBER.too_short),
            _ if typed.chars().count() > rule::NUMBER.max => Err(rule::NUMBER.too_long),
            _ if !digits.bytes().all(|b| b.is_ascii_digit()) || !luhn_valid(&digits) => {
                Err(rule::NUMBER_WRONG)
            }
            _ => Brand::of(&digits).ok_or(rule::NUMBER_WRONG),
        };
        if let Err(e) = brand {
            errors.push(e);
        }
        let exp_year = match self.exp_year {
            0..=99 => 2000 + self.exp_year,
            year => year,
        };
        let (year, month) = now.year_month();
        if !(1..=12).contains(&self.exp_month) {
            errors.push(rule::EXP_MONTH);
        } else if (i64::from(exp_year), i64::from(self.exp_month)) < (year, month) {
            errors.push(rule::EXPIRED);
        } else if i64::from(exp_year) > year + rule::YEARS_AHEAD {
            errors.push(rule::EXP_YEAR);
        }
        let cvc = self.cvc.trim();
        let cvc_digits = brand.map_or(3, Brand::cvc_digits);
        if cvc.is_empty() {
            errors.push(rule::CVC_MISSING);
        } else if cvc.len() != cvc_digits || !cvc.bytes().all(|b| b.is_ascii_digit()) {
            errors.push(if cvc_digits == 4 { rule::CVC_FOUR } else { rule::CVC_THREE });
        }
        match (brand, errors.is_empty()) {
            (Ok(brand), true) => Ok(Card {
                number: CardNumber(digits),
                brand,
                exp_month: self.exp_month,
                exp_year,
                cvc: cvc.to_owned(),
            }),
            _ => Err(Rejection::Invalid(errors.into_iter().map(str::to_owned).collect())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2026-11-15, UTC.
    fn today() -> Timestamp {
        Timestamp::parse_iso8601("2026-11-15T12:00:00Z").unwrap()
    }

    fn card(number: &str, month: u32, year: u32, cvc: &str) -> Result<Card, Vec<String>> {
        let input = CardInput { number: number.into(), exp_month: month, exp_year: year, cvc: cvc.into() };
        input.parse(today()).map_err(|r| match r {
            Rejection::Invalid(errors) => errors,
            other => panic!("{other:?}"),
        })
    }

    #[test]
    fn stripe_s_published_test_numbers_are_read_with_their_brands() {
        for (number, brand) in [
            ("4242 4242 4242 4242", Brand::Visa),
            ("4000-0566-5566-5556", Brand::Visa),
            ("5555555555554444", Brand::Mastercard),
            ("2223003122003222", Brand::Mastercard),
            ("378282246310005", Brand::Amex),
            ("6011111111111117", Brand::Discover),
            ("3056930009020004", Brand::Diners),
            ("3566002020360505", Brand::Jcb),
            ("6200000000000005", Brand::UnionPay),
        ] {
            let cvc = if brand == Brand::Amex { "1234" } else { "123" };
            let read = card(number, 12, 2030, cvc).unwrap_or_else(|e| panic!("{number}: {e:?}"));
            assert_eq!(read.brand, brand, "{number}");
            assert_eq!(read.last4(), &number[number.len() - 4..]);
        }
    }

    #[test]
    fn a_number_failing_the_luhn_check_or_of_no_network_is_refused_by_name() {
        assert_eq!(card("4242 4242 4242 4241", 12, 2030, "123").unwrap_err(), [rule::NUMBER_WRONG]);
        assert_eq!(card("9999 9999 9999 9995", 12, 2030, "123").unwrap_err(), [rule::NUMBER_WRONG]);
        assert_eq!(card("4242 4242 4242 424x", 12, 2030, "123").unwrap_err(), [rule::NUMBER_WRONG]);
        assert_eq!(card("", 12, 2030, "123").unwrap_err(), [rule::NUMBER.too_short]);
        assert_eq!(card(&"4".repeat(24), 12, 2030, "123").unwrap_err(), [rule::NUMBER.too_long]);
        assert!(luhn_valid("79927398713") && !luhn_valid("79927398710") && !luhn_valid(""));
    }

    #[test]
    fn the_expiry_is_good_through_its_month_and_two_digit_years_are_this_century() {
        assert_eq!(card("4242424242424242", 11, 2026, "123").unwrap().exp_year, 2026);
        assert_eq!(card("4242424242424242", 10, 2026, "123").unwrap_err(), [rule::EXPIRED]);
        assert_eq!(card("4242424242424242", 1, 30, "123").unwrap().exp_year, 2030);
        assert_eq!(card("4242424242424242", 13, 2030, "123").unwrap_err(), [rule::EXP_MONTH]);
        assert_eq!(card("4242424242424242", 0, 0, "123").unwrap_err(), [rule::EXP_MONTH]);
        assert_eq!(card("4242424242424242", 12, 2080, "123").unwrap_err(), [rule::EXP_YEAR]);
    }

    #[test]
    fn the_security_code_has_the_brand_s_length_and_every_broken_rule_is_listed() {
        assert_eq!(card("4242424242424242", 12, 2030, "").unwrap_err(), [rule::CVC_MISSING]);
        assert_eq!(card("4242424242424242", 12, 2030, "1234").unwrap_err(), [rule::CVC_THREE]);
        assert_eq!(card("378282246310005", 12, 2030, "123").unwrap_err(), [rule::CVC_FOUR]);
        assert_eq!(
            card("4242424242424241", 10, 2026, "").unwrap_err(),
            [rule::NUMBER_WRONG, rule::EXPIRED, rule::CVC_MISSING]
        );
    }

    #[test]
    fn neither_the_number_nor_the_code_is_ever_printed() {
        let read = card("4242 4242 4242 4242", 12, 2030, "987").unwrap();
        let input =
            CardInput { number: "4242424242424242".into(), exp_month: 12, exp_year: 2030, cvc: "987".into() };
        for shown in [format!("{read:?}"), format!("{:?}", read.number), format!("{input:?}")] {
            assert!(!shown.contains("424242424242") && !shown.contains("987"), "{shown}");
        }
        assert_eq!(format!("{read:?}"), "Card(Visa …4242, 12/2030)");
    }
}
