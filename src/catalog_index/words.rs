//! How a search's words are read against the catalog's own: each word as typed when a
//! word of the catalog starts with it, otherwise (five letters or more) as the catalog's
//! word nearest to it, one typing mistake away (two from nine letters on), the most
//! common first. The query then asks every word, as a prefix, in the searched fields,
//! weighted by field (docs/rules.md#discovery).

use tantivy::query::{BooleanQuery, BoostQuery, FuzzyTermQuery, Occur, Query, TermQuery};
use tantivy::schema::{Field, IndexRecordOption};
use tantivy::{Searcher, Term};

use super::schema::{Fields, SEARCHED};

/// A search's words as the index reads them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reading {
    pub words: Vec<String>,
    /// Whether a word was taken for another (a typing mistake forgiven).
    pub corrected: bool,
}

/// The fewest letters a word needs before a mistake in it is forgiven, and the fewest
/// for two: shorter words must be exact ("tv" never finds "to").
const ONE_MISTAKE_FROM: usize = 5;
const TWO_MISTAKES_FROM: usize = 9;

/// Reads `words` (already in the index's own form, `schema::tokens`) against the
/// catalog: `typing` reads the last word as a word still being typed, so its
/// correction is the nearest start of a catalog word.
pub fn read(
    searcher: &Searcher,
    fields: &[Field],
    words: &[String],
    typing: bool,
) -> tantivy::Result<Reading> {
    let mut reading = Reading { words: Vec::with_capacity(words.len()), corrected: false };
    for (at, word) in words.iter().enumerate() {
        let letters = word.chars().count();
        if letters < ONE_MISTAKE_FROM || starts_a_word(searcher, fields, word)? {
            reading.words.push(word.clone());
            continue;
        }
        let distance = if letters >= TWO_MISTAKES_FROM { 2 } else { 1 };
        let prefix = typing && at + 1 == words.len();
        match nearest(searcher, fields, word, distance, prefix)? {
            Some(found) => {
                reading.words.push(found);
                reading.corrected = true;
            }
            None => reading.words.push(word.clone()),
        }
    }
    Ok(reading)
}

/// Whether a word of `fields` starts with `word`, in any segment.
fn starts_a_word(searcher: &Searcher, fields: &[Field], word: &str) -> tantivy::Result<bool> {
    for segment in searcher.segment_readers() {
        for field in fields {
            let index = segment.inverted_index(*field)?;
            let mut stream = index.terms().range().ge(word.as_bytes()).into_stream()?;
            if stream.advance() && stream.key().starts_with(word.as_bytes()) {
                return Ok(true);
            }
        }
    }
    Ok(false)
}

/// The catalog's word nearest to `word` within `distance` mistakes (a letter swapped,
/// dropped, added or changed): the fewest mistakes, then the most products, then the
/// first in alphabetical order. With `prefix`, the nearest start of a word.
fn nearest(
    searcher: &Searcher,
    fields: &[Field],
    word: &str,
    distance: u8,
    prefix: bool,
) -> tantivy::Result<Option<String>> {
    let mut found: std::collections::HashMap<String, u64> = std::collections::HashMap::new();
    for segment in searcher.segment_readers() {
        for field in fields {
            let term = Term::from_field_text(*field, word);
            let query = match prefix {
                true => FuzzyTermQuery::new_prefix(term, distance, true),
                false => FuzzyTermQuery::new(term, distance, true),
            };
            let index = segment.inverted_index(*field)?;
            let mut stream = index.terms().search(query.automaton()?).into_stream()?;
            while stream.advance() {
                let Ok(text) = std::str::from_utf8(stream.key()) else { continue };
                // A prefix match stands for the word's start as long as the typed word.
                let text = match prefix {
                    true => text.chars().take(word.chars().count() + usize::from(distance)).collect(),
                    false => text.to_owned(),
                };
                *found.entry(text).or_default() += u64::from(stream.value().doc_freq);
            }
        }
    }
    Ok(found
        .into_iter()
        .map(|(text, products)| (mistakes(word, &text, prefix), std::cmp::Reverse(products), text))
        .filter(|(m, ..)| *m <= usize::from(distance))
        .min()
        .map(|(.., text)| text))
}

/// The typing mistakes between `typed` and `word` (optimal string alignment: a swap of
/// two neighbours is one); with `prefix`, between `typed` and the nearest start of `word`.
pub fn mistakes(typed: &str, word: &str, prefix: bool) -> usize {
    let a: Vec<char> = typed.chars().collect();
    let b: Vec<char> = word.chars().collect();
    let mut d = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in d.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in d[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            d[i][j] = (d[i - 1][j] + 1).min(d[i][j - 1] + 1).min(d[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d[i][j] = d[i][j].min(d[i - 2][j - 2] + 1);
            }
        }
    }
    match prefix {
        true => d[a.len()].iter().copied().min().unwrap_or(0),
        false => d[a.len()][b.len()],
    }
}

/// Every word required, each as a prefix in any of `fields` (with their weights): a
/// whole word scores by BM25 times its field's weight, a word's start half the weight.
pub fn query(
    f: &Fields,
    words: &[String],
    fields: &[(Field, f32)],
    department: Option<i64>,
) -> Box<dyn Query> {
    let mut must: Vec<(Occur, Box<dyn Query>)> = words
        .iter()
        .map(|word| {
            let mut any: Vec<(Occur, Box<dyn Query>)> = Vec::new();
            for (field, weight) in fields {
                let term = Term::from_field_text(*field, word);
                any.push((
                    Occur::Should,
                    Box::new(BoostQuery::new(
                        Box::new(TermQuery::new(term.clone(), IndexRecordOption::WithFreqs)),
                        *weight,
                    )),
                ));
                any.push((
                    Occur::Should,
                    Box::new(BoostQuery::new(
                        Box::new(FuzzyTermQuery::new_prefix(term, 0, true)),
                        weight / 2.0,
                    )),
                ));
            }
            (Occur::Must, Box::new(BooleanQuery::new(any)) as Box<dyn Query>)
        })
        .collect();
    if let Some(id) = department {
        must.push((
            Occur::Must,
            Box::new(TermQuery::new(Term::from_field_u64(f.department, id as u64), IndexRecordOption::Basic)),
        ));
    }
    Box::new(BooleanQuery::new(must))
}

/// The searched fields with their weights; `name_and_brand` keeps to those two.
pub fn weighted(f: &Fields, name_and_brand: bool) -> Vec<(Field, f32)> {
    f.searched
        .iter()
        .zip(SEARCHED)
        .take(if name_and_brand { 2 } else { SEARCHED.len() })
        .map(|(field, (_, weight))| (*field, weight))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::mistakes;

    #[test]
    fn a_swap_is_one_mistake_and_a_prefix_counts_only_what_was_typed() {
        assert_eq!(mistakes("labtop", "laptop", false), 1);
        assert_eq!(mistakes("hedphones", "headphones", false), 1);
        assert_eq!(mistakes("haedphones", "headphones", false), 1);
        assert_eq!(mistakes("scroen", "screen", false), 1);
        assert_eq!(mistakes("hedph", "headphones", true), 1);
        assert_eq!(mistakes("tv", "to", false), 1);
    }
}
