//! The catalog index: the storefront's products in a tantivy index in the data folder,
//! which answers searches (matches, typing mistakes, ranking, facets, the page) in one
//! pass whatever the engine, so both engines rank alike (docs/architecture.md#search).
//! The database stays the truth: the index is built from it, kept in step by its
//! change log (`db/index_keeper.rs`), and a page's cards are read from it by id. It is
//! not the database, so it names none of it: below `db/`, beside `domain/`.

mod collect;
mod documents;
mod schema;
mod words;

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use serde::{Deserialize, Serialize};
use tantivy::collector::TopDocs;
use tantivy::directory::MmapDirectory;
use tantivy::indexer::LogMergePolicy;
use tantivy::query::{Query, TermQuery};
use tantivy::schema::IndexRecordOption;
use tantivy::{Index, IndexReader, IndexSettings, IndexWriter, Order, ReloadPolicy, Searcher, Term};

pub use documents::Indexed;
pub use schema::tokens as words_of;

use crate::domain::ProductId;
use crate::domain::listing::{BrandCount, Facets, ListingQuery, OptionCount};
use collect::{Filters, ListCollector};
use schema::Fields;

/// The index's layout; an index of another is built again.
const LAYOUT: u32 = 1;
/// The indexing memory of the writer: segments are written out past it.
const WRITER_BYTES: usize = 96 << 20;
/// Segments of more products than this are not merged: a change to one product must
/// not wait for a merge of a large part of the catalog.
const MERGED_AT_MOST: usize = 200_000;
/// Threads a search reads the index's segments on.
const SEARCH_THREADS: usize = 2;

/// What each commit records with the index: its layout, the change log's position it
/// holds every change up to, and whether it holds the whole catalog (an index whose
/// building was cut short does not).
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
struct Payload {
    layout: u32,
    position: i64,
    complete: bool,
}

pub struct CatalogIndex {
    dir: PathBuf,
    /// One store at a time keeps an index (held until this is dropped).
    _lock: std::fs::File,
    index: Index,
    /// The folder as the index reads it. It keeps each file it maps under the file's
    /// path, and forgets the path only when asked for its figures, never when the file
    /// goes: each change's commit and each merge make new segment files, so unasked it
    /// kept a path for every file since start (7.3 MB after 6 minutes of a soak, and
    /// growing). [`CatalogIndex::commit`] asks.
    directory: MmapDirectory,
    reader: IndexReader,
    /// Made for a build or a change. A build lets it go at its commit; changes keep it
    /// while more keep coming (making one starts its threads and its memory), until
    /// [`CatalogIndex::let_writer_go`]: a writer holds the folder's lock and a thread,
    /// and a store that restarts in the same process (or a `market` command beside it)
    /// must be able to take them.
    writer: Mutex<Option<IndexWriter>>,
    fields: Fields,
    /// Whether it holds the whole catalog and may answer.
    ready: AtomicBool,
    /// When the build under way started, if one is: its writer holds what it added and
    /// has not committed, so it is not let go before the build's own commit (a quiet
    /// moment of the change log during a long build would have dropped what the build
    /// had added).
    build_started: Mutex<Option<std::time::Instant>>,
    /// The change log's position it holds every change up to.
    position: AtomicI64,
    /// What it has done, for `/metrics`.
    figures: Figures,
}

/// What an index has done since it was opened, for `/metrics`.
#[derive(Default)]
struct Figures {
    builds: AtomicU64,
    /// How long the last build took, in microseconds.
    last_build_us: AtomicU64,
    /// Products put again after changes.
    updated: AtomicU64,
}

/// An index's figures at one moment, for `/metrics`.
#[derive(Debug, Clone, Copy)]
pub struct IndexFigures {
    pub ready: bool,
    pub products: u64,
    pub builds: u64,
    pub last_build_seconds: f64,
    pub updated: u64,
}

/// A search's answer from the index: the page's product ids, the total, the facets,
/// and the words as read when a mistake was forgiven.
#[derive(Debug)]
pub struct Searched {
    pub ids: Vec<ProductId>,
    pub total: u64,
    pub facets: Facets,
    pub corrected: Option<Vec<String>>,
}

/// The file whose lock says a store keeps the index in its folder.
const LOCK: &str = "market-index.lock";

