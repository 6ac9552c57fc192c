//! The OpenAPI document (`GET /api/openapi.json`) against the route table and the
//! rules of docs/rules.md#api-conventions. schemathesis (`make test-contract`) checks the answers.

use std::collections::BTreeSet;

use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{browser, spawn_app};

const METHODS: [&str; 5] = ["get", "post", "put", "patch", "delete"];

async fn document() -> Value {
    let app = spawn_app().await;
    app.get_json("/api/openapi.json", 200).await
}

/// `(method, path, operation)` for every operation of the document.
fn operations(doc: &Value) -> Vec<(String, String, Value)> {
    let mut found = Vec::new();
    for (path, item) in doc["paths"].as_object().expect("paths") {
        for (method, op) in item.as_object().expect("a path item") {
            assert!(METHODS.contains(&method.as_str()), "{method} {path}: an unexpected method");
            found.push((method.clone(), path.clone(), op.clone()));
        }
    }
    found
}

/// Follows a local `$ref` ("#/components/...").
fn resolve<'a>(doc: &'a Value, value: &'a Value) -> &'a Value {
    match value["$ref"].as_str() {
        Some(reference) => {
            let pointer = reference.strip_prefix('#').expect("a local reference");
            resolve(doc, doc.pointer(pointer).unwrap_or_else(|| panic!("{reference} resolves")))
        }
        None => value,
    }
}

/// The security schemes a route of this access asks for (`api/mod.rs`): a public
/// route none; a visitor's (signing in and up) the anti-forgery header on writes; a
/// signed-in one (a shopper's, the back office's) the session cookie, and the
/// anti-forgery header too on writes.
fn security_of(access: &str, method: &str) -> Vec<String> {
    let write = method != "get";
    let schemes: &[&str] = match access {
        "public" | "provider" => &[],
        "visitor" if write => &["xsrf"],
        "visitor" => &[],
        "shopper" | "viewer" | "staff" | "owner" if write => &["session", "xsrf"],
        "shopper" | "viewer" | "staff" | "owner" => &["session"],
        _ => panic!("an access the route table does not have: {access}"),
    };
    schemes.iter().map(|s| s.to_string()).collect()
}

/// The schemes of an operation's one security requirement (none: empty).
fn security(op: &Value) -> Vec<String> {
    let requirements = op["security"].as_array().cloned().unwrap_or_default();
    assert!(requirements.len() <= 1, "one requirement, all of whose schemes a call needs");
    requirements.iter().flat_map(|r| r.as_object().expect("a requirement").keys().cloned()).collect()
}

#[actix_web::test]
async fn the_document_lists_exactly_the_routes_the_server_has_with_their_security() {
    let doc = document().await;
    assert_eq!(doc["openapi"], "3.1.0");
    let documented: BTreeSet<(String, String, Vec<String>)> =
        operations(&doc).into_iter().map(|(method, path, op)| (method, path, security(&op))).collect();
    let routed: BTreeSet<(String, String, Vec<String>)> = market::api::ROUTES
        .iter()
        .map(|(method, path, access, _)| (method.to_string(), path.to_string(), security_of(access, method)))
        .collect();
    let missing: Vec<_> = routed.difference(&documented).collect();
    assert!(missing.is_empty(), "routes the document lacks, or has with other security: {missing:?}");
    let extra: Vec<_> = documented.difference(&routed).collect();
    assert!(extra.is_empty(), "documented operations no route serves so: {extra:?}");
    assert_eq!(documented.len(), market::api::ROUTES.len(), "one operation a route");
}

/// A path with 51 for each of its `{parameters}`.
fn with_ids(path: &str) -> String {
    path.split('/').map(|part| if part.starts_with('{') { "51" } else { part }).collect::<Vec<_>>().join("/")
}

/// What the document says of the session cookie is what the server does: a visitor (a
/// browser with a session and its anti-forgery token, not signed in) is answered 401 by
/// exactly the routes whose operation asks for it. So a route the table calls `public`
/// or `visitor` needs no sign-in, and every other one does.
#[actix_web::test]
async fn exactly_the_routes_that_ask_for_the_session_cookie_refuse_a_visitor() {
    let app = spawn_app().await;
    let visitor = browser(&app);
    visitor.open().await;
    let doc = app.get_json("/api/openapi.json", 200).await;
    for (method, path, op) in operations(&doc) {
        let asks = security(&op).contains(&"session".to_string());
        let method = Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
        let body = (method != Method::GET && method != Method::DELETE).then(|| json!({}));
        let status = visitor.send(method.clone(), &with_ids(&path), body).await.status().as_u16();
        assert_eq!(status == 401, asks, "a visitor's {method} {path}: {status}");
    }
}

/// `add_to_cart` → `addToCart`.
fn camel_case(snake: &str) -> String {
    let mut words = snake.split('_');
    let first = words.next().unwrap_or_default().to_string();
    words.fold(first, |mut name, word| {
        let mut chars = word.chars();
        name.extend(chars.next().map(|c| c.to_ascii_uppercase()));
        name.push_str(chars.as_str());
        name
    })
}

#[actix_web::test]
async fn each_operation_has_one_name_its_handler_and_its_operation_id() {
    let doc = document().await;
    for (method, path, _, handler) in market::api::ROUTES {
        let function = handler.rsplit("::").next().unwrap().trim();
        let operation = &doc["paths"][*path][*method];
        assert_eq!(operation["operationId"], camel_case(function), "{method} {path} is handled by {handler}");
    }
}

