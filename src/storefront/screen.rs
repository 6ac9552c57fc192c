//! The first screen, inside `#root`: what the app's first render draws, sent in the page
//! itself so a first visit paints the store (and its largest picture) before any script
//! has arrived. The app's render then replaces it with the same markup, so nothing moves.
//!
//! The bar and the pages that need no data come from the app's own components, rendered
//! at build time (web/src/prerender.tsx → `screens.json`); product and listing pages are
//! written here from the answers the page carries, with the app's CSS module class
//! names from that same file. Each function below names the component it mirrors: a
//! change there is a change here, and the `first screen` journey (web/e2e) fails when
//! the two draw different boxes.

use std::collections::HashMap;
use std::fmt::Write;

use serde::Deserialize;

use super::head::escape;

/// web/build.mjs's `screens.json`.
#[derive(Clone, Default, Deserialize)]
pub struct Screens {
    shell: Shell,
    /// Whole `#root` contents by prerendered screen (`home`, `login`...).
    screens: HashMap<String, String>,
    /// CSS module → local name → the name in the app's stylesheet.
    classes: HashMap<String, HashMap<String, String>>,
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
    Screen(&'static str),
    Product(Box<Product>),
    Listing(Box<Listing>),
    /// The bar alone: the app draws the page (a shopper's own, a filtered listing).
    Bar,
}

impl Screens {
    /// `#root`'s contents for `first`; `words` for the bar's search box (a search page's).
    pub fn render(&self, first: &First, words: Option<&str>) -> String {
        let main = match first {
            First::Screen(path) => match self.screens.get(*path) {
                Some(html) => return html.clone(),
                None => String::new(),
            },
            First::Product(product) => self.product(product),
            First::Listing(listing) => self.listing(listing),
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

    /// The class names of `module`'s local `names`, joined as React joins them.
    fn class(&self, module: &str, names: &[&str]) -> String {
        let names = names.iter().map(|name| {
            let found = self.classes.get(module).and_then(|m| m.get(*name));
            debug_assert!(found.is_some(), "no class {module}.{name} in screens.json");
            found.map_or("", String::as_str)
        });
        names.collect::<Vec<_>>().join(" ")
    }
}

/// A product as its page's answer (`GET /api/products/{id}`) has it.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Product {
    pub id: i64,
    pub department_id: i64,
    pub name: String,
    pub brand: String,
    pub price: f64,
    pub description: String,
    pub avg_rating: f64,
    pub num_reviews: i64,
    pub stock: i64,
    #[serde(rename = "Department")]
    pub department: Named,
    #[serde(rename = "ProductImages")]
    pub images: Vec<Picture>,
}

#[derive(Deserialize)]
pub struct Named {
    pub name: String,
}

#[derive(Deserialize)]
pub struct Picture {
    pub url: String,
    #[serde(default)]
    pub background: String,
}

/// A product card of a listing's answer.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Card {
    pub id: i64,
    pub department_id: i64,
    pub name: String,
    pub brand: String,
    pub price: f64,
    pub preview_image: String,
    pub avg_rating: f64,
    pub num_reviews: i64,
    pub stock: i64,
}

/// A department or search page as it first shows: its head and first cards.
pub struct Listing {
    /// The h1.
    pub title: String,
    /// The breadcrumb's last crumb, when it is not the title.
    pub crumb: Option<&'static str>,
    /// Under the h1 (the department's count), if anything.
    pub sub: Option<String>,
    /// A search (which may be sorted by relevance) or a department.
    pub search: bool,
    pub sort: String,
    /// "Page 2 of 6".
    pub page_note: Option<String>,
    /// The grid's accessible name.
    pub grid_label: String,
    pub cards: Vec<Card>,
}

impl Listing {
    /// The app's query for `params` when it names no filter (only words, an order, a
    /// page): `(sort, page)`, as web/src/lib/listingQuery.ts reads them. `None` when a
    /// filter is in force: the app draws that page itself.
    pub fn unfiltered(params: &[(String, String)], search: bool) -> Option<(String, u64)> {
        let mut sort = if search { "relevance" } else { "featured" }.to_string();
        let mut page = 1;
        for (name, value) in params {
            match name.as_str() {
                "q" if search => {}
                "sort" => {
                    if SORTS.iter().any(|(s, _)| *s == value && (search || *s != "relevance")) {
                        sort = value.clone();
                    }
                }
                "page" => {
                    // /^[1-9]\d{0,8}$/, as the app's positiveInt.
                    let digits = value.len() <= 9 && value.bytes().all(|b| b.is_ascii_digit());
                    if digits && !value.starts_with('0') && !value.is_empty() {
                        page = value.parse().unwrap_or(1);
                    }
                }
                _ => return None,
            }
        }
        Some((sort, page))
    }

