//! One connection to PostgreSQL, as the pool keeps it: its client, the statements it
//! has prepared, and SQLite's parameters (`?N`, `?`) numbered as PostgreSQL wants them.
//! [`Conn`](crate::db::conn::Conn) runs the shared SQL through it.

use std::collections::HashMap;

use postgres::{Client, Statement};

use crate::db::Error;

/// Prepared statements kept per connection; past it they are all dropped.
const MAX_STATEMENTS: usize = 256;

/// A pooled connection and the statements it has prepared.
pub struct PgConn {
    /// `Some` until dropped (see `Drop`).
    client: Option<Client>,
    statements: HashMap<String, Statement>,
    /// Inside a transaction [`PgConn::transaction`] opened: a connection given back in
    /// that state (a panic on the way) is dropped by the pool rather than reused.
    pub(super) in_transaction: bool,
    /// The last transaction got past its BEGIN: if the connection died after that, the
    /// write may have happened, and is not run again.
    pub(super) began: bool,
}

impl PgConn {
    pub(super) fn new(client: Client) -> PgConn {
        PgConn { client: Some(client), statements: HashMap::new(), in_transaction: false, began: false }
    }

    pub(super) fn client(&mut self) -> &mut Client {
        self.client.as_mut().expect("a connection has its client until it is dropped")
    }

    fn statement(&mut self, sql: &str) -> Result<Statement, Error> {
        if let Some(statement) = self.statements.get(sql) {
            return Ok(statement.clone());
        }
        let statement = self.client().prepare(&numbered(sql))?;
        if self.statements.len() >= MAX_STATEMENTS {
            self.statements.clear();
        }
        self.statements.insert(sql.to_owned(), statement.clone());
        Ok(statement)
    }

    pub(in crate::db) fn query(
        &mut self,
        sql: &str,
        params: &[&(dyn postgres::types::ToSql + Sync)],
    ) -> Result<Vec<postgres::Row>, Error> {
        let statement = self.statement(sql)?;
        Ok(self.client().query(&statement, params)?)
    }

    pub(in crate::db) fn execute(
        &mut self,
        sql: &str,
        params: &[&(dyn postgres::types::ToSql + Sync)],
    ) -> Result<u64, Error> {
        let statement = self.statement(sql)?;
        Ok(self.client().execute(&statement, params)?)
    }

    pub(in crate::db) fn batch(&mut self, sql: &str) -> Result<(), Error> {
        Ok(self.client().batch_execute(sql)?)
    }
}

/// Closing a connection blocks on the client's own runtime, which cannot run on a thread
/// that drives the server's tasks (where the last handle on the pool may go, when the
/// server stops): there the client is closed on a thread of its own.
impl Drop for PgConn {
    fn drop(&mut self) {
        if let Some(client) = self.client.take()
            && tokio::runtime::Handle::try_current().is_ok()
        {
            let _ = std::thread::Builder::new().name("pg-close".into()).spawn(move || drop(client));
        }
    }
}

/// `sql` with PostgreSQL's parameters: `?N` becomes `$N`, and each bare `?` the next
/// number. Quoted text and identifiers are left alone.
pub fn numbered(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len() + 8);
    let mut next = 0;
    let mut quote: Option<char> = None;
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => {
                quote = None;
                out.push(c);
            }
            (Some(_), c) => out.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                out.push(c);
            }
            (None, '?') => {
                let mut digits = String::new();
                while let Some(d) = chars.peek().filter(|d| d.is_ascii_digit()) {
                    digits.push(*d);
                    chars.next();
                }
                out.push('$');
                if digits.is_empty() {
                    next += 1;
                    out.push_str(&next.to_string());
                } else {
                    out.push_str(&digits);
                }
            }
            (None, c) => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_are_numbered_as_postgresql_wants_them() {
        assert_eq!(numbered("SELECT ?1, ?2 WHERE a = ?1"), "SELECT $1, $2 WHERE a = $1");
        assert_eq!(numbered("a IN (?, ?) AND b = ?"), "a IN ($1, $2) AND b = $3");
        assert_eq!(
            numbered("SELECT '?', \"x?\" FROM t WHERE c = ?"),
            "SELECT '?', \"x?\" FROM t WHERE c = $1"
        );
        assert_eq!(numbered("?10"), "$10");
    }
}
