//! The `stripe` provider (docs/rules.md#paying-with-stripe): PaymentIntents with manual
//! capture, over Stripe's HTTP API as its reference documents it (form-encoded requests,
//! the secret key as the bearer, an `Idempotency-Key` on every call that changes
//! something). The card is typed into Stripe's own element in the browser and never
//! reaches this server: the store makes the intent for the cart's total, the browser
//! confirms it with Stripe, and the store then finds it held and places the order
//! (`stripe_checkout.rs`).

use std::time::Duration;

use serde::Deserialize;
use serde::de::DeserializeOwned;

use super::provider::{Provider, Source, Voided};
use crate::config::StripeKeys;
use crate::domain::payments::card::Brand;
use crate::domain::payments::webhook_signature;
use crate::domain::payments::{Authorization, Decline, Happened, Method, ProviderError, ProviderEvent};
use crate::domain::{Cents, Rejection, ShopperId, Timestamp};

#[derive(Clone)]
pub struct StripeProvider {
    http: reqwest::Client,
    /// Stripe's API, without a trailing `/`.
    base: String,
    keys: StripeKeys,
}

/// A PaymentIntent, of what the store reads.
#[derive(Debug, Deserialize)]
pub struct Intent {
    pub id: String,
    pub status: String,
    pub amount: i64,
    #[serde(default)]
    pub amount_capturable: i64,
    #[serde(default)]
    pub currency: String,
    #[serde(default)]
    pub client_secret: Option<String>,
    /// Expanded when asked for (`expand[]=latest_charge`): where the card's brand and
    /// last four digits are.
    #[serde(default)]
    latest_charge: Option<LatestCharge>,
    #[serde(default)]
    last_payment_error: Option<StripeError>,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum LatestCharge {
    Expanded(Charge),
    Id(#[allow(dead_code)] String),
}

#[derive(Debug, Deserialize)]
struct Charge {
    payment_method_details: Option<PaymentMethodDetails>,
}

#[derive(Debug, Deserialize)]
struct PaymentMethodDetails {
    card: Option<CardDetails>,
}

#[derive(Debug, Deserialize)]
struct CardDetails {
    brand: String,
    last4: String,
}

/// Stripe's error object (`{"error": {...}}`).
#[derive(Debug, Default, Deserialize)]
struct StripeError {
    #[serde(default)]
    code: Option<String>,
    #[serde(default)]
    decline_code: Option<String>,
    #[serde(default)]
    message: Option<String>,
}

#[derive(Deserialize)]
struct ErrorBody {
    error: StripeError,
}

#[derive(Deserialize)]
struct Refund {
    id: String,
}

/// A webhook's event, of what the store reads.
#[derive(Deserialize)]
struct Event {
    id: String,
    #[serde(rename = "type")]
    kind: String,
    data: EventData,
}

#[derive(Deserialize)]
struct EventData {
    object: EventObject,
}

#[derive(Deserialize)]
struct EventObject {
    #[serde(default)]
    id: Option<String>,
    #[serde(default)]
    object: Option<String>,
}

/// What a call met, besides success.
enum Call {
    /// Stripe answered with an error (a 4xx): the request was refused as it stands.
    Refused(StripeError),
    /// Stripe could not be reached, or failed (a 5xx): the call may be made again.
    Failed(String),
}

impl From<Call> for ProviderError {
    fn from(call: Call) -> Self {
        match call {
            Call::Refused(e) => ProviderError::Failed(format!(
                "Stripe refused the call: {} ({})",
                e.message.unwrap_or_default(),
                e.code.unwrap_or_default()
            )),
            Call::Failed(e) => ProviderError::Failed(e),
        }
    }
}

/// What the store makes for a checkout paid by card: the intent's id, and the secret
/// the browser confirms it with.
pub struct NewIntent {
    pub id: String,
    pub client_secret: String,
}

impl StripeProvider {
    pub fn new(keys: &StripeKeys) -> anyhow::Result<StripeProvider> {
        let http = reqwest::Client::builder()
            .connect_timeout(Duration::from_secs(10))
            .timeout(Duration::from_secs(30))
            .user_agent(concat!("Market/", env!("CARGO_PKG_VERSION")))
            .build()?;
        Ok(StripeProvider { http, base: keys.api_base.trim_end_matches('/').to_owned(), keys: keys.clone() })
    }

    /// The keys and addresses it was set up with (the browser's element needs some).
    pub fn keys(&self) -> &StripeKeys {
        &self.keys
    }

    async fn call<T: DeserializeOwned>(
        &self,
        method: reqwest::Method,
        path: &str,
        form: &[(&str, String)],
        key: Option<&str>,
    ) -> Result<T, Call> {
        let mut request =
            self.http.request(method, format!("{}{path}", self.base)).bearer_auth(&self.keys.secret_key);
        if let Some(key) = key {
            request = request.header("Idempotency-Key", key);
        }
        if !form.is_empty() {
            request = request.form(form);
        }
        let res = request.send().await.map_err(|e| Call::Failed(format!("Stripe: {e}")))?;
        let status = res.status();
        let body = res.bytes().await.map_err(|e| Call::Failed(format!("Stripe: {e}")))?;
        if status.is_success() {
            return serde_json::from_slice(&body).map_err(|e| Call::Failed(format!("Stripe's answer: {e}")));
        }
        if status.is_client_error() && status.as_u16() != 429 {
            let error = serde_json::from_slice::<ErrorBody>(&body).map(|b| b.error).unwrap_or_default();
            return Err(Call::Refused(error));
        }
        Err(Call::Failed(format!("Stripe answered {status}")))
    }

    /// Makes a PaymentIntent of `amount` in dollars for shopper `user_id`, to be
    /// confirmed by card in the browser and captured once its order is placed.
    pub async fn create_intent(
        &self,
        amount: Cents,
        user_id: ShopperId,
        key: Option<&str>,
    ) -> Result<NewIntent, ProviderError> {
        let form = [
            ("amount", amount.0.to_string()),
            ("currency", "usd".to_owned()),
            ("capture_method", "manual".to_owned()),
            ("payment_method_types[]", "card".to_owned()),
            ("metadata[shopper]", user_id.0.to_string()),
        ];
        let key = key.map(|key| format!("intent-{}-{key}", user_id.0));
        let intent: Intent =
            self.call(reqwest::Method::POST, "/v1/payment_intents", &form, key.as_deref()).await?;
        let client_secret = intent
            .client_secret
            .ok_or_else(|| ProviderError::Failed("Stripe gave no client secret".into()))?;
        Ok(NewIntent { id: intent.id, client_secret })
    }

    /// The intent as Stripe has it now, with its charge.
    pub async fn retrieve(&self, intent_id: &str) -> Result<Intent, ProviderError> {
        let path = format!("/v1/payment_intents/{}?expand[]=latest_charge", path_segment(intent_id)?);
        Ok(self.call(reqwest::Method::GET, &path, &[], None).await?)
    }

    /// Cancels an intent that no order will take (the shopper left, or the order was
    /// refused); one cancelled already, or never confirmed, is as good.
    pub async fn cancel(&self, intent_id: &str) -> Result<Voided, ProviderError> {
        let path = format!("/v1/payment_intents/{}/cancel", path_segment(intent_id)?);
        match self
            .call::<Intent>(reqwest::Method::POST, &path, &[], Some(&format!("cancel-{intent_id}")))
            .await
        {
            Ok(_) => Ok(Voided::Released),
            Err(Call::Refused(_)) => match self.retrieve(intent_id).await?.status.as_str() {
                "canceled" => Ok(Voided::Released),
                "succeeded" => Ok(Voided::WasCaptured),
                other => {
                    Err(ProviderError::Failed(format!("Stripe cannot cancel an intent that is {other}")))
                }
            },
            Err(failed) => Err(failed.into()),
        }
    }
}

/// An intent's id as a path segment: Stripe's ids are letters, digits and `_`.
fn path_segment(intent_id: &str) -> Result<&str, ProviderError> {
    match !intent_id.is_empty() && intent_id.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
        true => Ok(intent_id),
        false => Err(ProviderError::Failed(format!("{intent_id:?} is no PaymentIntent id"))),
    }
}

/// The hold an intent is, for an order of `amount`: a card held for that much, or why not.
fn held(intent: Intent, amount: Cents) -> Result<Authorization, ProviderError> {
    match intent.status.as_str() {
        "requires_capture" if intent.amount_capturable == amount.0 && intent.currency == "usd" => {
            let card = match intent.latest_charge {
                Some(LatestCharge::Expanded(Charge { payment_method_details: Some(details) })) => {
                    details.card
                }
                _ => None,
            };
            let (brand, last4) = match card {
                Some(card) => {
                    (Brand::of_stripe(&card.brand).map_or(card.brand, |b| b.name().to_owned()), card.last4)
                }
                None => return Err(ProviderError::Failed(format!("intent {} has no card", intent.id))),
            };
            Ok(Authorization {
                provider: "stripe",
                intent_id: intent.id,
                method: Method::Card,
                brand,
                last4,
                amount,
            })
        }
        "requires_capture" => Err(ProviderError::Failed(format!(
            "intent {} holds {} {}, the order is {amount}",
            intent.id, intent.amount_capturable, intent.currency
        ))),
        "requires_payment_method" if intent.last_payment_error.is_some() => {
            let error = intent.last_payment_error.unwrap_or_default();
            Err(ProviderError::Declined(Decline::of_stripe(
                error.code.as_deref(),
                error.decline_code.as_deref(),
            )))
        }
        "requires_payment_method"
        | "requires_confirmation"
        | "requires_action"
        | "processing"
        | "canceled" => Err(ProviderError::Incomplete),
        other => Err(ProviderError::Failed(format!("intent {} is {other}, not held", intent.id))),
    }
}

impl Provider for StripeProvider {
    fn name(&self) -> &'static str {
        "stripe"
    }

