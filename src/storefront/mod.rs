//! The app's pages as the server sends them. Every address of the app answers
//! `index.html` filled in for that address: its own head (title, description, canonical
//! link, Open Graph and Twitter cards, schema.org JSON-LD) and the public API answers the
//! page first asks for, in a `type="application/json"` block the app reads before it
//! renders (web/src/api/firstAnswers.ts). So a first visit costs no second round trip,
//! a crawler or a link preview sees the page's own tags without running a script, and
//! the Content-Security-Policy still allows no inline script. An address that names
//! nothing (no such screen, product or department) answers 404 with the app's
//! not-found page, and a product asked for under another department moves to its own.

mod answers;
pub mod checkout;
mod head;
mod kept;
mod prerendered;
pub mod render;
mod routes;

use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, ResponseError, web};
use serde::Deserialize;
use serde_json::json;
use std::sync::Arc;
use std::time::Duration;

use crate::api::answer_cache::AnswerCache;
use crate::db::Db;
use crate::encoding::Copies;
use crate::error::ApiError;
use answers::FirstAnswer;
use answers::{Card, Product};
pub use head::escape;
use head::{Head, script_json, summary};
pub use kept::Pages;
use kept::{Drawn, MadeOf, Sent};
use prerendered::First;
pub use prerendered::Prerendered;
use render::{Asked, Rendered, Renderer};
use routes::{Route, Screen, route};

/// The department whose first products the landing page's "Holiday deals" shelf shows,
/// and how many (web/src/pages/LandingPage.tsx, features/catalog/HolidayDeals.tsx).
const HOLIDAY_DEPARTMENT: i64 = 5;
const HOLIDAY_SHELF: &str = "limit=8";
/// What a product page's "More from" rail asks for (web/src/pages/parts/MoreFromDepartment.tsx).
const RAIL: &str = "sort=rating&limit=9";
/// Where index.html takes the page's head and its answers.
const HEAD_MARK: &str = "<!-- page -->";
const PRELOAD_MARK: &str = "<!-- preload -->";
const ANSWERS_MARK: &str = "<!-- answers -->";
/// Inside `#root`: the first screen.
const SCREEN_MARK: &str = "<!-- screen -->";
/// Where index.html takes the page's own CSS.
const STYLE_MARK: &str = "<!-- style -->";

/// The app's script modules by page (`web/src/pages/<name>.tsx` → its chunk and the
/// chunks that imports), as web/build.mjs writes them to `modules.json`.
pub type Modules = std::collections::HashMap<String, Vec<String>>;

/// The CSS each page carries in its `<style>`, as web/build.mjs writes it to
/// `styles.json`: the app's frame (bar, footer, panels, dialogs) and, by page (as in
/// [`Modules`]), the frame's and that page's together. The whole stylesheet is a file
/// the entry loads before the app starts (web/src/main.tsx), so a page carries only
/// what its first screen draws and stays within the first round trip.
#[derive(Clone, Default, Deserialize)]
pub struct Styles {
    frame: String,
    pages: std::collections::HashMap<String, String>,
}

impl Styles {
    /// The `<style>` of a page whose app module is `module` (none: the entry's own).
    fn style(&self, module: Option<&str>) -> String {
        let css = module.and_then(|module| self.pages.get(module)).unwrap_or(&self.frame);
        format!("<style>{css}</style>")
    }
}

/// `scheme://host` as the client reached the store: the base of absolute addresses.
pub fn origin(req: &HttpRequest) -> String {
    let info = req.connection_info();
    format!("{}://{}", info.scheme(), info.host())
}

/// What every page is made from, from the app's build.
pub struct Parts<'a> {
    /// index.html, with its marks to fill.
    pub template: &'a str,
    /// Each page's own script modules.
    pub modules: &'a Modules,
    /// Each page's own CSS.
    pub styles: &'a Styles,
    /// The prerendered screens and the bar.
    pub prerendered: &'a Prerendered,
    /// The app's render of catalog pages.
    pub renderer: &'a Renderer,
}

