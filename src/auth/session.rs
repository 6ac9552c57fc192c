//! Server-side sessions in the database, behind actix-session.
//!
//! The cookie carries only a random 64-character key (about 380 bits), encrypted with
//! the server secret; the `sessions` table keys rows by the key's SHA-256. Deleting
//! the row ends the session for good, which a cookie-only session cannot do.
//! Lifetimes: idle (7 days without a request) and absolute (30 days after sign-in).
//!
//! A sign-in or a sign-out gives the session a new key ([`renew`]): the new row is
//! stored and the old one deleted in one write, so a write that fails (a full disk)
//! leaves the old session as it was. actix-session's own `Session::renew` deletes the
//! old row, then stores the new one in a second write: a failure between the two
//! would sign the shopper out, though the answer said nothing had changed.
//!
//! The rows this server has read or written are also kept in memory, so that a
//! signed-in request reads none: every change goes to the table first and then to
//! that copy, and a row read from the table is kept only if nothing changed meanwhile
//! (a generation number). The copy is shared by every worker and dropped whole past
//! [`MAX_CACHED`] rows. Rows changed in the file by hand are not seen until a restart.
//! Beside other servers on one database (PostgreSQL), the change log names each session
//! changed or ended, and every server drops its copy when its listener applies the log:
//! within a second, most often a millisecond (a sign-out or a disabled account through
//! one server ends the session on all of them). A request whose shopper wrote through
//! another server a moment ago reads its row from the table (`db/read_your_writes.rs`),
//! and a server's own change drops its copy rather than replacing it (a change through
//! another server could come between its write and its copy).

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::{Arc, Mutex};
use std::time::Duration as StdDuration;

use crate::domain::ShopperId;

use actix_session::config::{CookieContentSecurity, PersistentSession, TtlExtensionPolicy};
use actix_session::storage::{LoadError, SaveError, SessionKey, UpdateError, generate_session_key};
use actix_session::{Session, SessionMiddleware};
use actix_web::cookie::{Key, SameSite, time::Duration};
use sha2::{Digest, Sha256};

use crate::config::Secret;
use crate::db::changes::session_key;
use crate::db::read_your_writes::Horizon;
use crate::db::session::SessionRow;
use crate::db::{Change, Db, Listener, Topic};
use crate::domain::Timestamp;

pub const IDLE_LIFETIME: StdDuration = StdDuration::from_secs(7 * 24 * 3600);
pub const ABSOLUTE_LIFETIME: StdDuration = StdDuration::from_secs(30 * 24 * 3600);
/// The idle deadline is pushed back at most this often, so reads do not become writes.
const EXTEND_GRANULARITY: StdDuration = StdDuration::from_secs(3600);

type State = HashMap<String, String>;

const MAX_CACHED: usize = 10_000;

/// The state entry by which [`renew`] asks the store for a new key; never stored.
const NEW_KEY: &str = "new_key";

/// Gives the session a new key when the answer goes out, its state carried over: what
/// anyone learnt of the old key opens nothing after. (See the module's notes for why
/// this is not `Session::renew`.)
pub fn renew(session: &Session) -> Result<(), crate::error::ApiError> {
    session.insert(NEW_KEY, true).map_err(crate::error::ApiError::internal)
}

/// Make one per server and clone it into every worker: clones share the cached rows.
#[derive(Clone)]
pub struct SessionStore {
    db: Db,
    cache: Arc<Mutex<Cache>>,
    /// When other servers share the database: how far this one has applied their
    /// changes (see the module's notes).
    horizon: Option<Arc<Horizon>>,
}

#[derive(Clone)]
struct Row {
    state: State,
    created_at: Timestamp,
    expires_at: Timestamp,
}

#[derive(Default)]
struct Cache {
    generation: u64,
    rows: HashMap<String, Row>,
}

impl SessionStore {
    pub fn new(db: Db) -> Self {
        let horizon = db.horizon();
        SessionStore { db, cache: Arc::default(), horizon }
    }

    fn cache(&self) -> std::sync::MutexGuard<'_, Cache> {
        self.cache.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// What the change log hands over: the sessions it names changed through another
    /// server (or this one), and their copies go.
    pub fn listener(&self) -> Listener {
        let cache = Arc::downgrade(&self.cache);
        Arc::new(move |changes: &[Change]| {
            let Some(cache) = cache.upgrade() else { return };
            let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
            let ended: Vec<i64> =
                changes.iter().filter(|c| c.topic == Topic::Session).map(|c| c.key).collect();
            if changes.iter().any(|c| c.topic == Topic::Everything) {
                cache.generation += 1;
                cache.rows.clear();
            } else if !ended.is_empty() {
                cache.generation += 1;
                cache.rows.retain(|hash, _| !ended.contains(&session_key(hash)));
            }
        })
    }

