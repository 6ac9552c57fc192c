//! Orders, and the `Idempotency-Key`s that placed them (draft-ietf-httpapi-idempotency-
//! key-header): a key is looked up and kept in the same write transaction as the order
//! itself, so of any number of identical submits exactly one places the order and the
//! rest answer that same order again.

use crate::domain::catalog::NO_PICTURE;
use std::time::Duration;

use super::checkout::{Checkout, price_checkout};
use super::conn::{Conn, Row, args};
use super::payments::{PAYMENT_COLUMNS, keep_authorization, paid_with_redcard, payment};
use super::{Db, Error, lock_shopper, mail};
use crate::domain::cart::CartLine;
use crate::domain::checkout::{Choice, CodeRefusal};
use crate::domain::ids::Id;
use crate::domain::mail::{Facts, OrderFacts};
use crate::domain::orders::{CartView, Order, OrderLine, OrderStatus, Shipment, accept};
use crate::domain::payments::{Method, Paying, Refund};
use crate::domain::pricing::{Quote, TaxRate};
use crate::domain::ship_to::ShipTo;
use crate::domain::stock::Shortage;
use crate::domain::variants;
use crate::domain::{Cents, Rejection, Thing, Timestamp};
use crate::domain::{OrderId, ProductId, ShopperId, VariantId};

/// How long a key is remembered.
pub const KEY_LIFETIME: Duration = Duration::from_secs(24 * 3600);

/// A checkout attempt's `Idempotency-Key`, and what it was asked with.
pub struct Attempt {
    pub key: String,
    /// A digest of the order asked for: the same key with another order is refused.
    pub fingerprint: String,
}

pub struct Placed {
    pub order: Order,
    /// The order was placed by an earlier request with the same key.
    pub replayed: bool,
}

fn orders_where(c: &mut Conn, condition: &str, value: impl Id) -> Result<Vec<Order>, Error> {
    let mut orders = orders_and_lines(c, condition, value)?;
    add_refunds(c, &mut orders, condition, value)?;
    Ok(orders)
}

/// The order the transaction that reads it has just placed: it has no refunds yet, so
/// they are not read (one statement fewer on every checkout).
fn just_placed(c: &mut Conn, order_id: OrderId) -> Result<Order, Error> {
    orders_and_lines(c, "o.id", order_id)?.pop().ok_or(Error::NotFound(Thing::Order))
}

/// Orders without their refunds.
fn orders_and_lines(c: &mut Conn, condition: &str, value: impl Id) -> Result<Vec<Order>, Error> {
    // One query for orders and their lines; rows arrive grouped by order.
    let sql = format!(
        "SELECT o.id, o.user_id, o.subtotal_cents, o.discount_cents, o.total_cents, o.status, o.created_at,
                o.status_changed_at, oi.product_id, p.department_id, oi.name, oi.price_cents,
                coalesce(vi.url, i.url), oi.variant_id, oi.options, o.promotion_cents, o.shipping_cents, o.tax_cents,
                o.ship_to, o.shipping_method_id, o.shipping_name, o.shipping_days, o.promotion_code, o.tax_region,
                o.tax_rate_milli, u.username, {PAYMENT_COLUMNS}, oi.id, oi.restocked
         FROM orders o
         JOIN users u ON u.id = o.user_id
         LEFT JOIN payments pay ON pay.order_id = o.id
         LEFT JOIN order_items oi ON oi.order_id = o.id
         LEFT JOIN products p ON p.id = oi.product_id
         LEFT JOIN product_images i ON i.product_id = oi.product_id AND i.position = 0
         LEFT JOIN product_variants v ON v.id = oi.variant_id
         LEFT JOIN product_images vi ON vi.id = v.image_id AND vi.product_id = oi.product_id
         WHERE {condition} = ?1
         ORDER BY o.id DESC, oi.id"
    );
    let mut orders: Vec<Order> = Vec::new();
    c.query(&sql, args![value], |r| {
        let id: OrderId = r.get(0)?;
        if orders.last().is_none_or(|o| o.id != id) {
            orders.push(Order {
                id,
                user_id: r.get(1)?,
                username: r.get(25)?,
                quote: Quote {
                    subtotal: Cents(r.get(2)?),
                    discount: Cents(r.get(3)?),
                    total: Cents(r.get(4)?),
                    promotion: Cents(r.get(15)?),
                    shipping: Cents(r.get(16)?),
                    tax: Cents(r.get(17)?),
                },
                shipment: shipment(r, 18)?,
                status: status(r.get(5)?)?,
                created_at: Timestamp(r.get(6)?),
                status_changed_at: Timestamp(r.get(7)?),
                payment: payment(r, 26)?.ok_or_else(|| Error::other(format!("order {id} has no payment")))?,
                refunds: Vec::new(),
                lines: Vec::new(),
            });
        }
        if let Some(product_id) = r.get::<Option<ProductId>>(8)? {
            let order = orders.last_mut().expect("pushed above");
            order.lines.push(OrderLine {
                product_id,
                department_id: r.get(9)?,
                name: r.get(10)?,
                price: Cents(r.get(11)?),
                preview_image: r.get::<Option<String>>(12)?.unwrap_or_else(|| NO_PICTURE.into()),
                variant_id: r.get(13)?,
                options: variants::chosen_from_row(r.get::<Option<String>>(14)?.as_deref()),
                line_id: r.get(33)?,
                restocked: r.get(34)?,
            });
        }
        Ok(())
    })?;
    Ok(orders)
}