/// The page for `req`, made from `parts`; kept in `pages` when given (not in `make
/// dev`, whose template changes under it).
pub async fn respond(
    req: &HttpRequest,
    db: &Db,
    cache: &web::Data<AnswerCache>,
    pages: Option<&web::Data<Pages>>,
    parts: Parts<'_>,
) -> HttpResponse {
    let address = format!("{}{}?{}", origin(req), req.path(), req.query_string());
    // Read before the answers are: a change after this makes a page kept by it stale.
    let version = cache.catalog_version();
    let kept = pages.and_then(|pages| pages.get(&address, cache));
    let sent = match kept {
        Some(sent) => sent,
        None => match page(req, db, cache).await {
            Built::Moved(to) => return redirect(HttpResponse::MovedPermanently(), to),
            Built::Found(to) => return redirect(HttpResponse::Found(), to),
            Built::Page(mut page) => {
                let made_of = MadeOf::of(&page.answers, version);
                // A page whose screen is not drawn from its own answers (no render came,
                // or an earlier screen went in its place) is sent this once, not kept.
                let mut keep = pages;
                if page.rendered {
                    let drawn =
                        first_screen(req, &address, &page, &made_of, cache, pages, parts.renderer).await;
                    match drawn {
                        Some((rendered, fresh)) => {
                            page.first = First::Rendered(rendered.html.clone());
                            // The app's own lead picture (a variant's, when it has one).
                            if rendered.picture.is_some() {
                                page.head.first_picture = rendered.picture.clone();
                            }
                            keep = keep.filter(|_| fresh);
                        }
                        None => keep = None,
                    }
                }
                let html = page.render(&parts);
                match keep {
                    Some(pages) => pages.keep(address, made_of, cache, page.status, html),
                    None => Arc::new(Sent { status: page.status, html: Arc::new(Copies::new(html.into())) }),
                }
            }
        },
    };
    match sent.html.clone().respond(req, sent.status, true, HTML).await {
        Ok(mut res) => {
            res.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
            res
        }
        Err(e) => ApiError::internal(e).error_response(),
    }
}

/// How long a page made again waits for its render when an earlier screen of it is
/// kept: about what a product's render takes on an idle core. On a busy store renders
/// queue behind each other at tens of milliseconds each, and every page made again would
/// wait for them; its earlier screen goes instead, and the app, which draws the page
/// again from the page's fresh answers as it starts, shows what changed.
const SCREEN_WAIT: Duration = Duration::from_millis(10);

/// `page`'s first screen, and whether it was drawn from the answers `page` carries
/// (`made_of`); `None` when it has none. A page never drawn before waits for its render.
async fn first_screen(
    req: &HttpRequest,
    address: &str,
    page: &Page,
    made_of: &MadeOf,
    cache: &web::Data<AnswerCache>,
    pages: Option<&web::Data<Pages>>,
    renderer: &Renderer,
) -> Option<(Arc<Rendered>, bool)> {
    let url = match req.query_string() {
        "" => req.path().to_string(),
        query => format!("{}?{query}", req.path()),
    };
    let Some(pages) = pages else {
        return renderer.render(url, answers_json(&page.answers)).await.map(|drawn| (Arc::new(drawn), true));
    };
    let earlier = match pages.screen(address, cache) {
        Drawn::Fresh(screen) => return Some((screen, true)),
        Drawn::Earlier { screen, rendering: true } => return Some((screen, false)),
        Drawn::Earlier { screen, rendering: false } => Some(screen),
        Drawn::Never => None,
    };
    let rendered = match (renderer.ask(url, answers_json(&page.answers)), earlier) {
        (None, earlier) => return earlier.map(|screen| (screen, false)),
        (Some(asked), None) => asked.screen().await,
        // Behind other renders it cannot come in time: not waited for at all.
        (Some(asked), Some(earlier)) if asked.queued => {
            keep_when_drawn(pages.clone(), cache.clone(), address.to_string(), made_of.clone(), asked);
            return Some((earlier, false));
        }
        (Some(asked), Some(earlier)) => match asked.within(SCREEN_WAIT).await {
            Ok(Some(rendered)) => Some(rendered),
            Ok(None) => return Some((earlier, false)),
            Err(asked) => {
                keep_when_drawn(pages.clone(), cache.clone(), address.to_string(), made_of.clone(), asked);
                return Some((earlier, false));
            }
        },
    };
    let rendered = Arc::new(rendered?);
    pages.keep_screen(address.to_string(), made_of.clone(), cache, rendered.clone());
    Some((rendered, true))
}

