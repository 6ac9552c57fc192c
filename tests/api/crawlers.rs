//! What a search engine reads: robots.txt points at the sitemap, and the sitemap lists
//! every catalog page as the crawler reached the store.

use crate::helpers::spawn_app;

#[actix_web::test]
async fn robots_txt_names_the_sitemap_and_keeps_crawlers_off_shoppers_pages() {
    let app = spawn_app().await;
    let res = app.get("/robots.txt").await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "text/plain; charset=utf-8");
    let robots = res.text().await.unwrap();
    let host = app.address.trim_start_matches("http://");
    assert!(robots.contains(&format!("Sitemap: http://{host}/sitemap.xml")), "{robots}");
    for private in ["/api/", "/cart", "/checkout", "/account", "/favorites", "/admin"] {
        assert!(robots.contains(&format!("Disallow: {private}\n")), "{private}: {robots}");
    }
}

#[actix_web::test]
async fn the_sitemap_lists_every_page_department_and_product_once() {
    let app = spawn_app().await;
    let res = app.get("/sitemap.xml").await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "application/xml; charset=utf-8");
    let xml = res.text().await.unwrap();
    assert!(xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset"), "{xml}");
    let urls: Vec<&str> = xml.split("<loc>").skip(1).map(|s| s.split("</loc>").next().unwrap()).collect();
    let origin = &app.address;
    assert_eq!(urls.len(), 4 + 13 + 156, "pages, departments, products");
    for page in ["/", "/weeklyad", "/redcard", "/square", "/departments/5", "/departments/5/products/51"] {
        assert!(urls.contains(&format!("{origin}{page}").as_str()), "{page}");
    }
    let mut unique = urls.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), urls.len(), "no address twice");
    // Each product under its own department, as the product page's address is.
    assert!(urls.contains(&format!("{origin}/departments/13/products/156").as_str()));
    assert_eq!(app.get("/sitemaps/products-1.xml").await.status(), 200);
    assert_eq!(app.get("/sitemaps/products-2.xml").await.status(), 404, "past the last file");
    assert_eq!(app.get("/sitemaps/products-0.xml").await.status(), 404);
}
