//! The catalog as CSV (docs/rules.md#the-catalog-as-csv): the columns, a product (or
//! one of its variants) as an exported row, and an imported row checked field by field
//! with the same rules as the back office's form, each problem named by its row (as a
//! spreadsheet numbers it: the header is row 1) and column.

use std::collections::HashMap;

use super::inputs::ProductInput;
use crate::domain::Cents;
use crate::domain::fields;
use crate::domain::variants::Chosen;

/// The columns, in order: the export writes them and the import wants them. A product
/// sold by variant is one row a variant: its own columns repeated on each, `stock` the
/// variant's, and the variant's id, SKU, values and own price (empty: the product's).
pub const COLUMNS: [&str; 13] = [
    "id",
    "sku",
    "name",
    "brand",
    "department",
    "price",
    "stock",
    "status",
    "description",
    "variant_id",
    "variant_sku",
    "options",
    "variant_price",
];

/// The columns of files written before variants, still taken: one row a product.
const PRODUCT_COLUMNS: usize = 9;

/// A problem with one cell (or, column `file`, with the file itself).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CsvProblem {
    pub row: u64,
    pub column: String,
    pub message: String,
}

impl CsvProblem {
    pub fn new(row: u64, column: &str, message: impl Into<String>) -> CsvProblem {
        CsvProblem { row, column: column.into(), message: message.into() }
    }

    /// "Row 4, price: A price has at most two decimals."
    pub fn sentence(&self) -> String {
        format!("Row {}, {}: {}", self.row, self.column, self.message)
    }
}

/// A row that passed every check of its own: what it sets, and which product it names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImportRow {
    pub row: u64,
    /// The product it changes; `None` with a SKU: the product with that SKU, or a new one.
    pub id: Option<i64>,
    pub sku: Option<String>,
    pub name: String,
    pub brand: String,
    pub department_id: i64,
    pub price: Cents,
    pub stock: i64,
    pub archived: bool,
    pub description: String,
    /// A row of one of the product's variants: `stock` is the variant's.
    pub variant: Option<VariantRow>,
}

/// What a variant's row sets of it (its values are changed in the product editor).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VariantRow {
    pub id: i64,
    /// `None`: keep its SKU.
    pub sku: Option<String>,
    /// Its values as the row names them (`None`: not given), checked against the variant's.
    pub options: Option<String>,
    /// Its own price; `None`: the product's.
    pub price: Option<Cents>,
}

/// A variant's values as its row names them: `Size: M; Colour: Navy`.
pub fn options_cell(chosen: &Chosen) -> String {
    chosen.iter().map(|(name, value)| format!("{name}: {value}")).collect::<Vec<_>>().join("; ")
}

/// The store's departments, by name (any case) and by id, as a row may name either.
pub struct Departments(HashMap<String, i64>);

impl Departments {
    pub fn new(list: impl IntoIterator<Item = (i64, String)>) -> Departments {
        let mut by = HashMap::new();
        for (id, name) in list {
            by.insert(name.trim().to_lowercase(), id);
            by.insert(id.to_string(), id);
        }
        Departments(by)
    }

    fn find(&self, cell: &str) -> Option<i64> {
        self.0.get(&cell.trim().to_lowercase()).copied()
    }
}

/// Checks the header row: the columns of [`COLUMNS`], in order (any case), or the first
/// nine of them (a file written before variants). Returns how many columns rows have.
pub fn check_header(cells: &[&str]) -> Result<usize, CsvProblem> {
    let given: Vec<String> =
        cells.iter().map(|c| c.trim().trim_start_matches('\u{feff}').to_lowercase()).collect();
    if given == COLUMNS || given == COLUMNS[..PRODUCT_COLUMNS] {
        return Ok(given.len());
    }
    Err(CsvProblem::new(1, "header", format!("the first row must name the columns {}.", COLUMNS.join(","))))
}

/// A spreadsheet runs a cell that begins with one of these as a formula.
const FORMULA_STARTS: [char; 6] = ['=', '+', '-', '@', '\t', '\r'];

/// A text cell as the export writes it: one that a spreadsheet would run as a formula
/// is written after a `'`, which spreadsheets show as text (OWASP's CSV injection advice).
pub fn export_cell(text: &str) -> std::borrow::Cow<'_, str> {
    match text.starts_with(FORMULA_STARTS) {
        true => format!("'{text}").into(),
        false => text.into(),
    }
}

