//! A local fake of Stripe for the tests and browser journeys
//! (docs/rules.md#paying-with-stripe): the part
//! of Stripe's HTTP API the `stripe` provider calls, with the shapes of Stripe's API
//! reference (form-encoded requests, bearer keys, `Idempotency-Key`, error objects), a
//! stand-in for Stripe.js at `/v3/` (`stripe.js`), and webhooks signed as Stripe signs
//! them, sent to the endpoint registered with `POST /v1/webhook_endpoints`. Cards answer
//! as Stripe's published test cards do (the store's own table of them). Everything is
//! kept in memory; `GET /_fake/intents/{id}` shows an intent's captures and refunds to
//! the tests.
//!
//! `fake-stripe [--addr 127.0.0.1:0] [--secret-key sk_test_fake]
//!   [--publishable-key pk_test_fake] [--webhook-secret whsec_fake]` prints
//! `fake-stripe listening on http://ADDR` and serves until stopped.

use std::collections::{BTreeMap, HashMap};
use std::sync::Mutex;

use actix_web::http::StatusCode;
use actix_web::{App, HttpRequest, HttpResponse, HttpServer, web};
use clap::Parser;
use serde_json::{Value, json};

use market::domain::Timestamp;
use market::domain::payments::card::CardInput;
use market::domain::payments::{test_cards, webhook_signature};

#[derive(Parser, Clone)]
struct Args {
    #[arg(long, default_value = "127.0.0.1:0")]
    addr: String,
    #[arg(long, default_value = "sk_test_fake")]
    secret_key: String,
    #[arg(long, default_value = "pk_test_fake")]
    publishable_key: String,
    #[arg(long, default_value = "whsec_fake")]
    webhook_secret: String,
}

struct Intent {
    id: String,
    amount: i64,
    currency: String,
    status: &'static str,
    client_secret: String,
    metadata: BTreeMap<String, String>,
    amount_capturable: i64,
    amount_received: i64,
    /// Captures that took money: more than one would be a bug of the store's.
    captures: u32,
    refunded: i64,
    /// The card's brand (Stripe's code) and last four digits, once confirmed.
    card: Option<(String, String)>,
    charge_id: Option<String>,
    last_payment_error: Value,
}

#[derive(Default)]
struct State {
    intents: HashMap<String, Intent>,
    /// Answers given under an `Idempotency-Key`, replayed for the same key.
    answered: HashMap<String, (u16, Value)>,
    webhook_url: Option<String>,
    next: u64,
}

struct Fake {
    args: Args,
    state: Mutex<State>,
    http: reqwest::Client,
}

type Answer = (StatusCode, Value);

fn id(state: &mut State, prefix: &str) -> String {
    state.next += 1;
    format!("{prefix}_fake{:08}{:06}", Timestamp::now().millis() % 100_000_000, state.next)
}

fn error(status: u16, kind: &str, code: &str, message: &str) -> Answer {
    let status = StatusCode::from_u16(status).expect("a status");
    (status, json!({"error": {"type": kind, "code": code, "message": message}}))
}

fn unexpected_state(intent: &Intent) -> Answer {
    let message = format!("This PaymentIntent's status is {}.", intent.status);
    error(400, "invalid_request_error", "payment_intent_unexpected_state", &message)
}

fn intent_json(intent: &Intent, expand_charge: bool) -> Value {
    let charge = match (&intent.charge_id, &intent.card) {
        (Some(id), Some((brand, last4))) if expand_charge => json!({
            "id": id, "object": "charge", "amount": intent.amount, "amount_refunded": intent.refunded,
            "payment_method_details": {"type": "card", "card": {"brand": brand, "last4": last4}}
        }),
        (Some(id), _) => json!(id),
        _ => Value::Null,
    };
    json!({
        "id": intent.id, "object": "payment_intent", "amount": intent.amount,
        "amount_capturable": intent.amount_capturable, "amount_received": intent.amount_received,
        "currency": intent.currency, "capture_method": "manual", "client_secret": intent.client_secret,
        "status": intent.status, "metadata": intent.metadata, "latest_charge": charge,
        "last_payment_error": intent.last_payment_error, "payment_method_types": ["card"],
    })
}

fn form(body: &[u8]) -> HashMap<String, String> {
    form_urlencoded::parse(body).into_owned().collect()
}

