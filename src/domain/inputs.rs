//! Request bodies and their rules (docs/rules.md#field-rules).
//!
//! Rules are declared with garde over the limits and messages of `fields.rs`; each rule
//! reports the sentence a shopper reads, so an answer's `errors` list is one line per
//! problem. Text fields default to empty, so a missing field gets the same message as
//! an empty one. Unknown fields are ignored. Lengths count characters, not bytes.

use garde::Validate;
use serde::Deserialize;

use super::checkout::Choice;
use super::fields::{self, FieldRule};
use super::orders::CartView;
use super::payments::Method;
use super::payments::card::CardInput;
use super::reviews::ReviewText;
use super::users::NewUser;
use super::{Cents, ProductId, Rejection, VariantId};

/// Runs the rules; a failure lists every broken rule, one line each.
pub fn check<T: Validate<Context = ()>>(input: &T) -> Result<(), Rejection> {
    input
        .validate()
        .map_err(|report| Rejection::Invalid(report.iter().map(|(_, e)| e.message().to_string()).collect()))
}

pub(super) fn chars(s: &str) -> usize {
    s.chars().count()
}

/// The NUL character ends a string in C and is refused by PostgreSQL's text: no text
/// the store keeps or looks up may hold one (docs/rules.md#api-conventions).
pub const NUL_REFUSED: &str = "Text may not contain the NUL character.";

/// `rule.min..=rule.max` characters, with one message for each side. Blank padding does
/// not count toward the minimum, but the text is stored as typed, so it counts toward
/// the maximum.
pub(super) fn length(rule: FieldRule) -> impl FnOnce(&str, &()) -> garde::Result {
    move |value, _| {
        if value.contains('\0') {
            Err(garde::Error::new(NUL_REFUSED))
        } else if chars(value) > rule.max {
            Err(garde::Error::new(rule.too_long))
        } else if chars(value.trim()) < rule.min {
            Err(garde::Error::new(rule.too_short))
        } else {
            Ok(())
        }
    }
}

/// A named message of the field's own checks.
pub(super) fn message(rule: FieldRule, name: &str) -> garde::Error {
    let text = rule.messages.iter().find(|(n, _)| *n == name).map_or(rule.too_short, |(_, m)| m);
    garde::Error::new(text)
}

#[derive(Debug, Deserialize, Validate, utoipa::ToSchema)]
#[schema(example = json!({"credential": "demo", "password": "password"}))]
pub struct LoginInput {
    /// A username or an email.
    #[serde(default)]
    #[schema(required = true)]
    #[garde(custom(length(fields::login::CREDENTIAL)))]
    pub credential: String,
    /// Counted as typed: spaces are part of a password, and signup keeps them.
    #[serde(default)]
    #[schema(required = true)]
    #[garde(custom(exact_length(fields::login::PASSWORD)))]
    pub password: String,
    /// The six digits of an authenticator app, for an account with a second factor on.
    #[serde(default)]
    #[schema(max_length = 10, pattern = "^[0-9 ]*$")]
    #[garde(custom(code_rule))]
    pub code: Option<String>,
}

fn code_rule(value: &Option<String>, _: &()) -> garde::Result {
    match value {
        Some(code) if code.chars().count() > 10 || !code.chars().all(|c| c.is_ascii_digit() || c == ' ') => {
            Err(garde::Error::new("The code is the 6 digits your authenticator app shows."))
        }
        _ => Ok(()),
    }
}

#[derive(Debug, Deserialize, Validate, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({"firstName": "Ada", "lastName": "Lovelace", "username": "ada",
                          "email": "ada@example.com", "password": "analytical engine"}))]
pub struct SignupInput {
    #[serde(default)]
    #[schema(required = true)]
    #[garde(custom(length(fields::signup::FIRST_NAME)))]
    pub first_name: String,
    #[serde(default)]
    #[schema(required = true)]
    #[garde(custom(length(fields::signup::LAST_NAME)))]
    pub last_name: String,
    /// Not an email, and no spaces at either end.
    #[serde(default)]
    #[schema(required = true)]
    #[garde(custom(username_rule))]
    pub username: String,
    #[serde(default)]
    #[schema(required = true)]
    #[garde(custom(email_rule))]
    pub email: String,
    #[serde(default)]
    #[schema(required = true)]
    #[garde(custom(exact_length(fields::signup::PASSWORD)))]
    pub password: String,
}

