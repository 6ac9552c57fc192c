//! Mail leaving through a real SMTP server on loopback (`smtp_sink.rs`): each mail once,
//! after its commit; a server down gets it once it is back; a store killed mid-send
//! sends it once when it starts again; three servers over one outbox send each mail once.

use std::time::{Duration, Instant};

use serde_json::json;

use crate::back_office::with_role;
use crate::checkout::{order_of, shopper};
use crate::helpers::{
    TestApp, app_on, browser, postgres, same_browser_at, spawn_app_with, spawn_on_with, sqlite_only,
};
use crate::server::serve;
use crate::smtp_sink::{Received, SmtpSink};
use market::config::SmtpSettings;

fn settings(sink: &SmtpSink) -> SmtpSettings {
    SmtpSettings { url: sink.url(), from: "Market <shop@example.com>".into() }
}

/// A store that mails through `sink`.
async fn store_mailing_to(sink: &SmtpSink) -> TestApp {
    let settings = settings(sink);
    spawn_app_with(move |config| config.smtp = Some(settings)).await
}

/// What `sink` took once it holds `n` messages (within 10 s); fails past that.
async fn received(sink: &SmtpSink, n: usize) -> Vec<Received> {
    let start = Instant::now();
    loop {
        let got = sink.received();
        if got.len() >= n || start.elapsed() > Duration::from_secs(10) {
            assert_eq!(got.len(), n, "{got:?}");
            return got;
        }
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
    }
}

/// `/metrics`' mail figures: queued, sent, retried, given up.
async fn mail_figures(app: &TestApp) -> [i64; 4] {
    let text = app.get("/metrics").await.text().await.unwrap();
    let figure = |name: &str| -> i64 {
        let line =
            text.lines().find(|l| l.starts_with(&format!("{name} "))).unwrap_or_else(|| panic!("{name}"));
        line.split_whitespace().nth(1).unwrap().parse().unwrap()
    };
    [
        "market_mails_queued",
        "market_mails_sent_total",
        "market_mails_retried_total",
        "market_mails_given_up_total",
    ]
    .map(figure)
}

async fn place_an_order(shopper: &TestApp) -> serde_json::Value {
    shopper.post("/api/cart", json!({"productId": 51}), 201).await;
    let quote = shopper.post("/api/checkout/quote", json!({}), 200).await;
    shopper.post("/api/orders", order_of(&quote, json!({})), 201).await
}

#[actix_web::test]
async fn an_order_is_mailed_once_through_the_mail_server_and_marked_sent() {
    let sink = SmtpSink::start();
    let app = store_mailing_to(&sink).await;
    let viewer = with_role(&app, "viewer").await;
    let shopper = shopper(&app).await;
    let email = shopper.get_json("/api/session", 200).await["user"]["email"].as_str().unwrap().to_owned();
    let order = place_an_order(&shopper).await;

    let got = received(&sink, 1).await;
    assert_eq!(got[0].to, [format!("<{email}>")]);
    assert_eq!(got[0].from, "<shop@example.com>");
    let data = &got[0].data;
    assert!(data.contains(&format!("Subject: Order #{} confirmed", order["id"])), "{data}");
    assert!(data.contains("Content-Type: multipart/alternative"), "a plain-text and an HTML part: {data}");
    assert!(data.contains("Auto-Submitted: auto-generated"), "{data}");

    // Marked sent once the server has answered the message's end.
    let listed =
        viewer.get_json_within_a_second("/api/admin/mail", |v| v["Mails"][0]["status"] == "sent").await;
    assert_eq!(listed["Mails"][0]["attempts"], 1);
    actix_web::rt::time::sleep(Duration::from_millis(2_500)).await;
    assert_eq!(sink.received().len(), 1, "sent once");
    assert_eq!(mail_figures(&app).await, [0, 1, 0, 0], "queued, sent, retried, given up");
}

#[actix_web::test]
async fn a_mail_server_down_gets_the_mail_once_it_is_back() {
    let sink = SmtpSink::start();
    sink.set_down(true);
    let app = store_mailing_to(&sink).await;
    let viewer = with_role(&app, "viewer").await;
    let shopper = shopper(&app).await;
    place_an_order(&shopper).await;
    let tried =
        viewer.get_json_within_a_second("/api/admin/mail", |v| v["Mails"][0]["lastError"].is_string()).await;
    let mail = &tried["Mails"][0];
    assert_eq!(mail["status"], "queued", "a server down is tried again: {mail}");
    assert!(mail["lastError"].as_str().unwrap().contains("421"), "{mail}");
    assert_eq!(mail_figures(&app).await, [1, 0, 1, 0], "queued, sent, retried, given up");

    // Back, and the retry's wait (a minute) passed, as time would.
    sink.set_down(false);
    app.sql("UPDATE mails SET next_attempt_at = 0").await;
    received(&sink, 1).await;
    let listed =
        viewer.get_json_within_a_second("/api/admin/mail", |v| v["Mails"][0]["status"] == "sent").await;
    assert_eq!(listed["Mails"][0]["attempts"], 2);
    assert_eq!(mail_figures(&app).await, [0, 1, 1, 0]);
}

/// A store started from its binary, killed when the test ends, however it ends.
struct Stopped(std::process::Child);

