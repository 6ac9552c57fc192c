//! The outbox (docs/rules.md#mail): a mail is written by [`queue`] in the transaction of
//! what causes it, at most once per cause, and read back by the back office.

use super::conn::{Conn, Row, args};
use super::{Db, Error};
use crate::domain::mail::Facts;
use crate::domain::mail::outbox::{Mail, MailStatus};
use crate::domain::{ShopperId, Thing, Timestamp};

/// Writes the mail `facts` say to `user_id`, in the caller's transaction: copied to the
/// account's address as it is now, kept for its inbox when it is a demo shopper's. A
/// mail for the same cause already written stays the only one.
pub(crate) fn queue(c: &mut Conn, user_id: ShopperId, facts: &Facts) -> Result<(), Error> {
    queue_to(c, user_id, None, facts)
}

/// [`queue`], to `address` rather than the account's own (a new address to confirm)
/// when one is given.
pub(crate) fn queue_to(
    c: &mut Conn,
    user_id: ShopperId,
    address: Option<&str>,
    facts: &Facts,
) -> Result<(), Error> {
    let json = serde_json::to_string(facts).map_err(|e| Error::other(e.to_string()))?;
    let cause = facts.cause();
    let now = Timestamp::now().millis();
    c.execute(
        "INSERT INTO mails (cause, event, user_id, order_id, to_address, first_name, last_name, facts,
                            status, next_attempt_at, created_at)
         SELECT ?1, ?2, u.id, ?3, coalesce(?7, u.email), u.first_name, u.last_name, ?4,
                CASE WHEN u.demo_ends_at IS NULL THEN 'queued' ELSE 'kept' END, ?5, ?5
         FROM users u WHERE u.id = ?6
         ON CONFLICT (cause) DO NOTHING",
        args![&cause, facts.event().as_str(), facts.order_id(), &json, now, user_id, address],
    )?;
    Ok(())
}

const COLUMNS: &str = "id, order_id, to_address, first_name, last_name, facts, status, attempts, last_error,
                       created_at, sent_at";

fn mail(r: &Row) -> Result<Mail, Error> {
    let facts: String = r.get(5)?;
    let status: String = r.get(6)?;
    Ok(Mail {
        id: r.get(0)?,
        order_id: r.get(1)?,
        to_address: r.get(2)?,
        first_name: r.get(3)?,
        last_name: r.get(4)?,
        facts: serde_json::from_str(&facts).map_err(|e| Error::other(format!("a mail's facts: {e}")))?,
        status: MailStatus::parse(&status)
            .ok_or_else(|| Error::other(format!("a mail of unknown status {status:?}")))?,
        attempts: r.get(7)?,
        last_error: r.get(8)?,
        created_at: Timestamp(r.get(9)?),
        sent_at: r.get::<Option<i64>>(10)?.map(Timestamp),
    })
}

impl Db {
    /// One page of the outbox, newest first, and how many mails it holds in all.
    pub async fn list_mails(&self, offset: u64, limit: u64) -> Result<(Vec<Mail>, u64), Error> {
        self.read_snapshot(move |c| {
            let total: i64 = c.query_one("SELECT count(*) FROM mails", &[], |r| r.get(0))?;
            let mails = c.query(
                &format!("SELECT {COLUMNS} FROM mails ORDER BY id DESC LIMIT ?1 OFFSET ?2"),
                args![limit as i64, offset as i64],
                mail,
            )?;
            Ok((mails, total.max(0) as u64))
        })
        .await
    }

    pub async fn get_mail(&self, id: i64) -> Result<Mail, Error> {
        self.read(move |c| {
            c.query_opt(&format!("SELECT {COLUMNS} FROM mails WHERE id = ?1"), args![id], mail)?
                .ok_or(Error::NotFound(Thing::Mail))
        })
        .await
    }

