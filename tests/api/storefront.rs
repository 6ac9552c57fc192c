//! The pages as a crawler, a link preview or a first visit gets them: each address's own
//! head and structured data, the API answers the app first needs carried in the page
//! (the same JSON the API answers), 404 for what names nothing, and no inline script.

use serde_json::{Value, json};

use crate::helpers::{TestApp, browser, spawn_app};

struct Page {
    status: u16,
    html: String,
}

async fn page(app: &TestApp, path: &str) -> Page {
    let res = app.get(path).await;
    let status = res.status().as_u16();
    assert_eq!(res.headers()["content-type"], "text/html; charset=utf-8", "{path}");
    Page { status, html: res.text().await.unwrap() }
}

impl Page {
    /// The text between `start` and the next `end`, or `None`.
    fn between(&self, start: &str, end: &str) -> Option<&str> {
        let (_, after) = self.html.split_once(start)?;
        Some(after.split_once(end)?.0)
    }

    fn title(&self) -> &str {
        self.between("<title>", "</title>").expect("a title")
    }

    /// The content of `<meta {attribute}="{name}" content="...">`.
    fn meta(&self, attribute: &str, name: &str) -> Option<&str> {
        self.between(&format!("<meta {attribute}=\"{name}\" content=\""), "\"")
    }

    fn canonical(&self) -> Option<&str> {
        self.between("<link rel=\"canonical\" href=\"", "\"")
    }

    fn structured_data(&self) -> Vec<Value> {
        self.html
            .split("<script type=\"application/ld+json\">")
            .skip(1)
            .map(|s| serde_json::from_str(s.split_once("</script>").unwrap().0).expect("JSON-LD is JSON"))
            .collect()
    }

    /// The answers the page carries, by address.
    fn answers(&self) -> Value {
        let block = self.between("<script type=\"application/json\" id=\"first-answers\">", "</script>");
        block.map_or(json!({}), |b| serde_json::from_str(b).expect("the answers are JSON"))
    }
}

#[actix_web::test]
async fn a_product_page_carries_its_head_its_structured_data_and_its_answers() {
    let app = spawn_app().await;
    let product = app.get_json("/api/products/51", 200).await;
    let reviews = app.get_json("/api/products/51/reviews", 200).await;
    let page = page(&app, "/departments/5/products/51").await;
    assert_eq!(page.status, 200);
    let name = product["name"].as_str().unwrap();
    let title = format!("{} · Market", name.replace('"', "&quot;"));
    assert_eq!(page.title(), title);
    let address = format!("{}/departments/5/products/51", app.address);
    assert_eq!(page.canonical(), Some(address.as_str()));
    assert_eq!(page.meta("property", "og:url"), Some(address.as_str()));
    assert_eq!(page.meta("property", "og:type"), Some("product"));
    assert_eq!(page.meta("property", "og:title"), Some(title.as_str()));
    assert_eq!(page.meta("name", "twitter:card"), Some("summary_large_image"));
    let picture = format!("{}{}", app.address, product["ProductImages"][0]["url"].as_str().unwrap());
    assert_eq!(page.meta("property", "og:image"), Some(picture.as_str()));
    let description = page.meta("name", "description").unwrap();
    assert!(
        description.len() <= 170 * 4
            && product["description"].as_str().unwrap().starts_with(&description[..40])
    );
    assert!(page.meta("name", "robots").is_none(), "a product page is for search engines");

    let data = page.structured_data();
    let item = data.iter().find(|d| d["@type"] == "Product").expect("a schema.org Product");
    assert_eq!(item["name"], product["name"]);
    assert_eq!(item["offers"]["@type"], "Offer");
    assert_eq!(item["offers"]["priceCurrency"], "USD");
    assert_eq!(item["offers"]["price"], format!("{:.2}", product["price"].as_f64().unwrap()));
    assert_eq!(item["aggregateRating"]["ratingValue"], product["avgRating"]);
    assert_eq!(item["aggregateRating"]["reviewCount"], product["numReviews"]);
    assert_eq!(item["brand"]["name"], product["brand"]);
    let trail = data.iter().find(|d| d["@type"] == "BreadcrumbList").expect("a BreadcrumbList");
    let names: Vec<&str> =
        trail["itemListElement"].as_array().unwrap().iter().map(|i| i["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Market", "Electronics", name]);

    let answers = page.answers();
    assert_eq!(answers["/api/products/51"], json!({"status": 200, "body": product}));
    assert_eq!(answers["/api/products/51/reviews"], json!({"status": 200, "body": reviews}));
    let rail = app.get_json("/api/departments/5/products?sort=rating&limit=9", 200).await;
    assert_eq!(answers["/api/departments/5/products?sort=rating&limit=9"]["body"], rail);
    assert_eq!(answers["/api/departments"]["body"], app.get_json("/api/departments", 200).await);
    let (_, listed) = page
        .html
        .split_once("<script type=\"application/json\" id=\"page-modules\">")
        .expect("the page's modules");
    let listed: Vec<String> = serde_json::from_str(listed.split_once("</script>").unwrap().0).unwrap();
    assert!(
        listed.iter().any(|m| m.starts_with("/static/chunks/ProductPage-")),
        "the page's own script: {listed:?}"
    );

    // The first screen is in the page: the product's picture, name and price, drawn
    // before any script runs, and the page's largest picture asked for first.
    let main = page.html.split_once("<main").expect("the first screen").1;
    let picture = product["ProductImages"][0]["url"].as_str().unwrap();
    assert!(main.contains(&format!("<img src=\"{picture}\"")), "the main picture");
    assert!(main.contains(&format!("{}</h1>", name.replace('"', "&quot;"))), "the name as the h1");
    assert!(main.contains(&format!(">${:.2}</span>", product["price"].as_f64().unwrap())), "the price");
    assert!(
        page.html.contains(&format!(
            "<link rel=\"preload\" as=\"image\" href=\"{picture}\" fetchpriority=\"high\">"
        ))
    );
}

