//! The audit log: written in the transaction of the write it records, so a change and
//! its entry commit together or not at all; read newest first. The schema refuses any
//! change to a row once written (migration 7's triggers).

use crate::db::conn::{Conn, Row, args};
use crate::db::{Db, Error};
use crate::domain::Timestamp;
use crate::domain::admin::audit::{Actor, Entry, Logged};

/// Records `entry` by `actor`, in the caller's transaction.
pub(in crate::db) fn record(c: &mut Conn, actor: &Actor, entry: Entry) -> Result<(), Error> {
    let json = |v: &Option<serde_json::Value>| v.as_ref().map(|v| v.to_string());
    let (before, after) = (json(&entry.before), json(&entry.after));
    c.execute(
        "INSERT INTO audit_log (at, actor_id, actor, action, thing, thing_id, before, after)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        args![
            Timestamp::now().millis(),
            actor.id,
            &actor.name,
            entry.action,
            entry.thing,
            entry.thing_id,
            before.as_deref(),
            after.as_deref()
        ],
    )?;
    Ok(())
}

fn logged(r: &Row) -> Result<Logged, Error> {
    let json = |text: Option<String>| text.and_then(|t| serde_json::from_str(&t).ok());
    Ok(Logged {
        id: r.get(0)?,
        at: Timestamp(r.get(1)?),
        actor_id: r.get(2)?,
        actor: r.get(3)?,
        action: r.get(4)?,
        thing: r.get(5)?,
        thing_id: r.get(6)?,
        before: json(r.get(7)?),
        after: json(r.get(8)?),
    })
}

impl Db {
    /// One page of the log, newest first, and how many entries it holds in all.
    pub async fn list_audit(&self, offset: u64, limit: u64) -> Result<(Vec<Logged>, u64), Error> {
        self.read_snapshot(move |c| {
            let total: i64 = c.query_one("SELECT count(*) FROM audit_log", &[], |r| r.get(0))?;
            let entries = c.query(
                "SELECT id, at, actor_id, actor, action, thing, thing_id, before, after
                 FROM audit_log ORDER BY id DESC LIMIT ?1 OFFSET ?2",
                args![limit as i64, offset as i64],
                logged,
            )?;
            Ok((entries, total.max(0) as u64))
        })
        .await
    }
}
