//! The back office's products: any product, archived ones too, found by id, SKU, name
//! or brand; created, changed, archived and restored, each write with its audit entry
//! in the same transaction. The storefront's own reads are in `catalog.rs`.

use crate::domain::catalog::NO_PICTURE;
use serde_json::json;

use super::audit::record;
use super::imports::refuse_during_import;
use super::product_effects;
use super::variants;
use crate::db::conn::{Conn, Row, Value, args};
use crate::db::dialect::{AdminSearch, AdminSearchAsk};
use crate::db::{Db, Error};
use crate::domain::admin::audit::{Actor, Entry, changed_fields};
use crate::domain::admin::inputs::ProductChange;
use crate::domain::catalog::Rating;
use crate::domain::listing::{NearerEnd, words};
use crate::domain::stock::{LOW, default_sku};
use crate::domain::{Cents, Rejection, Thing, Timestamp};
use crate::domain::{ProductId, VariantId};

/// A product as the back office sees it.
#[derive(Debug, Clone)]
pub struct AdminProduct {
    pub id: ProductId,
    pub sku: String,
    pub name: String,
    pub brand: String,
    pub department_id: i64,
    pub department_name: String,
    pub price: Cents,
    pub description: String,
    pub stock: i64,
    pub archived_at: Option<Timestamp>,
    pub preview_image: String,
    pub rating: Rating,
}

/// A page of the CSV export: products by id, and the variants of those sold by variant,
/// by product and the back office's order.
pub struct ExportPage {
    pub products: Vec<AdminProduct>,
    pub variants: Vec<ExportedVariant>,
}

/// A variant as the CSV export writes it.
pub struct ExportedVariant {
    pub product_id: ProductId,
    pub id: VariantId,
    pub sku: String,
    pub chosen: crate::domain::variants::Chosen,
    /// Its own price; `None`: the product's.
    pub price: Option<Cents>,
    pub stock: i64,
}

impl AdminProduct {
    /// The fields an audit entry compares.
    fn audited(&self) -> serde_json::Value {
        json!({
            "name": self.name, "brand": self.brand, "departmentId": self.department_id,
            "price": self.price.as_dollars(), "description": self.description, "stock": self.stock,
            "sku": self.sku, "archived": self.archived_at.is_some(),
        })
    }
}

const COLUMNS: &str =
    "p.id, coalesce(p.sku, ''), p.name, p.brand, p.department_id, d.name, p.price_cents, p.description,
     p.stock, p.archived_at, i.url, p.rating_sum, p.review_count";
const FROM: &str = "products p JOIN departments d ON d.id = p.department_id
     LEFT JOIN product_images i ON i.product_id = p.id AND i.position = 0";

fn admin_product(r: &Row) -> Result<AdminProduct, Error> {
    Ok(AdminProduct {
        id: r.get(0)?,
        sku: r.get(1)?,
        name: r.get(2)?,
        brand: r.get(3)?,
        department_id: r.get(4)?,
        department_name: r.get(5)?,
        price: Cents(r.get(6)?),
        description: r.get(7)?,
        stock: r.get(8)?,
        archived_at: r.get::<Option<i64>>(9)?.map(Timestamp),
        preview_image: r.get::<Option<String>>(10)?.unwrap_or_else(|| NO_PICTURE.into()),
        rating: Rating { sum: r.get(11)?, count: r.get(12)? },
    })
}

/// Which products the back office's list shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Active,
    Archived,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StockFilter {
    /// None left.
    Out,
    /// From [`LOW`] units down, but some.
    Low,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AdminSort {
    Newest,
    Name,
    PriceAsc,
    PriceDesc,
    Stock,
}

impl AdminSort {
    /// The `ORDER BY` of the sort, or (`backwards`) of its exact reverse: a page past the
    /// middle is read from the other end, so no page steps over more than half the list.
    fn order(self, backwards: bool) -> &'static str {
        match (self, backwards) {
            (AdminSort::Newest, false) => "p.id DESC",
            (AdminSort::Newest, true) => "p.id",
            (AdminSort::Name, false) => "p.name, p.id",
            (AdminSort::Name, true) => "p.name DESC, p.id DESC",
            (AdminSort::PriceAsc, false) => "p.price_cents, p.id",
            (AdminSort::PriceAsc, true) => "p.price_cents DESC, p.id DESC",
            (AdminSort::PriceDesc, false) => "p.price_cents DESC, p.id DESC",
            (AdminSort::PriceDesc, true) => "p.price_cents, p.id",
            (AdminSort::Stock, false) => "p.stock, p.id",
            (AdminSort::Stock, true) => "p.stock DESC, p.id DESC",
        }
    }
}