/// Keeps the screen of a render no request waits for any more, for the next request.
fn keep_when_drawn(
    pages: web::Data<Pages>,
    cache: web::Data<AnswerCache>,
    address: String,
    made_of: MadeOf,
    asked: Asked,
) {
    pages.rendering(&address, true);
    actix_web::rt::spawn(async move {
        if let Some(rendered) = asked.screen().await {
            pages.keep_screen(address.clone(), made_of, &cache, Arc::new(rendered));
        }
        pages.rendering(&address, false);
    });
}

const HTML: HeaderValue = HeaderValue::from_static("text/html; charset=utf-8");

/// The answers in the page, for the app: [`answers_json`] in a data block.
fn answers_block(answers: &[FirstAnswer]) -> String {
    if answers.is_empty() {
        return String::new();
    }
    format!(
        "<script type=\"application/json\" id=\"first-answers\">{}</script>",
        script_json(&answers_json(answers))
    )
}

/// The answers as one JSON object by address: `{"/api/products/51": {"status": 200, "body": {...}}}`.
fn answers_json(answers: &[FirstAnswer]) -> String {
    let mut json = String::from("{");
    for (i, answer) in answers.iter().enumerate() {
        if i > 0 {
            json.push(',');
        }
        let url = serde_json::Value::String(answer.url.clone());
        json.push_str(&format!("{url}:{{\"status\":{},\"body\":", answer.status.as_u16()));
        json.push_str(&String::from_utf8_lossy(&answer.body));
        json.push('}');
    }
    json.push('}');
    json
}

/// A redirect to `to`, revalidated each time: where a page lives follows the catalog.
fn redirect(mut res: actix_web::HttpResponseBuilder, to: String) -> HttpResponse {
    res.insert_header((header::LOCATION, to)).insert_header((header::CACHE_CONTROL, "no-cache")).finish()
}

enum Built {
    Page(Box<Page>),
    /// The page lives at another address.
    Moved(String),
    /// The page is at another address for now: a listing's page past its last page is
    /// its last page.
    Found(String),
}

struct Page {
    status: StatusCode,
    head: Head,
    answers: Vec<FirstAnswer>,
    /// The app's module for the page, when it is not in the entry script.
    module: Option<&'static str>,
    /// What `#root` holds before the app's script runs.
    first: First,
    /// The app renders `#root` on the server from the page's answers (`render.rs`),
    /// which then replace `first`.
    rendered: bool,
    /// A search page's words, for the bar's search box.
    words: Option<String>,
}

impl Page {
    /// index.html filled in: the head, what to fetch early, the first screen and the answers.
    fn render(&self, parts: &Parts) -> String {
        let needed = self.module.and_then(|module| parts.modules.get(module)).map_or(&[][..], Vec::as_slice);
        parts
            .template
            .replacen(HEAD_MARK, &self.head.render(), 1)
            .replacen(STYLE_MARK, &parts.styles.style(self.module), 1)
            .replacen(PRELOAD_MARK, &self.head.render_preloads(needed), 1)
            .replacen(SCREEN_MARK, &parts.prerendered.render(&self.first, self.words.as_deref()), 1)
            .replacen(ANSWERS_MARK, &answers_block(&self.answers), 1)
    }

    fn new(head: Head, module: Option<&'static str>) -> Page {
        Page {
            status: StatusCode::OK,
            head,
            answers: Vec::new(),
            module,
            first: First::Bar,
            rendered: false,
            words: None,
        }
    }

    fn not_found(title: &str, module: &'static str) -> Page {
        let mut head = Head::titled(Some(title));
        head.indexable = false;
        Page {
            status: StatusCode::NOT_FOUND,
            head,
            answers: Vec::new(),
            module: Some(module),
            first: First::Bar,
            rendered: false,
            words: None,
        }
    }

    fn answer(&mut self, answer: Option<FirstAnswer>) -> Option<&FirstAnswer> {
        self.answers.extend(answer);
        self.answers.last()
    }
}

