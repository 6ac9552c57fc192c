//! Catalog imports (docs/architecture.md#catalog-imports). An import is checked whole
//! before anything in the catalog changes, then applied in short steps, so shoppers'
//! writes never wait behind it for more than one step:
//!
//! 1. `checking`: the file's rows, each already checked on its own, wait in
//!    `product_import_rows`; then what needs the catalog is checked (ids that exist,
//!    SKUs nobody else holds, no product named twice). Any problem: the import is
//!    `failed`, its rows go, and the catalog never saw it.
//! 2. `applying`: steps of [`STEP`] rows in file order, each one transaction that moves
//!    `applied` forward only from where it stood (two servers cannot apply a step twice).
//! 3. `done` (with an audit entry for the whole import) or, left by a server that
//!    stopped, finished by the next one that looks: an import is never left half-applied.
//!    One left while `checking` changed nothing and is dropped.

use std::sync::Arc;

use serde_json::json;

use super::audit::record;
use super::product_effects;
use crate::db::conn::{Conn, Value, args};
use crate::db::{Db, Error};
use crate::domain::admin::audit::{Actor, Entry};
use crate::domain::admin::catalog_csv::{CsvProblem, ImportRow, options_cell};
use crate::domain::variants;
use crate::domain::{ProductId, Rejection, Thing, Timestamp};

/// Rows applied in one transaction: some 25 ms of price changes at a million products
/// on SQLite (each moves three index entries), which a checkout beside it may wait
/// for, three times (two cart adds and the order).
pub const STEP: i64 = 250;
/// Rows put to wait in one transaction while a file is read.
const STAGE_STEP: usize = 1_000;
/// Rows deleted in one transaction when an import's waiting rows go.
const SWEEP_STEP: i64 = 5_000;
/// Variants' rows whose named values are checked at once.
const NAMED_CHUNK: i64 = 5_000;
/// At most this many problems are listed (all are counted).
pub const LISTED_PROBLEMS: usize = 1_000;

/// Where an import stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProductImport {
    pub id: i64,
    pub status: String,
    pub rows: i64,
    pub applied: i64,
    pub created: i64,
    pub updated: i64,
    pub started_at: Timestamp,
    pub finished_at: Option<Timestamp>,
    pub message: Option<String>,
}

const IMPORT_COLUMNS: &str = "id, status, rows, applied, created, updated, started_at, finished_at, message";

fn product_import(r: &crate::db::conn::Row) -> Result<ProductImport, Error> {
    Ok(ProductImport {
        id: r.get(0)?,
        status: r.get(1)?,
        rows: r.get(2)?,
        applied: r.get(3)?,
        created: r.get(4)?,
        updated: r.get(5)?,
        started_at: Timestamp(r.get(6)?),
        finished_at: r.get::<Option<i64>>(7)?.map(Timestamp),
        message: r.get(8)?,
    })
}

/// What the catalog-wide checks found: the first problems, and how many in all.
pub struct Findings {
    pub problems: Vec<CsvProblem>,
    pub count: u64,
}

/// What one step did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// More rows wait.
    More,
    /// The last rows are in: the import is done.
    Done,
    /// Another server moved the import on (or it is not applying): this one stops.
    Elsewhere,
}

impl Db {
    /// Starts an import by `actor`, refused while another is being checked or applied.
    pub async fn begin_import(&self, actor: Actor) -> Result<i64, Error> {
        self.write(move |c| {
            let now = Timestamp::now().millis();
            let id: Option<i64> = c.query_opt(
                "INSERT INTO product_imports (status, actor_id, actor, started_at, touched_at)
                 SELECT 'checking', ?1, ?2, ?3, ?3
                 WHERE NOT EXISTS (SELECT 1 FROM product_imports WHERE status IN ('checking', 'applying'))
                 RETURNING id",
                args![actor.id, &actor.name, now],
                |r| r.get(0),
            )?;
            id.ok_or_else(|| Rejection::NotNow(ANOTHER_IMPORT).into())
        })
        .await
    }

