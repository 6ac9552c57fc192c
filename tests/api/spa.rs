use crate::helpers::{assert_error_shape, json_body, spawn_app};

/// The script and stylesheets index.html points at.
fn bundle_urls(html: &str) -> Vec<String> {
    html.split('"').filter(|s| s.starts_with("/static/")).map(str::to_owned).collect()
}

/// The app's script: the entry is a few lines that start it once the first screen has
/// painted (web/src/main.tsx), from the list index.html carries (`/static/chunks/start-*.js`).
fn app_script(html: &str) -> String {
    let (_, after) = html.split_once("\"/static/chunks/start-").expect("the app's script");
    format!("/static/chunks/start-{}", after.split('"').next().unwrap())
}

#[actix_web::test]
async fn every_app_route_answers_index_html_so_reloads_work() {
    let app = spawn_app().await;
    for (path, status) in
        [("/", 200), ("/departments/5/products/51", 200), ("/account/orders", 200), ("/no/such/screen", 404)]
    {
        let res = app.get(path).await;
        assert_eq!(res.status(), status, "{path}");
        assert_eq!(res.headers()["content-type"], "text/html; charset=utf-8");
        assert_eq!(res.headers()["cache-control"], "no-cache");
        let html = res.text().await.unwrap();
        assert!(html.contains("<div id=\"root\">"), "{path} is the app shell");
    }
}

#[actix_web::test]
async fn index_html_references_a_bundle_that_is_served_and_cached_for_good() {
    let app = spawn_app().await;
    let html = app.get("/").await.text().await.unwrap();
    let urls = bundle_urls(&html);
    let script = app_script(&html);
    // The page's own CSS comes in the page itself: the first paint waits for no
    // stylesheet. The app's whole stylesheet is only named (a <meta> the entry reads once
    // the page has painted), as is the back office's (for staff to load).
    assert!(html.contains("<style>:root{"), "the page's CSS is in the page");
    assert!(urls.iter().any(|url| url.starts_with("/static/app-") && url.ends_with(".css")), "{urls:?}");
    let (_, named) = html
        .split_once("<meta name=\"market-admin-css\" content=\"")
        .expect("the back office's CSS is named");
    let back_office = named.split('"').next().unwrap();
    assert!(back_office.starts_with("/static/admin-") && back_office.ends_with(".css"), "{back_office}");
    assert!(!html.contains("rel=\"stylesheet\""), "and no stylesheet is asked for");
    for url in &urls {
        let res = app.get(url).await;
        assert_eq!(res.status(), 200, "{url}");
        assert_eq!(res.headers()["cache-control"], "public, max-age=31536000, immutable");
        let expected = if url.ends_with(".js") { "text/javascript" } else { "text/css" };
        let content_type = res.headers()["content-type"].to_str().unwrap().to_owned();
        assert!(content_type.starts_with(expected), "{url}: {content_type}");
    }
    let js = app.get(&script).await.text().await.unwrap();
    assert!(js.len() > 1000 && !js.contains("process.env.NODE_ENV"), "a production bundle");
}

#[actix_web::test]
async fn text_is_compressed_for_clients_that_accept_it_and_pictures_are_not() {
    let app = spawn_app().await;
    let html = app.get("/").await.text().await.unwrap();
    let script = app_script(&html);
    for (encoding, expected) in [("br", "br"), ("gzip", "gzip")] {
        let res = app.client.get(app.url(&script)).header("accept-encoding", encoding).send().await.unwrap();
        assert_eq!(res.headers()["content-encoding"], expected);
    }
    let json =
        app.client.get(app.url("/api/departments")).header("accept-encoding", "gzip").send().await.unwrap();
    assert_eq!(json.headers()["content-encoding"], "gzip");
    let picture = app.client.get(app.url("/assets/logo.svg")).send().await.unwrap();
    assert_eq!(picture.status(), 200);
    let departments = app.get_json("/api/departments", 200).await;
    let webp = departments["Departments"][0]["url"].as_str().unwrap().to_owned();
    let res = app.client.get(app.url(&webp)).header("accept-encoding", "gzip, br").send().await.unwrap();
    assert_ne!(res.headers().get("content-encoding").map(|v| v.to_str().unwrap()), Some("gzip"));
}

