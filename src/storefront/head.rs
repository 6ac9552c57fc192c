//! A page's head as crawlers and link previews read it: title, description, canonical
//! link, Open Graph and Twitter card tags, JSON-LD, and what the browser should fetch
//! early (the page's own script modules and its largest picture).

pub use crate::domain::html::escape;
use std::fmt::Write;

use serde_json::Value;

/// What the whole store says of itself where a page has nothing better.
pub const STORE_DESCRIPTION: &str =
    "Market: departments, deals and reviews, with free delivery and 5% off every day with RedCard.";

pub struct Head {
    /// As the app titles the screen: "Lamps · Market", or "Market".
    pub title: String,
    pub description: String,
    /// Absolute; `None` for a page that is not one of the store's addresses.
    pub canonical: Option<String>,
    /// Open Graph's `og:type`: `website`, or `product`.
    pub kind: &'static str,
    /// An absolute picture address for link previews.
    pub image: Option<String>,
    /// False for a shopper's own screens and for pages that name nothing.
    pub indexable: bool,
    pub structured_data: Vec<Value>,
    /// The picture most likely to be the largest thing the page paints.
    pub first_picture: Option<String>,
}

impl Head {
    /// A page titled `title` ("Market" alone for `None`), described as the store is.
    pub fn titled(title: Option<&str>) -> Head {
        Head {
            title: title.map_or_else(|| "Market".to_string(), |t| format!("{t} · Market")),
            description: STORE_DESCRIPTION.to_string(),
            canonical: None,
            kind: "website",
            image: None,
            indexable: true,
            structured_data: Vec::new(),
            first_picture: None,
        }
    }

    /// The page's tags, each on its own line, to go where index.html says `<!-- page -->`.
    pub fn render(&self) -> String {
        let mut out = String::new();
        let title = escape(&self.title);
        let description = escape(&self.description);
        let _ = writeln!(out, "<title>{title}</title>");
        let _ = writeln!(out, "    <meta name=\"description\" content=\"{description}\">");
        if !self.indexable {
            out.push_str("    <meta name=\"robots\" content=\"noindex\">\n");
        }
        if let Some(canonical) = &self.canonical {
            let canonical = escape(canonical);
            let _ = writeln!(out, "    <link rel=\"canonical\" href=\"{canonical}\">");
            let _ = writeln!(out, "    <meta property=\"og:url\" content=\"{canonical}\">");
        }
        let _ = writeln!(out, "    <meta property=\"og:site_name\" content=\"Market\">");
        let _ = writeln!(out, "    <meta property=\"og:type\" content=\"{}\">", self.kind);
        let _ = writeln!(out, "    <meta property=\"og:title\" content=\"{title}\">");
        let _ = writeln!(out, "    <meta property=\"og:description\" content=\"{description}\">");
        let card = if self.image.is_some() { "summary_large_image" } else { "summary" };
        let _ = writeln!(out, "    <meta name=\"twitter:card\" content=\"{card}\">");
        let _ = writeln!(out, "    <meta name=\"twitter:title\" content=\"{title}\">");
        let _ = writeln!(out, "    <meta name=\"twitter:description\" content=\"{description}\">");
        if let Some(image) = &self.image {
            let image = escape(image);
            let _ = writeln!(out, "    <meta property=\"og:image\" content=\"{image}\">");
            let _ = writeln!(out, "    <meta name=\"twitter:image\" content=\"{image}\">");
        }
        for data in &self.structured_data {
            let _ = writeln!(
                out,
                "    <script type=\"application/ld+json\">{}</script>",
                script_json(&data.to_string())
            );
        }
        out.trim_end().to_string()
    }

    /// What the browser should fetch early, to go where index.html says `<!-- preload -->`
    /// (after the app's CSS and the entry, which come first): the page's largest picture
    /// now, and, in a data block the entry reads once the first screen has painted
    /// (web/src/main.tsx), the script files the page needs beyond the app's (`/static/...`).
    pub fn render_preloads(&self, modules: &[String]) -> String {
        let mut out = String::new();
        if !modules.is_empty() {
            let list = serde_json::to_string(modules).unwrap_or_default();
            let _ = writeln!(
                out,
                "    <script type=\"application/json\" id=\"page-modules\">{}</script>",
                script_json(&list)
            );
        }
        if let Some(picture) = &self.first_picture {
            let picture = escape(picture);
            let _ = writeln!(
                out,
                "    <link rel=\"preload\" as=\"image\" href=\"{picture}\" fetchpriority=\"high\">"
            );
        }
        out.trim_end().to_string()
    }
}

/// JSON as a `<script>` data block may hold it: a `<` only ever appears inside a JSON
/// string, where `\u003c` says the same, so no text can close the block or open a comment.
pub fn script_json(json: &str) -> String {
    json.replace('<', "\\u003c")
}

/// The first `max` characters of `text` or fewer, cut at a word, with "…" when cut.
pub fn summary(text: &str, max: usize) -> String {
    let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if text.chars().count() <= max {
        return text;
    }
    let cut: String = text.chars().take(max).collect();
    let at_word = cut.rfind(' ').map_or(cut.as_str(), |space| &cut[..space]);
    format!("{}…", at_word.trim_end_matches([',', ';', ':', '.', '-']))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_from_the_catalog_cannot_leave_its_place() {
        let mut head = Head::titled(Some("\"><script>alert(1)</script>"));
        head.structured_data.push(serde_json::json!({ "name": "</script><script>alert(1)</script>" }));
        let html = head.render();
        assert!(!html.contains("<script>alert"), "{html}");
        assert!(html.contains("&quot;&gt;&lt;script&gt;"));
        assert!(html.contains("\\u003c/script>\\u003cscript>"));
    }

    #[test]
    fn a_summary_ends_at_a_word() {
        assert_eq!(summary("A  warm\nlamp.", 50), "A warm lamp.");
        assert_eq!(summary("A warm lamp for long evenings, in brass", 24), "A warm lamp for long…");
        assert_eq!(summary("Ünïcödé wörds everywhere", 10), "Ünïcödé…");
    }
}
