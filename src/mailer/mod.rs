//! Mail leaves the outbox (docs/rules.md#mail). With `--smtp-url`, a sender takes each
//! mail when it is due (`Db::take_due_mail`: leased, so one sender across replicas takes
//! it), hands it to the mail server, and records it sent; a failure is tried again after
//! growing waits, 1 minute, 2, 4 ... up to a day, and given up after a week, or at once
//! when the server refuses it for good (a 5xx answer). The request that caused a mail
//! never waits for this. Without `--smtp-url`, mails stay queued in the outbox.
//!
//! Sent once: a mail is marked sent after the server took it. A sender killed in the
//! moment between the two hands it over again when its lease ends, under the same
//! `Message-ID`, which mail clients fold into one.

mod smtp;

use std::time::Duration;

use prometheus_client::metrics::counter::Counter;
pub use smtp::{Refused, Smtp};

use crate::config::SmtpSettings;
use crate::db::Db;
use crate::domain::Timestamp;
use crate::domain::mail::draw::Letterhead;
use crate::domain::mail::outbox::Mail;

/// How often the sender looks for due mails when it found none: a read of an index,
/// so a mail leaves within about a second of its commit.
pub const EVERY: Duration = Duration::from_secs(1);
/// How long a mail taken is kept from the other senders: the send's own time limit, and
/// then some.
const LEASE: Duration = Duration::from_secs(120);
/// Mails refused for a week are given up.
const GIVE_UP_AFTER: Duration = Duration::from_secs(7 * 24 * 3600);

/// The wait before attempt `attempts + 1`, after `attempts` failed: 1 minute, doubled
/// each time, at most a day.
pub fn retry_wait(attempts: i64) -> Duration {
    let minutes = 1u64 << attempts.clamp(1, 20).saturating_sub(1);
    Duration::from_secs(minutes.saturating_mul(60)).min(Duration::from_secs(24 * 3600))
}

/// What the sender did, for `/metrics` (the mails waiting are read from the outbox).
#[derive(Debug, Default, Clone)]
pub struct Figures {
    /// Mails the mail server took.
    pub sent: Counter,
    /// Attempts that failed and will be tried again.
    pub retried: Counter,
    /// Mails given up: refused for good, or for a week.
    pub given_up: Counter,
}

/// Sends every mail due, then waits [`EVERY`]; for as long as the store runs.
pub async fn run(db: Db, smtp: Smtp, letterhead: Letterhead, figures: Figures) {
    match db.release_mail_leases().await {
        Ok(0) => {}
        Ok(n) => tracing::info!("{n} mails left mid-send when the store last stopped are sent again"),
        Err(e) => tracing::warn!("the outbox's leases could not be released ({e}); they end by themselves"),
    }
    let mut every = actix_web::rt::time::interval(EVERY);
    loop {
        every.tick().await;
        loop {
            match db.take_due_mail(LEASE).await {
                Ok(Some(mail)) => send(&db, &smtp, &letterhead, &figures, mail).await,
                Ok(None) => break,
                Err(e) => {
                    tracing::warn!("reading the outbox failed: {e}");
                    break;
                }
            }
        }
    }
}

async fn send(db: &Db, smtp: &Smtp, letterhead: &Letterhead, figures: &Figures, mail: Mail) {
    let drawn = mail.draw(letterhead);
    let id = mail.id;
    // SMTP blocks: on the blocking threads, never on the ones that answer requests.
    let outcome = {
        let (smtp, mail) = (smtp.clone(), mail.clone());
        actix_web::web::block(move || smtp.send(&mail, &drawn)).await
    };
    let refused = match outcome {
        Ok(Ok(())) => {
            figures.sent.inc();
            return record(id, db.mail_sent(id, &mail.facts).await);
        }
        Ok(Err(refused)) => refused,
        Err(e) => Refused { reason: format!("the send stopped: {e}"), permanent: false },
    };
    let week_old = Timestamp::now().millis() - mail.created_at.millis() > GIVE_UP_AFTER.as_millis() as i64;
    let given_up = refused.permanent || week_old;
    let retry_at = (!given_up).then(|| Timestamp::now().plus(retry_wait(mail.attempts)));
    match given_up {
        true => figures.given_up.inc(),
        false => figures.retried.inc(),
    };
    tracing::warn!(mail = id, attempts = mail.attempts, given_up, "a mail was not sent: {}", refused.reason);
    record(id, db.mail_not_sent(id, refused.reason, retry_at).await);
}

/// A mail's outcome not written is left to its lease: it is taken again when that ends.
fn record(id: i64, written: Result<(), crate::db::Error>) {
    if let Err(e) = written {
        tracing::warn!(
            mail = id,
            "recording a mail's send failed; it is taken again when its lease ends: {e}"
        );
    }
}

/// What `--smtp-url` and `--mail-from` make, checked at start.
pub fn smtp(settings: &SmtpSettings) -> anyhow::Result<Smtp> {
    Smtp::new(settings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waits_double_from_a_minute_up_to_a_day() {
        let minutes: Vec<u64> = (1..=13).map(|n| retry_wait(n).as_secs() / 60).collect();
        assert_eq!(minutes, [1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024, 1440, 1440]);
    }
}