    /// Adds checked rows to the import's waiting rows, [`STAGE_STEP`] rows a write.
    pub async fn stage_import_rows(&self, id: i64, rows: Vec<ImportRow>) -> Result<(), Error> {
        let rows = Arc::new(rows);
        for from in (0..rows.len()).step_by(STAGE_STEP) {
            let rows = rows.clone();
            // Redoable: an import cut off while its rows are put to wait is dropped.
            self.write_redoable(move |c| {
                let to = (from + STAGE_STEP).min(rows.len());
                for chunk in rows[from..to].chunks(500) {
                    stage(c, id, chunk)?;
                }
                touch(c, id)
            })
            .await?;
        }
        Ok(())
    }

    /// The checks that need the catalog, over every waiting row: a row's SKU alone names
    /// the product that has it (or none: a new product).
    ///
    /// The checks read a snapshot beside the writer, not in it: over a million rows they
    /// take seconds, which shoppers' writes would wait for. Nothing they look at can change
    /// meanwhile: staff's product changes wait while an import is checked
    /// ([`refuse_during_import`]), and shoppers' writes change neither ids nor SKUs.
    pub async fn check_import(&self, id: i64) -> Result<Findings, Error> {
        self.write(move |c| {
            c.execute(
                "UPDATE product_import_rows SET product_id = (SELECT p.id FROM products p WHERE p.sku = product_import_rows.sku)
                 WHERE import_id = ?1 AND product_id IS NULL AND sku IS NOT NULL",
                args![id],
            )?;
            touch(c, id)
        })
        .await?;
        self.read_snapshot(move |c| {
            let mut found = Findings { problems: Vec::new(), count: 0 };
            run_catalog_checks(c, id, &mut found)?;
            check_named_values(c, id, &mut found)?;
            found.problems.sort_by_key(|p| p.row);
            found.problems.truncate(LISTED_PROBLEMS);
            Ok(found)
        })
        .await
    }

    /// Says that import `id` is still being checked, so no server takes it for one left
    /// by a server that stopped (`config::Imports`).
    pub async fn keep_import(&self, id: i64) -> Result<(), Error> {
        self.write(move |c| {
            c.execute(
                "UPDATE product_imports SET touched_at = ?2 WHERE id = ?1 AND status = 'checking'",
                args![id, Timestamp::now().millis()],
            )?;
            Ok(())
        })
        .await
    }

    /// Ends an import that will not be applied (`message` says why) and lets its rows go.
    pub async fn drop_import(&self, id: i64, message: String) -> Result<(), Error> {
        self.write(move |c| {
            c.execute(
                "UPDATE product_imports SET status = 'failed', finished_at = ?2, touched_at = ?2, message = ?3
                 WHERE id = ?1 AND status = 'checking'",
                args![id, Timestamp::now().millis(), &message],
            )?;
            Ok(())
        })
        .await?;
        self.sweep_import_rows(id).await
    }

    /// From checking to applying, once every row has passed.
    pub async fn start_applying(&self, id: i64, rows: i64) -> Result<ProductImport, Error> {
        self.write(move |c| {
            let moved = c.execute(
                "UPDATE product_imports SET status = 'applying', rows = ?2, touched_at = ?3
                 WHERE id = ?1 AND status = 'checking'",
                args![id, rows, Timestamp::now().millis()],
            )?;
            if moved == 0 {
                // Taken for left by another server (this one stalled for a minute).
                return Err(Rejection::NotNow(
                    "The import was given up while its file was checked; nothing was changed: send it again.",
                )
                .into());
            }
            find(c, id)?.ok_or(Error::NotFound(Thing::Import))
        })
        .await
    }

    /// Applies the next [`STEP`] rows of import `id`, in one transaction.
    pub async fn apply_import_step(&self, id: i64) -> Result<Step, Error> {
        // Redoable: a step lost at a power cut is applied again from `applied`.
        self.write_redoable(move |c| apply_step(c, id)).await
    }