/// A text cell as the import reads it: the export's `'` before a formula's first
/// character is taken off again, so a file goes back in as it came out.
fn import_cell(cell: &str) -> &str {
    match cell.strip_prefix('\'') {
        Some(rest) if rest.starts_with(FORMULA_STARTS) => rest,
        _ => cell,
    }
}

/// A price as written in a file: `12.99`, `12.9`, `12` or `$12.99`.
pub fn price_cents(cell: &str) -> Result<Cents, &'static str> {
    let rule = fields::product::PRICE;
    let text = cell.trim().trim_start_matches('$');
    let (whole, part) = text.split_once('.').unwrap_or((text, ""));
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(whole) || !(part.is_empty() || digits(part)) {
        return Err("A price is a number of dollars, like 12.99.");
    }
    if part.len() > 2 {
        return Err(rule.messages[0].1);
    }
    let whole: i64 = whole.parse().map_err(|_| rule.too_long)?;
    let part: i64 = format!("{part:0<2}").parse().unwrap_or(0);
    let cents = whole.checked_mul(100).and_then(|c| c.checked_add(part)).ok_or(rule.too_long)?;
    if cents < rule.min as i64 {
        return Err(rule.too_short);
    }
    if cents > rule.max as i64 {
        return Err(rule.too_long);
    }
    Ok(Cents(cents))
}

/// Checks one data row (`row` as a spreadsheet numbers it) of a file whose header has
/// `width` columns, every cell, and names each problem; a row with none becomes an
/// [`ImportRow`].
pub fn check_row(
    row: u64,
    cells: &[&str],
    width: usize,
    departments: &Departments,
) -> Result<ImportRow, Vec<CsvProblem>> {
    if cells.len() != width {
        let message = format!("the row has {} cells; each row has {width}.", cells.len());
        return Err(vec![CsvProblem::new(row, "row", message)]);
    }
    // A file without the variant columns reads as one whose variant cells are empty.
    let cell = |at: usize| cells.get(at).map_or("", |c| import_cell(c.trim()));
    let mut problems = RowProblems { row, found: Vec::new() };
    let id = read_id(cell(0), &mut problems);
    let sku = read_sku(cell(1), &mut problems);
    let name = problems.text("name", cell(2), |v| ProductInput { name: Some(v), ..Default::default() });
    let brand = problems.text("brand", cell(3), |v| ProductInput { brand: Some(v), ..Default::default() });
    let description = problems
        .text("description", cell(8), |v| ProductInput { description: Some(v), ..Default::default() });
    let department_id = departments.find(cell(4));
    if department_id.is_none() {
        problems.add("department", "there is no such department (give its name or id).");
    }
    let price = price_cents(cell(5)).map_err(|message| problems.add("price", message)).ok();
    let stock = read_stock(cell(6), &mut problems);
    let archived = read_status(cell(7), &mut problems);
    let variant = read_variant([cell(9), cell(10), cell(11), cell(12)], price, &mut problems);
    match (department_id, price, stock, archived) {
        (Some(department_id), Some(price), Some(stock), Some(archived)) if problems.found.is_empty() => {
            Ok(ImportRow {
                row,
                id,
                sku,
                name,
                brand,
                department_id,
                price,
                stock,
                archived,
                description,
                variant,
            })
        }
        _ => Err(problems.found),
    }
}

/// The problems found in one row, each named by its column.
struct RowProblems {
    row: u64,
    found: Vec<CsvProblem>,
}

impl RowProblems {
    fn add(&mut self, column: &str, message: &str) {
        self.found.push(CsvProblem::new(self.row, column, message));
    }

    /// A text cell, checked by the form's rule for the field `input` sets.
    fn text(&mut self, column: &str, cell: &str, input: fn(String) -> ProductInput) -> String {
        let value = cell.to_owned();
        if let Some(message) = rule_of(input(value.clone())) {
            self.add(column, &message);
        }
        value
    }
}

/// Each text field through the form's own rules, one field at a time, so that each
/// message is known to be about its column: the message of the rule `input` breaks.
fn rule_of(input: ProductInput) -> Option<String> {
    input.parse(false).err().and_then(|e| e.errors().into_iter().next())
}

fn read_id(cell: &str, problems: &mut RowProblems) -> Option<i64> {
    match cell {
        "" => None,
        text => match text.parse::<i64>() {
            Ok(id) if id >= 1 => Some(id),
            _ => {
                problems.add("id", "an id is a whole number from 1, or empty for a new product.");
                None
            }
        },
    }
}

