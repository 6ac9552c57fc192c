//! What search engines read: `/robots.txt` and the sitemaps, from the database. A
//! sitemap holds at most 50,000 addresses (sitemaps.org), so a larger catalog gets a
//! sitemap index at `/sitemap.xml` naming one file of pages and departments and as many
//! files of products as it takes.

use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, web};

use crate::db::Db;
use crate::domain::catalog::Department;
use crate::domain::{Rejection, Thing};
use crate::error::ApiError;
use crate::storefront;

/// The most addresses one sitemap file may hold.
pub const SITEMAP_URLS: u64 = 50_000;

/// The marketing pages, beside `/`, that a crawler should know.
const PAGES: [&str; 4] = ["/", "/weeklyad", "/redcard", "/square"];

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/robots.txt", web::get().to(robots))
        .route("/sitemap.xml", web::get().to(sitemap))
        .route("/sitemaps/pages.xml", web::get().to(pages_sitemap))
        .route("/sitemaps/products-{n}.xml", web::get().to(products_sitemap));
}

/// `https://host` as the client reached the store, for the absolute addresses that
/// robots.txt and sitemaps need; escaped, since the host is the client's to choose.
fn origin(req: &HttpRequest) -> String {
    // Markup escaping is the same for XML as for the pages' HTML.
    storefront::escape(&storefront::origin(req))
}

fn text(body: String, content_type: &'static str) -> HttpResponse {
    HttpResponse::Ok()
        .insert_header((header::CONTENT_TYPE, HeaderValue::from_static(content_type)))
        .insert_header((header::CACHE_CONTROL, HeaderValue::from_static("no-cache")))
        .body(body)
}

fn xml(body: String) -> HttpResponse {
    text(format!("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n{body}"), "application/xml; charset=utf-8")
}

/// Shoppers' own pages and the API are no crawler's business.
async fn robots(req: HttpRequest) -> HttpResponse {
    let origin = origin(&req);
    text(
        format!(
            "User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /cart\nDisallow: /checkout\nDisallow: /account\n\
             Disallow: /orders/\nDisallow: /order-confirmation/\nDisallow: /favorites\n\
             Disallow: /products/\nDisallow: /reviews/\nDisallow: /admin\n\nSitemap: {origin}/sitemap.xml\n"
        ),
        "text/plain; charset=utf-8",
    )
}

/// The files of a catalog of `products`: `None` when one sitemap holds every address,
/// else the index's file names.
pub fn sitemap_files(departments: u64, products: u64) -> Option<Vec<String>> {
    if PAGES.len() as u64 + departments + products <= SITEMAP_URLS {
        return None;
    }
    let mut files = vec!["pages.xml".to_string()];
    files.extend((1..=products.div_ceil(SITEMAP_URLS)).map(|n| format!("products-{n}.xml")));
    Some(files)
}

fn urlset(urls: impl Iterator<Item = String>) -> String {
    let mut body = String::from("<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
    for url in urls {
        body.push_str("<url><loc>");
        body.push_str(&url);
        body.push_str("</loc></url>\n");
    }
    body.push_str("</urlset>\n");
    body
}

/// The marketing pages and the departments.
fn page_urls(origin: &str, departments: &[Department]) -> Vec<String> {
    let mut urls: Vec<String> = PAGES.iter().map(|p| format!("{origin}{p}")).collect();
    urls.extend(departments.iter().map(|d| format!("{origin}/departments/{}", d.id)));
    urls
}

async fn product_urls(origin: &str, db: &Db, offset: u64, limit: u64) -> Result<Vec<String>, ApiError> {
    let products = db.list_product_addresses(offset, limit).await?;
    Ok(products.into_iter().map(|(d, p)| format!("{origin}/departments/{d}/products/{p}")).collect())
}

async fn sitemap(req: HttpRequest, db: web::Data<Db>) -> Result<HttpResponse, ApiError> {
    let origin = origin(&req);
    let departments = db.list_departments().await?;
    let products = db.count_products().await?;
    Ok(match sitemap_files(departments.len() as u64, products) {
        None => {
            let mut urls = page_urls(&origin, &departments);
            urls.extend(product_urls(&origin, &db, 0, SITEMAP_URLS).await?);
            xml(urlset(urls.into_iter()))
        }
        Some(files) => {
            let mut body =
                String::from("<sitemapindex xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n");
            for file in files {
                body.push_str(&format!("<sitemap><loc>{origin}/sitemaps/{file}</loc></sitemap>\n"));
            }
            body.push_str("</sitemapindex>\n");
            xml(body)
        }
    })
}

async fn pages_sitemap(req: HttpRequest, db: web::Data<Db>) -> Result<HttpResponse, ApiError> {
    let departments = db.list_departments().await?;
    Ok(xml(urlset(page_urls(&origin(&req), &departments).into_iter())))
}

/// Products `(n - 1) × 50,000 + 1` onwards, in id order; a file past the last is 404.
async fn products_sitemap(
    req: HttpRequest,
    db: web::Data<Db>,
    n: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    let n = n.parse::<u64>().ok().filter(|n| *n >= 1 && *n <= u64::MAX / SITEMAP_URLS);
    let n = n.ok_or(Rejection::NotFound(Thing::Product))?;
    let urls = product_urls(&origin(&req), &db, (n - 1) * SITEMAP_URLS, SITEMAP_URLS).await?;
    if urls.is_empty() {
        return Err(Rejection::NotFound(Thing::Product).into());
    }
    Ok(xml(urlset(urls.into_iter())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_sitemap_until_it_would_pass_fifty_thousand_addresses() {
        assert_eq!(sitemap_files(13, 156), None);
        assert_eq!(sitemap_files(13, SITEMAP_URLS - 17), None);
        assert_eq!(
            sitemap_files(13, SITEMAP_URLS - 16),
            Some(vec!["pages.xml".to_string(), "products-1.xml".to_string()])
        );
        let files = sitemap_files(13, 1_000_000).unwrap();
        assert_eq!(files.len(), 21);
        assert_eq!(files.last().unwrap(), "products-20.xml");
    }

    #[test]
    fn the_clients_host_cannot_break_out_of_the_markup() {
        assert_eq!(crate::storefront::escape("http://a<b>&\"'"), "http://a&lt;b&gt;&amp;&quot;&#39;");
    }
}
