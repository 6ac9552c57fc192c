//! One connection, of either engine, for the statements the two engines share.
//!
//! Most of the store's SQL reads the same in SQLite and PostgreSQL once a few habits are
//! kept (CAST a parameter whose type the statement cannot tell, `count(*) FILTER`, no
//! engine functions); the resource modules write it once, with `?N` or `?` parameters,
//! and run it through a [`Conn`]. What does differ (full-text search, migrations, the
//! change log's reading, locks) lives in `sqlite/` and `postgres/`, one place per
//! engine. Parameters are [`Value`]s and columns are read through [`Row::get`], so no
//! engine's types leave this module and its two engine folders.

use super::Error;
use super::postgres::connection::PgConn;
use crate::domain::ids::Id;

/// A connection inside the read or write the store opened on it: SQLite's (inside its
/// transaction) or PostgreSQL's (inside its `BEGIN`).
pub enum Conn<'a> {
    Sqlite(&'a rusqlite::Connection),
    Postgres(&'a mut PgConn),
}

/// A statement's parameter.
#[derive(Debug, Clone, Copy)]
pub enum Value<'v> {
    Null,
    Int(i64),
    Text(&'v str),
    /// A picture's bytes (`BLOB`, `bytea`).
    Bytes(&'v [u8]),
    /// A flag: SQLite's 0 or 1, PostgreSQL's `boolean`.
    Bool(bool),
}

impl From<bool> for Value<'_> {
    fn from(b: bool) -> Self {
        Value::Bool(b)
    }
}

impl<'v> From<&'v [u8]> for Value<'v> {
    fn from(b: &'v [u8]) -> Self {
        Value::Bytes(b)
    }
}

impl From<i64> for Value<'_> {
    fn from(n: i64) -> Self {
        Value::Int(n)
    }
}

impl From<u32> for Value<'_> {
    fn from(n: u32) -> Self {
        Value::Int(n.into())
    }
}

impl From<usize> for Value<'_> {
    fn from(n: usize) -> Self {
        Value::Int(n as i64)
    }
}

impl<'v> From<&'v str> for Value<'v> {
    fn from(s: &'v str) -> Self {
        Value::Text(s)
    }
}

impl<'v> From<&'v String> for Value<'v> {
    fn from(s: &'v String) -> Self {
        Value::Text(s)
    }
}

/// An id is its row's number.
impl<T: Id> From<T> for Value<'_> {
    fn from(id: T) -> Self {
        Value::Int(id.get())
    }
}

impl<'v, T: Into<Value<'v>>> From<Option<T>> for Value<'v> {
    fn from(v: Option<T>) -> Self {
        v.map_or(Value::Null, Into::into)
    }
}

/// `args![a, b]`: a statement's parameters, in order.
macro_rules! args {
    ($($value:expr),* $(,)?) => {
        &[$($crate::db::conn::Value::from($value)),*] as &[$crate::db::conn::Value]
    };
}
pub(crate) use args;

impl rusqlite::ToSql for Value<'_> {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        use rusqlite::types::{ToSqlOutput, ValueRef};
        Ok(ToSqlOutput::Borrowed(match *self {
            Value::Null => ValueRef::Null,
            Value::Int(n) => ValueRef::Integer(n),
            Value::Text(s) => ValueRef::Text(s.as_bytes()),
            Value::Bytes(b) => ValueRef::Blob(b),
            Value::Bool(b) => ValueRef::Integer(i64::from(b)),
        }))
    }
}

impl postgres::types::ToSql for Value<'_> {
    fn to_sql(
        &self,
        ty: &postgres::types::Type,
        out: &mut bytes::BytesMut,
    ) -> Result<postgres::types::IsNull, Box<dyn std::error::Error + Sync + Send>> {
        use postgres::types::Type;
        match *self {
            Value::Null => Ok(postgres::types::IsNull::Yes),
            // The server decides a parameter's type from where it stands; an integer is
            // sent at the width asked for, and refused if it does not fit.
            Value::Int(n) => match *ty {
                Type::INT8 => n.to_sql(ty, out),
                Type::INT4 => i32::try_from(n)?.to_sql(ty, out),
                Type::INT2 => i16::try_from(n)?.to_sql(ty, out),
                _ => Err(format!("an integer was sent for a parameter of type {ty}").into()),
            },
            Value::Text(s) => s.to_sql(ty, out),
            Value::Bytes(b) => b.to_sql(ty, out),
            Value::Bool(b) => match *ty {
                Type::BOOL => b.to_sql(ty, out),
                _ => Err(format!("a flag was sent for a parameter of type {ty}").into()),
            },
        }
    }

    fn accepts(ty: &postgres::types::Type) -> bool {
        use postgres::types::Type;
        matches!(*ty, Type::INT8 | Type::INT4 | Type::INT2 | Type::BYTEA | Type::BOOL)
            || <&str as postgres::types::ToSql>::accepts(ty)
    }

    postgres::types::to_sql_checked!();
}