#[actix_web::test]
async fn what_a_page_carries_follows_the_store_at_once() {
    let app = spawn_app().await;
    let before = page(&app, "/departments/5/products/51").await.answers();
    let count = before["/api/products/51"]["body"]["numReviews"].as_i64().unwrap();
    app.sign_up().await;
    let review = json!({"rating": 5, "title": "</script><script>alert(1)</script>", "description": "It works. <!-- and it came in two days -->"});
    app.post("/api/products/51/reviews", review, 201).await;
    let after = page(&app, "/departments/5/products/51").await;
    let answers = after.answers();
    assert_eq!(answers["/api/products/51"]["body"]["numReviews"], count + 1);
    let titles = answers["/api/products/51/reviews"]["body"]["Reviews"].as_array().unwrap();
    assert_eq!(titles[0]["title"], "</script><script>alert(1)</script>", "read back whole");
    assert!(!after.html.contains("</script><script>alert"), "no text closes the block");
    assert!(!after.html.contains("<!-- and it came"), "no text opens a comment");
}

#[actix_web::test]
async fn pages_run_no_inline_script_and_keep_the_content_security_policy() {
    let app = spawn_app().await;
    for path in ["/", "/departments/5", "/departments/5/products/51", "/search?q=lamp", "/weeklyad", "/nope"]
    {
        let res = app.get(path).await;
        let policy = res.headers()["content-security-policy"].to_str().unwrap().to_owned();
        assert!(policy.contains("script-src 'self';"), "{path}: {policy}");
        let html = res.text().await.unwrap();
        for tag in html.split("<script").skip(1) {
            let opening = tag.split_once('>').unwrap().0;
            let data = opening.contains("type=\"application/json\"")
                || opening.contains("type=\"application/ld+json\"");
            assert!(
                data || opening.contains(" src=\"/static/"),
                "{path}: <script{opening}> would run inline"
            );
        }
    }
}

