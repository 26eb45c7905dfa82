//! Issue 43's failures 1 to 3: replays that play without limit, the
//! verifiers' cap that did not hold, submissions cut with no answer.

use std::sync::Arc;
use std::time::Duration;

use serde_json::json;

use crate::make;
use crate::net::{self, Got};
use crate::report::{Honest, Outcome, Tally};
use crate::Ctx;

/// Shares `text` from setup address `k`: its code (panics if refused: an
/// attack needs its level).
pub(crate) async fn share(c: &Ctx, text: &str, k: usize) -> String {
    let a = net::request(
        net::setup(k),
        c.addr,
        "POST",
        "/gallery/levels",
        Some(&make::share_body(text)),
        Duration::from_secs(60),
    )
    .await;
    assert!(
        a.is(201),
        "sharing a level: {:?} {}",
        a.got,
        String::from_utf8_lossy(&a.body)
    );
    a.json()["code"].as_str().unwrap().to_owned()
}

/// Shares the heavy level `text` from setup address `k`: its code. The
/// long level has no clear: a plain level is shared and its text replaced
/// in the SQLite file.
pub(crate) async fn share_heavy(c: &Ctx, text: &str, k: usize) -> String {
    if c.level != "long" {
        return share(c, text, k).await;
    }
    let checked = arkanong_core::level::check_text(text);
    assert!(
        checked.level.is_some(),
        "the long level: {:?}",
        checked.diagnostics
    );
    let code = share(c, &make::plain_level(&make::tag(), 900 + k), k).await;
    let sql = format!(
        "UPDATE levels SET text = '{}' WHERE code = '{code}'",
        text.replace('\'', "''")
    );
    let ok = std::process::Command::new("sqlite3")
        .args([c.db.as_str(), sql.as_str()])
        .status();
    assert!(ok.is_ok_and(|s| s.success()), "sqlite3");
    code
}

/// A score submission of `replay` on `code` from `from` by `player`.
async fn submit(
    c: &Ctx,
    from: std::net::Ipv4Addr,
    code: &str,
    player: &str,
    replay: &str,
    deadline: Duration,
) -> net::Answer {
    // A name of the player's own: a board keeps one score per name.
    let body = json!({ "player": player, "name": format!("A{}", &player[..player.len().min(20)]), "replay": replay });
    net::request(
        from,
        c.addr,
        "POST",
        &format!("/gallery/levels/{code}/scores"),
        Some(&body),
        deadline,
    )
    .await
}

/// Failure 1: one submission of a 216,000-step replay of the heavy level.
pub(crate) async fn heavy(c: &Ctx) -> Outcome {
    let text = c.heavy_text(&make::tag());
    let code = share_heavy(c, &text, 0).await;
    let replay = Arc::new(make::heavy_replay(&text));
    let honest = Honest::start(c.addr, Duration::from_millis(500), 0);
    let a = submit(
        c,
        net::from(0),
        &code,
        "heavy-0123456789abcdef",
        &replay,
        c.cap_time,
    )
    .await;
    let answers = Tally::default();
    answers.add(a.got);
    // What the replay does after its answer: watched to the end of the cap.
    let left = c.cap_time.saturating_sub(a.took);
    let still = c.running_for(left).await;
    let rss =
        crate::server::status_kib(c.pid, "VmRSS:").map_or("-".into(), |k| (k / 1024).to_string());
    let honest = honest.end().await;
    Outcome {
        answers,
        honest,
        extra: format!(
            "one submission, {} KiB (216,000 steps): answered {} after {:.1} s; until {} s: up to {still} server threads running after the answer, resident {rss} MiB at the end{}",
            replay.len() / 1024,
            a.got.key(),
            a.took.as_secs_f64(),
            c.cap_time.as_secs(),
            c.killed()
        ),
    }
}

/// Failure 2: 12 submissions of the heavy replay, one every 2 s, each from
/// its own address: how many replays run at once.
pub(crate) async fn staggered(c: &Ctx) -> Outcome {
    let text = c.heavy_text(&make::tag());
    let code = Arc::new(share_heavy(c, &text, 0).await);
    let replay = Arc::new(make::heavy_replay(&text));
    let honest = Honest::start(c.addr, Duration::from_millis(500), 0);
    let answers = Tally::default();
    let mut senders = Vec::new();
    for k in 0..12 {
        let (c2, code, replay, answers) = (
            c.clone(),
            Arc::clone(&code),
            Arc::clone(&replay),
            answers.clone(),
        );
        senders.push(tokio::spawn(async move {
            let player = format!("stagger-{k}-0123456789");
            let a = submit(&c2, net::from(10 + k), &code, &player, &replay, c2.cap_time).await;
            answers.add(a.got);
        }));
        tokio::time::sleep(Duration::from_secs(2)).await;
    }
    for s in senders {
        let _ = s.await;
    }
    let after_last = c.running_for(Duration::from_secs(5)).await;
    let honest = honest.end().await;
    Outcome {
        answers,
        honest,
        extra: format!(
            "12 heavy submissions 2 s apart: at most {} server threads running at once (replays playing; 2 = the cap), {} still running 0-5 s after the last answer{}",
            c.most_running(),
            after_last,
            c.killed()
        ),
    }
}

