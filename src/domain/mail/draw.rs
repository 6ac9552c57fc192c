//! A mail drawn from its facts: a subject, a plain-text part and an HTML part that say
//! the same. The HTML part reads well in common mail clients: tables for layout, inline
//! styles, no script, no picture to fetch.

use super::account_mails;
use super::letter::Body;
pub use super::letter::Letterhead;
use super::{Facts, LineFacts, OrderFacts, RefundFacts, ResetFacts};
use crate::domain::Cents;
use crate::domain::html::escape;

/// A mail as its recipient reads it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Drawn {
    pub subject: String,
    pub text: String,
    pub html: String,
    /// Where a mail one can stop getting says to go to stop it (`List-Unsubscribe`).
    pub unsubscribe: Option<String>,
}

/// The subject of the mail `facts` keep: what the outbox lists, and the mail's own.
pub fn subject(facts: &Facts) -> String {
    match facts {
        Facts::OrderPlaced { order } => format!("Order #{} confirmed", order.order_id),
        Facts::OrderShipped { order } => format!("Order #{} has shipped", order.order_id),
        Facts::OrderDelivered { order } => format!("Order #{} was delivered", order.order_id),
        Facts::OrderCancelled { order, .. } => format!("Order #{} was cancelled", order.order_id),
        Facts::OrderRefunded { refund } => {
            format!("A refund of {} for order #{}", refund.amount().grouped(), refund.order_id)
        }
        Facts::PasswordReset { .. } => "Reset your password".into(),
        Facts::EmailConfirm { .. } => "Confirm your new e-mail address".into(),
        Facts::EmailChanged { .. } => "Your e-mail address was changed".into(),
        Facts::BackInStock { alert } => format!("Back in stock: {}", alert.label()),
    }
}

/// Draws the mail `facts` keep, to `first_name`, under `letterhead`.
pub fn draw(facts: &Facts, first_name: &str, letterhead: &Letterhead) -> Drawn {
    let greeting = format!("Hi {first_name},");
    let order_link = |id: i64| ("View your order".to_owned(), letterhead.link(&format!("/orders/{id}")));
    let body = match facts {
        Facts::OrderPlaced { order } => Body {
            heading: "Thank you for your order".into(),
            paragraphs: vec![
                greeting,
                format!("We have received order #{} and will write again when it ships.", order.order_id),
            ],
            items: items(&order.lines),
            figures: figures(order),
            blocks: vec![
                ("Ships to".into(), address(order)),
                ("Delivery".into(), vec![format!("{}, {}", order.method_name, business_days(&order.days))]),
                ("Paid with".into(), vec![order.paid_with.clone()]),
            ],
            action: order_link(order.order_id),
        },
        Facts::OrderShipped { order } => Body {
            heading: "Your order is on its way".into(),
            paragraphs: vec![
                greeting,
                format!(
                    "Order #{} has shipped by {}: {}.",
                    order.order_id,
                    order.method_name,
                    business_days(&order.days)
                ),
            ],
            items: items(&order.lines),
            figures: Vec::new(),
            blocks: vec![("Ships to".into(), address(order))],
            action: order_link(order.order_id),
        },
        Facts::OrderDelivered { order } => Body {
            heading: "Your order has arrived".into(),
            paragraphs: vec![
                greeting,
                format!(
                    "Order #{} was delivered to the address below. We hope you enjoy it: \
                         a review on a product's page helps the next shopper.",
                    order.order_id
                ),
            ],
            items: items(&order.lines),
            figures: Vec::new(),
            blocks: vec![("Delivered to".into(), address(order))],
            action: order_link(order.order_id),
        },
        Facts::OrderCancelled { order, refund } => {
            cancel_body(order, *refund, greeting, order_link(order.order_id))
        }
        Facts::OrderRefunded { refund } => refund_body(refund, greeting, order_link(refund.order_id)),
        Facts::PasswordReset { reset } => reset_body(reset, greeting, letterhead),
        Facts::EmailConfirm { change } => account_mails::email_confirm_body(change, greeting, letterhead),
        Facts::EmailChanged { change } => account_mails::email_changed_body(change, greeting, letterhead),
        Facts::BackInStock { alert } => account_mails::back_in_stock_body(alert, greeting, letterhead),
    };
    let subject = subject(facts);
    let unsubscribe = facts.unsubscribe_path().map(|path| letterhead.link(&path));
    Drawn { text: text(&body, letterhead), html: html(&subject, &body, letterhead), subject, unsubscribe }
}