#[actix_web::test]
async fn department_and_search_pages_carry_the_listing_the_address_asks_for() {
    let app = spawn_app().await;
    let plain = page(&app, "/departments/5").await;
    assert_eq!(plain.status, 200);
    assert_eq!(plain.title(), "Electronics · Market");
    let listing = app.get_json("/api/departments/5/products", 200).await;
    assert_eq!(plain.answers()["/api/departments/5/products"]["body"], listing);
    let description = plain.meta("name", "description").unwrap();
    assert!(description.contains(&format!("{} products", listing["total"])), "{description}");
    assert!(plain.structured_data().iter().any(|d| d["@type"] == "BreadcrumbList"));

    // A filtered order is the same department to a search engine.
    let sorted = page(&app, "/departments/5?sort=price-asc&minRating=3").await;
    let asked = "/api/departments/5/products?sort=price-asc&minRating=3";
    let filtered = app.get_json(asked, 200).await;
    assert_eq!(sorted.answers()[asked]["body"], filtered);
    // Its first screen is the app's render of that listing, filters and all: its first
    // card, and the filter in force ticked in the sidebar.
    let main = sorted.html.split_once("<main").expect("the first screen").1;
    let first =
        filtered["Products"][0]["name"].as_str().unwrap().replace('&', "&amp;").replace('"', "&quot;");
    assert!(main.contains(&first), "the first card, {first}");
    assert!(!sorted.html.contains("<!--$!-->"), "nothing left for the browser to draw");
    assert_eq!(sorted.canonical(), Some(format!("{}/departments/5", app.address).as_str()));

    // A refused listing is carried as the API refuses it: the app shows why.
    let refused = page(&app, "/departments/5?sort=cheapest").await;
    assert_eq!(refused.status, 200);
    assert_eq!(refused.answers()["/api/departments/5/products?sort=cheapest"]["status"], 400);

    let search = page(&app, "/search?q=lamp").await;
    assert_eq!(search.title(), "Search: lamp · Market");
    assert_eq!(search.answers()["/api/search?q=lamp"]["body"], app.get_json("/api/search?q=lamp", 200).await);
    assert_eq!(search.canonical(), Some(format!("{}/search?q=lamp", app.address).as_str()));
    assert!(
        search.html.contains("placeholder=\"Search Market\" value=\"lamp\""),
        "the bar's box holds the words"
    );
    let empty = page(&app, "/search").await;
    assert!(empty.answers().get("/api/search").is_none());

    let home = page(&app, "/").await;
    assert_eq!(home.title(), "Market");
    assert_eq!(
        home.answers()["/api/departments/5/products?limit=8"]["body"],
        app.get_json("/api/departments/5/products?limit=8", 200).await
    );
    let site = home.structured_data();
    assert_eq!(site[0]["@type"], "WebSite");
    assert_eq!(site[0]["potentialAction"]["@type"], "SearchAction");
}

#[actix_web::test]
async fn an_address_that_names_nothing_is_a_404_with_the_app_not_found_page() {
    let app = spawn_app().await;
    for (path, title) in [
        ("/nope", "Page not found · Market"),
        ("/departments/999", "Department not found · Market"),
        ("/departments/abc", "Department not found · Market"),
        ("/departments/5/products/99999", "Product not found · Market"),
        ("/departments/5/products/0", "Product not found · Market"),
    ] {
        let page = page(&app, path).await;
        assert_eq!(page.status, 404, "{path}");
        assert_eq!(page.title(), title, "{path}");
        assert!(page.html.contains("<div id=\"root\">"), "{path} is the app");
        assert_eq!(page.meta("name", "robots"), Some("noindex"), "{path}");
        assert!(page.canonical().is_none(), "{path}");
    }
    // The app learns it from the page, not from a second request.
    let missing = page(&app, "/departments/5/products/99999").await.answers();
    assert_eq!(missing["/api/products/99999"]["status"], 404);
    assert_eq!(missing["/api/products/99999"]["body"], app.get_json("/api/products/99999", 404).await);
}

#[actix_web::test]
async fn a_product_asked_for_under_another_department_moves_to_its_own_address() {
    let app = spawn_app().await;
    let res = app.get("/departments/4/products/51?ref=mail").await;
    assert_eq!(res.status(), 301);
    assert_eq!(res.headers()["location"], "/departments/5/products/51?ref=mail");
}

