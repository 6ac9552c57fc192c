//! argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane).
//!
//! A hash costs tens of milliseconds of one core and 19 MiB, so it runs on threads of
//! its own, one per two cores (at least one), behind a semaphore of as many permits:
//! a burst of sign-ins queues there instead of taking every core from the requests
//! being served, and the memory of a hash is reused by the same few threads instead
//! of being left behind in the allocator of every blocking-pool thread that once
//! hashed (which grew the server past a gigabyte under a sign-in burst).

use std::panic::AssertUnwindSafe;
use std::sync::{Arc, LazyLock, Mutex, mpsc};

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

type Job = Box<dyn FnOnce() + Send>;

#[derive(Clone)]
pub struct Passwords {
    permits: Arc<Semaphore>,
    jobs: mpsc::Sender<Job>,
}

impl Default for Passwords {
    fn default() -> Self {
        Self::new()
    }
}

impl Passwords {
    /// Starts the hashing threads; they end when the last clone is dropped.
    pub fn new() -> Self {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        let threads = (cores / 2).max(1);
        let (jobs, queue) = mpsc::channel::<Job>();
        let queue = Arc::new(Mutex::new(queue));
        for n in 0..threads {
            let queue = queue.clone();
            std::thread::Builder::new()
                .name(format!("argon2-{n}"))
                .spawn(move || {
                    if n == 0 {
                        // The dummy hash now, off the request path.
                        LazyLock::force(&DUMMY_HASH);
                    }
                    loop {
                        let next = match queue.lock() {
                            Ok(queue) => queue.recv(),
                            Err(_) => return,
                        };
                        let Ok(job) = next else { return };
                        // A panicking job drops its answer channel; its caller gets an error.
                        let _ = std::panic::catch_unwind(AssertUnwindSafe(job));
                    }
                })
                .expect("starting a hashing thread");
        }
        Passwords { permits: Arc::new(Semaphore::new(threads)), jobs }
    }

    /// Runs `f` on a hashing thread; the caller holds a permit, so one is free.
    async fn on_hashing_thread<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let (answer, answered) = tokio::sync::oneshot::channel();
        self.jobs
            .send(Box::new(move || {
                let _ = answer.send(f());
            }))
            .map_err(|_| ApiError::internal(anyhow::anyhow!("the hashing threads have stopped")))?;
        answered.await.map_err(|_| ApiError::internal(anyhow::anyhow!("a hashing job failed")))
    }

    pub async fn hash(&self, password: String) -> Result<String, ApiError> {
        let _permit = self.permits.acquire().await.map_err(ApiError::internal)?;
        self.on_hashing_thread(move || hash_now(&password))
            .await?
            .map_err(|e| ApiError::internal(anyhow::anyhow!("{e}")))
    }

    /// Checks `password` against `hash`, or against a dummy hash when there is no
    /// account, so both cases take the same time and give the same answer.
    pub async fn verify(&self, password: String, hash: Option<String>) -> Result<bool, ApiError> {
        self.verify_gated(password, hash, async { Ok(()) }).await
    }

    /// [`Passwords::verify`], with `gate` asked first once this request's turn has come:
    /// a refusal (a rate limit) costs no hashing, and attempts that queued behind a
    /// burst see the limits the burst has set by then.
    pub async fn verify_gated(
        &self,
        password: String,
        hash: Option<String>,
        gate: impl Future<Output = Result<(), ApiError>>,
    ) -> Result<bool, ApiError> {
        let _permit = self.permits.acquire().await.map_err(ApiError::internal)?;
        gate.await?;
        let known = hash.is_some();
        let ok = self
            .on_hashing_thread(move || {
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