    /// Deletes the waiting rows of an import that is over, a bounded number at a time.
    pub async fn sweep_import_rows(&self, id: i64) -> Result<(), Error> {
        loop {
            let deleted = self
                .write_redoable(move |c| {
                    c.execute(
                        "DELETE FROM product_import_rows WHERE import_id = ?1 AND row_no IN (
                             SELECT row_no FROM product_import_rows WHERE import_id = ?1 ORDER BY row_no LIMIT ?2)",
                        args![id, SWEEP_STEP],
                    )
                })
                .await?;
            if deleted == 0 {
                return Ok(());
            }
        }
    }

    pub async fn get_import(&self, id: i64) -> Result<Option<ProductImport>, Error> {
        self.read(move |c| find(c, id)).await
    }

    /// Imports left unfinished by a server that stopped: those nobody has touched for
    /// `idle_ms`. Those being checked are dropped here; those being applied are
    /// returned, for the caller to finish; the rows of those over are swept.
    pub async fn left_imports(&self, idle_ms: i64) -> Result<Vec<i64>, Error> {
        let before = Timestamp::now().millis() - idle_ms;
        let dropped: Vec<i64> = self
            .write(move |c| {
                c.query(
                    "UPDATE product_imports SET status = 'failed', finished_at = ?2, touched_at = ?2,
                         message = 'The server stopped while checking the file; nothing was changed.'
                     WHERE status = 'checking' AND touched_at <= ?1 RETURNING id",
                    args![before, Timestamp::now().millis()],
                    |r| r.get(0),
                )
            })
            .await?;
        // Those dropped now, and any over whose rows' sweep was cut off (it is redoable).
        let finished: Vec<i64> = self
            .read(|c| {
                c.query(
                    "SELECT id FROM product_imports i WHERE status IN ('done', 'failed')
                       AND EXISTS (SELECT 1 FROM product_import_rows r WHERE r.import_id = i.id) ORDER BY id",
                    &[],
                    |r| r.get(0),
                )
            })
            .await?;
        for id in dropped.into_iter().chain(finished) {
            self.sweep_import_rows(id).await?;
        }
        self.read(move |c| {
            c.query(
                "SELECT id FROM product_imports WHERE status = 'applying' AND touched_at <= ?1 ORDER BY id",
                args![before],
                |r| r.get(0),
            )
        })
        .await
    }
}

pub const ANOTHER_IMPORT: &str =
    "Another import is being checked or applied: try again once it has finished.";

/// Inserts `rows` in one statement.
fn stage(c: &mut Conn, id: i64, rows: &[ImportRow]) -> Result<(), Error> {
    let one = "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    let sql = format!(
        "INSERT INTO product_import_rows (import_id, row_no, product_id, sku, name, brand,
             department_id, price_cents, stock, archived, description,
             variant_id, variant_sku, variant_price_cents, options) VALUES {}",
        vec![one; rows.len()].join(", ")
    );
    let mut values: Vec<Value> = Vec::with_capacity(rows.len() * 15);
    for r in rows {
        let v = r.variant.as_ref();
        values.extend([
            Value::Int(id),
            Value::Int(r.row as i64),
            Value::from(r.id),
            Value::from(r.sku.as_deref()),
            Value::Text(&r.name),
            Value::Text(&r.brand),
            Value::Int(r.department_id),
            Value::Int(r.price.0),
            Value::Int(r.stock),
            Value::Int(i64::from(r.archived)),
            Value::Text(&r.description),
            Value::from(v.map(|v| v.id)),
            Value::from(v.and_then(|v| v.sku.as_deref())),
            Value::from(v.and_then(|v| v.price.map(|p| p.0))),
            Value::from(v.and_then(|v| v.options.as_deref())),
        ]);
    }
    c.execute(&sql, &values)?;
    Ok(())
}

fn find(c: &mut Conn, id: i64) -> Result<Option<ProductImport>, Error> {
    c.query_opt(
        &format!("SELECT {IMPORT_COLUMNS} FROM product_imports WHERE id = ?1"),
        args![id],
        product_import,
    )
}

fn touch(c: &mut Conn, id: i64) -> Result<(), Error> {
    c.execute(
        "UPDATE product_imports SET touched_at = ?2 WHERE id = ?1",
        args![id, Timestamp::now().millis()],
    )?;
    Ok(())
}

