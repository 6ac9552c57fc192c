//! A large catalog on demand (`market seed --products N`): products made from the
//! seeded catalog's own words and pictures, so that a million of them read like a
//! store's and show its pictures. Deterministic: the same N gives the same catalog.

use std::borrow::Cow;
use std::collections::BTreeMap;

use super::catalog::{Catalog, Product};
use super::options;
use crate::db::Error;
use crate::db::conn::{Conn, Value};
use crate::domain::{stock, variants};

/// splitmix64: small, fast, and the same everywhere for the same seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// Words a variant of a product adds to its name.
const VARIANTS: &[&str] = &[
    "Classic",
    "Pro",
    "Plus",
    "Lite",
    "Max",
    "Mini",
    "Essentials",
    "Select",
    "Signature",
    "Everyday",
    "Deluxe",
    "Compact",
    "XL",
    "Twin Pack",
    "Value Pack",
    "2nd Gen",
    "Midnight",
    "Graphite",
    "Sage",
    "Coral",
    "Ivory",
    "Slate Blue",
    "Sand",
    "Charcoal",
];

/// Written reviews of the seeded catalog, by department and rating, to lend to generated
/// products of the same department (a board game is not reviewed as a sofa).
type Voices<'a> = BTreeMap<(i64, i64), Vec<(&'a str, &'a str)>>;

/// Products written per statement, with their pictures and reviews in one statement
/// each: a million products are a few thousand statements rather than five million
/// (PostgreSQL pays a round trip for each; both engines, a statement's overhead).
const PRODUCTS_PER_STATEMENT: usize = 200;

/// A value of a row waiting to be written: the product's name is made here, the rest
/// is the seed catalog's.
enum Cell<'a> {
    Int(i64),
    Text(Cow<'a, str>),
    Null,
}

impl<'a> Cell<'a> {
    fn maybe(n: Option<i64>) -> Cell<'a> {
        n.map_or(Cell::Null, Cell::Int)
    }
}

/// Rows of one table waiting to be written, all in one INSERT.
struct Rows<'a> {
    /// `INSERT INTO table (columns) VALUES`
    insert: &'static str,
    columns: usize,
    cells: Vec<Cell<'a>>,
}

impl<'a> Rows<'a> {
    fn new(insert: &'static str, columns: usize) -> Self {
        Rows { insert, columns, cells: Vec::new() }
    }

    fn push(&mut self, row: impl IntoIterator<Item = Cell<'a>>) {
        let before = self.cells.len();
        self.cells.extend(row);
        debug_assert_eq!(self.cells.len() - before, self.columns, "{}", self.insert);
    }

    fn write(&mut self, c: &mut Conn) -> Result<(), Error> {
        if self.cells.is_empty() {
            return Ok(());
        }
        let row = format!("({})", vec!["?"; self.columns].join(", "));
        let rows = vec![row.as_str(); self.cells.len() / self.columns].join(", ");
        let args: Vec<Value> = self
            .cells
            .iter()
            .map(|cell| match cell {
                Cell::Int(n) => Value::Int(*n),
                Cell::Text(text) => Value::Text(text),
                Cell::Null => Value::Null,
            })
            .collect();
        c.execute(&format!("{} {rows}", self.insert), &args)?;
        self.cells.clear();
        Ok(())
    }
}

fn text(s: &str) -> Cell<'_> {
    Cell::Text(Cow::Borrowed(s))
}

/// One department's seeded products and brands: what its new products are made of.
struct Shelf<'a> {
    department_id: i64,
    products: Vec<&'a Product>,
    brands: Vec<&'a str>,
}

/// How many products and reviews were made.
pub struct Made {
    pub products: u64,
    pub reviews: u64,
}