/// What the back office's product list asks.
#[derive(Debug, Clone)]
pub struct AdminProductQuery {
    pub q: Option<String>,
    pub department: Option<i64>,
    pub status: Status,
    pub stock: Option<StockFilter>,
    pub sort: AdminSort,
    pub page: u32,
    pub limit: u32,
}

pub struct AdminProductPage {
    pub products: Vec<AdminProduct>,
    pub total: u64,
}

impl Db {
    /// Any product, archived or not; `None` when there is no such product.
    pub async fn get_admin_product(&self, id: ProductId) -> Result<Option<AdminProduct>, Error> {
        self.read(move |c| find(c, id)).await
    }

    /// One page of the products `query` asks for, and how many there are in all.
    pub async fn list_admin_products(&self, query: AdminProductQuery) -> Result<AdminProductPage, Error> {
        self.read_snapshot(move |c| list(c, &query)).await
    }

    /// Up to `limit` products with ids above `after`, by id, and the variants of those
    /// sold by variant: the CSV export's pages, each read in one snapshot.
    pub async fn products_after(&self, after: i64, limit: u32) -> Result<ExportPage, Error> {
        self.read_snapshot(move |c| {
            // The page of products first, by id (a join left to itself would begin with
            // the departments and sort every product past `after` for each page).
            let from = FROM.replacen(
                "products p",
                "(SELECT * FROM products WHERE id > ?1 ORDER BY id LIMIT ?2) p",
                1,
            );
            let products = c.query(
                &format!("SELECT {COLUMNS} FROM {from} ORDER BY p.id"),
                args![after, limit],
                admin_product,
            )?;
            let Some(last) = products.last().map(|p| p.id) else {
                return Ok(ExportPage { products, variants: Vec::new() });
            };
            // The page's variants by their product's index, in one statement.
            let variants = c.query(
                "SELECT v.product_id, v.id, v.sku, p.options, v.option1, v.option2, v.option3, v.price_cents, v.stock
                 FROM product_variants v JOIN products p ON p.id = v.product_id
                 WHERE v.product_id > ?1 AND v.product_id <= ?2 ORDER BY v.product_id, v.position",
                args![after, last],
                |r| {
                    let options = crate::domain::variants::options_from_row(r.get::<Option<String>>(3)?.as_deref());
                    let values: Vec<String> = vec![r.get(4)?, r.get(5)?, r.get(6)?];
                    Ok(ExportedVariant {
                        product_id: r.get(0)?,
                        id: r.get(1)?,
                        sku: r.get(2)?,
                        chosen: crate::domain::variants::chosen(&options, &values),
                        price: r.get::<Option<i64>>(7)?.map(Cents),
                        stock: r.get(8)?,
                    })
                },
            )?;
            Ok(ExportPage { products, variants })
        })
        .await
    }

    pub async fn create_product(&self, actor: Actor, change: ProductChange) -> Result<AdminProduct, Error> {
        self.write(move |c| create(c, &actor, &change)).await
    }

    pub async fn update_product(
        &self,
        actor: Actor,
        id: ProductId,
        change: ProductChange,
    ) -> Result<AdminProduct, Error> {
        self.write(move |c| update(c, &actor, id, &change)).await
    }

    /// Archives the product (`archived`) or brings it back: an archived product leaves
    /// the storefront, and stays in the orders that hold it.
    pub async fn set_product_archived(
        &self,
        actor: Actor,
        id: ProductId,
        archived: bool,
    ) -> Result<AdminProduct, Error> {
        self.write(move |c| {
            refuse_during_import(c)?;
            let before = find(c, id)?.ok_or(Error::NotFound(Thing::Product))?;
            if before.archived_at.is_some() == archived {
                return Ok(before);
            }
            let at = archived.then(|| Timestamp::now().millis());
            c.execute("UPDATE products SET archived_at = ?2 WHERE id = ?1", args![id, at])?;
            if !archived {
                // Back on sale with units: those waiting for it hear of it.
                crate::db::stock_alerts::mail_restocked(c)?;
            }
            let after = find(c, id)?.ok_or(Error::NotFound(Thing::Product))?;
            record(
                c,
                &actor,
                Entry {
                    action: if archived { "product.archive" } else { "product.restore" },
                    thing: "product",
                    thing_id: Some(id.0),
                    before: Some(json!({"name": before.name, "archived": !archived})),
                    after: Some(json!({"name": after.name, "archived": archived})),
                },
            )?;
            Ok(after)
        })
        .await
    }
}

