//! What follows a change to a product, whoever makes it (the editor, the variant grid,
//! an import): the kept carts and favorites that hold it are told, and its price range is recounted
//! from its variants.

use crate::db::Error;
use crate::db::conn::{Conn, args};
use crate::domain::ProductId;

/// A product's `price_to_cents`, recounted from its variants: their highest price when
/// it is above the product's own, else NULL (one price).
pub(in crate::db) const PRICE_TO: &str =
    "(SELECT CASE WHEN max(coalesce(v.price_cents, products.price_cents)) > products.price_cents
                  THEN max(coalesce(v.price_cents, products.price_cents)) END
      FROM product_variants v WHERE v.product_id = products.id)";

/// Tells the carts and favorites lists that hold a product that it changed (their lines'
/// prices and values, whether their variant is still sold, whether it is sold by variant
/// at all): a store that keeps shoppers' answers drops them.
pub(in crate::db) fn shoppers_holding(c: &mut Conn, product_id: ProductId) -> Result<(), Error> {
    c.execute(
        "INSERT INTO changes (topic, key)
         SELECT DISTINCT 'cart', user_id FROM cart_items WHERE product_id = ?1
         UNION SELECT 'favorites', user_id FROM favorites WHERE product_id = ?1",
        args![product_id],
    )?;
    Ok(())
}