/// Each order's refunds, oldest first, by one more query for all of them.
fn add_refunds(c: &mut Conn, orders: &mut [Order], condition: &str, value: impl Id) -> Result<(), Error> {
    if orders.is_empty() {
        return Ok(());
    }
    let sql = format!(
        "SELECT r.order_id, r.id, r.amount_cents, r.reason, r.created_at, u.username
         FROM refunds r LEFT JOIN users u ON u.id = r.by_user_id
         WHERE r.order_id IN (SELECT o.id FROM orders o WHERE {condition} = ?1)
         ORDER BY r.order_id, r.id"
    );
    let refunds = c.query(&sql, args![value], |r| {
        let order_id: OrderId = r.get(0)?;
        Ok((
            order_id,
            Refund {
                id: r.get(1)?,
                amount: Cents(r.get(2)?),
                reason: r.get(3)?,
                created_at: Timestamp(r.get(4)?),
                by: r.get(5)?,
            },
        ))
    })?;
    for (order_id, refund) in refunds {
        if let Some(order) = orders.iter_mut().find(|o| o.id == order_id) {
            order.refunds.push(refund);
        }
    }
    Ok(())
}

/// What an order keeps of its checkout, from column `at` on: its address's copy (none
/// for the spec's fixed address), the method's id, name and days, the code, the tax
/// region and rate.
fn shipment(r: &Row, at: usize) -> Result<Shipment, Error> {
    let ship_to = match r.get::<Option<String>>(at)? {
        None => ShipTo::fixed(),
        Some(json) => {
            serde_json::from_str(&json).map_err(|e| Error::other(format!("an order's address: {e}")))?
        }
    };
    Ok(Shipment {
        ship_to,
        method_id: r.get(at + 1)?,
        method_name: r.get(at + 2)?,
        days: r.get(at + 3)?,
        promotion_code: r.get(at + 4)?,
        tax_region: r.get(at + 5)?,
        tax_rate: TaxRate(r.get(at + 6)?),
    })
}

/// A status as the database holds it.
pub(super) fn status(text: String) -> Result<OrderStatus, Error> {
    OrderStatus::parse(&text).ok_or_else(|| Error::other(format!("an order has the unknown status {text:?}")))
}

pub(super) fn by_id(c: &mut Conn, order_id: OrderId) -> Result<Order, Error> {
    orders_where(c, "o.id", order_id)?.pop().ok_or(Error::NotFound(Thing::Order))
}

impl Db {
    /// The order an earlier request placed under `attempt`'s key, if its key is still
    /// kept; the key with another order is refused.
    pub async fn order_of_key(&self, user_id: ShopperId, attempt: &Attempt) -> Result<Option<Order>, Error> {
        let (key, fingerprint) = (attempt.key.clone(), attempt.fingerprint.clone());
        self.read(move |c| match find_key(c, user_id, &key)? {
            None => Ok(None),
            Some((kept, _)) if kept != fingerprint => Err(Rejection::KeyReused.into()),
            Some((_, order_id)) => by_id(c, order_id).map(Some),
        })
        .await
    }

    /// The shopper's orders, newest first.
    pub async fn list_orders(&self, user_id: ShopperId) -> Result<Vec<Order>, Error> {
        self.read(move |c| orders_where(c, "o.user_id", user_id)).await
    }