fn find(c: &mut Conn, id: ProductId) -> Result<Option<AdminProduct>, Error> {
    c.query_opt(&format!("SELECT {COLUMNS} FROM {FROM} WHERE p.id = ?1"), args![id], admin_product)
}

fn list(c: &mut Conn, query: &AdminProductQuery) -> Result<AdminProductPage, Error> {
    let mut conditions: Vec<String> = vec![match query.status {
        Status::Active => "p.archived_at IS NULL".into(),
        Status::Archived => "p.archived_at IS NOT NULL".into(),
    }];
    let mut params: Vec<Value> = Vec::new();
    if let Some(department) = query.department {
        conditions.push("p.department_id = ?".into());
        params.push(Value::Int(department));
    }
    match query.stock {
        Some(StockFilter::Out) => conditions.push("p.stock = 0".into()),
        Some(StockFilter::Low) => conditions.push(format!("p.stock BETWEEN 1 AND {LOW}")),
        None => {}
    }
    // Everything on sale, no filter: what most pages of the list are.
    let on_sale = query.status == Status::Active && params.is_empty() && query.stock.is_none();
    let dialect = crate::db::engine::dialect(c);
    let table = match on_sale && query.sort == AdminSort::Newest {
        true => dialect.newest_products,
        false => "products p",
    };
    let limit = u64::from(query.limit);
    let offset = u64::from(query.page.saturating_sub(1)) * limit;
    let typed = query.q.as_deref().map(str::trim).filter(|q| !q.is_empty());
    let expression = typed.map(words).filter(|w| !w.is_empty()).map(|w| (dialect.search.typed_name)(&w));
    let (ids, total) = match (typed, &dialect.admin_search) {
        (Some(typed), AdminSearch::Steps(search)) => {
            let condition = conditions.join(" AND ");
            let ask = AdminSearchAsk {
                typed,
                expression: expression.as_deref(),
                condition: &condition,
                params: &params,
                only_on_sale: on_sale,
                table,
                order: query.sort.order(false),
                reverse_order: query.sort.order(true),
                offset,
                limit,
            };
            search(c, &ask)?
        }
        (_, search) => {
            if let Some(q) = typed {
                let mut any = vec!["p.sku = ?".to_string()];
                params.push(Value::Text(q));
                if let Ok(id) = q.parse::<i64>() {
                    any.push("p.id = ?".into());
                    params.push(Value::Int(id));
                }
                if let (Some(expression), AdminSearch::Condition(matches)) = (&expression, search) {
                    any.push((*matches).into());
                    params.push(Value::Text(expression));
                }
                conditions.push(format!("({})", any.join(" OR ")));
            }
            let unfiltered = on_sale && typed.is_none();
            page_by_statement(
                c,
                &conditions.join(" AND "),
                &params,
                unfiltered,
                table,
                query.sort,
                offset,
                limit,
            )?
        }
    };
    let list = ids.iter().map(i64::to_string).collect::<Vec<_>>().join(", ");
    let mut products = match ids.is_empty() {
        true => Vec::new(),
        false => {
            c.query(&format!("SELECT {COLUMNS} FROM {FROM} WHERE p.id IN ({list})"), &[], admin_product)?
        }
    };
    products.sort_by_key(|p| ids.iter().position(|id| *id == p.id.0));
    Ok(AdminProductPage { products, total })
}

/// The page's ids and the total of a list read by statements alone: the lists without
/// words on both engines, and PostgreSQL's searches, whose index is on `products` itself.
#[allow(clippy::too_many_arguments)]
fn page_by_statement(
    c: &mut Conn,
    condition: &str,
    params: &[Value],
    unfiltered: bool,
    table: &str,
    sort: AdminSort,
    offset: u64,
    limit: u64,
) -> Result<(Vec<i64>, u64), Error> {
    // The whole list on sale, unfiltered: all products less the archived few, two counts
    // SQLite answers from its b-trees' page counts, not by stepping over a million rows.
    let total: i64 = if unfiltered {
        c.query_one(
            "SELECT (SELECT count(*) FROM products) - (SELECT count(*) FROM products WHERE archived_at IS NOT NULL)",
            &[],
            |r| r.get(0),
        )?
    } else {
        c.query_one(&format!("SELECT count(*) FROM products p WHERE {condition}"), params, |r| r.get(0))?
    };
    let total = total.max(0) as u64;
    if offset >= total {
        return Ok((Vec::new(), total));
    }
    // The page's ids from the sort's index alone, then their rows; a page past the
    // middle from the other end.
    let NearerEnd { backwards, skip, take } = NearerEnd::of(offset, limit, total);
    let mut page_params = params.to_vec();
    page_params.push(Value::Int(take as i64));
    page_params.push(Value::Int(skip as i64));
    let mut ids: Vec<i64> = c.query(
        &format!(
            "SELECT p.id FROM {table} WHERE {condition} ORDER BY {} LIMIT ? OFFSET ?",
            sort.order(backwards)
        ),
        &page_params,
        |r| r.get(0),
    )?;
    if backwards {
        ids.reverse();
    }
    Ok((ids, total))
}