fn cancel_body(order: &OrderFacts, refund: Option<i64>, greeting: String, action: (String, String)) -> Body {
    let money = match refund {
        Some(cents) => format!(
            "{} is being refunded to your {}. Your bank may take a few days to show it.",
            Cents(cents).grouped(),
            order.paid_with
        ),
        None => format!("Nothing was charged: the hold on your {} is released.", order.paid_with),
    };
    Body {
        heading: "Your order was cancelled".into(),
        paragraphs: vec![greeting, format!("Order #{} was cancelled.", order.order_id), money],
        items: items(&order.lines),
        figures: vec![("Total".into(), Cents(order.total).grouped(), true)],
        blocks: Vec::new(),
        action,
    }
}

fn reset_body(reset: &ResetFacts, greeting: String, letterhead: &Letterhead) -> Body {
    let minutes = crate::domain::password_reset::VALID_FOR.as_secs() / 60;
    let mut paragraphs = vec![
        greeting,
        format!("Someone, we hope you, asked to reset the password of your account {}.", reset.username),
    ];
    let action = match reset.token.is_empty() {
        false => {
            paragraphs.push(format!(
                "Follow the link below to choose a new one. It works once, for {minutes} minutes."
            ));
            (
                "Choose a new password".into(),
                letterhead.link(&format!("/reset-password#token={}", reset.token)),
            )
        }
        // Sent, or read by staff: the link is the recipient's alone.
        true => {
            paragraphs.push("This mail's link is the recipient's alone and is not shown here.".into());
            ("Ask for a new link".into(), letterhead.link("/forgot-password"))
        }
    };
    paragraphs.push("If you did not ask, ignore this mail: your password stays as it is.".into());
    Body::words("Reset your password", paragraphs, action)
}

fn refund_body(refund: &RefundFacts, greeting: String, action: (String, String)) -> Body {
    let mut paragraphs = vec![
        greeting,
        format!(
            "We are refunding {} for order #{} to the card you paid with. Your bank may take a few \
             days to show it.",
            refund.amount().grouped(),
            refund.order_id
        ),
    ];
    if !refund.reason.trim().is_empty() {
        paragraphs.push(format!("Reason: {}", refund.reason.trim()));
    }
    let blocks = match refund.restocked.is_empty() {
        true => Vec::new(),
        false => vec![("Returned".into(), refund.restocked.clone())],
    };
    Body {
        heading: "Your refund is on its way".into(),
        paragraphs,
        items: Vec::new(),
        figures: vec![("Refund".into(), refund.amount().grouped(), true)],
        blocks,
        action,
    }
}

/// Units of one product, options and price said once with their count: `2 × Tee (Size: M)`.
fn items(lines: &[LineFacts]) -> Vec<(String, String)> {
    let mut grouped: Vec<(String, i64, usize)> = Vec::new();
    for line in lines {
        let label = line.label();
        match grouped.iter_mut().find(|(l, price, _)| *l == label && *price == line.price) {
            Some(group) => group.2 += 1,
            None => grouped.push((label, line.price, 1)),
        }
    }
    grouped
        .into_iter()
        .map(|(label, price, count)| match count {
            1 => (label, Cents(price).grouped()),
            n => (format!("{n} × {label}"), Cents(price * n as i64).grouped()),
        })
        .collect()
}