/// The checks of an import's rows that need the catalog, each the column it names and a
/// statement over import `?1` that finds the rows at fault (row number, what is wrong).
/// Those of a product's own columns come first; then the product's new price against
/// its variants ([`run_catalog_checks`]); then [`VARIANT_CHECKS`].
const PRODUCT_CHECKS: [(&str, &str); 6] = [
    (
        "id",
        "SELECT s.row_no, 'there is no product ' || s.product_id || '.' FROM product_import_rows s
         WHERE s.import_id = ?1 AND s.product_id IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM products p WHERE p.id = s.product_id)",
    ),
    // Repeats, by window over the rows in file order: each row looks only at
    // those before it, in one sorted pass (a lookup a row would walk, for a
    // product of many variants, all the rows before it).
    (
        "id",
        "SELECT w.row_no, 'the same product is in row ' || w.first_row || '.'
         FROM (SELECT s.row_no, s.variant_id, min(s.row_no) OVER in_file AS first_row,
                      sum(CASE WHEN s.variant_id IS NULL THEN 1 ELSE 0 END) OVER in_file AS product_rows
               FROM product_import_rows s WHERE s.import_id = ?1 AND s.product_id IS NOT NULL
               WINDOW in_file AS (PARTITION BY s.product_id ORDER BY s.row_no)) w
         WHERE w.row_no > w.first_row AND (w.variant_id IS NULL OR w.product_rows > 0)",
    ),
    // Variants' rows repeat their product's SKU; another product's, or a
    // product's own row, may not.
    (
        "sku",
        "SELECT w.row_no, 'the same SKU is in row ' || w.first_row || '.'
         FROM (SELECT s.row_no, s.variant_id, min(s.row_no) OVER in_file AS first_row,
                      sum(CASE WHEN s.variant_id IS NULL THEN 1 ELSE 0 END) OVER in_file AS product_rows,
                      min(coalesce(s.product_id, 0)) OVER in_file AS least_product,
                      max(coalesce(s.product_id, 0)) OVER in_file AS most_product
               FROM product_import_rows s WHERE s.import_id = ?1 AND s.sku IS NOT NULL
               WINDOW in_file AS (PARTITION BY s.sku ORDER BY s.row_no)) w
         WHERE w.row_no > w.first_row
           AND (w.variant_id IS NULL OR w.product_rows > 0 OR w.least_product <> w.most_product)",
    ),
    (
        "sku",
        "SELECT s.row_no, 'another product has this SKU (id ' || p.id || ').'
         FROM product_import_rows s JOIN products p ON p.sku = s.sku
         WHERE s.import_id = ?1 AND s.product_id IS NOT NULL AND p.id <> s.product_id",
    ),
    (
        "sku",
        "SELECT s.row_no, 'a variant of product ' || v.product_id || ' has this SKU.'
         FROM product_import_rows s JOIN product_variants v ON v.sku = s.sku
         WHERE s.import_id = ?1",
    ),
    // A product sold by variant sells their units: its own row's stock is their sum, as
    // a file written before variants had it, and changes only in its variants' rows.
    (
        "stock",
        "SELECT s.row_no, 'this product sells its variants'' units (' || p.stock || '): change them in its variants'' rows.'
         FROM product_import_rows s JOIN products p ON p.id = s.product_id
         WHERE s.import_id = ?1 AND s.variant_id IS NULL AND p.options IS NOT NULL AND p.stock <> s.stock",
    ),
];

