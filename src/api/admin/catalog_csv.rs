//! The catalog as CSV: exported as a stream (a page of products at a time, so memory
//! stays flat at any size), and imported whole-or-nothing (docs/rules.md#the-catalog-as-csv).
//! An import's file is spooled to a temporary file as it arrives, read back a batch at a
//! time on the blocking pool, and its checked rows wait in the database
//! (`db/admin/imports.rs`), which applies them after the answer, in short steps.

use std::borrow::Cow;
use std::fs::File;
use std::io::{BufReader, BufWriter, Write};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, web};
use futures_util::StreamExt;
use market_macros::api_operation;

use super::dto::{ImportProblemBody, ImportProblems, ProductImportBody};
use crate::api::openapi::{
    BadRequest, Conflict, Forbidden, NotFound, PayloadTooLarge, StaffReadErrors, Unauthorized,
    UnsupportedMediaType,
};
use crate::auth::StaffMember;
use crate::config::Imports;
use crate::db::admin::imports::{LISTED_PROBLEMS, Step};
use crate::db::{BulkWrites, Db};
use crate::domain::admin::catalog_csv::{
    COLUMNS, CsvProblem, Departments, ImportRow, check_header, check_row, export_cell, options_cell,
};
use crate::domain::{Rejection, Thing};
use crate::error::ApiError;

/// Products read for one piece of the export.
const EXPORT_PAGE: u32 = 2_000;
/// Rows checked and put to wait in one batch.
const IMPORT_BATCH: usize = 5_000;
/// The largest file an import takes (a million products is about 300 MB).
pub const MAX_IMPORT_BYTES: u64 = 768 * 1024 * 1024;
/// The most rows an import takes: a catalog of a million products exports one row a
/// product or a variant (`market seed --products 1000000` makes 2.15 million), and must
/// come back in. What the check keeps of the file is in the database, not in memory.
pub const MAX_IMPORT_ROWS: u64 = 3_000_000;

#[api_operation(
    operation_id = "exportProducts",
    tag = "admin",
    summary = "The whole catalog as CSV, archived products too, streamed (viewer)",
    responses(
        (status = 200, description = "One row a product, or one row a variant of a product sold by variant (its columns repeated, stock the variant's): id, sku, name, brand, department, price, stock, status, description, variant_id, variant_sku, options, variant_price",
         content_type = "text/csv", body = String),
        StaffReadErrors
    )
)]
pub async fn export_products(db: web::Data<Db>, _staff: StaffMember) -> HttpResponse {
    let db = db.into_inner();
    // (products after this id, finished)
    let pieces = futures_util::stream::unfold((0i64, false), move |(after, finished)| {
        let db = db.clone();
        async move {
            if finished {
                return None;
            }
            let mut out = csv::Writer::from_writer(Vec::new());
            if after == 0 {
                out.write_record(COLUMNS).ok()?;
            }
            let page = match db.products_after(after, EXPORT_PAGE).await {
                Ok(page) => page,
                Err(e) => {
                    // The status is sent: the cut-off file says it is incomplete by ending mid-way.
                    tracing::error!("exporting the catalog failed: {e}");
                    return Some((
                        Err(actix_web::error::ErrorInternalServerError("export failed")),
                        (after, true),
                    ));
                }
            };
            let last = page.products.last().map(|p| p.id.0);
            let mut variants = page.variants.iter().peekable();
            for p in &page.products {
                let status = if p.archived_at.is_some() { "archived" } else { "active" };
                let product: [Cow<str>; 6] = [
                    p.id.to_string().into(),
                    export_cell(&p.sku),
                    export_cell(&p.name),
                    export_cell(&p.brand),
                    export_cell(&p.department_name),
                    p.price.as_dollars_text().into(),
                ];
                let description = export_cell(&p.description);
                let mut row = |stock: i64, variant: [Cow<str>; 4]| {
                    let mut cells: Vec<&str> = product.iter().map(|c| &**c).collect();
                    let stock = stock.to_string();
                    cells.extend([stock.as_str(), status, &description]);
                    cells.extend(variant.iter().map(|c| &**c));
                    out.write_record(cells)
                };
                let mut sold_by_variant = false;
                while let Some(v) = variants.next_if(|v| v.product_id == p.id) {
                    sold_by_variant = true;
                    let options = options_cell(&v.chosen);
                    let own_price = v.price.map(|c| c.as_dollars_text()).unwrap_or_default();
                    row(
                        v.stock,
                        [
                            v.id.to_string().into(),
                            export_cell(&v.sku),
                            export_cell(&options).into_owned().into(),
                            own_price.into(),
                        ],
                    )
                    .ok()?;
                }
                if !sold_by_variant {
                    row(p.stock, Default::default()).ok()?;
                }
            }
            let bytes = out.into_inner().ok()?;
            let done = page.products.len() < EXPORT_PAGE as usize;
            Some((Ok::<_, actix_web::Error>(web::Bytes::from(bytes)), (last.unwrap_or(after), done)))
        }
    });
    HttpResponse::Ok()
        .content_type("text/csv; charset=utf-8")
        .insert_header((header::CONTENT_DISPOSITION, "attachment; filename=\"market-products.csv\""))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .streaming(pieces)
}

