//! The one seam every payment provider fits (docs/rules.md#payments).

use std::future::Future;

use crate::domain::payments::card::Card;
use crate::domain::payments::{Authorization, ProviderError, ProviderEvent};
use crate::domain::{Cents, Rejection};

/// What pays: the spec's stored RedCard or a card typed into the checkout (the `test`
/// provider's), or a PaymentIntent the shopper confirmed in Stripe's card element.
#[derive(Debug, Clone)]
pub enum Source {
    RedCard,
    Card(Card),
    Intent(String),
}

/// What a void found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Voided {
    /// The hold is released; nothing was taken.
    Released,
    /// The money had been captured already: it must be refunded instead.
    WasCaptured,
}

/// A payment provider, in the store's words. Every call may be made again with the same
/// arguments (a settler after a crash, two replicas at once) and then changes nothing
/// more: a capture of a captured payment, a void of a voided one and a refund under a
/// key already refunded each answer as the first did.
pub trait Provider: Send + Sync {
    /// The name an order's payment keeps: `test` or `stripe`.
    fn name(&self) -> &'static str;

    /// Holds `amount` on `source` (for an intent: checks that it holds `amount`); a
    /// refused card is [`ProviderError::Declined`].
    fn authorize(
        &self,
        amount: Cents,
        source: Source,
    ) -> impl Future<Output = Result<Authorization, ProviderError>> + Send;

    /// Takes `amount` (at most what was held) of an authorization.
    fn capture(
        &self,
        intent_id: &str,
        amount: Cents,
    ) -> impl Future<Output = Result<(), ProviderError>> + Send;

    /// Releases an authorization that was not captured.
    fn void(&self, intent_id: &str) -> impl Future<Output = Result<Voided, ProviderError>> + Send;

    /// Pays back `amount` of a captured payment, once per `key`; answers the provider's
    /// id of the refund.
    fn refund(
        &self,
        intent_id: &str,
        amount: Cents,
        key: &str,
    ) -> impl Future<Output = Result<String, ProviderError>> + Send;

    /// Reads a webhook the provider sent: its event, once its signature is checked; a
    /// missing, forged or stale signature, or a body that is no event, is refused.
    fn read_webhook(&self, signature: Option<&str>, body: &[u8]) -> Result<ProviderEvent, Rejection>;
}
