//! The products as the catalog index holds them ([`Indexed`]), read from the database in
//! the same statements on both engines: a batch of the catalog in id order (to build the
//! index), or the products a change names (to keep it in step).

use super::Error;
use super::conn::{Conn, Value, args};
use crate::catalog_index::Indexed;

/// Products read per statement while the index is built.
pub const BATCH: i64 = 20_000;

/// The product columns, then the rating key as `db/listing.rs` spells it (hundredths of
/// a star, rounded half up) and whether units are left.
const COLUMNS: &str = "p.id, p.department_id, p.name, p.brand, d.name, p.description, p.price_cents,
     (CASE WHEN p.review_count = 0 THEN 0 ELSE (p.rating_sum * 200 + p.review_count) / (p.review_count * 2) END),
     p.review_count, CASE WHEN p.stock > 0 THEN 1 ELSE 0 END";

fn row(r: &crate::db::conn::Row) -> Result<Indexed, Error> {
    Ok(Indexed {
        id: r.get(0)?,
        department_id: r.get(1)?,
        name: r.get(2)?,
        brand: r.get(3)?,
        department: r.get(4)?,
        description: r.get(5)?,
        price_cents: r.get(6)?,
        rating: r.get(7)?,
        reviews: r.get(8)?,
        in_stock: r.get::<i64>(9)? == 1,
        options: Vec::new(),
    })
}

/// Up to [`BATCH`] products on the storefront after id `after`, in id order, each with
/// its option values: two statements, each reading by its primary key.
pub fn batch_after(c: &mut Conn, after: i64) -> Result<Vec<Indexed>, Error> {
    let mut products = c.query(
        &format!(
            "SELECT {COLUMNS} FROM products p JOIN departments d ON d.id = p.department_id
             WHERE p.id > ?1 AND p.archived_at IS NULL ORDER BY p.id LIMIT ?2"
        ),
        args![after, BATCH],
        row,
    )?;
    if let Some(last) = products.last().map(|p| p.id) {
        let options = c.query(
            &format!(
                "SELECT {OPTION_COLUMNS} WHERE product_id > ?1 AND product_id <= ?2 ORDER BY product_id"
            ),
            args![after, last],
            option_row,
        )?;
        attach(&mut products, options);
    }
    Ok(products)
}

/// The products among `ids` that are on the storefront now; an id missing from the
/// answer is a product gone from it (archived, or deleted).
pub fn these(c: &mut Conn, ids: &[i64]) -> Result<Vec<Indexed>, Error> {
    let mut found = Vec::with_capacity(ids.len());
    for chunk in ids.chunks(500) {
        let marks = vec!["?"; chunk.len()].join(", ");
        let params: Vec<Value> = chunk.iter().map(|id| Value::Int(*id)).collect();
        let mut products = c.query(
            &format!(
                "SELECT {COLUMNS} FROM products p JOIN departments d ON d.id = p.department_id
                 WHERE p.id IN ({marks}) AND p.archived_at IS NULL ORDER BY p.id"
            ),
            &params,
            row,
        )?;
        let options = c.query(
            &format!("SELECT {OPTION_COLUMNS} WHERE product_id IN ({marks}) ORDER BY product_id"),
            &params,
            option_row,
        )?;
        attach(&mut products, options);
        found.extend(products);
    }
    Ok(found)
}

/// A product's option values, read by [`option_row`].
const OPTION_COLUMNS: &str =
    "product_id, name, value, option_position, value_position FROM product_option_values";

type OptionRow = (i64, (String, String, i64, i64));

fn option_row(r: &crate::db::conn::Row) -> Result<OptionRow, Error> {
    Ok((r.get(0)?, (r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?)))
}

/// Hands each product its option rows (both in product order).
fn attach(products: &mut [Indexed], options: Vec<OptionRow>) {
    let mut rows = options.into_iter().peekable();
    for p in products.iter_mut() {
        while let Some((id, _)) = rows.peek() {
            match id.cmp(&p.id) {
                std::cmp::Ordering::Less => {
                    rows.next();
                }
                std::cmp::Ordering::Equal => p.options.push(rows.next().expect("peeked").1),
                std::cmp::Ordering::Greater => break,
            }
        }
    }
}
