//! What the servers of one database agree on through its `settings` table: the secret
//! they sign with, and when the last periodic reset was made.

use std::time::Duration;

use crate::db::Error;
use crate::db::conn::{Conn, args};

/// The servers' shared secret (see [`Store::secret`](super::Store::secret)), made now if none is kept yet.
pub(super) fn shared_secret(c: &mut Conn) -> Result<String, Error> {
    use rand::RngCore;
    let mut bytes = [0u8; 64];
    rand::rng().fill_bytes(&mut bytes);
    let made: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    c.execute(
        "INSERT INTO settings (name, value) VALUES ('secret_key', ?1) ON CONFLICT (name) DO NOTHING",
        args![&made],
    )?;
    c.query_one("SELECT value FROM settings WHERE name = 'secret_key'", &[], |r| r.get(0))
}

/// Whether this server should make the periodic reset now: none was made in the last
/// period (a hundredth of it aside, so that a server whose timer fires a moment early
/// does not leave the reset to the next period). Notes the reset as made when it should.
pub fn claim_reset(c: &mut Conn, every: Duration) -> Result<bool, Error> {
    let now = crate::domain::Timestamp::now().millis();
    let due = now - (every.as_millis() as i64) * 99 / 100;
    let claimed = c.query_opt(
        "INSERT INTO settings (name, value) VALUES ('last_reset', ?1) ON CONFLICT (name) DO UPDATE
         SET value = excluded.value WHERE CAST(settings.value AS BIGINT) <= ?2 RETURNING value",
        args![now.to_string().as_str(), due],
        |_| Ok(()),
    )?;
    Ok(claimed.is_some())
}
