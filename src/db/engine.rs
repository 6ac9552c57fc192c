//! Which engine the store runs on, and each connection's [`Dialect`]: the one place a
//! resource file learns what differs, without naming an engine. (Apart from `conn.rs`,
//! which the engines' dialects name, so that it need not name them.)

use super::conn::Conn;
use super::dialect::Dialect;

/// Which engine a store talks to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    Sqlite,
    Postgres,
}

/// The statements that differ on `c`'s engine.
pub(super) fn dialect(c: &Conn) -> &'static Dialect {
    match c {
        Conn::Sqlite(_) => &super::sqlite::dialect::DIALECT,
        Conn::Postgres(_) => &super::postgres::dialect::DIALECT,
    }
}