    /// "Page 2 of 6" when there is more than one.
    pub fn page_note(page: u64, pages: u64) -> Option<String> {
        (pages > 1).then(|| format!("Page {page} of {pages}"))
    }
}

/// lib/counts.ts `countOf`: "1 result", "76,923 results".
pub fn count_of(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", grouped(n), if n == 1 { one } else { many })
}

/// Cards the app draws in its first render (web/src/pages/parts/ProductListing.tsx).
const CARDS_AT_A_TIME: usize = 12;

const SORTS: [(&str, &str); 6] = [
    ("relevance", "Relevance"),
    ("featured", "Featured"),
    ("price-asc", "Price: low to high"),
    ("price-desc", "Price: high to low"),
    ("rating", "Top rated"),
    ("newest", "Newest"),
];

impl Screens {
    /// pages/ProductPage.tsx down to its description: breadcrumb, gallery, summary.
    fn product(&self, product: &Product) -> String {
        let mut out = String::new();
        let department = format!("/departments/{}", product.department_id);
        self.breadcrumb(&mut out, &[("Market", "/"), (&product.department.name, &department)], &product.name);
        let name = escape(&product.name);
        let _ = write!(out, "<div class=\"{}\">", self.class("product", &["layout"]));
        // features/catalog/ProductGallery.tsx
        if let Some(main) = product.images.first() {
            let count = product.images.len();
            let _ = write!(
                out,
                "<div class=\"{}\"><div class=\"{}\" style=\"background:{}\"><img src=\"{}\" alt=\"{name}, picture 1 of {count}\" width=\"256\" height=\"256\"/></div>",
                self.class("product", &["gallery"]),
                self.class("product", &["mainImage"]),
                escape(&main.background),
                escape(&main.url),
            );
            let _ = write!(
                out,
                "<ul role=\"list\" class=\"{}\" aria-label=\"Pictures\">",
                self.class("product", &["thumbs"])
            );
            for (i, image) in product.images.iter().enumerate() {
                let current = if i == 0 { " aria-current=\"true\"" } else { "" };
                let _ = write!(
                    out,
                    "<li><button type=\"button\" class=\"{}\" style=\"background:{}\" aria-label=\"Show picture {}\"{current}><img src=\"{}\" alt=\"\" width=\"64\" height=\"64\"/></button></li>",
                    self.class("product", &["thumb"]),
                    escape(&image.background),
                    i + 1,
                    escape(&image.url),
                );
            }
            out.push_str("</ul></div>");
        }
        // features/catalog/ProductSummary.tsx
        let _ = write!(
            out,
            "<div class=\"{}\"><div class=\"{}\"><h1 class=\"{}\">{name}</h1>",
            self.class("product", &["summary"]),
            self.class("product", &["titleRow"]),
            self.class("product", &["name"]),
        );
        self.favorite(&mut out, &product.name);
        let _ = write!(
            out,
            "</div><p class=\"{}\">Shop all <strong>{}</strong></p><a href=\"#reviews\" class=\"{}\">",
            self.class("product", &["brand"]),
            escape(&product.brand),
            self.class("product", &["ratingLink"]),
        );
        self.stars(&mut out, product.avg_rating, product.num_reviews, "large");
        let _ = write!(out, "</a><div class=\"{}\">", self.class("product", &["buyBox"]));
        self.price(&mut out, product.price, "large");
        let _ = write!(
            out,
            "<p class=\"{}\">When purchased online</p><ul role=\"list\" class=\"{}\"><li>Free shipping with RedCard</li><li>Ready within 2 hours with pickup</li></ul>",
            self.class("product", &["when"]),
            self.class("product", &["perks"]),
        );
        self.stock_note(&mut out, product.stock, true);
        self.add_to_cart(&mut out, "Add to cart", false, product.stock == 0);
        out.push_str("</div></div></div>");
        // ProductDescription
        let _ = write!(
            out,
            "<section class=\"{}\" aria-labelledby=\"about\"><h2 id=\"about\">About this item</h2><p>{}</p></section>",
            self.class("product", &["description"]),
            escape(&product.description),
        );
        out
    }