/// The order's figures, as its confirmation page shows them.
fn figures(order: &OrderFacts) -> Vec<(String, String, bool)> {
    let mut figures = vec![("Subtotal".to_owned(), Cents(order.subtotal).grouped(), false)];
    if order.promotion > 0 {
        let code = order.promotion_code.as_deref().unwrap_or("Promotion");
        figures.push((format!("Code {code}"), format!("-{}", Cents(order.promotion).grouped()), false));
    }
    if order.card_discount > 0 {
        figures.push(("RedCard 5% off".into(), format!("-{}", Cents(order.card_discount).grouped()), false));
    }
    let shipping = match order.shipping {
        0 => "Free".to_owned(),
        cents => Cents(cents).grouped(),
    };
    figures.push((format!("Delivery: {}", order.method_name), shipping, false));
    let tax = match &order.tax_region {
        Some(region) if order.tax_rate_milli > 0 => {
            format!("Tax ({region}, {})", percent(order.tax_rate_milli))
        }
        _ => "Tax".to_owned(),
    };
    figures.push((tax, Cents(order.tax).grouped(), false));
    figures.push(("Total".into(), Cents(order.total).grouped(), true));
    figures
}

/// A method's days as the checkout says them: `2-4 business days`, `1 business day`.
fn business_days(days: &str) -> String {
    let unit = if days.trim() == "1" { "day" } else { "days" };
    format!("{} business {unit}", days.trim())
}

/// Thousandths of a percent as a percent: `8.25%`.
fn percent(milli: i64) -> String {
    let whole = format!("{}.{:03}", milli / 1000, milli % 1000);
    format!("{}%", whole.trim_end_matches('0').trim_end_matches('.'))
}

fn address(order: &OrderFacts) -> Vec<String> {
    let to = &order.ship_to;
    let mut lines = vec![to.name.clone(), to.line1.clone()];
    if !to.line2.trim().is_empty() {
        lines.push(to.line2.clone());
    }
    lines.push(format!("{}, {} {}", to.city, to.state, to.postal_code));
    lines.push(to.country.clone());
    lines
}

fn text(body: &Body, letterhead: &Letterhead) -> String {
    let mut out = format!("{}\n\n", body.heading);
    for paragraph in &body.paragraphs {
        out.push_str(&wrapped(paragraph, 72));
        out.push_str("\n\n");
    }
    let rows: Vec<(&str, &str)> = body
        .items
        .iter()
        .map(|(l, a)| (l.as_str(), a.as_str()))
        .chain(body.figures.iter().map(|(l, a, _)| (l.as_str(), a.as_str())))
        .collect();
    let width = rows.iter().map(|(l, _)| l.chars().count()).max().unwrap_or(0).min(48);
    for (n, (label, amount)) in rows.iter().enumerate() {
        if n == body.items.len() && n > 0 {
            out.push_str(&format!("  {}\n", "-".repeat(width + 14)));
        }
        out.push_str(&format!("  {label:<width$}  {amount:>12}\n"));
    }
    if !rows.is_empty() {
        out.push('\n');
    }
    for (title, lines) in &body.blocks {
        out.push_str(&format!("{title}:\n"));
        for line in lines {
            out.push_str(&format!("  {line}\n"));
        }
        out.push('\n');
    }
    out.push_str(&format!(
        "{}: {}\n\n-- \n{}\n{}\n",
        body.action.0, body.action.1, letterhead.store_name, letterhead.public_url
    ));
    out
}

/// `text` broken between words into lines of at most `width` characters, as plain-text
/// mail is written (a word longer than a line keeps a line of its own).
fn wrapped(text: &str, width: usize) -> String {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_owned()),
        }
    }
    lines.join("\n")
}

const FONT: &str = "font-family:Arial,Helvetica,sans-serif;";

