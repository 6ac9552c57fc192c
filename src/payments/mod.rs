//! Taking the money for an order (docs/rules.md#payments): the one seam every payment
//! provider fits, the providers behind it, the order of steps that makes one order and
//! one capture whatever races (`checkout.rs`, and `stripe_checkout.rs` for a card paid
//! in Stripe's element), and the settler that finishes what a request could not
//! (`settler.rs`).

pub mod checkout;
pub mod provider;
pub mod settler;
pub mod stripe;
pub mod stripe_checkout;
pub mod test_provider;

use crate::config::StripeKeys;
use crate::db::Db;
use crate::domain::payments::{Authorization, ProviderError, ProviderEvent};
use crate::domain::{Cents, Rejection};

pub use provider::{Provider, Source, Voided};
pub use stripe::StripeProvider;
pub use test_provider::TestProvider;

/// The refusal of a Stripe call to a store that takes no Stripe payments.
pub const NO_STRIPE: &str = "This store takes no Stripe payments.";

/// The providers this store pays with: the offline `test` one always (the spec's RedCard
/// is its card, and without Stripe it takes typed cards too), and Stripe for cards when
/// it is configured. Each payment names the provider that holds it.
#[derive(Clone)]
pub struct Payments {
    test: TestProvider,
    stripe: Option<StripeProvider>,
}

/// One of the store's providers.
#[derive(Clone, Copy)]
pub enum Chosen<'a> {
    Test(&'a TestProvider),
    Stripe(&'a StripeProvider),
}

impl Payments {
    pub fn new(db: Db, stripe: Option<&StripeKeys>) -> anyhow::Result<Payments> {
        Ok(Payments { test: TestProvider::new(db), stripe: stripe.map(StripeProvider::new).transpose()? })
    }

    /// Stripe, when cards are paid with it.
    pub fn stripe(&self) -> Option<&StripeProvider> {
        self.stripe.as_ref()
    }

    /// The provider named `provider` (a payment's), if this store has it.
    pub fn named(&self, provider: &str) -> Option<Chosen<'_>> {
        match provider {
            "test" => Some(Chosen::Test(&self.test)),
            "stripe" => self.stripe.as_ref().map(Chosen::Stripe),
            _ => None,
        }
    }

    /// The provider that takes `source`: an intent is Stripe's, the rest the test provider's.
    pub fn taking(&self, source: &Source) -> Result<Chosen<'_>, Rejection> {
        match (source, &self.stripe) {
            (Source::Intent(_), Some(stripe)) => Ok(Chosen::Stripe(stripe)),
            (Source::Intent(_), None) => Err(Rejection::Malformed(NO_STRIPE)),
            (Source::Card(_), Some(_)) => Err(Rejection::Malformed(
                "Enter your card in the card form: this store takes cards with Stripe.",
            )),
            (Source::RedCard | Source::Card(_), _) => Ok(Chosen::Test(&self.test)),
        }
    }

    /// Has the test provider release the holds no order kept (a store stopped between an
    /// authorization and its order's commit); Stripe's are the checkouts the settler
    /// finishes (`stripe_checkout::sweep`).
    pub async fn release_orphans(&self) -> Result<u64, ProviderError> {
        self.test.release_orphans().await
    }
}

impl Provider for Chosen<'_> {
    fn name(&self) -> &'static str {
        match self {
            Chosen::Test(p) => p.name(),
            Chosen::Stripe(p) => p.name(),
        }
    }

    async fn authorize(&self, amount: Cents, source: Source) -> Result<Authorization, ProviderError> {
        match self {
            Chosen::Test(p) => p.authorize(amount, source).await,
            Chosen::Stripe(p) => p.authorize(amount, source).await,
        }
    }

    async fn capture(&self, intent_id: &str, amount: Cents) -> Result<(), ProviderError> {
        match self {
            Chosen::Test(p) => p.capture(intent_id, amount).await,
            Chosen::Stripe(p) => p.capture(intent_id, amount).await,
        }
    }

    async fn void(&self, intent_id: &str) -> Result<Voided, ProviderError> {
        match self {
            Chosen::Test(p) => p.void(intent_id).await,
            Chosen::Stripe(p) => p.void(intent_id).await,
        }
    }

    async fn refund(&self, intent_id: &str, amount: Cents, key: &str) -> Result<String, ProviderError> {
        match self {
            Chosen::Test(p) => p.refund(intent_id, amount, key).await,
            Chosen::Stripe(p) => p.refund(intent_id, amount, key).await,
        }
    }

    fn read_webhook(&self, signature: Option<&str>, body: &[u8]) -> Result<ProviderEvent, Rejection> {
        match self {
            Chosen::Test(p) => p.read_webhook(signature, body),
            Chosen::Stripe(p) => p.read_webhook(signature, body),
        }
    }
}
