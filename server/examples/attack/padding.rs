//! Issue 43's failure 8: replays that cost disk and memory out of
//! proportion. Valid replays padded to 4 MiB with zero-count lines, and 800
//! fetches of 4 MiB replays by clients that do not read.

use std::process::Command;
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::net::{self, Got};
use crate::replays::share;
use crate::report::{Honest, Outcome, Tally};
use crate::{make, Ctx};

/// The SQLite database's size on disk (the file and its WAL), MiB.
fn db_mib(db: &str) -> f64 {
    let size = |p: String| std::fs::metadata(p).map_or(0, |m| m.len());
    (size(db.to_owned()) + size(format!("{db}-wal"))) as f64 / (1024.0 * 1024.0)
}

/// 80 valid CPU games padded to 4 MB each, 20 from each of 4 addresses.
pub(crate) async fn pad_store(c: &Ctx) -> Outcome {
    let t = make::tag();
    let text = make::plain_level(&t, 222);
    let target = Arc::new(share(c, &text, 0).await);
    let replays = tokio::task::spawn_blocking(move || {
        (0..80u64)
            .map(|k| make::cpu_replay(&text, k + 1, 3600))
            .collect::<Vec<_>>()
    })
    .await
    .unwrap();
    let first = db_mib(&c.db);
    let honest = Honest::start(c.addr, Duration::from_millis(500), 0);
    let answers = Tally::default();
    let started = Instant::now();
    let mut tasks = Vec::new();
    for a in 0..4 {
        let (c2, target, answers) = (c.clone(), Arc::clone(&target), answers.clone());
        let mine: Vec<String> = replays[a * 20..a * 20 + 20].to_vec();
        tasks.push(tokio::spawn(async move {
            for (k, replay) in mine.iter().enumerate() {
                let body = json!({ "player": format!("pad-{a}-{k}-0123456789"), "name": format!("Pad{a}x{k}"), "replay": make::padded(replay, 4_000_000) });
                let r = net::request(net::from(a), c2.addr, "POST", &format!("/gallery/levels/{target}/scores"), Some(&body), Duration::from_secs(60)).await;
                answers.add(r.got);
            }
        }));
    }
    for task in tasks {
        let _ = task.await;
    }
    let took = started.elapsed();
    let last = db_mib(&c.db);
    Outcome {
        answers,
        honest: honest.end().await,
        extra: format!(
            "80 valid CPU games padded to 4,000,000 bytes with zero-count lines, 20 from each of 4 addresses: database {first:.1} -> {last:.1} MiB (file + WAL) in {:.1} s",
            took.as_secs_f64()
        ),
    }
}

/// 800 fetches (50 addresses x 16) of a 4 MiB replay by clients that do
/// not read for 15 s (then read their status line, and leave).
pub(crate) async fn slow_fetch(c: &Ctx) -> Outcome {
    let t = make::tag();
    let text = make::plain_level(&t, 444);
    let target = share(c, &text, 0).await;
    let replay = make::cpu_replay(&text, 7, 600);
    let body = json!({ "player": "large-0123456789abcdef", "name": "Large", "replay": replay });
    let listed = net::request(
        net::from(0),
        c.addr,
        "POST",
        &format!("/gallery/levels/{target}/scores"),
        Some(&body),
        Duration::from_secs(60),
    )
    .await;
    assert!(
        listed.is(201),
        "the score to fetch: {:?} {}",
        listed.got,
        String::from_utf8_lossy(&listed.body)
    );
    // A 4 MiB replay, as the older server kept any sent (main's keeps no
    // client's this large: it is put in the file directly).
    let out = Command::new("sqlite3")
        .args([
            c.db.as_str(),
            "UPDATE scores SET replay = hex(zeroblob(2097152))",
        ])
        .status()
        .expect("sqlite3 runs");
    assert!(out.success(), "sqlite3");
    let board = net::request(
        net::setup(11),
        c.addr,
        "GET",
        &format!("/gallery/levels/{target}/scores"),
        None,
        Duration::from_secs(30),
    )
    .await;
    let id = board.json()["scores"][0]["id"]
        .as_i64()
        .expect("the score's id");
    let honest = Honest::start(c.addr, Duration::from_millis(500), 0);
    let answers = Tally::default();
    let mut tasks = Vec::new();
    for a in 0..50 {
        for _ in 0..16 {
            let (addr, answers) = (c.addr, answers.clone());
            tasks.push(tokio::spawn(async move {
                let Ok(mut s) = net::connect(net::from(a), addr).await else {
                    answers.add(Got::Cut);
                    return;
                };
                let ask =
                    format!("GET /gallery/scores/{id}/replay HTTP/1.1\r\nhost: {addr}\r\n\r\n");
                if s.write_all(ask.as_bytes()).await.is_err() {
                    answers.add(Got::Cut);
                    return;
                }
                tokio::time::sleep(Duration::from_secs(15)).await;
                let mut status = [0u8; 12];
                let got =
                    match tokio::time::timeout(Duration::from_secs(5), s.read_exact(&mut status))
                        .await
                    {
                        Ok(Ok(_)) => String::from_utf8_lossy(&status[9..12])
                            .parse()
                            .map_or(Got::Cut, Got::Status),
                        Ok(Err(_)) => Got::Cut,
                        Err(_) => Got::Timeout,
                    };
                answers.add(got);
            }));
        }
    }
    for task in tasks {
        let _ = task.await;
    }
    Outcome {
        answers,
        honest: honest.end().await,
        extra: "800 GETs (50 addresses x 16) of a 4 MiB replay, none read for 15 s; answers = the status line each then read".into(),
    }
}