impl SignupInput {
    /// The account to create: names and email trimmed, the username as typed (its rule
    /// refuses padding), the password already hashed.
    pub fn into_account(self, password_hash: String) -> NewUser {
        NewUser {
            first_name: self.first_name.trim().to_owned(),
            last_name: self.last_name.trim().to_owned(),
            username: self.username,
            email: self.email.trim().to_owned(),
            password_hash,
        }
    }
}

pub(super) fn username_rule(value: &str, _: &()) -> garde::Result {
    let rule = fields::signup::USERNAME;
    length(rule)(value, &())?;
    if value.contains('@') {
        // The sign-in credential is a username or an email; one must not look like the other.
        return Err(message(rule, "email"));
    }
    if value.trim() != value {
        return Err(message(rule, "padded"));
    }
    Ok(())
}

pub(super) fn email_rule(value: &str, _: &()) -> garde::Result {
    let rule = fields::signup::EMAIL;
    length(rule)(value, &())?;
    if !is_plausible_email(value) {
        return Err(message(rule, "invalid"));
    }
    Ok(())
}

/// One `@` with something before it, and a dotted domain after it; no spaces.
fn is_plausible_email(value: &str) -> bool {
    let Some((local, domain)) = value.split_once('@') else { return false };
    !local.is_empty()
        && !domain.contains('@')
        && !value.chars().any(char::is_whitespace)
        && domain.split('.').count() >= 2
        && domain.split('.').all(|part| !part.is_empty())
}

/// Passwords count every character as typed, spaces included, at both ends.
pub(super) fn exact_length(rule: FieldRule) -> impl FnOnce(&str, &()) -> garde::Result {
    move |value, _| match chars(value) {
        _ if value.contains('\0') => Err(garde::Error::new(NUL_REFUSED)),
        n if n < rule.min => Err(garde::Error::new(rule.too_short)),
        n if n > rule.max => Err(garde::Error::new(rule.too_long)),
        _ => Ok(()),
    }
}

#[derive(Debug, Deserialize, Validate, utoipa::ToSchema)]
#[schema(example = json!({"rating": 4, "title": "Does the job",
                          "description": "Sturdy, simple, and it arrived on time."}))]
pub struct ReviewInput {
    #[serde(default)]
    #[schema(value_type = i64, required = true)]
    #[garde(custom(rating_rule))]
    pub rating: Option<i64>,
    #[serde(default)]
    #[schema(required = true)]
    #[garde(custom(length(fields::review::TITLE)))]
    pub title: String,
    #[serde(default)]
    #[schema(required = true)]
    #[garde(custom(length(fields::review::DESCRIPTION)))]
    pub description: String,
}

fn rating_rule(value: &Option<i64>, _: &()) -> garde::Result {
    let rule = fields::review::RATING;
    match value {
        Some(n) if (rule.min as i64..=rule.max as i64).contains(n) => Ok(()),
        _ => Err(garde::Error::new(rule.too_short)),
    }
}

impl ReviewInput {
    /// The review as it is kept, once the rules pass.
    pub fn parse(self) -> Result<ReviewText, Rejection> {
        check(&self)?;
        // A review must say its rating: the form starts at 5, the API assumes nothing.
        let rating =
            self.rating.ok_or_else(|| Rejection::Invalid(vec![fields::review::RATING.too_short.into()]))?;
        Ok(ReviewText { rating, title: self.title, description: self.description })
    }
}

/// What `POST /api/favorites` keeps: a product, and the variant chosen on its page, if any.
#[derive(Debug, Deserialize, Validate, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({"productId": 25, "variantId": 3}))]
pub struct FavoriteInput {
    #[schema(minimum = 1)]
    #[garde(range(min = 1, max = i64::MAX))]
    pub product_id: i64,
    /// One of the product's `variants`, to keep the choice with the favorite (a heart
    /// on a card sends none); refused for a product sold as one thing.
    #[serde(default)]
    #[schema(minimum = 1)]
    #[garde(inner(range(min = 1, max = i64::MAX)))]
    pub variant_id: Option<i64>,
}

