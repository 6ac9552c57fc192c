//! `paced`: catalog reads at a fixed rate, whatever the store is doing, as shoppers'
//! browsers send them (each request at its time, not after the one before answered):
//! a store that slows shows it in the times, which run from when a request was due,
//! not when it could be sent. Requests leave on time, within the operating system's
//! timer slack (about 50 µs), not on the runtime's millisecond ticks. Prints
//! `BENCH paced_p50_ms=… paced_p99_ms=… sent=… errors=…`. What `demo.sh` compares a
//! store's reads with and without other work by.

use std::time::{Duration, Instant};

use reqwest::Client;

pub async fn paced(url: &str, rate: f64, secs: f64) {
    let client = Client::builder().pool_max_idle_per_host(64).build().expect("a client");
    let started = Instant::now();
    let count = (rate * secs) as usize;
    // The runtime's timer ticks in whole milliseconds: waiting on it, a request went out
    // up to a millisecond after it was due, and that wait, the load client's own, was
    // counted in every read's time. A thread of its own sleeps to each time instead.
    let (sends, mut due_ones) = tokio::sync::mpsc::unbounded_channel::<Instant>();
    std::thread::spawn(move || {
        for i in 0..count {
            let due = started + Duration::from_secs_f64(i as f64 / rate);
            if let Some(wait) = due.checked_duration_since(Instant::now()) {
                std::thread::sleep(wait);
            }
            if sends.send(due).is_err() {
                return;
            }
        }
    });
    let mut running = tokio::task::JoinSet::new();
    while let Some(due) = due_ones.recv().await {
        let (client, url) = (client.clone(), url.to_owned());
        running.spawn(async move {
            let answered = match client.get(&url).send().await {
                Ok(res) => res.status() == 200 && res.bytes().await.is_ok(),
                Err(_) => false,
            };
            (due.elapsed().as_secs_f64() * 1000.0, answered)
        });
    }
    let (mut ms, mut errors) = (Vec::with_capacity(count), 0);
    while let Some(joined) = running.join_next().await {
        let (took, answered) = joined.expect("a read");
        ms.push(took);
        errors += usize::from(!answered);
    }
    ms.sort_by(f64::total_cmp);
    let at = |share: f64| super::nearest_rank(&ms, share);
    println!("BENCH paced_p50_ms={:.2} paced_p99_ms={:.2} sent={count} errors={errors}", at(0.5), at(0.99));
}