    /// Turns the shopper's cart into an order in one transaction: prices it, refuses a
    /// view of it that is no longer true, takes the units of every line from stock (or
    /// refuses the whole order, naming each product short), snapshots each line,
    /// keeps the payment's authorization (of exactly the order's total) or charges the
    /// RedCard, empties the cart. With
    /// an attempt's key, a repeat answers the order that key placed. Everything happens
    /// under the shopper's lock, taken first: two checkouts of one shopper, or two
    /// retries of one key, on any servers, run one after the other, and the second sees
    /// what the first did (an empty cart, or the key it kept).
    pub async fn place_order(
        &self,
        user_id: ShopperId,
        seen: CartView,
        choice: Choice,
        attempt: Option<Attempt>,
        paying: Paying,
    ) -> Result<Placed, Error> {
        self.write(move |c| {
            lock_shopper(c, user_id)?;
            if let Some(attempt) = &attempt
                && let Some((fingerprint, order_id)) = find_key(c, user_id, &attempt.key)?
            {
                if fingerprint != attempt.fingerprint {
                    return Err(Rejection::KeyReused.into());
                }
                return Ok(Placed { order: by_id(c, order_id)?, replayed: true });
            }
            let order = place(c, user_id, &seen, &choice, &paying)?;
            if let Some(attempt) = &attempt {
                keep_key(c, user_id, attempt, order.id)?;
            }
            Ok(Placed { order, replayed: false })
        })
        .await
    }

    /// Forgets keys past their lifetime; returns how many.
    pub async fn forget_old_keys(&self) -> Result<u64, Error> {
        self.write(|c| {
            let oldest = Timestamp::now().minus(KEY_LIFETIME).millis();
            c.execute("DELETE FROM idempotency_keys WHERE created_at <= ?1", args![oldest])
        })
        .await
    }
}

fn place(
    c: &mut Conn,
    user_id: ShopperId,
    seen: &CartView,
    choice: &Choice,
    paying: &Paying,
) -> Result<Order, Error> {
    let checkout = price_checkout(c, user_id, choice, true)?;
    let lines = &checkout.lines;
    let gone: Vec<String> = lines.iter().filter(|l| l.variant_gone).map(|l| l.name.clone()).collect();
    if !gone.is_empty() {
        return Err(Rejection::VariantsGone(gone).into());
    }
    let quote = accept(lines, checkout.quote, seen)?;
    // The amount was authorized for the total the shopper saw, which `accept` found true.
    let paid_as_chosen = match paying {
        Paying::Held(auth) => auth.amount == quote.total && auth.method == choice.payment,
        Paying::RedCard => choice.payment == Method::RedCard,
    };
    if !paid_as_chosen {
        return Err(Rejection::StaleCart { total: quote.total }.into());
    }
    take_stock(c, lines)?;
    if let Some(promotion) = &checkout.promotion {
        take_use(c, promotion.id)?;
    }
    let order_id = insert_order(c, user_id, &checkout, &quote)?;
    match paying {
        Paying::Held(auth) => keep_authorization(c, order_id, auth)?,
        Paying::RedCard => paid_with_redcard(c, order_id, quote.total, Timestamp::now())?,
    }
    if let Some(promotion) = &checkout.promotion {
        c.execute(
            "INSERT INTO promotion_uses (order_id, promotion_id, user_id) VALUES (?1, ?2, ?3)",
            args![order_id, promotion.id, user_id],
        )?;
    }
    for line in lines {
        let options = variants::chosen_to_row(&line.options);
        c.execute(
            "INSERT INTO order_items (order_id, product_id, name, price_cents, variant_id, options)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
            args![order_id, line.product_id, &line.name, line.price.0, line.variant_id, options.as_deref()],
        )?;
    }
    c.execute("DELETE FROM cart_items WHERE user_id = ?1", args![user_id])?;
    let order = just_placed(c, order_id)?;
    mail::queue(c, user_id, &Facts::OrderPlaced { order: OrderFacts::of(&order) })?;
    Ok(order)
}

