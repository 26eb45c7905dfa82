//! The gallery measured: `cargo bench --bench gallery`.
//!
//! Prints one table: listings and uploads a second against `arkanong server`
//! on 127.0.0.1 (one request per connection, from one thread and from 4), the
//! time to verify a typical replay (a CPU's two-minute solo game of the first
//! shipped level: the game replayed alone, and the whole submission over
//! HTTP), and the SQLite database's size per 10,000 levels (live, and as
//! `--backup` writes it). Each rate is the median of 3 rounds; the machine's
//! load (`uptime`) is printed before and after, as the figures move with it.

#[path = "../tests/common/gallery_client.rs"]
mod client;

use std::time::{Duration, Instant};

use arkanong_core::game::{gather_inputs, Cpu, Difficulty, Game, Intent, Mode, Replay};
use arkanong_core::level::{shipped_levels, Level, Side};
use client::{arkanong_bin, get, request, scratch, send_json, GalleryServer};
use serde_json::json;

const ROUNDS: usize = 3;

fn uptime() -> String {
    std::process::Command::new("uptime")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_owned())
        .unwrap_or_default()
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}

/// Requests a second: `n` requests made by `make(k)` from `threads` threads.
fn rate(threads: usize, n: usize, make: &(dyn Fn(usize) -> u16 + Sync)) -> f64 {
    let start = Instant::now();
    std::thread::scope(|s| {
        for t in 0..threads {
            s.spawn(move || {
                for k in (t..n).step_by(threads) {
                    let status = make(k);
                    assert!(status < 300, "request {k}: status {status}");
                }
            });
        }
    });
    n as f64 / start.elapsed().as_secs_f64()
}

fn level_text(k: usize) -> String {
    let first = shipped_levels()[0].text;
    first.replacen(
        "title = \"First Contact\"",
        &format!("title = \"Bench level {k}\""),
        1,
    )
}

fn share(addr: &str, k: usize) -> u16 {
    send_json(
        addr,
        "POST",
        "/gallery/levels",
        &[],
        &json!({ "text": level_text(k), "author": "bench" }),
    )
    .status
}

fn file_size(path: &std::path::Path) -> u64 {
    std::fs::metadata(path).map_or(0, |m| m.len())
}

fn main() {
    println!("load before: {}", uptime());
    let dir = scratch("bench");
    let db = dir.join("gallery.sqlite");
    let server = GalleryServer::start(
        db.to_str().unwrap(),
        &[
            "--gallery-burst-factor",
            "1000000",
            "--max-per-address",
            "64",
        ],
        &dir.join("log.txt"),
    );
    let addr = server.addr.as_str();
    let mut rows: Vec<(String, String)> = Vec::new();

    // Uploads: 3 rounds of 300 from one thread, then 3 of 600 from 4.
    let mut made = 0;
    for threads in [1, 4] {
        let n = 300 * threads.min(2);
        let rates: Vec<f64> = (0..ROUNDS)
            .map(|_| {
                let base = made;
                made += n;
                rate(threads, n, &|k| share(addr, base + k))
            })
            .collect();
        rows.push((
            format!("uploads a second, {threads} thread(s) (median of {ROUNDS}x{n})"),
            format!("{:.0}", median(rates)),
        ));
    }
    // Fill to 10,000 levels for the listings and the size.
    let fill = 10_000 - made;
    let start = Instant::now();
    rate(4, fill, &|k| share(addr, made + k));
    eprintln!(
        "{fill} more levels in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    for (sort, threads) in [("newest", 1), ("top", 1), ("played", 1), ("top", 4)] {
        let n = 500;
        let rates: Vec<f64> = (0..ROUNDS)
            .map(|_| {
                rate(threads, n, &|k| {
                    get(
                        addr,
                        &format!("/gallery/levels?sort={sort}&page={}", k % 50),
                    )
                    .status
                })
            })
            .collect();
        rows.push((
            format!("listings a second, sort={sort}, {threads} thread(s), 10,000 levels"),
            format!("{:.0}", median(rates)),
        ));
    }
    let search: Vec<f64> = (0..ROUNDS)
        .map(|_| {
            rate(1, 200, &|k| {
                get(addr, &format!("/gallery/levels?q=level%20{}", k * 37)).status
            })
        })
        .collect();
    rows.push((
        "searches a second (title), 1 thread, 10,000 levels".into(),
        format!("{:.0}", median(search)),
    ));

    // A typical replay: the CPU plays the first shipped level solo for two minutes.
    let text = level_text(0);
    let level = Level::parse(&text).unwrap();
    let mut game = Game::new(&level, Mode::Solo, 5);
    let mut cpus = [Some(Cpu::new(Side::Bottom, Difficulty::Hard, 5)), None];
    let steps = 120 * 120;
    let inputs: Vec<_> = (0..steps)
        .map(|_| {
            let i = gather_inputs(&game, &mut cpus, |_| Intent::IDLE);
            game.step(&i);
            i
        })
        .collect();
    let replay = Replay::record(&level, Mode::Solo, 5, inputs);
    let alone: Vec<f64> = (0..5)
        .map(|_| {
            let t = Instant::now();
            replay.verify().unwrap();
            t.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    rows.push((
        format!("verify a replay, game alone ({steps} steps, 2 min of play), ms"),
        format!("{:.0}", median(alone)),
    ));
    let (code, _) = {
        let a = send_json(
            addr,
            "POST",
            "/gallery/levels",
            &[],
            &json!({ "text": text }),
        );
        let v = a.json();
        (v["code"].as_str().unwrap().to_owned(), ())
    };
    let body =
        json!({ "player": "bench-player-0123456789", "name": "CPU", "replay": replay.to_text() });
    let submitted: Vec<f64> = (0..5)
        .map(|_| {
            let t = Instant::now();
            let a = send_json(
                addr,
                "POST",
                &format!("/gallery/levels/{code}/scores"),
                &[],
                &body,
            );
            assert_eq!(a.status, 201, "{a:?}");
            t.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    rows.push((
        "submit that replay over HTTP (verified, stored, ranked), ms".into(),
        format!("{:.0}", median(submitted)),
    ));
    rows.push((
        "replay text size, bytes".into(),
        replay.to_text().len().to_string(),
    ));

    // The database's size for 10,000 levels (each ~ the first shipped level's text).
    let live = file_size(&db) + file_size(&dir.join("gallery.sqlite-wal"));
    let backup = dir.join("backup.sqlite");
    let out = std::process::Command::new(arkanong_bin())
        .args([
            "server",
            "--backup",
            backup.to_str().unwrap(),
            "--db",
            db.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let mib = |b: u64| b as f64 / (1024.0 * 1024.0);
    rows.push((
        "database per 10,000 levels, live (file + WAL), MiB".into(),
        format!("{:.1}", mib(live)),
    ));
    rows.push((
        "database per 10,000 levels, as --backup writes it, MiB".into(),
        format!("{:.1}", mib(file_size(&backup))),
    ));
    rows.push(("level text, bytes each".into(), text.len().to_string()));
    let _ = request(addr, "GET", "/gallery/levels", &[], b"");
    std::thread::sleep(Duration::from_millis(10));

    println!("| figure | value |\n| --- | --- |");
    for (name, value) in rows {
        println!("| {name} | {value} |");
    }
    println!("load after: {}", uptime());
}
