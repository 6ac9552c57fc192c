//! Departments and products: one query per answer.

use super::conn::{Conn, Row, args};
use super::index_keeper::listed;
use super::listing::{self, Source};
use super::{Db, Error};
use crate::domain::Cents;
use crate::domain::ProductId;
use crate::domain::catalog::{Department, Product, ProductCard, ProductImage, Rating};
use crate::domain::listing::{DepartmentProducts, ListingQuery};
use crate::domain::variants::{self, Variant};

impl Db {
    pub async fn list_departments(&self) -> Result<Vec<Department>, Error> {
        self.read(|c| c.query("SELECT id, name, picture_url FROM departments ORDER BY id", &[], department))
            .await
    }

    /// One page of a department's products as `query` asks; `None` when there is no
    /// such department.
    pub async fn list_department_products(
        &self,
        department_id: i64,
        query: ListingQuery,
    ) -> Result<Option<DepartmentProducts>, Error> {
        if let Some(index) = self.ready_index() {
            // The index answers the total, the facets and the page's ids; the cards are
            // read by id, as they are now.
            return self
                .read(move |c| {
                    let Some(department) = department_row(c, department_id)? else { return Ok(None) };
                    let found = index.department(department_id, &query).map_err(Error::Other)?;
                    query.check_page(found.total).map_err(Error::Rejected)?;
                    Ok(Some(DepartmentProducts { department, listing: listed(c, found, &query)? }))
                })
                .await;
        }
        self.read_snapshot(move |c| department_products(c, department_id, &query)).await
    }

    /// `None` when there is no such product.
    pub async fn get_product(&self, product_id: ProductId) -> Result<Option<Product>, Error> {
        self.read(move |c| product(c, product_id)).await
    }
}

fn department(r: &Row) -> Result<Department, Error> {
    Ok(Department { id: r.get(0)?, name: r.get(1)?, picture_url: r.get(2)? })
}

fn department_row(c: &mut Conn, department_id: i64) -> Result<Option<Department>, Error> {
    c.query_opt(
        "SELECT id, name, picture_url FROM departments WHERE id = ?1",
        args![department_id],
        department,
    )
}

fn department_products(
    c: &mut Conn,
    department_id: i64,
    query: &ListingQuery,
) -> Result<Option<DepartmentProducts>, Error> {
    let Some(department) = department_row(c, department_id)? else { return Ok(None) };
    let listing = listing::listing(c, &Source::Department(department_id), query)?;
    Ok(Some(DepartmentProducts { department, listing }))
}

fn product(c: &mut Conn, product_id: ProductId) -> Result<Option<Product>, Error> {
    let mut found: Option<Product> = None;
    c.query(
        "SELECT p.id, p.department_id, p.name, p.brand, p.price_cents, p.description,
                p.rating_sum, p.review_count, d.name, i.id, i.url, i.background, p.stock,
                p.price_to_cents, p.options
         FROM products p
         JOIN departments d ON d.id = p.department_id
         LEFT JOIN product_images i ON i.product_id = p.id
         WHERE p.id = ?1 AND p.archived_at IS NULL
         ORDER BY i.position",
        args![product_id],
        |r| {
            let product = match &mut found {
                Some(product) => product,
                None => found.insert(Product {
                    card: ProductCard {
                        id: r.get(0)?,
                        department_id: r.get(1)?,
                        name: r.get(2)?,
                        brand: r.get(3)?,
                        price: Cents(r.get(4)?),
                        preview_image: String::new(),
                        rating: Rating { sum: r.get(6)?, count: r.get(7)? },
                        stock: r.get(12)?,
                        price_to: r.get::<Option<i64>>(13)?.map(Cents),
                        has_options: r.get::<Option<String>>(14)?.is_some(),
                    },
                    description: r.get(5)?,
                    department_name: r.get(8)?,
                    images: Vec::new(),
                    options: variants::options_from_row(r.get::<Option<String>>(14)?.as_deref()),
                    variants: Vec::new(),
                }),
            };
            if let Some(id) = r.get::<Option<i64>>(9)? {
                product.images.push(ProductImage { id, url: r.get(10)?, background: r.get(11)? });
            }
            Ok(())
        },
    )?;
    if let Some(p) = found.as_mut() {
        p.card.preview_image = p.images.first().map(|i| i.url.clone()).unwrap_or_default();
        if !p.options.is_empty() {
            p.variants = product_variants(c, product_id)?;
        }
    }
    Ok(found)
}

/// The variants of a product, in the back office's order, each with its picture while
/// the product still has it.
pub(super) fn product_variants(c: &mut Conn, product_id: ProductId) -> Result<Vec<Variant>, Error> {
    c.query(
        "SELECT v.id, v.sku, v.option1, v.option2, v.option3, v.price_cents, v.stock, v.image_id, i.url
         FROM product_variants v
         LEFT JOIN product_images i ON i.id = v.image_id AND i.product_id = v.product_id
         WHERE v.product_id = ?1
         ORDER BY v.position, v.id",
        args![product_id],
        variant,
    )
}

/// A variant of a row as [`product_variants`] reads it; unused options ('') left out.
pub(super) fn variant(r: &Row) -> Result<Variant, Error> {
    let values: Vec<String> =
        [r.get::<String>(2)?, r.get(3)?, r.get(4)?].into_iter().filter(|v| !v.is_empty()).collect();
    Ok(Variant {
        id: r.get(0)?,
        sku: r.get(1)?,
        values,
        price: r.get::<Option<i64>>(5)?.map(Cents),
        stock: r.get(6)?,
        image_id: r.get(7)?,
        image: r.get(8)?,
    })
}

impl Db {
    /// How many products the catalog holds.
    pub async fn count_products(&self) -> Result<u64, Error> {
        self.read(|c| {
            let n: i64 =
                c.query_one("SELECT count(*) FROM products WHERE archived_at IS NULL", &[], |r| r.get(0))?;
            Ok(n.max(0) as u64)
        })
        .await
    }

    /// `(department id, product id)` of `limit` products in id order, after skipping
    /// `offset`: a product page's address, for the sitemaps.
    pub async fn list_product_addresses(&self, offset: u64, limit: u64) -> Result<Vec<(i64, i64)>, Error> {
        self.read(move |c| {
            c.query(
                "SELECT department_id, id FROM products WHERE archived_at IS NULL ORDER BY id LIMIT ?1 OFFSET ?2",
                args![limit as i64, offset as i64],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
        })
        .await
    }
}
