//! Keeps the catalog index (`catalog_index/`) in step with the database: builds it from
//! the catalog, brings one found in the data folder up to date from the change log,
//! and applies each product's change as the log delivers it, before the kept answers
//! that showed the product are dropped (so none is made again from the index as it
//! was).

use std::collections::BTreeSet;
use std::sync::Arc;

use super::changes::{Change, Listener, Topic};
use super::conn::{Conn, args};
use super::index_rows;
use super::{Db, Error};
use crate::catalog_index::{self, CatalogIndex};
use crate::domain::listing::{Listing, ListingQuery};

/// Products read again and put into the index in one read and one commit.
const PUT_AT_ONCE: usize = 5_000;
/// How long the index's writer is kept after a change for the next one: sales and
/// reviews come in runs, and a writer made for each change starts threads and takes
/// memory anew (docs/performance.md).
const WRITER_KEPT: std::time::Duration = std::time::Duration::from_secs(2);

impl Db {
    /// Opens the catalog index in `dir` for this store's searches. It answers once it
    /// is complete; [`Db::prepare_catalog_index`] makes it so.
    pub fn open_catalog_index(&self, dir: &std::path::Path) -> anyhow::Result<Arc<CatalogIndex>> {
        let index = Arc::new(CatalogIndex::open(dir)?);
        let _ = self.catalog_index.set(index.clone());
        Ok(index)
    }