    /// A department or search page's head and its first cards: components/PageHead.tsx,
    /// features/listing/ListingLayout.tsx (unfiltered: no filters in force, no chips),
    /// components/ProductGrid.tsx and pages/parts/ShopCard.tsx.
    fn listing(&self, head: &Listing) -> String {
        let cards = &head.cards;
        let mut out = String::new();
        let _ = write!(out, "<div class=\"{}\">", self.class("PageHead", &["head"]));
        self.breadcrumb(&mut out, &[("Market", "/")], head.crumb.unwrap_or(&head.title));
        let _ = write!(
            out,
            "<h1 class=\"{}\" tabindex=\"-1\">{}</h1>",
            self.class("PageHead", &["title"]),
            escape(&head.title)
        );
        if let Some(sub) = &head.sub {
            let _ = write!(
                out,
                "<div class=\"{}\"><span role=\"status\">{}</span></div>",
                self.class("PageHead", &["sub"]),
                escape(sub)
            );
        }
        out.push_str("</div>");
        // The sidebar's room (the app fills it with the filters on a wide screen; a
        // phone's stylesheet hides it), so the grid starts where the app's does.
        let _ = write!(
            out,
            "<div class=\"{}\"><section class=\"{}\" aria-hidden=\"true\"></section><div class=\"{}\"><div class=\"{}\">",
            self.class("listing", &["layout"]),
            self.class("listing", &["sidebar"]),
            self.class("listing", &["main"]),
            self.class("listing", &["toolbar"]),
        );
        // FilterPanel's button (its dialog is drawn closed: nothing).
        let _ = write!(
            out,
            "<div class=\"{}\"><button type=\"button\" class=\"{}\" aria-haspopup=\"dialog\" aria-expanded=\"false\"><svg width=\"18\" height=\"18\" viewBox=\"0 0 24 24\" aria-hidden=\"true\"><path d=\"M3 5h18l-7 8v6l-4 2v-8z\" fill=\"none\" stroke=\"currentColor\" stroke-width=\"2\" stroke-linejoin=\"round\"></path></svg>Filters</button></div>",
            self.class("listing", &["phoneOnly"]),
            self.class("Button", &["button", "secondary", "small"]),
        );
        if let Some(note) = &head.page_note {
            let _ = write!(out, "<p class=\"{}\">{}</p>", self.class("listing", &["pageNote"]), escape(note));
        }
        let _ = write!(
            out,
            "<div class=\"{}\"><label for=\"sort\">Sort by</label><select id=\"sort\" class=\"{}\">",
            self.class("listing", &["sort"]),
            self.class("listing", &["select"]),
        );
        for (value, label) in SORTS.iter().filter(|(value, _)| head.search || *value != "relevance") {
            let selected = if *value == head.sort { " selected=\"\"" } else { "" };
            let _ = write!(out, "<option value=\"{value}\"{selected}>{label}</option>");
        }
        let more = cards.len() > CARDS_AT_A_TIME;
        let _ = write!(
            out,
            "</select></div></div><div class=\"{}\" aria-busy=\"false\"><ul role=\"list\" class=\"{}\" aria-label=\"{}\"{}>",
            self.class("listing", &["results"]),
            self.class("ProductGrid", &["grid"]),
            escape(&head.grid_label),
            if more { " aria-busy=\"true\"" } else { "" },
        );
        for card in cards.iter().take(CARDS_AT_A_TIME) {
            out.push_str("<li>");
            self.card(&mut out, card);
            out.push_str("</li>");
        }
        out.push_str("</ul></div></div></div>");
        out
    }

