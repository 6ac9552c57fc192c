//! The cart: one line per item added (quantity is always 1).

use super::conn::{Conn, Row, args};
use super::{Db, Error, delete_owned, lock_shopper};
use crate::domain::cart::{Cart, CartLine, MAX_LINES};
use crate::domain::catalog::NO_PICTURE;
use crate::domain::{Cents, Rejection, Thing, Timestamp};

const LINE_QUERY: &str = "SELECT c.id, p.id, p.department_id, p.name, p.price_cents, i.url
     FROM cart_items c
     JOIN products p ON p.id = c.product_id
     LEFT JOIN product_images i ON i.product_id = p.id AND i.position = 0";

fn line(r: &Row) -> Result<CartLine, Error> {
    Ok(CartLine {
        cart_id: r.get(0)?,
        product_id: r.get(1)?,
        department_id: r.get(2)?,
        name: r.get(3)?,
        price: Cents(r.get(4)?),
        preview_image: r.get::<Option<String>>(5)?.unwrap_or_else(|| NO_PICTURE.into()),
    })
}

/// The shopper's lines, oldest first.
pub(super) fn lines(c: &mut Conn, user_id: i64) -> Result<Vec<CartLine>, Error> {
    c.query(&format!("{LINE_QUERY} WHERE c.user_id = ?1 ORDER BY c.id"), args![user_id], line)
}

impl Db {
    pub async fn get_cart(&self, user_id: i64) -> Result<Cart, Error> {
        self.read(move |c| Ok(Cart::new(lines(c, user_id)?))).await
    }

    /// A new line of the product, unless the cart already holds [`MAX_LINES`], the
    /// product is archived or none of it is left. Nothing is reserved: the order takes
    /// the units.
    pub async fn add_to_cart(&self, user_id: i64, product_id: i64) -> Result<CartLine, Error> {
        self.write(move |c| add(c, user_id, product_id)).await
    }

    /// Under the shopper's lock, as a checkout is: a line is either removed before an
    /// order reads the cart (which then no longer matches what the shopper saw) or
    /// ordered before it is removed (404), never both answered removed and ordered.
    pub async fn remove_from_cart(&self, user_id: i64, cart_id: i64) -> Result<(), Error> {
        self.write(move |c| {
            lock_shopper(c, user_id)?;
            delete_owned(c, "cart_items", Thing::CartLine, cart_id, user_id)
        })
        .await
    }
}

fn add(c: &mut Conn, user_id: i64, product_id: i64) -> Result<CartLine, Error> {
    let found = c.query_opt(
        "SELECT archived_at IS NOT NULL, stock FROM products WHERE id = ?1",
        args![product_id],
        |r| Ok((r.get::<bool>(0)?, r.get::<i64>(1)?)),
    )?;
    match found {
        None => return Err(Error::NotFound(Thing::Product)),
        Some((true, _)) => return Err(Rejection::NotForSale.into()),
        Some((false, 0)) => return Err(Rejection::SoldOut.into()),
        Some(_) => {}
    }
    // The limit is checked by the statement that writes, under the shopper's lock, so
    // it holds however many writers add at once.
    lock_shopper(c, user_id)?;
    let cart_id: Option<i64> = c.query_opt(
        "INSERT INTO cart_items (user_id, product_id, created_at)
         SELECT CAST(?1 AS BIGINT), CAST(?2 AS BIGINT), CAST(?3 AS BIGINT)
         WHERE (SELECT count(*) FROM cart_items WHERE user_id = ?1) < ?4
         RETURNING id",
        args![user_id, product_id, Timestamp::now().millis(), MAX_LINES],
        |r| r.get(0),
    )?;
    let cart_id = cart_id.ok_or(Rejection::CartFull)?;
    c.query_one(&format!("{LINE_QUERY} WHERE c.id = ?1"), args![cart_id], line)
}
