//! The web app and pictures baked into the binary, and the rules for serving them.
//!
//! Fallback rules (a costly place to get wrong): `/api/...` is never the SPA (the API
//! scope answers its own JSON 404); a path whose last segment has a dot is a file and
//! gets a 404 when missing; every other GET answers `index.html` as `storefront` fills
//! it in for the address, so a reload on `/departments/5/products/51` lands in the app,
//! whose router shows the right screen (with a 404 status when the address names nothing).

use std::borrow::Cow;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::LazyLock;

use actix_web::http::header::{self, ContentEncoding, HeaderValue};
use actix_web::http::{Method, StatusCode};
use actix_web::{HttpRequest, HttpResponse, web};
use rust_embed::{EmbeddedFile, RustEmbed};

use actix_session::SessionMiddleware;

use crate::api::answer_cache::AnswerCache;
use crate::auth::CurrentUser;
use crate::auth::session::SessionStore;
use crate::config::Demo;
use crate::db::Db;
use crate::encoding::{self, Coding};
use crate::error::json_error;
use crate::payments::Payments;
use crate::storefront::checkout;
use crate::storefront::render::{Renderer, Script};
use crate::storefront::{self, Modules, Pages, Prerendered, Styles};

/// esbuild's output (`build.rs`): `index.html` and hashed files under `static/`, each
/// text file with its `.br` and `.gz` copies made at build time (web/build.mjs).
#[derive(RustEmbed)]
#[folder = "$OUT_DIR/web"]
struct Bundle;

/// Pictures and icons, served under `/assets/`.
#[derive(RustEmbed)]
#[folder = "assets/"]
struct Assets;

const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// Catalog pictures keep their names across releases, so they are revalidated daily.
const ASSET_CACHE: &str = "public, max-age=86400";

/// The embedded files, worked out once: a request costs a map lookup, not a hash
/// formatted, a type guessed and a name built.
static EMBEDDED_BUNDLE: LazyLock<HashMap<String, File>> = LazyLock::new(File::all::<Bundle>);
static EMBEDDED_ASSETS: LazyLock<HashMap<String, File>> = LazyLock::new(File::all::<Assets>);
static EMBEDDED_MODULES: LazyLock<Modules> = LazyLock::new(|| read_json(Bundle::get(MODULES)));
static EMBEDDED_PRERENDERED: LazyLock<Prerendered> = LazyLock::new(|| read_json(Bundle::get(PRERENDERED)));
static EMBEDDED_STYLES: LazyLock<Styles> = LazyLock::new(|| read_json(Bundle::get(STYLES)));

/// The app's script modules by page, written by web/build.mjs beside index.html.
const MODULES: &str = "modules.json";
/// Each page's own CSS, written by web/build.mjs beside index.html.
const STYLES: &str = "styles.json";
/// The first screens' markup (web/src/prerender.tsx).
const PRERENDERED: &str = "prerendered.json";
/// The app's render of a catalog page, for the server (web/src/server.tsx).
const SERVER_SCRIPT: &str = "server.js";

fn read_json<T: serde::de::DeserializeOwned + Default>(file: Option<EmbeddedFile>) -> T {
    file.and_then(|f| serde_json::from_slice(&f.data).ok()).unwrap_or_default()
}

/// Where the app's bundle comes from: the embedded copy, or (for `make dev`) a folder
/// that esbuild keeps rebuilding, read afresh on every request.
#[derive(Clone, Default)]
pub struct BundleSource(Option<PathBuf>);

impl BundleSource {
    pub fn dir(dir: Option<PathBuf>) -> Self {
        BundleSource(dir)
    }

    fn get(&self, name: &str) -> Option<Cow<'static, File>> {
        match &self.0 {
            None => EMBEDDED_BUNDLE.get(name).map(Cow::Borrowed),
            Some(dir) if !name.split('/').any(|s| s == ".." || s.is_empty()) => {
                let read = |name: &str| rust_embed::utils::read_file_from_fs(&dir.join(name)).ok();
                File::new(name, read).map(Cow::Owned)
            }
            Some(_) => None,
        }
    }

    /// `index.html` as the template every page is made from.
    fn template(&self) -> Option<Cow<'static, str>> {
        match self.get("index.html")? {
            // Borrowed for good, not copied on every page asked for.
            Cow::Borrowed(file) => std::str::from_utf8(&file.plain.body).ok().map(Cow::Borrowed),
            Cow::Owned(file) => String::from_utf8(file.plain.body.to_vec()).ok().map(Cow::Owned),
        }
    }

    fn modules(&self) -> Cow<'static, Modules> {
        self.json(&EMBEDDED_MODULES, MODULES)
    }

    fn prerendered(&self) -> Cow<'static, Prerendered> {
        self.json(&EMBEDDED_PRERENDERED, PRERENDERED)
    }

    fn styles(&self) -> Cow<'static, Styles> {
        self.json(&EMBEDDED_STYLES, STYLES)
    }

    /// The renderer of catalog pages' first screens, running the app's server entry
    /// (web/src/server.tsx) from this source.
    pub fn renderer(&self) -> Renderer {
        Renderer::start(match &self.0 {
            None => Script::Embedded(
                EMBEDDED_BUNDLE
                    .get(SERVER_SCRIPT)
                    .and_then(|f| std::str::from_utf8(&f.plain.body).ok())
                    .unwrap_or(""),
            ),
            Some(dir) => Script::File(dir.join(SERVER_SCRIPT)),
        })
    }

    /// A JSON file web/build.mjs writes beside index.html: the embedded copy, read once.
    fn json<T: serde::de::DeserializeOwned + Default + Clone>(
        &self,
        embedded: &'static T,
        name: &str,
    ) -> Cow<'static, T> {
        match &self.0 {
            None => Cow::Borrowed(embedded),
            Some(dir) => Cow::Owned(read_json(rust_embed::utils::read_file_from_fs(&dir.join(name)).ok())),
        }
    }
}

