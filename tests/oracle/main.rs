//! The pricing rule against an oracle (`pricing.rs`), in a test binary of its own: its
//! 10,000 carts keep eight shoppers ordering for a minute, which would starve the API
//! suite's tests that wait on a clock (servers starting together, changes reaching
//! replicas) if it ran beside them. Cargo runs test binaries one after another.

#[allow(dead_code)]
#[path = "../api/helpers.rs"]
mod helpers;

#[allow(dead_code)]
#[path = "../api/checkout/setup.rs"]
mod checkout;

mod pricing;
mod sql;
