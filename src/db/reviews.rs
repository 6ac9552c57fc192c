//! Reviews, with their author and their product.

use super::conn::{Conn, Row, args};
use super::{Db, Error, delete_owned, refusal, require_product};
use crate::domain::catalog::NO_PICTURE;
use crate::domain::reviews::{Author, Review, ReviewText, ReviewedProduct};
use crate::domain::{ProductId, ReviewId, ShopperId};
use crate::domain::{Thing, Timestamp};

/// Columns of [`review`]; the query names `reviews r`, `users u`, `products p` and the
/// preview image `i`.
const REVIEW_COLUMNS: &str = "r.id, r.user_id, r.product_id, r.rating, r.title, r.description, r.created_at,
     u.first_name, u.last_name, u.avatar_url, p.department_id, p.name, i.url";

const REVIEW_FROM: &str = "FROM reviews r
     JOIN users u ON u.id = r.user_id
     JOIN products p ON p.id = r.product_id
     LEFT JOIN product_images i ON i.product_id = p.id AND i.position = 0";

fn review(r: &Row) -> Result<Review, Error> {
    Ok(Review {
        id: r.get(0)?,
        user_id: r.get(1)?,
        rating: r.get(3)?,
        title: r.get(4)?,
        description: r.get(5)?,
        created_at: Timestamp(r.get(6)?),
        author: Author { first_name: r.get(7)?, last_name: r.get(8)?, avatar_url: r.get(9)? },
        product: ReviewedProduct {
            id: r.get(2)?,
            department_id: r.get(10)?,
            name: r.get(11)?,
            preview_image: r.get::<Option<String>>(12)?.unwrap_or_else(|| NO_PICTURE.into()),
        },
    })
}

fn by_id(c: &mut Conn, id: ReviewId) -> Result<Review, Error> {
    c.query_opt(&format!("SELECT {REVIEW_COLUMNS} {REVIEW_FROM} WHERE r.id = ?1"), args![id], review)?
        .ok_or(Error::NotFound(Thing::Review))
}

impl Db {
    /// A product's reviews, newest first; `None` when there is no such product.
    pub async fn list_product_reviews(&self, product_id: ProductId) -> Result<Option<Vec<Review>>, Error> {
        self.read(move |c| {
            // Starting from the product (LEFT JOIN reviews) tells "no product" from "no
            // reviews" in the same single query.
            let sql = format!(
                "SELECT {REVIEW_COLUMNS}
                 FROM products p
                 LEFT JOIN product_images i ON i.product_id = p.id AND i.position = 0
                 LEFT JOIN reviews r ON r.product_id = p.id AND r.hidden_at IS NULL
                 LEFT JOIN users u ON u.id = r.user_id
                 WHERE p.id = ?1 AND p.archived_at IS NULL
                 ORDER BY r.created_at DESC, r.id DESC"
            );
            let mut found = false;
            let mut reviews = Vec::new();
            c.query(&sql, args![product_id], |row| {
                found = true;
                if row.get::<Option<i64>>(0)?.is_some() {
                    reviews.push(review(row)?);
                }
                Ok(())
            })?;
            Ok(found.then_some(reviews))
        })
        .await
    }

    /// The shopper's own reviews, newest first.
    pub async fn list_my_reviews(&self, user_id: ShopperId) -> Result<Vec<Review>, Error> {
        self.read(move |c| {
            c.query(
                &format!("SELECT {REVIEW_COLUMNS} {REVIEW_FROM} WHERE r.user_id = ?1 ORDER BY r.created_at DESC, r.id DESC"),
                args![user_id],
                review,
            )
        })
        .await
    }

    /// One review per shopper and product: a second is a conflict with that constraint.
    pub async fn create_review(
        &self,
        user_id: ShopperId,
        product_id: ProductId,
        text: ReviewText,
    ) -> Result<Review, Error> {
        self.write(move |c| create(c, user_id, product_id, &text)).await
    }

    pub async fn update_review(
        &self,
        user_id: ShopperId,
        review_id: ReviewId,
        text: ReviewText,
    ) -> Result<Review, Error> {
        self.write(move |c| {
            let updated = c.execute(
                "UPDATE reviews SET rating = ?3, title = ?4, description = ?5 WHERE id = ?1 AND user_id = ?2",
                args![review_id, user_id, text.rating, &text.title, &text.description],
            )?;
            if updated == 0 {
                return Err(refusal(c, "reviews", Thing::Review, review_id.0, user_id));
            }
            by_id(c, review_id)
        })
        .await
    }

    pub async fn delete_review(&self, user_id: ShopperId, review_id: ReviewId) -> Result<(), Error> {
        self.write(move |c| delete_owned(c, "reviews", Thing::Review, review_id.0, user_id)).await
    }
}

fn create(
    c: &mut Conn,
    user_id: ShopperId,
    product_id: ProductId,
    text: &ReviewText,
) -> Result<Review, Error> {
    require_product(c, product_id)?;
    let id: ReviewId = c.query_one(
        "INSERT INTO reviews (user_id, product_id, rating, title, description, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6) RETURNING id",
        args![user_id, product_id, text.rating, &text.title, &text.description, Timestamp::now().millis()],
        |r| r.get(0),
    )?;
    by_id(c, id)
}
