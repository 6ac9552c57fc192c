//! Back-in-stock alerts (docs/rules.md#back-in-stock): waiting, at most one per shopper
//! and item; done, with its mail written, in the transaction that brings units back
//! ([`mail_restocked`]).

use super::cards::{CARD_COLUMNS, card};
use super::conn::{Conn, Row, args};
use super::mail::queue;
use super::{Db, Error, delete_owned, require_product};
use crate::domain::mail::{AlertFacts, Facts};
use crate::domain::password_reset::{Token, hash};
use crate::domain::stock_alerts::{IN_STOCK, StockAlert};
use crate::domain::variants;
use crate::domain::{ProductId, Rejection, ShopperId, Thing, Timestamp, VariantId};

/// How many items one shopper may wait on at once.
pub const MAX_WAITING: i64 = 100;
const TOO_MANY: &str = "You are waiting on 100 items already: remove one of your alerts first.";

fn alert_query() -> String {
    format!(
        "SELECT a.id, {CARD_COLUMNS}, a.variant_id, v.option1, v.option2, v.option3, p.options,
                a.created_at, a.mailed_at
         FROM stock_alerts a
         JOIN products p ON p.id = a.product_id
         LEFT JOIN product_images i ON i.product_id = p.id AND i.position = 0
         LEFT JOIN product_variants v ON v.id = a.variant_id"
    )
}

/// The columns [`CARD_COLUMNS`] holds, after the alert's id.
const CARD_WIDTH: usize = 11;

fn alert(r: &Row) -> Result<StockAlert, Error> {
    let at = 1 + CARD_WIDTH;
    let variant_id: Option<VariantId> = r.get(at)?;
    Ok(StockAlert {
        id: r.get(0)?,
        product: card(r, 1)?,
        variant_id,
        options: options(r, at + 1, variant_id.is_some())?,
        created_at: Timestamp(r.get(at + 5)?),
        mailed_at: r.get::<Option<i64>>(at + 6)?.map(Timestamp),
    })
}

/// A variant's values named by its product's options: three values from column `at`,
/// then the product's options.
fn options(r: &Row, at: usize, variant: bool) -> Result<variants::Chosen, Error> {
    if !variant {
        return Ok(Vec::new());
    }
    let values: Vec<String> = vec![r.get(at)?, r.get(at + 1)?, r.get(at + 2)?];
    Ok(variants::chosen(&variants::options_from_row(r.get::<Option<String>>(at + 3)?.as_deref()), &values))
}

impl Db {
    /// The shopper's alerts, newest first: waiting, and done.
    pub async fn list_stock_alerts(&self, user_id: ShopperId) -> Result<Vec<StockAlert>, Error> {
        self.read(move |c| {
            c.query(
                &format!("{} WHERE a.user_id = ?1 ORDER BY a.id DESC", alert_query()),
                args![user_id],
                alert,
            )
        })
        .await
    }

    /// Waits for the product (any unit of it) or its variant to be back, while it is sold
    /// out: the alert, and whether it is new (asking again answers the one waiting).
    pub async fn add_stock_alert(
        &self,
        user_id: ShopperId,
        product_id: ProductId,
        variant_id: Option<VariantId>,
    ) -> Result<(StockAlert, bool), Error> {
        self.write(move |c| add(c, user_id, product_id, variant_id)).await
    }

    pub async fn remove_stock_alert(&self, user_id: ShopperId, alert_id: i64) -> Result<(), Error> {
        self.write(move |c| delete_owned(c, "stock_alerts", Thing::StockAlert, alert_id, user_id)).await
    }

    /// An unsubscribe link followed: every alert still waiting of the account whose mail
    /// carried `token` ends. A token of no alert changes nothing.
    pub async fn unsubscribe_stock_alerts(&self, token: String) -> Result<u64, Error> {
        self.write(move |c| {
            c.execute(
                "DELETE FROM stock_alerts WHERE mailed_at IS NULL
                   AND user_id = (SELECT user_id FROM stock_alerts WHERE token_hash = ?1)",
                args![&hash(&token)],
            )
        })
        .await
    }
}

