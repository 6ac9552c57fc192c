//! Mails (docs/rules.md#mail). What causes a mail (an order placed, moved, refunded)
//! writes it to the outbox in its own transaction as [`Facts`]: what the mail is to say,
//! as it was then (`outbox.rs` keeps them). Whoever sends or shows a mail draws it from
//! its facts under the store's letterhead (`draw.rs`), so the sender, the back office's
//! outbox and a demo shopper's inbox show the same mail.

mod account_mails;
pub mod draw;
mod letter;
pub mod outbox;

use serde::{Deserialize, Serialize};

use super::orders::{Order, OrderLine};
use super::payments::Method;
use super::ship_to::ShipTo;
use super::{Cents, OrderId};

/// What a mail is about; at most one mail per cause (the event and what it happened to).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    OrderPlaced,
    OrderShipped,
    OrderDelivered,
    OrderCancelled,
    OrderRefunded,
    PasswordReset,
    EmailConfirm,
    EmailChanged,
    BackInStock,
}

impl Event {
    pub fn as_str(self) -> &'static str {
        match self {
            Event::OrderPlaced => "order.placed",
            Event::OrderShipped => "order.shipped",
            Event::OrderDelivered => "order.delivered",
            Event::OrderCancelled => "order.cancelled",
            Event::OrderRefunded => "order.refunded",
            Event::PasswordReset => "password.reset",
            Event::EmailConfirm => "email.confirm",
            Event::EmailChanged => "email.changed",
            Event::BackInStock => "stock.back",
        }
    }
}

/// What a mail says, kept as it was when its cause happened.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event")]
pub enum Facts {
    #[serde(rename = "order.placed")]
    OrderPlaced { order: OrderFacts },
    #[serde(rename = "order.shipped")]
    OrderShipped { order: OrderFacts },
    #[serde(rename = "order.delivered")]
    OrderDelivered { order: OrderFacts },
    /// `refund`: the cents the cancel paid back (none when nothing was taken yet: the
    /// hold on the card is released).
    #[serde(rename = "order.cancelled")]
    OrderCancelled { order: OrderFacts, refund: Option<i64> },
    #[serde(rename = "order.refunded")]
    OrderRefunded { refund: RefundFacts },
    #[serde(rename = "password.reset")]
    PasswordReset { reset: ResetFacts },
    /// To the new address: the link that makes it the account's.
    #[serde(rename = "email.confirm")]
    EmailConfirm { change: EmailFacts },
    /// To the old address, once the new one took effect.
    #[serde(rename = "email.changed")]
    EmailChanged { change: EmailFacts },
    #[serde(rename = "stock.back")]
    BackInStock { alert: AlertFacts },
}

impl Facts {
    pub fn event(&self) -> Event {
        match self {
            Facts::OrderPlaced { .. } => Event::OrderPlaced,
            Facts::OrderShipped { .. } => Event::OrderShipped,
            Facts::OrderDelivered { .. } => Event::OrderDelivered,
            Facts::OrderCancelled { .. } => Event::OrderCancelled,
            Facts::OrderRefunded { .. } => Event::OrderRefunded,
            Facts::PasswordReset { .. } => Event::PasswordReset,
            Facts::EmailConfirm { .. } => Event::EmailConfirm,
            Facts::EmailChanged { .. } => Event::EmailChanged,
            Facts::BackInStock { .. } => Event::BackInStock,
        }
    }

    /// What happened, once: a second mail for the same cause (a retried request, a
    /// webhook racing the browser) is never written.
    pub fn cause(&self) -> String {
        let event = self.event().as_str();
        match self {
            Facts::OrderPlaced { order }
            | Facts::OrderShipped { order }
            | Facts::OrderDelivered { order }
            | Facts::OrderCancelled { order, .. } => format!("{event}:{}", order.order_id),
            Facts::OrderRefunded { refund } => format!("{event}:{}", refund.refund_id),
            Facts::PasswordReset { reset } => format!("{event}:{}", reset.id),
            Facts::EmailConfirm { change } | Facts::EmailChanged { change } => {
                format!("{event}:{}", change.id)
            }
            Facts::BackInStock { alert } => format!("{event}:{}", alert.alert_id),
        }
    }

    /// The facts with what only the recipient may read taken out (a link's token): what
    /// the outbox keeps once the mail is sent, what staff who are not owners read of it,
    /// and what an account's inbox shows (a new address is proved by its own mailbox).
    pub fn without_secrets(&self) -> Facts {
        match self {
            Facts::PasswordReset { reset } => {
                Facts::PasswordReset { reset: ResetFacts { token: String::new(), ..reset.clone() } }
            }
            Facts::EmailConfirm { change } => {
                Facts::EmailConfirm { change: EmailFacts { token: String::new(), ..change.clone() } }
            }
            Facts::BackInStock { alert } => {
                Facts::BackInStock { alert: AlertFacts { token: String::new(), ..alert.clone() } }
            }
            other => other.clone(),
        }
    }

    /// Where the mail's `List-Unsubscribe` leads, for a mail one can stop getting.
    pub fn unsubscribe_path(&self) -> Option<String> {
        match self {
            Facts::BackInStock { alert } if !alert.token.is_empty() => Some(alert.unsubscribe_path()),
            _ => None,
        }
    }

