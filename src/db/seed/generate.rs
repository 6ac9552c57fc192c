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
    let mut maker = Maker::new(catalog, count, now)?;
    let mut tables = Tables::new();
    let mut made = Made { products: 0, reviews: 0 };
    for n in 0..count {
        made.reviews += maker.product(first_id + n as i64, n, &mut tables);
        made.products += 1;
        if (made.products as usize).is_multiple_of(PRODUCTS_PER_STATEMENT) {
            tables.write(c)?;
        }
    }
    tables.write(c)?;
    Ok(made)
}

/// The departments' shelves, each with the seeded products and brands it has.
fn shelves(catalog: &Catalog) -> Result<Vec<Shelf<'_>>, Error> {
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
    Ok(shelves)
}

/// The seeded catalog's written reviews, by department and rating.
fn voices(catalog: &Catalog) -> Voices<'_> {
    let department_of: BTreeMap<i64, i64> =
        catalog.products.iter().map(|p| (p.id, p.department_id)).collect();
    let mut voices: Voices = BTreeMap::new();
    for r in &catalog.reviews {
        let department = department_of.get(&r.product_id).copied().unwrap_or(0);
        voices.entry((department, r.rating)).or_default().push((&r.title, &r.description));
        // Department 0: every department's, for a rating a department's reviews lack.
        voices.entry((0, r.rating)).or_default().push((&r.title, &r.description));
    }
    voices
}

/// What new products are made of, and the draw that picks among it: the same draws in
/// the same order make the same catalog.
struct Maker<'a> {
    shelves: Vec<Shelf<'a>>,
    voices: Voices<'a>,
    reviewers: Vec<i64>,
    rng: Rng,
    now: i64,
}

impl<'a> Maker<'a> {
    fn new(catalog: &'a Catalog, count: u64, now: i64) -> Result<Maker<'a>, Error> {
        let shelves = shelves(catalog)?;
        let voices = voices(catalog);
        // Reviewers: the seeded shoppers, never the demo shopper, who starts with none.
        let demo = catalog.users.iter().find(|u| u.username == "demo").map(|u| u.id);
        let reviewers: Vec<i64> = catalog.users.iter().map(|u| u.id).filter(|id| Some(*id) != demo).collect();
        let rng = Rng(count ^ 0x4D61_726B_6574); // "Market"
        Ok(Maker { shelves, voices, reviewers, rng, now })
    }

    /// Makes product `id`, the `n`th new one, into `tables`; returns how many reviews
    /// it was given.
    fn product(&mut self, id: i64, n: u64, tables: &mut Tables<'a>) -> u64 {
        let shelf = &self.shelves[n as usize % self.shelves.len()];
        let department_id = shelf.department_id;
        let template = *self.rng.pick(&shelf.products);
        let brand = *self.rng.pick(&shelf.brands);
        let name = self.name(template, brand);
        // Within 45% under to 60% over the template's price, ending in .99.
        let factor = 55 + self.rng.below(106) as i64;
        let price = ((template.price_cents * factor / 100) / 100 * 100 + 99).max(99);
        let (reviews, rating_sum) = self.reviews(id, department_id, tables);
        let seeded = options::seeded(id, &template.name, price);
        let (product_options, units, price_to) = match &seeded {
            Some(s) => (variants::options_to_row(&s.options), s.stock, s.price_to),
            None => (None, stock::seeded(id), None),
        };
        tables.options(id, department_id, seeded);
        tables.products.push([
            Cell::Int(id),
            Cell::Int(department_id),
            Cell::Text(Cow::Owned(name)),
            text(brand),
            Cell::Int(price),
            text(&template.description),
            Cell::Int(reviews as i64),
            Cell::Int(rating_sum),
            Cell::Int(units),
            Cell::Text(Cow::Owned(stock::default_sku(id))),
            product_options.map_or(Cell::Null, |o| Cell::Text(Cow::Owned(o))),
            Cell::maybe(price_to),
        ]);
        for (position, img) in template.images.iter().enumerate() {
            tables.images.push([
                Cell::Int(id),
                Cell::Int(position as i64),
                text(&img.url),
                text(&img.background),
            ]);
        }
        reviews as u64
    }

    /// A new product's name: the template's, under the brand drawn, with a variant's
    /// word and sometimes a series number.
    fn name(&mut self, template: &Product, brand: &str) -> String {
        let mut name = String::new();
        match template.name.strip_prefix(template.brand.as_str()) {
            Some(rest) => {
                name.push_str(brand);
                name.push_str(rest);
            }
            None => name.push_str(&template.name),
        }
        name.push_str(", ");
        name.push_str(self.rng.pick::<&str>(VARIANTS));
        let series = self.rng.below(12);
        if series > 2 {
            name.push_str(&format!(" {series}"));
        }
        name
    }

    /// Gives product `id` its reviews, in `tables`; returns how many, and the sum of
    /// their ratings.
    fn reviews(&mut self, id: i64, department_id: i64, tables: &mut Tables<'a>) -> (usize, i64) {
        // Most products have a few reviews, some none; ratings lean good, as in the seed.
        let count = [0, 0, 0, 1, 1, 2, 2, 3, 4, 6][self.rng.below(10)].min(self.reviewers.len());
        let first = self.rng.below(self.reviewers.len());
        let mut rating_sum = 0;
        for k in 0..count {
            let rating = [5, 5, 5, 4, 4, 4, 3, 3, 2, 1][self.rng.below(10)];
            let voice = self.voices.get(&(department_id, rating)).unwrap_or(&self.voices[&(0, rating)]);
            let (title, words) = *self.rng.pick(voice);
            let age = self.rng.below(730 * 24) as i64 * 3_600_000;
            let user = self.reviewers[(first + k) % self.reviewers.len()];
            tables.reviews.push([
                Cell::Int(user),
                Cell::Int(id),
                Cell::Int(rating),
                text(title),
                text(words),
                Cell::Int(self.now - age),
            ]);
            rating_sum += rating;
        }
        (count, rating_sum)
    }
}

/// The rows of the new products waiting to be written, a table each.
struct Tables<'a> {
    products: Rows<'a>,
    values: Rows<'a>,
    variants: Rows<'a>,
    images: Rows<'a>,
    reviews: Rows<'a>,
}

