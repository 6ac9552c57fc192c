//! Shipping methods and tax rates in the back office (docs/rules.md#checkout): every
//! method, archived ones too, with how many orders used it; made, changed, and removed
//! (archived if an order used it, deleted if none did); the default moved in the write
//! that makes another one the default. A region's tax rate set or removed. Each write
//! records its audit entry in its transaction.

use serde_json::json;

use super::audit::record;
use crate::db::checkout::{METHOD_COLUMNS, method};
use crate::db::conn::{Conn, Row, args};
use crate::db::{Constraint, Db, Error};
use crate::domain::admin::audit::{Actor, Entry, changed_fields};
use crate::domain::admin::checkout_inputs::{MAKE_ANOTHER_DEFAULT, ShippingMethodChange};
use crate::domain::checkout::ShippingMethod;
use crate::domain::pricing::TaxRate;
use crate::domain::{Rejection, Thing, Timestamp};

/// A shipping method as the back office sees it.
#[derive(Debug, Clone)]
pub struct Method {
    pub method: ShippingMethod,
    pub archived_at: Option<Timestamp>,
    /// How many orders used it.
    pub orders: i64,
}

impl Method {
    /// The fields an audit entry compares.
    fn audited(&self) -> serde_json::Value {
        let m = &self.method;
        json!({
            "name": m.name, "price": m.price.as_dollars(), "freeOver": m.free_over.map(|c| c.as_dollars()),
            "days": m.days, "isDefault": m.is_default, "archived": self.archived_at.is_some(),
        })
    }
}

/// `shipping_methods m` with its archiving time and its orders, after [`METHOD_COLUMNS`].
fn select() -> String {
    format!(
        "SELECT {METHOD_COLUMNS}, m.archived_at,
                (SELECT count(*) FROM orders o WHERE o.shipping_method_id = m.id)
         FROM shipping_methods m"
    )
}

fn admin_method(r: &Row) -> Result<Method, Error> {
    Ok(Method { method: method(r)?, archived_at: r.get::<Option<i64>>(7)?.map(Timestamp), orders: r.get(8)? })
}

fn find(c: &mut Conn, id: i64) -> Result<Method, Error> {
    c.query_opt(&format!("{} WHERE m.id = ?1", select()), args![id], admin_method)?
        .ok_or(Error::NotFound(Thing::ShippingMethod))
}

/// Keeps other writes off the method until the transaction ends (an order that would
/// name it waits too), then reads it as it is.
fn find_locked(c: &mut Conn, id: i64) -> Result<Method, Error> {
    let lock = crate::db::engine::dialect(c).row_lock;
    c.query_opt(&format!("SELECT id FROM shipping_methods WHERE id = ?1{lock}"), args![id], |r| {
        r.get::<i64>(0)
    })?
    .ok_or(Error::NotFound(Thing::ShippingMethod))?;
    find(c, id)
}

/// Two writes that each made a method the default at once: the second runs again, and
/// then takes the default from the first.
fn one_default(e: Error) -> Error {
    match e {
        Error::Conflict(constraints) if constraints.contains(&Constraint::OneDefaultShippingMethod) => {
            Error::Contention("another write made a method the default".into())
        }
        e => e,
    }
}

/// The default method, if any, stops being it (its audit entry recorded), so that
/// another can become it in the same write.
fn give_up_default(c: &mut Conn, actor: &Actor) -> Result<(), Error> {
    let lock = crate::db::engine::dialect(c).row_lock;
    let sql = format!("SELECT id FROM shipping_methods WHERE is_default = TRUE{lock}");
    let Some(id) = c.query_opt(&sql, &[], |r| r.get::<i64>(0))? else { return Ok(()) };
    c.execute("UPDATE shipping_methods SET is_default = FALSE WHERE id = ?1", args![id])?;
    let entry = Entry {
        action: "shipping_method.update",
        thing: "shipping_method",
        thing_id: Some(id),
        before: Some(json!({"isDefault": true})),
        after: Some(json!({"isDefault": false})),
    };
    record(c, actor, entry)
}

