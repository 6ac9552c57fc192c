//! The first screen, inside `#root`: what the app's first render draws, sent in the page
//! itself so a first visit paints the store (and its largest picture) before any script
//! has arrived. The app's render then replaces it with the same markup, so nothing moves.
//!
//! All of it comes from the app's own components: the bar and the pages that need no
//! data rendered at build time (web/src/prerender.tsx → `prerendered.json`), and product and
//! listing pages rendered for each page from its answers by the app's server entry
//! (web/src/server.tsx), which `render.rs` runs. Nothing here writes a component's
//! markup; the `first screen` journey (web/e2e) checks the two draw the same boxes.

use std::collections::HashMap;

use serde::Deserialize;

use super::head::escape;

/// web/build.mjs's `prerendered.json`.
#[derive(Clone, Default, Deserialize)]
pub struct Prerendered {
    shell: Shell,
    /// Whole `#root` contents by prerendered screen (`home`, `login`...).
    screens: HashMap<String, String>,
}

/// The bar and `<main>`, around a page's own markup.
#[derive(Clone, Default, Deserialize)]
struct Shell {
    before: String,
    after: String,
}

/// What a page draws first.
pub enum First {
    /// A prerendered screen, by its address in the app's router (`*`: not found).
    Prerendered(&'static str),
    /// The app's own render of a catalog page, through `</main>` (`render.rs`).
    Rendered(String),
    /// The bar alone: the app draws the page (a shopper's own; a page whose render
    /// failed).
    Bar,
}

impl Prerendered {
    /// `#root`'s contents for `first`; `words` for the bar's search box (a search page's).
    pub fn render(&self, first: &First, words: Option<&str>) -> String {
        let main = match first {
            First::Prerendered(path) => match self.screens.get(*path) {
                Some(html) => return html.clone(),
                None => String::new(),
            },
            First::Rendered(html) => return html.clone(),
            First::Bar => String::new(),
        };
        let bar = match words {
            // As the app's box, which shows the words on a search page.
            Some(words) => {
                self.shell.before.replacen(" value=\"\"", &format!(" value=\"{}\"", escape(words)), 1)
            }
            None => self.shell.before.clone(),
        };
        format!("{bar}{main}{}", self.shell.after)
    }
}
