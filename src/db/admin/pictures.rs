//! Products' pictures in the back office: uploaded ones kept in the database (so every
//! server of the store serves them), added, removed and put in order. Position 0 is the
//! preview, on the cards. Each write logs the product's change, so kept answers (its
//! page, its department's lists, search, favorites) drop it, and has its audit entry,
//! in the same transaction.

use serde_json::json;

use super::audit::record;
use crate::db::conn::{Conn, args};
use crate::db::{Db, Error};
use crate::domain::ProductId;
use crate::domain::admin::audit::{Actor, Entry};
use crate::domain::admin::pictures::{MAX_PER_PRODUCT, StoredPicture};
use crate::domain::{Rejection, Thing, Timestamp};

/// One picture of a product, as the product answer lists them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picture {
    pub id: i64,
    pub url: String,
    pub background: String,
}

/// Uploaded pictures have a white mat behind them (the seed's have their own colour).
const UPLOADED_BACKGROUND: &str = "#ffffff";

/// Where an uploaded picture is served: `/pictures/{id}.webp`, never changed once made.
pub fn picture_url(id: i64) -> String {
    format!("/pictures/{id}.webp")
}

/// The id in a [`picture_url`], if `url` is one.
fn uploaded_id(url: &str) -> Option<i64> {
    url.strip_prefix("/pictures/")?.strip_suffix(".webp")?.parse().ok()
}

impl Db {
    /// The product's pictures in order; `NotFound` when there is no such product.
    pub async fn list_pictures(&self, product_id: ProductId) -> Result<Vec<Picture>, Error> {
        self.read(move |c| {
            require_product(c, product_id)?;
            pictures_of(c, product_id)
        })
        .await
    }

    /// Adds `picture` after the product's others.
    pub async fn add_picture(
        &self,
        actor: Actor,
        product_id: ProductId,
        picture: StoredPicture,
    ) -> Result<Vec<Picture>, Error> {
        self.write(move |c| {
            require_product(c, product_id)?;
            let count: i64 =
                c.query_one("SELECT count(*) FROM product_images WHERE product_id = ?1", args![product_id], |r| {
                    r.get(0)
                })?;
            if count >= MAX_PER_PRODUCT as i64 {
                return Err(Rejection::NotNow("A product may have at most 12 pictures: delete one first.").into());
            }
            let id: i64 = c.query_one(
                "INSERT INTO pictures (product_id, webp, width, height, created_at)
                 VALUES (?1, ?2, ?3, ?4, ?5) RETURNING id",
                args![
                    product_id,
                    picture.webp.as_slice(),
                    i64::from(picture.width),
                    i64::from(picture.height),
                    Timestamp::now().millis()
                ],
                |r| r.get(0),
            )?;
            c.execute(
                "INSERT INTO product_images (product_id, position, url, background)
                 VALUES (?1, (SELECT coalesce(max(position) + 1, 0) FROM product_images WHERE product_id = ?1), ?2, ?3)",
                args![product_id, &picture_url(id), UPLOADED_BACKGROUND],
            )?;
            note_changed(c, product_id)?;
            record(
                c,
                &actor,
                Entry {
                    action: "product.picture.add",
                    thing: "product",
                    thing_id: Some(product_id.0),
                    before: None,
                    after: Some(json!({"picture": picture_url(id), "width": picture.width, "height": picture.height})),
                },
            )?;
            pictures_of(c, product_id)
        })
        .await
    }