fn create(c: &mut Conn, actor: &Actor, change: &ShippingMethodChange) -> Result<Method, Error> {
    let (Some(name), Some(price), Some(days)) = (&change.name, change.price, &change.days) else {
        return Err(Error::other("a new shipping method's fields were not all checked"));
    };
    let is_default = change.is_default == Some(true);
    if is_default {
        give_up_default(c, actor)?;
    }
    let free_over = change.free_over.flatten().map(|cents| cents.0);
    let id: i64 = c
        .attempt(|c| {
            c.query_one(
                "INSERT INTO shipping_methods (name, price_cents, free_over_cents, days, is_default, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6) RETURNING id",
                args![name, price.0, free_over, days, is_default, Timestamp::now().millis()],
                |r| r.get(0),
            )
        })
        .map_err(one_default)?;
    let created = find(c, id)?;
    let entry = Entry {
        action: "shipping_method.create",
        thing: "shipping_method",
        thing_id: Some(id),
        before: None,
        after: Some(created.audited()),
    };
    record(c, actor, entry)?;
    Ok(created)
}

fn update(c: &mut Conn, actor: &Actor, id: i64, change: &ShippingMethodChange) -> Result<Method, Error> {
    let before = find_locked(c, id)?;
    if before.archived_at.is_some() {
        return Err(Rejection::NotNow("An archived shipping method cannot be changed.").into());
    }
    let m = &before.method;
    match change.is_default {
        Some(false) if m.is_default => return Err(Rejection::NotNow(MAKE_ANOTHER_DEFAULT).into()),
        Some(true) if !m.is_default => give_up_default(c, actor)?,
        _ => {}
    }
    let free_over = change.free_over.unwrap_or(m.free_over).map(|cents| cents.0);
    c.attempt(|c| {
        c.execute(
            "UPDATE shipping_methods SET name = ?2, price_cents = ?3, free_over_cents = ?4, days = ?5,
                 is_default = ?6
             WHERE id = ?1",
            args![
                id,
                change.name.as_ref().unwrap_or(&m.name),
                change.price.unwrap_or(m.price).0,
                free_over,
                change.days.as_ref().unwrap_or(&m.days),
                m.is_default || change.is_default == Some(true)
            ],
        )
    })
    .map_err(one_default)?;
    let after = find(c, id)?;
    let (was, now) = changed_fields(&before.audited(), &after.audited());
    if now.as_object().is_some_and(|changed| !changed.is_empty()) {
        let entry = Entry {
            action: "shipping_method.update",
            thing: "shipping_method",
            thing_id: Some(id),
            before: Some(was),
            after: Some(now),
        };
        record(c, actor, entry)?;
    }
    Ok(after)
}

/// Archives the method if an order used it, deletes it if none did; the default stays.
fn remove(c: &mut Conn, actor: &Actor, id: i64) -> Result<(), Error> {
    let before = find_locked(c, id)?;
    if before.method.is_default {
        return Err(Rejection::NotNow(MAKE_ANOTHER_DEFAULT).into());
    }
    if before.archived_at.is_some() {
        return Ok(());
    }
    let name = &before.method.name;
    let (action, was, now) = match before.orders > 0 {
        true => {
            let at = Timestamp::now().millis();
            c.execute("UPDATE shipping_methods SET archived_at = ?2 WHERE id = ?1", args![id, at])?;
            let (was, now) =
                (json!({"name": name, "archived": false}), json!({"name": name, "archived": true}));
            ("shipping_method.archive", was, Some(now))
        }
        false => {
            c.execute("DELETE FROM shipping_methods WHERE id = ?1", args![id])?;
            ("shipping_method.delete", before.audited(), None)
        }
    };
    record(
        c,
        actor,
        Entry { action, thing: "shipping_method", thing_id: Some(id), before: Some(was), after: now },
    )
}