fn read_sku(cell: &str, problems: &mut RowProblems) -> Option<String> {
    match cell {
        "" => None,
        text => {
            if let Some(message) = rule_of(ProductInput { sku: Some(text.into()), ..Default::default() }) {
                problems.add("sku", &message);
            }
            Some(text.to_owned())
        }
    }
}

fn read_stock(cell: &str, problems: &mut RowProblems) -> Option<i64> {
    let stock_rule = fields::product::STOCK;
    match cell.parse::<i64>() {
        Ok(n) if n < stock_rule.min as i64 => {
            problems.add("stock", stock_rule.too_short);
            None
        }
        Ok(n) if n > stock_rule.max as i64 => {
            problems.add("stock", stock_rule.too_long);
            None
        }
        Ok(n) => Some(n),
        Err(_) => {
            problems.add("stock", stock_rule.messages[0].1);
            None
        }
    }
}

/// Whether the row's product is archived.
fn read_status(cell: &str, problems: &mut RowProblems) -> Option<bool> {
    match cell.to_lowercase().as_str() {
        "active" | "" => Some(false),
        "archived" => Some(true),
        _ => {
            problems.add("status", "a status is active or archived.");
            None
        }
    }
}

/// The variant a row names by its last four cells (its id, SKU, values and own price),
/// if any: `price` is its product's, the least it may ask.
fn read_variant(cells: [&str; 4], price: Option<Cents>, problems: &mut RowProblems) -> Option<VariantRow> {
    match cells {
        ["", "", "", ""] => None,
        ["", ..] => {
            problems.add(
                "variant_id",
                "a variant's row names its variant_id: new variants are added in the product editor.",
            );
            None
        }
        [text, variant_sku, options, variant_price] => {
            let id = match text.parse::<i64>() {
                Ok(id) if id >= 1 => Some(id),
                _ => {
                    problems.add("variant_id", "a variant_id is a whole number from 1.");
                    None
                }
            };
            let sku = (!variant_sku.is_empty()).then(|| variant_sku.to_owned());
            if let Some(message) = sku
                .as_ref()
                .and_then(|s| rule_of(ProductInput { sku: Some(s.clone()), ..Default::default() }))
            {
                problems.add("variant_sku", &message);
            }
            let own_price = read_variant_price(variant_price, price, problems);
            let options = (!options.is_empty()).then(|| options.to_owned());
            id.zip(own_price).map(|(id, price)| VariantRow { id, sku, options, price })
        }
    }
}