async fn page(req: &HttpRequest, db: &Db, cache: &AnswerCache) -> Built {
    let origin = origin(req);
    let query = req.query_string();
    let mut page = match route(req.path()) {
        None => {
            let mut page = Page::not_found("Page not found", "NotFoundPage");
            page.first = First::Prerendered("*");
            page
        }
        Some(Route::Home) => home(db, cache, &origin).await,
        Some(Route::Department(Some(id))) => match department(db, cache, &origin, id, query).await {
            Ok(page) => page,
            Err(last) => return Built::Found(last),
        },
        Some(Route::Department(None)) => Page::not_found("Department not found", "DepartmentPage"),
        Some(Route::Product { department: Some(department), product: Some(id) }) => {
            match product(db, cache, &origin, department, id).await {
                Ok(page) => page,
                Err(home_department) => {
                    let path = format!("/departments/{home_department}/products/{id}");
                    return Built::Moved(if query.is_empty() { path } else { format!("{path}?{query}") });
                }
            }
        }
        Some(Route::Product { .. }) => Page::not_found("Product not found", "ProductPage"),
        Some(Route::Search) => match search(db, cache, &origin, query).await {
            Ok(page) => page,
            Err(last) => return Built::Found(last),
        },
        Some(Route::Screen(screen)) => self::screen(&origin, screen),
        Some(Route::BackOffice) => {
            let mut head = Head::titled(Some("Back office"));
            head.indexable = false;
            Page::new(head, None)
        }
    };
    // Every screen's bar lists the departments (its Categories panel).
    page.answers.extend(answers::departments(db, cache).await);
    Built::Page(Box::new(page))
}

#[derive(Deserialize)]
struct Listing {
    name: Option<String>,
    url: Option<String>,
    total: u64,
    pages: u64,
    #[serde(rename = "Products")]
    products: Vec<Card>,
    facets: Facets,
}

#[derive(Deserialize)]
struct Facets {
    brands: Vec<Brand>,
}

#[derive(Deserialize)]
struct Brand {
    name: String,
}

async fn home(db: &Db, cache: &AnswerCache, origin: &str) -> Page {
    let mut head = Head::titled(None);
    head.canonical = Some(format!("{origin}/"));
    head.image = Some(format!("{origin}/assets/logo.svg"));
    head.structured_data.push(json!({
        "@context": "https://schema.org",
        "@type": "WebSite",
        "name": "Market",
        "url": format!("{origin}/"),
        "potentialAction": {
            "@type": "SearchAction",
            "target": { "@type": "EntryPoint", "urlTemplate": format!("{origin}/search?q={{search_term_string}}") },
            "query-input": "required name=search_term_string",
        },
    }));
    let mut page = Page::new(head, None);
    page.first = First::Prerendered("/");
    page.answer(answers::department_products(db, cache, HOLIDAY_DEPARTMENT, HOLIDAY_SHELF).await);
    page
}

/// A listing page asked past its last page (a link kept from when the listing was
/// longer, a crawler's guess) answers with its last page's address, filters and order
/// kept, rather than an error the app would draw over an empty first screen. `None`
/// when the page asked is not past the last (or the listing is refused for another
/// reason, which the app shows as it is).
async fn last_page<F, Fut>(path: &str, query: &str, answer: F) -> Option<String>
where
    F: FnOnce(String) -> Fut,
    Fut: std::future::Future<Output = Option<answers::FirstAnswer>>,
{
    let params = answers::params(query);
    let asked: u64 = params.iter().find(|(name, _)| name == "page")?.1.parse().ok()?;
    let rest: Vec<&(String, String)> = params.iter().filter(|(name, _)| name != "page").collect();
    let first_page =
        form_urlencoded::Serializer::new(String::new()).extend_pairs(rest.iter().copied()).finish();
    let pages = answer(first_page.clone()).await?.read::<Listing>()?.pages;
    if asked <= pages {
        return None;
    }
    let mut last = form_urlencoded::Serializer::new(first_page);
    if pages > 1 {
        last.append_pair("page", &pages.to_string());
    }
    let last = last.finish();
    Some(if last.is_empty() { path.to_string() } else { format!("{path}?{last}") })
}

