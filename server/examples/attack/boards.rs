//! Issue 43's failures 6 and 7: counters racing (8 ratings at the same
//! instant on each of 60 levels), and boards and lists stuffed (30 ids from
//! one address, 200 addresses x 30 ids, 12,200 plays, 80 CPU games).

use std::sync::Arc;
use std::time::{Duration, Instant};

use serde_json::json;

use crate::net::{self, Answer};
use crate::replays::{share, share_many};
use crate::report::{Honest, Outcome, Tally};
use crate::{make, Ctx};

/// `player` plays level `code` from `from`.
async fn play(c: &Ctx, from: std::net::Ipv4Addr, code: &str, player: &str) -> Answer {
    let body = json!({ "player": player });
    net::request(
        from,
        c.addr,
        "POST",
        &format!("/gallery/levels/{code}/plays"),
        Some(&body),
        Duration::from_secs(30),
    )
    .await
}

/// `player` rates level `code` `stars` from `from`.
async fn rate(c: &Ctx, from: std::net::Ipv4Addr, code: &str, player: &str, stars: u8) -> Answer {
    let body = json!({ "player": player, "stars": stars });
    net::request(
        from,
        c.addr,
        "POST",
        &format!("/gallery/levels/{code}/rating"),
        Some(&body),
        Duration::from_secs(30),
    )
    .await
}

/// A level's summary, read from a setup address.
async fn summary(c: &Ctx, code: &str) -> serde_json::Value {
    let a = net::request(
        net::setup(11),
        c.addr,
        "GET",
        &format!("/gallery/levels/{code}"),
        None,
        Duration::from_secs(30),
    )
    .await;
    a.json()
}

/// Where `code` stands in a listing's first page (1-based; 0: not on it).
async fn rank(c: &Ctx, sort: &str, code: &str) -> usize {
    let a = net::request(
        net::setup(11),
        c.addr,
        "GET",
        &format!("/gallery/levels?sort={sort}"),
        None,
        Duration::from_secs(30),
    )
    .await;
    a.json()["levels"]
        .as_array()
        .and_then(|l| l.iter().position(|s| s["code"] == code))
        .map_or(0, |p| p + 1)
}

/// Failure 6: 8 ratings at the same instant on each of 60 levels.
pub(crate) async fn counters(c: &Ctx) -> Outcome {
    let t = make::tag();
    let codes = share_many(c, &t, 60).await;
    let honest = Honest::start(c.addr, Duration::from_millis(500), 0);
    let answers = Tally::default();
    let mut wrong = 0;
    let want_sum: u32 = (0..8).map(|r| 1 + r % 5).sum();
    for (k, code) in codes.iter().enumerate() {
        let barrier = Arc::new(tokio::sync::Barrier::new(8));
        let mut raters = Vec::new();
        for r in 0..8usize {
            let (c2, code, barrier, answers) = (
                c.clone(),
                code.clone(),
                Arc::clone(&barrier),
                answers.clone(),
            );
            raters.push(tokio::spawn(async move {
                let from = net::from((k * 8 + r) % 200);
                let player = format!("race-{k}-{r}-0123456789");
                play(&c2, from, &code, &player).await;
                barrier.wait().await;
                answers.add(rate(&c2, from, &code, &player, 1 + (r % 5) as u8).await.got);
            }));
        }
        for rater in raters {
            let _ = rater.await;
        }
        let s = summary(c, code).await;
        let n = s["ratings"].as_i64().unwrap_or(-1);
        let avg = s["rating"].as_f64().unwrap_or(-1.0);
        if n != 8 || (avg - want_sum as f64 / 8.0).abs() > 1e-9 {
            wrong += 1;
        }
    }
    Outcome {
        answers,
        honest: honest.end().await,
        extra: format!("8 ratings at one instant (a barrier) on each of 60 levels, each rater from its own address after a play: {wrong} of 60 levels with a wrong count or average"),
    }
}

