//! Reviews in the back office: every review, hidden ones too, by product, rating and
//! whether hidden; hiding one takes it out of its product's list, average and count for
//! every shopper (the rating triggers of schema 7 count only reviews not hidden).

use serde_json::json;

use super::audit::record;
use crate::db::conn::{Row, Value, args};
use crate::db::{Db, Error};
use crate::domain::admin::audit::{Actor, Entry};
use crate::domain::{ProductId, ShopperId};
use crate::domain::{Thing, Timestamp};

/// A review as the back office lists it.
#[derive(Debug, Clone)]
pub struct AdminReview {
    pub id: i64,
    pub product_id: ProductId,
    pub product_name: String,
    pub user_id: ShopperId,
    pub username: String,
    pub rating: i64,
    pub title: String,
    pub description: String,
    pub created_at: Timestamp,
    pub hidden_at: Option<Timestamp>,
}

pub struct AdminReviewQuery {
    pub product_id: Option<ProductId>,
    pub rating: Option<i64>,
    pub hidden: Option<bool>,
    pub offset: u64,
    pub limit: u32,
}

pub struct AdminReviewPage {
    pub reviews: Vec<AdminReview>,
    pub total: u64,
}

const COLUMNS: &str = "r.id, r.product_id, p.name, r.user_id, u.username, r.rating, r.title, r.description,
     r.created_at, r.hidden_at";
const FROM: &str = "reviews r JOIN products p ON p.id = r.product_id JOIN users u ON u.id = r.user_id";

fn admin_review(r: &Row) -> Result<AdminReview, Error> {
    Ok(AdminReview {
        id: r.get(0)?,
        product_id: r.get(1)?,
        product_name: r.get(2)?,
        user_id: r.get(3)?,
        username: r.get(4)?,
        rating: r.get(5)?,
        title: r.get(6)?,
        description: r.get(7)?,
        created_at: Timestamp(r.get(8)?),
        hidden_at: r.get::<Option<i64>>(9)?.map(Timestamp),
    })
}

impl Db {
    /// One page of reviews, newest first, as `query` narrows them.
    pub async fn list_admin_reviews(&self, query: AdminReviewQuery) -> Result<AdminReviewPage, Error> {
        self.read_snapshot(move |c| {
            let mut conditions = vec!["TRUE"];
            let mut params: Vec<Value> = Vec::new();
            if let Some(product_id) = query.product_id {
                conditions.push("r.product_id = ?");
                params.push(product_id.into());
            }
            if let Some(rating) = query.rating {
                conditions.push("r.rating = ?");
                params.push(Value::Int(rating));
            }
            match query.hidden {
                Some(true) => conditions.push("r.hidden_at IS NOT NULL"),
                Some(false) => conditions.push("r.hidden_at IS NULL"),
                None => {}
            }
            let condition = conditions.join(" AND ");
            let total: i64 =
                c.query_one(&format!("SELECT count(*) FROM reviews r WHERE {condition}"), &params, |r| {
                    r.get(0)
                })?;
            let mut page = params.clone();
            page.push(Value::Int(query.limit.into()));
            page.push(Value::Int(query.offset as i64));
            let reviews = c.query(
                &format!(
                    "SELECT {COLUMNS} FROM {FROM} WHERE {condition} ORDER BY r.id DESC LIMIT ? OFFSET ?"
                ),
                &page,
                admin_review,
            )?;
            Ok(AdminReviewPage { reviews, total: total.max(0) as u64 })
        })
        .await
    }

    /// Hides the review from shoppers, or shows it again.
    pub async fn set_review_hidden(&self, actor: Actor, id: i64, hidden: bool) -> Result<AdminReview, Error> {
        self.write(move |c| {
            let find = |c: &mut crate::db::conn::Conn| {
                c.query_opt(
                    &format!("SELECT {COLUMNS} FROM {FROM} WHERE r.id = ?1"),
                    args![id],
                    admin_review,
                )?
                .ok_or(Error::NotFound(Thing::Review))
            };
            let before = find(c)?;
            if before.hidden_at.is_some() == hidden {
                return Ok(before);
            }
            let at = hidden.then(|| Timestamp::now().millis());
            c.execute("UPDATE reviews SET hidden_at = ?2 WHERE id = ?1", args![id, at])?;
            record(
                c,
                &actor,
                Entry {
                    action: if hidden { "review.hide" } else { "review.show" },
                    thing: "review",
                    thing_id: Some(id),
                    before: Some(json!({"productId": before.product_id, "hidden": !hidden})),
                    after: Some(json!({"productId": before.product_id, "hidden": hidden})),
                },
            )?;
            find(c)
        })
        .await
    }
}
