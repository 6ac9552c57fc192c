//! The settler: finishes every payment step that comes after a commit (a capture, the
//! void of a cancelled order's hold, a refund promised), for the request that made the
//! commit and, every [`EVERY`], for whatever a stopped store or a failed provider call
//! left (docs/rules.md#payments). Each step is idempotent at the provider and recorded
//! by a conditional update, so two settlers on one order (two replicas) do it once.

use std::time::Duration;

use anyhow::Context;

use super::Payments;
use super::provider::{Provider, Voided};
use crate::db::Db;
use crate::domain::OrderId;
use crate::domain::payments::Authorization;

/// How often the settler looks for unfinished payments.
pub const EVERY: Duration = Duration::from_secs(30);
/// How old an unfinished step must be before the settler takes it over from the
/// request under way.
pub const AGE: Duration = Duration::from_secs(10);
/// Orders settled at most per round.
const BATCH: u32 = 200;

/// Captures the payment of an order just placed, for the request that placed it;
/// answers whether it is captured (if not, the settler finishes it).
pub async fn capture_new(db: &Db, payments: &Payments, order_id: OrderId, auth: &Authorization) -> bool {
    let captured = async {
        let provider = payments.named(auth.provider).context("no such provider")?;
        provider.capture(&auth.intent_id, auth.amount).await?;
        db.payment_captured(order_id, auth.amount).await?;
        anyhow::Ok(())
    };
    match captured.await {
        Ok(()) => true,
        Err(e) => {
            tracing::warn!(order = order_id.0, "capturing a payment failed; the settler tries again: {e}");
            false
        }
    }
}

/// Does what is left of order `order_id`'s payment; a failure is logged and left for
/// the next round.
pub async fn settle(db: &Db, payments: &Payments, order_id: OrderId) {
    if let Err(e) = try_settle(db, payments, order_id).await {
        tracing::warn!(order = order_id.0, "settling a payment failed; the settler tries again: {e}");
    }
}

async fn try_settle(db: &Db, payments: &Payments, order_id: OrderId) -> anyhow::Result<()> {
    let Some(left) = db.unsettled_payment(order_id).await? else { return Ok(()) };
    let Some(provider) = payments.named(&left.provider) else {
        anyhow::bail!("its provider {} is not one of this store's", left.provider);
    };
    if left.authorized {
        // A cancelled order's hold is released; one captured meanwhile is recorded as
        // captured, which promises its refund.
        if left.cancelled && provider.void(&left.intent_id).await? == Voided::Released {
            db.payment_voided(order_id).await?;
        } else {
            provider.capture(&left.intent_id, left.amount).await?;
            db.payment_captured(order_id, left.amount).await?;
        }
    }
    // A capture of a cancelled order promised its refund: read what is pending now.
    let refunds = match left.authorized && left.cancelled {
        true => db.unsettled_payment(order_id).await?.map(|l| l.refunds).unwrap_or_default(),
        false => left.refunds,
    };
    for (refund_id, amount) in refunds {
        let provider_id = provider.refund(&left.intent_id, amount, &format!("refund-{refund_id}")).await?;
        db.refund_sent(refund_id, provider_id).await?;
    }
    Ok(())
}

/// One round: settles every order left unfinished for `age` ([`AGE`]; none at start,
/// when no request of this server is under way, and one of another server's that is
/// finds its step done and records nothing twice), and has the test provider release
/// the holds no order kept.
pub async fn round(db: &Db, payments: &Payments, age: Duration) {
    match db.unsettled_orders(age, BATCH).await {
        Ok(ids) => {
            for order_id in ids {
                settle(db, payments, order_id).await;
            }
        }
        Err(e) => tracing::warn!("finding unsettled payments failed: {e}"),
    }
    match payments.release_orphans().await {
        Ok(0) => {}
        Ok(n) => tracing::info!("released {n} payment holds that no order kept"),
        Err(e) => tracing::warn!("releasing payment holds failed: {e}"),
    }
}