/// What `POST /api/cart` adds: a product, and which of its variants when it has options.
#[derive(Debug, Deserialize, Validate, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({"productId": 25, "variantId": 3}))]
pub struct CartInput {
    #[schema(minimum = 1)]
    #[garde(range(min = 1, max = i64::MAX))]
    pub product_id: i64,
    /// One of the product's `variants`: required for a product with options, refused
    /// for one without.
    #[serde(default)]
    #[schema(minimum = 1)]
    #[garde(inner(range(min = 1, max = i64::MAX)))]
    pub variant_id: Option<i64>,
}

impl FavoriteInput {
    /// The product and variant, as the ids they are.
    pub fn chosen(&self) -> (ProductId, Option<VariantId>) {
        (ProductId(self.product_id), self.variant_id.map(VariantId))
    }
}

impl CartInput {
    /// The product and variant, as the ids they are.
    pub fn chosen(&self) -> (ProductId, Option<VariantId>) {
        (ProductId(self.product_id), self.variant_id.map(VariantId))
    }
}

/// What the client believes it is buying; used only to detect a stale cart, never
/// to price anything (docs/rules.md#orders).
#[derive(Debug, Deserialize, Validate, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({"total": 18.99, "products": [{"productId": 51}]}))]
pub struct OrderInput {
    /// The total the shopper saw, in dollars.
    #[garde(skip)]
    pub total: f64,
    /// The cart's lines as the shopper saw them.
    #[garde(length(max = 50))]
    #[schema(max_items = 50)]
    pub products: Vec<OrderLineInput>,
    /// What the checkout chose besides the cart.
    #[serde(flatten)]
    #[garde(dive)]
    pub choice: QuoteInput,
}

/// What a checkout chooses besides the cart, for a quote and, within its body, an order
/// (docs/rules.md#checkout). Each is optional.
#[derive(Debug, Default, Clone, Deserialize, Validate, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({"addressId": 12, "shippingMethodId": 2, "promotionCode": "SPRING10"}))]
pub struct QuoteInput {
    /// One of the shopper's addresses; without it, their default (or the store's fixed
    /// address for a shopper who has none).
    #[serde(default)]
    #[garde(skip)]
    pub address_id: Option<i64>,
    /// A shipping method shoppers may choose; without it, the store's default.
    #[serde(default)]
    #[garde(skip)]
    pub shipping_method_id: Option<i64>,
    /// A promotion code, in any case.
    #[serde(default)]
    #[garde(custom(promotion_code_rule))]
    #[schema(max_length = 64)]
    pub promotion_code: Option<String>,
    /// How the order is paid; without it, the RedCard. A quote needs only the method,
    /// but what else it carries must still fit the documented shape.
    #[serde(default)]
    #[garde(custom(payment_rule))]
    pub payment: Option<PaymentInput>,
}

/// How an order is paid (docs/rules.md#payments).
#[derive(Debug, Default, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({"method": "card", "card": {"number": "4242 4242 4242 4242", "expMonth": 12, "expYear": 2030, "cvc": "123"}}))]
pub struct PaymentInput {
    pub method: Method,
    /// The card, for `card` with the `test` provider; never kept.
    #[serde(default)]
    pub card: Option<CardInput>,
    /// For `card` when Stripe takes the cards: the PaymentIntent the shopper confirmed in
    /// Stripe's element (`POST /api/payments/stripe/intents` made it). The order is the
    /// one that intent was made for.
    #[serde(default)]
    #[schema(max_length = 255)]
    pub payment_intent_id: Option<String>,
}

impl Clone for PaymentInput {
    /// A copy never carries the card: only the order's own request reads it.
    fn clone(&self) -> Self {
        PaymentInput { method: self.method, card: None, payment_intent_id: self.payment_intent_id.clone() }
    }
}

impl QuoteInput {
    /// The card typed in, taken out of the input. A quote prices only the method, but a
    /// card it carries is held to the order's rules (`CardInput::parse`), so what the API
    /// document refuses is refused here too.
    pub fn take_card(&mut self) -> Option<CardInput> {
        self.payment.as_mut().and_then(|p| p.card.take())
    }

    pub fn choice(self) -> Choice {
        Choice {
            address_id: self.address_id,
            shipping_method_id: self.shipping_method_id,
            promotion_code: self.promotion_code,
            payment: self.payment.map_or(Method::RedCard, |p| p.method),
        }
    }
}

