//! The bodies of the mails about an account rather than an order: a new e-mail address
//! to confirm, the old address told it changed, and a product back in stock.

use super::super::{AlertFacts, EmailFacts};
use super::{Body, Letterhead};
use crate::domain::account::EMAIL_VALID_FOR;

pub(super) fn email_confirm_body(change: &EmailFacts, greeting: String, letterhead: &Letterhead) -> Body {
    let hours = EMAIL_VALID_FOR.as_secs() / 3600;
    let mut paragraphs = vec![
        greeting,
        format!(
            "Someone, we hope you, asked to make {} the e-mail address of the account {}.",
            change.new_email, change.username
        ),
    ];
    let action = match change.token.is_empty() {
        false => {
            paragraphs.push(format!(
                "Follow the link below to confirm it. It works once, for {hours} hours; until then the \
                 account keeps its old address."
            ));
            (
                "Confirm this address".into(),
                letterhead.link(&format!("/account/email#token={}", change.token)),
            )
        }
        // Sent, or shown to anyone but the new address's owner.
        true => {
            paragraphs.push("This mail's link is the recipient's alone and is not shown here.".into());
            ("Your account".into(), letterhead.link("/account/settings"))
        }
    };
    paragraphs.push("If you did not ask, ignore this mail: nothing changes.".into());
    Body::words("Confirm your new e-mail address", paragraphs, action)
}

pub(super) fn email_changed_body(change: &EmailFacts, greeting: String, letterhead: &Letterhead) -> Body {
    let paragraphs = vec![
        greeting,
        format!(
            "The e-mail address of your account {} is now {}. Mail from us goes there from now on.",
            change.username, change.new_email
        ),
        "If you did not make this change, reset your password from the sign-in page and write to us.".into(),
    ];
    Body::words("Your e-mail address was changed", paragraphs, ("Sign in".into(), letterhead.link("/login")))
}

pub(super) fn back_in_stock_body(alert: &AlertFacts, greeting: String, letterhead: &Letterhead) -> Body {
    let mut paragraphs = vec![
        greeting,
        format!("Good news: {} is back in stock. Units go fast, so don't wait too long.", alert.label()),
        "You asked us to tell you once; this alert is now done.".into(),
    ];
    paragraphs.push(match alert.token.is_empty() {
        false => format!(
            "Don't want these mails? Stop every alert you are waiting on: {}",
            letterhead.link(&alert.unsubscribe_path())
        ),
        true => "Your alerts are in your account's settings.".into(),
    });
    Body::words(
        "It's back in stock",
        paragraphs,
        ("See it now".into(), letterhead.link(&alert.product_path())),
    )
}
