//! A second factor for staff accounts: time-based one-time codes (TOTP, RFC 6238, the
//! kind every authenticator app reads from an `otpauth://` URI): HMAC-SHA1 over the
//! number of 30-second steps since the epoch, six digits. A code is good for its step
//! and the one either side (a phone's clock may be a little off), and only once: the
//! account keeps the last step it accepted, and a code of that step or an earlier one
//! is refused (RFC 6238 5.2).

use hmac::{Hmac, Mac};
use sha1::Sha1;

/// Seconds a code lives.
pub const STEP_SECONDS: u64 = 30;
/// Digits of a code.
pub const DIGITS: u32 = 6;
/// Bytes of a new secret: 160 bits, as RFC 4226 recommends.
const SECRET_BYTES: usize = 20;

/// A new secret, in base32 as the URI carries it.
pub fn new_secret() -> String {
    let bytes: [u8; SECRET_BYTES] = rand::random();
    base32(&bytes)
}

/// The URI an authenticator app scans: `otpauth://totp/Market:ana?secret=...&issuer=Market`.
pub fn otpauth_uri(secret: &str, username: &str) -> String {
    let label: String =
        percent_encoding::utf8_percent_encode(username, percent_encoding::NON_ALPHANUMERIC).to_string();
    format!(
        "otpauth://totp/Market:{label}?secret={secret}&issuer=Market&algorithm=SHA1&digits={DIGITS}&period={STEP_SECONDS}"
    )
}

/// The step under way.
pub fn step_now() -> u64 {
    step_at(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs()))
}

/// The step `unix_seconds` falls in.
pub fn step_at(unix_seconds: u64) -> u64 {
    unix_seconds / STEP_SECONDS
}

/// The code of `step` for `key` (the secret's bytes): RFC 4226's HOTP with the step as
/// the counter.
pub fn code(key: &[u8], step: u64) -> u32 {
    let mut mac = Hmac::<Sha1>::new_from_slice(key).expect("HMAC takes a key of any length");
    mac.update(&step.to_be_bytes());
    let digest = mac.finalize().into_bytes();
    let offset = usize::from(digest[19] & 0x0f);
    let binary = u32::from_be_bytes([
        digest[offset] & 0x7f,
        digest[offset + 1],
        digest[offset + 2],
        digest[offset + 3],
    ]);
    binary % 10u32.pow(DIGITS)
}

/// The step whose code `typed` is, among `now`'s and the one either side; `None` when
/// it is none of them (or not six digits). The caller refuses a step already used.
pub fn matching_step(secret: &str, typed: &str, now_step: u64) -> Option<u64> {
    let typed = typed.trim();
    if typed.len() != DIGITS as usize || !typed.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let wanted: u32 = typed.parse().ok()?;
    let key = from_base32(secret)?;
    [now_step.saturating_sub(1), now_step, now_step + 1].into_iter().find(|step| code(&key, *step) == wanted)
}

const ALPHABET: &[u8; 32] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/// RFC 4648 base32, without padding (as otpauth URIs write it).
pub fn base32(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(5) * 8);
    let (mut buffer, mut bits) = (0u32, 0u32);
    for &byte in bytes {
        buffer = (buffer << 8) | u32::from(byte);
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(ALPHABET[((buffer >> bits) & 31) as usize] as char);
        }
    }
    if bits > 0 {
        out.push(ALPHABET[((buffer << (5 - bits)) & 31) as usize] as char);
    }
    out
}

/// The bytes of base32 text (case and padding aside); `None` for any other character.
pub fn from_base32(text: &str) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(text.len() * 5 / 8);
    let (mut buffer, mut bits) = (0u32, 0u32);
    for c in text.trim_end_matches('=').bytes() {
        let value = ALPHABET.iter().position(|a| *a == c.to_ascii_uppercase())? as u32;
        buffer = (buffer << 5) | value;
        bits += 5;
        if bits >= 8 {
            bits -= 8;
            out.push((buffer >> bits) as u8);
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 6238 appendix B, SHA-1, eight digits cut to six (the last six of each).
    #[test]
    fn codes_are_rfc_6238_s() {
        let key = b"12345678901234567890";
        for (time, eight) in [
            (59u64, 94287082u32),
            (1111111109, 7081804),
            (1111111111, 14050471),
            (1234567890, 89005924),
            (2000000000, 69279037),
        ] {
            assert_eq!(code(key, step_at(time)), eight % 1_000_000, "at {time}");
        }
    }

    #[test]
    fn base32_is_rfc_4648_s() {
        assert_eq!(base32(b"foobar"), "MZXW6YTBOI");
        assert_eq!(from_base32("MZXW6YTBOI").unwrap(), b"foobar");
        assert_eq!(from_base32("mzxw6ytboi======").unwrap(), b"foobar");
        assert_eq!(from_base32("MZ1"), None);
        let secret = new_secret();
        assert_eq!(secret.len(), 32);
        assert_eq!(from_base32(&secret).unwrap().len(), 20);
    }

    #[test]
    fn a_code_matches_its_step_and_the_one_either_side_only() {
        let secret = base32(b"12345678901234567890");
        let key = from_base32(&secret).unwrap();
        let now = step_at(1_234_567_890);
        let typed = |step: u64| format!("{:06}", code(&key, step));
        assert_eq!(matching_step(&secret, &typed(now), now), Some(now));
        assert_eq!(matching_step(&secret, &typed(now - 1), now), Some(now - 1));
        assert_eq!(matching_step(&secret, &typed(now + 1), now), Some(now + 1));
        assert_eq!(matching_step(&secret, &typed(now - 2), now), None);
        assert_eq!(matching_step(&secret, "12345", now), None);
        assert_eq!(matching_step(&secret, "abcdef", now), None);
    }

    #[test]
    fn the_uri_names_the_store_and_the_account() {
        assert_eq!(
            otpauth_uri("MZXW6YTBOI", "ana lee"),
            "otpauth://totp/Market:ana%20lee?secret=MZXW6YTBOI&issuer=Market&algorithm=SHA1&digits=6&period=30"
        );
    }
}