fn html(subject: &str, body: &Body, letterhead: &Letterhead) -> String {
    let mut content = format!(
        "<h1 style=\"margin:0 0 16px;font-size:22px;line-height:1.3;color:#333333;{FONT}\">{}</h1>",
        escape(&body.heading)
    );
    for paragraph in &body.paragraphs {
        content.push_str(&format!("<p style=\"margin:0 0 12px;\">{}</p>", escape(paragraph)));
    }
    if !body.items.is_empty() || !body.figures.is_empty() {
        content.push_str(
            "<table role=\"presentation\" width=\"100%\" cellpadding=\"0\" cellspacing=\"0\" style=\"margin:16px 0;border-collapse:collapse;\">",
        );
        for (label, amount) in &body.items {
            content.push_str(&row(label, amount, "border-bottom:1px solid #e6e6e6;"));
        }
        for (label, amount, total) in &body.figures {
            let style = match total {
                true => "font-weight:bold;font-size:17px;border-top:2px solid #333333;",
                false => "color:#666666;",
            };
            content.push_str(&row(label, amount, style));
        }
        content.push_str("</table>");
    }
    for (title, lines) in &body.blocks {
        let lines: Vec<String> = lines.iter().map(|l| escape(l)).collect();
        content.push_str(&format!(
            "<p style=\"margin:0 0 12px;\"><strong>{}</strong><br>{}</p>",
            escape(title),
            lines.join("<br>")
        ));
    }
    let (label, url) = &body.action;
    content.push_str(&format!(
        "<p style=\"margin:24px 0 8px;\"><a href=\"{}\" style=\"display:inline-block;padding:12px 20px;background:#cc0000;color:#ffffff;text-decoration:none;border-radius:8px;font-weight:bold;\">{}</a></p>",
        escape(url),
        escape(label)
    ));
    let store = escape(&letterhead.store_name);
    let home = escape(&letterhead.public_url);
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{title}</title></head>\
<body style=\"margin:0;padding:0;background:#f7f7f7;\">\
<table role=\"presentation\" width=\"100%\" cellpadding=\"0\" cellspacing=\"0\" style=\"background:#f7f7f7;\"><tr><td align=\"center\" style=\"padding:24px 12px;\">\
<table role=\"presentation\" width=\"100%\" cellpadding=\"0\" cellspacing=\"0\" style=\"max-width:560px;background:#ffffff;border-radius:8px;{FONT}font-size:15px;line-height:1.5;color:#333333;\">\
<tr><td style=\"padding:16px 24px;background:#cc0000;border-radius:8px 8px 0 0;color:#ffffff;font-size:20px;font-weight:bold;{FONT}\">{store}</td></tr>\
<tr><td style=\"padding:24px;{FONT}\">{content}</td></tr>\
<tr><td style=\"padding:16px 24px;border-top:1px solid #e6e6e6;color:#666666;font-size:13px;{FONT}\">{store} · <a href=\"{home}\" style=\"color:#666666;\">{home}</a></td></tr>\
</table></td></tr></table></body></html>\n",
        title = escape(subject),
    )
}