async fn department(
    db: &Db,
    cache: &AnswerCache,
    origin: &str,
    id: i64,
    query: &str,
) -> Result<Page, String> {
    let mut page = Page::new(Head::titled(Some("Department")), Some("DepartmentPage"));
    let Some(answer) = page.answer(answers::department_products(db, cache, id, query).await) else {
        return Ok(page);
    };
    if answer.status == StatusCode::NOT_FOUND {
        let answered = page.answers.pop();
        let mut missing = Page::not_found("Department not found", "DepartmentPage");
        missing.answers.extend(answered);
        return Ok(missing);
    }
    if answer.status == StatusCode::BAD_REQUEST {
        let first = |query: String| async move { answers::department_products(db, cache, id, &query).await };
        if let Some(last) = last_page(&format!("/departments/{id}"), query, first).await {
            return Err(last);
        }
    }
    let Some(listing) = answer.read::<Listing>() else { return Ok(page) };
    let name = listing.name.unwrap_or_default();
    let address = format!("{origin}/departments/{id}");
    let head = &mut page.head;
    head.title = format!("{name} · Market");
    let brands: Vec<&str> = listing.facets.brands.iter().take(3).map(|b| b.name.as_str()).collect();
    head.description = match brands.as_slice() {
        [] => format!("{name} at Market: {} products, with free delivery on every order.", listing.total),
        [one] => format!(
            "{name} at Market: {} products from {one}, with free delivery on every order.",
            listing.total
        ),
        [first @ .., last] => format!(
            "{name} at Market: {} products from brands like {} and {last}, with free delivery on every order.",
            listing.total,
            first.join(", ")
        ),
    };
    head.canonical = Some(canonical_listing(&address, query));
    head.image = listing.url.map(|url| format!("{origin}{url}"));
    head.first_picture = listing.products.first().map(|card| card.preview_image.clone());
    head.structured_data.push(breadcrumbs(origin, &[(name.as_str(), &address)]));
    page.rendered = true;
    Ok(page)
}

/// A listing's own address: the plain department, or one of its pages; filters and
/// orders show the same products, so they point back at it.
fn canonical_listing(address: &str, query: &str) -> String {
    let params = answers::params(query);
    match params.as_slice() {
        [(name, page)] if name == "page" && page != "1" && page.parse::<u32>().is_ok() => {
            format!("{address}?page={page}")
        }
        _ => address.to_string(),
    }
}

/// The product's page, or the department it is in when the address names another.
async fn product(db: &Db, cache: &AnswerCache, origin: &str, department: i64, id: i64) -> Result<Page, i64> {
    let mut page = Page::new(Head::titled(Some("Product")), Some("ProductPage"));
    // Asked for together: on a busy store each may wait for the database.
    let (answer, reviews, rail) = futures_util::join!(
        answers::product(db, cache, id),
        answers::product_reviews(db, cache, id),
        answers::department_products(db, cache, department, RAIL),
    );
    let Some(answer) = page.answer(answer) else { return Ok(page) };
    if answer.status == StatusCode::NOT_FOUND {
        let answered = page.answers.pop();
        let mut missing = Page::not_found("Product not found", "ProductPage");
        missing.answers.extend(answered);
        // The page asks for both; neither is there.
        missing.answers.extend(reviews);
        return Ok(missing);
    }
    let Some(product) = answer.read::<Product>() else { return Ok(page) };
    let product = Box::new(product);
    if product.department_id != department {
        return Err(product.department_id);
    }
    page.answer(reviews);
    page.answer(rail);

    let department_address = format!("{origin}/departments/{department}");
    let address = format!("{department_address}/products/{id}");
    let mut pictures: Vec<String> = Vec::new();
    for picture in &product.images {
        let url = format!("{origin}{}", picture.url);
        if !pictures.contains(&url) {
            pictures.push(url);
        }
    }
    let head = &mut page.head;
    head.title = format!("{} · Market", product.name);
    head.description = summary(&product.description, 160);
    head.canonical = Some(address.clone());
    head.kind = "product";
    head.image = pictures.first().cloned();
    head.first_picture = product.images.first().map(|p| p.url.clone());
    let mut data = match product.variants.is_empty() {
        true => json!({
            "@context": "https://schema.org",
            "@type": "Product",
            "@id": address,
            "sku": product.id.to_string(),
            "name": product.name,
            "description": product.description,
            "image": pictures,
            "brand": { "@type": "Brand", "name": product.brand },
            "category": product.department.name,
            "offers": offer(&address, product.price, product.stock),
        }),
        false => product_group(&product, &address, origin, &pictures),
    };
    if product.num_reviews > 0 {
        data["aggregateRating"] = json!({
            "@type": "AggregateRating",
            "ratingValue": product.avg_rating,
            "reviewCount": product.num_reviews,
            "bestRating": 5,
            "worstRating": 1,
        });
    }
    head.structured_data.push(data);
    head.structured_data.push(breadcrumbs(
        origin,
        &[(product.department.name.as_str(), &department_address), (product.name.as_str(), &address)],
    ));
    page.rendered = true;
    Ok(page)
}