/// A file and its compressed copies, as they are sent.
#[derive(Clone)]
struct File {
    plain: Representation,
    brotli: Option<Representation>,
    gzip: Option<Representation>,
    content_type: HeaderValue,
    /// Text; pictures (webp, ico) are compressed already and gain nothing from gzip.
    compressible: bool,
}

#[derive(Clone)]
struct Representation {
    body: web::Bytes,
    etag: HeaderValue,
}

impl File {
    /// Every file of an embedded folder but the compressed copies, which go with theirs.
    fn all<E: RustEmbed>() -> HashMap<String, File> {
        let names = E::iter().filter(|name| !Coding::ALL.iter().any(|c| name.ends_with(c.file_suffix())));
        names.filter_map(|name| Some((name.to_string(), File::new(&name, E::get)?))).collect()
    }

    /// `name` and its copies, with `read` fetching a file by name.
    fn new(name: &str, read: impl Fn(&str) -> Option<EmbeddedFile>) -> Option<File> {
        let mime = mime_guess::from_path(name).first_or_octet_stream();
        let copy = |coding: Coding| read(&format!("{name}{}", coding.file_suffix())).map(Representation::new);
        Some(File {
            plain: Representation::new(read(name)?),
            brotli: copy(Coding::Brotli),
            gzip: copy(Coding::Gzip),
            content_type: HeaderValue::try_from(mime_with_charset(&mime))
                .expect("a MIME type is a header value"),
            compressible: is_compressible(&mime),
        })
    }

    fn copy(&self, coding: Coding) -> Option<&Representation> {
        match coding {
            Coding::Brotli => self.brotli.as_ref(),
            Coding::Gzip => self.gzip.as_ref(),
        }
    }
}

impl Representation {
    fn new(file: EmbeddedFile) -> Self {
        // A strong validator for free: rust-embed hashes every file at build time, and
        // each compressed copy has its own hash, as a different representation must.
        let etag = format!("\"{}\"", hex16(&file.metadata.sha256_hash()));
        Representation {
            body: match file.data {
                Cow::Borrowed(bytes) => web::Bytes::from_static(bytes),
                Cow::Owned(bytes) => web::Bytes::from(bytes),
            },
            etag: HeaderValue::try_from(etag).expect("hex is a header value"),
        }
    }
}

/// `sessions` reads who is signed in where a page is theirs alone: the checkout.
pub fn configure(
    cfg: &mut web::ServiceConfig,
    source: BundleSource,
    sessions: SessionMiddleware<SessionStore>,
) {
    // Worked out before the first request rather than during it.
    LazyLock::force(&EMBEDDED_ASSETS);
    if source.0.is_none() {
        LazyLock::force(&EMBEDDED_BUNDLE);
        LazyLock::force(&EMBEDDED_MODULES);
    }
    cfg.app_data(web::Data::new(source))
        .route("/static/{path:.*}", web::get().to(bundle_file))
        .route("/assets/{path:.*}", web::get().to(asset_file))
        .route("/favicon.ico", web::get().to(favicon))
        .route("/pictures/{file}", web::get().to(picture_file))
        .service(web::resource(checkout::CHECKOUT).wrap(sessions).route(web::get().to(page)))
        .default_service(web::to(page));
}

async fn bundle_file(
    req: HttpRequest,
    source: web::Data<BundleSource>,
    path: web::Path<String>,
) -> HttpResponse {
    match source.get(&format!("static/{path}")) {
        Some(file) => file_response(&req, &file, IMMUTABLE),
        None => missing(&req),
    }
}

async fn asset_file(req: HttpRequest, path: web::Path<String>) -> HttpResponse {
    match EMBEDDED_ASSETS.get(path.as_str()) {
        Some(file) => file_response(&req, file, ASSET_CACHE),
        None => missing(&req),
    }
}

