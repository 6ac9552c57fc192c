//! A Stripe webhook's `Stripe-Signature`, checked as Stripe's reference documents it
//! (the `stripe` provider reads every webhook through it, `payments/stripe.rs`). The header is `t=<unix seconds>,v1=<hex>[,v1=<hex>…]` (other schemes ignored); a
//! `v1` is HMAC-SHA256, keyed by the endpoint's signing secret, of `<t>.<raw body>`. The
//! event is taken only when one `v1` matches (compared in constant time) and `t` is at
//! most five minutes from now either way, so an event captured off the wire cannot be
//! sent again later.

use hmac::{Hmac, Mac};
use sha2::Sha256;

/// How far from now a signed timestamp may be, in seconds: Stripe's own default.
pub const TOLERANCE_SECS: i64 = 300;

/// Why a webhook was refused: a 400 that changes nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{}", self.message())]
pub enum Refused {
    Missing,
    Unreadable,
    Mismatch,
    TooOld,
}

impl Refused {
    /// The 400's message.
    pub fn message(self) -> &'static str {
        match self {
            Refused::Missing => "The Stripe-Signature header is missing.",
            Refused::Unreadable => "The Stripe-Signature header cannot be read.",
            Refused::Mismatch => "The webhook's signature does not match.",
            Refused::TooOld => "The webhook was signed too long ago.",
        }
    }
}

/// The `v1` signature of `body` signed at `timestamp` with `secret`, in hex.
pub fn sign(secret: &str, timestamp: i64, body: &[u8]) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes a key of any length");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    mac.finalize().into_bytes().iter().map(|b| format!("{b:02x}")).collect()
}

/// Checks `header` for `body` against `secret` at `now` (unix seconds).
pub fn verify(header: Option<&str>, body: &[u8], secret: &str, now: i64) -> Result<(), Refused> {
    let header = header.ok_or(Refused::Missing)?;
    let mut timestamp = None;
    let mut signatures = Vec::new();
    for part in header.split(',') {
        match part.trim().split_once('=') {
            Some(("t", value)) => timestamp = Some(value.parse::<i64>().map_err(|_| Refused::Unreadable)?),
            Some(("v1", value)) => signatures.push(hex(value).ok_or(Refused::Unreadable)?),
            _ => {}
        }
    }
    let timestamp = timestamp.ok_or(Refused::Unreadable)?;
    if signatures.is_empty() {
        return Err(Refused::Unreadable);
    }
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("HMAC takes a key of any length");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    let matches = signatures.iter().any(|signature| mac.clone().verify_slice(signature).is_ok());
    if !matches {
        return Err(Refused::Mismatch);
    }
    // Checked after the signature, so a forged header learns nothing of the clock.
    if (now - timestamp).abs() > TOLERANCE_SECS {
        return Err(Refused::TooOld);
    }
    Ok(())
}

fn hex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    (0..text.len()).step_by(2).map(|at| u8::from_str_radix(text.get(at..at + 2)?, 16).ok()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "whsec_test_secret";
    const BODY: &[u8] = br#"{"id":"evt_1","type":"payment_intent.amount_capturable_updated"}"#;
    const AT: i64 = 1_795_000_000;

    fn header(timestamp: i64, body: &[u8]) -> String {
        format!("t={timestamp},v1={}", sign(SECRET, timestamp, body))
    }

    #[test]
    fn a_signature_over_the_timestamp_and_the_body_is_taken_within_five_minutes() {
        assert_eq!(verify(Some(&header(AT, BODY)), BODY, SECRET, AT + 299), Ok(()));
        assert_eq!(verify(Some(&header(AT, BODY)), BODY, SECRET, AT - 300), Ok(()));
        // Another scheme's signature and a rotated secret's are skipped, not refused.
        let rotated =
            format!("t={AT},v0=abcd,v1={},v1={}", sign("whsec_old", AT, BODY), sign(SECRET, AT, BODY));
        assert_eq!(verify(Some(&rotated), BODY, SECRET, AT), Ok(()));
    }

    #[test]
    fn a_missing_forged_stale_or_garbled_signature_is_refused() {
        assert_eq!(verify(None, BODY, SECRET, AT), Err(Refused::Missing));
        assert_eq!(verify(Some(&header(AT, BODY)), b"{}", SECRET, AT), Err(Refused::Mismatch));
        assert_eq!(verify(Some(&header(AT, BODY)), BODY, "whsec_other", AT), Err(Refused::Mismatch));
        assert_eq!(verify(Some(&header(AT, BODY)), BODY, SECRET, AT + 301), Err(Refused::TooOld));
        let moved = header(AT, BODY).replace(&format!("t={AT}"), &format!("t={}", AT + 1));
        assert_eq!(
            verify(Some(&moved), BODY, SECRET, AT),
            Err(Refused::Mismatch),
            "the timestamp is signed too"
        );
        for garbled in ["", "t=now,v1=00", "v1=00", &format!("t={AT}"), &format!("t={AT},v1=zz")] {
            assert_eq!(verify(Some(garbled), BODY, SECRET, AT), Err(Refused::Unreadable), "{garbled:?}");
        }
    }
}