    /// components/ProductCard.tsx, as pages/parts/ShopCard.tsx fills it on a listing.
    fn card(&self, out: &mut String, card: &Card) {
        let href = format!("/departments/{}/products/{}", card.department_id, card.id);
        let name = escape(&card.name);
        let _ = write!(
            out,
            "<article class=\"{}\"><div class=\"{}\"><a tabindex=\"-1\" aria-hidden=\"true\" href=\"{href}\" data-discover=\"true\"><img src=\"{}\" alt=\"{name}\" width=\"256\" height=\"256\" loading=\"lazy\"/></a><div class=\"{}\">",
            self.class("ProductCard", &["card"]),
            self.class("ProductCard", &["picture"]),
            escape(&card.preview_image),
            self.class("ProductCard", &["corner"]),
        );
        self.favorite(out, &card.name);
        let _ = write!(out, "</div></div><div class=\"{}\">", self.class("ProductCard", &["body"]));
        self.price(out, card.price, "medium");
        let _ = write!(
            out,
            "<h2 class=\"{}\"><a href=\"{href}\" data-discover=\"true\">{name}</a></h2><p class=\"{}\">{}</p>",
            self.class("ProductCard", &["name"]),
            self.class("ProductCard", &["brand"]),
            escape(&card.brand),
        );
        self.stars(out, card.avg_rating, card.num_reviews, "small");
        self.stock_note(out, card.stock, false);
        self.add_to_cart(out, "Deliver it", true, card.stock == 0);
        out.push_str("</div></article>");
    }

    /// components/Breadcrumb.tsx: `crumbs` link, `current` is the page.
    fn breadcrumb(&self, out: &mut String, crumbs: &[(&str, &str)], current: &str) {
        let _ = write!(
            out,
            "<nav aria-label=\"Breadcrumb\" class=\"{}\"><ol role=\"list\">",
            self.class("Breadcrumb", &["crumbs"])
        );
        for (label, to) in crumbs {
            let _ = write!(
                out,
                "<li><a href=\"{}\" data-discover=\"true\">{}</a></li>",
                escape(to),
                escape(label)
            );
        }
        let _ = write!(out, "<li><span aria-current=\"page\">{}</span></li></ol></nav>", escape(current));
    }

    /// features/favorites/FavoriteButton.tsx, as a visitor first sees it.
    fn favorite(&self, out: &mut String, product: &str) {
        let _ = write!(
            out,
            "<button type=\"button\" class=\"{}\" aria-pressed=\"false\" aria-label=\"Favorite {}\" title=\"Add to favorites\"><svg viewBox=\"0 0 24 24\" aria-hidden=\"true\" focusable=\"false\"><path d=\"M12 20.5s-7.5-4.6-9.3-9.3C1.4 7.8 3.6 4.5 7 4.5c2 0 3.4 1.1 5 3 1.6-1.9 3-3 5-3 3.4 0 5.6 3.3 4.3 6.7-1.8 4.7-9.3 9.3-9.3 9.3z\"></path></svg></button>",
            self.class("favorites", &["heart"]),
            escape(product),
        );
    }

    /// components/StockNote.tsx: how many are left, from 10 down.
    fn stock_note(&self, out: &mut String, stock: i64, large: bool) {
        if stock > crate::domain::stock::LOW {
            return;
        }
        let mut classes = vec!["note", if stock == 0 { "out" } else { "low" }];
        if large {
            classes.push("large");
        }
        let _ = match stock {
            0 => write!(out, "<p class=\"{}\">Out of stock</p>", self.class("StockNote", &classes)),
            n => write!(out, "<p class=\"{}\">Only {n} left</p>", self.class("StockNote", &classes)),
        };
    }