    /// The cached row, or the generation to hand back to [`Self::keep_read`].
    fn cached(&self, hash: &str) -> Result<Row, u64> {
        let cache = self.cache();
        if self.horizon.as_ref().is_some_and(|horizon| !horizon.serves_request()) {
            return Err(cache.generation);
        }
        cache.rows.get(hash).cloned().ok_or(cache.generation)
    }

    /// Keeps a row read from the table, unless a change happened since `generation`.
    fn keep_read(&self, hash: String, generation: u64, row: Row) {
        let mut cache = self.cache();
        if cache.generation == generation {
            if cache.rows.len() >= MAX_CACHED {
                cache.rows.clear();
            }
            cache.rows.insert(hash, row);
        }
    }

    /// Ends every session of `user_id` (an owner disabled the account): deleted from the
    /// table, and dropped from what this server keeps.
    pub async fn end_sessions_of(&self, user_id: ShopperId) -> Result<u64, crate::db::Error> {
        let ended = self.db.delete_sessions_of(user_id).await?;
        let mut cache = self.cache();
        cache.generation += 1;
        cache.rows.retain(|_, row| signed_in(&row.state) != Some(user_id));
        Ok(ended)
    }

    /// After the accounts `users` ended with their sessions (a public demo's shoppers):
    /// none of their sessions is kept either.
    pub fn forget_users(&self, users: &[ShopperId]) {
        if users.is_empty() {
            return;
        }
        let mut cache = self.cache();
        cache.generation += 1;
        cache.rows.retain(|_, row| !signed_in(&row.state).is_some_and(|id| users.contains(&id)));
    }

    /// After every session was deleted from the table (a reset): none is kept either.
    pub fn forget_all(&self) {
        let mut cache = self.cache();
        cache.generation += 1;
        cache.rows.clear();
    }

    /// After a change to the table: the row as it is there now (`None`: gone).
    fn changed(&self, hash: &str, row: Option<Row>) {
        let mut cache = self.cache();
        cache.generation += 1;
        match row {
            // Beside other servers, the next read takes it from the table.
            Some(row) if self.horizon.is_none() => {
                if cache.rows.len() >= MAX_CACHED {
                    cache.rows.clear();
                }
                cache.rows.insert(hash.to_owned(), row);
            }
            _ => {
                cache.rows.remove(hash);
            }
        }
    }
}

pub fn cookie_name(secure: bool) -> &'static str {
    if secure { "__Host-market_session" } else { "market_session" }
}

pub fn middleware(store: SessionStore, secret: &Secret, secure: bool) -> SessionMiddleware<SessionStore> {
    SessionMiddleware::builder(store, Key::derive_from(secret.as_bytes()))
        .cookie_name(cookie_name(secure).into())
        .cookie_secure(secure)
        .cookie_http_only(true)
        .cookie_same_site(SameSite::Lax)
        .cookie_path("/".into())
        .cookie_content_security(CookieContentSecurity::Private)
        .session_lifecycle(
            PersistentSession::default()
                .session_ttl(Duration::seconds(ABSOLUTE_LIFETIME.as_secs() as i64))
                .session_ttl_extension_policy(TtlExtensionPolicy::OnStateChanges),
        )
        .build()
}

/// The account a session's state is signed in to: the table keeps it beside the state,
/// so that an account's sessions can all be ended at once.
fn signed_in(state: &State) -> Option<ShopperId> {
    state.get(crate::auth::current_user::USER_ID).and_then(|id| serde_json::from_str(id).ok())
}

fn key_hash(key: &SessionKey) -> String {
    Sha256::digest(key.as_ref().as_bytes()).iter().fold(String::with_capacity(64), |mut hex, b| {
        let _ = write!(hex, "{b:02x}");
        hex
    })
}

/// A failure of the database, for actix-session: noted for the answer first (see
/// [`crate::error::refused_below_handlers`]).
fn other(e: crate::db::Error) -> anyhow::Error {
    crate::error::refused_below_handlers(&e);
    anyhow::anyhow!("session store: {e}")
}