fn bearer(req: &HttpRequest) -> Option<String> {
    let value = req.headers().get("Authorization")?.to_str().ok()?;
    value.strip_prefix("Bearer ").map(str::to_owned)
}

fn unauthorized() -> HttpResponse {
    reply(error(401, "invalid_request_error", "api_key_invalid", "Invalid API Key provided."))
}

fn reply((status, body): Answer) -> HttpResponse {
    HttpResponse::build(status).insert_header(("Access-Control-Allow-Origin", "*")).json(body)
}

impl Fake {
    /// Runs `call` on the state under the request's `Idempotency-Key`: the same key
    /// again answers what it answered first.
    fn keyed(&self, req: &HttpRequest, call: impl FnOnce(&mut State) -> Answer) -> Answer {
        let mut state = self.state.lock().expect("the fake's state");
        let key = req.headers().get("Idempotency-Key").and_then(|v| v.to_str().ok()).map(str::to_owned);
        if let Some((status, body)) = key.as_ref().and_then(|k| state.answered.get(k)) {
            return (StatusCode::from_u16(*status).expect("a status"), body.clone());
        }
        let answer = call(&mut state);
        if let Some(key) = key {
            state.answered.insert(key, (answer.0.as_u16(), answer.1.clone()));
        }
        answer
    }

    /// Whether the request carries the secret key.
    fn by_the_store(&self, req: &HttpRequest) -> bool {
        bearer(req) == Some(self.args.secret_key.clone())
    }
}

/// Sends `kind` about `intent` to the registered endpoint, signed, after the answer.
fn send_event(fake: &web::Data<Fake>, kind: &str, intent: Value) {
    let Some(url) = fake.state.lock().expect("state").webhook_url.clone() else { return };
    let event_id = id(&mut fake.state.lock().expect("state"), "evt");
    let body =
        json!({"id": event_id, "object": "event", "type": kind, "data": {"object": intent}}).to_string();
    let at = Timestamp::now().millis() / 1000;
    let signature =
        format!("t={at},v1={}", webhook_signature::sign(&fake.args.webhook_secret, at, body.as_bytes()));
    let fake = fake.clone();
    actix_web::rt::spawn(async move {
        let request = fake.http.post(&url).header("Stripe-Signature", signature);
        let sent = request.header("Content-Type", "application/json; charset=utf-8").body(body).send().await;
        if let Err(e) = sent.and_then(|r| r.error_for_status()) {
            eprintln!("fake-stripe: the webhook to {url} failed: {e}");
        }
    });
}

async fn create_intent(req: HttpRequest, body: web::Bytes, fake: web::Data<Fake>) -> HttpResponse {
    if !fake.by_the_store(&req) {
        return unauthorized();
    }
    let form = form(&body);
    let answer = fake.keyed(&req, |state| {
        let Some(amount) = form.get("amount").and_then(|a| a.parse::<i64>().ok()).filter(|a| *a >= 50) else {
            return error(
                400,
                "invalid_request_error",
                "amount_too_small",
                "Amount must be at least $0.50 usd",
            );
        };
        if form.get("capture_method").map(String::as_str) != Some("manual") {
            return error(400, "invalid_request_error", "parameter_invalid", "The store captures by hand.");
        }
        let intent_id = id(state, "pi");
        let metadata = form
            .iter()
            .filter_map(|(k, v)| {
                Some((k.strip_prefix("metadata[")?.strip_suffix(']')?.to_owned(), v.clone()))
            })
            .collect();
        let intent = Intent {
            client_secret: format!("{intent_id}_secret_{}", id(state, "cs")),
            id: intent_id.clone(),
            amount,
            currency: form.get("currency").cloned().unwrap_or_default(),
            status: "requires_payment_method",
            metadata,
            amount_capturable: 0,
            amount_received: 0,
            captures: 0,
            refunded: 0,
            card: None,
            charge_id: None,
            last_payment_error: Value::Null,
        };
        let answer = (StatusCode::OK, intent_json(&intent, false));
        state.intents.insert(intent_id, intent);
        answer
    });
    reply(answer)
}

async fn retrieve_intent(req: HttpRequest, path: web::Path<String>, fake: web::Data<Fake>) -> HttpResponse {
    if !fake.by_the_store(&req) {
        return unauthorized();
    }
    let expand = req.query_string().contains("latest_charge");
    let state = fake.state.lock().expect("state");
    reply(match state.intents.get(path.as_str()) {
        Some(intent) => (StatusCode::OK, intent_json(intent, expand)),
        None => no_such_intent(),
    })
}