    /// Removes one picture of the product (and the file, when it was uploaded); the
    /// ones after it move up.
    pub async fn remove_picture(
        &self,
        actor: Actor,
        product_id: ProductId,
        image_id: i64,
    ) -> Result<Vec<Picture>, Error> {
        self.write(move |c| {
            require_product(c, product_id)?;
            let found = c.query_opt(
                "SELECT position, url FROM product_images WHERE id = ?1 AND product_id = ?2",
                args![image_id, product_id],
                |r| Ok((r.get::<i64>(0)?, r.get::<String>(1)?)),
            )?;
            let Some((position, url)) = found else {
                return Err(Error::NotFound(Thing::Picture));
            };
            c.execute("DELETE FROM product_images WHERE id = ?1", args![image_id])?;
            if let Some(file) = uploaded_id(&url) {
                c.execute("DELETE FROM pictures WHERE id = ?1", args![file])?;
            }
            // Two steps, as (product_id, position) is unique at every statement.
            c.execute(
                "UPDATE product_images SET position = -1 - position WHERE product_id = ?1 AND position > ?2",
                args![product_id, position],
            )?;
            c.execute(
                "UPDATE product_images SET position = -2 - position WHERE product_id = ?1 AND position < 0",
                args![product_id],
            )?;
            note_changed(c, product_id)?;
            record(
                c,
                &actor,
                Entry {
                    action: "product.picture.remove",
                    thing: "product",
                    thing_id: Some(product_id.0),
                    before: Some(json!({"picture": url, "position": position + 1})),
                    after: None,
                },
            )?;
            pictures_of(c, product_id)
        })
        .await
    }

    /// Puts the product's pictures in the order of `ids`, which must name each of them once.
    pub async fn order_pictures(
        &self,
        actor: Actor,
        product_id: ProductId,
        ids: Vec<i64>,
    ) -> Result<Vec<Picture>, Error> {
        self.write(move |c| {
            require_product(c, product_id)?;
            let before = pictures_of(c, product_id)?;
            let mut wanted = ids.clone();
            wanted.sort_unstable();
            let mut have: Vec<i64> = before.iter().map(|p| p.id).collect();
            have.sort_unstable();
            if wanted != have {
                return Err(Rejection::Invalid(vec![
                    "imageIds: list each of the product's pictures once, in the order wanted.".into(),
                ])
                .into());
            }
            for (at, id) in ids.iter().enumerate() {
                c.execute(
                    "UPDATE product_images SET position = ?2 WHERE id = ?1",
                    args![*id, -1 - at as i64],
                )?;
            }
            c.execute(
                "UPDATE product_images SET position = -1 - position WHERE product_id = ?1 AND position < 0",
                args![product_id],
            )?;
            let after = pictures_of(c, product_id)?;
            if after != before {
                note_changed(c, product_id)?;
                let urls = |list: &[Picture]| list.iter().map(|p| p.url.clone()).collect::<Vec<_>>();
                record(
                    c,
                    &actor,
                    Entry {
                        action: "product.picture.order",
                        thing: "product",
                        thing_id: Some(product_id.0),
                        before: Some(json!({"pictures": urls(&before)})),
                        after: Some(json!({"pictures": urls(&after)})),
                    },
                )?;
            }
            Ok(after)
        })
        .await
    }

    /// An uploaded picture's WebP bytes; `None` when there is none by that id.
    pub async fn picture_file(&self, id: i64) -> Result<Option<Vec<u8>>, Error> {
        self.read(move |c| c.query_opt("SELECT webp FROM pictures WHERE id = ?1", args![id], |r| r.get(0)))
            .await
    }
}

fn require_product(c: &mut Conn, id: ProductId) -> Result<(), Error> {
    let found =
        c.query_one("SELECT EXISTS (SELECT 1 FROM products WHERE id = ?1)", args![id], |r| r.get::<bool>(0))?;
    if found { Ok(()) } else { Err(Error::NotFound(Thing::Product)) }
}

fn pictures_of(c: &mut Conn, product_id: ProductId) -> Result<Vec<Picture>, Error> {
    c.query(
        "SELECT id, url, background FROM product_images WHERE product_id = ?1 ORDER BY position",
        args![product_id],
        |r| Ok(Picture { id: r.get(0)?, url: r.get(1)?, background: r.get(2)? }),
    )
}

/// Logs a change of the product's pictures as its triggers log a change of its fields:
/// its page, its department's lists, and the favorites lists that show its card.
fn note_changed(c: &mut Conn, product_id: ProductId) -> Result<(), Error> {
    c.execute(
        "INSERT INTO changes (topic, key)
         SELECT 'product', id FROM products WHERE id = ?1
         UNION ALL SELECT 'department', department_id FROM products WHERE id = ?1
         UNION ALL SELECT 'favorites', user_id FROM favorites WHERE product_id = ?1",
        args![product_id],
    )?;
    Ok(())
}
