//! Reading departments and products: one query per answer.

use serde::Serialize;

use super::rusqlite::{Connection, OptionalExtension, Row, params};
use crate::domain::Cents;
use crate::error::ApiError;

#[derive(Serialize, utoipa::ToSchema)]
pub struct Department {
    pub id: i64,
    pub name: String,
    pub url: String,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProductCard {
    pub id: i64,
    pub department_id: i64,
    pub name: String,
    pub brand: String,
    pub price: Cents,
    pub preview_image: String,
    #[schema(minimum = 0, maximum = 5)]
    pub avg_rating: f64,
    pub num_reviews: i64,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct DepartmentWithProducts {
    pub id: i64,
    pub name: String,
    pub url: String,
    #[serde(rename = "Products")]
    pub products: Vec<ProductCard>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct DepartmentRef {
    pub id: i64,
    pub name: String,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ProductImage {
    pub id: i64,
    pub url: String,
    /// The backdrop this view of the picture is shown on (decisions.md §2).
    pub background: String,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Product {
    pub id: i64,
    pub department_id: i64,
    pub name: String,
    pub brand: String,
    pub price: Cents,
    pub preview_image: String,
    pub description: String,
    #[schema(minimum = 0, maximum = 5)]
    pub avg_rating: f64,
    pub num_reviews: i64,
    #[serde(rename = "Department")]
    pub department: DepartmentRef,
    #[serde(rename = "ProductImages")]
    pub product_images: Vec<ProductImage>,
}

/// The mean rating to two decimals, 0 when nobody has rated the product yet.
pub fn avg_rating(rating_sum: i64, review_count: i64) -> f64 {
    if review_count == 0 {
        return 0.0;
    }
    (rating_sum as f64 * 100.0 / review_count as f64).round() / 100.0
}

pub fn departments(conn: &Connection) -> Result<Vec<Department>, ApiError> {
    let mut stmt = conn.prepare_cached("SELECT id, name, picture_url FROM departments ORDER BY id")?;
    let rows = stmt.query_map([], |r| Ok(Department { id: r.get(0)?, name: r.get(1)?, url: r.get(2)? }))?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// The product columns a card shows, starting at column `at` of a row that joined
/// `products p` with its preview image `i`.
pub const CARD_COLUMNS: &str =
    "p.id, p.department_id, p.name, p.brand, p.price_cents, i.url, p.rating_sum, p.review_count";

pub fn card_from_row(r: &Row, at: usize) -> super::rusqlite::Result<ProductCard> {
    Ok(ProductCard {
        id: r.get(at)?,
        department_id: r.get(at + 1)?,
        name: r.get(at + 2)?,
        brand: r.get(at + 3)?,
        price: Cents(r.get(at + 4)?),
        preview_image: r.get(at + 5)?,
        avg_rating: avg_rating(r.get(at + 6)?, r.get(at + 7)?),
        num_reviews: r.get(at + 7)?,
    })
}

pub fn department_with_products(
    conn: &Connection,
    department_id: i64,
) -> Result<Option<DepartmentWithProducts>, ApiError> {
    // LEFT JOIN so that a department without products still answers (with none).
    let sql = format!(
        "SELECT d.id, d.name, d.picture_url, {CARD_COLUMNS}
         FROM departments d
         LEFT JOIN products p ON p.department_id = d.id
         LEFT JOIN product_images i ON i.product_id = p.id AND i.position = 0
         WHERE d.id = ?1
         ORDER BY p.id"
    );
    let mut stmt = conn.prepare_cached(&sql)?;
    let mut rows = stmt.query(params![department_id])?;
    let mut department: Option<DepartmentWithProducts> = None;
    while let Some(row) = rows.next()? {
        if department.is_none() {
            department = Some(DepartmentWithProducts {
                id: row.get(0)?,
                name: row.get(1)?,
                url: row.get(2)?,
                products: Vec::new(),
            });
        }
        let dept = department.as_mut().expect("set above");
        if row.get::<_, Option<i64>>(3)?.is_some() {
            dept.products.push(card_from_row(row, 3)?);
        }
    }
    Ok(department)
}

pub fn product(conn: &Connection, product_id: i64) -> Result<Option<Product>, ApiError> {
    let mut stmt = conn.prepare_cached(
        "SELECT p.id, p.department_id, p.name, p.brand, p.price_cents, p.description,
                p.rating_sum, p.review_count, d.name, i.id, i.url, i.background
         FROM products p
         JOIN departments d ON d.id = p.department_id
         LEFT JOIN product_images i ON i.product_id = p.id
         WHERE p.id = ?1
         ORDER BY i.position",
    )?;
    let mut rows = stmt.query(params![product_id])?;
    let mut product: Option<Product> = None;
    while let Some(r) = rows.next()? {
        if product.is_none() {
            let department_id = r.get(1)?;
            product = Some(Product {
                id: r.get(0)?,
                department_id,
                name: r.get(2)?,
                brand: r.get(3)?,
                price: Cents(r.get(4)?),
                preview_image: String::new(),
                description: r.get(5)?,
                avg_rating: avg_rating(r.get(6)?, r.get(7)?),
                num_reviews: r.get(7)?,
                department: DepartmentRef { id: department_id, name: r.get(8)? },
                product_images: Vec::new(),
            });
        }
        let p = product.as_mut().expect("set above");
        if let Some(id) = r.get::<_, Option<i64>>(9)? {
            p.product_images.push(ProductImage { id, url: r.get(10)?, background: r.get(11)? });
        }
    }
    if let Some(p) = product.as_mut() {
        p.preview_image = p.product_images.first().map(|i| i.url.clone()).unwrap_or_default();
    }
    Ok(product)
}

pub fn product_exists(conn: &Connection, product_id: i64) -> Result<bool, ApiError> {
    let mut stmt = conn.prepare_cached("SELECT 1 FROM products WHERE id = ?1")?;
    Ok(stmt.query_row(params![product_id], |_| Ok(())).optional()?.is_some())
}
