//! What the catalog index holds of a product: the words a search matches, and the
//! columns its filters, facets and sorts read (tantivy's "fast fields", one array per
//! field, read by document number).

use tantivy::Index;
use tantivy::schema::{
    FAST, Field, INDEXED, IndexRecordOption, STRING, Schema, TextFieldIndexing, TextOptions,
};
use tantivy::tokenizer::{AsciiFoldingFilter, LowerCaser, SimpleTokenizer, TextAnalyzer};

/// The analyzer of every searched field, and of the words a shopper types: runs of
/// letters and digits (as `domain::listing::words` reads a query), in lower case, with
/// accents folded ("creme" finds "Crème").
pub const WORDS: &str = "market_words";

/// The searched fields, by weight: a word in the name counts most, then the brand,
/// the department's name and the description (docs/rules.md#discovery).
pub const SEARCHED: [(&str, f32); 4] =
    [("name", 10.0), ("brand_words", 6.0), ("department_words", 2.0), ("description", 1.0)];

#[derive(Clone, Copy)]
pub struct Fields {
    pub id: Field,
    pub department: Field,
    /// The brand as sold, whole: the brand filter and facet.
    pub brand: Field,
    /// [`SEARCHED`], in that order.
    pub searched: [Field; 4],
    pub price: Field,
    /// The average rating in hundredths of a star, as the rating filter and sort read it.
    pub rating: Field,
    pub reviews: Field,
    pub in_stock: Field,
    /// Each option value the product is sold in, as [`option_term`] spells it.
    pub options: Field,
}

impl Fields {
    /// The fields of an index made by [`schema`].
    pub fn of(schema: &Schema) -> tantivy::Result<Fields> {
        let f = |name: &str| schema.get_field(name);
        Ok(Fields {
            id: f("id")?,
            department: f("department")?,
            brand: f("brand")?,
            searched: [f(SEARCHED[0].0)?, f(SEARCHED[1].0)?, f(SEARCHED[2].0)?, f(SEARCHED[3].0)?],
            price: f("price")?,
            rating: f("rating")?,
            reviews: f("reviews")?,
            in_stock: f("in_stock")?,
            options: f("options")?,
        })
    }
}

pub fn schema() -> (Schema, Fields) {
    let mut b = Schema::builder();
    let words = TextOptions::default().set_indexing_options(
        TextFieldIndexing::default().set_tokenizer(WORDS).set_index_option(IndexRecordOption::WithFreqs),
    );
    let id = b.add_u64_field("id", INDEXED | FAST);
    let department = b.add_u64_field("department", INDEXED | FAST);
    let brand = b.add_text_field("brand", STRING | FAST);
    let searched = SEARCHED.map(|(name, _)| b.add_text_field(name, words.clone()));
    let price = b.add_i64_field("price", FAST);
    let rating = b.add_i64_field("rating", FAST);
    let reviews = b.add_i64_field("reviews", FAST);
    let in_stock = b.add_bool_field("in_stock", FAST);
    let options = b.add_text_field("options", STRING | FAST);
    let fields = Fields { id, department, brand, searched, price, rating, reviews, in_stock, options };
    (b.build(), fields)
}

pub fn analyzer() -> TextAnalyzer {
    TextAnalyzer::builder(SimpleTokenizer::default()).filter(LowerCaser).filter(AsciiFoldingFilter).build()
}

/// Registers [`WORDS`] with an index (an index opened from disk knows only the name).
pub fn register(index: &Index) {
    index.tokenizers().register(WORDS, analyzer());
}

/// The separator inside an option term: a control character no option text holds
/// (the back office refuses them).
const SEP: char = '\u{1f}';

/// An option value as the index keeps it: its option's name, the value, and their
/// places (the option's among the product's options, the value's share along its
/// option, as `product_option_values` holds them), so that the facets can order
/// options and values as the database's statement did.
pub fn option_term(name: &str, value: &str, option_position: i64, value_position: i64) -> String {
    format!("{name}{SEP}{value}{SEP}{option_position}{SEP}{value_position}")
}

/// The parts of an [`option_term`].
pub fn option_parts(term: &str) -> Option<(&str, &str, i64, i64)> {
    let mut parts = term.split(SEP);
    let (name, value) = (parts.next()?, parts.next()?);
    let option_position = parts.next()?.parse().ok()?;
    let value_position = parts.next()?.parse().ok()?;
    Some((name, value, option_position, value_position))
}

/// The words of `text` as the index reads them.
pub fn tokens(text: &str) -> Vec<String> {
    let mut analyzer = analyzer();
    let mut stream = analyzer.token_stream(text);
    let mut out = Vec::new();
    while stream.advance() {
        out.push(stream.token().text.clone());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_folded_as_the_index_folds_them() {
        assert_eq!(tokens("Crème brûlée, 2-pack"), ["creme", "brulee", "2", "pack"]);
    }

    #[test]
    fn an_option_term_reads_back() {
        let t = option_term("Size", "S/M", 0, 250);
        assert_eq!(option_parts(&t), Some(("Size", "S/M", 0, 250)));
    }
}