    /// What answers searches: `index` (the catalog index), `database` (there is none),
    /// or `building` (the database, until the index is built).
    pub fn search_source(&self) -> &'static str {
        match self.catalog_index.get() {
            None => "database",
            Some(index) if index.is_ready() => "index",
            Some(_) => "building",
        }
    }

    /// The catalog index's figures, when the store keeps one.
    pub fn catalog_index_figures(&self) -> Option<catalog_index::IndexFigures> {
        self.catalog_index.get().map(|index| index.figures())
    }

    /// The catalog index, when it holds the whole catalog and may answer.
    pub(super) fn ready_index(&self) -> Option<Arc<CatalogIndex>> {
        self.catalog_index.get().filter(|i| i.is_ready()).cloned()
    }

    /// Brings the index up to date: a complete one by the changes since its position,
    /// any other (or one the log no longer reaches back to) by building it again.
    /// Answers how many products it read.
    pub async fn prepare_catalog_index(&self, index: &Arc<CatalogIndex>) -> Result<u64, Error> {
        let started = std::time::Instant::now();
        let (how, read) = match self.catch_up_whole(index).await? {
            Some(read) => ("caught up", read),
            None => ("built", self.build_index(index).await?),
        };
        tracing::info!(
            products = read,
            seconds = format!("{:.1}", started.elapsed().as_secs_f64()),
            dir = %index.dir().display(),
            "{how} the catalog index"
        );
        Ok(read)
    }

    /// Builds the index afresh from the catalog as it is now (after `market seed` or
    /// `market restore` made another). Answers how many products it read.
    pub async fn build_catalog_index(&self, index: &Arc<CatalogIndex>) -> Result<u64, Error> {
        let started = std::time::Instant::now();
        let read = self.build_index(index).await?;
        tracing::info!(
            products = read,
            seconds = format!("{:.1}", started.elapsed().as_secs_f64()),
            dir = %index.dir().display(),
            "built the catalog index"
        );
        Ok(read)
    }

    /// The listener that keeps `index` in step: every change goes to `then` (the kept
    /// answers) at once; products' changes are also applied to the index on the
    /// blocking pool, and handed to `then` again once it holds them.
    pub fn keep_catalog_index(&self, index: Arc<CatalogIndex>, then: Listener) -> Listener {
        let (send, mut receive) = tokio::sync::mpsc::unbounded_channel::<Vec<Change>>();
        let db = self.clone();
        let again = then.clone();
        actix_web::rt::spawn(async move {
            loop {
                // A quiet moment after a change lets the index's writer go; while changes
                // keep coming, each commit keeps it for the next.
                let mut changes = match actix_web::rt::time::timeout(WRITER_KEPT, receive.recv()).await {
                    Ok(Some(changes)) => changes,
                    Ok(None) => break,
                    Err(_) => {
                        if let Err(e) = on_index(&index, |i| i.let_writer_go()).await {
                            tracing::warn!("letting the catalog index's writer go failed: {e}");
                        }
                        match receive.recv().await {
                            Some(changes) => changes,
                            None => break,
                        }
                    }
                };
                // Whatever else came meanwhile is applied with it, in one commit.
                while let Ok(more) = receive.try_recv() {
                    changes.extend(more);
                }
                // A lost log (`Everything`) builds the index again.
                let applied = match changes.iter().any(|c| c.topic == Topic::Everything) {
                    true => db.build_index(&index).await.map(drop),
                    false => db.apply_changes(&index, &changes).await,
                };
                if let Err(e) = applied {
                    tracing::warn!("the catalog index could not follow a change ({e}); it is built again");
                    if let Err(e) = db.build_index(&index).await {
                        tracing::error!("building the catalog index failed: {e}");
                    }
                }
                // Answers made from the index before it held these changes go too.
                again(&changes);
            }
        });
        Arc::new(move |changes: &[Change]| {
            // Dropped at once, as before the index: a shopper reads their own write.
            then(changes);
            let catalog: Vec<Change> = changes
                .iter()
                // Departments too: their lists are answered from the index, and must be
                // dropped again once it holds their products' changes.
                .filter(|c| matches!(c.topic, Topic::Product | Topic::Department | Topic::Everything))
                .copied()
                .collect();
            if !catalog.is_empty() {
                let _ = send.send(catalog);
            }
        })
    }

    /// A complete index brought up to date by the changes since its position: answers
    /// how many products it read again, or `None` when it must be built again (it is
    /// not complete, the log no longer reaches back to it, or it does not hold as many
    /// products as are on sale).
    async fn catch_up_whole(&self, index: &Arc<CatalogIndex>) -> Result<Option<u64>, Error> {
        if !index.is_ready() {
            return Ok(None);
        }
        let position = index.position();
        let (from, newest, reaches) = self
            .read(move |c| {
                let (oldest, newest): (i64, i64) = c.query_one(
                    "SELECT coalesce(min(id), 0), coalesce(max(id), 0) FROM changes",
                    &[],
                    |r| Ok((r.get(0)?, r.get(1)?)),
                )?;
                let from = reread_from(c, position);
                // The log reaches back to the index's position, and is the same log (a
                // catalog made again restarts it).
                Ok((from, newest, newest >= position && (oldest <= from + 1 || oldest == 0)))
            })
            .await?;
        if !reaches {
            return Ok(None);
        }
        let read = self.put_changed(index, from, newest).await?;
        let on_sale: i64 = self
            .read(|c| {
                c.query_one("SELECT count(*) FROM products WHERE archived_at IS NULL", &[], |r| r.get(0))
            })
            .await?;
        if on_sale as u64 == index.count() {
            return Ok(Some(read));
        }
        tracing::warn!(
            in_index = index.count(),
            on_sale,
            "the catalog index does not hold the products on sale; it is built again"
        );
        Ok(None)
    }

    /// Reads the whole catalog into the index, a batch by id a read (so that each is
    /// one short statement, within the time a read is given on PostgreSQL), then what
    /// changed meanwhile (changes delivered during the build are not applied to it).
    /// Answers how many products it read.
    async fn build_index(&self, index: &Arc<CatalogIndex>) -> Result<u64, Error> {
        let position = self.read(log_position).await?;
        on_index(index, |i| i.start_build()).await?;
        let (mut after, mut read) = (0, 0u64);
        loop {
            let batch = self.read(move |c| index_rows::batch_after(c, after)).await?;
            let Some(last) = batch.last().map(|p| p.id) else { break };
            (after, read) = (last, read + batch.len() as u64);
            on_index(index, move |i| i.add(&batch)).await?;
        }
        on_index(index, move |i| i.finish_build(position)).await?;
        let (from, newest) = self.read(move |c| Ok((reread_from(c, position), log_position(c)?))).await?;
        self.put_changed(index, from, newest).await?;
        Ok(read)
    }

    /// Reads again the products the log names after `from` up to `newest` into the
    /// index, which then holds every change up to `newest`. Answers how many.
    async fn put_changed(&self, index: &Arc<CatalogIndex>, from: i64, newest: i64) -> Result<u64, Error> {
        let ids: Vec<i64> = self
            .read(move |c| {
                c.query(
                    "SELECT DISTINCT key FROM changes WHERE topic = 'product' AND id > ?1 AND id <= ?2",
                    args![from, newest],
                    |r| r.get(0),
                )
            })
            .await?;
        let read = ids.len() as u64;
        self.put_again(index, ids, newest).await?;
        Ok(read)
    }

    /// Applies delivered changes: the products they name are read again and replaced.
    async fn apply_changes(&self, index: &Arc<CatalogIndex>, changes: &[Change]) -> Result<(), Error> {
        let ids: BTreeSet<i64> =
            changes.iter().filter(|c| c.topic == Topic::Product).map(|c| c.key).collect();
        let position = changes.iter().map(|c| c.version).max().unwrap_or(0);
        if index.is_ready() && !ids.is_empty() {
            self.put_again(index, ids.into_iter().collect(), position).await?;
        }
        Ok(())
    }

    /// Puts the products `ids` into the index as they are now, a few thousand a read
    /// (an import can change a hundred thousand); the last commit records `position`.
    async fn put_again(&self, index: &Arc<CatalogIndex>, ids: Vec<i64>, position: i64) -> Result<(), Error> {
        let chunks: Vec<Vec<i64>> = ids.chunks(PUT_AT_ONCE).map(<[i64]>::to_vec).collect();
        if chunks.is_empty() {
            return on_index(index, move |i| i.update(&[], &[], position)).await;
        }
        let last = chunks.len() - 1;
        for (at, chunk) in chunks.into_iter().enumerate() {
            let found = self
                .read({
                    let chunk = chunk.clone();
                    move |c| index_rows::these(c, &chunk)
                })
                .await?;
            let holds = if at == last { position } else { index.position() };
            on_index(index, move |i| i.update(&chunk, &found, holds)).await?;
        }
        Ok(())
    }
}