    /// features/cart/AddToCartButton.tsx, idle (disabled when none is left).
    fn add_to_cart(&self, out: &mut String, label: &str, small: bool, sold_out: bool) {
        let button: &[&str] =
            if small { &["button", "primary", "small", "wide"] } else { &["button", "primary", "wide"] };
        let _ = write!(
            out,
            "<div class=\"{}\"><button type=\"button\" class=\"{}\"{}>{label}</button><span role=\"status\" class=\"{}\"></span></div>",
            self.class("cart", &["addToCart"]),
            self.class("Button", button),
            if sold_out { " disabled=\"\"" } else { "" },
            self.class("cart", &["added"]),
        );
    }

    /// components/Price.tsx.
    fn price(&self, out: &mut String, amount: f64, size: &str) {
        let _ = write!(
            out,
            "<span class=\"{}\">{}</span>",
            self.class("Price", &["price", size]),
            format_price(amount)
        );
    }

    /// components/StarRating.tsx, with the review count.
    fn stars(&self, out: &mut String, rating: f64, count: i64, size: &str) {
        let reviews = if count == 1 { "review" } else { "reviews" };
        let _ = write!(
            out,
            "<span class=\"{}\" role=\"img\" aria-label=\"{} out of 5 stars, {count} {reviews}\"><span class=\"{}\" aria-hidden=\"true\"><span class=\"{}\">★★★★★</span><span class=\"{}\" style=\"width:{}%\">★★★★★</span></span><span class=\"{}\" aria-hidden=\"true\">{count}</span></span>",
            self.class("StarRating", &["rating", size]),
            to_fixed_1(rating),
            self.class("StarRating", &["stars"]),
            self.class("StarRating", &["empty"]),
            self.class("StarRating", &["full"]),
            rating.clamp(0.0, 5.0) * 20.0,
            self.class("StarRating", &["count"]),
        );
    }
}

/// lib/money.ts `formatPrice`: "$1,234.50".
pub fn format_price(amount: f64) -> String {
    let cents = (amount.abs() * 100.0).round() as u64;
    let text = format!("${}.{:02}", grouped(cents / 100), cents % 100);
    if amount < 0.0 && cents > 0 { format!("-{text}") } else { text }
}

/// lib/counts.ts `grouped`: 76923 → "76,923".
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// JavaScript's `n.toFixed(1)` for a rating (0 to 5): a tie rounds up, as there.
fn to_fixed_1(n: f64) -> String {
    let tenths = (n * 10.0 + 0.5).floor() / 10.0;
    format!("{tenths:.1}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn money_and_ratings_read_as_the_app_writes_them() {
        assert_eq!(format_price(1234.5), "$1,234.50");
        assert_eq!(format_price(0.1 + 0.2), "$0.30");
        assert_eq!(format_price(1_000_000.0), "$1,000,000.00");
        assert_eq!(grouped(76_923), "76,923");
        assert_eq!(to_fixed_1(4.25), "4.3");
        assert_eq!(to_fixed_1(3.56), "3.6");
        assert_eq!(to_fixed_1(0.0), "0.0");
    }

    fn params(query: &str) -> Vec<(String, String)> {
        form_urlencoded::parse(query.as_bytes()).into_owned().collect()
    }

    #[test]
    fn only_a_listing_without_filters_is_drawn_first_by_the_server() {
        let first = |query: &str, search: bool| Listing::unfiltered(&params(query), search);
        assert_eq!(first("", false), Some(("featured".into(), 1)));
        assert_eq!(first("q=lamp", true), Some(("relevance".into(), 1)));
        assert_eq!(first("sort=price-asc&page=2", false), Some(("price-asc".into(), 2)));
        // As the app reads them: an order it does not offer, or a page that is not one, is the default.
        assert_eq!(first("sort=relevance&page=0", false), Some(("featured".into(), 1)));
        assert_eq!(first("page=02", false), Some(("featured".into(), 1)));
        assert_eq!(first("q=lamp&brand=Lumen", true), None);
        assert_eq!(first("minPrice=10", false), None);
    }
}