#[actix_web::test]
async fn a_listing_page_past_its_last_goes_to_its_last_page_with_its_filters() {
    let app = spawn_app().await;
    let found = app.get_json("/api/search?q=the&sort=price-asc", 200).await["pages"].as_u64().unwrap();
    assert!(found > 1, "the seeded catalog has pages of \"the\" to walk");
    let res = app.get("/search?q=the&sort=price-asc&page=999").await;
    assert_eq!(res.status(), 302);
    assert_eq!(res.headers()["location"], format!("/search?q=the&sort=price-asc&page={found}").as_str());
    // A listing of one page: the listing itself.
    let res = app.get("/departments/5?minPrice=10&page=3").await;
    assert_eq!(res.status(), 302);
    assert_eq!(res.headers()["location"], "/departments/5?minPrice=10");
    // Other refusals, and pages that are there, stay where they are.
    for path in ["/departments/5?minPrice=abc&page=2", "/departments/5?page=1", "/search?q=the&page=2"] {
        assert_eq!(app.get(path).await.status(), 200, "{path}");
    }
}

#[actix_web::test]
async fn shoppers_own_screens_are_kept_out_of_search_engines_and_sign_in_is_not() {
    let app = spawn_app().await;
    for (path, title) in
        [("/cart", "Cart · Market"), ("/account/orders", "Orders · Market"), ("/orders/3", "Order · Market")]
    {
        let page = page(&app, path).await;
        assert_eq!((page.status, page.title()), (200, title), "{path}");
        assert_eq!(page.meta("name", "robots"), Some("noindex"), "{path}");
    }
    for (path, title) in [
        ("/login", "Sign in · Market"),
        ("/redcard", "RedCard · Market"),
        ("/Square/", "Market Square · Market"),
    ] {
        let page = page(&app, path).await;
        assert_eq!((page.status, page.title()), (200, title), "{path}");
        assert!(page.meta("name", "robots").is_none(), "{path}");
        assert!(page.meta("name", "description").is_some_and(|d| d.len() > 50), "{path}");
    }
    let robots = app.get("/robots.txt").await.text().await.unwrap();
    assert!(!robots.contains("/login"), "{robots}");
}

#[actix_web::test]
async fn a_product_opened_on_a_variant_with_its_own_picture_preloads_that_picture() {
    let app = spawn_app().await;
    let staff = crate::back_office::with_role(&app, "staff").await;
    // The seed's pictures of a product are one drawing on different grounds: its third
    // is given a drawing of its own.
    let third = app
        .sql_number("SELECT id FROM product_images WHERE product_id = 25 ORDER BY position LIMIT 1 OFFSET 2")
        .await;
    app.sql(&format!("UPDATE product_images SET url = '/assets/catalog/1f9e3.webp' WHERE id = {third}"))
        .await;
    let tee = app.get_json("/api/products/25", 200).await;
    let pictures = tee["ProductImages"].as_array().unwrap();
    let (first, own) = (pictures[0]["url"].as_str().unwrap(), &pictures[2]);
    assert_eq!(own["url"], "/assets/catalog/1f9e3.webp");
    let saved = staff.get_json("/api/admin/products/25/variants", 200).await;
    let mut variants = saved["variants"].clone();
    for v in variants.as_array_mut().unwrap() {
        v.as_object_mut().unwrap().remove("image"); // the answer's address of its picture
    }
    let mut body = json!({"options": saved["options"], "variants": variants});
    let navy_m = body["variants"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|v| v["options"]["Size"] == "M" && v["options"]["Colour"] == "Navy")
        .unwrap();
    navy_m["imageId"] = own["id"].clone();
    let id = navy_m["id"].as_i64().unwrap();
    staff.write(reqwest::Method::PUT, "/api/admin/products/25/variants", Some(body), 200).await;

    let preload =
        |url: &str| format!("<link rel=\"preload\" as=\"image\" href=\"{url}\" fetchpriority=\"high\">");
    let opened = page(&app, &format!("/departments/3/products/25?variant={id}")).await;
    let main = opened.html.split_once("<main").unwrap().1;
    let own = own["url"].as_str().unwrap();
    assert!(main.contains(&format!("<img src=\"{own}\"")), "the variant's picture leads");
    assert!(opened.html.contains(&preload(own)), "and is the one asked for first");
    let preloads: Vec<&str> = opened.html.lines().filter(|l| l.contains("rel=\"preload\"")).collect();
    assert!(!opened.html.contains(&preload(first)), "{preloads:#?}");
    // Opened on the first variant with units, which has none of its own: the product's.
    let plain = page(&app, "/departments/3/products/25").await;
    assert!(plain.html.contains(&preload(first)));
}