    /// The order the mail is about, if it is about one.
    pub fn order_id(&self) -> Option<OrderId> {
        match self {
            Facts::OrderPlaced { order }
            | Facts::OrderShipped { order }
            | Facts::OrderDelivered { order }
            | Facts::OrderCancelled { order, .. } => Some(OrderId(order.order_id)),
            Facts::OrderRefunded { refund } => Some(OrderId(refund.order_id)),
            Facts::PasswordReset { .. }
            | Facts::EmailConfirm { .. }
            | Facts::EmailChanged { .. }
            | Facts::BackInStock { .. } => None,
        }
    }
}

/// A reset asked for, as its mail says it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ResetFacts {
    /// The first characters of the token's hash: names the request (the mail's cause)
    /// without giving the token away.
    pub id: String,
    pub username: String,
    /// The link's token; empty once the mail is sent, and to staff who are not owners.
    pub token: String,
}

/// A change of an account's e-mail address, as its two mails say it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EmailFacts {
    /// The first characters of the token's hash: names the change (the mails' cause).
    pub id: String,
    pub username: String,
    pub new_email: String,
    /// The confirmation link's token (the new address's mail only); empty once sent,
    /// and wherever the mail is shown to anyone but its recipient.
    #[serde(default)]
    pub token: String,
}

/// An alert's product back in stock, as its mail says it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AlertFacts {
    pub alert_id: i64,
    pub product_id: i64,
    pub department_id: i64,
    pub variant_id: Option<i64>,
    pub name: String,
    pub options: Vec<(String, String)>,
    /// The unsubscribe link's token; empty once sent.
    pub token: String,
}

impl AlertFacts {
    /// `Tee (Size: M)`.
    pub fn label(&self) -> String {
        LineFacts { name: self.name.clone(), options: self.options.clone(), price: 0 }.label()
    }

    pub fn product_path(&self) -> String {
        let variant = self.variant_id.map(|v| format!("?variant={v}")).unwrap_or_default();
        format!("/departments/{}/products/{}{variant}", self.department_id, self.product_id)
    }

    pub fn unsubscribe_path(&self) -> String {
        format!("/unsubscribe?token={}", self.token)
    }
}

/// An order as its mails show it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OrderFacts {
    pub order_id: i64,
    pub lines: Vec<LineFacts>,
    pub subtotal: i64,
    pub promotion_code: Option<String>,
    pub promotion: i64,
    /// The RedCard's 5%.
    pub card_discount: i64,
    pub method_name: String,
    pub days: String,
    pub shipping: i64,
    pub tax_region: Option<String>,
    pub tax_rate_milli: i64,
    pub tax: i64,
    pub total: i64,
    /// "Visa ending in 4242", or the RedCard.
    pub paid_with: String,
    pub ship_to: ShipTo,
}

/// One unit of an order, as its mails name it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LineFacts {
    pub name: String,
    pub options: Vec<(String, String)>,
    pub price: i64,
}

impl LineFacts {
    /// `Tee (Size: M, Color: Red)`.
    pub fn label(&self) -> String {
        if self.options.is_empty() {
            return self.name.clone();
        }
        let options: Vec<String> =
            self.options.iter().map(|(name, value)| format!("{name}: {value}")).collect();
        format!("{} ({})", self.name, options.join(", "))
    }
}

impl From<&OrderLine> for LineFacts {
    fn from(line: &OrderLine) -> LineFacts {
        LineFacts { name: line.name.clone(), options: line.options.clone(), price: line.price.0 }
    }
}

impl OrderFacts {
    pub fn of(order: &Order) -> OrderFacts {
        let payment = &order.payment;
        let paid_with = match payment.method {
            Method::RedCard => Method::RedCard.label().to_owned(),
            Method::Card => format!("{} ending in {}", payment.brand, payment.last4),
        };
        let quote = &order.quote;
        OrderFacts {
            order_id: order.id.0,
            lines: order.lines.iter().map(LineFacts::from).collect(),
            subtotal: quote.subtotal.0,
            promotion_code: order.shipment.promotion_code.clone(),
            promotion: quote.promotion.0,
            card_discount: quote.card().0,
            method_name: order.shipment.method_name.clone(),
            days: order.shipment.days.clone(),
            shipping: quote.shipping.0,
            tax_region: order.shipment.tax_region.clone(),
            tax_rate_milli: order.shipment.tax_rate.0,
            tax: quote.tax.0,
            total: quote.total.0,
            paid_with,
            ship_to: order.shipment.ship_to.clone(),
        }
    }
}

/// A refund as its mail shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RefundFacts {
    pub refund_id: i64,
    pub order_id: i64,
    pub amount: i64,
    pub reason: String,
    /// The units that went back to stock with it, as [`LineFacts::label`] names them.
    pub restocked: Vec<String>,
}

impl RefundFacts {
    pub fn amount(&self) -> Cents {
        Cents(self.amount)
    }
}

/// A name or an address as a mail header may carry it: no line breaks or other control
/// characters (a header injection), at most 200 characters.
pub fn header_safe(text: &str) -> String {
    text.chars().filter(|c| !c.is_control()).take(200).collect::<String>().trim().to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_line_break_reaches_a_header() {
        assert_eq!(header_safe("Jane\r\nBcc: all@example.com"), "JaneBcc: all@example.com");
        assert_eq!(header_safe(" Ann\u{0}Lee\t"), "AnnLee");
    }
}
