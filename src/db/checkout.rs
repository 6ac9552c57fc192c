//! The checkout's choices as the store keeps them (docs/rules.md#checkout): the shipping
//! methods, promotion codes and tax rates, read the same way by the storefront and the
//! back office; and a cart priced under a shopper's choice, which the quote and the order
//! both make with [`price_checkout`], so they cannot disagree.

use super::conn::{Conn, Row, args};
use super::{Db, Error, addresses, cart};
use crate::domain::cart::CartLine;
use crate::domain::checkout::{Choice, CodeRefusal, Promotion, PromotionKind, ShippingMethod, normal_code};
use crate::domain::payments::Method;
use crate::domain::pricing::{Quote, TaxRate, Terms, price};
use crate::domain::ship_to::ShipTo;
use crate::domain::{Cents, Rejection, ShopperId, Thing, Timestamp};

/// The columns [`method`] reads, of `shipping_methods m`.
pub(super) const METHOD_COLUMNS: &str =
    "m.id, m.name, m.price_cents, m.free_over_cents, m.days, m.is_default, m.archived_at IS NOT NULL";

pub(super) fn method(r: &Row) -> Result<ShippingMethod, Error> {
    Ok(ShippingMethod {
        id: r.get(0)?,
        name: r.get(1)?,
        price: Cents(r.get(2)?),
        free_over: r.get::<Option<i64>>(3)?.map(Cents),
        days: r.get(4)?,
        is_default: r.get(5)?,
        archived: r.get(6)?,
    })
}

/// The columns [`promotion`] reads, of `promotions p`.
pub(super) const PROMOTION_COLUMNS: &str =
    "p.id, p.code, p.kind, p.value, p.min_subtotal_cents, p.starts_at, p.ends_at,
     p.usage_limit, p.once_per_shopper, p.uses, p.created_at";

pub(super) fn promotion(r: &Row) -> Result<Promotion, Error> {
    let kind: String = r.get(2)?;
    Ok(Promotion {
        id: r.get(0)?,
        code: r.get(1)?,
        kind: PromotionKind::parse(&kind)
            .ok_or_else(|| Error::other(format!("a promotion of unknown kind {kind:?}")))?,
        value: r.get(3)?,
        min_subtotal: Cents(r.get(4)?),
        starts_at: r.get::<Option<i64>>(5)?.map(Timestamp),
        ends_at: r.get::<Option<i64>>(6)?.map(Timestamp),
        usage_limit: r.get(7)?,
        once_per_shopper: r.get(8)?,
        uses: r.get(9)?,
        created_at: Timestamp(r.get(10)?),
    })
}

/// The methods a shopper may choose: every one not archived, the default first, then
/// the cheapest.
pub(super) fn shipping_methods(c: &mut Conn) -> Result<Vec<ShippingMethod>, Error> {
    c.query(
        &format!(
            "SELECT {METHOD_COLUMNS} FROM shipping_methods m WHERE m.archived_at IS NULL
             ORDER BY m.is_default DESC, m.price_cents, m.id"
        ),
        &[],
        method,
    )
}

/// A cart priced under a shopper's choice: what a quote answers and an order keeps.
#[derive(Debug, Clone)]
pub struct Checkout {
    pub lines: Vec<CartLine>,
    pub quote: Quote,
    /// The address chosen (`None` for the spec's fixed one) and where it ships.
    pub address_id: Option<i64>,
    pub ship_to: ShipTo,
    pub method: ShippingMethod,
    pub promotion: Option<Promotion>,
    pub tax_region: Option<String>,
    pub tax_rate: TaxRate,
    /// How it is to be paid.
    pub payment: Method,
}

