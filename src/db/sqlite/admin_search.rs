//! The back office's product search on SQLite: the words are matched once, into the
//! sorted ids of what they found, and the total and the page are read against those.
//!
//! Asked as one `WHERE ... AND p.id IN (matches)`, SQLite matched the words twice (the
//! count, then the page) and, for a common word, looked up every matching row for its
//! sort key and status: "pack", in 147,609 of a million names, took a third of a second.
//! Here a few matches are looked up by id and sorted; many are found by walking the
//! sort's own index (ids only) and keeping the ids that matched, which stops as soon as
//! the page is full: with one product in seven a match, page one reads some 200 entries.

use std::ops::ControlFlow;

use rusqlite::Connection;

use crate::db::Error;
use crate::db::conn::{Conn, Value};
use crate::db::dialect::AdminSearchAsk;
use crate::domain::listing::NearerEnd;

/// The page and total of the back office's list for `ask`'s words (`AdminSearch::Steps`).
pub(in crate::db) fn search(c: &mut Conn, ask: &AdminSearchAsk) -> Result<(Vec<i64>, u64), Error> {
    let Conn::Sqlite(c) = c else { unreachable!("SQLite's dialect runs on SQLite's connections") };
    let found = found(c, ask.typed, ask.expression)?;
    page(c, &found, ask)
}

/// The ids of the products whose name or brand match `expression` (FTS5), with the one
/// whose SKU is `q` and the one whose id is `q`: ascending, each once.
fn found(c: &Connection, q: &str, expression: Option<&str>) -> Result<Vec<i64>, Error> {
    let mut ids: Vec<i64> = Vec::new();
    if let Some(expression) = expression {
        let mut stmt = c.prepare_cached("SELECT rowid FROM product_search WHERE product_search MATCH ?1")?;
        let mut rows = stmt.query([expression])?;
        while let Some(row) = rows.next()? {
            ids.push(row.get(0)?);
        }
    }
    let id: Option<i64> = q.parse().ok();
    let mut stmt = c.prepare_cached("SELECT id FROM products WHERE sku = ?1 OR id = ?2")?;
    let mut rows = stmt.query(rusqlite::params![q, id])?;
    while let Some(row) = rows.next()? {
        ids.push(row.get(0)?);
    }
    ids.sort_unstable();
    ids.dedup();
    Ok(ids)
}

/// The page (`offset`, `limit`) of the `found` products that `listed` keeps, in its
/// order, and how many it keeps in all.
fn page(c: &Connection, found: &[i64], listed: &AdminSearchAsk) -> Result<(Vec<i64>, u64), Error> {
    let (offset, limit) = (listed.offset, listed.limit);
    if found.is_empty() {
        return Ok((Vec::new(), 0));
    }
    let catalog: i64 =
        c.prepare_cached("SELECT coalesce(max(id), 0) FROM products")?.query_row([], |r| r.get(0))?;
    // A walk reads about (the matches before the page, counted from the nearer end, and
    // the page) / (the share of the catalog that matched) index entries: some 0.12 µs
    // each at a million products. Looking the matches up reads one row each, some 1 µs.
    let matched = found.len() as f64;
    let before = (offset as f64).min((matched - (offset + limit) as f64).max(0.0));
    let walked = (before + limit as f64) * catalog.max(1) as f64 / matched;
    match walked < 8.0 * matched {
        true => walk(c, found, listed, offset, limit),
        false => look_up(c, found, listed, offset, limit),
    }
}

/// Each match's row looked up by id, the kept ones sorted.
fn look_up(
    c: &Connection,
    found: &[i64],
    listed: &AdminSearchAsk,
    offset: u64,
    limit: u64,
) -> Result<(Vec<i64>, u64), Error> {
    let ids = format!("[{}]", found.iter().map(i64::to_string).collect::<Vec<_>>().join(","));
    let sql = format!(
        "SELECT p.id FROM json_each(?) j CROSS JOIN products p ON p.id = j.value WHERE {} ORDER BY {}",
        listed.condition, listed.order
    );
    let mut params = vec![Value::Text(&ids)];
    params.extend_from_slice(listed.params);
    let mut stmt = c.prepare_cached(&sql)?;
    let kept: Vec<i64> =
        stmt.query_map(rusqlite::params_from_iter(&params), |r| r.get(0))?.collect::<Result<_, _>>()?;
    let total = kept.len() as u64;
    let page = kept.into_iter().skip(offset as usize).take(limit as usize).collect();
    Ok((page, total))
}

/// The sort's index walked in order (or from its other end, for a page past the middle),
/// keeping the ids that matched until the page is full.
fn walk(
    c: &Connection,
    found: &[i64],
    listed: &AdminSearchAsk,
    offset: u64,
    limit: u64,
) -> Result<(Vec<i64>, u64), Error> {
    let matched = |id: &i64| found.binary_search(id).is_ok();
    let total = match listed.only_on_sale {
        true => {
            let mut archived = 0;
            each_id(c, "SELECT id FROM products WHERE archived_at IS NOT NULL", &[], |id| {
                archived += u64::from(matched(&id));
                ControlFlow::Continue(())
            })?;
            found.len() as u64 - archived
        }
        false => {
            let mut kept = 0;
            each_id(
                c,
                &format!("SELECT p.id FROM products p WHERE {}", listed.condition),
                listed.params,
                |id| {
                    kept += u64::from(matched(&id));
                    ControlFlow::Continue(())
                },
            )?;
            kept
        }
    };
    if offset >= total {
        return Ok((Vec::new(), total));
    }
    let NearerEnd { backwards, skip, take } = NearerEnd::of(offset, limit, total);
    let order = if backwards { listed.reverse_order } else { listed.order };
    let sql = format!("SELECT p.id FROM {} WHERE {} ORDER BY {order}", listed.table, listed.condition);
    let (mut skipped, mut page) = (0, Vec::with_capacity(take as usize));
    each_id(c, &sql, listed.params, |id| {
        if matched(&id) {
            match skipped < skip {
                true => skipped += 1,
                false => page.push(id),
            }
        }
        match page.len() as u64 >= take {
            true => ControlFlow::Break(()),
            false => ControlFlow::Continue(()),
        }
    })?;
    if backwards {
        page.reverse();
    }
    Ok((page, total))
}

/// Steps through the ids `sql` answers until `each` breaks: rows past the break are
/// never read.
fn each_id(
    c: &Connection,
    sql: &str,
    params: &[Value],
    mut each: impl FnMut(i64) -> ControlFlow<()>,
) -> Result<(), Error> {
    let mut stmt = c.prepare_cached(sql)?;
    let mut rows = stmt.query(rusqlite::params_from_iter(params))?;
    while let Some(row) = rows.next()? {
        if each(row.get(0)?).is_break() {
            break;
        }
    }
    Ok(())
}