fn no_such_intent() -> Answer {
    error(404, "invalid_request_error", "resource_missing", "No such payment_intent.")
}

/// What Stripe.js sends from the browser: the card, with the publishable key and the
/// intent's client secret.
async fn confirm_intent(
    req: HttpRequest,
    path: web::Path<String>,
    body: web::Bytes,
    fake: web::Data<Fake>,
) -> HttpResponse {
    let form = form(&body);
    if bearer(&req) != Some(fake.args.publishable_key.clone()) {
        return unauthorized();
    }
    let field =
        |name: &str| form.get(&format!("payment_method_data[card][{name}]")).cloned().unwrap_or_default();
    let typed = CardInput {
        number: field("number"),
        exp_month: field("exp_month").parse().unwrap_or(0),
        exp_year: field("exp_year").parse().unwrap_or(0),
        cvc: field("cvc"),
    };
    let (answer, event) = {
        let mut state = fake.state.lock().expect("state");
        let Some(intent) = state.intents.get_mut(path.as_str()) else { return reply(no_such_intent()) };
        if form.get("client_secret") != Some(&intent.client_secret) {
            return reply(error(
                400,
                "invalid_request_error",
                "client_secret_invalid",
                "Invalid client secret.",
            ));
        }
        if intent.status != "requires_payment_method" {
            return reply(unexpected_state(intent));
        }
        match typed.parse(Timestamp::now()) {
            Err(_) => (error(402, "card_error", "incorrect_number", "Your card number is incorrect."), None),
            Ok(card) => match test_cards::answer(&card) {
                Err(decline) => {
                    let (code, decline_code) = decline.stripe_codes();
                    intent.last_payment_error = json!({"type": "card_error", "code": code, "decline_code": decline_code, "message": decline.message()});
                    let error = json!({"error": {"type": "card_error", "code": code, "decline_code": decline_code,
                        "message": decline.message(), "payment_intent": intent_json(intent, false)}});
                    ((StatusCode::PAYMENT_REQUIRED, error), None)
                }
                Ok(()) => {
                    intent.status = "requires_capture";
                    intent.amount_capturable = intent.amount;
                    intent.last_payment_error = Value::Null;
                    intent.card = Some((card.brand.stripe_code().to_owned(), card.last4().to_owned()));
                    intent.charge_id = Some(format!("ch_{}", &intent.id[3..]));
                    let json = intent_json(intent, false);
                    ((StatusCode::OK, json.clone()), Some(json))
                }
            },
        }
    };
    if let Some(intent) = event {
        send_event(&fake, "payment_intent.amount_capturable_updated", intent);
    }
    reply(answer)
}

async fn capture_intent(
    req: HttpRequest,
    path: web::Path<String>,
    body: web::Bytes,
    fake: web::Data<Fake>,
) -> HttpResponse {
    if !fake.by_the_store(&req) {
        return unauthorized();
    }
    let form = form(&body);
    reply(fake.keyed(&req, |state| {
        let Some(intent) = state.intents.get_mut(path.as_str()) else { return no_such_intent() };
        let amount =
            form.get("amount_to_capture").and_then(|a| a.parse().ok()).unwrap_or(intent.amount_capturable);
        if intent.status != "requires_capture" || amount > intent.amount_capturable {
            return unexpected_state(intent);
        }
        intent.status = "succeeded";
        intent.amount_received = amount;
        intent.amount_capturable = 0;
        intent.captures += 1;
        (StatusCode::OK, intent_json(intent, false))
    }))
}

async fn cancel_intent(req: HttpRequest, path: web::Path<String>, fake: web::Data<Fake>) -> HttpResponse {
    if !fake.by_the_store(&req) {
        return unauthorized();
    }
    reply(fake.keyed(&req, |state| {
        let Some(intent) = state.intents.get_mut(path.as_str()) else { return no_such_intent() };
        if !["requires_payment_method", "requires_confirmation", "requires_action", "requires_capture"]
            .contains(&intent.status)
        {
            return unexpected_state(intent);
        }
        intent.status = "canceled";
        intent.amount_capturable = 0;
        (StatusCode::OK, intent_json(intent, false))
    }))
}