#[api_operation(
    operation_id = "importProducts",
    tag = "admin",
    summary = "Create and change products from a CSV file, all or nothing; applied after the answer (staff)",
    request_body(content = String, content_type = "text/csv",
        description = "The export's columns, header first (or its first nine, one row a product): a row with an id or a known SKU changes that product, one without makes a new one; a row with a variant_id changes that variant's SKU, stock and price"),
    responses(
        (status = 202, description = "Every row passed; the import is being applied", body = ProductImportBody),
        (status = 400, description = "Bad rows, each named; nothing was changed", body = ImportProblems),
        Unauthorized, Forbidden, Conflict, PayloadTooLarge, UnsupportedMediaType
    )
)]
pub async fn import_products(
    db: web::Data<Db>,
    imports: web::Data<Imports>,
    staff: StaffMember,
    req: HttpRequest,
    payload: web::Payload,
) -> Result<HttpResponse, ApiError> {
    let is_csv = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(|v| v.split(';').next().unwrap_or_default().trim().to_ascii_lowercase())
        .is_some_and(|v| v == "text/csv" || v == "application/csv");
    if !is_csv {
        return Err(ApiError::UnsupportedMediaType("Send the file as CSV (Content-Type: text/csv).".into()));
    }
    let departments = db.list_departments().await?;
    let departments = Arc::new(Departments::new(departments.into_iter().map(|d| (d.id, d.name))));
    let id = db.begin_import(staff.actor()).await?;
    // From the file's first rows to the last step, and dropped with this answer if the
    // file is refused.
    let bulk = db.bulk_writes();
    // Reading and checking millions of rows takes minutes: touched meanwhile, the import
    // is not taken for one a stopped server left.
    let _kept = Keeping::start((**db).clone(), id, imports.keep_every());
    let checked = async {
        let file = spool(payload).await?;
        check_and_stage(&db, id, file, departments).await
    }
    .await;
    match checked {
        Ok((rows, problems)) if problems.count == 0 => {
            let started = db.start_applying(id, rows as i64).await?;
            actix_web::rt::spawn(apply((**db).clone(), id, bulk));
            Ok(HttpResponse::Accepted().json(ProductImportBody::from(started)))
        }
        Ok((_, problems)) => {
            let message = match problems.count {
                1 => "1 problem in the file; nothing was changed.".to_string(),
                n => format!("{n} problems in the file; nothing was changed."),
            };
            db.drop_import(id, message.clone()).await?;
            Ok(HttpResponse::BadRequest().insert_header((header::CACHE_CONTROL, "no-store")).json(
                ImportProblems {
                    message,
                    errors: problems.list.iter().map(CsvProblem::sentence).collect(),
                    problems: problems
                        .list
                        .into_iter()
                        .map(|p| ImportProblemBody { row: p.row, column: p.column, message: p.message })
                        .collect(),
                    problem_count: problems.count,
                },
            ))
        }
        Err(e) => {
            if let Err(dropped) = db.drop_import(id, format!("The file was not taken: {e}")).await {
                tracing::warn!("dropping import {id} failed: {dropped}");
            }
            Err(e)
        }
    }
}

#[api_operation(
    operation_id = "getImport",
    tag = "admin",
    summary = "Where an import stands (viewer)",
    params(("id" = i64, Path, minimum = 1, description = "The import's id")),
    responses(
        (status = 200, description = "The import", body = ProductImportBody),
        StaffReadErrors, BadRequest, NotFound
    )
)]
pub async fn get_import(
    db: web::Data<Db>,
    _staff: StaffMember,
    id: web::Path<i64>,
) -> Result<HttpResponse, ApiError> {
    let found = db.get_import(id.into_inner()).await?.ok_or(Rejection::NotFound(Thing::Import))?;
    Ok(HttpResponse::Ok().json(ProductImportBody::from(found)))
}