    async fn authorize(&self, amount: Cents, source: Source) -> Result<Authorization, ProviderError> {
        match source {
            Source::Intent(intent_id) => held(self.retrieve(&intent_id).await?, amount),
            // A card number never reaches this server when Stripe takes the cards.
            Source::RedCard | Source::Card(_) => {
                Err(ProviderError::Failed("Stripe takes only intents".into()))
            }
        }
    }

    async fn capture(&self, intent_id: &str, amount: Cents) -> Result<(), ProviderError> {
        let path = format!("/v1/payment_intents/{}/capture", path_segment(intent_id)?);
        let form = [("amount_to_capture", amount.0.to_string())];
        let key = format!("capture-{intent_id}");
        match self.call::<Intent>(reqwest::Method::POST, &path, &form, Some(&key)).await {
            Ok(_) => Ok(()),
            // Captured already (by another replica, or before a crash): done.
            Err(Call::Refused(e)) => match self.retrieve(intent_id).await?.status.as_str() {
                "succeeded" => Ok(()),
                _ => Err(Call::Refused(e).into()),
            },
            Err(failed) => Err(failed.into()),
        }
    }

    async fn void(&self, intent_id: &str) -> Result<Voided, ProviderError> {
        self.cancel(intent_id).await
    }

    async fn refund(&self, intent_id: &str, amount: Cents, key: &str) -> Result<String, ProviderError> {
        let form = [("payment_intent", intent_id.to_owned()), ("amount", amount.0.to_string())];
        let refund: Refund = self.call(reqwest::Method::POST, "/v1/refunds", &form, Some(key)).await?;
        Ok(refund.id)
    }

    fn read_webhook(&self, signature: Option<&str>, body: &[u8]) -> Result<ProviderEvent, Rejection> {
        let now = Timestamp::now().millis() / 1000;
        webhook_signature::verify(signature, body, &self.keys.webhook_secret, now)
            .map_err(|refused| Rejection::Malformed(refused.message()))?;
        let event: Event = serde_json::from_slice(body)
            .map_err(|_| Rejection::Malformed("The webhook's body is no Stripe event."))?;
        let on_intent = event.data.object.object.as_deref() == Some("payment_intent");
        let happened = match event.kind.as_str() {
            "payment_intent.amount_capturable_updated" if on_intent => Happened::Authorized,
            _ => Happened::Other,
        };
        Ok(ProviderEvent {
            id: event.id,
            kind: event.kind,
            intent_id: event.data.object.id.filter(|_| on_intent),
            happened,
        })
    }
}