/// Six honest 4-star ratings on each of `codes` (each player played 21 s
/// before rating, as main's server wants).
async fn honest_ratings(c: &Ctx, codes: &[String], stars: u8, each: usize) {
    for (k, code) in codes.iter().enumerate() {
        for r in 0..each {
            play(c, net::setup(r), code, &format!("fan-{k}-{r}-0123456789")).await;
        }
    }
    tokio::time::sleep(Duration::from_secs(21)).await;
    for (k, code) in codes.iter().enumerate() {
        for r in 0..each {
            rate(
                c,
                net::setup(r),
                code,
                &format!("fan-{k}-{r}-0123456789"),
                stars,
            )
            .await;
        }
    }
}

/// Failure 7a: 30 rating ids from one address on a new level, against ten
/// levels each rated 4 stars by six players; then the same ids again 21 s
/// after their plays (a patient attacker).
pub(crate) async fn stuff_top(c: &Ctx) -> Outcome {
    let t = make::tag();
    let codes = share_many(c, &t, 10).await;
    honest_ratings(c, &codes, 4, 6).await;
    let target = share(c, &make::plain_level(&t, 777), 0).await;
    let honest = Honest::start(c.addr, Duration::from_millis(500), 0);
    let answers = Tally::default();
    let started = Instant::now();
    for id in 0..30 {
        let player = format!("stuffer-{id}-0123456789");
        play(c, net::from(50), &target, &player).await;
        answers.add(rate(c, net::from(50), &target, &player, 5).await.got);
    }
    let took = started.elapsed();
    let first = rank(c, "top", &target).await;
    tokio::time::sleep(Duration::from_secs(21)).await;
    for id in 0..30 {
        let player = format!("stuffer-{id}-0123456789");
        answers.add(rate(c, net::from(50), &target, &player, 5).await.got);
    }
    let patient = rank(c, "top", &target).await;
    let s = summary(c, &target).await;
    Outcome {
        answers,
        honest: honest.end().await,
        extra: format!(
            "30 ids from one address (play then 5 stars at once) vs 10 levels of six 4-star ratings: the level at #{first} of top after {:.2} s; the same ids again 21 s after their plays: #{patient} with {} ratings (#0 = not on the first page)",
            took.as_secs_f64(),
            s["ratings"]
        ),
    }
}

/// 200 addresses x 30 ids, each playing and rating 1 star: the tally and
/// the time.
async fn rate_down(c: &Ctx, target: &str, answers: &Tally, play_first: bool) -> Duration {
    let started = Instant::now();
    let mut tasks = Vec::new();
    for a in 0..200 {
        let (c2, target, answers) = (c.clone(), target.to_owned(), answers.clone());
        tasks.push(tokio::spawn(async move {
            for id in 0..30 {
                let player = format!("down-{a}-{id}-0123456789");
                if play_first {
                    play(&c2, net::from(a), &target, &player).await;
                }
                answers.add(rate(&c2, net::from(a), &target, &player, 1).await.got);
            }
        }));
    }
    for task in tasks {
        let _ = task.await;
    }
    started.elapsed()
}

/// Failure 7b: 200 addresses x 30 ids rate a 5-star level down; then the
/// same ids again 21 s after their plays (a patient attacker).
pub(crate) async fn stuff_rate(c: &Ctx) -> Outcome {
    let t = make::tag();
    let target = share(c, &make::plain_level(&t, 555), 0).await;
    honest_ratings(c, std::slice::from_ref(&target), 5, 5).await;
    let before = summary(c, &target).await;
    let honest = Honest::start(c.addr, Duration::from_millis(500), 0);
    let answers = Tally::default();
    let took = rate_down(c, &target, &answers, true).await;
    let first = summary(c, &target).await;
    tokio::time::sleep(Duration::from_secs(21)).await;
    let patient_answers = Tally::default();
    rate_down(c, &target, &patient_answers, false).await;
    let patient = summary(c, &target).await;
    Outcome {
        answers,
        honest: honest.end().await,
        extra: format!(
            "200 addresses x 30 ids (play, then 1 star at once): {} ({} ratings) -> {} ({} ratings) in {:.1} s; the same ids again 21 s after their plays: answers {}, {} ({} ratings)",
            before["rating"], before["ratings"], first["rating"], first["ratings"], took.as_secs_f64(),
            patient_answers.show(), patient["rating"], patient["ratings"]
        ),
    }
}

