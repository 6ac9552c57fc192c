//! The back office's bodies for the checkout's choices (docs/rules.md#checkout): a
//! shipping method, a region's tax rate, a promotion code. Each lists exactly the fields
//! staff may set, and its checks name every problem in a line of its own.

use std::ops::RangeInclusive;

use serde::{Deserialize, Deserializer};

use crate::domain::addresses::US_STATES;
use crate::domain::checkout::{Promotion, PromotionKind, normal_code};
use crate::domain::fields::{self, FieldRule};
use crate::domain::pricing::TaxRate;
use crate::domain::{Cents, Rejection, Timestamp};

/// The one refusal of a change that would leave the store without a default method.
pub const MAKE_ANOTHER_DEFAULT: &str = "Make another method the default first.";

/// The most a subtotal a method is free from, or a code asks for, may be: $1,000,000.00.
const MOST_SUBTOTAL: i64 = 100_000_000;

/// A field that may be sent as `null`: absent is `None` (with `#[serde(default)]`),
/// `null` is `Some(None)`, so a change can tell "leave it" from "clear it".
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

/// The problems found so far, one line each.
#[derive(Default)]
pub(super) struct Problems(Vec<String>);

impl Problems {
    /// The field's value checked by `check`; absent, nothing, or the `missing` line if it
    /// is required.
    pub(super) fn field<T, U>(
        &mut self,
        value: Option<T>,
        missing: Option<&str>,
        check: impl FnOnce(T) -> Result<U, String>,
    ) -> Option<U> {
        match value.map(check) {
            None => {
                self.0.extend(missing.map(str::to_owned));
                None
            }
            Some(Ok(checked)) => Some(checked),
            Some(Err(problem)) => {
                self.0.push(problem);
                None
            }
        }
    }

    pub(super) fn done<T>(self, value: T) -> Result<T, Rejection> {
        match self.0.is_empty() {
            true => Ok(value),
            false => Err(Rejection::Invalid(self.0)),
        }
    }
}

/// Text within `rule`, trimmed.
pub(super) fn text(rule: FieldRule) -> impl FnOnce(String) -> Result<String, String> {
    move |value| match crate::domain::inputs::length(rule)(&value, &()) {
        Ok(()) => Ok(value.trim().to_owned()),
        Err(e) => Err(e.message().to_string()),
    }
}

/// Dollars with at most two decimals, within `range` (cents), as cents.
pub(super) fn money(
    range: RangeInclusive<i64>,
    decimals: &'static str,
    out_of_range: &'static str,
) -> impl FnOnce(f64) -> Result<Cents, String> {
    move |dollars| {
        let cents = (dollars * 100.0).round();
        if !dollars.is_finite() || (dollars * 100.0 - cents).abs() > 1e-6 {
            Err(decimals.into())
        } else if !(*range.start() as f64..=*range.end() as f64).contains(&cents) {
            Err(out_of_range.into())
        } else {
            Ok(Cents(cents as i64))
        }
    }
}

/// A shipping method's fields as the back office sets them: `name`, `price` and `days`
/// on creation (`freeOver` defaults to `null`, `isDefault` to `false`), any of them on a
/// change.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schema(example = json!({"name": "Express", "price": 14.99, "freeOver": 150, "days": "1-2", "isDefault": false}))]
pub struct ShippingMethodInput {
    /// Unique among the methods not archived, regardless of case.
    #[schema(value_type = String)]
    pub name: Option<String>,
    /// Dollars, $0.00 to $10,000.00, at most two decimals.
    #[schema(value_type = f64, minimum = 0, maximum = 10000, multiple_of = 0.01)]
    pub price: Option<f64>,
    /// The subtotal in dollars from which the method is free; `null`: never free. Left
    /// out of a change, it stays as it is.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<f64>, minimum = 0, maximum = 1000000, multiple_of = 0.01)]
    pub free_over: Option<Option<f64>>,
    /// How many business days it takes, as shoppers read it: `3-5`.
    #[schema(value_type = String)]
    pub days: Option<String>,
    /// `true` makes it the default, in place of the one before. The default stops being
    /// it only when another is made the default.
    #[schema(value_type = bool, required = false)]
    pub is_default: Option<bool>,
}

