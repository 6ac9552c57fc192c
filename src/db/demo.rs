//! A public demo's shoppers (`market serve --demo`, docs/operating.md#running-a-public-demo):
//! an account made for one visitor's browser at sign-in, already holding what shows the
//! store off, kept alive by the visitor's requests, and ended with every row it made.
//!
//! Ending one is the inverse of what it did: its reviews go (the tables' triggers take
//! them out of the ratings and log the change), the units of its orders that have not
//! shipped go back to stock, and its orders, cart, favorites, idempotency keys and
//! sessions go with the account. Each ending is one transaction with the shopper's row
//! locked, so a checkout of that shopper on another server runs wholly before or not at
//! all, and two servers ending the same shopper return its units once.

use super::conn::{Conn, args};
use super::demo_count;
use super::orders::{give_back_use, return_stock};
use super::payments::paid_with_redcard;
use super::users::{USER_COLUMNS, user};
use super::{Db, Error};
use crate::domain::Timestamp;
use crate::domain::money::Cents;
use crate::domain::order_status::OrderStatus;
use crate::domain::pricing::quote;
use crate::domain::users::User;
use crate::domain::{OrderId, ShopperId};

/// The showcase a demo shopper starts with is picked among the catalog's first products
/// by id that are on sale: the seed's own, written by hand, whatever the catalog's size.
const SHOWCASE: i64 = 200;
/// The past order is this old, and was delivered this long after it was placed.
const ORDER_AGE_DAYS: i64 = 12;
const DELIVERED_AFTER_DAYS: i64 = 3;
const DAY_MS: i64 = 86_400_000;
/// Made once per shopper: it never signs in with a password (the demo credentials make
/// a new one each time, and [`Db::find_login`] skips demo shoppers), and no argon2 hash
/// has this form, so nothing verifies against it.
const NO_PASSWORD: &str = "!demo";

/// What making a demo shopper made room for and made.
pub struct Started {
    pub user: User,
    /// The oldest idle demo shoppers ended to keep under the cap.
    pub ended: Vec<ShopperId>,
}

impl Db {
    /// Makes a demo shopper that ends at `ends_at` unless kept alive, pre-filled (two
    /// favorites, a cart line, a delivered past order that took no stock). With `most`
    /// demo shoppers alive already, the one idle longest is ended first, in the same
    /// transaction.
    pub async fn start_demo_shopper(&self, ends_at: Timestamp, most: u32) -> Result<Started, Error> {
        let tag: String = rand::random::<[u8; 6]>().iter().map(|b| format!("{b:02x}")).collect();
        let (username, email) = (format!("demo-{tag}"), format!("demo-{tag}@demo.market.test"));
        self.write(move |c| {
            let live = demo_count::hold(c)?;
            let over = live + 1 - i64::from(most);
            let ended = if over > 0 {
                let oldest: Vec<ShopperId> = c.query(
                    "SELECT id FROM users WHERE demo_ends_at IS NOT NULL ORDER BY demo_ends_at, id LIMIT ?1",
                    args![over],
                    |r| r.get(0),
                )?;
                end(c, &oldest, None)?
            } else {
                Vec::new()
            };
            let user = c.query_one(
                &format!(
                    "INSERT INTO users (first_name, last_name, username, email, avatar_url, password_hash,
                                        created_at, demo_ends_at)
                     VALUES ('Demo', 'Shopper', CAST(?1 AS TEXT), ?2,
                             COALESCE((SELECT avatar_url FROM users WHERE username = 'demo'),
                                      (SELECT avatar_url FROM users ORDER BY id LIMIT 1), ''),
                             ?3, ?4, ?5)
                     RETURNING {USER_COLUMNS}"
                ),
                args![&username, &email, NO_PASSWORD, Timestamp::now().millis(), ends_at.millis()],
                user,
            )?;
            fill(c, user.id)?;
            Ok(Started { user, ended })
        })
        .await
    }

    /// Moves a live demo shopper's end to `ends_at`; answers whether it is still alive.
    pub async fn keep_demo_shopper(&self, user_id: ShopperId, ends_at: Timestamp) -> Result<bool, Error> {
        self.write(move |c| {
            let kept = c.execute(
                "UPDATE users SET demo_ends_at = ?2 WHERE id = ?1 AND demo_ends_at IS NOT NULL",
                args![user_id, ends_at.millis()],
            )?;
            Ok(kept == 1)
        })
        .await
    }

    /// Ends up to `batch` demo shoppers whose end is at or before `now`, the longest
    /// idle first; answers which. On PostgreSQL one server sweeps at a time: another
    /// that finds the sweep under way answers none.
    pub async fn end_idle_demo_shoppers(&self, now: Timestamp, batch: u32) -> Result<Vec<ShopperId>, Error> {
        self.write(move |c| {
            if !(super::engine::dialect(c).try_lock)(c, SWEEP_LOCK)? {
                return Ok(Vec::new());
            }
            demo_count::hold(c)?;
            let idle: Vec<ShopperId> = c.query(
                "SELECT id FROM users WHERE demo_ends_at <= ?1 ORDER BY demo_ends_at, id LIMIT ?2",
                args![now.millis(), i64::from(batch)],
                |r| r.get(0),
            )?;
            end(c, &idle, Some(now))
        })
        .await
    }

    /// Whether the demo shopper has not ended.
    pub async fn demo_shopper_alive(&self, user_id: ShopperId) -> Result<bool, Error> {
        self.read(move |c| {
            c.query_one(
                "SELECT EXISTS (SELECT 1 FROM users WHERE id = ?1 AND demo_ends_at IS NOT NULL)",
                args![user_id],
                |r| r.get(0),
            )
        })
        .await
    }

    /// How many demo shoppers are alive.
    pub async fn live_demo_shoppers(&self) -> Result<i64, Error> {
        self.read(demo_count::read).await
    }
}

