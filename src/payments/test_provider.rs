//! The `test` provider: offline, no keys, the default. It answers a card as Stripe
//! answers its published test cards (`domain/payments/test_cards.rs`), and keeps its
//! book of charges in the store's own database (`db/payments.rs`), as a bank keeps its
//! own: after a crash of the store it still knows what it held, took and paid back.

use std::time::Duration;

use super::provider::{Provider, Source, Voided};
use crate::db::payments::{BookAnswer, charge_id};
use crate::db::{self, Db};
use crate::domain::payments::{
    Authorization, Method, ProviderError, ProviderEvent, REDCARD_BRAND, REDCARD_LAST4, test_cards,
};
use crate::domain::{Cents, Rejection};

/// How long an authorization may wait for its order before it is released: far longer
/// than any request, so only a store that stopped midway leaves one this old.
pub const ORPHAN_AGE: Duration = Duration::from_secs(10 * 60);

#[derive(Clone)]
pub struct TestProvider {
    db: Db,
}

impl TestProvider {
    pub fn new(db: Db) -> Self {
        TestProvider { db }
    }
}

fn failed(e: impl std::fmt::Display) -> ProviderError {
    ProviderError::Failed(e.to_string())
}

/// What the book's database met: a full or busy store passes by itself (a 503, as for
/// any write), anything else is the provider failing.
fn book_failed(e: db::Error) -> ProviderError {
    match e {
        db::Error::Full(_) => ProviderError::Unavailable { full: true },
        passing if passing.is_passing() => ProviderError::Unavailable { full: false },
        other => failed(other),
    }
}

/// What the book answered, for a call that must find its charge in a state that allows it.
fn book(answer: BookAnswer, what: &str, id: &str) -> Result<(), ProviderError> {
    match answer {
        BookAnswer::Done => Ok(()),
        BookAnswer::Unknown => Err(failed(format!("{what}: no charge {id}"))),
        BookAnswer::Refused => Err(failed(format!("{what}: charge {id} does not allow it"))),
    }
}

impl Provider for TestProvider {
    fn name(&self) -> &'static str {
        "test"
    }

    async fn authorize(&self, amount: Cents, source: Source) -> Result<Authorization, ProviderError> {
        let (method, brand, last4) = match &source {
            Source::RedCard => (Method::RedCard, REDCARD_BRAND.to_owned(), REDCARD_LAST4.to_owned()),
            Source::Card(card) => {
                test_cards::answer(card).map_err(ProviderError::Declined)?;
                (Method::Card, card.brand.name().to_owned(), card.last4().to_owned())
            }
            Source::Intent(id) => return Err(failed(format!("the test provider holds no intent {id}"))),
        };
        let intent_id = charge_id();
        self.db
            .test_book_authorize(intent_id.clone(), brand.clone(), last4.clone(), amount)
            .await
            .map_err(book_failed)?;
        Ok(Authorization { provider: self.name(), intent_id, method, brand, last4, amount })
    }

    async fn capture(&self, intent_id: &str, amount: Cents) -> Result<(), ProviderError> {
        let answer = self.db.test_book_capture(intent_id.to_owned(), amount).await.map_err(book_failed)?;
        book(answer, "capture", intent_id)
    }

    async fn void(&self, intent_id: &str) -> Result<Voided, ProviderError> {
        match self.db.test_book_void(intent_id.to_owned()).await.map_err(book_failed)? {
            BookAnswer::Done => Ok(Voided::Released),
            BookAnswer::Refused => Ok(Voided::WasCaptured),
            BookAnswer::Unknown => Err(failed(format!("void: no charge {intent_id}"))),
        }
    }

    async fn refund(&self, intent_id: &str, amount: Cents, key: &str) -> Result<String, ProviderError> {
        let answer = self
            .db
            .test_book_refund(intent_id.to_owned(), key.to_owned(), amount)
            .await
            .map_err(book_failed)?;
        book(answer, "refund", intent_id)?;
        Ok(format!("re_test_{key}"))
    }

    fn read_webhook(&self, _: Option<&str>, _: &[u8]) -> Result<ProviderEvent, Rejection> {
        Err(Rejection::Malformed("The test provider sends no webhooks."))
    }
}

impl TestProvider {
    /// Releases the authorizations that no order kept (a store stopped between an
    /// authorization and its order's commit); answers how many.
    pub async fn release_orphans(&self) -> Result<u64, ProviderError> {
        self.db.test_book_release_orphans(ORPHAN_AGE).await.map_err(book_failed)
    }
}
