//! What every mail is drawn from: the store's letterhead, and a body of words, items,
//! figures, blocks and a button, drawn once as text and once as HTML (`draw.rs`).

/// Who a mail comes from, and where its links lead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Letterhead {
    pub store_name: String,
    /// The store's address as shoppers reach it, without a trailing `/`.
    pub public_url: String,
}

impl Letterhead {
    pub(super) fn link(&self, path: &str) -> String {
        format!("{}{path}", self.public_url.trim_end_matches('/'))
    }
}

/// What every mail is made of, drawn once as text and once as HTML.
pub(super) struct Body {
    pub(super) heading: String,
    pub(super) paragraphs: Vec<String>,
    /// An item and its amount.
    pub(super) items: Vec<(String, String)>,
    /// A figure's label, its amount, and whether it is the total.
    pub(super) figures: Vec<(String, String, bool)>,
    /// A titled block of lines: an address, a card.
    pub(super) blocks: Vec<(String, Vec<String>)>,
    /// What the button says, and where it goes.
    pub(super) action: (String, String),
}

impl Body {
    /// A mail of words and a button, without items, figures or blocks.
    pub(super) fn words(heading: &str, paragraphs: Vec<String>, action: (String, String)) -> Body {
        Body {
            heading: heading.into(),
            paragraphs,
            items: Vec::new(),
            figures: Vec::new(),
            blocks: Vec::new(),
            action,
        }
    }
}