/// One row of a result, of either engine.
pub enum Row<'r> {
    Sqlite(&'r rusqlite::Row<'r>),
    Postgres(&'r postgres::Row),
}

impl Row<'_> {
    /// Column `at` (from 0) as a `T`.
    pub fn get<T: Column>(&self, at: usize) -> Result<T, Error> {
        match self {
            Row::Sqlite(r) => Ok(T::from_sqlite(r, at)?),
            Row::Postgres(r) => T::from_postgres(r, at),
        }
    }
}

/// A Rust type a column can be read as, in either engine.
pub trait Column: Sized {
    fn from_sqlite(row: &rusqlite::Row, at: usize) -> rusqlite::Result<Self>;
    fn from_postgres(row: &postgres::Row, at: usize) -> Result<Self, Error>;
}

/// PostgreSQL's integers come in three widths (`count(*)` is 64 bits, a plain `integer`
/// column 32); all of them are read as `i64`.
fn pg_int(row: &postgres::Row, at: usize) -> Result<Option<i64>, Error> {
    use postgres::types::Type;
    Ok(match *row.columns()[at].type_() {
        Type::INT4 => row.try_get::<_, Option<i32>>(at)?.map(i64::from),
        Type::INT2 => row.try_get::<_, Option<i16>>(at)?.map(i64::from),
        _ => row.try_get::<_, Option<i64>>(at)?,
    })
}

impl Column for i64 {
    fn from_sqlite(row: &rusqlite::Row, at: usize) -> rusqlite::Result<Self> {
        row.get(at)
    }

    fn from_postgres(row: &postgres::Row, at: usize) -> Result<Self, Error> {
        pg_int(row, at)?.ok_or_else(|| Error::other(format!("column {at} is null")))
    }
}

impl Column for Option<i64> {
    fn from_sqlite(row: &rusqlite::Row, at: usize) -> rusqlite::Result<Self> {
        row.get(at)
    }

    fn from_postgres(row: &postgres::Row, at: usize) -> Result<Self, Error> {
        pg_int(row, at)
    }
}

/// An id column, read as its type (`r.get::<ProductId>(0)`).
impl<T: Id + From<i64>> Column for T {
    fn from_sqlite(row: &rusqlite::Row, at: usize) -> rusqlite::Result<Self> {
        row.get::<_, i64>(at).map(T::from)
    }

    fn from_postgres(row: &postgres::Row, at: usize) -> Result<Self, Error> {
        i64::from_postgres(row, at).map(T::from)
    }
}

impl<T: Id + From<i64>> Column for Option<T> {
    fn from_sqlite(row: &rusqlite::Row, at: usize) -> rusqlite::Result<Self> {
        row.get::<_, Option<i64>>(at).map(|id| id.map(T::from))
    }

    fn from_postgres(row: &postgres::Row, at: usize) -> Result<Self, Error> {
        pg_int(row, at).map(|id| id.map(T::from))
    }
}

impl Column for String {
    fn from_sqlite(row: &rusqlite::Row, at: usize) -> rusqlite::Result<Self> {
        row.get(at)
    }

    fn from_postgres(row: &postgres::Row, at: usize) -> Result<Self, Error> {
        Ok(row.try_get(at)?)
    }
}

impl Column for Option<String> {
    fn from_sqlite(row: &rusqlite::Row, at: usize) -> rusqlite::Result<Self> {
        row.get(at)
    }

    fn from_postgres(row: &postgres::Row, at: usize) -> Result<Self, Error> {
        Ok(row.try_get(at)?)
    }
}

