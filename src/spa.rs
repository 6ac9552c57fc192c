//! The web app and pictures baked into the binary, and the rules for serving them.
//!
//! Fallback rules (a costly place to get wrong): `/api/...` is never the SPA (the API
//! scope answers its own JSON 404); a path whose last segment has a dot is a file and
//! gets a 404 when missing; every other GET answers `index.html`, so a reload on
//! `/departments/5/products/51` lands in the app, whose router shows the right screen.

use std::borrow::Cow;
use std::path::PathBuf;

use actix_web::http::header::{self, ContentEncoding};
use actix_web::http::{Method, StatusCode};
use actix_web::{HttpRequest, HttpResponse, web};
use rust_embed::{EmbeddedFile, RustEmbed};

use crate::error::json_error;

/// esbuild's output (`build.rs`): `index.html` and hashed files under `static/`.
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

/// Where the app's bundle comes from: the embedded copy, or (for `make dev`) a folder
/// that esbuild keeps rebuilding, read afresh on every request.
#[derive(Clone, Default)]
pub struct BundleSource(Option<PathBuf>);

impl BundleSource {
    pub fn dir(dir: Option<PathBuf>) -> Self {
        BundleSource(dir)
    }

    fn get(&self, name: &str) -> Option<EmbeddedFile> {
        match &self.0 {
            None => Bundle::get(name),
            Some(dir) if !name.split('/').any(|s| s == ".." || s.is_empty()) => {
                rust_embed::utils::read_file_from_fs(&dir.join(name)).ok()
            }
            Some(_) => None,
        }
    }
}

pub fn configure(cfg: &mut web::ServiceConfig, source: BundleSource) {
    cfg.app_data(web::Data::new(source))
        .route("/static/{path:.*}", web::get().to(bundle_file))
        .route("/assets/{path:.*}", web::get().to(asset_file))
        .route("/favicon.ico", web::get().to(favicon))
        .default_service(web::to(fallback));
}

async fn bundle_file(
    req: HttpRequest,
    source: web::Data<BundleSource>,
    path: web::Path<String>,
) -> HttpResponse {
    bundle_response(&req, &source, &format!("static/{path}"), IMMUTABLE)
}

async fn asset_file(req: HttpRequest, path: web::Path<String>) -> HttpResponse {
    match Assets::get(&path) {
        Some(file) => file_response(&req, &path, file, ASSET_CACHE, None),
        None => missing(&req),
    }
}

async fn favicon(req: HttpRequest) -> HttpResponse {
    match Assets::get("favicon.ico") {
        Some(file) => file_response(&req, "favicon.ico", file, ASSET_CACHE, None),
        None => missing(&req),
    }
}

async fn fallback(req: HttpRequest, source: web::Data<BundleSource>) -> HttpResponse {
    let path = req.path();
    let is_read = req.method() == Method::GET || req.method() == Method::HEAD;
    let last_segment = path.rsplit('/').next().unwrap_or_default();
    if !is_read || path == "/api" || path.starts_with("/api/") || last_segment.contains('.') {
        return missing(&req);
    }
    bundle_response(&req, &source, "index.html", "no-cache")
}

/// The bundle's text files come with `.br` and `.gz` copies made at build time
/// (web/build.mjs): the best one the client accepts is sent as it is, so no request
/// pays for compressing. Without a copy (`make dev`), the Compress middleware does it.
fn bundle_response(req: &HttpRequest, source: &BundleSource, name: &str, cache: &str) -> HttpResponse {
    for (suffix, coding, encoding) in PRECOMPRESSED {
        if accepts(req, coding)
            && let Some(file) = source.get(&format!("{name}{suffix}"))
        {
            return file_response(req, name, file, cache, Some(encoding));
        }
    }
    match source.get(name) {
        Some(file) => file_response(req, name, file, cache, None),
        None => missing(req),
    }
}

const PRECOMPRESSED: [(&str, &str, ContentEncoding); 2] =
    [(".br", "br", ContentEncoding::Brotli), (".gz", "gzip", ContentEncoding::Gzip)];

/// Whether `Accept-Encoding` names `coding` without refusing it (`;q=0`).
fn accepts(req: &HttpRequest, coding: &str) -> bool {
    let items = req.headers().get_all(header::ACCEPT_ENCODING).filter_map(|v| v.to_str().ok());
    items.flat_map(|v| v.split(',')).any(|item| {
        let mut parts = item.split(';');
        let named = parts.next().is_some_and(|name| name.trim().eq_ignore_ascii_case(coding));
        let refused = parts.any(|p| p.trim().strip_prefix("q=").is_some_and(|q| q.trim().parse() == Ok(0.0)));
        named && !refused
    })
}

fn missing(req: &HttpRequest) -> HttpResponse {
    json_error(StatusCode::NOT_FOUND, &format!("Nothing is at {}", req.path()), &[])
}

/// `file` holds `name`'s bytes, or (with `encoding`) a compressed copy of them.
fn file_response(
    req: &HttpRequest,
    name: &str,
    file: EmbeddedFile,
    cache: &str,
    encoding: Option<ContentEncoding>,
) -> HttpResponse {
    // A strong validator for free: rust-embed hashes every file at build time, and
    // each compressed copy has its own hash, as a different representation must.
    let etag = format!("\"{}\"", hex16(&file.metadata.sha256_hash()));
    let fresh = req
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag || t.trim() == "*"));
    let mut res = if fresh { HttpResponse::NotModified() } else { HttpResponse::Ok() };
    res.insert_header((header::ETAG, etag)).insert_header((header::CACHE_CONTROL, cache));
    let mime = mime_guess::from_path(name).first_or_octet_stream();
    if let Some(encoding) = encoding {
        res.insert_header(encoding).insert_header((header::VARY, "accept-encoding"));
    } else if !is_compressible(&mime) {
        // Already-compressed formats (webp, ico) gain nothing from gzip.
        res.insert_header(ContentEncoding::Identity);
    }
    if fresh {
        return res.finish();
    }
    res.content_type(mime_with_charset(&mime)).body(match file.data {
        Cow::Borrowed(bytes) => web::Bytes::from_static(bytes),
        Cow::Owned(bytes) => web::Bytes::from(bytes),
    })
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
