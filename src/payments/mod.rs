//! Taking the money for an order (docs/rules.md#payments): the one seam every payment
//! provider fits, the providers behind it, the order of steps that makes one order and
//! one capture whatever races (`checkout.rs`), and the settler that finishes what a
//! request could not (`settler.rs`).

pub mod checkout;
pub mod provider;
pub mod settler;
pub mod test_provider;

use crate::domain::Cents;
use crate::domain::payments::{Authorization, ProviderError};

pub use provider::{Provider, Source, Voided};
pub use test_provider::TestProvider;

/// The provider this store takes payments with.
#[derive(Clone)]
pub enum Payments {
    /// The offline provider (the default): Stripe's test cards, no keys.
    Test(TestProvider),
}

impl Provider for Payments {
    fn name(&self) -> &'static str {
        match self {
            Payments::Test(p) => p.name(),
        }
    }

    async fn authorize(&self, amount: Cents, source: Source) -> Result<Authorization, ProviderError> {
        match self {
            Payments::Test(p) => p.authorize(amount, source).await,
        }
    }

    async fn capture(&self, intent_id: &str, amount: Cents) -> Result<(), ProviderError> {
        match self {
            Payments::Test(p) => p.capture(intent_id, amount).await,
        }
    }

    async fn void(&self, intent_id: &str) -> Result<Voided, ProviderError> {
        match self {
            Payments::Test(p) => p.void(intent_id).await,
        }
    }

    async fn refund(&self, intent_id: &str, amount: Cents, key: &str) -> Result<String, ProviderError> {
        match self {
            Payments::Test(p) => p.refund(intent_id, amount, key).await,
        }
    }

    async fn release_orphans(&self) -> Result<u64, ProviderError> {
        match self {
            Payments::Test(p) => p.release_orphans().await,
        }
    }
}