impl actix_session::storage::SessionStore for SessionStore {
    async fn load(&self, session_key: &SessionKey) -> Result<Option<State>, LoadError> {
        let hash = key_hash(session_key);
        let row = match self.cached(&hash) {
            Ok(row) => row,
            Err(generation) => {
                let found =
                    self.db.load_session(hash.clone()).await.map_err(|e| LoadError::Other(other(e)))?;
                let Some(found) = found else { return Ok(None) };
                let state: State =
                    serde_json::from_str(&found.state).map_err(|e| LoadError::Deserialization(e.into()))?;
                let row = Row { state, created_at: found.created_at, expires_at: found.expires_at };
                self.keep_read(hash.clone(), generation, row.clone());
                row
            }
        };
        let Row { state, created_at, expires_at } = row;
        let now = Timestamp::now();
        if now >= expires_at || now >= created_at.plus(ABSOLUTE_LIFETIME) {
            return Ok(None);
        }
        if expires_at < now.plus(IDLE_LIFETIME - EXTEND_GRANULARITY) {
            let expires_at = now.plus(IDLE_LIFETIME);
            match self.db.extend_session(hash.clone(), expires_at).await {
                Ok(extended) => {
                    let row = Row { state: state.clone(), created_at, expires_at };
                    self.changed(&hash, extended.then_some(row));
                }
                // The deadline stays where it was (days away): the shopper is served.
                Err(e) if e.is_passing() => tracing::warn!("a session's deadline was not moved on: {e}"),
                Err(e) => return Err(LoadError::Other(other(e))),
            }
        }
        Ok(Some(state))
    }

    async fn save(&self, mut state: State, _ttl: &Duration) -> Result<SessionKey, SaveError> {
        state.remove(NEW_KEY); // a new key it is anyway
        self.store_new(state, None).await
    }

    async fn update(
        &self,
        key: SessionKey,
        mut state: State,
        ttl: &Duration,
    ) -> Result<SessionKey, UpdateError> {
        if state.remove(NEW_KEY).is_some() {
            return self
                .store_new(state, Some(&key))
                .await
                .map_err(|e| UpdateError::Other(anyhow::anyhow!("session store: {e}")));
        }
        let json = serde_json::to_string(&state).map_err(|e| UpdateError::Serialization(e.into()))?;
        let hash = key_hash(&key);
        let now = Timestamp::now();
        let expires_at = now.plus(IDLE_LIFETIME);
        let created_at = self
            .db
            .update_session(hash.clone(), json, signed_in(&state), expires_at, now)
            .await
            .map_err(|e| UpdateError::Other(other(e)))?;
        if let Some(created_at) = created_at {
            self.changed(&hash, Some(Row { state, created_at, expires_at }));
            return Ok(key);
        }
        self.changed(&hash, None);
        // The row expired or was swept meanwhile: carry the state on under a new key.
        self.save(state, ttl).await.map_err(|e| UpdateError::Other(anyhow::anyhow!("session store: {e}")))
    }

    async fn update_ttl(&self, _key: &SessionKey, _ttl: &Duration) -> Result<(), anyhow::Error> {
        // Idle deadlines move on in `load`, at most once per EXTEND_GRANULARITY.
        Ok(())
    }

    async fn delete(&self, key: &SessionKey) -> Result<(), anyhow::Error> {
        let hash = key_hash(key);
        self.db.delete_session(hash.clone()).await.map_err(other)?;
        self.changed(&hash, None);
        Ok(())
    }
}

impl SessionStore {
    /// Stores `state` under a new key, deleting the row of `replacing` (a renewal) in
    /// the same write.
    async fn store_new(&self, state: State, replacing: Option<&SessionKey>) -> Result<SessionKey, SaveError> {
        let json = serde_json::to_string(&state).map_err(|e| SaveError::Serialization(e.into()))?;
        let key = generate_session_key();
        let hash = key_hash(&key);
        let replaced = replacing.map(key_hash);
        let now = Timestamp::now();
        let row = SessionRow {
            user_id: signed_in(&state),
            state: json,
            created_at: now,
            expires_at: now.plus(IDLE_LIFETIME),
        };
        let signed_in = row.user_id.is_some();
        match self.db.insert_session(hash.clone(), row, replaced.clone()).await {
            Ok(()) => {}
            // Writes are refused for now (a full disk): a new visitor still gets their page,
            // with a key that names no row, and browses as a new visitor until a session can
            // be stored. Their first write meets the same refusal (auth/xsrf.rs). A sign-out
            // still ends the old session if its row can be deleted. A sign-in whose session
            // cannot be stored is refused: answered as done, its key would name nothing, and
            // the shopper would find themselves signed out.
            Err(e) if e.is_passing() && !signed_in => {
                tracing::debug!("a new session was not stored: {e}");
                if let Some(replaced) = replaced {
                    self.db.delete_session(replaced.clone()).await.map_err(|e| SaveError::Other(other(e)))?;
                    self.changed(&replaced, None);
                }
                return Ok(key);
            }
            Err(e) => return Err(SaveError::Other(other(e))),
        }
        if let Some(replaced) = replaced {
            self.changed(&replaced, None);
        }
        self.changed(&hash, Some(Row { state, created_at: now, expires_at: now.plus(IDLE_LIFETIME) }));
        Ok(key)
    }
}

/// Removes expired sessions; returns how many.
pub async fn sweep(db: &Db) -> Result<u64, crate::db::Error> {
    let now = Timestamp::now();
    db.forget_expired_sessions(now, now.minus(ABSOLUTE_LIFETIME)).await
}