/// A list the index found, with its page's cards read by id, as they are now.
pub(super) fn listed(
    c: &mut Conn,
    found: catalog_index::Searched,
    query: &ListingQuery,
) -> Result<Listing, Error> {
    Ok(Listing {
        products: super::cards::by_ids(c, &found.ids)?,
        total: found.total,
        page: query.page,
        pages: query.pages(found.total),
        facets: found.facets,
        // Said only when the words read instead find something.
        did_you_mean: found.corrected.filter(|_| found.total > 0).map(|words| words.join(" ")),
    })
}

/// Where the change log stands: the position a build's read follows.
fn log_position(c: &mut Conn) -> Result<i64, Error> {
    c.query_one("SELECT coalesce(max(id), 0) FROM changes", &[], |r| r.get(0))
}

/// Where to read the log again from, for an index that holds every change up to
/// `position`.
fn reread_from(c: &Conn, position: i64) -> i64 {
    (position - super::engine::dialect(c).log_reread).max(0)
}

/// Work on the index off the async threads, with no time limit: a build's commit
/// writes a large part of the catalog.
async fn on_index<T: Send + 'static>(
    index: &Arc<CatalogIndex>,
    f: impl FnOnce(&CatalogIndex) -> anyhow::Result<T> + Send + 'static,
) -> Result<T, Error> {
    let index = index.clone();
    actix_web::web::block(move || f(&index)).await.map_err(Error::other)?.map_err(Error::Other)
}
