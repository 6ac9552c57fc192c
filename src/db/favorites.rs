//! Favorites: at most one per shopper and product.

use super::cards::{CARD_COLUMNS, card};
use super::conn::{Conn, Row, args};
use super::{Db, Error, delete_owned, require_product};
use crate::domain::favorites::Favorite;
use crate::domain::{Thing, Timestamp};

fn favorite_query() -> String {
    format!(
        "SELECT f.id, {CARD_COLUMNS}
         FROM favorites f
         JOIN products p ON p.id = f.product_id
         LEFT JOIN product_images i ON i.product_id = p.id AND i.position = 0"
    )
}

fn favorite(r: &Row) -> Result<Favorite, Error> {
    Ok(Favorite { id: r.get(0)?, product: card(r, 1)? })
}

impl Db {
    /// Newest first.
    pub async fn list_favorites(&self, user_id: i64) -> Result<Vec<Favorite>, Error> {
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

    /// Adds the favorite, or answers the existing one: adding twice is not an error.
    pub async fn add_favorite(&self, user_id: i64, product_id: i64) -> Result<Favorite, Error> {
        self.write(move |c| add(c, user_id, product_id)).await
    }

    pub async fn remove_favorite(&self, user_id: i64, favorite_id: i64) -> Result<(), Error> {
        self.write(move |c| delete_owned(c, "favorites", Thing::Favorite, favorite_id, user_id)).await
    }
}

fn add(c: &mut Conn, user_id: i64, product_id: i64) -> Result<Favorite, Error> {
    require_product(c, product_id)?;
    c.execute(
        "INSERT INTO favorites (user_id, product_id, created_at) VALUES (?1, ?2, ?3)
         ON CONFLICT (user_id, product_id) DO NOTHING",
        args![user_id, product_id, Timestamp::now().millis()],
    )?;
    let sql = format!("{} WHERE f.user_id = ?1 AND f.product_id = ?2", favorite_query());
    c.query_one(&sql, args![user_id, product_id], favorite)
}
