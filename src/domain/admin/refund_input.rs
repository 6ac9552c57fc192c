//! A refund as staff give it (docs/rules.md#payments): an amount, a reason, and the lines
//! whose units go back to stock. The body lists exactly those fields.

use serde::Deserialize;

use super::checkout_inputs::{Problems, money, text};
use crate::domain::cart::MAX_LINES;
use crate::domain::fields::refund;
use crate::domain::{Cents, Rejection};

/// The most one refund may be: $1,000,000.00 (what it may really be is what is left of
/// the order's payment, checked in its transaction).
const MOST: i64 = 100_000_000;

#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[schema(example = json!({"amount": 10.0, "reason": "Damaged in transit", "restock": [{"lineId": 12, "quantity": 1}]}))]
pub struct RefundInput {
    /// Dollars, more than $0.00, at most two decimals, at most what is left to refund.
    #[schema(value_type = f64, minimum = 0.01, multiple_of = 0.01)]
    pub amount: Option<f64>,
    /// Why, as the shopper reads it on their order.
    #[schema(value_type = String)]
    pub reason: Option<String>,
    /// Lines of the order whose unit goes back to stock, each at most once.
    #[serde(default)]
    #[schema(max_items = 50)]
    pub restock: Vec<RestockLine>,
}

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct RestockLine {
    /// The order line's `lineId`.
    pub line_id: i64,
    /// Units of it: a line is one unit, so 1.
    #[schema(minimum = 1, maximum = 1)]
    pub quantity: i64,
}

/// A refund that passed its checks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refund {
    pub amount: Cents,
    pub reason: String,
    /// Order line ids, each once.
    pub restock: Vec<i64>,
}

impl RefundInput {
    /// The refund, or every broken rule, one line each.
    pub fn check(self) -> Result<Refund, Rejection> {
        let mut problems = Problems::default();
        let amount = problems.field(
            self.amount,
            Some(refund::AMOUNT_MISSING),
            money(1..=MOST, refund::AMOUNT_DECIMALS, refund::AMOUNT_MISSING),
        );
        let reason = problems.field(self.reason, Some(refund::REASON.too_short), text(refund::REASON));
        let mut restock = Vec::new();
        if self.restock.len() as i64 > MAX_LINES {
            problems
                .field(Some(()), None, |()| Err::<(), _>(format!("An order has at most {MAX_LINES} lines.")));
        }
        for line in self.restock {
            let checked = problems.field(Some(line), None, |line| match line.quantity {
                1 if restock.contains(&line.line_id) => {
                    Err(format!("Line {} is listed twice.", line.line_id))
                }
                1 => Ok(line.line_id),
                _ => Err(format!("Line {} is one unit: its quantity is 1.", line.line_id)),
            });
            restock.extend(checked);
        }
        problems.done(())?;
        let (Some(amount), Some(reason)) = (amount, reason) else {
            unreachable!("a field left out or refused is a problem, and there is none")
        };
        Ok(Refund { amount, reason, restock })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(json: serde_json::Value) -> Result<Refund, Vec<String>> {
        serde_json::from_value::<RefundInput>(json).unwrap().check().map_err(|e| match e {
            Rejection::Invalid(lines) => lines,
            other => vec![other.to_string()],
        })
    }

    #[test]
    fn a_refund_is_an_amount_in_cents_a_reason_and_lines_each_once() {
        let refund = check(
            serde_json::json!({"amount": 10.5, "reason": " Damaged ", "restock": [{"lineId": 3, "quantity": 1}]}),
        );
        assert_eq!(refund, Ok(Refund { amount: Cents(1050), reason: "Damaged".into(), restock: vec![3] }));
    }

    #[test]
    fn every_broken_rule_is_named() {
        assert_eq!(
            check(serde_json::json!({"amount": 0, "reason": ""})),
            Err(vec![refund::AMOUNT_MISSING.to_string(), refund::REASON.too_short.to_string()])
        );
        assert_eq!(
            check(serde_json::json!({"amount": 1.005, "reason": "x"})),
            Err(vec![refund::AMOUNT_DECIMALS.to_string()])
        );
        assert_eq!(
            check(serde_json::json!({"amount": -3, "reason": "x"})),
            Err(vec![refund::AMOUNT_MISSING.to_string()])
        );
        assert_eq!(
            check(
                serde_json::json!({"amount": 1, "reason": "x", "restock": [{"lineId": 3, "quantity": 2}, {"lineId": 4, "quantity": 1}, {"lineId": 4, "quantity": 1}]})
            ),
            Err(vec![
                "Line 3 is one unit: its quantity is 1.".to_string(),
                "Line 4 is listed twice.".to_string()
            ])
        );
    }
}