/// Failure 3: 50 submissions at once from 50 addresses, 48 heavy, 2 honest.
pub(crate) async fn fifty(c: &Ctx) -> Outcome {
    let t = make::tag();
    let heavy_text = c.heavy_text(&t);
    let heavy = Arc::new(share_heavy(c, &heavy_text, 0).await);
    let plain_text = make::plain_level(&t, 0);
    let plain = Arc::new(share(c, &plain_text, 1).await);
    let long = Arc::new(make::heavy_replay(&heavy_text));
    // Two honest games: two seeds (one game is listed once per level).
    let fair = [
        Arc::new(make::cpu_replay(&plain_text, 3, 1200)),
        Arc::new(make::cpu_replay(&plain_text, 4, 1200)),
    ];
    let reader = Honest::start(c.addr, Duration::from_millis(500), 0);
    let answers = Tally::default();
    let barrier = Arc::new(tokio::sync::Barrier::new(50));
    let mut senders = Vec::new();
    for k in 0..50 {
        let honest = k % 25 == 0;
        let (code, replay) = if honest {
            (Arc::clone(&plain), Arc::clone(&fair[k / 25]))
        } else {
            (Arc::clone(&heavy), Arc::clone(&long))
        };
        let (c2, answers, barrier) = (c.clone(), answers.clone(), Arc::clone(&barrier));
        senders.push(tokio::spawn(async move {
            barrier.wait().await;
            let player = format!("fifty-{k}-0123456789");
            let a = submit(&c2, net::from(20 + k), &code, &player, &replay, c2.cap_time).await;
            answers.add(a.got);
            (honest, a)
        }));
    }
    let mut honest_ok = Vec::new();
    let mut slowest = Duration::ZERO;
    let mut retry_after = 0;
    for s in senders {
        let (honest, a) = s.await.unwrap();
        slowest = slowest.max(a.took);
        if a.is(503) && a.headers.iter().any(|(n, _)| n == "retry-after") {
            retry_after += 1;
        }
        if honest && a.is(201) {
            honest_ok.push(a.took);
        }
    }
    let after_last = c.running_for(Duration::from_secs(5)).await;
    let (r_ok, r_tries, r_median) = reader.end().await;
    honest_ok.sort();
    Outcome {
        answers: answers.clone(),
        honest: (honest_ok.len(), 2, honest_ok.get(honest_ok.len() / 2).copied()),
        extra: format!(
            "honest = the 2 honest submissions (201); {} 503s with Retry-After; no answer: {} cut, {} timeout; slowest answer {:.1} s; at most {} threads running, {} still running 0-5 s after the last answer; front-page reader {}/{} median {}{}",
            retry_after,
            answers.count(Got::Cut),
            answers.count(Got::Timeout),
            slowest.as_secs_f64(),
            c.most_running(),
            after_last,
            r_ok,
            r_tries,
            r_median.map(|d| format!("{} ms", d.as_millis())).unwrap_or("-".into()),
            c.killed()
        ),
    }
}

/// Shares `n` plain levels (8 from each of 40 addresses, 127.0.0.202-241, so
/// the share limit holds none back), 4 at once: their codes.
pub(crate) async fn share_many(c: &Ctx, t: &str, n: usize) -> Vec<String> {
    let mut codes = Vec::new();
    for chunk in (0..n).collect::<Vec<_>>().chunks(4) {
        let mut tasks = Vec::new();
        for &k in chunk {
            let (addr, t) = (c.addr, t.to_owned());
            tasks.push(tokio::spawn(async move {
                let body = tokio::task::spawn_blocking(move || {
                    make::share_body(&make::plain_level(&t, k))
                })
                .await
                .unwrap();
                net::request(
                    net::from(200 + (k / 8) % 40),
                    addr,
                    "POST",
                    "/gallery/levels",
                    Some(&body),
                    Duration::from_secs(60),
                )
                .await
            }));
        }
        for task in tasks {
            let a = task.await.unwrap();
            assert!(
                a.is(201),
                "sharing a level: {:?} {}",
                a.got,
                String::from_utf8_lossy(&a.body)
            );
            codes.push(a.json()["code"].as_str().unwrap().to_owned());
        }
    }
    codes
}