async fn create_refund(req: HttpRequest, body: web::Bytes, fake: web::Data<Fake>) -> HttpResponse {
    if !fake.by_the_store(&req) {
        return unauthorized();
    }
    let form = form(&body);
    reply(fake.keyed(&req, |state| {
        let refund_id = id(state, "re");
        let Some(intent) = form.get("payment_intent").and_then(|i| state.intents.get_mut(i)) else {
            return no_such_intent();
        };
        let left = intent.amount_received - intent.refunded;
        let amount = form.get("amount").and_then(|a| a.parse().ok()).unwrap_or(left);
        if intent.status != "succeeded" {
            return error(
                400,
                "invalid_request_error",
                "charge_not_captured",
                "This charge was not captured.",
            );
        }
        if amount <= 0 || amount > left {
            return error(
                400,
                "invalid_request_error",
                "amount_too_large",
                "The refund is more than is left.",
            );
        }
        intent.refunded += amount;
        let body = json!({"id": refund_id, "object": "refund", "amount": amount, "currency": intent.currency,
            "payment_intent": intent.id, "status": "succeeded"});
        (StatusCode::OK, body)
    }))
}

async fn create_webhook_endpoint(req: HttpRequest, body: web::Bytes, fake: web::Data<Fake>) -> HttpResponse {
    if !fake.by_the_store(&req) {
        return unauthorized();
    }
    let Some(url) = form(&body).remove("url") else {
        return reply(error(
            400,
            "invalid_request_error",
            "parameter_missing",
            "Missing required param: url.",
        ));
    };
    let mut state = fake.state.lock().expect("state");
    state.webhook_url = Some(url.clone());
    let endpoint_id = id(&mut state, "we");
    let body = json!({"id": endpoint_id, "object": "webhook_endpoint", "url": url, "secret": fake.args.webhook_secret});
    reply((StatusCode::OK, body))
}

/// For the tests: how often an intent's money was taken and paid back.
async fn inspect_intent(path: web::Path<String>, fake: web::Data<Fake>) -> HttpResponse {
    let state = fake.state.lock().expect("state");
    reply(match state.intents.get(path.as_str()) {
        Some(i) => (
            StatusCode::OK,
            json!({"id": i.id, "status": i.status, "amount": i.amount, "captures": i.captures, "refunded": i.refunded}),
        ),
        None => no_such_intent(),
    })
}

async fn stripe_js() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/javascript; charset=utf-8")
        .insert_header(("Access-Control-Allow-Origin", "*"))
        .body(include_str!("stripe.js"))
}

/// A browser's preflight of Stripe.js's calls.
async fn preflight() -> HttpResponse {
    HttpResponse::NoContent()
        .insert_header(("Access-Control-Allow-Origin", "*"))
        .insert_header(("Access-Control-Allow-Methods", "GET, POST"))
        .insert_header(("Access-Control-Allow-Headers", "Authorization, Content-Type"))
        .finish()
}

#[actix_web::main]
async fn main() -> std::io::Result<()> {
    let args = Args::parse();
    let fake =
        web::Data::new(Fake { args: args.clone(), state: Mutex::default(), http: reqwest::Client::new() });
    let server = HttpServer::new(move || {
        App::new()
            .app_data(fake.clone())
            .route("/v3/", web::get().to(stripe_js))
            .route("/v1/payment_intents", web::post().to(create_intent))
            .route("/v1/payment_intents/{id}", web::get().to(retrieve_intent))
            .route("/v1/payment_intents/{id}/confirm", web::post().to(confirm_intent))
            .route(
                "/v1/payment_intents/{id}/confirm",
                web::method(actix_web::http::Method::OPTIONS).to(preflight),
            )
            .route("/v1/payment_intents/{id}/capture", web::post().to(capture_intent))
            .route("/v1/payment_intents/{id}/cancel", web::post().to(cancel_intent))
            .route("/v1/refunds", web::post().to(create_refund))
            .route("/v1/webhook_endpoints", web::post().to(create_webhook_endpoint))
            .route("/_fake/intents/{id}", web::get().to(inspect_intent))
    })
    .workers(2)
    .bind(&args.addr)?;
    let addr = server.addrs()[0];
    println!("fake-stripe listening on http://{addr}");
    server.run().await
}
