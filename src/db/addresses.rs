//! The shopper's address book (docs/rules.md#addresses). Every write runs under the
//! shopper's lock, so two writes of one shopper's book, on any servers, run one after
//! the other: the count of 20 and the one default hold (the partial unique index
//! `addresses_one_default` makes a second default impossible whatever happens).
//! Another shopper's address is "not found", never "not yours": ids say nothing.

use super::conn::{Conn, Row, args};
use super::{Db, Error, lock_shopper};
use crate::domain::addresses::{Address, MAX_ADDRESSES};
use crate::domain::ship_to::ShipTo;
use crate::domain::{Rejection, ShopperId, Thing, Timestamp};

const COLUMNS: &str = "id, user_id, name, line1, line2, city, state, postal_code, country, phone, is_default";

fn address(r: &Row) -> Result<Address, Error> {
    Ok(Address {
        id: r.get(0)?,
        user_id: r.get(1)?,
        fields: ShipTo {
            name: r.get(2)?,
            line1: r.get(3)?,
            line2: r.get(4)?,
            city: r.get(5)?,
            state: r.get(6)?,
            postal_code: r.get(7)?,
            country: r.get(8)?,
            phone: r.get(9)?,
        },
        is_default: r.get(10)?,
    })
}

/// The shopper's addresses: the default first, then the newest.
fn book(c: &mut Conn, user_id: ShopperId) -> Result<Vec<Address>, Error> {
    let sql = format!("SELECT {COLUMNS} FROM addresses WHERE user_id = ?1 ORDER BY is_default DESC, id DESC");
    c.query(&sql, args![user_id], address)
}

/// The shopper's address `id`, or "not found".
pub(super) fn owned(c: &mut Conn, user_id: ShopperId, id: i64) -> Result<Address, Error> {
    let sql = format!("SELECT {COLUMNS} FROM addresses WHERE id = ?1 AND user_id = ?2");
    c.query_opt(&sql, args![id, user_id], address)?.ok_or(Error::NotFound(Thing::Address))
}

/// The shopper's default address, if they have any.
pub(super) fn default_of(c: &mut Conn, user_id: ShopperId) -> Result<Option<Address>, Error> {
    let sql = format!("SELECT {COLUMNS} FROM addresses WHERE user_id = ?1 AND is_default = TRUE");
    c.query_opt(&sql, args![user_id], address)
}

/// Clears the shopper's default, before another address becomes it in the same write.
fn clear_default(c: &mut Conn, user_id: ShopperId) -> Result<(), Error> {
    c.execute(
        "UPDATE addresses SET is_default = FALSE WHERE user_id = ?1 AND is_default = TRUE",
        args![user_id],
    )?;
    Ok(())
}

impl Db {
    pub async fn list_addresses(&self, user_id: ShopperId) -> Result<Vec<Address>, Error> {
        self.read(move |c| book(c, user_id)).await
    }

    /// A new address: the default if it is the shopper's first or asks to be; refused
    /// past [`MAX_ADDRESSES`].
    pub async fn add_address(
        &self,
        user_id: ShopperId,
        fields: ShipTo,
        make_default: bool,
    ) -> Result<Address, Error> {
        self.write(move |c| {
            lock_shopper(c, user_id)?;
            let count: i64 = c.query_one("SELECT count(*) FROM addresses WHERE user_id = ?1", args![user_id], |r| r.get(0))?;
            if count >= MAX_ADDRESSES {
                return Err(Rejection::AddressBookFull.into());
            }
            let is_default = make_default || count == 0;
            if is_default {
                clear_default(c, user_id)?;
            }
            let f = &fields;
            let id: i64 = c.query_one(
                "INSERT INTO addresses (user_id, name, line1, line2, city, state, postal_code, country, phone, is_default, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11) RETURNING id",
                args![user_id, &f.name, &f.line1, &f.line2, &f.city, &f.state, &f.postal_code, &f.country, &f.phone,
                      is_default, Timestamp::now().millis()],
                |r| r.get(0),
            )?;
            owned(c, user_id, id)
        })
        .await
    }

    /// Rewrites the shopper's address `id`; `make_default` makes it the default (the
    /// old one stops being it), while `false` leaves the default where it is.
    pub async fn update_address(
        &self,
        user_id: ShopperId,
        id: i64,
        fields: ShipTo,
        make_default: bool,
    ) -> Result<Address, Error> {
        self.write(move |c| {
            lock_shopper(c, user_id)?;
            let was = owned(c, user_id, id)?;
            if make_default && !was.is_default {
                clear_default(c, user_id)?;
            }
            let f = &fields;
            c.execute(
                "UPDATE addresses SET name = ?3, line1 = ?4, line2 = ?5, city = ?6, state = ?7, postal_code = ?8,
                        country = ?9, phone = ?10, is_default = ?11
                 WHERE id = ?1 AND user_id = ?2",
                args![id, user_id, &f.name, &f.line1, &f.line2, &f.city, &f.state, &f.postal_code, &f.country, &f.phone,
                      make_default || was.is_default],
            )?;
            owned(c, user_id, id)
        })
        .await
    }

    /// Deletes the shopper's address `id`; if it was the default, the newest other one
    /// becomes it. Orders keep their own copies.
    pub async fn delete_address(&self, user_id: ShopperId, id: i64) -> Result<(), Error> {
        self.write(move |c| {
            lock_shopper(c, user_id)?;
            let was = owned(c, user_id, id)?;
            c.execute("DELETE FROM addresses WHERE id = ?1 AND user_id = ?2", args![id, user_id])?;
            if was.is_default {
                c.execute(
                    "UPDATE addresses SET is_default = TRUE
                     WHERE id = (SELECT max(id) FROM addresses WHERE user_id = ?1)",
                    args![user_id],
                )?;
            }
            Ok(())
        })
        .await
    }
}