/// A variant's own price: `Some(None)` when the cell is empty (the product's price),
/// `None` when the cell is wrong.
fn read_variant_price(cell: &str, price: Option<Cents>, problems: &mut RowProblems) -> Option<Option<Cents>> {
    match cell {
        "" => Some(None),
        text => match (price_cents(text), price) {
            (Err(message), _) => {
                problems.add("variant_price", message);
                None
            }
            (Ok(own), Some(from)) if own < from => {
                problems.add(
                    "variant_price",
                    &format!("a variant asks at least its product's price, {from}, its \"from\" price."),
                );
                None
            }
            (Ok(own), _) => Some(Some(own)),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn departments() -> Departments {
        Departments::new([(3, "Garden".to_string()), (7, "Shoes".to_string())])
    }

    const DESCRIPTION: &str = "A sturdy hose that does not kink in the sun.";

    #[test]
    fn a_good_row_names_its_department_by_name_or_id() {
        let row = check_row(
            2,
            &["", "", "Hose", "Acme", "garden", "$12.5", "40", "active", DESCRIPTION],
            9,
            &departments(),
        )
        .unwrap();
        assert_eq!((row.department_id, row.price, row.stock, row.archived), (3, Cents(1250), 40, false));
        let row = check_row(
            3,
            &["12", "AC-1", "Hose", "Acme", "7", "12", "0", "Archived", DESCRIPTION, "", "", "", ""],
            13,
            &departments(),
        )
        .unwrap();
        assert_eq!(
            (row.id, row.sku.as_deref(), row.department_id, row.archived),
            (Some(12), Some("AC-1"), 7, true)
        );
    }

    #[test]
    fn each_bad_cell_is_named_by_row_and_column() {
        let problems =
            check_row(4, &["x", "a b", "H", "", "Toys", "1.999", "-1", "sold", "short"], 9, &departments())
                .unwrap_err();
        let columns: Vec<&str> = problems.iter().map(|p| p.column.as_str()).collect();
        assert_eq!(
            columns,
            ["id", "sku", "name", "brand", "description", "department", "price", "stock", "status"]
        );
        assert!(problems.iter().all(|p| p.row == 4));
        assert_eq!(problems[6].sentence(), "Row 4, price: A price has at most two decimals.");
    }

    #[test]
    fn a_short_row_is_one_problem() {
        let problems = check_row(9, &["1", "2"], 13, &departments()).unwrap_err();
        assert_eq!(problems, vec![CsvProblem::new(9, "row", "the row has 2 cells; each row has 13.")]);
    }

    fn variant_row(cells: [&str; 4]) -> Result<ImportRow, Vec<CsvProblem>> {
        let mut row = vec!["25", "TEE", "Tee", "Acme", "garden", "12.99", "4", "active", DESCRIPTION];
        row.extend(cells);
        check_row(5, &row, 13, &departments())
    }

    #[test]
    fn a_variant_s_row_sets_its_sku_price_and_stock_and_names_its_values() {
        let row = variant_row(["301", "TEE-M-NAVY", "Size: M; Colour: Navy", "14.99"]).unwrap();
        assert_eq!(row.stock, 4);
        assert_eq!(
            row.variant,
            Some(VariantRow {
                id: 301,
                sku: Some("TEE-M-NAVY".into()),
                options: Some("Size: M; Colour: Navy".into()),
                price: Some(Cents(1499)),
            })
        );
        let own = variant_row(["301", "", "", ""]).unwrap().variant.unwrap();
        assert_eq!(
            (own.sku, own.options, own.price),
            (None, None, None),
            "empty: kept, and the product's price"
        );
        assert_eq!(variant_row(["", "", "", ""]).unwrap().variant, None, "a product's own row");
        assert_eq!(
            options_cell(&vec![("Size".into(), "M".into()), ("Colour".into(), "Navy".into())]),
            "Size: M; Colour: Navy"
        );
    }

    #[test]
    fn a_variant_s_row_without_its_id_or_asking_less_than_its_product_is_refused() {
        let columns = |r: Result<ImportRow, Vec<CsvProblem>>| {
            r.unwrap_err().into_iter().map(|p| p.column).collect::<Vec<_>>()
        };
        assert_eq!(columns(variant_row(["", "TEE-XXL", "Size: XXL", ""])), ["variant_id"]);
        assert_eq!(columns(variant_row(["x", "", "", ""])), ["variant_id"]);
        assert_eq!(columns(variant_row(["301", "a b", "", "9.99"])), ["variant_sku", "variant_price"]);
        let problems = variant_row(["301", "", "", "12.98"]).unwrap_err();
        assert_eq!(
            problems[0].sentence(),
            "Row 5, variant_price: a variant asks at least its product's price, $12.99, its \"from\" price."
        );
    }

    #[test]
    fn prices_are_read_exactly() {
        assert_eq!(price_cents("0.1"), Ok(Cents(10)));
        assert_eq!(price_cents("19.99"), Ok(Cents(1999)));
        assert!(price_cents("abc").is_err());
        assert!(price_cents("0").is_err());
        assert!(price_cents("1e3").is_err());
        assert!(price_cents("100000.01").is_err());
    }

    #[test]
    fn formulas_go_out_as_text_and_come_back_as_they_were() {
        assert_eq!(export_cell("=HYPERLINK(\"x\")"), "'=HYPERLINK(\"x\")");
        assert_eq!(export_cell("-5 days"), "'-5 days");
        assert_eq!(export_cell("Plain"), "Plain");
        assert_eq!(import_cell("'=SUM(A1)"), "=SUM(A1)");
        assert_eq!(import_cell("'tis the season"), "'tis the season");
    }

    #[test]
    fn the_header_must_name_the_columns_in_order() {
        assert_eq!(check_header(&COLUMNS), Ok(13));
        assert_eq!(check_header(&COLUMNS[..9]), Ok(9), "a file written before variants");
        assert!(
            check_header(&[
                "\u{feff}ID",
                "SKU",
                "name",
                "brand",
                "department",
                "price",
                "stock",
                "status",
                "description"
            ])
            .is_ok()
        );
        assert_eq!(check_header(&["id", "name"]).unwrap_err().row, 1);
    }
}