/// Refuses a department that does not exist, naming the field.
fn require_department(c: &mut Conn, id: i64) -> Result<(), Error> {
    let found = c.query_one("SELECT EXISTS (SELECT 1 FROM departments WHERE id = ?1)", args![id], |r| {
        r.get::<bool>(0)
    })?;
    match found {
        true => Ok(()),
        false => Err(Rejection::Invalid(vec!["departmentId: there is no such department.".into()]).into()),
    }
}

fn create(c: &mut Conn, actor: &Actor, change: &ProductChange) -> Result<AdminProduct, Error> {
    refuse_during_import(c)?;
    let (Some(name), Some(brand), Some(department_id), Some(price), Some(description), Some(stock)) =
        (&change.name, &change.brand, change.department_id, change.price, &change.description, change.stock)
    else {
        return Err(Error::other("a new product's fields were not all checked"));
    };
    require_department(c, department_id)?;
    variants::refuse_variant_sku(c, change.sku.as_deref())?;
    let id: ProductId = c.attempt(|c| {
        c.query_one(
            "INSERT INTO products (department_id, name, brand, price_cents, description, stock, sku)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) RETURNING id",
            args![department_id, name, brand, price.0, description, stock, change.sku.as_deref()],
            |r| r.get(0),
        )
    })?;
    if change.sku.is_none() {
        c.attempt(|c| {
            c.execute("UPDATE products SET sku = ?2 WHERE id = ?1", args![id, &default_sku(id.0)])
        })?;
    }
    let created = find(c, id)?.ok_or(Error::NotFound(Thing::Product))?;
    record(
        c,
        actor,
        Entry {
            action: "product.create",
            thing: "product",
            thing_id: Some(id.0),
            before: None,
            after: Some(created.audited()),
        },
    )?;
    Ok(created)
}

fn update(c: &mut Conn, actor: &Actor, id: ProductId, change: &ProductChange) -> Result<AdminProduct, Error> {
    refuse_during_import(c)?;
    let before = find(c, id)?.ok_or(Error::NotFound(Thing::Product))?;
    if let Some(department_id) = change.department_id {
        require_department(c, department_id)?;
    }
    variants::refuse_variant_sku(c, change.sku.as_deref())?;
    let mut errors = Vec::new();
    if let Some(price) = change.price
        && let Some(variant) = variants::variant_below(c, id, price)?
    {
        errors.push(format!(
            "price: the variant {variant} asks less; a product's price is the least its variants ask."
        ));
    }
    if change.stock.is_some_and(|stock| stock != before.stock) && variants::has_options(c, id)? {
        errors.push("stock: this product sells its variants' units; change them in its variants.".into());
    }
    if !errors.is_empty() {
        return Err(Rejection::Invalid(errors).into());
    }
    c.attempt(|c| {
        c.execute(
            "UPDATE products SET
                 name = coalesce(?2, name), brand = coalesce(?3, brand), department_id = coalesce(?4, department_id),
                 price_cents = coalesce(?5, price_cents), description = coalesce(?6, description),
                 stock = coalesce(?7, stock), sku = coalesce(?8, sku)
             WHERE id = ?1",
            args![
                id,
                change.name.as_deref(),
                change.brand.as_deref(),
                change.department_id,
                change.price.map(|p| p.0),
                change.description.as_deref(),
                change.stock,
                change.sku.as_deref()
            ],
        )
    })?;
    if change.price.is_some_and(|price| price != before.price) {
        product_effects::shoppers_holding(c, id)?;
    }
    if change.stock.is_some_and(|stock| stock > before.stock) {
        crate::db::stock_alerts::mail_restocked(c)?;
    }
    let after = find(c, id)?.ok_or(Error::NotFound(Thing::Product))?;
    let (was, now) = changed_fields(&before.audited(), &after.audited());
    if now.as_object().is_some_and(|changed| !changed.is_empty()) {
        record(
            c,
            actor,
            Entry {
                action: "product.update",
                thing: "product",
                thing_id: Some(id.0),
                before: Some(was),
                after: Some(now),
            },
        )?;
    }
    Ok(after)
}