fn add(
    c: &mut Conn,
    user_id: ShopperId,
    product_id: ProductId,
    variant_id: Option<VariantId>,
) -> Result<(StockAlert, bool), Error> {
    require_product(c, product_id)?;
    // The product's row, locked: a restock of it, which updates the row, is then either
    // seen here (and refused as in stock) or made after this alert is written (and mails it).
    let lock = super::engine::dialect(c).row_lock;
    let (stock, sold_by_variant): (i64, bool) = c.query_one(
        &format!("SELECT stock, options IS NOT NULL FROM products WHERE id = ?1{lock}"),
        args![product_id],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    let stock = match variant_id {
        None => stock,
        Some(_) if !sold_by_variant => return Err(Rejection::NoVariants(product_id).into()),
        Some(asked) => c
            .query_opt(
                "SELECT stock FROM product_variants WHERE id = ?1 AND product_id = ?2",
                args![asked, product_id],
                |r| r.get::<i64>(0),
            )?
            .ok_or(Rejection::NotAVariant { product_id, variant_id: asked })?,
    };
    if stock > 0 {
        return Err(Rejection::NotNow(IN_STOCK).into());
    }
    let waiting = format!(
        "{} WHERE a.user_id = ?1 AND a.product_id = ?2 AND coalesce(a.variant_id, 0) = coalesce(?3, 0)
           AND a.mailed_at IS NULL",
        alert_query()
    );
    if let Some(existing) = c.query_opt(&waiting, args![user_id, product_id, variant_id], alert)? {
        return Ok((existing, false));
    }
    let count: i64 = c.query_one(
        "SELECT count(*) FROM stock_alerts WHERE user_id = ?1 AND mailed_at IS NULL",
        args![user_id],
        |r| r.get(0),
    )?;
    if count >= MAX_WAITING {
        return Err(Rejection::NotNow(TOO_MANY).into());
    }
    c.execute(
        "INSERT INTO stock_alerts (user_id, product_id, variant_id, created_at) VALUES (?1, ?2, ?3, ?4)",
        args![user_id, product_id, variant_id, Timestamp::now().millis()],
    )?;
    Ok((c.query_one(&waiting, args![user_id, product_id, variant_id], alert)?, true))
}

/// In the caller's transaction, which may have brought units back: every waiting alert
/// whose product (or variant) now has units, on sale, is done and its mail written. What
/// it reads is the waiting alerts, few, whatever the catalog's size.
pub(crate) fn mail_restocked(c: &mut Conn) -> Result<(), Error> {
    let back = c.query(
        "SELECT a.id, a.user_id, p.id, p.department_id, p.name, a.variant_id,
                v.option1, v.option2, v.option3, p.options
         FROM stock_alerts a
         JOIN products p ON p.id = a.product_id
         LEFT JOIN product_variants v ON v.id = a.variant_id
         WHERE a.mailed_at IS NULL AND p.archived_at IS NULL
           AND (CASE WHEN a.variant_id IS NULL THEN p.stock ELSE v.stock END) > 0",
        args![],
        |r| {
            let variant_id: Option<i64> = r.get(5)?;
            let facts = AlertFacts {
                alert_id: r.get(0)?,
                product_id: r.get(2)?,
                department_id: r.get(3)?,
                variant_id,
                name: r.get(4)?,
                options: options(r, 6, variant_id.is_some())?,
                token: String::new(),
            };
            Ok((ShopperId(r.get(1)?), facts))
        },
    )?;
    let now = Timestamp::now().millis();
    for (user_id, facts) in back {
        let token = Token::random();
        let done = c.execute(
            "UPDATE stock_alerts SET mailed_at = ?2, token_hash = ?3 WHERE id = ?1 AND mailed_at IS NULL",
            args![facts.alert_id, now, &token.hash],
        )?;
        if done == 1 {
            queue(c, user_id, &Facts::BackInStock { alert: AlertFacts { token: token.token, ..facts } })?;
        }
    }
    Ok(())
}
