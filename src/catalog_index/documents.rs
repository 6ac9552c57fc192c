//! A product as the index holds it, and the document it is written as. The database
//! reads them (`db/index_keeper.rs`).

use tantivy::TantivyDocument;

use super::schema::{Fields, option_term};

/// A product on the storefront (not archived), as the index holds it.
#[derive(Debug, Clone, PartialEq)]
pub struct Indexed {
    pub id: i64,
    pub department_id: i64,
    pub name: String,
    pub brand: String,
    pub department: String,
    pub description: String,
    pub price_cents: i64,
    pub rating: i64,
    pub reviews: i64,
    pub in_stock: bool,
    /// `(name, value, option_position, value_position)` of each value it is sold in.
    pub options: Vec<(String, String, i64, i64)>,
}

impl Indexed {
    pub fn document(&self, f: &Fields) -> TantivyDocument {
        let mut doc = TantivyDocument::default();
        doc.add_u64(f.id, self.id as u64);
        doc.add_u64(f.department, self.department_id as u64);
        doc.add_text(f.brand, &self.brand);
        for (field, text) in
            f.searched.iter().zip([&self.name, &self.brand, &self.department, &self.description])
        {
            doc.add_text(*field, text);
        }
        doc.add_i64(f.price, self.price_cents);
        doc.add_i64(f.rating, self.rating);
        doc.add_i64(f.reviews, self.reviews);
        doc.add_bool(f.in_stock, self.in_stock);
        for (name, value, option_position, value_position) in &self.options {
            doc.add_text(f.options, option_term(name, value, *option_position, *value_position));
        }
        doc
    }
}
