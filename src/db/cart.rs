//! The cart: one line per item added (quantity is always 1).

use rusqlite::{Connection, Row, Transaction, params};

use super::{Db, Error, delete_owned, require_product};
use crate::domain::cart::{Cart, CartLine, MAX_LINES};
use crate::domain::{Cents, Rejection, Thing, Timestamp};

const LINE_QUERY: &str = "SELECT c.id, p.id, p.department_id, p.name, p.price_cents, i.url
     FROM cart_items c
     JOIN products p ON p.id = c.product_id
     LEFT JOIN product_images i ON i.product_id = p.id AND i.position = 0";

fn line(r: &Row) -> rusqlite::Result<CartLine> {
    Ok(CartLine {
        cart_id: r.get(0)?,
        product_id: r.get(1)?,
        department_id: r.get(2)?,
        name: r.get(3)?,
        price: Cents(r.get(4)?),
        preview_image: r.get::<_, Option<String>>(5)?.unwrap_or_default(),
    })
}

/// The shopper's lines, oldest first.
pub(super) fn lines(c: &Connection, user_id: i64) -> Result<Vec<CartLine>, Error> {
    let mut stmt = c.prepare_cached(&format!("{LINE_QUERY} WHERE c.user_id = ?1 ORDER BY c.id"))?;
    let lines = stmt.query_map(params![user_id], line)?.collect::<Result<Vec<_>, _>>()?;
    Ok(lines)
}

impl Db {
    pub async fn get_cart(&self, user_id: i64) -> Result<Cart, Error> {
        self.read(move |c| Ok(Cart::new(lines(c, user_id)?))).await
    }

    /// A new line of the product, unless the cart already holds [`MAX_LINES`].
    pub async fn add_to_cart(&self, user_id: i64, product_id: i64) -> Result<CartLine, Error> {
        self.write(move |tx| add(tx, user_id, product_id)).await
    }

    pub async fn remove_from_cart(&self, user_id: i64, cart_id: i64) -> Result<(), Error> {
        self.write(move |tx| delete_owned(tx, "cart_items", Thing::CartLine, cart_id, user_id)).await
    }
}

fn add(tx: &Transaction, user_id: i64, product_id: i64) -> Result<CartLine, Error> {
    require_product(tx, product_id)?;
    // The limit is checked by the statement that writes, so it holds however many
    // writers add at once.
    let cart_id: Option<i64> = tx
        .prepare_cached(
            "INSERT INTO cart_items (user_id, product_id, created_at)
             SELECT ?1, ?2, ?3 WHERE (SELECT count(*) FROM cart_items WHERE user_id = ?1) < ?4
             RETURNING id",
        )?
        .query_map(params![user_id, product_id, Timestamp::now().millis(), MAX_LINES], |r| r.get(0))?
        .next()
        .transpose()?;
    let cart_id = cart_id.ok_or(Rejection::CartFull)?;
    Ok(tx.prepare_cached(&format!("{LINE_QUERY} WHERE c.id = ?1"))?.query_row(params![cart_id], line)?)
}
