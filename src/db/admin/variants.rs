//! A product's options and variants as the back office reads and saves them: the whole
//! set in one transaction, checked against the product (its price, its pictures, its
//! own variants' ids, SKUs held elsewhere), then the product's stock and price range
//! recounted once (the triggers of schema 10 keep them through sales after that).

use std::collections::HashSet;

use serde_json::{Value, json};

use super::audit::record;
use super::imports::refuse_during_import;
use super::product_effects;
use crate::db::catalog::product_variants;
use crate::db::conn::{Conn, args};
use crate::db::{Db, Error};
use crate::domain::admin::audit::{Actor, Entry, changed_fields};
use crate::domain::variants::{self, ProductOption, Variant, VariantSet};
use crate::domain::{Cents, Rejection, Thing};
use crate::domain::{ProductId, VariantId};

/// A product's options and variants, each variant's price its own (`None`: the
/// product's), as the back office edits them.
#[derive(Debug, Clone)]
pub struct AdminVariants {
    pub product_id: ProductId,
    /// The product's own price: what a variant without one asks, and the least any asks.
    pub price: Cents,
    pub options: Vec<ProductOption>,
    pub variants: Vec<Variant>,
}

impl Db {
    /// `None` when there is no such product (archived ones included).
    pub async fn get_admin_variants(&self, product_id: ProductId) -> Result<Option<AdminVariants>, Error> {
        self.read(move |c| find(c, product_id)).await
    }

    /// Replaces the product's options and variants by `set`. A variant given with its id
    /// keeps it, so carts that hold it keep their line; one left out goes, and a cart
    /// line that held it says so. Refused whole, naming each problem: an id that is not
    /// one of the product's variants, a picture that is not one of its pictures, a
    /// variant asking less than the product's price, a SKU another product or variant
    /// holds.
    pub async fn save_variants(
        &self,
        actor: Actor,
        product_id: ProductId,
        set: VariantSet,
    ) -> Result<AdminVariants, Error> {
        self.write(move |c| save(c, &actor, product_id, &set)).await
    }
}

fn find(c: &mut Conn, product_id: ProductId) -> Result<Option<AdminVariants>, Error> {
    let product =
        c.query_opt("SELECT price_cents, options FROM products WHERE id = ?1", args![product_id], |r| {
            Ok((Cents(r.get(0)?), r.get::<Option<String>>(1)?))
        })?;
    let Some((price, options)) = product else { return Ok(None) };
    let options = variants::options_from_row(options.as_deref());
    let variants = match options.is_empty() {
        true => Vec::new(),
        false => product_variants(c, product_id)?,
    };
    Ok(Some(AdminVariants { product_id, price, options, variants }))
}

/// The set as the audit log compares it: the options, and each variant by its SKU.
fn audited(options: &[ProductOption], variants: &[Variant]) -> Value {
    let mut fields = serde_json::Map::new();
    fields.insert("options".into(), json!(options));
    for v in variants {
        fields.insert(
            v.sku.clone(),
            json!({"options": v.values, "price": v.price.map(Cents::as_dollars), "stock": v.stock, "imageId": v.image_id}),
        );
    }
    Value::Object(fields)
}

fn save(
    c: &mut Conn,
    actor: &Actor,
    product_id: ProductId,
    set: &VariantSet,
) -> Result<AdminVariants, Error> {
    refuse_during_import(c)?;
    let before = find(c, product_id)?.ok_or(Error::NotFound(Thing::Product))?;
    let errors = problems(c, &before, set)?;
    if !errors.is_empty() {
        return Err(Rejection::Invalid(errors).into());
    }
    write_variants(c, &before, set)?;
    update_product_for_variants(c, product_id, set)?;
    product_effects::shoppers_holding(c, product_id)?;
    crate::db::stock_alerts::mail_restocked(c)?;
    let after = find(c, product_id)?.ok_or(Error::NotFound(Thing::Product))?;
    record_change(c, actor, &before, &after)?;
    Ok(after)
}