/// The checks of the rows of a product's variants, after [`PRODUCT_CHECKS`].
const VARIANT_CHECKS: [(&str, &str); 6] = [
    (
        "variant_id",
        "SELECT s.row_no, 'there is no variant ' || s.variant_id || ' of this row''s product.'
         FROM product_import_rows s
         WHERE s.import_id = ?1 AND s.variant_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM product_variants v
             WHERE v.id = s.variant_id AND v.product_id = s.product_id)",
    ),
    (
        "variant_id",
        "SELECT s.row_no, 'the same variant is in row ' || (SELECT min(t.row_no) FROM product_import_rows t
             WHERE t.import_id = s.import_id AND t.variant_id = s.variant_id) || '.'
         FROM product_import_rows s
         WHERE s.import_id = ?1 AND s.variant_id IS NOT NULL AND EXISTS (SELECT 1 FROM product_import_rows t
             WHERE t.import_id = s.import_id AND t.variant_id = s.variant_id AND t.row_no < s.row_no)",
    ),
    // A product's columns are the product's: each of its variants' rows says
    // the same as its first.
    (
        "id",
        "SELECT s.row_no, 'row ' || t.row_no || ' says otherwise of this product: a product''s rows agree on its sku, name, brand, department, price, status and description.'
         FROM product_import_rows s JOIN product_import_rows t ON t.import_id = s.import_id AND t.row_no =
             (SELECT min(f.row_no) FROM product_import_rows f WHERE f.import_id = s.import_id AND f.product_id = s.product_id)
         WHERE s.import_id = ?1 AND s.variant_id IS NOT NULL AND t.row_no < s.row_no
           AND (t.name <> s.name OR t.brand <> s.brand OR t.department_id <> s.department_id
                OR t.price_cents <> s.price_cents OR t.archived <> s.archived OR t.description <> s.description
                OR t.sku IS DISTINCT FROM s.sku)",
    ),
    // An earlier variant's SKU, or any product row's (before or after).
    (
        "variant_sku",
        "SELECT w.row_no, 'the same SKU is in row ' ||
             CASE WHEN w.row_no > w.first_row AND (w.sku_row IS NULL OR w.first_row < w.sku_row)
                  THEN w.first_row ELSE w.sku_row END || '.'
         FROM (SELECT s.row_no, min(s.row_no) OVER (PARTITION BY s.variant_sku ORDER BY s.row_no) AS first_row,
                      (SELECT min(t.row_no) FROM product_import_rows t
                       WHERE t.import_id = s.import_id AND t.sku = s.variant_sku) AS sku_row
               FROM product_import_rows s WHERE s.import_id = ?1 AND s.variant_sku IS NOT NULL) w
         WHERE w.row_no > w.first_row OR w.sku_row IS NOT NULL",
    ),
    // SKUs are unique regardless of case across products and variants. A swap
    // of two variants' SKUs is made in the product editor, which saves them at once.
    (
        "variant_sku",
        "SELECT s.row_no, 'another variant has this SKU (of product ' || v.product_id || ').'
         FROM product_import_rows s JOIN product_variants v ON v.sku = s.variant_sku
         WHERE s.import_id = ?1 AND v.id <> s.variant_id",
    ),
    (
        "variant_sku",
        "SELECT s.row_no, 'product ' || p.id || ' has this SKU.'
         FROM product_import_rows s JOIN products p ON p.sku = s.variant_sku
         WHERE s.import_id = ?1",
    ),
];

/// Runs each check that needs the catalog over import `id`'s waiting rows, in order
/// (the debug line numbers them so), adding what it finds.
fn run_catalog_checks(c: &mut Conn, id: i64, found: &mut Findings) -> Result<(), Error> {
    // A product's rows: its own, or one for each of its variants that the file
    // changes (which repeat the product's columns).
    const FIRST_OF_PRODUCT: &str = "NOT EXISTS (SELECT 1 FROM product_import_rows t
        WHERE t.import_id = s.import_id AND t.product_id = s.product_id AND t.row_no < s.row_no)";
    let first_of_product = format!(
        "SELECT s.row_no, 'variant ' || v.sku || ' asks less than this: a product''s price is its \"from\" price, the least its variants ask.'
         FROM product_import_rows s JOIN product_variants v ON v.product_id = s.product_id
         WHERE s.import_id = ?1 AND v.price_cents < s.price_cents AND {FIRST_OF_PRODUCT}
           AND NOT EXISTS (SELECT 1 FROM product_import_rows t WHERE t.import_id = s.import_id AND t.variant_id = v.id)"
    );
    // The product's new price against the variants the file leaves as they are
    // (each row's own price was checked against its row's).
    let price_check = ("price", first_of_product.as_str());
    let checks = PRODUCT_CHECKS.into_iter().chain([price_check]).chain(VARIANT_CHECKS);
    for (n, (column, select)) in checks.enumerate() {
        let began = std::time::Instant::now();
        let rows: Vec<(i64, String)> =
            c.query(&format!("{select} ORDER BY 1"), args![id], |r| Ok((r.get(0)?, r.get(1)?)))?;
        tracing::debug!(
            import = id,
            check = n,
            ms = began.elapsed().as_millis() as u64,
            "an import check ran"
        );
        found.count += rows.len() as u64;
        found
            .problems
            .extend(rows.into_iter().map(|(row, message)| CsvProblem::new(row as u64, column, message)));
    }
    Ok(())
}

