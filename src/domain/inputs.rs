//! Request bodies and their rules (spec section 5, decisions.md §3).
//!
//! Rules are declared with garde; each rule reports the sentence a shopper reads, so an
//! answer's `errors` list is one line per problem, in the spec's wording where it has
//! one. Text fields default to empty, so a missing field gets the same message as an
//! empty one. Unknown fields are ignored. Lengths count characters, not bytes.

use garde::Validate;
use serde::Deserialize;

use crate::error::ApiError;

/// Runs the rules and turns a failure into a 400 listing every broken rule.
pub fn check<T: Validate<Context = ()>>(input: &T) -> Result<(), ApiError> {
    input
        .validate()
        .map_err(|report| ApiError::invalid(report.iter().map(|(_, e)| e.message().to_string()).collect()))
}

fn chars(s: &str) -> usize {
    s.chars().count()
}

/// `min..=max` characters, with one message for each side. Blank padding does not
/// count toward the minimum, but the text is stored as typed, so it counts toward the
/// maximum.
fn length<'a>(
    min: usize,
    max: usize,
    too_short: &'a str,
    too_long: &'a str,
) -> impl FnOnce(&str, &()) -> garde::Result + 'a {
    move |value, _| {
        if chars(value) > max {
            Err(garde::Error::new(too_long))
        } else if chars(value.trim()) < min {
            Err(garde::Error::new(too_short))
        } else {
            Ok(())
        }
    }
}

#[derive(Debug, Deserialize, Validate, utoipa::ToSchema)]
#[schema(example = json!({"credential": "demo", "password": "password"}))]
pub struct LoginInput {
    /// A username or an email.
    #[serde(default)]
    #[schema(required = true, min_length = 3, max_length = 100)]
    #[garde(custom(length(
        3,
        100,
        "Please provide a valid email or username.",
        "Please provide a valid email or username."
    )))]
    pub credential: String,
    /// Counted as typed: spaces are part of a password, and signup keeps them.
    #[serde(default)]
    #[schema(required = true, min_length = 3, max_length = 128)]
    #[garde(custom(login_password_rule))]
    pub password: String,
}

#[derive(Debug, Deserialize, Validate, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({"firstName": "Ada", "lastName": "Lovelace", "username": "ada",
                          "email": "ada@example.com", "password": "analytical engine"}))]
pub struct SignupInput {
    #[serde(default)]
    #[schema(required = true, min_length = 2, max_length = 25)]
    #[garde(custom(length(
        2,
        25,
        "First name must be 2 to 25 characters.",
        "First name must be 2 to 25 characters."
    )))]
    pub first_name: String,
    #[serde(default)]
    #[schema(required = true, min_length = 2, max_length = 25)]
    #[garde(custom(length(
        2,
        25,
        "Last name must be 2 to 25 characters.",
        "Last name must be 2 to 25 characters."
    )))]
    pub last_name: String,
    /// Not an email, and no spaces at either end.
    #[serde(default)]
    #[schema(required = true, min_length = 3, max_length = 30)]
    #[garde(custom(username_rule))]
    pub username: String,
    #[serde(default)]
    #[schema(required = true, min_length = 3, max_length = 100)]
    #[garde(custom(email_rule))]
    pub email: String,
    #[serde(default)]
    #[schema(required = true, min_length = 5, max_length = 128)]
    #[garde(custom(password_rule))]
    pub password: String,
}

fn username_rule(value: &str, _: &()) -> garde::Result {
    length(3, 30, "Username must be 3 to 30 characters.", "Username must be 3 to 30 characters.")(
        value,
        &(),
    )?;
    if value.contains('@') {
        // The sign-in credential is a username or an email; one must not look like the other.
        return Err(garde::Error::new("Username cannot be an email."));
    }
    if value.trim() != value {
        return Err(garde::Error::new("Username cannot start or end with a space."));
    }
    Ok(())
}

fn email_rule(value: &str, _: &()) -> garde::Result {
    length(3, 100, "Please provide a valid email.", "Email must be at most 100 characters.")(value, &())?;
    if !is_plausible_email(value) {
        return Err(garde::Error::new("Please provide a valid email."));
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

fn login_password_rule(value: &str, _: &()) -> garde::Result {
    match chars(value) {
        3..=128 => Ok(()),
        _ => Err(garde::Error::new("Please provide a password.")),
    }
}

fn password_rule(value: &str, _: &()) -> garde::Result {
    match chars(value) {
        n if n < 5 => Err(garde::Error::new("Password must be at least 5 characters.")),
        n if n > 128 => Err(garde::Error::new("Password must be at most 128 characters.")),
        _ => Ok(()),
    }
}

#[derive(Debug, Deserialize, Validate, utoipa::ToSchema)]
#[schema(example = json!({"rating": 4, "title": "Does the job",
                          "description": "Sturdy, simple, and it arrived on time."}))]
pub struct ReviewInput {
    #[serde(default)]
    #[schema(value_type = i64, required = true, minimum = 1, maximum = 5)]
    #[garde(custom(rating_rule))]
    pub rating: Option<i64>,
    #[serde(default)]
    #[schema(required = true, min_length = 5, max_length = 50)]
    #[garde(custom(length(5, 50, "Please write a longer title.", "Please write a shorter title.")))]
    pub title: String,
    #[serde(default)]
    #[schema(required = true, min_length = 20, max_length = 255)]
    #[garde(custom(length(
        20,
        255,
        "Please write a longer description.",
        "Please write a shorter description."
    )))]
    pub description: String,
}

fn rating_rule(value: &Option<i64>, _: &()) -> garde::Result {
    match value {
        Some(1..=5) => Ok(()),
        _ => Err(garde::Error::new("Please enter a rating.")),
    }
}

impl ReviewInput {
    pub fn rating(&self) -> i64 {
        self.rating.unwrap_or(5)
    }
}

#[derive(Debug, Deserialize, Validate, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(example = json!({"productId": 51}))]
pub struct ProductRef {
    #[schema(minimum = 1)]
    #[garde(range(min = 1, max = i64::MAX))]
    pub product_id: i64,
}

/// What the client believes it is buying; used only to detect a stale cart, never
/// to price anything (decisions.md §4).
#[derive(Debug, Deserialize, Validate, utoipa::ToSchema)]
#[schema(example = json!({"total": 18.99, "products": [{"productId": 51}]}))]
pub struct OrderInput {
    /// The total the shopper saw, in dollars.
    #[garde(skip)]
    pub total: f64,
    /// The cart's lines as the shopper saw them.
    #[garde(length(max = 50))]
    #[schema(max_items = 50)]
    pub products: Vec<OrderLineInput>,
}

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
    /// What an `Idempotency-Key` is bound to: the total and the products, in order.
    pub fn fingerprint(&self) -> String {
        use sha2::{Digest, Sha256};
        let ids: Vec<Option<i64>> = self.products.iter().map(OrderLineInput::product_id).collect();
        let digest = Sha256::digest(format!("{}|{ids:?}", self.total));
        digest.iter().map(|b| format!("{b:02x}")).collect()
    }
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
            ApiError::BadRequest { errors, .. } => errors,
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
        let login = LoginInput { credential: "ada".into(), password: signup.password.clone() };
        assert!(check(&login).is_ok(), "spaces count toward the sign-in password's minimum too");
        let short = LoginInput { credential: "ada".into(), password: "ab".into() };
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
            Err(ApiError::BadRequest { errors, .. }) => errors,
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