impl Column for Vec<u8> {
    fn from_sqlite(row: &rusqlite::Row, at: usize) -> rusqlite::Result<Self> {
        row.get(at)
    }

    fn from_postgres(row: &postgres::Row, at: usize) -> Result<Self, Error> {
        Ok(row.try_get(at)?)
    }
}

impl Column for bool {
    fn from_sqlite(row: &rusqlite::Row, at: usize) -> rusqlite::Result<Self> {
        row.get(at)
    }

    fn from_postgres(row: &postgres::Row, at: usize) -> Result<Self, Error> {
        Ok(row.try_get(at)?)
    }
}

impl Conn<'_> {
    /// Every row of `sql`, each made into a `T` by `each`.
    pub fn query<T>(
        &mut self,
        sql: &str,
        args: &[Value],
        mut each: impl FnMut(&Row) -> Result<T, Error>,
    ) -> Result<Vec<T>, Error> {
        match self {
            Conn::Sqlite(c) => {
                let mut stmt = c.prepare_cached(sql)?;
                let mut rows = stmt.query(rusqlite::params_from_iter(args))?;
                let mut found = Vec::new();
                while let Some(row) = rows.next()? {
                    found.push(each(&Row::Sqlite(row))?);
                }
                Ok(found)
            }
            Conn::Postgres(c) => {
                c.query(sql, &params(args))?.iter().map(|row| each(&Row::Postgres(row))).collect()
            }
        }
    }

    /// The first row of `sql`, if any.
    pub fn query_opt<T>(
        &mut self,
        sql: &str,
        args: &[Value],
        each: impl FnOnce(&Row) -> Result<T, Error>,
    ) -> Result<Option<T>, Error> {
        match self {
            Conn::Sqlite(c) => {
                let mut stmt = c.prepare_cached(sql)?;
                let mut rows = stmt.query(rusqlite::params_from_iter(args))?;
                rows.next()?.map(|row| each(&Row::Sqlite(row))).transpose()
            }
            Conn::Postgres(c) => {
                c.query(sql, &params(args))?.first().map(|row| each(&Row::Postgres(row))).transpose()
            }
        }
    }

    /// The one row `sql` answers (an aggregate, an `INSERT ... RETURNING`).
    pub fn query_one<T>(
        &mut self,
        sql: &str,
        args: &[Value],
        each: impl FnOnce(&Row) -> Result<T, Error>,
    ) -> Result<T, Error> {
        self.query_opt(sql, args, each)?
            .ok_or_else(|| Error::other("a statement that answers one row answered none"))
    }

    /// Runs `sql`; answers how many rows it changed.
    pub fn execute(&mut self, sql: &str, args: &[Value]) -> Result<u64, Error> {
        match self {
            Conn::Sqlite(c) => Ok(c.prepare_cached(sql)?.execute(rusqlite::params_from_iter(args))? as u64),
            Conn::Postgres(c) => c.execute(sql, &params(args)),
        }
    }

    /// Runs `f` so that when it fails, what it did is undone and the transaction goes on
    /// (a savepoint): after a failed statement PostgreSQL refuses every other one of
    /// the transaction, and a write may want to ask why it failed.
    pub fn attempt<T>(&mut self, f: impl FnOnce(&mut Conn) -> Result<T, Error>) -> Result<T, Error> {
        self.batch("SAVEPOINT attempt")?;
        match f(self) {
            Ok(value) => {
                self.batch("RELEASE SAVEPOINT attempt")?;
                Ok(value)
            }
            Err(e) => {
                self.batch("ROLLBACK TO SAVEPOINT attempt; RELEASE SAVEPOINT attempt")?;
                Err(e)
            }
        }
    }

    /// Runs statements without parameters, one after another.
    pub fn batch(&mut self, sql: &str) -> Result<(), Error> {
        match self {
            Conn::Sqlite(c) => Ok(c.execute_batch(sql)?),
            Conn::Postgres(c) => c.batch(sql),
        }
    }
}

/// `args` as PostgreSQL's client takes them.
fn params<'a>(args: &'a [Value]) -> Vec<&'a (dyn postgres::types::ToSql + Sync)> {
    args.iter().map(|a| a as _).collect()
}