/// What is wrong with `set` for the product as it stands (`before`), each said.
fn problems(c: &mut Conn, before: &AdminVariants, set: &VariantSet) -> Result<Vec<String>, Error> {
    let mut errors = Vec::new();
    if let Some(v) = set.below(before.price) {
        errors.push(format!(
            "{}: a variant asks at least the product's price, {}, its \"from\" price.",
            v.sku, before.price
        ));
    }
    let held: HashSet<VariantId> = before.variants.iter().map(|v| v.id).collect();
    for v in set.variants.iter().filter(|v| v.id != VariantId::NEW && !held.contains(&v.id)) {
        errors.push(format!("{}: variant {} is not one of this product's.", v.sku, v.id));
    }
    let pictures: HashSet<i64> = c
        .query("SELECT id FROM product_images WHERE product_id = ?1", args![before.product_id], |r| r.get(0))?
        .into_iter()
        .collect();
    for v in &set.variants {
        if let Some(image) = v.image_id.filter(|id| !pictures.contains(id)) {
            errors.push(format!("{}: picture {image} is not one of this product's.", v.sku));
        }
    }
    for sku in skus_of_products(c, set)? {
        errors.push(format!("{sku}: another product has this SKU."));
    }
    Ok(errors)
}

/// Writes the product's variants as `set` has them: those left out go, those kept are
/// changed where they stand (keeping their ids), new ones are added.
fn write_variants(c: &mut Conn, before: &AdminVariants, set: &VariantSet) -> Result<(), Error> {
    let product_id = before.product_id;
    let kept: HashSet<VariantId> =
        set.variants.iter().map(|v| v.id).filter(|&id| id != VariantId::NEW).collect();
    let gone: Vec<i64> =
        before.variants.iter().map(|v| v.id).filter(|id| !kept.contains(id)).map(|id| id.0).collect();
    for ids in gone.chunks(500) {
        c.execute(&format!("DELETE FROM product_variants WHERE id IN ({})", numbers(ids)), &[])?;
    }
    // Kept variants may swap SKUs or combinations with each other: each first takes a
    // placeholder of its own, so no statement meets a value another row is leaving.
    if !kept.is_empty() {
        c.execute(
            "UPDATE product_variants SET sku = '~' || CAST(id AS TEXT), option1 = '~' || CAST(id AS TEXT)
             WHERE product_id = ?1",
            args![product_id],
        )?;
    }
    for (position, v) in set.variants.iter().enumerate() {
        let value = |i: usize| v.values.get(i).map_or("", String::as_str);
        let (position, price) = (position as i64, v.price.map(|p| p.0));
        c.attempt(|c| match v.id {
            VariantId::NEW => c.execute(
                "INSERT INTO product_variants
                     (product_id, position, sku, option1, option2, option3, price_cents, stock, image_id)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
                args![product_id, position, &v.sku, value(0), value(1), value(2), price, v.stock, v.image_id],
            ),
            id => c.execute(
                "UPDATE product_variants SET position = ?2, sku = ?3, option1 = ?4, option2 = ?5, option3 = ?6,
                     price_cents = ?7, stock = ?8, image_id = ?9
                 WHERE id = ?1",
                args![id, position, &v.sku, value(0), value(1), value(2), price, v.stock, v.image_id],
            ),
        })?;
    }
    Ok(())
}

/// The product's side of its variants: its options, its stock and price range, and the
/// option values it sells (by which listings are narrowed).
fn update_product_for_variants(c: &mut Conn, product_id: ProductId, set: &VariantSet) -> Result<(), Error> {
    // The product sells its variants' units now (or, without options, its own: none
    // until staff say how many), and asks from its price to their highest.
    c.execute(
        &format!(
            "UPDATE products SET
             options = ?2,
             stock = (SELECT coalesce(sum(v.stock), 0) FROM product_variants v WHERE v.product_id = products.id),
             price_to_cents = {}
         WHERE id = ?1",
            product_effects::PRICE_TO
        ),
        args![product_id, variants::options_to_row(&set.options).as_deref()],
    )?;
    c.execute("DELETE FROM product_option_values WHERE product_id = ?1", args![product_id])?;
    for (name, value, at, place) in
        variants::sold_values(&set.options, set.variants.iter().map(|v| v.values.as_slice()))
    {
        c.execute(
            "INSERT INTO product_option_values (product_id, department_id, name, value, option_position, value_position)
             SELECT id, department_id, ?2, ?3, ?4, ?5 FROM products WHERE id = ?1",
            args![product_id, name, value, at as i64, place as i64],
        )?;
    }
    Ok(())
}