/// A shopper's checkout comes drawn from their own answers (the same JSON the API
/// answers them, and the cart priced for no choice) and is theirs alone: never kept,
/// stored by no browser, and a visitor or a shopper with nothing to order gets the
/// page anyone gets, which the app fills in.
#[actix_web::test]
async fn a_shoppers_checkout_comes_drawn_from_their_own_answers_and_is_kept_nowhere() {
    let app = spawn_app().await;
    let visitor = browser(&app);
    let shopper = app.sign_up().await;
    let anyones = |page: &Page| page.answers().as_object().unwrap().keys().cloned().collect::<Vec<_>>();
    // Nothing to order yet.
    let res = app.get("/checkout").await;
    assert_eq!(res.headers()["cache-control"], "no-cache");
    let empty = Page { status: res.status().as_u16(), html: res.text().await.unwrap() };
    assert_eq!((empty.status, anyones(&empty)), (200, vec!["/api/departments".to_string()]));

    app.post("/api/cart", json!({"productId": 51}), 201).await;
    app.post("/api/cart", json!({"productId": 61}), 201).await;
    let res = app.get("/checkout").await;
    assert_eq!(res.headers()["cache-control"], "private, no-store");
    assert!(res.headers().get("etag").is_none(), "nothing to revalidate");
    let drawn = Page { status: res.status().as_u16(), html: res.text().await.unwrap() };
    assert_eq!((drawn.status, drawn.title()), (200, "Checkout · Market"));
    assert_eq!(drawn.meta("name", "robots"), Some("noindex"));
    let answers = drawn.answers();
    for url in [
        "/api/session",
        "/api/cart",
        "/api/favorites",
        "/api/addresses",
        "/api/shipping-methods",
        "/api/payment-methods",
    ] {
        assert_eq!(answers[url], json!({"status": 200, "body": app.get_json(url, 200).await}), "{url}");
    }
    let quote = app.post("/api/checkout/quote", json!({}), 200).await;
    assert_eq!(answers["/api/checkout/quote"], json!({"status": 200, "body": quote}));
    assert_eq!(answers["/api/session"]["body"]["user"]["id"], shopper["id"]);
    // The app's render of it: the lines, the total, the button.
    let screen = drawn.between("<div id=\"root\">", "</main>").expect("the first screen");
    for line in quote["lines"].as_array().unwrap() {
        let name = line["name"].as_str().unwrap().replace('"', "&quot;");
        assert!(screen.contains(&name), "{name} is drawn");
    }
    let total = dollars(quote["total"].as_f64().unwrap());
    assert!(screen.contains(&total), "the total {total} is drawn");
    assert!(screen.contains("Place your order"));
    assert!(screen.contains(&format!("Hi, {}", shopper["firstName"].as_str().unwrap())), "the bar is theirs");

    // Anyone else, after it: the page anyone gets.
    let res = visitor.get("/checkout").await;
    assert_eq!(res.headers()["cache-control"], "no-cache");
    let theirs = Page { status: res.status().as_u16(), html: res.text().await.unwrap() };
    assert_eq!(anyones(&theirs), vec!["/api/departments".to_string()]);
    assert!(!theirs.html.contains(shopper["email"].as_str().unwrap()));
}

/// `1044.98` as the app writes it: `$1,044.98`.
fn dollars(amount: f64) -> String {
    let cents = format!("{amount:.2}");
    let (whole, fraction) = cents.split_once('.').unwrap();
    let mut grouped = String::new();
    for (i, digit) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    format!("${grouped}.{fraction}")
}