/// Prices `user_id`'s cart under `choice`, in the caller's read or transaction: the
/// address (the shopper's own, or their default, or the spec's fixed one), the method
/// (one not archived, or the default), the region's tax rate, and the code if it may be
/// used now (refused as a quote's 400, or, `ordering`, an order's 409).
pub(super) fn price_checkout(
    c: &mut Conn,
    user_id: ShopperId,
    choice: &Choice,
    ordering: bool,
) -> Result<Checkout, Error> {
    let lines = cart::lines(c, user_id)?;
    if lines.is_empty() {
        return Err(Rejection::EmptyCart.into());
    }
    let (address_id, ship_to) = match choice.address_id {
        Some(id) => (Some(id), addresses::owned(c, user_id, id)?.fields),
        None => match addresses::default_of(c, user_id)? {
            Some(address) => (Some(address.id), address.fields),
            None => (None, ShipTo::fixed()),
        },
    };
    let method = chosen_method(c, choice.shipping_method_id)?;
    let tax_region = ship_to.tax_region().map(str::to_owned);
    let tax_rate = match &tax_region {
        Some(region) => TaxRate(
            c.query_opt("SELECT rate_milli FROM tax_rates WHERE region = ?1", args![region], |r| r.get(0))?
                .unwrap_or(0),
        ),
        None => TaxRate(0),
    };
    let subtotal: Cents = lines.iter().map(|l| l.price).sum();
    let promotion = match choice.promotion_code.as_deref().map(normal_code).filter(|code| !code.is_empty()) {
        None => None,
        Some(code) => match usable_promotion(c, user_id, &code, subtotal)? {
            Ok(promotion) => Some(promotion),
            Err(refusal) if ordering => return Err(Rejection::OrderCodeRefused(refusal).into()),
            Err(refusal) => return Err(Rejection::CodeRefused(refusal).into()),
        },
    };
    let terms = Terms {
        discount: promotion.as_ref().map(Promotion::discount),
        delivery: method.delivery(),
        tax: tax_rate,
        redcard: choice.payment == Method::RedCard,
    };
    let quote = price(lines.iter().map(|l| l.price), &terms);
    Ok(Checkout {
        lines,
        quote,
        address_id,
        ship_to,
        method,
        promotion,
        tax_region,
        tax_rate,
        payment: choice.payment,
    })
}

fn chosen_method(c: &mut Conn, id: Option<i64>) -> Result<ShippingMethod, Error> {
    let sql = format!("SELECT {METHOD_COLUMNS} FROM shipping_methods m WHERE m.archived_at IS NULL");
    let found = match id {
        Some(id) => c.query_opt(&format!("{sql} AND m.id = ?1"), args![id], method)?,
        None => c.query_opt(&format!("{sql} AND m.is_default = TRUE"), &[], method)?,
    };
    found.ok_or(Error::NotFound(Thing::ShippingMethod))
}

/// The promotion of `code` if this shopper's cart of `subtotal` may use it now; the
/// refusal otherwise (the outer result is the database's).
fn usable_promotion(
    c: &mut Conn,
    user_id: ShopperId,
    code: &str,
    subtotal: Cents,
) -> Result<Result<Promotion, CodeRefusal>, Error> {
    // A shopper's earlier uses matter only to a code once per shopper (the CASE looks
    // for them only then).
    let sql = format!(
        "SELECT {PROMOTION_COLUMNS},
                CASE WHEN p.once_per_shopper THEN EXISTS (
                    SELECT 1 FROM promotion_uses u WHERE u.user_id = ?2 AND u.promotion_id = p.id
                ) ELSE FALSE END
         FROM promotions p WHERE p.code = ?1"
    );
    let found = c.query_opt(&sql, args![code, user_id], |r| Ok((promotion(r)?, r.get::<bool>(11)?)))?;
    let Some((promotion, used_before)) = found else { return Ok(Err(CodeRefusal::Unknown)) };
    Ok(match promotion.refusal(Timestamp::now(), subtotal, used_before) {
        Some(refusal) => Err(refusal),
        None => Ok(promotion),
    })
}

impl Db {
    /// The shipping methods a shopper may choose.
    pub async fn list_shipping_methods(&self) -> Result<Vec<ShippingMethod>, Error> {
        self.read(shipping_methods).await
    }

    /// The shopper's cart priced under `choice`, as an order would be now.
    pub async fn quote_checkout(&self, user_id: ShopperId, choice: Choice) -> Result<Checkout, Error> {
        self.read(move |c| price_checkout(c, user_id, &choice, false)).await
    }
}
