//! The back office's files: pictures uploaded, served and put in order, and the catalog
//! as CSV, exported and imported all or nothing, finished after a crash.

use std::io::Cursor;
use std::time::Duration;

use reqwest::Method;
use serde_json::{Value, json};

use crate::back_office::{patch, with_role};
use crate::helpers::{TestApp, assert_error_shape, json_body, spawn_app, spawn_app_with, spawn_on};

fn png(width: u32, height: u32) -> Vec<u8> {
    let picture =
        image::RgbImage::from_fn(width, height, |x, y| image::Rgb([(x % 256) as u8, 120, (y % 256) as u8]));
    let mut out = Cursor::new(Vec::new());
    picture.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

/// A form with one part named `name`, as a browser sends a file input.
fn form(name: &str, file_name: &str, content_type: &str, bytes: &[u8]) -> (String, Vec<u8>) {
    let boundary = "market-test-boundary-7d1c";
    let mut body = format!(
        "--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"; filename=\"{file_name}\"\r\nContent-Type: {content_type}\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

/// Sends `body` as `content_type` with the anti-forgery header; the status and JSON body.
async fn send_raw(
    app: &TestApp,
    method: Method,
    path: &str,
    content_type: &str,
    body: Vec<u8>,
) -> (u16, Value) {
    let mut req = app.client.request(method, app.url(path)).header("Content-Type", content_type);
    if let Some(token) = app.cookie("XSRF-TOKEN") {
        req = req.header("XSRF-Token", token);
    }
    let res = req.body(body).send().await.expect("sent");
    (res.status().as_u16(), json_body(res).await)
}

async fn upload(app: &TestApp, product: i64, bytes: &[u8], content_type: &str) -> (u16, Value) {
    let (form_type, body) = form("file", "picture.png", content_type, bytes);
    send_raw(app, Method::POST, &format!("/api/admin/products/{product}/images"), &form_type, body).await
}

fn urls(images: &Value) -> Vec<String> {
    images["images"].as_array().unwrap().iter().map(|i| i["url"].as_str().unwrap().to_owned()).collect()
}

#[actix_web::test]
async fn staff_upload_a_picture_that_the_storefront_shows_first_once_ordered_and_then_delete_it() {
    let app = spawn_app().await;
    let staff = with_role(&app, "staff").await;
    let before = staff.get_json("/api/admin/products/7/images", 200).await;
    let (status, after) = upload(&staff, 7, &png(1200, 900), "image/png").await;
    assert_eq!(status, 201, "{after}");
    let added = after["images"].as_array().unwrap().last().unwrap().clone();
    let url = added["url"].as_str().unwrap().to_owned();
    assert!(url.starts_with("/pictures/") && url.ends_with(".webp"), "{url}");
    assert_eq!(urls(&after).len(), urls(&before).len() + 1);

    // Served as WebP, at most 512 px a side, kept by browsers for a year.
    let served = app.get(&url).await;
    assert_eq!(served.status(), 200);
    assert_eq!(served.headers()["content-type"], "image/webp");
    assert!(served.headers()["cache-control"].to_str().unwrap().contains("immutable"));
    let picture = image::load_from_memory(&served.bytes().await.unwrap()).unwrap();
    assert_eq!((picture.width(), picture.height()), (512, 384));

    // First in the new order: the product page and its card show it.
    let mut order: Vec<i64> =
        after["images"].as_array().unwrap().iter().map(|i| i["id"].as_i64().unwrap()).collect();
    order.rotate_right(1);
    let ordered =
        staff.write(Method::PUT, "/api/admin/products/7/images", Some(json!({"imageIds": order})), 200).await;
    assert_eq!(urls(&ordered)[0], url);
    let page = app.get_json("/api/products/7", 200).await;
    assert_eq!(page["ProductImages"][0]["url"], url.as_str());
    let department = page["departmentId"].as_i64().unwrap();
    let shelf = app.get_json(&format!("/api/departments/{department}/products?limit=96"), 200).await;
    let card = shelf["Products"].as_array().unwrap().iter().find(|p| p["id"] == 7).cloned().unwrap();
    assert_eq!(card["previewImage"], url.as_str(), "the card's picture changed too");

    // An order that is not the product's pictures, each once, changes nothing.
    let refusal = staff
        .write(Method::PUT, "/api/admin/products/7/images", Some(json!({"imageIds": [order[0]]})), 400)
        .await;
    assert_error_shape(&refusal);
    assert!(refusal["errors"][0].as_str().unwrap().starts_with("imageIds:"), "{refusal}");

    let id = added["id"].as_i64().unwrap();
    let left = staff.delete(&format!("/api/admin/products/7/images/{id}"), 200).await;
    assert_eq!(urls(&left), urls(&before));
    assert_eq!(app.get(&url).await.status(), 404, "the file went with it");
    let page = app.get_json("/api/products/7", 200).await;
    assert_eq!(page["ProductImages"][0]["url"], before["images"][0]["url"]);
    let logged = app.sql_number("SELECT count(*) FROM audit_log WHERE action LIKE 'product.picture.%'").await;
    assert_eq!(logged, 3, "add, order, remove");
}

#[actix_web::test]
async fn uploads_that_are_not_pictures_or_too_big_are_refused_and_change_nothing() {
    let app = spawn_app().await;
    let staff = with_role(&app, "staff").await;
    let count = || app.sql_number("SELECT count(*) FROM pictures");

    // Text that says it is a PNG.
    let (status, body) = upload(&staff, 7, b"id,name\n1,not a picture", "image/png").await;
    assert_eq!(status, 415);
    assert!(assert_error_shape(&body).contains("not a PNG, JPEG or WebP"));

    // A PNG whose header claims 30,000 x 30,000 pixels: refused from the header.
    let mut bomb = png(1, 1);
    bomb[16..20].copy_from_slice(&30_000u32.to_be_bytes());
    bomb[20..24].copy_from_slice(&30_000u32.to_be_bytes());
    let crc = crc32(&bomb[12..29]);
    bomb[29..33].copy_from_slice(&crc.to_be_bytes());
    let (status, body) = upload(&staff, 7, &bomb, "image/png").await;
    assert_eq!(status, 413, "{body}");
    assert!(assert_error_shape(&body).contains("megapixels"));

    // More than 10 MB, whatever it is.
    let (status, body) = upload(&staff, 7, &vec![7u8; 10 * 1024 * 1024 + 1], "image/png").await;
    assert_eq!(status, 413);
    assert!(assert_error_shape(&body).contains("10 MB"));

    // A damaged PNG, a form without the file, and a body that is not a form.
    let whole = png(80, 80);
    assert_eq!(upload(&staff, 7, &whole[..whole.len() / 2], "image/png").await.0, 400);
    let (form_type, body) = form("picture", "a.png", "image/png", &whole);
    assert_eq!(send_raw(&staff, Method::POST, "/api/admin/products/7/images", &form_type, body).await.0, 400);
    assert_eq!(
        send_raw(&staff, Method::POST, "/api/admin/products/7/images", "image/png", whole.clone()).await.0,
        415
    );

    // No such product; a viewer may not.
    assert_eq!(upload(&staff, 99_999_999, &whole, "image/png").await.0, 404);
    let viewer = with_role(&app, "viewer").await;
    assert_eq!(upload(&viewer, 7, &whole, "image/png").await.0, 403);
    assert_eq!(count().await, 0);
    assert_eq!(app.sql_number("SELECT count(*) FROM audit_log").await, 0);
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

async fn export(app: &TestApp) -> String {
    let res = app.get("/api/admin/products.csv").await;
    assert_eq!(res.status(), 200);
    assert!(res.headers()["content-type"].to_str().unwrap().starts_with("text/csv"));
    res.text().await.unwrap()
}

async fn import(app: &TestApp, csv: &str) -> (u16, Value) {
    send_raw(app, Method::POST, "/api/admin/products/import", "text/csv", csv.as_bytes().to_vec()).await
}

/// Polls the import until it is no longer being applied.
async fn finished(app: &TestApp, id: i64) -> Value {
    for _ in 0..200 {
        let state = app.get_json(&format!("/api/admin/imports/{id}"), 200).await;
        if state["status"] != "applying" {
            return state;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("import {id} was still applying after 10 s");
}

/// An applied import's staged rows are cleared after it is marked done, by the
/// server that applied it: waits for them to go, for up to 10 s.
async fn rows_swept(app: &TestApp) {
    for _ in 0..200 {
        if app.sql_number("SELECT count(*) FROM product_import_rows").await == 0 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("an applied import's rows were still there after 10 s");
}

const HEADER: &str = "id,sku,name,brand,department,price,stock,status,description";
const DESCRIPTION: &str = "A sturdy thing that does what it says for years.";

#[actix_web::test]
async fn the_catalog_goes_out_as_csv_with_formulas_defused_and_comes_back_unchanged() {
    let app = spawn_app().await;
    let staff = with_role(&app, "staff").await;
    let tricky = json!({"name": "=1+2 Lamp", "brand": "@Home", "departmentId": 5, "price": 9.5,
                        "description": "A lamp, \"quoted\", with a comma\nand a second line.", "stock": 3});
    let created = staff.post("/api/admin/products", tricky, 201).await;
    let csv = export(&staff).await;
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    assert_eq!(reader.headers().unwrap().iter().collect::<Vec<_>>().join(","), VARIANT_HEADER);
    let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
    let plain = app.sql_number("SELECT count(*) FROM products WHERE options IS NULL").await;
    let variants = app.sql_number("SELECT count(*) FROM product_variants").await;
    assert_eq!(rows.len() as i64, plain + variants, "one row a plain product, one a variant");
    let id = created["id"].as_i64().unwrap().to_string();
    let row = rows.iter().find(|r| r[0] == *id).unwrap();
    assert_eq!((&row[2], &row[3], &row[5], &row[7]), ("'=1+2 Lamp", "'@Home", "9.50", "active"));

    // The same file back: every row checked, nothing to change.
    let (status, started) = import(&staff, &csv).await;
    assert_eq!(status, 202, "{started}");
    let done = finished(&staff, started["id"].as_i64().unwrap()).await;
    assert_eq!(
        (done["status"].clone(), done["created"].clone(), done["updated"].clone()),
        (json!("done"), json!(0), json!(0))
    );
    let again = staff.get_json(&format!("/api/admin/products/{}", created["id"]), 200).await;
    assert_eq!((again["name"].clone(), again["brand"].clone()), (json!("=1+2 Lamp"), json!("@Home")));
}

#[actix_web::test]
async fn a_file_with_bad_rows_changes_nothing_and_names_each_row_and_column() {
    let app = spawn_app().await;
    let staff = with_role(&app, "staff").await;
    let before = export(&staff).await;
    let products = app.sql_number("SELECT count(*) FROM products").await;
    let file = format!(
        "{HEADER}\n\
         7,,Renamed Seven,Acme,{dept},1.00,5,active,{DESCRIPTION}\n\
         ,NEW-1,New Thing,Acme,{dept},abc,5,active,{DESCRIPTION}\n\
         99999999,,Ghost,Acme,{dept},2.00,5,active,{DESCRIPTION}\n\
         ,NEW-2,Other,Acme,No Such Department,2.00,-1,sold,short\n\
         7,,Seven Again,Acme,{dept},3.00,5,active,{DESCRIPTION}\n",
        dept = 5
    );
    let (status, body) = import(&staff, &file).await;
    assert_eq!(status, 400, "{body}");
    let found: Vec<(u64, String)> = body["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["row"].as_u64().unwrap(), p["column"].as_str().unwrap().to_owned()))
        .collect();
    let named = |row: u64, column: &str| found.contains(&(row, column.to_owned()));
    assert!(named(3, "price"), "{found:?}");
    for column in ["department", "stock", "status", "description"] {
        assert!(named(5, column), "row 5 {column}: {found:?}");
    }
    assert_eq!(body["problemCount"], found.len());
    assert!(body["message"].as_str().unwrap().contains("nothing was changed"));
    assert_eq!(
        body["errors"][0].as_str().unwrap(),
        "Row 3, price: A price is a number of dollars, like 12.99."
    );

    // Rows that pass on their own but not against the catalog: an unknown id, a
    // product twice.
    let file = format!(
        "{HEADER}\n\
         7,,Renamed Seven,Acme,5,1.00,5,active,{DESCRIPTION}\n\
         99999999,,Ghost,Acme,5,2.00,5,active,{DESCRIPTION}\n\
         7,,Seven Again,Acme,5,3.00,5,active,{DESCRIPTION}\n"
    );
    let (status, body) = import(&staff, &file).await;
    assert_eq!(status, 400, "{body}");
    let errors: Vec<&str> = body["errors"].as_array().unwrap().iter().map(|e| e.as_str().unwrap()).collect();
    assert_eq!(
        errors,
        ["Row 3, id: there is no product 99999999.", "Row 4, id: the same product is in row 2."]
    );

    assert_eq!(export(&staff).await, before, "nothing changed");
    assert_eq!(app.sql_number("SELECT count(*) FROM products").await, products);
    assert_eq!(app.sql_number("SELECT count(*) FROM product_import_rows").await, 0, "its rows went");
    let wrong_type =
        send_raw(&staff, Method::POST, "/api/admin/products/import", "application/json", b"{}".to_vec())
            .await;
    assert_eq!(wrong_type.0, 415);
    let viewer = with_role(&app, "viewer").await;
    assert_eq!(import(&viewer, &file).await.0, 403);
}

#[actix_web::test]
async fn a_good_file_updates_by_id_and_sku_creates_and_archives_and_the_storefront_follows() {
    let app = spawn_app().await;
    let staff = with_role(&app, "staff").await;
    let file = format!(
        "{HEADER}\n\
         7,,Renamed Seven,Acme,5,1.25,5,active,{DESCRIPTION}\n\
         ,MKT-000008,Renamed Eight,Acme,5,2.00,0,archived,{DESCRIPTION}\n\
         ,NEW-1,Brand New Lantern,Acme,5,3.00,12,active,{DESCRIPTION}\n\
         ,,Nameless Sku Kettle,Acme,5,4.00,1,active,{DESCRIPTION}\n"
    );
    let (status, started) = import(&staff, &file).await;
    assert_eq!(status, 202, "{started}");
    assert_eq!(started["rows"], 4);
    let done = finished(&staff, started["id"].as_i64().unwrap()).await;
    assert_eq!(
        (done["status"].clone(), done["created"].clone(), done["updated"].clone()),
        (json!("done"), json!(2), json!(2))
    );
    assert_eq!(done["applied"], 4);

    let seven = app.get_json("/api/products/7", 200).await;
    assert_eq!(
        (seven["name"].clone(), seven["price"].clone(), seven["stock"].clone()),
        (json!("Renamed Seven"), json!(1.25), json!(5))
    );
    app.get_json("/api/products/8", 404).await;
    let lantern = staff.get_json("/api/admin/products?q=NEW-1", 200).await;
    assert_eq!(lantern["Products"][0]["name"], "Brand New Lantern");
    let kettle = staff.get_json("/api/admin/products?q=kettle%20nameless", 200).await;
    let id = kettle["Products"][0]["id"].as_i64().unwrap();
    assert_eq!(kettle["Products"][0]["sku"], format!("MKT-{id:06}"));
    let lantern = |found: &serde_json::Value| {
        found["Products"].as_array().unwrap().iter().any(|p| p["name"] == "Brand New Lantern")
    };
    assert!(lantern(&app.get_json_within_a_second("/api/search?q=lantern", lantern).await));
    assert_eq!(app.sql_number("SELECT count(*) FROM audit_log WHERE action = 'product.import'").await, 1);
    rows_swept(&app).await;
}

#[actix_web::test]
async fn an_import_left_half_applied_by_a_stopped_server_is_finished_and_one_left_checking_is_dropped() {
    let app = spawn_app().await;
    // As a server that stopped would leave them: one import applying, its first row
    // applied, one still being checked, and one applied whose rows were not swept yet.
    // In one transaction: the running server looks for left imports at start, and on a
    // busy machine it may look only now; between two statements it would find an import
    // applying with no rows and finish it empty.
    let when = 1_000;
    app.sql(&format!(
        "BEGIN;
         INSERT INTO product_imports (id, status, actor, rows, applied, started_at, touched_at)
         VALUES (900, 'applying', 'ana', 2, 1, {when}, {when}), (901, 'checking', 'ana', 0, 0, {when}, {when}),
                (902, 'done', 'ana', 1, 1, {when}, {when});
         INSERT INTO product_import_rows (import_id, row_no, product_id, sku, name, brand, department_id, price_cents,
             stock, archived, description)
         VALUES (900, 2, 7, NULL, 'Applied Before The Stop', 'Acme', 5, 100, 1, 0, '{DESCRIPTION}'),
                (900, 3, 9, NULL, 'Applied After The Stop', 'Acme', 5, 200, 2, 0, '{DESCRIPTION}'),
                (901, 2, 10, NULL, 'Never Applied', 'Acme', 5, 300, 3, 0, '{DESCRIPTION}'),
                (902, 2, 11, NULL, 'Applied, Its Rows Not Swept', 'Acme', 5, 400, 4, 0, '{DESCRIPTION}');
         COMMIT"
    ))
    .await;
    // Another server of the store starts, and looks.
    let second = spawn_on(&app.data_dir).await;
    let staff = with_role(&app, "staff").await;
    let second = crate::helpers::same_browser_at(&staff, &second);
    let done = finished(&second, 900).await;
    assert_eq!((done["status"].clone(), done["applied"].clone()), (json!("done"), json!(2)));
    // Every server shows it (the change log reaches the other's cache, within a second;
    // five are allowed here, on a machine that runs the rest of the tests at once: one
    // PostgreSQL run took over two).
    for _ in 0..100 {
        if app.get_json("/api/products/9", 200).await["name"] == "Applied After The Stop" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(app.get_json("/api/products/9", 200).await["name"], "Applied After The Stop");
    assert_ne!(
        app.get_json("/api/products/7", 200).await["name"],
        "Applied Before The Stop",
        "row 2 was not applied twice"
    );
    let dropped = second.get_json("/api/admin/imports/901", 200).await;
    assert_eq!(dropped["status"], "failed");
    assert_ne!(app.get_json("/api/products/10", 200).await["name"], "Never Applied");
    rows_swept(&app).await;
}

/// Sends `body` to `path` as `browser` would, in `parts` pieces `pause` apart: a large
/// file on a slow line.
async fn send_slowly(
    browser: &TestApp,
    path: &str,
    body: &str,
    parts: usize,
    pause: Duration,
) -> (u16, Value) {
    use reqwest::cookie::CookieStore;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let address: reqwest::Url = browser.address.parse().unwrap();
    let cookies = browser.jar.cookies(&address).unwrap();
    let mut line = tokio::net::TcpStream::connect(address.socket_addrs(|| None).unwrap()[0]).await.unwrap();
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: text/csv\r\nContent-Length: {}\r\n\
         Cookie: {}\r\nXSRF-Token: {}\r\nConnection: close\r\n\r\n",
        address.authority(),
        body.len(),
        cookies.to_str().unwrap(),
        browser.cookie("XSRF-TOKEN").unwrap()
    );
    line.write_all(head.as_bytes()).await.unwrap();
    for part in body.as_bytes().chunks(body.len().div_ceil(parts)) {
        tokio::time::sleep(pause).await;
        line.write_all(part).await.unwrap();
    }
    let mut answer = String::new();
    line.read_to_string(&mut answer).await.unwrap();
    let status = answer[9..12].parse().unwrap();
    let (_, json) = answer.split_once("\r\n\r\n").unwrap();
    (status, serde_json::from_str(json).unwrap_or_else(|_| panic!("a JSON answer: {answer}")))
}

#[actix_web::test]
async fn an_import_read_and_checked_for_longer_than_a_stopped_servers_is_kept_and_applied() {
    // An import untouched for 800 ms counts as left, and the server looks every 400 ms;
    // the file takes 2.4 s to arrive, as a file of millions of rows takes minutes.
    let app = spawn_app_with(|c| c.imports.left_after = Duration::from_millis(800)).await;
    let staff = with_role(&app, "staff").await;
    let file = format!("{HEADER}\n7,,Sent Slowly,Acme,5,1.25,5,active,{DESCRIPTION}\n");
    let (status, started) =
        send_slowly(&staff, "/api/admin/products/import", &file, 6, Duration::from_millis(400)).await;
    assert_eq!(status, 202, "{started}");
    let done = finished(&staff, started["id"].as_i64().unwrap()).await;
    assert_eq!((done["status"].clone(), done["updated"].clone()), (json!("done"), json!(1)), "{done}");
    assert_eq!(app.get_json("/api/products/7", 200).await["name"], "Sent Slowly");
}

#[actix_web::test]
async fn staff_product_changes_wait_while_an_import_is_checked_or_applied() {
    let app = spawn_app().await;
    let staff = with_role(&app, "staff").await;
    let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis();
    for status in ["checking", "applying"] {
        app.sql(&format!(
            "INSERT INTO product_imports (id, status, actor, rows, applied, started_at, touched_at)
             VALUES (910, '{status}', 'ana', 1, 0, {now}, {now})"
        ))
        .await;
        let refused = patch(&staff, "/api/admin/products/51", json!({"price": 12.34}), 409).await;
        assert_error_shape(&refused);
        assert!(refused["message"].as_str().unwrap().contains("catalog import"), "{refused}");
        app.sql("DELETE FROM product_imports WHERE id = 910").await;
    }
    assert_ne!(app.get_json("/api/products/51", 200).await["price"], json!(12.34), "nothing was changed");
    let changed = patch(&staff, "/api/admin/products/51", json!({"price": 12.34}), 200).await;
    assert_eq!(changed["price"], json!(12.34));
}

/// The seed's crew-neck T-shirt: 5 sizes by 3 colours at $12, XL $14.
const TEE: i64 = 25;

/// The rows of `product` in an exported file, as records.
fn rows_of(csv: &str, product: i64) -> Vec<csv::StringRecord> {
    let mut reader = csv::Reader::from_reader(csv.as_bytes());
    reader.records().map(Result::unwrap).filter(|r| r[0] == *product.to_string()).collect()
}

/// A file of the export's header and `rows`.
fn file_of(rows: &[csv::StringRecord]) -> String {
    let mut out = csv::Writer::from_writer(Vec::new());
    out.write_record(VARIANT_HEADER.split(',')).unwrap();
    for row in rows {
        out.write_record(row).unwrap();
    }
    String::from_utf8(out.into_inner().unwrap()).unwrap()
}

const VARIANT_HEADER: &str = "id,sku,name,brand,department,price,stock,status,description,variant_id,variant_sku,options,variant_price";

#[actix_web::test]
async fn a_product_sold_by_variant_goes_out_one_row_a_variant_and_its_rows_change_those_variants() {
    let app = spawn_app().await;
    let staff = with_role(&app, "staff").await;
    let csv = export(&staff).await;
    assert_eq!(csv.lines().next().unwrap(), VARIANT_HEADER);

    let tee = app.get_json(&format!("/api/products/{TEE}"), 200).await;
    let tee_rows = rows_of(&csv, TEE);
    assert_eq!(tee_rows.len(), 15);
    let m_navy = tee_rows.iter().position(|r| &r[11] == "Size: M; Colour: Navy").expect("M in navy, named");
    let variant = tee["variants"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["id"].as_i64().unwrap().to_string() == tee_rows[m_navy][9]);
    let variant = variant.expect("the row's variant_id is the variant's").clone();
    let units =
        app.sql_number(&format!("SELECT stock FROM product_variants WHERE id = {}", variant["id"])).await;
    assert_eq!(
        (&tee_rows[m_navy][6], &tee_rows[m_navy][10]),
        (&*units.to_string(), variant["sku"].as_str().unwrap())
    );
    assert_eq!(&tee_rows[m_navy][12], "", "it asks the product's price");
    let xl = tee_rows.iter().find(|r| r[11].starts_with("Size: XL")).unwrap();
    assert_eq!((&xl[5], &xl[12]), ("12.00", "14.00"));
    assert!(
        tee_rows.iter().all(|r| r[2] == tee_rows[0][2] && r[5] == tee_rows[0][5]),
        "the product's columns repeated"
    );

    // A shopper holds M in navy, and has seen the cart.
    let shopper = crate::helpers::browser(&app);
    shopper.sign_up().await;
    shopper.post("/api/cart", json!({"productId": TEE, "variantId": variant["id"]}), 201).await;
    assert_eq!(shopper.get_json("/api/cart", 200).await["Products"][0]["price"], json!(12.0));

    // Its row sets its units, its own price and its SKU; the product's follow.
    let mut changed = tee_rows.clone();
    let mut row: Vec<String> = changed[m_navy].iter().map(str::to_owned).collect();
    (row[6], row[10], row[12]) = ("9".into(), "TEE-M-NAVY-2".into(), "15.50".into());
    changed[m_navy] = csv::StringRecord::from(row);
    let (status, started) = import(&staff, &file_of(&changed)).await;
    assert_eq!(status, 202, "{started}");
    let done = finished(&staff, started["id"].as_i64().unwrap()).await;
    assert_eq!((done["status"].clone(), done["updated"].clone()), (json!("done"), json!(1)), "{done}");
    let after = app.get_json(&format!("/api/products/{TEE}"), 200).await;
    let now = after["variants"].as_array().unwrap().iter().find(|v| v["id"] == variant["id"]).unwrap();
    assert_eq!(
        (now["stock"].clone(), now["price"].clone(), now["sku"].clone()),
        (json!(9), json!(15.5), json!("TEE-M-NAVY-2"))
    );
    let sum = format!("SELECT sum(stock) FROM product_variants WHERE product_id = {TEE}");
    let units = app.sql_number(&format!("SELECT stock FROM products WHERE id = {TEE}")).await;
    assert_eq!(units, app.sql_number(&sum).await, "the product's units are its variants' sum");
    assert_eq!(after["priceTo"], json!(15.5), "its price range follows");
    assert_eq!(
        shopper.get_json("/api/cart", 200).await["Products"][0]["price"],
        json!(15.5),
        "the cart follows"
    );
    // The same file again changes nothing.
    let (_, again) = import(&staff, &file_of(&changed)).await;
    assert_eq!(finished(&staff, again["id"].as_i64().unwrap()).await["updated"], json!(0));

    // What a variant's row may not do, each named; nothing changes.
    let before = export(&staff).await;
    let other = rows_of(&before, 26);
    let mut bad: Vec<csv::StringRecord> = rows_of(&before, TEE);
    let edit = |row: &csv::StringRecord, at: usize, to: &str| {
        let mut cells: Vec<String> = row.iter().map(str::to_owned).collect();
        cells[at] = to.into();
        csv::StringRecord::from(cells)
    };
    let problems = |body: &Value| -> Vec<(u64, String)> {
        body["problems"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| (p["row"].as_u64().unwrap(), p["column"].as_str().unwrap().to_owned()))
            .collect()
    };
    let named = |list: &[(u64, &str)]| -> Vec<(u64, String)> {
        list.iter().map(|(row, column)| (*row, column.to_string())).collect()
    };
    // Against the catalog and the rest of the file.
    bad[1] = edit(&edit(&bad[1], 9, &other[0][9]), 10, ""); // row 3: another product's variant
    bad[2] = edit(&bad[2], 11, "Size: XXL; Colour: Navy"); // row 4: values it does not have
    bad[4] = edit(&bad[4], 2, "Another Name"); // row 6: the product said otherwise
    bad[5] = edit(&bad[5], 10, &other[0][10]); // row 7: another variant's SKU
    bad[7] = edit(&edit(&edit(&bad[7], 9, &bad[0][9]), 10, ""), 11, ""); // row 9: the variant of row 2
    let (status, body) = import(&staff, &file_of(&bad)).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(
        problems(&body),
        named(&[(3, "variant_id"), (4, "options"), (6, "id"), (7, "variant_sku"), (9, "variant_id")]),
        "{body}"
    );
    assert!(body["errors"][1].as_str().unwrap().contains("this variant is Size: "), "{body}");
    // Each row on its own.
    let mut bad: Vec<csv::StringRecord> = rows_of(&before, TEE);
    bad[3] = edit(&bad[3], 12, "11.99"); // row 5: below the product's price
    bad[6] = edit(&bad[6], 9, ""); // row 8: a new variant
    let (status, body) = import(&staff, &file_of(&bad)).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(problems(&body), named(&[(5, "variant_price"), (8, "variant_id")]), "{body}");
    assert_eq!(export(&staff).await, before, "nothing changed");

    // A product's own row (a file from before variants) may not change its units.
    let own = format!(
        "{HEADER}\n{TEE},{},{},{},{},12.00,{},active,\"{}\"\n",
        tee_rows[0][1].to_owned(),
        &tee_rows[0][2],
        &tee_rows[0][3],
        &tee_rows[0][4],
        units + 1,
        tee_rows[0][8].replace('"', "\"\"")
    );
    let (status, body) = import(&staff, &own).await;
    assert_eq!(status, 400, "{body}");
    assert_eq!(body["problems"][0]["column"], "stock");
}

#[actix_web::test]
async fn rows_that_repeat_a_product_or_a_sku_are_named_with_the_row_they_repeat() {
    let app = spawn_app().await;
    let staff = with_role(&app, "staff").await;
    let csv = export(&staff).await;
    let plain: Vec<i64> = (1..).filter(|id| !crate::helpers::with_options().contains(id)).take(3).collect();
    let [first, second, third] = [plain[0], plain[1], plain[2]];
    let tee = rows_of(&csv, TEE);
    let edit = |row: &csv::StringRecord, at: usize, to: &str| {
        let mut cells: Vec<String> = row.iter().map(str::to_owned).collect();
        cells[at] = to.into();
        csv::StringRecord::from(cells)
    };
    let first_row = rows_of(&csv, first)[0].clone();
    let file = file_of(&[
        first_row.clone(),                                 // row 2
        first_row.clone(),                                 // row 3: product and SKU of row 2
        tee[0].clone(),                                    // row 4
        tee[1].clone(),                                    // row 5: a variant of the same product
        edit(&rows_of(&csv, second)[0], 1, &first_row[1]), // row 6: the SKU of row 2's product
        edit(&tee[2], 10, &tee[0][10]),                    // row 7: the variant SKU of row 4
        edit(&tee[3], 10, "SHARED-SKU-1"),                 // row 8: the SKU row 9 gives its product
        edit(&rows_of(&csv, third)[0], 1, "SHARED-SKU-1"), // row 9
    ]);
    let (status, body) = import(&staff, &file).await;
    assert_eq!(status, 400, "{body}");
    let mut found: Vec<(u64, String, String)> = body["problems"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let text = |key: &str| p[key].as_str().unwrap().to_owned();
            (p["row"].as_u64().unwrap(), text("column"), text("message"))
        })
        .collect();
    found.sort();
    let expected = [
        (3, "id", "the same product is in row 2.".to_string()),
        (3, "sku", "the same SKU is in row 2.".to_string()),
        (6, "sku", format!("another product has this SKU (id {first}).")),
        (6, "sku", "the same SKU is in row 2.".to_string()),
        (7, "variant_sku", format!("another variant has this SKU (of product {TEE}).")),
        (7, "variant_sku", "the same SKU is in row 4.".to_string()),
        (8, "variant_sku", "the same SKU is in row 9.".to_string()),
    ];
    let expected: Vec<(u64, String, String)> =
        expected.into_iter().map(|(row, column, message)| (row, column.to_owned(), message)).collect();
    assert_eq!(found, expected, "{body}");
    assert_eq!(body["problemCount"], 7);
}

#[actix_web::test]
async fn a_product_whose_rows_cross_a_step_is_changed_and_counted_once() {
    let app = spawn_app().await;
    let staff = with_role(&app, "staff").await;
    let csv = export(&staff).await;
    let before = market::db::admin::imports::STEP as usize - 12;
    let mut rows: Vec<csv::StringRecord> = csv::Reader::from_reader(csv.as_bytes())
        .records()
        .map(Result::unwrap)
        .filter(|r| r[0] != *TEE.to_string())
        .take(before)
        .collect();
    assert_eq!(rows.len(), before, "the seeded catalog has rows enough");
    // The T-shirt's 15 rows, each a new price: 12 in the first step, 3 after.
    for row in rows_of(&csv, TEE) {
        let mut cells: Vec<String> = row.iter().map(str::to_owned).collect();
        cells[12] = "13.00".into();
        rows.push(csv::StringRecord::from(cells));
    }
    let (status, started) = import(&staff, &file_of(&rows)).await;
    assert_eq!(status, 202, "{started}");
    let done = finished(&staff, started["id"].as_i64().unwrap()).await;
    assert_eq!((done["status"].clone(), done["updated"].clone()), (json!("done"), json!(1)), "{done}");
    let tee = app.get_json(&format!("/api/products/{TEE}"), 200).await;
    assert!(tee["variants"].as_array().unwrap().iter().all(|v| v["price"] == json!(13.0)), "{tee}");
}

#[actix_web::test]
async fn an_import_that_brings_units_back_mails_those_waiting_for_them() {
    let app = spawn_app().await;
    let staff = with_role(&app, "staff").await;
    patch(&staff, "/api/admin/products/7", json!({"stock": 0}), 200).await;
    let shopper = crate::helpers::browser(&app);
    shopper.sign_up().await;
    shopper.post("/api/stock-alerts", json!({"productId": 7}), 201).await;
    let file = format!("{HEADER}\n7,,Seven Again,Acme,5,1.25,5,active,{DESCRIPTION}\n");
    let (status, started) = import(&staff, &file).await;
    assert_eq!(status, 202, "{started}");
    assert_eq!(finished(&staff, started["id"].as_i64().unwrap()).await["status"], "done");
    let outbox = staff.get_json("/api/admin/mail", 200).await;
    let back: Vec<&Value> =
        outbox["Mails"].as_array().unwrap().iter().filter(|m| m["event"] == "stock.back").collect();
    assert_eq!(back.len(), 1, "{outbox}");
    assert_eq!(back[0]["subject"], "Back in stock: Seven Again");
    assert!(shopper.get_json("/api/stock-alerts", 200).await["alerts"][0]["mailedAt"].is_string());
}