#[actix_web::test]
async fn every_operation_documents_the_errors_it_can_answer_in_the_error_shape() {
    let doc = document().await;
    let error = &doc["components"]["schemas"]["Error"];
    assert_eq!(error["required"], serde_json::json!(["message", "errors"]));
    for (method, path, op) in operations(&doc) {
        let what = format!("{method} {path}");
        assert!(op["operationId"].is_string(), "{what}: an operationId");
        let responses = op["responses"].as_object().expect("responses");
        let has = |status: &str| responses.contains_key(status);
        assert!(responses.keys().any(|s| s.starts_with('2')), "{what}: a success answer");
        let security = security(&op);
        if security.iter().any(|s| s == "session") {
            assert!(has("401"), "{what}: a shopper's call answers 401");
        }
        // A payment provider's call proves itself by its signature (a 400 without one),
        // and sends the body as the provider writes it.
        let by_provider = market::api::ROUTES
            .iter()
            .any(|(m, p, access, _)| *m == method && *p == path && *access == "provider");
        if method != "get" && !by_provider {
            assert!(security.iter().any(|s| s == "xsrf"), "{what}: a write needs the anti-forgery header");
            assert!(has("403"), "{what}: a write answers 403 without the anti-forgery token");
        }
        if op.get("requestBody").is_some() {
            let statuses: &[&str] = if by_provider { &["400", "413"] } else { &["400", "413", "415"] };
            for status in statuses {
                assert!(has(status), "{what}: a JSON body can be answered {status}");
            }
        }
        if path.contains('{') {
            assert!(has("400"), "{what}: an id that is not a whole number is a 400");
        }
        for (status, response) in responses {
            if status.starts_with('4') {
                let schema = &resolve(&doc, response)["content"]["application/json"]["schema"];
                // The error shape itself, or a body that carries it and says more (an
                // import's problems by row and column).
                if schema["$ref"] != "#/components/schemas/Error" {
                    let extended = &resolve(&doc, schema)["properties"];
                    assert!(
                        extended["message"]["type"] == "string" && extended["errors"]["type"] == "array",
                        "{what} {status}: the error shape"
                    );
                }
            }
        }
    }
    // The calls that are rate limited say so, and how long to wait.
    for (method, path) in [("post", "/api/session"), ("post", "/api/users")] {
        let too_many = resolve(&doc, &doc["paths"][path][method]["responses"]["429"]);
        assert!(too_many["headers"]["Retry-After"].is_object(), "{method} {path}: 429 with Retry-After");
    }
    let place = &doc["paths"]["/api/orders"]["post"];
    assert!(place["responses"]["422"].is_object(), "a reused Idempotency-Key is a 422");
    assert_eq!(place["parameters"][0]["name"], "Idempotency-Key");
}

/// OWASP ASVS 5.1.4 (structured data is validated, lengths included): the contract
/// bounds every string a client may send, so the server's limits are no secret.
#[actix_web::test]
async fn asvs_5_1_4_every_string_a_client_sends_has_a_maximum_length() {
    let doc = document().await;
    fn walk(doc: &Value, schema: &Value, at: &str, unbounded: &mut Vec<String>) {
        let schema = resolve(doc, schema);
        let types: Vec<&str> = match &schema["type"] {
            Value::String(t) => vec![t.as_str()],
            Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
            _ => vec![],
        };
        // A string that must be one of a list is as bounded as its longest choice.
        if types.contains(&"string") && !schema["maxLength"].is_u64() && !schema["enum"].is_array() {
            unbounded.push(at.to_owned());
        }
        if types.contains(&"array") && !schema["maxItems"].is_u64() {
            unbounded.push(format!("{at}[]"));
        }
        for (name, property) in schema["properties"].as_object().into_iter().flatten() {
            walk(doc, property, &format!("{at}.{name}"), unbounded);
        }
        if schema.get("items").is_some() {
            walk(doc, &schema["items"], &format!("{at}[]"), unbounded);
        }
        for key in ["oneOf", "anyOf", "allOf"] {
            for part in schema[key].as_array().into_iter().flatten() {
                walk(doc, part, at, unbounded);
            }
        }
    }
    let mut unbounded = Vec::new();
    let (mut bodies, mut files) = (0, 0);
    for (method, path, op) in operations(&doc) {
        if let Some(body) = op.get("requestBody") {
            // Files are bounded by size on the server (a picture 10 MB, an import's CSV
            // 768 MB), and by what their rows and pixels may hold (docs/rules.md).
            if body["content"].get("multipart/form-data").is_some()
                || body["content"].get("text/csv").is_some()
            {
                files += 1;
                continue;
            }
            bodies += 1;
            let schema = &body["content"]["application/json"]["schema"];
            walk(&doc, schema, &format!("{method} {path} body"), &mut unbounded);
        }
        for parameter in op["parameters"].as_array().into_iter().flatten() {
            let name = parameter["name"].as_str().unwrap();
            walk(&doc, &parameter["schema"], &format!("{method} {path} {name}"), &mut unbounded);
        }
    }
    assert_eq!(bodies, 36, "every JSON body is documented");
    assert_eq!(files, 2, "a picture and a catalog file");
    assert!(unbounded.is_empty(), "unbounded input: {unbounded:?}");
}

#[actix_web::test]
async fn links_name_operations_that_exist() {
    let doc = document().await;
    let ids: BTreeSet<String> =
        operations(&doc).iter().map(|(_, _, op)| op["operationId"].as_str().unwrap().to_owned()).collect();
    assert_eq!(ids.len(), operations(&doc).len(), "operation ids are unique");
    let mut links = 0;
    for (method, path, op) in operations(&doc) {
        for response in op["responses"].as_object().unwrap().values() {
            for (name, link) in response["links"].as_object().into_iter().flatten() {
                links += 1;
                let target = link["operationId"].as_str().expect("links by operationId");
                assert!(ids.contains(target), "{method} {path} link {name}: no operation {target}");
            }
        }
    }
    assert!(links >= 10, "links let schemathesis chain calls statefully ({links})");
}