impl<'a> Tables<'a> {
    fn new() -> Tables<'a> {
        Tables {
            // The rating columns are written here, from the reviews made with the product: the
            // caller has set the triggers that would count them aside.
            products: Rows::new(
                "INSERT INTO products (id, department_id, name, brand, price_cents, description, review_count, rating_sum, stock, sku, options, price_to_cents) VALUES",
                12,
            ),
            values: Rows::new(
                "INSERT INTO product_option_values (product_id, department_id, name, value, option_position, value_position) VALUES",
                6,
            ),
            variants: Rows::new(
                "INSERT INTO product_variants (product_id, position, sku, option1, option2, option3, price_cents, stock) VALUES",
                8,
            ),
            images: Rows::new("INSERT INTO product_images (product_id, position, url, background) VALUES", 4),
            reviews: Rows::new(
                "INSERT INTO reviews (user_id, product_id, rating, title, description, created_at) VALUES",
                6,
            ),
        }
    }

    /// The values product `id` sells and its variants, when it has options.
    fn options(&mut self, id: i64, department_id: i64, seeded: Option<options::Seeded>) {
        if let Some(s) = &seeded {
            for (name, value, at, place) in
                variants::sold_values(&s.options, s.variants.iter().map(|v| v.values.as_slice()))
            {
                self.values.push([
                    Cell::Int(id),
                    Cell::Int(department_id),
                    Cell::Text(Cow::Owned(name.to_owned())),
                    Cell::Text(Cow::Owned(value.to_owned())),
                    Cell::Int(at as i64),
                    Cell::Int(place as i64),
                ]);
            }
        }
        for (position, v) in seeded.into_iter().flat_map(|s| s.variants).enumerate() {
            let mut values = v.values.into_iter().map(|v| Cell::Text(Cow::Owned(v)));
            self.variants.push([
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
    }

    /// Writes every table's waiting rows. The products first: the pictures and reviews
    /// name them.
    fn write(&mut self, c: &mut Conn) -> Result<(), Error> {
        for rows in
            [&mut self.products, &mut self.images, &mut self.reviews, &mut self.variants, &mut self.values]
        {
            rows.write(c)?;
        }
        Ok(())
    }
}