    /// Takes the mail due first, if one is, leased to this sender for `lease` and its
    /// attempt counted: no other sender (another replica) takes it until the lease ends.
    /// A sender that dies mid-send leaves it to the next when that happens, or at once
    /// when its store starts again over SQLite ([`Db::release_mail_leases`]).
    pub async fn take_due_mail(&self, lease: std::time::Duration) -> Result<Option<Mail>, Error> {
        // Looked for by a read first: an outbox with nothing due costs the writer nothing.
        let now = Timestamp::now().millis();
        let due = self
            .read(move |c| {
                c.query_opt(&format!("SELECT id FROM mails WHERE {DUE} LIMIT 1"), args![now], |r| {
                    r.get::<i64>(0)
                })
            })
            .await?;
        if due.is_none() {
            return Ok(None);
        }
        self.write(move |c| {
            let now = Timestamp::now().millis();
            let until = now + lease.as_millis() as i64;
            // Where replicas share the outbox, a row another sender is taking is passed
            // over, not waited for; and the row is checked again as the update finds it.
            let skip_locked = super::engine::dialect(c).skip_locked;
            c.query_opt(
                &format!(
                    "UPDATE mails SET leased_until = ?2, attempts = attempts + 1
                     WHERE id = (SELECT id FROM mails WHERE {DUE} ORDER BY next_attempt_at, id LIMIT 1{skip_locked})
                       AND {DUE}
                     RETURNING {COLUMNS}"
                ),
                args![now, until],
                mail,
            )
        })
        .await
    }

    /// Mail `id` was handed to the mail server. What only its recipient may read (a
    /// reset link's token) is no longer kept: `facts` are the mail's without it.
    pub async fn mail_sent(&self, id: i64, facts: &Facts) -> Result<(), Error> {
        let json =
            serde_json::to_string(&facts.without_secrets()).map_err(|e| Error::other(e.to_string()))?;
        self.write(move |c| {
            c.execute(
                "UPDATE mails SET status = 'sent', sent_at = ?2, leased_until = NULL, last_error = NULL, facts = ?3
                 WHERE id = ?1 AND status = 'queued'",
                args![id, Timestamp::now().millis(), &json],
            )?;
            Ok(())
        })
        .await
    }

    /// Mail `id` could not be handed over: tried again at `retry_at`, or, without one,
    /// given up.
    pub async fn mail_not_sent(
        &self,
        id: i64,
        error: String,
        retry_at: Option<Timestamp>,
    ) -> Result<(), Error> {
        self.write(move |c| {
            let error: String = error.chars().take(500).collect();
            match retry_at {
                Some(at) => c.execute(
                    "UPDATE mails SET next_attempt_at = ?2, leased_until = NULL, last_error = ?3
                     WHERE id = ?1 AND status = 'queued'",
                    args![id, at.millis(), &error],
                )?,
                None => c.execute(
                    "UPDATE mails SET status = 'failed', leased_until = NULL, last_error = ?2
                     WHERE id = ?1 AND status = 'queued'",
                    args![id, &error],
                )?,
            };
            Ok(())
        })
        .await
    }

    /// At start, where one server uses the database (SQLite), ends the leases its last
    /// run left when it stopped mid-send: those mails go at once, not when the lease
    /// ends. Where replicas share it, a lease may be a living sender's and is kept.
    pub async fn release_mail_leases(&self) -> Result<u64, Error> {
        self.write(|c| match super::engine::dialect(c).one_server {
            true => c.execute("UPDATE mails SET leased_until = NULL WHERE leased_until IS NOT NULL", args![]),
            false => Ok(0),
        })
        .await
    }

    /// The latest mails of `user_id`'s account, newest first: a demo shopper's inbox, or
    /// copies of what an account was sent.
    pub async fn list_inbox(&self, user_id: ShopperId, limit: u64) -> Result<Vec<Mail>, Error> {
        self.read(move |c| {
            c.query(
                &format!("SELECT {COLUMNS} FROM mails WHERE user_id = ?1 ORDER BY id DESC LIMIT ?2"),
                args![user_id, limit as i64],
                mail,
            )
        })
        .await
    }

    /// Mails waiting to be sent (`/metrics`).
    pub async fn count_queued_mails(&self) -> Result<i64, Error> {
        self.read(|c| {
            c.query_one("SELECT count(*) FROM mails WHERE status = 'queued'", args![], |r| r.get::<i64>(0))
        })
        .await
    }
}

/// A mail the sender may take at `?1`: queued, due, and in no sender's hands.
const DUE: &str =
    "status = 'queued' AND next_attempt_at <= ?1 AND (leased_until IS NULL OR leased_until <= ?1)";