/// The advisory lock the sweep holds on PostgreSQL for its transaction (beside the
/// migration and serving locks of `postgres/locks.rs`).
const SWEEP_LOCK: i64 = super::APPLICATION_ID as i64 + 2;

/// Ends the demo shoppers among `ids` that are still there (and, with `due`, still due
/// by then: a request may have kept one alive since it was picked); answers those it
/// ended.
fn end(c: &mut Conn, ids: &[ShopperId], due: Option<Timestamp>) -> Result<Vec<ShopperId>, Error> {
    let mut ended = Vec::with_capacity(ids.len());
    // The row lock: a checkout of this shopper elsewhere finishes first, and a second
    // server ending it at once finds it gone and returns nothing twice.
    let lock = super::engine::dialect(c).row_lock;
    let alive_sql = format!(
        "SELECT id FROM users WHERE id = ?1 AND demo_ends_at IS NOT NULL AND demo_ends_at <= ?2{lock}"
    );
    for &id in ids {
        let by = due.map_or(i64::MAX, Timestamp::millis);
        let alive = c.query_opt(&alive_sql, args![id, by], |r| r.get::<i64>(0))?;
        if alive.is_none() {
            continue;
        }
        // Claimed by one statement, as staff cancelling one of them at once would: the
        // units go back once, by whichever comes first.
        let unshipped: Vec<OrderId> = c.query(
            "UPDATE orders SET status = ?2, status_changed_at = ?3 WHERE user_id = ?1 AND status IN (?4, ?5)
             RETURNING id",
            args![
                id,
                OrderStatus::Cancelled.as_str(),
                Timestamp::now().millis(),
                OrderStatus::Received.as_str(),
                OrderStatus::Packed.as_str()
            ],
            |r| r.get(0),
        )?;
        for order_id in unshipped {
            return_stock(c, order_id)?;
        }
        // Its orders go with it, and every code they carry gets its use back.
        let carrying: Vec<OrderId> =
            c.query("SELECT order_id FROM promotion_uses WHERE user_id = ?1", args![id], |r| r.get(0))?;
        for order_id in carrying {
            give_back_use(c, order_id)?;
        }
        c.execute("DELETE FROM idempotency_keys WHERE user_id = ?1", args![id])?;
        // A demo shopper's money never left the test provider's book: nothing to pay
        // back, and its charges go with its orders, so a public demo's book stays small.
        c.execute(
            "DELETE FROM test_provider_refunds WHERE charge_id IN (
                 SELECT pay.intent_id FROM payments pay JOIN orders o ON o.id = pay.order_id
                 WHERE o.user_id = ?1 AND pay.provider = 'test')",
            args![id],
        )?;
        c.execute(
            "DELETE FROM test_provider_charges WHERE id IN (
                 SELECT pay.intent_id FROM payments pay JOIN orders o ON o.id = pay.order_id
                 WHERE o.user_id = ?1 AND pay.provider = 'test')",
            args![id],
        )?;
        for table in ["order_items", "refunds", "payments"] {
            c.execute(
                &format!("DELETE FROM {table} WHERE order_id IN (SELECT id FROM orders WHERE user_id = ?1)"),
                args![id],
            )?;
        }
        for table in [
            "mails",
            "password_resets",
            "email_changes",
            "stock_alerts",
            "orders",
            "reviews",
            "cart_items",
            "favorites",
            "sessions",
            "addresses",
            "stripe_checkouts",
        ] {
            c.execute(&format!("DELETE FROM {table} WHERE user_id = ?1"), args![id])?;
        }
        c.execute("DELETE FROM users WHERE id = ?1", args![id])?;
        ended.push(id);
    }
    Ok(ended)
}