/// The order's row: its figures and what it keeps of its checkout (the address as a
/// copy; none for the spec's fixed address, which a shopper without addresses ships to).
fn insert_order(
    c: &mut Conn,
    user_id: ShopperId,
    checkout: &Checkout,
    quote: &Quote,
) -> Result<OrderId, Error> {
    let ship_to = match checkout.address_id {
        None => None,
        Some(_) => Some(serde_json::to_string(&checkout.ship_to).map_err(|e| Error::other(e.to_string()))?),
    };
    let method = &checkout.method;
    let code = checkout.promotion.as_ref().map(|p| p.code.as_str());
    c.query_one(
        "INSERT INTO orders (user_id, subtotal_cents, discount_cents, total_cents, status, created_at, status_changed_at,
                             ship_to, shipping_method_id, shipping_name, shipping_days, shipping_cents,
                             promotion_code, promotion_cents, tax_region, tax_rate_milli, tax_cents)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16) RETURNING id",
        args![
            user_id,
            quote.subtotal.0,
            quote.discount.0,
            quote.total.0,
            OrderStatus::Received.as_str(),
            Timestamp::now().millis(),
            ship_to.as_deref(),
            method.id,
            &method.name,
            &method.days,
            quote.shipping.0,
            code,
            quote.promotion.0,
            checkout.tax_region.as_deref(),
            checkout.tax_rate.0,
            quote.tax.0
        ],
        |r| r.get(0),
    )
}

/// Takes one use of promotion `id` by one statement that cannot pass its limit: of any
/// number of concurrent orders, on any servers, the row's lock lets one through at a
/// time and each sees the uses before it. None left: the order is refused, and its
/// transaction (stock taken included) goes.
fn take_use(c: &mut Conn, id: i64) -> Result<(), Error> {
    let taken = c.execute(
        "UPDATE promotions SET uses = uses + 1 WHERE id = ?1 AND (usage_limit IS NULL OR uses < usage_limit)",
        args![id],
    )?;
    match taken {
        0 => Err(Rejection::OrderCodeRefused(CodeRefusal::UsedUp).into()),
        _ => Ok(()),
    }
}

/// Gives back the use of a promotion code that order `order_id` took, if it took one
/// (a cancelled order), in the caller's transaction. The use row goes first, so a
/// second cancel finds none and gives back nothing.
pub(super) fn give_back_use(c: &mut Conn, order_id: OrderId) -> Result<(), Error> {
    let promotion: Option<i64> = c.query_opt(
        "DELETE FROM promotion_uses WHERE order_id = ?1 RETURNING promotion_id",
        args![order_id],
        |r| r.get(0),
    )?;
    if let Some(id) = promotion {
        c.execute("UPDATE promotions SET uses = uses - 1 WHERE id = ?1", args![id])?;
    }
    Ok(())
}

/// Takes the units of every product or variant of `lines` from stock, each by one
/// statement that cannot take more than there is (a concurrent order of the last units
/// waits for this one's row lock, then finds them gone). A variant's units are its own;
/// its product's stock, their sum, follows by trigger. Lines are taken in (product,
/// variant) order, so two orders lock the same rows in the same order and never wait
/// on each other. When anything is short, the caller's transaction is refused with
/// every shortage named, and what was taken here goes with it.
fn take_stock(c: &mut Conn, lines: &[CartLine]) -> Result<(), Error> {
    let mut wanted: std::collections::BTreeMap<(ProductId, Option<VariantId>), (i64, String)> =
        std::collections::BTreeMap::new();
    for line in lines {
        wanted.entry((line.product_id, line.variant_id)).or_insert_with(|| (0, line.named())).0 += 1;
    }
    let mut shortages = Vec::new();
    for (&(product_id, variant_id), (units, name)) in &wanted {
        let units = *units;
        let taken = match variant_id {
            None => c.execute(
                "UPDATE products SET stock = stock - ?2
                 WHERE id = ?1 AND stock >= ?2 AND archived_at IS NULL AND options IS NULL",
                args![product_id, units],
            )?,
            Some(variant_id) => c.execute(
                "UPDATE product_variants SET stock = stock - ?2
                 WHERE id = ?1 AND stock >= ?2
                   AND product_id = (SELECT id FROM products WHERE id = ?3 AND archived_at IS NULL)",
                args![variant_id, units, product_id],
            )?,
        };
        if taken == 0 {
            let left = c.query_one(
                "SELECT CASE WHEN p.archived_at IS NOT NULL THEN 0
                             WHEN CAST(?2 AS BIGINT) IS NULL THEN p.stock
                             ELSE coalesce(v.stock, 0) END
                 FROM products p LEFT JOIN product_variants v ON v.id = ?2 AND v.product_id = p.id
                 WHERE p.id = ?1",
                args![product_id, variant_id],
                |r| r.get(0),
            )?;
            shortages.push(Shortage { product_id, name: name.clone(), wanted: units, left });
        }
    }
    match shortages.is_empty() {
        true => Ok(()),
        false => Err(Rejection::OutOfStock(shortages).into()),
    }
}

