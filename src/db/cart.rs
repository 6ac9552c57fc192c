//! The cart: one line per item added (quantity is always 1).

use super::conn::{Conn, Row, args};
use super::{Db, Error, delete_owned, lock_shopper};
use crate::domain::cart::{Cart, CartLine, MAX_LINES};
use crate::domain::catalog::NO_PICTURE;
use crate::domain::variants;
use crate::domain::{CartLineId, ProductId, ShopperId, VariantId};
use crate::domain::{Cents, Rejection, Thing, Timestamp};

/// A line with its variant: its price and picture when it has its own, and its values.
/// A line whose variant is gone, or that names none of a product that now has options,
/// is priced as the product and said to be gone.
const LINE_QUERY: &str = "SELECT c.id, p.id, p.department_id, p.name, coalesce(v.price_cents, p.price_cents),
            coalesce(vi.url, i.url), c.variant_id, v.option1, v.option2, v.option3, p.options,
            CASE WHEN c.variant_id IS NULL THEN p.options IS NOT NULL ELSE v.id IS NULL END
     FROM cart_items c
     JOIN products p ON p.id = c.product_id
     LEFT JOIN product_variants v ON v.id = c.variant_id AND v.product_id = c.product_id
     LEFT JOIN product_images i ON i.product_id = p.id AND i.position = 0
     LEFT JOIN product_images vi ON vi.id = v.image_id AND vi.product_id = p.id";

fn line(r: &Row) -> Result<CartLine, Error> {
    let variant_gone: bool = r.get(11)?;
    let options = match variant_gone {
        true => Vec::new(),
        false => {
            let values: Vec<String> =
                [r.get::<Option<String>>(7)?, r.get(8)?, r.get(9)?].into_iter().flatten().collect();
            variants::chosen(&variants::options_from_row(r.get::<Option<String>>(10)?.as_deref()), &values)
        }
    };
    Ok(CartLine {
        cart_id: r.get(0)?,
        product_id: r.get(1)?,
        department_id: r.get(2)?,
        name: r.get(3)?,
        price: Cents(r.get(4)?),
        preview_image: r.get::<Option<String>>(5)?.unwrap_or_else(|| NO_PICTURE.into()),
        variant_id: r.get(6)?,
        options,
        variant_gone,
    })
}

/// The shopper's lines, oldest first.
pub(super) fn lines(c: &mut Conn, user_id: ShopperId) -> Result<Vec<CartLine>, Error> {
    c.query(&format!("{LINE_QUERY} WHERE c.user_id = ?1 ORDER BY c.id"), args![user_id], line)
}

impl Db {
    pub async fn get_cart(&self, user_id: ShopperId) -> Result<Cart, Error> {
        self.read(move |c| Ok(Cart::new(lines(c, user_id)?))).await
    }

    /// A new line of the product, unless the cart already holds [`MAX_LINES`], the
    /// product is archived or none of it is left. Nothing is reserved: the order takes
    /// the units.
    ///
    /// A product with options is added as one of its variants (`variant_id`), which
    /// must be the product's own and have units left.
    pub async fn add_to_cart(
        &self,
        user_id: ShopperId,
        product_id: ProductId,
        variant_id: Option<VariantId>,
    ) -> Result<CartLine, Error> {
        self.write(move |c| add(c, user_id, product_id, variant_id)).await
    }

    /// Under the shopper's lock, as a checkout is: a line is either removed before an
    /// order reads the cart (which then no longer matches what the shopper saw) or
    /// ordered before it is removed (404), never both answered removed and ordered.
    pub async fn remove_from_cart(&self, user_id: ShopperId, cart_id: CartLineId) -> Result<(), Error> {
        self.write(move |c| {
            lock_shopper(c, user_id)?;
            delete_owned(c, "cart_items", Thing::CartLine, cart_id.0, user_id)
        })
        .await
    }
}

fn add(
    c: &mut Conn,
    user_id: ShopperId,
    product_id: ProductId,
    variant_id: Option<VariantId>,
) -> Result<CartLine, Error> {
    // The product, and the variant asked for (if it is the product's).
    let found = c.query_opt(
        "SELECT p.archived_at IS NOT NULL, p.stock, p.name, p.options, v.id, v.stock
         FROM products p LEFT JOIN product_variants v ON v.id = ?2 AND v.product_id = p.id
         WHERE p.id = ?1",
        args![product_id, variant_id.map_or(0, |v| v.0)],
        |r| {
            Ok((
                r.get::<bool>(0)?,
                r.get::<i64>(1)?,
                r.get::<String>(2)?,
                r.get::<Option<String>>(3)?,
                r.get::<Option<i64>>(4)?,
                r.get::<Option<i64>>(5)?,
            ))
        },
    )?;
    let Some((archived, stock, name, options, variant, variant_stock)) = found else {
        return Err(Error::NotFound(Thing::Product));
    };
    if archived {
        return Err(Rejection::NotForSale.into());
    }
    let left = match (options, variant_id) {
        (None, None) => stock,
        (None, Some(_)) => return Err(Rejection::NoVariants(product_id).into()),
        (Some(options), None) => {
            let names: Vec<String> =
                variants::options_from_row(Some(&options)).into_iter().map(|o| o.name).collect();
            return Err(Rejection::ChooseVariant { product: name, options: names.join(" and ") }.into());
        }
        (Some(_), Some(asked)) => match (variant, variant_stock) {
            (Some(_), Some(left)) => left,
            _ => return Err(Rejection::NotAVariant { product_id, variant_id: asked }.into()),
        },
    };
    if left == 0 {
        return Err(Rejection::SoldOut.into());
    }
    // The limit is checked by the statement that writes, under the shopper's lock, so
    // it holds however many writers add at once.
    lock_shopper(c, user_id)?;
    let cart_id: Option<i64> = c.query_opt(
        "INSERT INTO cart_items (user_id, product_id, created_at, variant_id)
         SELECT CAST(?1 AS BIGINT), CAST(?2 AS BIGINT), CAST(?3 AS BIGINT), CAST(?5 AS BIGINT)
         WHERE (SELECT count(*) FROM cart_items WHERE user_id = ?1) < ?4
         RETURNING id",
        args![user_id, product_id, Timestamp::now().millis(), MAX_LINES, variant_id],
        |r| r.get(0),
    )?;
    let cart_id = cart_id.ok_or(Rejection::CartFull)?;
    c.query_one(&format!("{LINE_QUERY} WHERE c.id = ?1"), args![cart_id], line)
}