/// A variant's values, when its row names them, are the variant's: they are changed in
/// the product editor, and a row naming others is a mistake. A chunk of rows at a time:
/// all of a million-product export's at once held some 450 MB.
fn check_named_values(c: &mut Conn, id: i64, found: &mut Findings) -> Result<(), Error> {
    let mut after = 0i64;
    loop {
        let named: Vec<(i64, String, Option<String>, [String; 3])> = c.query(
            "SELECT s.row_no, s.options, p.options, v.option1, v.option2, v.option3
             FROM product_import_rows s JOIN product_variants v ON v.id = s.variant_id AND v.product_id = s.product_id
                  JOIN products p ON p.id = v.product_id
             WHERE s.import_id = ?1 AND s.row_no > ?2 AND s.options IS NOT NULL ORDER BY s.row_no LIMIT ?3",
            args![id, after, NAMED_CHUNK],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, [r.get(3)?, r.get(4)?, r.get(5)?])),
        )?;
        let Some(last) = named.last() else { break };
        after = last.0;
        for (row, cell, options, values) in named {
            let chosen = variants::chosen(&variants::options_from_row(options.as_deref()), &values);
            let written = options_cell(&chosen);
            if cell != written {
                found.count += 1;
                found.problems.push(CsvProblem::new(
                    row as u64,
                    "options",
                    format!("this variant is {written}: its values are changed in the product editor."),
                ));
            }
        }
    }
    Ok(())
}

/// Refuses a back-office write to products while an import is being checked or
/// applied: it is checked against the catalog as it stands.
pub(in crate::db) fn refuse_during_import(c: &mut Conn) -> Result<(), Error> {
    let importing = c.query_one(
        "SELECT EXISTS (SELECT 1 FROM product_imports WHERE status IN ('checking', 'applying'))",
        &[],
        |r| r.get::<bool>(0),
    )?;
    match importing {
        true => Err(Rejection::NotNow(
            "A catalog import is being checked or applied: try again once it has finished.",
        )
        .into()),
        false => Ok(()),
    }
}

/// Where a step that would end after data row `to` ends: after the rows that follow it
/// of the same product too (an export writes a product's variants one after another),
/// so a product changed by several rows is changed, and counted, in one step.
fn step_end(c: &mut Conn, id: i64, to: i64, rows: i64) -> Result<i64, Error> {
    let last = to + 1;
    let product: Option<i64> = c
        .query_opt(
            "SELECT product_id FROM product_import_rows WHERE import_id = ?1 AND row_no = ?2",
            args![id, last],
            |r| r.get(0),
        )?
        .flatten();
    let Some(product) = product else { return Ok(to) };
    let next: Option<i64> = c.query_opt(
        "SELECT row_no FROM product_import_rows WHERE import_id = ?1 AND row_no > ?2
           AND (product_id IS NULL OR product_id <> ?3) ORDER BY row_no LIMIT 1",
        args![id, last, product],
        |r| r.get(0),
    )?;
    Ok(next.map_or(rows, |row| row - 2))
}

/// The rows one step applies, as its statements name them: import `?1`'s rows numbered
/// after `?2` up to `?3`, and `?4`, the time the step is applied (a new archived
/// product's `archived_at`).
#[derive(Clone, Copy)]
struct StepRows {
    import: i64,
    after_row: i64,
    last_row: i64,
    now: i64,
}