/// Failure 7c: 12,200 plays (200 addresses x 61 ids) on one level, against
/// five levels with 10 plays each.
pub(crate) async fn stuff_plays(c: &Ctx) -> Outcome {
    let t = make::tag();
    let codes = share_many(c, &t, 5).await;
    for (k, code) in codes.iter().enumerate() {
        for r in 0..10 {
            play(
                c,
                net::setup(r),
                code,
                &format!("player-{k}-{r}-0123456789"),
            )
            .await;
        }
    }
    let target = share(c, &make::plain_level(&t, 333), 0).await;
    let honest = Honest::start(c.addr, Duration::from_millis(500), 0);
    let answers = Tally::default();
    let started = Instant::now();
    let mut tasks = Vec::new();
    for a in 0..200 {
        let (c2, target, answers) = (c.clone(), target.clone(), answers.clone());
        tasks.push(tokio::spawn(async move {
            for id in 0..61 {
                answers.add(
                    play(
                        &c2,
                        net::from(a),
                        &target,
                        &format!("plays-{a}-{id}-0123456789"),
                    )
                    .await
                    .got,
                );
            }
        }));
    }
    for task in tasks {
        let _ = task.await;
    }
    let took = started.elapsed();
    let s = summary(c, &target).await;
    let at = rank(c, "played", &target).await;
    Outcome {
        answers,
        honest: honest.end().await,
        extra: format!(
            "12,200 plays (200 addresses x 61 ids) in {:.1} s: {} counted; the level at #{at} of \"played\" (5 others at 10 plays)",
            took.as_secs_f64(),
            s["plays"]
        ),
    }
}

/// Failure 7d: 80 CPU games on different seeds under 80 ids and names, 20
/// from each of 4 addresses.
pub(crate) async fn stuff_board(c: &Ctx) -> Outcome {
    let t = make::tag();
    let text = make::plain_level(&t, 111);
    let target = share(c, &text, 0).await;
    let replays = tokio::task::spawn_blocking(move || {
        (0..80u64)
            .map(|k| make::cpu_replay(&text, k + 1, 3600))
            .collect::<Vec<_>>()
    })
    .await
    .unwrap();
    let honest = Honest::start(c.addr, Duration::from_millis(500), 0);
    let answers = Tally::default();
    let mut tasks = Vec::new();
    for a in 0..4 {
        let (c2, target, answers) = (c.clone(), target.clone(), answers.clone());
        let mine: Vec<String> = replays[a * 20..a * 20 + 20].to_vec();
        tasks.push(tokio::spawn(async move {
            for (k, replay) in mine.iter().enumerate() {
                let body = json!({ "player": format!("bot-{a}-{k}-0123456789"), "name": format!("Bot{a}x{k}"), "replay": replay });
                let r = net::request(net::from(a), c2.addr, "POST", &format!("/gallery/levels/{target}/scores"), Some(&body), Duration::from_secs(60)).await;
                answers.add(r.got);
            }
        }));
    }
    for task in tasks {
        let _ = task.await;
    }
    let board = net::request(
        net::setup(11),
        c.addr,
        "GET",
        &format!("/gallery/levels/{target}/scores"),
        None,
        Duration::from_secs(30),
    )
    .await;
    let listed = board.json()["scores"].as_array().map_or(0, Vec::len);
    Outcome {
        answers,
        honest: honest.end().await,
        extra: format!("80 CPU games (seeds 1-80) under 80 ids and names from 4 addresses: {listed} of the board's top 10 are the bot's"),
    }
}