/// Applies import `id` to the end, a step at a time; stops if another server has it.
/// A step that fails (the database busy, say) is tried again; an import this server
/// gives up on is finished by the next that looks (`finish_left_imports`).
pub async fn apply(db: Db, id: i64, _bulk: BulkWrites) {
    let mut failures = 0;
    loop {
        let (began, others) = (std::time::Instant::now(), db.durable_writes());
        match db.apply_import_step(id).await {
            Ok(Step::More) => {
                failures = 0;
                // Shoppers first: while anyone else writes, the import takes at most half
                // the time (on two cores a step left running back to back took the CPU
                // their requests needed; their checkouts' p50 went from 12 ms to 150 ms).
                if db.durable_writes() != others {
                    actix_web::rt::time::sleep(began.elapsed()).await;
                }
            }
            Ok(Step::Done) => {
                tracing::info!(import = id, "a catalog import was applied");
                if let Err(e) = db.sweep_import_rows(id).await {
                    tracing::warn!(import = id, "clearing an applied import's rows failed: {e}");
                }
                return;
            }
            Ok(Step::Elsewhere) => return,
            Err(e) => {
                failures += 1;
                tracing::warn!(import = id, "a step of a catalog import failed (try {failures}): {e}");
                if failures >= 30 {
                    return;
                }
                actix_web::rt::time::sleep(std::time::Duration::from_secs(1)).await;
            }
        }
    }
}

/// Finishes the imports a stopped server left applying, and drops those it left
/// checking: those untouched for `idle_ms`.
pub async fn finish_left_imports(db: &Db, idle: Duration) {
    match db.left_imports(idle.as_millis() as i64).await {
        Ok(ids) => {
            for id in ids {
                tracing::info!(import = id, "finishing a catalog import a stopped server left");
                apply(db.clone(), id, db.bulk_writes()).await;
            }
        }
        Err(e) => tracing::warn!("looking for unfinished catalog imports failed: {e}"),
    }
}

/// Touches an import being read and checked every `every`, until dropped.
struct Keeping(actix_web::rt::task::JoinHandle<()>);

impl Keeping {
    fn start(db: Db, id: i64, every: Duration) -> Keeping {
        Keeping(actix_web::rt::spawn(async move {
            loop {
                actix_web::rt::time::sleep(every).await;
                if let Err(e) = db.keep_import(id).await {
                    tracing::warn!(import = id, "touching a catalog import being checked failed: {e}");
                }
            }
        }))
    }
}

impl Drop for Keeping {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// A temporary file that goes when dropped.
struct Spooled(PathBuf);

impl Drop for Spooled {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// Writes the request's body to a temporary file as it arrives, refusing it past
/// [`MAX_IMPORT_BYTES`].
async fn spool(mut payload: web::Payload) -> Result<Spooled, ApiError> {
    let path = std::env::temp_dir().join(format!("market-import-{}.csv", rand::random::<u64>()));
    let spooled = Spooled(path.clone());
    let mut out = Some(BufWriter::with_capacity(1 << 20, File::create(&path).map_err(ApiError::internal)?));
    let (mut size, mut buffered) = (0u64, Vec::with_capacity(1 << 20));
    let flush = |out: BufWriter<File>, bytes: Vec<u8>| {
        web::block(move || -> std::io::Result<(BufWriter<File>, Vec<u8>)> {
            let mut out = out;
            out.write_all(&bytes)?;
            let mut bytes = bytes;
            bytes.clear();
            Ok((out, bytes))
        })
    };
    while let Some(chunk) = payload.next().await {
        let chunk = chunk.map_err(|_| ApiError::BadRequest {
            message: "The file could not be read.".into(),
            errors: vec!["The file could not be read.".into()],
        })?;
        size += chunk.len() as u64;
        if size > MAX_IMPORT_BYTES {
            return Err(ApiError::PayloadTooLarge(format!(
                "An import file may be at most {} MB.",
                MAX_IMPORT_BYTES / (1024 * 1024)
            )));
        }
        buffered.extend_from_slice(&chunk);
        if buffered.len() >= 1 << 20 {
            let (written, emptied) = flush(out.take().expect("the writer"), std::mem::take(&mut buffered))
                .await?
                .map_err(ApiError::internal)?;
            out = Some(written);
            buffered = emptied;
        }
    }
    let (written, _) = flush(out.take().expect("the writer"), buffered).await?.map_err(ApiError::internal)?;
    web::block(move || {
        let mut written = written;
        written.flush()
    })
    .await?
    .map_err(ApiError::internal)?;
    Ok(spooled)
}

/// The problems found, the first [`LISTED_PROBLEMS`] of them listed.
#[derive(Default)]
struct Problems {
    list: Vec<CsvProblem>,
    count: u64,
}

impl Problems {
    fn add(&mut self, found: impl IntoIterator<Item = CsvProblem>) {
        for problem in found {
            self.count += 1;
            if self.list.len() < LISTED_PROBLEMS {
                self.list.push(problem);
            }
        }
    }
}

/// The file read back a batch at a time on the blocking pool (and removed with it).
struct FileRows {
    reader: csv::Reader<BufReader<File>>,
    /// Cells a row has, as the header says.
    width: usize,
    _file: Spooled,
    record: csv::StringRecord,
    /// The row number of the next data row (the header is row 1).
    next_row: u64,
}

/// One batch: good rows, problems, and whether the file has ended.
struct Batch {
    rows: Vec<ImportRow>,
    problems: Vec<CsvProblem>,
    ended: bool,
}

impl FileRows {
    fn open(spooled: Spooled) -> Result<(FileRows, Option<CsvProblem>), std::io::Error> {
        let file = BufReader::with_capacity(1 << 20, File::open(&spooled.0)?);
        let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(file);
        let mut record = csv::StringRecord::new();
        let header = match reader.read_record(&mut record) {
            Ok(true) => check_header(&record.iter().collect::<Vec<_>>()),
            Ok(false) => Err(CsvProblem::new(1, "file", "the file is empty.")),
            Err(e) => Err(unreadable(1, &e)),
        };
        let width = *header.as_ref().unwrap_or(&COLUMNS.len());
        Ok((FileRows { reader, width, _file: spooled, record, next_row: 2 }, header.err()))
    }