/// Adds products `first_id..first_id + count` (with pictures and a few reviews each)
/// in the caller's transaction. `now` dates the reviews (they go back two years).
pub fn products(c: &mut Conn, catalog: &Catalog, first_id: i64, count: u64, now: i64) -> Result<Made, Error> {
    let mut shelves: Vec<Shelf> = catalog
        .departments
        .iter()
        .map(|d| Shelf { department_id: d.id, products: Vec::new(), brands: Vec::new() })
        .collect();
    for p in &catalog.products {
        if let Some(shelf) = shelves.iter_mut().find(|s| s.department_id == p.department_id) {
            shelf.products.push(p);
            if !shelf.brands.contains(&p.brand.as_str()) {
                shelf.brands.push(&p.brand);
            }
        }
    }
    shelves.retain(|s| !s.products.is_empty());
    if shelves.is_empty() {
        return Err(Error::other("the seed catalog has no products to build on"));
    }
    let department_of: BTreeMap<i64, i64> =
        catalog.products.iter().map(|p| (p.id, p.department_id)).collect();
    let mut voices: Voices = BTreeMap::new();
    for r in &catalog.reviews {
        let department = department_of.get(&r.product_id).copied().unwrap_or(0);
        voices.entry((department, r.rating)).or_default().push((&r.title, &r.description));
        // Department 0: every department's, for a rating a department's reviews lack.
        voices.entry((0, r.rating)).or_default().push((&r.title, &r.description));
    }
    // Reviewers: the seeded shoppers, never the demo shopper, who starts with none.
    let demo = catalog.users.iter().find(|u| u.username == "demo").map(|u| u.id);
    let reviewers: Vec<i64> = catalog.users.iter().map(|u| u.id).filter(|id| Some(*id) != demo).collect();

    // The rating columns are written here, from the reviews made with the product: the
    // caller has set the triggers that would count them aside.
    let mut products = Rows::new(
        "INSERT INTO products (id, department_id, name, brand, price_cents, description, review_count, rating_sum, stock, sku, options, price_to_cents) VALUES",
        12,
    );
    let mut value_rows = Rows::new(
        "INSERT INTO product_option_values (product_id, department_id, name, value, option_position, value_position) VALUES",
        6,
    );
    let mut variant_rows = Rows::new(
        "INSERT INTO product_variants (product_id, position, sku, option1, option2, option3, price_cents, stock) VALUES",
        8,
    );
    let mut images =
        Rows::new("INSERT INTO product_images (product_id, position, url, background) VALUES", 4);
    let mut reviews = Rows::new(
        "INSERT INTO reviews (user_id, product_id, rating, title, description, created_at) VALUES",
        6,
    );
    let mut rng = Rng(count ^ 0x4D61_726B_6574); // "Market"
    let mut made = Made { products: 0, reviews: 0 };
    let mut name = String::new();
    let mut written: Vec<(i64, i64, &str, &str, i64)> = Vec::new();
    for n in 0..count {
        let id = first_id + n as i64;
        let shelf = &shelves[n as usize % shelves.len()];
        let template = *rng.pick(&shelf.products);
        let brand = *rng.pick(&shelf.brands);
        name.clear();
        match template.name.strip_prefix(template.brand.as_str()) {
            Some(rest) => {
                name.push_str(brand);
                name.push_str(rest);
            }
            None => name.push_str(&template.name),
        }
        name.push_str(", ");
        name.push_str(rng.pick::<&str>(VARIANTS));
        let series = rng.below(12);
        if series > 2 {
            name.push_str(&format!(" {series}"));
        }
        // Within 45% under to 60% over the template's price, ending in .99.
        let factor = 55 + rng.below(106) as i64;
        let price = ((template.price_cents * factor / 100) / 100 * 100 + 99).max(99);
        // Most products have a few reviews, some none; ratings lean good, as in the seed.
        let count = [0, 0, 0, 1, 1, 2, 2, 3, 4, 6][rng.below(10)].min(reviewers.len());
        let first = rng.below(reviewers.len());
        written.clear();
        for k in 0..count {
            let rating = [5, 5, 5, 4, 4, 4, 3, 3, 2, 1][rng.below(10)];
            let voice = voices.get(&(shelf.department_id, rating)).unwrap_or(&voices[&(0, rating)]);
            let (title, text) = *rng.pick(voice);
            let age = rng.below(730 * 24) as i64 * 3_600_000;
            written.push((reviewers[(first + k) % reviewers.len()], rating, title, text, now - age));
        }
        let rating_sum: i64 = written.iter().map(|w| w.1).sum();
        let seeded = options::seeded(id, &template.name, price);
        let (product_options, units, price_to) = match &seeded {
            Some(s) => (variants::options_to_row(&s.options), s.stock, s.price_to),
            None => (None, stock::seeded(id), None),
        };
        if let Some(s) = &seeded {
            for (name, value, at, place) in
                variants::sold_values(&s.options, s.variants.iter().map(|v| v.values.as_slice()))
            {
                value_rows.push([
                    Cell::Int(id),
                    Cell::Int(shelf.department_id),
                    Cell::Text(Cow::Owned(name.to_owned())),
                    Cell::Text(Cow::Owned(value.to_owned())),
                    Cell::Int(at as i64),
                    Cell::Int(place as i64),
                ]);
            }
        }
        for (position, v) in seeded.into_iter().flat_map(|s| s.variants).enumerate() {
            let mut values = v.values.into_iter().map(|v| Cell::Text(Cow::Owned(v)));
            variant_rows.push([
                Cell::Int(id),
                Cell::Int(position as i64),
                Cell::Text(Cow::Owned(v.sku)),
                values.next().unwrap_or(text("")),
                values.next().unwrap_or(text("")),
                values.next().unwrap_or(text("")),
                Cell::maybe(v.price),
                Cell::Int(v.stock),
            ]);
        }
        products.push([
            Cell::Int(id),
            Cell::Int(shelf.department_id),
            Cell::Text(Cow::Owned(name.clone())),
            text(brand),
            Cell::Int(price),
            text(&template.description),
            Cell::Int(count as i64),
            Cell::Int(rating_sum),
            Cell::Int(units),
            Cell::Text(Cow::Owned(stock::default_sku(id))),
            product_options.map_or(Cell::Null, |o| Cell::Text(Cow::Owned(o))),
            Cell::maybe(price_to),
        ]);
        for (position, img) in template.images.iter().enumerate() {
            images.push([Cell::Int(id), Cell::Int(position as i64), text(&img.url), text(&img.background)]);
        }
        for &(user, rating, title, words, at) in &written {
            reviews.push([
                Cell::Int(user),
                Cell::Int(id),
                Cell::Int(rating),
                text(title),
                text(words),
                Cell::Int(at),
            ]);
            made.reviews += 1;
        }
        made.products += 1;
        // The products first: the pictures and reviews name them.
        if (made.products as usize).is_multiple_of(PRODUCTS_PER_STATEMENT) {
            for rows in [&mut products, &mut images, &mut reviews, &mut variant_rows, &mut value_rows] {
                rows.write(c)?;
            }
        }
    }
    for rows in [&mut products, &mut images, &mut reviews, &mut variant_rows, &mut value_rows] {
        rows.write(c)?;
    }
    Ok(made)
}
