//! `demo-signins`: visitors of a public demo (`market serve --demo`) pressing "Sign in
//! as demo user", N at once: each sign-in comes from a browser of its own (it opens the
//! app for its anti-forgery token, then signs in), so each makes and fills a demo
//! shopper. Runs for `--secs`, or until `--count` sign-ins are made; with `--rate`, the
//! visitors sign in that many times a second between them, each at its turn, rather
//! than back to back. Prints
//! `BENCH demo_signins=… demo_signins_per_s=… p50_ms=… p99_ms=… failed=…`, the times
//! being those of the sign-in call alone.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use serde_json::json;

use super::Shopper;

pub async fn demo_signins(url: &str, concurrency: usize, secs: f64, count: Option<usize>, rate: Option<f64>) {
    let started = Instant::now();
    let stop_at = started + Duration::from_secs_f64(secs);
    let left = Arc::new(AtomicUsize::new(count.unwrap_or(usize::MAX)));
    let mut running = tokio::task::JoinSet::new();
    // With a rate, visitor `v` signs in at v, v + n, v + 2n, … times 1/rate.
    let every = rate.map(|rate| Duration::from_secs_f64(concurrency as f64 / rate));
    for visitor in 0..concurrency {
        let (url, left) = (url.to_owned(), left.clone());
        let mut due = every.map(|every| started + every.mul_f64(visitor as f64 / concurrency as f64));
        running.spawn(async move {
            let (mut ms, mut failed) = (Vec::new(), 0usize);
            while Instant::now() < stop_at
                && left.fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_sub(1)).is_ok()
            {
                if let (Some(at), Some(every)) = (due.as_mut(), every) {
                    tokio::time::sleep_until((*at).into()).await;
                    *at += every;
                }
                let visitor = Shopper::new(&url);
                if visitor.open().await.is_err() {
                    failed += 1;
                    continue;
                }
                let asked = Instant::now();
                let answer =
                    visitor.post("/api/session", json!({"credential": "demo", "password": "password"})).await;
                match answer {
                    Ok((200, body)) if body["user"]["demoEndsAt"].is_string() => {
                        ms.push(asked.elapsed().as_secs_f64() * 1000.0)
                    }
                    _ => failed += 1,
                }
            }
            (ms, failed)
        });
    }
    let (mut ms, mut failed) = (Vec::new(), 0);
    while let Some(joined) = running.join_next().await {
        let (m, f) = joined.expect("a sign-in task");
        ms.extend(m);
        failed += f;
    }
    let took = started.elapsed().as_secs_f64();
    ms.sort_by(f64::total_cmp);
    let at = |share: f64| super::nearest_rank(&ms, share);
    println!(
        "BENCH demo_signins={} demo_signins_per_s={:.1} p50_ms={:.1} p99_ms={:.1} failed={failed}",
        ms.len(),
        ms.len() as f64 / took,
        at(0.5),
        at(0.99)
    );
}