/// A shipping method's fields once checked: text trimmed, money in cents.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ShippingMethodChange {
    pub name: Option<String>,
    pub price: Option<Cents>,
    /// `Some(None)`: never free.
    pub free_over: Option<Option<Cents>>,
    pub days: Option<String>,
    pub is_default: Option<bool>,
}

impl ShippingMethodInput {
    /// Checks every field given (and, `creating`, that each required one is).
    pub fn parse(self, creating: bool) -> Result<ShippingMethodChange, Rejection> {
        let mut problems = Problems::default();
        let required = |message: &'static str| creating.then_some(message);
        let name = problems.field(
            self.name,
            required("Please give the shipping method a name."),
            text(fields::shipping::NAME),
        );
        let price = problems.field(
            self.price,
            required("Please give the shipping method a price ($0 for free)."),
            money(
                0..=1_000_000,
                "A shipping price has at most two decimals.",
                "A shipping price is from $0.00 to $10,000.00.",
            ),
        );
        let free_over = match self.free_over {
            Some(Some(dollars)) => problems
                .field(
                    Some(dollars),
                    None,
                    money(
                        0..=MOST_SUBTOTAL,
                        "freeOver has at most two decimals.",
                        "freeOver is from $0.00 to $1,000,000.00, or null for never free.",
                    ),
                )
                .map(Some),
            Some(None) => Some(None),
            None if creating => Some(None),
            None => None,
        };
        let days = problems.field(
            self.days,
            required(fields::shipping::DAYS.too_short),
            text(fields::shipping::DAYS),
        );
        let is_default = match self.is_default {
            None if creating => Some(false),
            other => other,
        };
        problems.done(ShippingMethodChange { name, price, free_over, days, is_default })
    }
}

/// A region's tax rate as the back office sets it.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schema(example = json!({"rate": 8.25}))]
pub struct TaxRateInput {
    /// A percent from 0 to 25, at most three decimals: 8.25, 6.875.
    #[serde(default)]
    #[schema(value_type = f64, required = true, minimum = 0, maximum = 25, multiple_of = 0.001)]
    pub rate: Option<f64>,
}

impl TaxRateInput {
    pub fn parse(self) -> Result<TaxRate, Rejection> {
        let mut problems = Problems::default();
        let rate =
            problems.field(self.rate, Some("Please give the rate, a percent from 0 to 25."), |percent| {
                let milli = (percent * 1000.0).round();
                if !percent.is_finite() || (percent * 1000.0 - milli).abs() > 1e-6 {
                    Err("A tax rate has at most three decimals.".to_string())
                } else if !(0.0..=TaxRate::MAX.0 as f64).contains(&milli) {
                    Err("A tax rate is a percent from 0 to 25.".to_string())
                } else {
                    Ok(TaxRate(milli as i64))
                }
            });
        problems.done(rate.unwrap_or_default())
    }
}

/// The region of a tax rate's address, as typed in it: a US state's (or DC's, or a
/// territory's) code, in capitals.
pub fn tax_region(typed: &str) -> Result<String, Rejection> {
    let region = typed.trim().to_ascii_uppercase();
    match US_STATES.contains(&region.as_str()) {
        true => Ok(region),
        false => Err(Rejection::BadParameter("region must be a US state's two-letter code.".into())),
    }
}

/// A promotion code's fields as the back office sets them. `code`, `kind` and `value`
/// are required to make one and fixed once it is made; the rest may change, and what
/// is left out stays as it is.
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schema(example = json!({"code": "SPRING10", "kind": "percent", "value": 10, "minSubtotal": 20,
                          "startsAt": "2027-03-01T00:00:00Z", "endsAt": "2027-04-01T00:00:00Z",
                          "usageLimit": 500, "oncePerShopper": true}))]