/// Records the change in the audit log, when there is one: what the options and the
/// variants were and are, each variant by its SKU.
fn record_change(
    c: &mut Conn,
    actor: &Actor,
    before: &AdminVariants,
    after: &AdminVariants,
) -> Result<(), Error> {
    let (was, now) = changed_fields(
        &audited(&before.options, &before.variants),
        &audited(&after.options, &after.variants),
    );
    // What went is in `before` alone: `changed_fields` lists the keys of `after`.
    let mut was = was;
    let after_skus: HashSet<&str> = after.variants.iter().map(|v| v.sku.as_str()).collect();
    if let Some(was) = was.as_object_mut() {
        for v in before.variants.iter().filter(|v| !after_skus.contains(v.sku.as_str())) {
            was.insert(v.sku.clone(), json!({"options": v.values, "stock": v.stock}));
        }
    }
    if was.as_object().is_some_and(|w| !w.is_empty()) || now.as_object().is_some_and(|n| !n.is_empty()) {
        record(
            c,
            actor,
            Entry {
                action: "product.variants",
                thing: "product",
                thing_id: Some(after.product_id.0),
                before: Some(was),
                after: Some(now),
            },
        )?;
    }
    Ok(())
}

/// The SKUs of `set` that a product holds (unique regardless of case across both).
fn skus_of_products(c: &mut Conn, set: &VariantSet) -> Result<Vec<String>, Error> {
    let mut found = Vec::new();
    let skus: Vec<&str> = set.variants.iter().map(|v| v.sku.as_str()).collect();
    for chunk in skus.chunks(500) {
        let marks: Vec<String> = (1..=chunk.len()).map(|i| format!("?{i}")).collect();
        let values: Vec<crate::db::conn::Value> =
            chunk.iter().map(|s| crate::db::conn::Value::from(*s)).collect();
        found.extend(c.query(
            &format!("SELECT sku FROM products WHERE sku IN ({})", marks.join(", ")),
            &values,
            |r| r.get::<String>(0),
        )?);
    }
    Ok(found)
}

/// Ids as a list for `IN (...)`: whole numbers only, so safe to write into the statement.
fn numbers(ids: &[i64]) -> String {
    ids.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")
}

/// Refuses a product's SKU that a variant holds (each is unique regardless of case,
/// across products and variants: the CSV finds rows by it).
pub(in crate::db) fn refuse_variant_sku(c: &mut Conn, sku: Option<&str>) -> Result<(), Error> {
    let Some(sku) = sku else { return Ok(()) };
    let held: bool =
        c.query_one("SELECT EXISTS (SELECT 1 FROM product_variants WHERE sku = ?1)", args![sku], |r| {
            r.get(0)
        })?;
    match held {
        true => Err(Rejection::Taken("Another product or variant has this SKU.").into()),
        false => Ok(()),
    }
}

/// Whether a product has options, and so sells its variants' units, not its own.
pub(in crate::db) fn has_options(c: &mut Conn, product_id: ProductId) -> Result<bool, Error> {
    c.query_one(
        "SELECT EXISTS (SELECT 1 FROM products WHERE id = ?1 AND options IS NOT NULL)",
        args![product_id],
        |r| r.get(0),
    )
}

/// The first variant of the product asking less than `price`, as "SKU ($12.99)".
pub(in crate::db) fn variant_below(
    c: &mut Conn,
    product_id: ProductId,
    price: Cents,
) -> Result<Option<String>, Error> {
    c.query_opt(
        "SELECT sku, price_cents FROM product_variants WHERE product_id = ?1 AND price_cents < ?2
         ORDER BY price_cents LIMIT 1",
        args![product_id, price.0],
        |r| Ok(format!("{} ({})", r.get::<String>(0)?, Cents(r.get(1)?))),
    )
}
