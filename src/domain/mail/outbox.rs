//! A mail as the outbox keeps it: its recipient, its facts, and where it stands.

use super::draw::{Drawn, Letterhead, draw, subject};
use super::{Facts, header_safe};
use crate::domain::{OrderId, Timestamp};

/// Where a mail stands in the outbox.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MailStatus {
    /// Waiting for the sender (or for a mail server to be configured).
    Queued,
    Sent,
    /// Given up after its retries.
    Failed,
    /// A demo shopper's: read in its inbox, never sent.
    Kept,
}

impl MailStatus {
    pub const ALL: [MailStatus; 4] =
        [MailStatus::Queued, MailStatus::Sent, MailStatus::Failed, MailStatus::Kept];

    pub fn as_str(self) -> &'static str {
        match self {
            MailStatus::Queued => "queued",
            MailStatus::Sent => "sent",
            MailStatus::Failed => "failed",
            MailStatus::Kept => "kept",
        }
    }

    pub fn parse(text: &str) -> Option<MailStatus> {
        MailStatus::ALL.into_iter().find(|s| s.as_str() == text)
    }
}

/// A mail as the outbox keeps it.
#[derive(Debug, Clone)]
pub struct Mail {
    pub id: i64,
    pub order_id: Option<OrderId>,
    pub to_address: String,
    pub first_name: String,
    pub last_name: String,
    pub facts: Facts,
    pub status: MailStatus,
    pub attempts: i64,
    pub last_error: Option<String>,
    pub created_at: Timestamp,
    pub sent_at: Option<Timestamp>,
}

impl Mail {
    /// The mail as its recipient reads it.
    pub fn draw(&self, letterhead: &Letterhead) -> Drawn {
        draw(&self.facts, &self.first_name, letterhead)
    }

    pub fn subject(&self) -> String {
        subject(&self.facts)
    }

    /// The recipient's name, as a header may carry it.
    pub fn to_name(&self) -> String {
        header_safe(&format!("{} {}", self.first_name, self.last_name))
    }
}
