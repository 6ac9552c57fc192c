//! Favorites: at most one per shopper and product, keeping the variant chosen when it
//! was favorited (without a foreign key, as a cart line: a variant may go while a
//! favorite holds it, and the favorite then keeps the product alone).

use super::cards::{CARD_COLUMNS, card};
use super::conn::{Conn, Row, args};
use super::{Db, Error, delete_owned, require_product};
use crate::domain::favorites::Favorite;
use crate::domain::variants;
use crate::domain::{ProductId, ShopperId, VariantId};
use crate::domain::{Rejection, Thing, Timestamp};

fn favorite_query() -> String {
    format!(
        "SELECT f.id, {CARD_COLUMNS}, v.id, v.option1, v.option2, v.option3, p.options
         FROM favorites f
         JOIN products p ON p.id = f.product_id
         LEFT JOIN product_images i ON i.product_id = p.id AND i.position = 0
         LEFT JOIN product_variants v ON v.id = f.variant_id AND v.product_id = f.product_id"
    )
}

/// The columns [`CARD_COLUMNS`] holds, after the favorite's id.
const CARD_WIDTH: usize = 11;

fn favorite(r: &Row) -> Result<Favorite, Error> {
    let at = 1 + CARD_WIDTH;
    let variant_id: Option<VariantId> = r.get(at)?;
    let options = match variant_id {
        None => Vec::new(),
        Some(_) => {
            let values: Vec<String> = vec![r.get(at + 1)?, r.get(at + 2)?, r.get(at + 3)?];
            variants::chosen(
                &variants::options_from_row(r.get::<Option<String>>(at + 4)?.as_deref()),
                &values,
            )
        }
    };
    Ok(Favorite { id: r.get(0)?, product: card(r, 1)?, variant_id, options })
}

impl Db {
    /// Newest first.
    pub async fn list_favorites(&self, user_id: ShopperId) -> Result<Vec<Favorite>, Error> {
        self.read(move |c| {
            c.query(
                &format!(
                    "{} WHERE f.user_id = ?1 AND p.archived_at IS NULL ORDER BY f.id DESC",
                    favorite_query()
                ),
                args![user_id],
                favorite,
            )
        })
        .await
    }

    /// Adds the favorite, or answers the existing one: adding twice is not an error. A
    /// variant given is kept with it (the latest chosen); none keeps what it had.
    pub async fn add_favorite(
        &self,
        user_id: ShopperId,
        product_id: ProductId,
        variant_id: Option<VariantId>,
    ) -> Result<Favorite, Error> {
        self.write(move |c| add(c, user_id, product_id, variant_id)).await
    }

    pub async fn remove_favorite(&self, user_id: ShopperId, favorite_id: i64) -> Result<(), Error> {
        self.write(move |c| delete_owned(c, "favorites", Thing::Favorite, favorite_id, user_id)).await
    }
}

fn add(
    c: &mut Conn,
    user_id: ShopperId,
    product_id: ProductId,
    variant_id: Option<VariantId>,
) -> Result<Favorite, Error> {
    require_product(c, product_id)?;
    if let Some(asked) = variant_id {
        let (sold_by_variant, ours): (bool, bool) = c.query_one(
            "SELECT EXISTS (SELECT 1 FROM products WHERE id = ?1 AND options IS NOT NULL),
                    EXISTS (SELECT 1 FROM product_variants WHERE id = ?2 AND product_id = ?1)",
            args![product_id, asked],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        match (sold_by_variant, ours) {
            (false, _) => return Err(Rejection::NoVariants(product_id).into()),
            (true, false) => return Err(Rejection::NotAVariant { product_id, variant_id: asked }.into()),
            (true, true) => {}
        }
    }
    // Changing the variant kept logs the change by trigger, as adding does.
    c.execute(
        "INSERT INTO favorites (user_id, product_id, created_at, variant_id) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (user_id, product_id) DO UPDATE SET variant_id = excluded.variant_id
         WHERE excluded.variant_id IS NOT NULL AND favorites.variant_id IS DISTINCT FROM excluded.variant_id",
        args![user_id, product_id, Timestamp::now().millis(), variant_id],
    )?;
    let sql = format!("{} WHERE f.user_id = ?1 AND f.product_id = ?2", favorite_query());
    c.query_one(&sql, args![user_id, product_id], favorite)
}