fn apply_step(c: &mut Conn, id: i64) -> Result<Step, Error> {
    let Some(job) = find(c, id)? else { return Err(Error::NotFound(Thing::Import)) };
    if job.status != "applying" {
        return Ok(Step::Elsewhere);
    }
    // `applied` counts data rows; their row numbers start at 2 (the header is row 1),
    // so data rows from+1..=to are rows from+2..=to+1.
    let from = job.applied;
    let to = step_end(c, id, (from + STEP).min(job.rows), job.rows)?;
    let now = Timestamp::now().millis();
    // Claimed first: a second server at the same step finds `applied` moved and stops.
    let claimed = c.execute(
        "UPDATE product_imports SET applied = ?3, touched_at = ?4 WHERE id = ?1 AND applied = ?2 AND status = 'applying'",
        args![id, from, to, now],
    )?;
    if claimed == 0 {
        return Ok(Step::Elsewhere);
    }
    let rows = StepRows { import: id, after_row: from + 1, last_row: to + 1, now };
    let updated = update_products(c, rows)?;
    let created = create_products(c, rows)?;
    // A step changes each of its products whole: their alerts are mailed with it.
    crate::db::stock_alerts::mail_restocked(c)?;
    c.execute(
        "UPDATE product_imports SET created = created + ?2, updated = updated + ?3 WHERE id = ?1",
        args![id, created as i64, updated],
    )?;
    if to < job.rows {
        return Ok(Step::More);
    }
    finish_import(c, id, now)?;
    Ok(Step::Done)
}

// Each group of columns by its own statement, on the rows where it differs: SQLite
// rewrites an index's entry whenever a statement sets one of its columns, even to
// the value it had, and a price change should not rewrite the name indexes.
const DIFFERS: [(&str, &str); 5] = [
    ("price_cents = s.price_cents", "products.price_cents <> s.price_cents"),
    // A variant's row sets the variant's units; the product's follow by trigger.
    ("stock = s.stock", "s.variant_id IS NULL AND products.stock <> s.stock"),
    (
        "name = s.name, brand = s.brand, department_id = s.department_id, description = s.description",
        "(products.name <> s.name OR products.brand <> s.brand OR products.department_id <> s.department_id
          OR products.description <> s.description)",
    ),
    ("sku = s.sku", "s.sku IS NOT NULL AND products.sku IS DISTINCT FROM s.sku"),
    (
        "archived_at = CASE WHEN s.archived = 1 THEN CAST(?4 AS bigint) END",
        "(products.archived_at IS NULL) <> (s.archived = 0)",
    ),
];
const VARIANT_DIFFERS: [(&str, &str); 3] = [
    ("stock = s.stock", "product_variants.stock <> s.stock"),
    (
        "price_cents = s.variant_price_cents",
        "product_variants.price_cents IS DISTINCT FROM s.variant_price_cents",
    ),
    ("sku = s.variant_sku", "product_variants.sku <> s.variant_sku"),
];
/// The step's rows, each joined to the product (or variant) it names.
const STEP_ROWS: &str =
    "s.import_id = ?1 AND s.row_no > ?2 AND s.row_no <= ?3 AND s.product_id = products.id";
const VARIANT_ROWS: &str =
    "s.import_id = ?1 AND s.row_no > ?2 AND s.row_no <= ?3 AND s.variant_id = product_variants.id";

