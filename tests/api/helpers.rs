use market::config::Config;
use market::startup::Application;
use reqwest::{Client, Response};
use serde_json::Value;
use tempfile::TempDir;

pub struct TestApp {
    pub address: String,
    pub client: Client,
    pub data_dir: TempDir,
}

/// Starts the app on a random port over a fresh data folder, seeded as on a first run.
pub async fn spawn_app() -> TestApp {
    let data_dir = tempfile::tempdir().expect("temp dir");
    let app = spawn_on(&data_dir).await;
    TestApp { address: app, client: client(), data_dir }
}

/// Starts another server over an existing data folder.
pub async fn spawn_on(data_dir: &TempDir) -> String {
    let config = Config {
        addr: "127.0.0.1:0".parse().unwrap(),
        data_dir: data_dir.path().to_path_buf(),
        web_dir: None,
    };
    let app = Application::build(config).expect("app builds");
    let address = format!("http://127.0.0.1:{}", app.port());
    actix_web::rt::spawn(app.run_until_stopped());
    address
}

pub fn client() -> Client {
    Client::builder().cookie_store(true).redirect(reqwest::redirect::Policy::none()).build().unwrap()
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    pub async fn get(&self, path: &str) -> Response {
        self.client.get(self.url(path)).send().await.expect("request sent")
    }

    /// GETs `path`, checks the status, and returns the JSON body.
    pub async fn get_json(&self, path: &str, status: u16) -> Value {
        let res = self.get(path).await;
        assert_eq!(res.status().as_u16(), status, "GET {path}");
        json_body(res).await
    }
}

/// The body of a JSON answer; fails when the answer is not JSON.
pub async fn json_body(res: Response) -> Value {
    let content_type = res.headers().get("content-type").map(|v| v.to_str().unwrap().to_owned());
    assert!(
        content_type.as_deref().is_some_and(|t| t.starts_with("application/json")),
        "expected JSON, got {content_type:?}"
    );
    res.json().await.expect("valid JSON")
}

/// Checks the error shape of decisions.md §3 and returns the message.
pub fn assert_error_shape(body: &Value) -> String {
    let message = body["message"].as_str().expect("message is a string");
    assert!(!message.is_empty());
    assert!(body["errors"].is_array(), "errors is a list: {body}");
    message.to_owned()
}