pub struct PromotionInput {
    /// Letters, digits and `-`; kept in capitals, unique regardless of case.
    #[schema(value_type = String, pattern = "^[A-Za-z0-9-]+$")]
    pub code: Option<String>,
    #[schema(value_type = PromotionKind)]
    pub kind: Option<String>,
    /// `percent`: a whole number from 1 to 100; `amount`: dollars, more than $0.00 and
    /// at most $100,000.00, at most two decimals.
    #[schema(value_type = f64, minimum = 0.01, maximum = 100000)]
    pub value: Option<f64>,
    /// Dollars the subtotal must reach for the code to apply; 0 (the default) for any.
    #[schema(value_type = f64, required = false, minimum = 0, maximum = 1000000, multiple_of = 0.01)]
    pub min_subtotal: Option<f64>,
    /// From when it may be used (ISO 8601, UTC: `2027-03-01T00:00:00Z`); `null`: at once.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>, format = DateTime, max_length = 40)]
    pub starts_at: Option<Option<String>>,
    /// When it ends, after `startsAt`; `null`: never. Set to now to end it early.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>, format = DateTime, max_length = 40)]
    pub ends_at: Option<Option<String>>,
    /// How many orders may carry it in all; `null`: no limit. Never below its uses.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<i64>, minimum = 1, maximum = 1000000000)]
    pub usage_limit: Option<Option<f64>>,
    /// Whether each shopper may use it once only (default `false`).
    #[schema(value_type = bool, required = false)]
    pub once_per_shopper: Option<bool>,
}

/// A new promotion code, checked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewPromotion {
    pub code: String,
    pub kind: PromotionKind,
    /// Percent, or cents.
    pub value: i64,
    pub min_subtotal: Cents,
    pub starts_at: Option<Timestamp>,
    pub ends_at: Option<Timestamp>,
    pub usage_limit: Option<i64>,
    pub once_per_shopper: bool,
}

/// What a change to a promotion sets; `None` leaves a field as it is.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PromotionChange {
    pub min_subtotal: Option<Cents>,
    pub starts_at: Option<Option<Timestamp>>,
    pub ends_at: Option<Option<Timestamp>>,
    pub usage_limit: Option<Option<i64>>,
    pub once_per_shopper: Option<bool>,
}

const ENDS_AFTER_STARTS: &str = "endsAt must be after startsAt.";

/// A moment in ISO 8601, UTC.
fn moment(name: &'static str) -> impl FnOnce(Option<String>) -> Result<Option<Timestamp>, String> {
    move |text| match text {
        None => Ok(None),
        Some(text) => Timestamp::parse_iso8601(text.trim())
            .map(Some)
            .ok_or_else(|| format!("{name} must be a moment in ISO 8601, UTC, like 2027-03-01T00:00:00Z.")),
    }
}

/// A promotion code as typed: trimmed, in capitals, of the code's characters.
fn code(typed: String) -> Result<String, String> {
    let rule = fields::promotion::CODE;
    let code = normal_code(&typed);
    text(rule)(code.clone())?;
    match code.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '-') {
        true => Ok(code),
        false => Err(rule.messages[0].1.into()),
    }
}

/// A promotion's `value` for its kind: a whole percent, or cents.
fn value_of(kind: PromotionKind) -> impl FnOnce(f64) -> Result<i64, String> {
    move |value| match kind {
        PromotionKind::Percent if value.fract() == 0.0 && (1.0..=100.0).contains(&value) => Ok(value as i64),
        PromotionKind::Percent => Err("A percent off is a whole number from 1 to 100.".into()),
        PromotionKind::Amount => money(
            1..=10_000_000,
            "An amount off has at most two decimals.",
            "An amount off is more than $0.00 and at most $100,000.00.",
        )(value)
        .map(|cents| cents.0),
    }
}

