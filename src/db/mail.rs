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
    let json = serde_json::to_string(facts).map_err(|e| Error::other(e.to_string()))?;
    let cause = facts.cause();
    let now = Timestamp::now().millis();
    c.execute(
        "INSERT INTO mails (cause, event, user_id, order_id, to_address, first_name, last_name, facts,
                            status, next_attempt_at, created_at)
         SELECT ?1, ?2, u.id, ?3, u.email, u.first_name, u.last_name, ?4,
                CASE WHEN u.demo_ends_at IS NULL THEN 'queued' ELSE 'kept' END, ?5, ?5
         FROM users u WHERE u.id = ?6
         ON CONFLICT (cause) DO NOTHING",
        args![&cause, facts.event().as_str(), facts.order_id(), &json, now, user_id],
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
}