fn take_lock(dir: &Path) -> anyhow::Result<std::fs::File> {
    let file = std::fs::OpenOptions::new().write(true).create(true).truncate(false).open(dir.join(LOCK))?;
    match file.try_lock() {
        Ok(()) => Ok(file),
        Err(std::fs::TryLockError::WouldBlock) => {
            anyhow::bail!("{} is kept by another store", dir.display())
        }
        Err(std::fs::TryLockError::Error(e)) => Err(e.into()),
    }
}

impl CatalogIndex {
    /// Opens the index in `dir`, or makes an empty one there (also in place of one
    /// that is damaged or of another layout). It answers once it is complete: at once
    /// when the folder held a whole one, else when [`CatalogIndex::build`] ends.
    pub fn open(dir: &Path) -> anyhow::Result<CatalogIndex> {
        std::fs::create_dir_all(dir)?;
        let lock = take_lock(dir)?;
        let directory = MmapDirectory::open(dir)?;
        let (mut index, payload) = match Self::open_existing(&directory) {
            Ok(found) => found,
            Err(e) => {
                if std::fs::read_dir(dir)?.flatten().any(|entry| entry.file_name() != LOCK) {
                    tracing::warn!(dir = %dir.display(), "the catalog index cannot be read ({e}); it is built again");
                    for entry in std::fs::read_dir(dir)?.flatten().filter(|entry| entry.file_name() != LOCK) {
                        std::fs::remove_file(entry.path())?;
                    }
                }
                let (schema, _) = schema::schema();
                (Index::create(directory.clone(), schema, IndexSettings::default())?, None)
            }
        };
        schema::register(&index);
        // A search's segments are read side by side, one a core: a broad prefix ("ha")
        // matches half the catalog, and counting its facets took 70-110 ms on one core.
        index.set_multithread_executor(SEARCH_THREADS)?;
        let fields = Fields::of(&index.schema())?;
        let reader = index.reader_builder().reload_policy(ReloadPolicy::Manual).try_into()?;
        let complete = payload.is_some_and(|p| p.complete && p.layout == LAYOUT);
        Ok(CatalogIndex {
            dir: dir.to_owned(),
            _lock: lock,
            index,
            directory,
            reader,
            writer: Mutex::new(None),
            fields,
            ready: AtomicBool::new(complete),
            build_started: Mutex::new(None),
            position: AtomicI64::new(payload.map_or(0, |p| p.position)),
            figures: Figures::default(),
        })
    }