/// A code as typed: at most 64 characters, no NUL (what it says is checked against the
/// store's codes, whose own rule is stricter).
fn promotion_code_rule(value: &Option<String>, _: &()) -> garde::Result {
    match value {
        Some(code) if code.contains('\0') => Err(garde::Error::new(NUL_REFUSED)),
        Some(code) if chars(code) > 64 => Err(garde::Error::new("That promotion code doesn't exist.")),
        _ => Ok(()),
    }
}

/// An intent id longer than the API document allows, or with a NUL, is no intent of
/// this store's (a card's rules are the card's own: `QuoteInput::take_card`).
fn payment_rule(value: &Option<PaymentInput>, _: &()) -> garde::Result {
    match value.as_ref().and_then(|p| p.payment_intent_id.as_deref()) {
        Some(id) if id.contains('\0') || chars(id) > 255 => Err(garde::Error::new(PAYMENT_INTENT_UNKNOWN)),
        _ => Ok(()),
    }
}

/// An intent id no intent of this store's could have.
pub const PAYMENT_INTENT_UNKNOWN: &str = "That payment isn't one this store made.";

#[derive(Debug, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrderLineInput {
    #[serde(default)]
    pub product_id: Option<i64>,
    /// Some clients send the product id as `id`.
    #[serde(default)]
    pub id: Option<i64>,
}

impl OrderInput {
    /// The cart as the shopper saw it, in cents.
    pub fn view(&self) -> CartView {
        CartView {
            total: Cents::from_dollars(self.total),
            product_ids: self.products.iter().map(|line| line.product_id().map(ProductId)).collect(),
        }
    }

    /// What the checkout chose besides the cart.
    pub fn choice(&self) -> Choice {
        self.choice.clone().choice()
    }

    /// The PaymentIntent that pays it, when Stripe takes the cards.
    pub fn payment_intent_id(&self) -> Option<&str> {
        self.choice.payment.as_ref().and_then(|p| p.payment_intent_id.as_deref())
    }

    /// The card typed in, taken out of the input: only the provider reads it, once.
    pub fn take_card(&mut self) -> Option<CardInput> {
        self.choice.take_card()
    }

    /// What an `Idempotency-Key` is bound to: the total and the products, in order, and
    /// the checkout's choices when it made any (a plain order's digest is as it was).
    pub fn fingerprint(&self) -> String {
        use sha2::{Digest, Sha256};
        let ids: Vec<Option<i64>> = self.products.iter().map(OrderLineInput::product_id).collect();
        let choice = self.choice();
        let chose = match choice == Choice::default() {
            true => String::new(),
            false => format!("|{choice:?}"),
        };
        let digest = Sha256::digest(format!("{}|{ids:?}{chose}", self.total));
        digest.iter().map(|b| format!("{b:02x}")).collect()
    }
}

/// The optional `Idempotency-Key` header: 1 to 255 visible ASCII characters
/// (docs/rules.md#orders).
pub fn idempotency_key(value: Option<&[u8]>) -> Result<Option<String>, Rejection> {
    let Some(value) = value else { return Ok(None) };
    if (1..=255).contains(&value.len()) && value.iter().all(u8::is_ascii_graphic) {
        return Ok(Some(String::from_utf8_lossy(value).into_owned()));
    }
    Err(Rejection::Malformed("The Idempotency-Key header must be 1 to 255 visible ASCII characters."))
}

