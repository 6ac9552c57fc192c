//! How the storage is coping, for `/metrics`: what both engines' pools and SQLite's
//! writer count.

use std::sync::Arc;

use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};

/// How the storage is coping, for `/metrics`.
#[derive(Debug)]
pub struct DbMetrics {
    /// Seconds a call waited for a pooled connection: a read's on SQLite (the readers'
    /// pool), any call's on PostgreSQL.
    pub pool_wait: Histogram,
    /// Calls that gave up waiting for a pooled connection.
    pub pool_timeouts: Counter,
    /// Writes sent to the writer thread and not yet taken up.
    pub write_queue: Gauge,
    /// Writes committed together, per commit.
    pub group_commit: Histogram,
}

impl Default for DbMetrics {
    fn default() -> Self {
        DbMetrics {
            pool_wait: Histogram::new(exponential_buckets(0.000_01, 4.0, 10)),
            pool_timeouts: Counter::default(),
            write_queue: Gauge::default(),
            group_commit: Histogram::new(exponential_buckets(1.0, 2.0, 9)),
        }
    }
}

/// r2d2 tells how long each checkout of a connection took.
#[derive(Debug)]
pub(super) struct PoolEvents(pub(super) Arc<DbMetrics>);

impl r2d2::HandleEvent for PoolEvents {
    fn handle_checkout(&self, event: r2d2::event::CheckoutEvent) {
        self.0.pool_wait.observe(event.duration().as_secs_f64());
    }

    fn handle_timeout(&self, _: r2d2::event::TimeoutEvent) {
        self.0.pool_timeouts.inc();
    }
}