impl PromotionInput {
    /// The fields a change may set, checked, each problem in `problems`.
    fn changeable(&mut self, problems: &mut Problems) -> PromotionChange {
        let min_subtotal = problems.field(
            self.min_subtotal.take(),
            None,
            money(
                0..=MOST_SUBTOTAL,
                "minSubtotal has at most two decimals.",
                "minSubtotal is from $0.00 to $1,000,000.00.",
            ),
        );
        let starts_at = problems.field(self.starts_at.take(), None, moment("startsAt"));
        let ends_at = problems.field(self.ends_at.take(), None, moment("endsAt"));
        let usage_limit = problems.field(self.usage_limit.take(), None, |limit| match limit {
            None => Ok(None),
            Some(n) if n.fract() == 0.0 && (1.0..=1e9).contains(&n) => Ok(Some(n as i64)),
            Some(_) => {
                Err("usageLimit is a whole number from 1 to 1,000,000,000, or null for no limit.".to_string())
            }
        });
        PromotionChange {
            min_subtotal,
            starts_at,
            ends_at,
            usage_limit,
            once_per_shopper: self.once_per_shopper,
        }
    }

    /// A new promotion: `code`, `kind` and `value` required, the rest as given or by default.
    pub fn parse_new(mut self) -> Result<NewPromotion, Rejection> {
        let mut problems = Problems::default();
        let code = problems.field(self.code.take(), Some("Please give the promotion a code."), code);
        let kind =
            problems.field(self.kind.take(), Some("Please choose the kind: percent or amount."), |kind| {
                PromotionKind::parse(kind.trim()).ok_or_else(|| "kind is percent or amount.".to_string())
            });
        let missing = Some("Please give the promotion's value.");
        let value = match kind {
            Some(kind) => problems.field(self.value.take(), missing, value_of(kind)),
            // Without a kind there is no rule to hold it to, but it must be there.
            None => problems.field(self.value.take(), missing, |_| Ok(())).and(None),
        };
        let change = self.changeable(&mut problems);
        let (starts_at, ends_at) = (change.starts_at.flatten(), change.ends_at.flatten());
        if let (Some(starts), Some(ends)) = (starts_at, ends_at)
            && ends <= starts
        {
            problems.0.push(ENDS_AFTER_STARTS.into());
        }
        let (Some(code), Some(kind), Some(value)) = (code, kind, value) else {
            return Err(Rejection::Invalid(problems.0));
        };
        problems.done(NewPromotion {
            code,
            kind,
            value,
            min_subtotal: change.min_subtotal.unwrap_or_default(),
            starts_at,
            ends_at,
            usage_limit: change.usage_limit.flatten(),
            once_per_shopper: change.once_per_shopper.unwrap_or(false),
        })
    }

    /// A change to a promotion: `code`, `kind` and `value` refused, the rest checked.
    pub fn parse_change(mut self) -> Result<PromotionChange, Rejection> {
        let mut problems = Problems::default();
        for (name, sent) in
            [("code", self.code.is_some()), ("kind", self.kind.is_some()), ("value", self.value.is_some())]
        {
            if sent {
                problems.0.push(format!("{name} cannot be changed once the promotion is made."));
            }
        }
        let change = self.changeable(&mut problems);
        problems.done(change)
    }
}

impl PromotionChange {
    /// `promotion` as this change leaves it, if the result keeps the rules: it ends
    /// after it starts, and its limit is not below its uses.
    pub fn applied_to(&self, promotion: &Promotion) -> Result<Promotion, Rejection> {
        let mut next = promotion.clone();
        next.min_subtotal = self.min_subtotal.unwrap_or(next.min_subtotal);
        next.starts_at = self.starts_at.unwrap_or(next.starts_at);
        next.ends_at = self.ends_at.unwrap_or(next.ends_at);
        next.usage_limit = self.usage_limit.unwrap_or(next.usage_limit);
        next.once_per_shopper = self.once_per_shopper.unwrap_or(next.once_per_shopper);
        let mut problems = Problems::default();
        let moved = self.starts_at.is_some() || self.ends_at.is_some();
        if let (true, Some(starts), Some(ends)) = (moved, next.starts_at, next.ends_at)
            && ends <= starts
        {
            problems.0.push(ENDS_AFTER_STARTS.into());
        }
        if let Some(Some(limit)) = self.usage_limit
            && limit < promotion.uses
        {
            let uses = match promotion.uses {
                1 => "1 use".to_string(),
                n => format!("{n} uses"),
            };
            problems.0.push(format!("The limit cannot be below the {uses} so far."));
        }
        problems.done(next)
    }
}