impl OrderLineInput {
    pub fn product_id(&self) -> Option<i64> {
        self.product_id.or(self.id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn review(rating: Option<i64>, title: &str, description: &str) -> Result<(), Vec<String>> {
        let input = ReviewInput { rating, title: title.into(), description: description.into() };
        check(&input).map_err(|e| match e {
            Rejection::Invalid(errors) => errors,
            other => panic!("{other:?}"),
        })
    }

    const DESCRIPTION: &str = "Twenty characters ok";

    #[test]
    fn review_rules_use_the_spec_messages() {
        assert_eq!(review(Some(5), "Great", DESCRIPTION), Ok(()));
        assert_eq!(review(None, "Great", DESCRIPTION), Err(vec!["Please enter a rating.".into()]));
        assert_eq!(review(Some(6), "Great", DESCRIPTION), Err(vec!["Please enter a rating.".into()]));
        assert_eq!(review(Some(4), "Grea", DESCRIPTION), Err(vec!["Please write a longer title.".into()]));
        assert_eq!(
            review(Some(4), &"x".repeat(51), DESCRIPTION),
            Err(vec!["Please write a shorter title.".into()])
        );
        assert_eq!(review(Some(4), &"x".repeat(50), DESCRIPTION), Ok(()));
        assert_eq!(
            review(Some(4), "Great", &"d".repeat(19)),
            Err(vec!["Please write a longer description.".into()])
        );
        assert_eq!(review(Some(4), "Great", &"d".repeat(255)), Ok(()));
        assert_eq!(
            review(Some(4), "Great", &"d".repeat(256)),
            Err(vec!["Please write a shorter description.".into()])
        );
        assert_eq!(review(Some(4), "", "").unwrap_err().len(), 2, "one line per problem");
    }

    #[test]
    fn a_password_signup_accepts_is_never_refused_at_sign_in_for_its_spaces() {
        let signup = SignupInput {
            first_name: "Ada".into(),
            last_name: "Lovelace".into(),
            username: "ada".into(),
            email: "ada@example.com".into(),
            password: "  ab ".into(),
        };
        assert!(check(&signup).is_ok());
        let login = LoginInput { credential: "ada".into(), password: signup.password.clone(), code: None };
        assert!(check(&login).is_ok(), "spaces count toward the sign-in password's minimum too");
        let short = LoginInput { credential: "ada".into(), password: "ab".into(), code: None };
        assert!(check(&short).is_err());
    }

    #[test]
    fn padding_counts_toward_the_maximum_but_not_the_minimum() {
        let padded = format!("Great{}", " ".repeat(46));
        assert_eq!(review(Some(5), &padded, DESCRIPTION), Err(vec!["Please write a shorter title.".into()]));
        assert_eq!(
            review(Some(5), "   Grea   ", DESCRIPTION),
            Err(vec!["Please write a longer title.".into()])
        );
    }

    #[test]
    fn lengths_count_characters_not_bytes() {
        assert_eq!(review(Some(5), "ééééé", DESCRIPTION), Ok(()));
        assert_eq!(review(Some(5), &"é".repeat(50), DESCRIPTION), Ok(()));
    }

    fn signup(first: &str, last: &str, username: &str, email: &str, password: &str) -> Vec<String> {
        let input = SignupInput {
            first_name: first.into(),
            last_name: last.into(),
            username: username.into(),
            email: email.into(),
            password: password.into(),
        };
        match check(&input) {
            Ok(()) => vec![],
            Err(Rejection::Invalid(errors)) => errors,
            Err(other) => panic!("{other:?}"),
        }
    }

    #[test]
    fn signup_rules() {
        assert!(signup("Ada", "Lovelace", "ada", "ada@example.com", "secret").is_empty());
        assert_eq!(
            signup("A", "Lovelace", "ada", "ada@example.com", "secret"),
            ["First name must be 2 to 25 characters."]
        );
        assert_eq!(
            signup("Ada", &"L".repeat(26), "ada", "ada@example.com", "secret"),
            ["Last name must be 2 to 25 characters."]
        );
        assert_eq!(
            signup("Ada", "Lovelace", "ad", "ada@example.com", "secret"),
            ["Username must be 3 to 30 characters."]
        );
        assert_eq!(
            signup("Ada", "Lovelace", "ada@x.io", "ada@example.com", "secret"),
            ["Username cannot be an email."]
        );
        assert_eq!(
            signup("Ada", "Lovelace", "ada", "ada.example.com", "secret"),
            ["Please provide a valid email."]
        );
        assert_eq!(
            signup("Ada", "Lovelace", "ada", "ada@localhost", "secret"),
            ["Please provide a valid email."]
        );
        assert_eq!(
            signup("Ada", "Lovelace", "ada", "ada@example.com", "four"),
            ["Password must be at least 5 characters."]
        );
        assert_eq!(
            signup("Ada", "Lovelace", "ada", "ada@example.com", &"p".repeat(129)),
            ["Password must be at most 128 characters."]
        );
        assert_eq!(signup("", "", "", "", "").len(), 5);
    }
}