#[actix_web::test]
async fn static_files_revalidate_with_their_etag() {
    let app = spawn_app().await;
    let first = app.get("/assets/logo.svg").await;
    let etag = first.headers()["etag"].to_str().unwrap().to_owned();
    let again =
        app.client.get(app.url("/assets/logo.svg")).header("if-none-match", &etag).send().await.unwrap();
    assert_eq!(again.status(), 304);
    let html = app.get("/").await;
    let etag = html.headers()["etag"].to_str().unwrap().to_owned();
    let again = app.client.get(app.url("/")).header("if-none-match", &etag).send().await.unwrap();
    assert_eq!(again.status(), 304);
}

#[actix_web::test]
async fn missing_files_are_404_not_the_app() {
    let app = spawn_app().await;
    for path in ["/static/main-NOPE.js", "/assets/nope.webp", "/humans.txt", "/departments/5/x.png"] {
        let res = app.get(path).await;
        assert_eq!(res.status(), 404, "{path}");
        assert_error_shape(&json_body(res).await);
    }
}

#[actix_web::test]
async fn the_favicon_is_the_logo() {
    let app = spawn_app().await;
    let res = app.get("/favicon.ico").await;
    assert_eq!(res.status(), 200);
    assert_eq!(res.headers()["content-type"], "image/x-icon");
    let html = app.get("/").await.text().await.unwrap();
    assert!(html.contains(r#"<link rel="icon" href="/favicon.ico""#));
}

#[actix_web::test]
async fn the_bundle_is_sent_as_compressed_at_build_time_each_copy_with_its_own_etag() {
    let app = spawn_app().await;
    let script = app_script(&app.get("/").await.text().await.unwrap());
    let get =
        |accept: &'static str| app.client.get(app.url(&script)).header("accept-encoding", accept).send();

    let plain = get("identity").await.unwrap();
    assert!(plain.headers().get("content-encoding").is_none());
    let plain_etag = plain.headers()["etag"].to_str().unwrap().to_owned();

    let gzip = get("br;q=0, gzip").await.unwrap();
    assert_eq!(gzip.headers()["content-encoding"], "gzip", "br refused, gzip taken");
    assert_eq!(gzip.headers()["vary"], "accept-encoding");
    let gzip_etag = gzip.headers()["etag"].to_str().unwrap().to_owned();
    assert_ne!(gzip_etag, plain_etag, "another representation, another strong validator");
    let body = gzip.bytes().await.unwrap();
    assert_eq!(&body[..2], [0x1f, 0x8b], "gzip bytes, sent as they were made");
    assert!(body.len() * 2 < plain.bytes().await.unwrap().len(), "well compressed");

    let again = app
        .client
        .get(app.url(&script))
        .header("accept-encoding", "gzip")
        .header("if-none-match", &gzip_etag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 304);
}

/// The CSS a page carries in its `<style>`.
fn inline_css(html: &str) -> &str {
    let (_, after) = html.split_once("<style>").expect("a <style>");
    after.split_once("</style>").expect("its end").0
}

#[actix_web::test]
async fn a_page_carries_its_own_screens_css_and_fits_in_the_first_round_trip() {
    let app = spawn_app().await;
    let landing = app.get("/").await.text().await.unwrap();
    let named =
        landing.split_once("<meta name=\"market-app-css\" content=\"").expect("the app's CSS is named").1;
    let whole = app.get(named.split('"').next().unwrap()).await.text().await.unwrap();
    let product = app.get("/departments/5/products/51").await.text().await.unwrap();
    let (landing_css, product_css) = (inline_css(&landing), inline_css(&product));
    assert!(
        landing_css.len() < product_css.len(),
        "the product page carries its screen's CSS besides the frame's"
    );
    assert!(
        product_css.len() < whole.len() / 2,
        "and not every other screen's: {} of {} bytes",
        product_css.len(),
        whole.len()
    );
    // A first visit's page comes whole in the first round trip (TCP's first 10 segments,
    // about 14 kB), so the first paint waits for no second one.
    for path in ["/", "/departments/5", "/departments/5/products/51", "/search?q=lamp"] {
        let res = app.client.get(app.url(path)).header("accept-encoding", "br").send().await.unwrap();
        assert_eq!(res.headers()["content-encoding"], "br", "{path}");
        let sent = res.bytes().await.unwrap().len();
        assert!(sent <= 13_500, "{path} sends {sent} bytes");
    }
}