    fn open_existing(directory: &MmapDirectory) -> anyhow::Result<(Index, Option<Payload>)> {
        let index = Index::open(directory.clone())?;
        let payload: Option<Payload> =
            index.load_metas()?.payload.and_then(|p| serde_json::from_str(&p).ok());
        anyhow::ensure!(payload.is_some_and(|p| p.layout == LAYOUT), "it is of another layout");
        let (expected, _) = schema::schema();
        anyhow::ensure!(index.schema() == expected, "its fields are not this version's");
        Ok((index, payload))
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    pub fn is_ready(&self) -> bool {
        self.ready.load(Ordering::Acquire)
    }

    /// The change log's position the index holds every change up to.
    pub fn position(&self) -> i64 {
        self.position.load(Ordering::Acquire)
    }

    /// Starts a build: the index is emptied, and answers no search until
    /// [`CatalogIndex::finish_build`].
    pub fn start_build(&self) -> anyhow::Result<()> {
        self.ready.store(false, Ordering::Release);
        *self.build_started.lock().unwrap_or_else(|e| e.into_inner()) = Some(std::time::Instant::now());
        self.with_writer(|w| Ok(w.delete_all_documents().map(|_| ())?))
    }

    /// Adds products a build read.
    pub fn add(&self, products: &[Indexed]) -> anyhow::Result<()> {
        self.with_writer(|writer| {
            for p in products {
                writer.add_document(p.document(&self.fields))?;
            }
            Ok(())
        })
    }

    /// Ends a build that read the catalog after the change log stood at `position`.
    pub fn finish_build(&self, position: i64) -> anyhow::Result<()> {
        self.commit(position, true)?;
        let started = self.build_started.lock().unwrap_or_else(|e| e.into_inner()).take();
        self.let_writer_go()?;
        self.ready.store(true, Ordering::Release);
        if let Some(started) = started {
            let us = u64::try_from(started.elapsed().as_micros()).unwrap_or(u64::MAX);
            self.figures.last_build_us.store(us, Ordering::Relaxed);
        }
        self.figures.builds.fetch_add(1, Ordering::Relaxed);
        Ok(())
    }

    /// What it has done since it was opened, and what it holds.
    pub fn figures(&self) -> IndexFigures {
        let f = &self.figures;
        IndexFigures {
            ready: self.is_ready(),
            products: self.count(),
            builds: f.builds.load(Ordering::Relaxed),
            last_build_seconds: f.last_build_us.load(Ordering::Relaxed) as f64 / 1e6,
            updated: f.updated.load(Ordering::Relaxed),
        }
    }

    /// Puts the products `ids` as they are now (`found`, read after the changes up to
    /// `position`): each is replaced, and those not found (archived, deleted) leave.
    /// The writer stays for the next change (see [`CatalogIndex::let_writer_go`]).
    pub fn update(&self, ids: &[i64], found: &[Indexed], position: i64) -> anyhow::Result<()> {
        self.with_writer(|writer| {
            for id in ids {
                writer.delete_term(Term::from_field_u64(self.fields.id, *id as u64));
            }
            for p in found {
                writer.add_document(p.document(&self.fields))?;
            }
            Ok(())
        })?;
        self.figures.updated.fetch_add(ids.len() as u64, Ordering::Relaxed);
        self.commit(position.max(self.position()), self.is_ready())
    }

    /// Commits what the writer holds.
    fn commit(&self, position: i64, complete: bool) -> anyhow::Result<()> {
        let payload = serde_json::to_string(&Payload { layout: LAYOUT, position, complete })?;
        self.with_writer(|writer| {
            let mut prepared = writer.prepare_commit()?;
            prepared.set_payload(&payload);
            prepared.commit()?;
            Ok(())
        })?;
        self.reader.reload()?;
        // The files the reader let go of (and the merges' inputs before them) leave the
        // directory's map here; see the `directory` field.
        self.directory.get_cache_info();
        self.position.store(position, Ordering::Release);
        Ok(())
    }

    /// Lets the writer go, once the merges its commits started have ended (small
    /// segments: the policy leaves the build's large ones alone). Whatever it held is
    /// committed: each change commits before it answers, and a build's writer is kept
    /// until the build commits.
    ///
    /// The writer's slot stays locked until the writer is gone: it holds the folder's
    /// lock while it waits for its merges, and a writer made meanwhile for the next
    /// change or build would have been refused that lock.
    pub fn let_writer_go(&self) -> anyhow::Result<()> {
        let mut slot = self.writer.lock().unwrap_or_else(|e| e.into_inner());
        if self.build_started.lock().unwrap_or_else(|e| e.into_inner()).is_some() {
            return Ok(());
        }
        if let Some(writer) = slot.take() {
            writer.wait_merging_threads()?;
        }
        Ok(())
    }

    fn with_writer<T>(&self, f: impl FnOnce(&mut IndexWriter) -> anyhow::Result<T>) -> anyhow::Result<T> {
        let mut slot = self.writer.lock().unwrap_or_else(|e| e.into_inner());
        let writer = match slot.as_mut() {
            Some(writer) => writer,
            None => {
                let writer: IndexWriter = self.index.writer_with_num_threads(1, WRITER_BYTES)?;
                let mut policy = LogMergePolicy::default();
                policy.set_max_docs_before_merge(MERGED_AT_MOST);
                writer.set_merge_policy(Box::new(policy));
                slot.insert(writer)
            }
        };
        f(writer)
    }

    /// The products on the storefront the index holds.
    pub fn count(&self) -> u64 {
        self.reader.searcher().num_docs()
    }

    /// One page of the products matching `typed` (a search's words) in `department`
    /// when given, as `listing` asks, with the total and the facets. A page past the
    /// last is the caller's to refuse (`ListingQuery::check_page`).
    pub fn search(
        &self,
        typed: &[String],
        department: Option<i64>,
        listing: &ListingQuery,
    ) -> anyhow::Result<Searched> {
        let searcher = self.reader.searcher();
        let weighted = words::weighted(&self.fields, false);
        let fields: Vec<_> = weighted.iter().map(|(f, _)| *f).collect();
        let folded: Vec<String> = typed.iter().flat_map(|w| schema::tokens(w)).collect();
        let reading = words::read(&searcher, &fields, &folded, false)?;
        let query = words::query(&self.fields, &reading.words, &weighted, department);
        let corrected = reading.corrected.then_some(reading.words);
        list(&searcher, &*query, listing, corrected)
    }

    /// Suggestions as a shopper types: the typed words as read (the last as a word still
    /// being typed), and up to `limit` products whose name or brand holds every word as
    /// a prefix, in catalog order.
    pub fn suggest(&self, typed: &[String], limit: usize) -> anyhow::Result<(Vec<String>, Vec<ProductId>)> {
        let searcher = self.reader.searcher();
        let weighted = words::weighted(&self.fields, true);
        // Words are read against the departments' names too: suggestions offer them.
        let fields = [self.fields.searched[0], self.fields.searched[1], self.fields.searched[2]];
        let folded: Vec<String> = typed.iter().flat_map(|w| schema::tokens(w)).collect();
        let reading = words::read(&searcher, &fields, &folded, true)?;
        if limit == 0 || reading.words.is_empty() {
            return Ok((reading.words, Vec::new()));
        }
        let query = words::query(&self.fields, &reading.words, &weighted, None);
        let first = TopDocs::with_limit(limit).order_by_fast_field::<u64>("id", Order::Asc);
        let found = searcher.search(&*query, &first)?;
        Ok((
            reading.words,
            found.into_iter().filter_map(|(id, _)| id.map(|id| ProductId(id as i64))).collect(),
        ))
    }

    /// One page of a department's products as `listing` asks, with the total and the
    /// facets. A page past the last is the caller's to refuse (`ListingQuery::check_page`).
    pub fn department(&self, id: i64, listing: &ListingQuery) -> anyhow::Result<Searched> {
        let query =
            TermQuery::new(Term::from_field_u64(self.fields.department, id as u64), IndexRecordOption::Basic);
        list(&self.reader.searcher(), &query, listing, None)
    }
}

/// The matches of `query`, filtered, counted and cut to the page `listing` asks.
fn list(
    searcher: &Searcher,
    query: &dyn Query,
    listing: &ListingQuery,
    corrected: Option<Vec<String>>,
) -> anyhow::Result<Searched> {
    let filters = Arc::new(Filters::of(listing));
    let found = searcher.search(query, &ListCollector { filters })?;
    let facets = facets(&found, listing);
    let ids = collect::page(found.hits, listing.offset() as usize, listing.limit as usize);
    let ids = ids.into_iter().map(ProductId).collect();
    Ok(Searched { ids, total: found.total, facets, corrected })
}

/// The facets of a list from its counts, as `db/listing.rs` shapes them.
fn facets(found: &collect::Found, listing: &ListingQuery) -> Facets {
    let brands =
        found.brands.iter().map(|(name, count)| BrandCount { name: name.clone(), count: *count }).collect();
    let options = found
        .options
        .iter()
        .map(|((name, value), (options, places, n, count))| {
            (name.clone(), value.clone(), options * 100 / n.max(&1), places * 100 / n.max(&1), *count)
        })
        .collect();
    Facets {
        brands: Facets::brands_of(brands, &listing.brands),
        ratings: Facets::ratings_of(found.floors),
        prices: Facets::prices_of(found.bands),
        in_stock: found.in_stock,
        options: OptionCount::of(options, &listing.options),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn product(id: i64) -> Indexed {
        Indexed {
            id,
            department_id: 1,
            name: format!("Lamp {id}"),
            brand: "Lumen".into(),
            department: "Home".into(),
            description: "A lamp.".into(),
            price_cents: 1000 + id,
            rating: 0,
            reviews: 0,
            in_stock: true,
            options: Vec::new(),
        }
    }

    #[test]
    fn a_quiet_moment_of_the_change_log_during_a_build_loses_none_of_it() {
        let dir = tempfile::tempdir().unwrap();
        let index = CatalogIndex::open(dir.path()).unwrap();
        index.start_build().unwrap();
        index.add(&(1..=50).map(product).collect::<Vec<_>>()).unwrap();
        // The keeper lets the writer go after two quiet seconds, whatever runs: a build
        // of a million products takes longer than that.
        index.let_writer_go().unwrap();
        index.add(&(51..=100).map(product).collect::<Vec<_>>()).unwrap();
        index.finish_build(7).unwrap();
        assert!(index.is_ready());
        assert_eq!(index.count(), 100, "every product the build added is in the index");
        assert_eq!(index.position(), 7);

        // Once built, a quiet moment lets the writer go, and the next change makes one.
        index.let_writer_go().unwrap();
        assert!(index.writer.lock().unwrap().is_none(), "the writer went after the build");
        index.update(&[3], &[], 8).unwrap();
        assert_eq!(index.count(), 99);
    }
}