/// A promotion's `value` as staff write it: the percent, or dollars.
pub fn promotion_value(promotion: &Promotion) -> f64 {
    match promotion.kind {
        PromotionKind::Percent => promotion.value as f64,
        PromotionKind::Amount => Cents(promotion.value).as_dollars(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input(json: serde_json::Value) -> PromotionInput {
        serde_json::from_value(json).unwrap()
    }

    fn errors<T: std::fmt::Debug>(result: Result<T, Rejection>) -> Vec<String> {
        match result {
            Err(Rejection::Invalid(errors)) => errors,
            other => panic!("not refused: {other:?}"),
        }
    }

    #[test]
    fn a_new_method_needs_a_name_a_price_and_days_and_a_change_tells_null_from_absent() {
        let new: ShippingMethodInput =
            serde_json::from_value(serde_json::json!({"name": " Express ", "price": 14.99, "days": "1-2"}))
                .unwrap();
        assert_eq!(
            new.parse(true),
            Ok(ShippingMethodChange {
                name: Some("Express".into()),
                price: Some(Cents(1499)),
                free_over: Some(None),
                days: Some("1-2".into()),
                is_default: Some(false),
            })
        );
        assert_eq!(errors(ShippingMethodInput::default().parse(true)).len(), 3);
        let change =
            |json| serde_json::from_value::<ShippingMethodInput>(json).unwrap().parse(false).unwrap();
        assert_eq!(change(serde_json::json!({})), ShippingMethodChange::default());
        assert_eq!(change(serde_json::json!({"freeOver": null})).free_over, Some(None));
        assert_eq!(change(serde_json::json!({"freeOver": 50})).free_over, Some(Some(Cents(5000))));
        assert!(
            serde_json::from_value::<ShippingMethodInput>(serde_json::json!({"archived": true})).is_err()
        );
    }

    #[test]
    fn a_method_names_each_bad_field() {
        let bad = ShippingMethodInput {
            name: Some(" ".into()),
            price: Some(10_000.01),
            free_over: Some(Some(1.005)),
            days: Some("x".repeat(21)),
            is_default: None,
        };
        assert_eq!(
            errors(bad.parse(false)),
            [
                "Please give the shipping method a name.",
                "A shipping price is from $0.00 to $10,000.00.",
                "freeOver has at most two decimals.",
                "How many days it takes must be at most 20 characters."
            ]
        );
        assert!(ShippingMethodInput { price: Some(0.0), ..Default::default() }.parse(false).is_ok());
    }

    #[test]
    fn a_tax_rate_is_a_percent_to_25_with_three_decimals_in_a_us_region() {
        let rate = |r: f64| TaxRateInput { rate: Some(r) }.parse();
        assert_eq!(rate(8.25), Ok(TaxRate(8250)));
        assert_eq!(rate(6.875), Ok(TaxRate(6875)));
        assert_eq!(rate(0.0), Ok(TaxRate(0)));
        assert_eq!(rate(25.0), Ok(TaxRate::MAX));
        assert_eq!(errors(rate(25.001)), ["A tax rate is a percent from 0 to 25."]);
        assert_eq!(errors(rate(-1.0)), ["A tax rate is a percent from 0 to 25."]);
        assert_eq!(errors(rate(1.0005)), ["A tax rate has at most three decimals."]);
        assert_eq!(errors(TaxRateInput::default().parse()).len(), 1);
        assert_eq!(tax_region("mn"), Ok("MN".into()));
        assert_eq!(tax_region("DC"), Ok("DC".into()));
        assert!(tax_region("ZZ").is_err() && tax_region("MNN").is_err() && tax_region("").is_err());
    }

    #[test]
    fn a_new_promotion_is_checked_field_by_field() {
        let made = input(serde_json::json!({"code": " spring-10 ", "kind": "percent", "value": 10,
            "startsAt": "2027-03-01T00:00:00Z", "endsAt": null, "usageLimit": 5}))
        .parse_new()
        .unwrap();
        assert_eq!((made.code.as_str(), made.kind, made.value), ("SPRING-10", PromotionKind::Percent, 10));
        assert_eq!((made.starts_at.is_some(), made.ends_at, made.usage_limit), (true, None, Some(5)));
        assert_eq!((made.min_subtotal, made.once_per_shopper), (Cents(0), false));
        let amount = input(serde_json::json!({"code": "TAKE5", "kind": "amount", "value": 5.5})).parse_new();
        assert_eq!(amount.unwrap().value, 550);
        assert_eq!(errors(PromotionInput::default().parse_new()).len(), 3);
        let bad = input(serde_json::json!({"code": "NO SPACE", "kind": "percent", "value": 10.5,
            "minSubtotal": -1, "startsAt": "tomorrow", "usageLimit": 0}));
        assert_eq!(
            errors(bad.parse_new()),
            [
                "A code holds only letters, digits and '-'.",
                "A percent off is a whole number from 1 to 100.",
                "minSubtotal is from $0.00 to $1,000,000.00.",
                "startsAt must be a moment in ISO 8601, UTC, like 2027-03-01T00:00:00Z.",
                "usageLimit is a whole number from 1 to 1,000,000,000, or null for no limit."
            ]
        );
        let backwards = input(serde_json::json!({"code": "AB", "kind": "coupon", "value": 1,
            "startsAt": "2027-03-01T00:00:00Z", "endsAt": "2027-03-01T00:00:00Z"}));
        assert_eq!(
            errors(backwards.parse_new()),
            ["A code must be at least 3 characters.", "kind is percent or amount.", ENDS_AFTER_STARTS]
        );
        let too_much = input(serde_json::json!({"code": "BIG", "kind": "amount", "value": 100000.01}));
        assert_eq!(
            errors(too_much.parse_new()),
            ["An amount off is more than $0.00 and at most $100,000.00."]
        );
    }

    #[test]
    fn a_change_keeps_the_code_kind_and_value_and_the_limit_above_the_uses() {
        assert_eq!(
            errors(input(serde_json::json!({"code": "X", "value": 5})).parse_change()),
            [
                "code cannot be changed once the promotion is made.",
                "value cannot be changed once the promotion is made."
            ]
        );
        let promotion = Promotion {
            id: 1,
            code: "SPRING10".into(),
            kind: PromotionKind::Percent,
            value: 10,
            min_subtotal: Cents(0),
            starts_at: Some(Timestamp(1_000)),
            ends_at: None,
            usage_limit: Some(10),
            once_per_shopper: false,
            uses: 4,
            created_at: Timestamp(0),
        };
        let change = |json| input(json).parse_change().unwrap().applied_to(&promotion);
        assert_eq!(
            errors(change(serde_json::json!({"usageLimit": 3}))),
            ["The limit cannot be below the 4 uses so far."]
        );
        assert_eq!(change(serde_json::json!({"usageLimit": 4})).unwrap().usage_limit, Some(4));
        assert_eq!(change(serde_json::json!({"usageLimit": null})).unwrap().usage_limit, None);
        assert_eq!(
            errors(change(serde_json::json!({"endsAt": "1970-01-01T00:00:00.500Z"}))),
            [ENDS_AFTER_STARTS]
        );
        let ended =
            change(serde_json::json!({"endsAt": "1970-01-01T00:00:02Z", "oncePerShopper": true})).unwrap();
        assert_eq!(
            (ended.ends_at, ended.once_per_shopper, ended.starts_at),
            (Some(Timestamp(2_000)), true, Some(Timestamp(1_000)))
        );
        assert_eq!(change(serde_json::json!({})).unwrap(), promotion);
    }
}
