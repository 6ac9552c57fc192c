//! The bodies of the mails about an account rather than an order: a new e-mail address
//! to confirm, the old address told it changed, and a product back in stock.

use super::letter::{Body, Letterhead};
use super::{AlertFacts, EmailFacts};
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

#[cfg(test)]
mod tests {
    use crate::domain::mail::draw::{Letterhead, draw};
    use crate::domain::mail::{AlertFacts, EmailFacts, Facts};

    fn letterhead() -> Letterhead {
        Letterhead { store_name: "Market".into(), public_url: "https://shop.example/".into() }
    }

    #[test]
    fn a_new_address_s_mail_links_to_its_token_and_without_it_to_the_account_only() {
        let change = EmailFacts {
            id: "ab12".into(),
            username: "ada".into(),
            new_email: "ada@new.example".into(),
            token: "T0k3n".into(),
        };
        let sent = draw(&Facts::EmailConfirm { change: change.clone() }, "Ada", &letterhead());
        assert_eq!(sent.subject, "Confirm your new e-mail address");
        for part in [&sent.text, &sent.html] {
            assert!(part.contains("https://shop.example/account/email#token=T0k3n"), "{part}");
            assert!(part.contains("ada@new.example") && part.contains("24 hours"), "{part}");
        }
        let shown = draw(&Facts::EmailConfirm { change }.without_secrets(), "Ada", &letterhead());
        assert!(!shown.text.contains("T0k3n") && !shown.html.contains("T0k3n"));
        assert_eq!(sent.unsubscribe, None, "not a mail one stops getting");
    }

    #[test]
    fn a_back_in_stock_mail_names_the_size_links_to_it_and_can_be_unsubscribed() {
        let alert = AlertFacts {
            alert_id: 7,
            product_id: 25,
            department_id: 3,
            variant_id: Some(40),
            name: "Tee".into(),
            options: vec![("Size".into(), "M".into())],
            token: "unsub".into(),
        };
        let drawn = draw(&Facts::BackInStock { alert: alert.clone() }, "Ada", &letterhead());
        assert_eq!(drawn.subject, "Back in stock: Tee (Size: M)");
        assert_eq!(drawn.unsubscribe.as_deref(), Some("https://shop.example/unsubscribe?token=unsub"));
        for part in [&drawn.text, &drawn.html] {
            assert!(part.contains("https://shop.example/departments/3/products/25?variant=40"), "{part}");
            assert!(part.contains("https://shop.example/unsubscribe?token=unsub"), "{part}");
        }
        let kept = draw(&Facts::BackInStock { alert }.without_secrets(), "Ada", &letterhead());
        assert_eq!(kept.unsubscribe, None);
        assert!(!kept.text.contains("token=unsub"), "{}", kept.text);
    }
}