/// An offer of the store's at `price`, available as `stock` says.
fn offer(url: &str, price: f64, stock: i64) -> serde_json::Value {
    json!({
        "@type": "Offer",
        "url": url,
        "price": format!("{price:.2}"),
        "priceCurrency": "USD",
        "availability": match stock {
            0 => "https://schema.org/OutOfStock",
            n if n <= crate::domain::stock::LOW => "https://schema.org/LimitedAvailability",
            _ => "https://schema.org/InStock",
        },
        "itemCondition": "https://schema.org/NewCondition",
    })
}

/// A product with variants as Google documents it: a `ProductGroup` that `variesBy` its
/// options schema.org names (size, color; others are each variant's
/// `additionalProperty`), with a `Product` and its `Offer` for each variant, at the
/// address that opens it.
fn product_group(
    product: &answers::Product,
    address: &str,
    origin: &str,
    pictures: &[String],
) -> serde_json::Value {
    let property = |option: &str| match option.to_lowercase().as_str() {
        "size" | "waist" | "band" => Some("size"),
        "colour" | "color" => Some("color"),
        "material" => Some("material"),
        "pattern" => Some("pattern"),
        _ => None,
    };
    let varies_by: Vec<String> = product
        .options
        .iter()
        .filter_map(|o| property(&o.name))
        .map(|p| format!("https://schema.org/{p}"))
        .collect();
    let variants: Vec<serde_json::Value> = product
        .variants
        .iter()
        .map(|v| {
            let url = format!("{address}?variant={}", v.id);
            let values: Vec<&str> =
                product.options.iter().filter_map(|o| v.options.get(&o.name)).map(String::as_str).collect();
            let mut variant = json!({
                "@type": "Product",
                "sku": v.sku,
                "name": format!("{} ({})", product.name, values.join(", ")),
                "image": v.image.as_ref().map_or_else(|| pictures.to_vec(), |i| vec![format!("{origin}{i}")]),
                "offers": offer(&url, v.price, v.stock),
            });
            let mut extra = Vec::new();
            for o in &product.options {
                let Some(value) = v.options.get(&o.name) else { continue };
                match property(&o.name) {
                    Some(p) => variant[p] = json!(value),
                    None => extra.push(json!({ "@type": "PropertyValue", "name": o.name, "value": value })),
                }
            }
            if !extra.is_empty() {
                variant["additionalProperty"] = json!(extra);
            }
            variant
        })
        .collect();
    json!({
        "@context": "https://schema.org",
        "@type": "ProductGroup",
        "@id": address,
        "url": address,
        "productGroupID": product.id.to_string(),
        "name": product.name,
        "description": product.description,
        "image": pictures,
        "brand": { "@type": "Brand", "name": product.brand },
        "category": product.department.name,
        "variesBy": varies_by,
        "hasVariant": variants,
    })
}

async fn search(db: &Db, cache: &AnswerCache, origin: &str, query: &str) -> Result<Page, String> {
    let params = answers::params(query);
    // As the app reads the words (web/src/lib/listingQuery.ts, cleanWords).
    let sent = params.iter().find(|(name, _)| name == "q").map_or("", |(_, q)| q.as_str());
    let words: String = sent.trim().chars().take(100).collect::<String>().trim().to_string();
    let mut head = Head::titled(Some("Search"));
    head.canonical = Some(format!("{origin}/search"));
    let mut page = Page::new(head, Some("SearchPage"));
    if words.is_empty() {
        return Ok(page);
    }
    page.words = Some(words.clone());
    let answer = page.answer(answers::search(db, cache, query).await);
    let refused = answer.is_some_and(|a| a.status == StatusCode::BAD_REQUEST);
    let found = answer.and_then(|a| a.read::<Listing>());
    if refused {
        let first = |query: String| async move { answers::search(db, cache, &query).await };
        if let Some(last) = last_page("/search", query, first).await {
            return Err(last);
        }
    }
    let encoded: String = form_urlencoded::Serializer::new(String::new()).append_pair("q", &words).finish();
    let head = &mut page.head;
    head.title = format!("Search: {words} · Market");
    head.canonical = Some(format!("{origin}/search?{encoded}"));
    head.description = match &found {
        Some(listing) => format!(
            "{} products at Market match “{words}”, with free delivery on every order.",
            listing.total
        ),
        None => format!("Products at Market that match “{words}”."),
    };
    head.first_picture =
        found.as_ref().and_then(|listing| listing.products.first()).map(|card| card.preview_image.clone());
    page.rendered = found.is_some();
    Ok(page)
}

