//! argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane).
//!
//! A hash costs tens of milliseconds of one core, so it runs on the blocking pool and
//! behind a semaphore of one hash per core: an unbounded burst of sign-ins would
//! otherwise starve every other request of CPU.

use std::sync::{Arc, LazyLock};

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString, rand_core::OsRng};
use argon2::{Algorithm, Argon2, Params, Version};
use tokio::sync::Semaphore;

use crate::error::ApiError;

fn argon2() -> Argon2<'static> {
    let params = Params::new(19_456, 2, 1, None).expect("OWASP's argon2 parameters are valid");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

/// A hash of a random password nobody knows, verified against when the account does
/// not exist, so that an unknown account costs as much time as a wrong password.
static DUMMY_HASH: LazyLock<String> = LazyLock::new(|| {
    let random = SaltString::generate(&mut OsRng);
    hash_now(random.as_str()).expect("hashing a random password")
});

fn hash_now(password: &str) -> Result<String, argon2::password_hash::Error> {
    let salt = SaltString::generate(&mut OsRng);
    Ok(argon2().hash_password(password.as_bytes(), &salt)?.to_string())
}

fn verify_now(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|parsed| argon2().verify_password(password.as_bytes(), &parsed).is_ok())
}

#[derive(Clone)]
pub struct Passwords {
    permits: Arc<Semaphore>,
}

impl Default for Passwords {
    fn default() -> Self {
        Self::new()
    }
}

impl Passwords {
    pub fn new() -> Self {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        // Compute the dummy hash now, off the request path.
        std::thread::spawn(|| LazyLock::force(&DUMMY_HASH));
        Passwords { permits: Arc::new(Semaphore::new(cores)) }
    }

    pub async fn hash(&self, password: String) -> Result<String, ApiError> {
        let _permit = self.permits.acquire().await.map_err(ApiError::internal)?;
        actix_web::web::block(move || hash_now(&password))
            .await?
            .map_err(|e| ApiError::internal(anyhow::anyhow!("{e}")))
    }

    /// Checks `password` against `hash`, or against a dummy hash when there is no
    /// account, so both cases take the same time and give the same answer.
    pub async fn verify(&self, password: String, hash: Option<String>) -> Result<bool, ApiError> {
        self.verify_gated(password, hash, || Ok(())).await
    }

    /// [`Passwords::verify`], with `gate` asked first once this request's turn has come:
    /// a refusal (a rate limit) costs no hashing, and attempts that queued behind a
    /// burst see the limits the burst has set by then.
    pub async fn verify_gated(
        &self,
        password: String,
        hash: Option<String>,
        gate: impl FnOnce() -> Result<(), ApiError>,
    ) -> Result<bool, ApiError> {
        let _permit = self.permits.acquire().await.map_err(ApiError::internal)?;
        gate()?;
        let known = hash.is_some();
        let ok = actix_web::web::block(move || {
            let hash = hash.as_deref().unwrap_or(DUMMY_HASH.as_str());
            verify_now(&password, hash)
        })
        .await?;
        Ok(known && ok)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_are_argon2id_with_owasp_parameters_and_verify() {
        let hash = hash_now("correct horse").unwrap();
        assert!(hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{hash}");
        assert!(verify_now("correct horse", &hash));
        assert!(!verify_now("wrong horse", &hash));
        assert!(!verify_now("correct horse", "not a hash"));
        assert_ne!(hash, hash_now("correct horse").unwrap(), "salted");
    }
}