/// A rate as the audit log keeps it.
fn audited_rate(region: &str, rate: TaxRate) -> serde_json::Value {
    json!({"region": region, "rate": rate.as_percent()})
}

fn set_rate(c: &mut Conn, actor: &Actor, region: &str, rate: TaxRate) -> Result<TaxRate, Error> {
    let lock = crate::db::engine::dialect(c).row_lock;
    let before = c
        .query_opt(
            &format!("SELECT rate_milli FROM tax_rates WHERE region = ?1{lock}"),
            args![region],
            |r| r.get::<i64>(0),
        )?
        .map(TaxRate);
    c.execute(
        "INSERT INTO tax_rates (region, rate_milli, updated_at) VALUES (?1, ?2, ?3)
         ON CONFLICT (region) DO UPDATE SET rate_milli = excluded.rate_milli, updated_at = excluded.updated_at",
        args![region, rate.0, Timestamp::now().millis()],
    )?;
    if before != Some(rate) {
        let entry = Entry {
            action: "tax_rate.set",
            thing: "tax_rate",
            thing_id: None,
            before: before.map(|was| audited_rate(region, was)),
            after: Some(audited_rate(region, rate)),
        };
        record(c, actor, entry)?;
    }
    Ok(rate)
}

fn delete_rate(c: &mut Conn, actor: &Actor, region: &str) -> Result<(), Error> {
    let was = c
        .query_opt("DELETE FROM tax_rates WHERE region = ?1 RETURNING rate_milli", args![region], |r| {
            r.get::<i64>(0)
        })?
        .ok_or(Error::NotFound(Thing::TaxRate))?;
    let entry = Entry {
        action: "tax_rate.delete",
        thing: "tax_rate",
        thing_id: None,
        before: Some(audited_rate(region, TaxRate(was))),
        after: None,
    };
    record(c, actor, entry)
}

impl Db {
    /// Every shipping method, archived ones last; the default first, then the cheapest.
    pub async fn list_admin_shipping_methods(&self) -> Result<Vec<Method>, Error> {
        self.read(|c| {
            let sql = format!(
                "{} ORDER BY m.archived_at IS NOT NULL, m.is_default DESC, m.price_cents, m.id",
                select()
            );
            c.query(&sql, &[], admin_method)
        })
        .await
    }

    pub async fn create_shipping_method(
        &self,
        actor: Actor,
        change: ShippingMethodChange,
    ) -> Result<Method, Error> {
        self.write(move |c| create(c, &actor, &change)).await
    }

    pub async fn update_shipping_method(
        &self,
        actor: Actor,
        id: i64,
        change: ShippingMethodChange,
    ) -> Result<Method, Error> {
        self.write(move |c| update(c, &actor, id, &change)).await
    }

    /// Archives the method if an order used it, deletes it if none did.
    pub async fn remove_shipping_method(&self, actor: Actor, id: i64) -> Result<(), Error> {
        self.write(move |c| remove(c, &actor, id)).await
    }

    /// Every region's rate, by region.
    pub async fn list_tax_rates(&self) -> Result<Vec<(String, TaxRate)>, Error> {
        self.read(|c| {
            c.query("SELECT region, rate_milli FROM tax_rates ORDER BY region", &[], |r| {
                Ok((r.get(0)?, TaxRate(r.get(1)?)))
            })
        })
        .await
    }

    /// Sets `region`'s rate (`region` in capitals, one of the US codes).
    pub async fn set_tax_rate(&self, actor: Actor, region: String, rate: TaxRate) -> Result<TaxRate, Error> {
        self.write(move |c| set_rate(c, &actor, &region, rate)).await
    }

    /// Removes `region`'s rate: it pays no tax.
    pub async fn delete_tax_rate(&self, actor: Actor, region: String) -> Result<(), Error> {
        self.write(move |c| delete_rate(c, &actor, &region)).await
    }
}