fn screen(origin: &str, screen: &'static Screen) -> Page {
    let mut head = Head::titled(Some(screen.title));
    match screen.description {
        Some(description) => {
            head.description = description.to_string();
            head.canonical = Some(format!("{origin}{}", screen.path));
        }
        None => head.indexable = false,
    }
    let mut page = Page::new(head, Some(screen.module));
    page.first = First::Prerendered(screen.path);
    page
}

/// schema.org's trail from the store's home to the page: `crumbs` are (name, address).
fn breadcrumbs(origin: &str, crumbs: &[(&str, &str)]) -> serde_json::Value {
    let home = format!("{origin}/");
    let trail = std::iter::once(("Market", home.as_str())).chain(crumbs.iter().copied());
    let items: Vec<_> = trail
        .enumerate()
        .map(
            |(i, (name, item))| json!({ "@type": "ListItem", "position": i + 1, "name": name, "item": item }),
        )
        .collect();
    json!({ "@context": "https://schema.org", "@type": "BreadcrumbList", "itemListElement": items })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::answer_cache::Answer;
    use crate::db::{Change, Topic};
    use crate::domain::{ProductId, Thing};
    use render::Script;

    /// Draws the first answer's `n`, after spinning for its `ms`.
    const SCRIPT: &str = "globalThis.renderPage = (url, answers) => {
        const body = Object.values(JSON.parse(answers))[0].body;
        const until = Date.now() + body.ms;
        while (Date.now() < until) {}
        return '<main>' + body.n + '</main>';
    };";

    /// A product page carrying product 1's answer, kept in `cache` as `json`.
    async fn product_page(cache: &AnswerCache, json: &str) -> Page {
        let value: serde_json::Value = serde_json::from_str(json).unwrap();
        let load = || async { Ok::<_, ApiError>(Some(value)) };
        let answer = Answer::Product(ProductId(1));
        let body = cache.json(answer.clone(), Thing::Product, load).await.unwrap();
        let mut page = Page::new(Head::titled(None), None);
        page.answers.push(FirstAnswer {
            url: "/api/products/1".into(),
            status: StatusCode::OK,
            body,
            kept: Some(answer),
        });
        page
    }

    #[actix_web::test]
    async fn a_page_made_again_goes_with_its_earlier_screen_while_a_slow_render_goes_on() {
        let (cache, pages) = (web::Data::new(AnswerCache::default()), web::Data::new(Pages::default()));
        let renderer = Renderer::start(Script::Embedded(SCRIPT));
        let req = actix_web::test::TestRequest::get().uri("/p").to_http_request();
        let drawn = async |page: &Page| {
            let made_of = MadeOf::of(&page.answers, cache.catalog_version());
            let (screen, fresh) =
                first_screen(&req, "/p", page, &made_of, &cache, Some(&pages), &renderer).await.unwrap();
            (screen.html.clone(), fresh)
        };

        // Never drawn: the page waits for its render, however long.
        let page = product_page(&cache, r#"{"n": 1, "ms": 30}"#).await;
        assert_eq!(drawn(&page).await, ("<main>1</main>".into(), true));
        assert_eq!(drawn(&page).await, ("<main>1</main>".into(), true), "kept: drawn once");

        // Its product changes and the next render is slow: the earlier screen goes, once
        // per render under way, and the new one is kept when it comes.
        cache.apply(&[Change { version: 1, topic: Topic::Product, key: 1 }]);
        let page = product_page(&cache, r#"{"n": 2, "ms": 150}"#).await;
        let began = std::time::Instant::now();
        assert_eq!(drawn(&page).await, ("<main>1</main>".into(), false));
        assert_eq!(
            drawn(&page).await,
            ("<main>1</main>".into(), false),
            "the render under way is not asked again"
        );
        assert!(began.elapsed() < Duration::from_millis(100), "no page waited for the render");
        for _ in 0..100 {
            if matches!(pages.screen("/p", &cache), Drawn::Fresh(_)) {
                break;
            }
            actix_web::rt::time::sleep(Duration::from_millis(50)).await;
        }
        assert_eq!(drawn(&page).await, ("<main>2</main>".into(), true));
    }
}