/// Sets what the step's rows change of the products and variants they name, after
/// telling the shoppers who hold those products; returns how many products changed.
fn update_products(c: &mut Conn, rows: StepRows) -> Result<i64, Error> {
    let StepRows { import: id, after_row, last_row, now } = rows;
    let step = args![id, after_row, last_row];
    let any = |differs: &[(&str, &str)]| {
        differs.iter().map(|(_, differs)| format!("({differs})")).collect::<Vec<_>>().join(" OR ")
    };
    let changed: Vec<ProductId> = c.query(
        &format!(
            "SELECT DISTINCT products.id FROM products, product_import_rows s WHERE {STEP_ROWS} AND ({})",
            any(&DIFFERS)
        ),
        step,
        |r| r.get(0),
    )?;
    // Products whose variants the step changes: their price range is recounted after.
    let variants_changed: Vec<ProductId> = c.query(
        &format!(
            "SELECT DISTINCT product_variants.product_id FROM product_variants, product_import_rows s
             WHERE {VARIANT_ROWS} AND ({})",
            any(&VARIANT_DIFFERS)
        ),
        step,
        |r| r.get(0),
    )?;
    let updated: std::collections::BTreeSet<ProductId> =
        changed.into_iter().chain(variants_changed.iter().copied()).collect();
    // Kept carts and favorites holding them show their names, prices and variants.
    for &product in &updated {
        product_effects::shoppers_holding(c, product)?;
    }
    for (set, differs) in DIFFERS {
        let sql =
            format!("UPDATE products SET {set} FROM product_import_rows s WHERE {STEP_ROWS} AND {differs}");
        match set.contains("?4") {
            true => c.execute(&sql, args![id, after_row, last_row, now])?,
            false => c.execute(&sql, step)?,
        };
    }
    for (set, differs) in VARIANT_DIFFERS {
        c.execute(
            &format!("UPDATE product_variants SET {set} FROM product_import_rows s WHERE {VARIANT_ROWS} AND {differs}"),
            step,
        )?;
    }
    recount_price_ranges(c, &variants_changed)?;
    Ok(updated.len() as i64)
}

/// Recounts the price range ("from" the product's price to its variants' highest) of
/// `products`, whose variants changed.
fn recount_price_ranges(c: &mut Conn, products: &[ProductId]) -> Result<(), Error> {
    for ids in products.chunks(500) {
        let list = ids.iter().map(ProductId::to_string).collect::<Vec<_>>().join(", ");
        c.execute(
            &format!(
                "UPDATE products SET price_to_cents = {} WHERE id IN ({list})",
                product_effects::PRICE_TO
            ),
            &[],
        )?;
    }
    Ok(())
}

/// Adds a product for each of the step's rows that names none; returns how many.
fn create_products(c: &mut Conn, rows: StepRows) -> Result<u64, Error> {
    let created = c.execute(
        "INSERT INTO products (department_id, name, brand, price_cents, description, stock, sku, archived_at)
         SELECT department_id, name, brand, price_cents, description, stock, sku,
                CASE WHEN archived = 1 THEN CAST(?4 AS bigint) END
         FROM product_import_rows
         WHERE import_id = ?1 AND row_no > ?2 AND row_no <= ?3 AND product_id IS NULL ORDER BY row_no",
        args![rows.import, rows.after_row, rows.last_row, rows.now],
    )?;
    if created > 0 {
        let default_sku = crate::db::engine::dialect(c).default_sku;
        c.execute(&format!("UPDATE products SET sku = {default_sku} WHERE sku IS NULL"), &[])?;
    }
    Ok(created)
}

/// Ends import `id` after its last step: done, saying what it did, and in the audit
/// log as the work of the staff member who started it.
fn finish_import(c: &mut Conn, id: i64, now: i64) -> Result<(), Error> {
    let done = find(c, id)?.ok_or(Error::NotFound(Thing::Import))?;
    c.execute(
        "UPDATE product_imports SET status = 'done', finished_at = ?2, message = ?3 WHERE id = ?1",
        args![
            id,
            now,
            &format!("{} rows: {} new products, {} changed.", done.rows, done.created, done.updated)
        ],
    )?;
    let actor = c.query_one("SELECT actor_id, actor FROM product_imports WHERE id = ?1", args![id], |r| {
        Ok(Actor { id: r.get(0)?, name: r.get(1)? })
    })?;
    record(
        c,
        &actor,
        Entry {
            action: "product.import",
            thing: "import",
            thing_id: Some(id),
            before: None,
            after: Some(json!({"rows": done.rows, "created": done.created, "updated": done.updated})),
        },
    )?;
    Ok(())
}