fn row(label: &str, amount: &str, style: &str) -> String {
    format!(
        "<tr><td style=\"padding:8px 0;{style}\">{}</td><td align=\"right\" style=\"padding:8px 0 8px 12px;white-space:nowrap;{style}\">{}</td></tr>",
        escape(label),
        escape(amount)
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::ship_to::ShipTo;

    fn letterhead() -> Letterhead {
        Letterhead { store_name: "Market".into(), public_url: "https://shop.example/".into() }
    }

    fn order() -> OrderFacts {
        let tee = |size: &str| LineFacts {
            name: "Tee".into(),
            options: vec![("Size".into(), size.into())],
            price: 1_999,
        };
        OrderFacts {
            order_id: 42,
            lines: vec![tee("M"), tee("L"), tee("M")],
            subtotal: 5_997,
            promotion_code: Some("SAVE10".into()),
            promotion: 600,
            card_discount: 270,
            method_name: "Express".into(),
            days: "1-2 business days".into(),
            shipping: 999,
            tax_region: Some("MN".into()),
            tax_rate_milli: 8_250,
            tax: 500,
            total: 6_626,
            paid_with: "RedCard debit ending in 4821".into(),
            ship_to: ShipTo { name: "Jane <b>Doe</b>".into(), ..ShipTo::fixed() },
        }
    }

    #[test]
    fn a_confirmation_says_every_figure_in_both_parts() {
        let drawn = draw(&Facts::OrderPlaced { order: order() }, "Jane", &letterhead());
        assert_eq!(drawn.subject, "Order #42 confirmed");
        for part in [&drawn.text, &drawn.html] {
            for said in [
                "2 × Tee (Size: M)",
                "$39.98",
                "Tee (Size: L)",
                "Code SAVE10",
                "-$6.00",
                "RedCard 5% off",
                "-$2.70",
                "Delivery: Express",
                "$9.99",
                "Tax (MN, 8.25%)",
                "$5.00",
                "$66.26",
                "RedCard debit ending in 4821",
                "Minneapolis, MN 55403",
                "https://shop.example/orders/42",
            ] {
                assert!(part.contains(said), "{said:?} missing from {part}");
            }
        }
        assert!(drawn.html.contains("Jane &lt;b&gt;Doe&lt;/b&gt;"), "names are escaped");
        assert!(!drawn.html.contains("<script") && !drawn.html.contains("<img"), "no script, no picture");
    }

    #[test]
    fn a_cancel_says_whether_money_comes_back_or_a_hold_is_released() {
        let refunded =
            draw(&Facts::OrderCancelled { order: order(), refund: Some(6_626) }, "Jane", &letterhead());
        assert!(refunded.text.contains("$66.26 is being refunded"), "{}", refunded.text);
        let released = draw(&Facts::OrderCancelled { order: order(), refund: None }, "Jane", &letterhead());
        // Read as one line: the plain text breaks its paragraphs at 72 characters.
        let said = released.text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(said.contains("the hold on your RedCard debit ending in 4821 is released"), "{said}");
    }

    #[test]
    fn a_refund_names_its_amount_reason_and_what_went_back() {
        let refund = RefundFacts {
            refund_id: 7,
            order_id: 42,
            amount: 1_999,
            reason: "Arrived damaged".into(),
            restocked: vec!["Tee (Size: M)".into()],
        };
        let drawn = draw(&Facts::OrderRefunded { refund }, "Jane", &letterhead());
        assert_eq!(drawn.subject, "A refund of $19.99 for order #42");
        assert!(
            drawn.text.contains("Reason: Arrived damaged")
                && drawn.text.contains("Returned:\n  Tee (Size: M)")
        );
    }

    #[test]
    fn plain_text_lines_are_broken_between_words_at_72() {
        let said =
            "We are refunding $19.99 for order #42 to the card you paid with. Your bank may take a few days.";
        assert_eq!(
            wrapped(said, 72),
            "We are refunding $19.99 for order #42 to the card you paid with. Your\nbank may take a few days."
        );
        assert_eq!(wrapped("a-very-long-word short", 5), "a-very-long-word\nshort");
    }

    #[test]
    fn rates_read_as_people_write_them() {
        assert_eq!(percent(8_250), "8.25%");
        assert_eq!(percent(7_000), "7%");
        assert_eq!(percent(6_875), "6.875%");
    }

    #[test]
    fn a_reset_mail_links_to_its_token_and_without_it_only_to_asking_again() {
        let reset = ResetFacts { id: "ab12".into(), username: "jane".into(), token: "tok-EN_1".into() };
        let facts = Facts::PasswordReset { reset };
        let drawn = draw(&facts, "Jane", &letterhead());
        assert_eq!(drawn.subject, "Reset your password");
        for part in [&drawn.text, &drawn.html] {
            assert!(part.contains("/reset-password#token=tok-EN_1"), "{part}");
            assert!(part.contains("for 30"), "{part}");
        }
        let hidden = draw(&facts.without_secrets(), "Jane", &letterhead());
        for part in [&hidden.text, &hidden.html] {
            assert!(!part.contains("tok-EN_1") && !part.contains("#token="), "{part}");
            assert!(part.contains("/forgot-password"), "{part}");
        }
        assert_eq!(facts.cause(), "password.reset:ab12");
        assert_eq!(facts.order_id(), None);
    }
}