/// A picture staff uploaded (`/pictures/{id}.webp`), from the database every server
/// shares. Its address never names other bytes, so it is kept for a year.
async fn picture_file(req: HttpRequest, db: web::Data<Db>, file: web::Path<String>) -> HttpResponse {
    let Some(id) = file.strip_suffix(".webp").and_then(|id| id.parse::<i64>().ok()) else {
        return missing(&req);
    };
    match db.picture_file(id).await {
        Ok(Some(bytes)) => HttpResponse::Ok()
            .content_type("image/webp")
            .insert_header((header::CACHE_CONTROL, IMMUTABLE))
            .body(bytes),
        Ok(None) => missing(&req),
        Err(e) => actix_web::ResponseError::error_response(&crate::error::ApiError::from(e)),
    }
}

async fn favicon(req: HttpRequest) -> HttpResponse {
    match EMBEDDED_ASSETS.get("favicon.ico") {
        Some(file) => file_response(&req, file, ASSET_CACHE),
        None => missing(&req),
    }
}

/// The page for `req`: its shopper's own when `shopper` names one and there is
/// something of theirs to draw (`/checkout`, the one route whose session is read:
/// elsewhere no session middleware runs and `shopper` is `None`), else the page anyone
/// gets.
async fn page(
    req: HttpRequest,
    source: web::Data<BundleSource>,
    db: web::Data<Db>,
    cache: web::Data<AnswerCache>,
    pages: web::Data<Pages>,
    renderer: web::Data<Renderer>,
    shopper: Option<CurrentUser>,
) -> HttpResponse {
    let path = req.path();
    let is_read = req.method() == Method::GET || req.method() == Method::HEAD;
    let last_segment = path.rsplit('/').next().unwrap_or_default();
    if !is_read || path == "/api" || path.starts_with("/api/") || last_segment.contains('.') {
        return missing(&req);
    }
    let Some(template) = source.template() else { return missing(&req) };
    let pages = source.0.is_none().then_some(&pages);
    let (modules, styles, prerendered) = (source.modules(), source.styles(), source.prerendered());
    let parts = storefront::Parts {
        template: &template,
        modules: &modules,
        styles: &styles,
        prerendered: &prerendered,
        renderer: &renderer,
    };
    let demo = req.app_data::<web::Data<Demo>>();
    let payments = req.app_data::<web::Data<Payments>>();
    if let (Some(shopper), Some(demo), Some(payments)) = (shopper, demo, payments) {
        let own = checkout::Shopper { id: shopper.id, demo, payments };
        if let Some(page) = checkout::respond(&req, &db, &cache, &parts, own).await {
            return page;
        }
    }
    storefront::respond(&req, &db, &cache, pages, parts).await
}

fn missing(req: &HttpRequest) -> HttpResponse {
    json_error(StatusCode::NOT_FOUND, &format!("Nothing is at {}", req.path()), &[])
}

/// The best representation of `file` the client accepts (a compressed copy is sent
/// as it is; without one, as in `make dev`, the Compress middleware compresses), or a
/// 304 when the client holds it already.
fn file_response(req: &HttpRequest, file: &File, cache: &'static str) -> HttpResponse {
    let coding = encoding::negotiate(req).filter(|coding| file.copy(*coding).is_some());
    let sent = coding.and_then(|coding| file.copy(coding)).unwrap_or(&file.plain);
    let fresh = req
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == sent.etag || t.trim() == "*"));
    let mut res = if fresh { HttpResponse::NotModified() } else { HttpResponse::Ok() };
    res.insert_header((header::ETAG, sent.etag.clone())).insert_header((header::CACHE_CONTROL, cache));
    if file.brotli.is_some() || file.gzip.is_some() {
        res.insert_header((header::VARY, "accept-encoding"));
    }
    if let Some(coding) = coding {
        res.insert_header(coding.content_encoding());
    } else if !file.compressible {
        res.insert_header(ContentEncoding::Identity);
    }
    if fresh {
        return res.finish();
    }
    res.insert_header((header::CONTENT_TYPE, file.content_type.clone())).body(sent.body.clone())
}

fn is_compressible(mime: &mime_guess::Mime) -> bool {
    mime.type_() == mime_guess::mime::TEXT
        || matches!(mime.subtype().as_str(), "javascript" | "json" | "svg" | "xml")
}

fn mime_with_charset(mime: &mime_guess::Mime) -> String {
    if is_compressible(mime) && mime.get_param("charset").is_none() {
        format!("{mime}; charset=utf-8")
    } else {
        mime.to_string()
    }
}

fn hex16(hash: &[u8; 32]) -> String {
    hash[..16].iter().map(|b| format!("{b:02x}")).collect()
}
