//! Promotion codes in the back office (docs/rules.md#checkout): every code, newest
//! first, with its uses; made, and changed in what may change (its dates, limit,
//! minimum and whether once per shopper). A code is never deleted: orders carry it.
//! Each write records its audit entry in its transaction.

use serde_json::json;

use super::audit::record;
use crate::db::checkout::{PROMOTION_COLUMNS, promotion};
use crate::db::conn::{Conn, args};
use crate::db::{Db, Error};
use crate::domain::admin::audit::{Actor, Entry, changed_fields};
use crate::domain::admin::checkout_inputs::{NewPromotion, PromotionChange, promotion_value};
use crate::domain::checkout::Promotion;
use crate::domain::{Thing, Timestamp};

/// The fields an audit entry compares.
fn audited(p: &Promotion) -> serde_json::Value {
    json!({
        "code": p.code, "kind": p.kind.as_str(), "value": promotion_value(p),
        "minSubtotal": p.min_subtotal.as_dollars(),
        "startsAt": p.starts_at.map(Timestamp::to_iso8601), "endsAt": p.ends_at.map(Timestamp::to_iso8601),
        "usageLimit": p.usage_limit, "oncePerShopper": p.once_per_shopper,
    })
}

fn find(c: &mut Conn, id: i64) -> Result<Promotion, Error> {
    c.query_opt(
        &format!("SELECT {PROMOTION_COLUMNS} FROM promotions p WHERE p.id = ?1"),
        args![id],
        promotion,
    )?
    .ok_or(Error::NotFound(Thing::Promotion))
}

fn create(c: &mut Conn, actor: &Actor, new: &NewPromotion) -> Result<Promotion, Error> {
    let id: i64 = c.attempt(|c| {
        c.query_one(
            "INSERT INTO promotions (code, kind, value, min_subtotal_cents, starts_at, ends_at, usage_limit,
                 once_per_shopper, created_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9) RETURNING id",
            args![
                &new.code,
                new.kind.as_str(),
                new.value,
                new.min_subtotal.0,
                new.starts_at.map(Timestamp::millis),
                new.ends_at.map(Timestamp::millis),
                new.usage_limit,
                new.once_per_shopper,
                Timestamp::now().millis()
            ],
            |r| r.get(0),
        )
    })?;
    let created = find(c, id)?;
    let entry = Entry {
        action: "promotion.create",
        thing: "promotion",
        thing_id: Some(id),
        before: None,
        after: Some(audited(&created)),
    };
    record(c, actor, entry)?;
    Ok(created)
}

fn update(c: &mut Conn, actor: &Actor, id: i64, change: &PromotionChange) -> Result<Promotion, Error> {
    // Orders that would take a use wait until this write ends, so `uses` holds still.
    let lock = crate::db::engine::dialect(c).row_lock;
    c.query_opt(&format!("SELECT id FROM promotions WHERE id = ?1{lock}"), args![id], |r| r.get::<i64>(0))?
        .ok_or(Error::NotFound(Thing::Promotion))?;
    let before = find(c, id)?;
    let next = change.applied_to(&before)?;
    if next == before {
        return Ok(before);
    }
    c.execute(
        "UPDATE promotions SET min_subtotal_cents = ?2, starts_at = ?3, ends_at = ?4, usage_limit = ?5,
             once_per_shopper = ?6
         WHERE id = ?1",
        args![
            id,
            next.min_subtotal.0,
            next.starts_at.map(Timestamp::millis),
            next.ends_at.map(Timestamp::millis),
            next.usage_limit,
            next.once_per_shopper
        ],
    )?;
    let after = find(c, id)?;
    let (was, now) = changed_fields(&audited(&before), &audited(&after));
    let entry = Entry {
        action: "promotion.update",
        thing: "promotion",
        thing_id: Some(id),
        before: Some(was),
        after: Some(now),
    };
    record(c, actor, entry)?;
    Ok(after)
}

impl Db {
    /// Every promotion code, newest first.
    pub async fn list_admin_promotions(&self) -> Result<Vec<Promotion>, Error> {
        self.read(|c| {
            c.query(
                &format!("SELECT {PROMOTION_COLUMNS} FROM promotions p ORDER BY p.id DESC"),
                &[],
                promotion,
            )
        })
        .await
    }

    pub async fn create_promotion(&self, actor: Actor, new: NewPromotion) -> Result<Promotion, Error> {
        self.write(move |c| create(c, &actor, &new)).await
    }

    pub async fn update_promotion(
        &self,
        actor: Actor,
        id: i64,
        change: PromotionChange,
    ) -> Result<Promotion, Error> {
        self.write(move |c| update(c, &actor, id, &change)).await
    }
}