/// Puts the units of order `order_id` back in stock (a cancelled order), in the
/// caller's transaction: each line whose unit has not gone back already (a refund may
/// have put some back), marked as gone back.
/// A variant's units go back to it, while it is sold; a product's to it, while it is
/// still sold as one thing (one that has since gained options has only its variants').
pub(super) fn return_stock(c: &mut Conn, order_id: OrderId) -> Result<(), Error> {
    c.execute(
        "UPDATE products SET stock = stock + (
             SELECT count(*) FROM order_items oi
             WHERE oi.order_id = ?1 AND oi.product_id = products.id AND oi.variant_id IS NULL AND NOT oi.restocked)
         WHERE id IN (SELECT product_id FROM order_items WHERE order_id = ?1 AND variant_id IS NULL AND NOT restocked)
           AND options IS NULL",
        args![order_id],
    )?;
    c.execute(
        "UPDATE product_variants SET stock = stock + (
             SELECT count(*) FROM order_items oi
             WHERE oi.order_id = ?1 AND oi.variant_id = product_variants.id AND NOT oi.restocked)
         WHERE id IN (SELECT variant_id FROM order_items WHERE order_id = ?1 AND NOT restocked)",
        args![order_id],
    )?;
    c.execute(
        "UPDATE order_items SET restocked = TRUE WHERE order_id = ?1 AND NOT restocked",
        args![order_id],
    )?;
    super::stock_alerts::mail_restocked(c)
}

/// Puts the unit of line `line_id` of order `order_id` back in stock, once (a refund's
/// restock), in the caller's transaction: a line of another order is a 400, one already
/// back a 409.
pub(crate) fn restock_line(c: &mut Conn, order_id: OrderId, line_id: i64) -> Result<(), Error> {
    let line: Option<(ProductId, Option<VariantId>)> = c.query_opt(
        "UPDATE order_items SET restocked = TRUE WHERE id = ?1 AND order_id = ?2 AND NOT restocked
         RETURNING product_id, variant_id",
        args![line_id, order_id],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    let Some((product_id, variant_id)) = line else {
        let exists = c.query_opt(
            "SELECT 1 FROM order_items WHERE id = ?1 AND order_id = ?2",
            args![line_id, order_id],
            |_| Ok(()),
        )?;
        return Err(match exists {
            Some(()) => Rejection::LineRestocked(line_id),
            None => Rejection::NotALine(line_id),
        }
        .into());
    };
    match variant_id {
        None => c.execute(
            "UPDATE products SET stock = stock + 1 WHERE id = ?1 AND options IS NULL",
            args![product_id],
        )?,
        Some(variant_id) => {
            c.execute("UPDATE product_variants SET stock = stock + 1 WHERE id = ?1", args![variant_id])?
        }
    };
    super::stock_alerts::mail_restocked(c)
}

/// The fingerprint and order kept under the shopper's `key`, unless it has expired.
fn find_key(c: &mut Conn, user_id: ShopperId, key: &str) -> Result<Option<(String, OrderId)>, Error> {
    let oldest = Timestamp::now().minus(KEY_LIFETIME).millis();
    c.query_opt(
        "SELECT fingerprint, order_id FROM idempotency_keys WHERE user_id = ?1 AND key = ?2 AND created_at > ?3",
        args![user_id, key, oldest],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )
}

fn keep_key(c: &mut Conn, user_id: ShopperId, attempt: &Attempt, order_id: OrderId) -> Result<(), Error> {
    // An expired row under the same key gives way to the new one.
    c.execute(
        "INSERT INTO idempotency_keys (user_id, key, fingerprint, order_id, created_at) VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (user_id, key) DO UPDATE SET
             fingerprint = excluded.fingerprint, order_id = excluded.order_id, created_at = excluded.created_at",
        args![user_id, &attempt.key, &attempt.fingerprint, order_id, Timestamp::now().millis()],
    )?;
    Ok(())
}