/// A product of the showcase, as picking needs it.
struct Pick {
    id: i64,
    name: String,
    price: Cents,
    /// Sold by variant: a cart line or an order line would have to name one.
    by_variant: bool,
    in_stock: bool,
    rated: bool,
}

/// Two favorites, a cart line and a delivered order of two lines, from the showcase,
/// starting at a place the account's id picks (so visitors do not all see the same).
fn fill(c: &mut Conn, user_id: ShopperId) -> Result<(), Error> {
    let showcase: Vec<Pick> = c.query(
        "SELECT id, name, price_cents, options IS NOT NULL, stock > 0, review_count > 0
         FROM products WHERE archived_at IS NULL ORDER BY id LIMIT ?1",
        args![SHOWCASE],
        |r| {
            Ok(Pick {
                id: r.get(0)?,
                name: r.get(1)?,
                price: Cents(r.get(2)?),
                by_variant: r.get(3)?,
                in_stock: r.get(4)?,
                rated: r.get(5)?,
            })
        },
    )?;
    if showcase.is_empty() {
        return Ok(());
    }
    let start = (user_id.0.unsigned_abs() as usize).wrapping_mul(7) % showcase.len();
    let order: Vec<&Pick> = showcase.iter().cycle().skip(start).take(showcase.len()).collect();
    let mut taken = Vec::new();
    let favorites = choose(&order, &mut taken, |p| p.rated, 2);
    let cart = choose(&order, &mut taken, |p| !p.by_variant && p.in_stock, 1);
    let ordered = choose(&order, &mut taken, |p| !p.by_variant, 2);

    let now = Timestamp::now().millis();
    for (i, p) in favorites.iter().enumerate() {
        c.execute(
            "INSERT INTO favorites (user_id, product_id, created_at) VALUES (?1, ?2, ?3)",
            args![user_id, p.id, now - (i as i64 + 1) * DAY_MS],
        )?;
    }
    for p in &cart {
        c.execute(
            "INSERT INTO cart_items (user_id, product_id, created_at) VALUES (?1, ?2, ?3)",
            args![user_id, p.id, now],
        )?;
    }
    if !ordered.is_empty() {
        // History: delivered before the visitor came, so it took no stock.
        let q = quote(ordered.iter().map(|p| p.price));
        let placed = now - ORDER_AGE_DAYS * DAY_MS;
        let order_id: OrderId = c.query_one(
            "INSERT INTO orders (user_id, subtotal_cents, discount_cents, total_cents, status, created_at, status_changed_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) RETURNING id",
            args![
                user_id,
                q.subtotal.0,
                q.discount.0,
                q.total.0,
                OrderStatus::Delivered.as_str(),
                placed,
                placed + DELIVERED_AFTER_DAYS * DAY_MS
            ],
            |r| r.get(0),
        )?;
        for p in &ordered {
            c.execute(
                "INSERT INTO order_items (order_id, product_id, name, price_cents) VALUES (?1, ?2, ?3, ?4)",
                args![order_id, p.id, &p.name, p.price.0],
            )?;
        }
        paid_with_redcard(c, order_id, q.total, Timestamp(placed))?;
    }
    Ok(())
}

/// The first `n` of `order` that `want` takes and nothing took before; notes them taken.
fn choose<'a>(
    order: &[&'a Pick],
    taken: &mut Vec<i64>,
    want: impl Fn(&Pick) -> bool,
    n: usize,
) -> Vec<&'a Pick> {
    let chosen: Vec<&'a Pick> =
        order.iter().copied().filter(|p| !taken.contains(&p.id) && want(p)).take(n).collect();
    taken.extend(chosen.iter().map(|p| p.id));
    chosen
}