    /// Data rows read so far.
    fn rows_read(&self) -> u64 {
        self.next_row - 2
    }

    fn next_batch(&mut self, departments: &Departments) -> Batch {
        let mut batch = Batch { rows: Vec::with_capacity(IMPORT_BATCH), problems: Vec::new(), ended: false };
        while batch.rows.len() + batch.problems.len() < IMPORT_BATCH {
            let row = self.next_row;
            match self.reader.read_record(&mut self.record) {
                Ok(false) => {
                    batch.ended = true;
                    break;
                }
                Ok(true) => {
                    self.next_row += 1;
                    if row - 1 > MAX_IMPORT_ROWS {
                        batch.problems.push(CsvProblem::new(
                            row,
                            "file",
                            format!("an import takes at most {MAX_IMPORT_ROWS} rows."),
                        ));
                        batch.ended = true;
                        break;
                    }
                    let cells: Vec<&str> = self.record.iter().collect();
                    match check_row(row, &cells, self.width, departments) {
                        Ok(checked) => batch.rows.push(checked),
                        Err(found) => batch.problems.extend(found),
                    }
                }
                Err(e) => {
                    // Not UTF-8, or broken quoting: the rest cannot be read row by row.
                    batch.problems.push(unreadable(row, &e));
                    batch.ended = true;
                    break;
                }
            }
        }
        batch
    }
}

fn unreadable(row: u64, error: &csv::Error) -> CsvProblem {
    let why = match error.kind() {
        csv::ErrorKind::Utf8 { .. } => "the file is not UTF-8 text.".to_string(),
        _ => format!("the row cannot be read as CSV ({error})."),
    };
    CsvProblem::new(row, "file", why)
}

/// Reads the whole file, checking each row and putting the good ones to wait (until
/// the first problem: after it, rows are only checked, to name every problem), then
/// runs the checks that need the catalog. Returns the data rows and the problems.
async fn check_and_stage(
    db: &Db,
    id: i64,
    spooled: Spooled,
    departments: Arc<Departments>,
) -> Result<(u64, Problems), ApiError> {
    let (mut rows, header) =
        web::block(move || FileRows::open(spooled)).await?.map_err(ApiError::internal)?;
    let started = std::time::Instant::now();
    let mut problems = Problems::default();
    if let Some(problem) = header {
        problems.add([problem]);
        return Ok((0, problems));
    }
    loop {
        let departments = departments.clone();
        let (reader, batch) = web::block(move || {
            let batch = rows.next_batch(&departments);
            (rows, batch)
        })
        .await?;
        rows = reader;
        problems.add(batch.problems);
        if problems.count == 0 && !batch.rows.is_empty() {
            db.stage_import_rows(id, batch.rows).await?;
        }
        if batch.ended {
            break;
        }
    }
    let total = rows.rows_read();
    if problems.count == 0 {
        if total == 0 {
            problems.add([CsvProblem::new(2, "file", "the file has no rows after its header.")]);
        } else {
            let staged = started.elapsed();
            let found = db.check_import(id).await?;
            tracing::info!(
                import = id,
                rows = total,
                read_ms = staged.as_millis() as u64,
                checked_ms = (started.elapsed() - staged).as_millis() as u64,
                "a catalog import's file was read and checked"
            );
            problems.count += found.count;
            problems.list.extend(found.problems);
            problems.list.truncate(LISTED_PROBLEMS);
        }
    }
    Ok((total, problems))
}