impl Drop for Stopped {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[actix_web::test]
async fn a_store_killed_while_handing_a_mail_over_sends_it_once_when_it_starts_again() {
    // Over PostgreSQL, where replicas share the outbox, the mail waits for its lease to
    // end (two minutes) before another sender takes it; over SQLite the store's next
    // run releases it at start.
    if sqlite_only("releasing the leases at start") {
        return;
    }
    let sink = SmtpSink::start();
    sink.set_stalled(true);
    let url = sink.url();
    let env = [("MARKET_SMTP_URL", url.as_str())];
    let dir = tempfile::tempdir().unwrap();
    let (store, address) = serve(dir.path(), &env);
    let mut store = Stopped(store);
    let app = app_on(format!("http://{address}"), dir);
    let shopper = browser(&app);
    shopper.sign_up().await;
    let order = place_an_order(&shopper).await;

    // The sender has the mail in hand: connected, waiting for the server's greeting.
    let start = Instant::now();
    while sink.connections() == 0 {
        assert!(start.elapsed() < Duration::from_secs(10), "the sender never connected");
        actix_web::rt::time::sleep(Duration::from_millis(20)).await;
    }
    store.0.kill().unwrap();
    store.0.wait().unwrap();
    let held =
        app.sql("SELECT attempts FROM mails WHERE status = 'queued' AND leased_until IS NOT NULL").await;
    assert_eq!(held, [1], "killed with the mail taken, not sent");

    sink.set_stalled(false);
    let _again = Stopped(serve(app.data_dir.path(), &env).0);
    let got = received(&sink, 1).await;
    assert!(got[0].data.contains(&format!("Subject: Order #{} confirmed", order["id"])), "{:?}", got[0]);
    actix_web::rt::time::sleep(Duration::from_millis(2_500)).await;
    assert_eq!(sink.received().len(), 1, "sent once");
    assert_eq!(app.sql("SELECT attempts FROM mails WHERE status = 'sent'").await, [2]);
}

#[actix_web::test]
async fn three_servers_over_one_outbox_send_each_mail_once() {
    if postgres().is_none() {
        eprintln!("on SQLite: skipped, several servers need a shared PostgreSQL database");
        return;
    }
    let sink = SmtpSink::start();
    // Twelve sign-ups from one address: past the sign-up limit, which is not the point.
    let mailing = |config: &mut market::config::Config| {
        config.smtp = Some(settings(&sink));
        config.rate_limits = None;
    };
    let one = spawn_app_with(mailing).await;
    let mut servers = vec![one.address.clone()];
    for _ in 0..2 {
        servers.push(spawn_on_with(&one.data_dir, mailing).await);
    }
    // Twelve shoppers order at once, through the servers in turn.
    let orders: Vec<_> = (0..12)
        .map(|n| {
            let shopper = same_browser_at(&browser(&one), &servers[n % 3]);
            actix_web::rt::spawn(async move {
                shopper.sign_up().await;
                place_an_order(&shopper).await["id"].as_i64().unwrap()
            })
        })
        .collect();
    let mut ids = Vec::new();
    for order in orders {
        ids.push(order.await.unwrap());
    }
    let got = received(&sink, 12).await;
    actix_web::rt::time::sleep(Duration::from_millis(2_500)).await;
    assert_eq!(sink.received().len(), 12, "no mail twice");
    let mut confirmed: Vec<i64> = got
        .iter()
        .map(|m| {
            let subject = m.data.lines().find_map(|l| l.strip_prefix("Subject: Order #")).unwrap();
            subject.split_whitespace().next().unwrap().parse().unwrap()
        })
        .collect();
    confirmed.sort_unstable();
    ids.sort_unstable();
    assert_eq!(confirmed, ids, "one confirmation for each order");
    let taken = one.sql("SELECT attempts FROM mails WHERE status = 'sent'").await;
    assert_eq!(taken, [1; 12], "each mail taken by one sender, once");
}

#[actix_web::test]
async fn a_back_in_stock_mail_carries_its_unsubscribe_link_in_list_unsubscribe() {
    let sink = SmtpSink::start();
    let app = store_mailing_to(&sink).await;
    let staff = with_role(&app, "staff").await;
    crate::back_office::patch(&staff, "/api/admin/products/61", json!({"stock": 0}), 200).await;
    let shopper = shopper(&app).await;
    shopper.post("/api/stock-alerts", json!({"productId": 61}), 201).await;
    crate::back_office::patch(&staff, "/api/admin/products/61", json!({"stock": 3}), 200).await;

    let got = received(&sink, 1).await;
    let data = &got[0].data;
    assert!(data.contains("Subject: Back in stock: "), "{data}");
    let header =
        data.lines().find(|l| l.starts_with("List-Unsubscribe: ")).unwrap_or_else(|| panic!("{data}"));
    let url = header.trim_start_matches("List-Unsubscribe: <").trim_end_matches('>');
    assert!(url.starts_with(&app.url("/unsubscribe?token=")), "{header}");
    let token = url.rsplit('=').next().unwrap();
    assert!(data.contains(token), "the mail's own link is the header's: {data}");
    // Sent: the outbox keeps the mail without its token.
    let start = Instant::now();
    while app.sql("SELECT count(*) FROM mails WHERE status = 'sent'").await != [1] {
        assert!(start.elapsed() < Duration::from_secs(10), "marked sent");
        actix_web::rt::time::sleep(Duration::from_millis(50)).await;
    }
    let kept = app.sql(&format!("SELECT count(*) FROM mails WHERE facts LIKE '%{token}%'")).await;
    assert_eq!(kept, [0]);
}
