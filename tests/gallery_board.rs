//! The board people read and the daily challenge (issue 45, items 4 and 6) on
//! 127.0.0.1 against the real `arkanong server`: plays' ends counted into a
//! level's attempts and clear rate (on its page and in the list, capped per
//! player and address), a top 10 with the asking player's own best beside it
//! (its rank even outside the top 10, ties broken by time), and today's
//! challenge by the server's clock: one level and seed for everyone, a score
//! verified by replay once a player a day, another seed, level or day refused
//! with a sentence, its board readable by date. On SQLite, and on PostgreSQL
//! when `ARKANONG_TEST_POSTGRES` holds a URL.

#[path = "common/clears.rs"]
mod clears;
#[path = "common/gallery_client.rs"]
mod client;

use arkanong_core::game::{gather_inputs, Cpu, Difficulty, Game, Intent, Mode, Replay};
use arkanong_core::level::{Level, Side};
use client::{get, scratch, send_json, Answer, GalleryServer};
use serde_json::json;

/// A run's own tag and address block: PostgreSQL's database outlives a run,
/// and the daily board counts players per address a day.
fn run() -> (String, u8) {
    let n = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    (format!("{n}"), u8::try_from(n % 250).unwrap() + 1)
}

/// A solo game of `text` from `seed`, played by the CPU for `steps` steps
/// (the CPU's own randomness from the time: a run's games are its own, on a
/// PostgreSQL database that keeps today's board from the runs before).
fn cpu_game(text: &str, seed: u64, steps: usize) -> (String, u32) {
    let salt = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos();
    let level = Level::parse(text).unwrap();
    let mut game = Game::new(&level, Mode::Solo, seed);
    let cpu = Cpu::new(Side::Bottom, Difficulty::Hard, seed ^ u64::from(salt));
    let mut cpus = [Some(cpu), None];
    let mut inputs = Vec::with_capacity(steps);
    for _ in 0..steps {
        let step = gather_inputs(&game, &mut cpus, |_| Intent::IDLE);
        game.step(&step);
        inputs.push(step);
    }
    let score = game.player(Side::Bottom).unwrap().score;
    (
        Replay::record(&level, Mode::Solo, seed, inputs).to_text(),
        score,
    )
}

fn error_of(a: &Answer) -> String {
    a.json()["error"].as_str().unwrap_or_default().to_owned()
}

/// Today's date by this machine's clock (the server's: the same machine).
fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let out = std::process::Command::new("date")
        .args(["-u", "-d", &format!("@{secs}"), "+%F"])
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).trim().to_owned()
}

fn post(addr: &str, path: &str, from: &str, body: &serde_json::Value) -> Answer {
    send_json(addr, "POST", path, &[("x-forwarded-for", from)], body)
}

fn the_board_and_the_daily_challenge(db: &str) {
    let dir = scratch("board");
    let flags = [
        "--gallery-burst-factor",
        "100",
        "--trusted-proxy",
        "127.0.0.1/32",
    ];
    let server = GalleryServer::start(db, &flags, &dir.join("log.txt"));
    let addr = server.addr.clone();
    let (tag, block) = run();
    let from = |k: u8| format!("203.0.{block}.{k}");
    let player = |k: u8| format!("board-{tag}-{k}");

    // A level's attempts: plays that ended, cleared or not.
    let text = format!(
        "title = \"Rate {tag}\"\nauthor = \"Ann\"\nmode = both\nlives = 3\n\n[bricks]\n1111111\n"
    );
    let shared = post(
        &addr,
        "/gallery/levels",
        &from(1),
        &json!({ "text": text, "clear": clears::clear_for(&text) }),
    );
    assert_eq!(shared.status, 201, "{shared:?}");
    let code = shared.json()["code"].as_str().unwrap().to_owned();
    let ends = format!("/gallery/levels/{code}/ends");
    for (k, cleared) in [(1, true), (2, false), (2, false), (3, true), (1, false)] {
        let a = post(
            &addr,
            &ends,
            &from(k),
            &json!({ "player": player(k), "cleared": cleared }),
        );
        assert_eq!(a.status, 204, "{a:?}");
    }
    let page = get(&addr, &format!("/gallery/levels/{code}")).json();
    assert_eq!(
        (page["attempts"].as_i64(), page["clears"].as_i64()),
        (Some(5), Some(2))
    );
    let listing = get(&addr, &format!("/gallery/levels?q={tag}")).json();
    let row = &listing["levels"][0];
    assert_eq!(
        (row["code"].as_str(), row["attempts"].as_i64()),
        (Some(code.as_str()), Some(5))
    );
    // One address under many ids: only a few players count (another
    // network's: the three above filled their /24's places this hour).
    let elsewhere = format!("198.18.{block}.9");
    for k in 10..20u8 {
        let a = post(
            &addr,
            &ends,
            &elsewhere,
            &json!({ "player": player(k), "cleared": true }),
        );
        assert_eq!(a.status, 204);
    }
    let page = get(&addr, &format!("/gallery/levels/{code}")).json();
    assert_eq!(
        (page["attempts"].as_i64(), page["clears"].as_i64()),
        (Some(8), Some(5))
    );
    // Bad input: refused clearly, never counted.
    for (body, status) in [
        (json!({ "player": player(1) }), 400),
        (json!({ "player": "short", "cleared": true }), 400),
        (json!({ "player": player(1), "cleared": "yes" }), 400),
    ] {
        let a = post(&addr, &ends, &from(1), &body);
        assert_eq!(a.status, status, "{body}: {a:?}");
        assert!(!error_of(&a).is_empty());
    }
    let nowhere = post(
        &addr,
        "/gallery/levels/AAAAAA/ends",
        &from(1),
        &json!({ "player": player(1), "cleared": true }),
    );
    assert_eq!(nowhere.status, 404);

    // Your best beside the top 10, even outside it; ties broken by time.
    let mut listed = 0;
    for k in 0..12u8 {
        let (replay, _) = cpu_game(&text, 40 + u64::from(k), 300 + 20 * usize::from(k));
        let a = post(
            &addr,
            &format!("/gallery/levels/{code}/scores"),
            &from(30 + k),
            &json!({
            "player": player(30 + k), "name": format!("P{k}"), "replay": replay }),
        );
        assert_eq!(a.status, 201, "{a:?}");
        listed += 1;
    }
    assert_eq!(listed, 12);
    let board = get(
        &addr,
        &format!("/gallery/levels/{code}/scores?player={}", player(30)),
    )
    .json();
    let scores = board["scores"].as_array().unwrap();
    assert_eq!(scores.len(), 10);
    // The board's size beside its ten (the Submit page's "#2 of 12").
    assert_eq!(board["entries"], 12, "{board}");
    for pair in scores.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        let key =
            |s: &serde_json::Value| (-s["score"].as_i64().unwrap(), s["steps"].as_i64().unwrap());
        assert!(
            key(a) <= key(b),
            "ranked by score, then fewer steps: {a} {b}"
        );
    }
    let yours = &board["yours"];
    assert_eq!(yours["name"], "P0");
    let rank = yours["rank"].as_i64().unwrap();
    assert!((1..=12).contains(&rank), "{yours}");
    let last = (0..12u8)
        .map(|k| {
            get(
                &addr,
                &format!("/gallery/levels/{code}/scores?player={}", player(30 + k)),
            )
            .json()["yours"]["rank"]
                .as_i64()
                .unwrap()
        })
        .max();
    assert_eq!(
        last,
        Some(12),
        "the 12th player sees their rank outside the top 10"
    );
    let nobody = get(
        &addr,
        &format!("/gallery/levels/{code}/scores?player={}", player(99)),
    )
    .json();
    assert!(nobody["yours"].is_null());
    assert_eq!(
        get(&addr, &format!("/gallery/levels/{code}/scores?player=x")).status,
        400
    );

    // Today's challenge, by the server's clock.
    let daily = get(&addr, "/gallery/daily");
    assert_eq!(daily.status, 200, "{daily:?}");
    let daily = daily.json();
    let date = today();
    assert_eq!(daily["date"].as_str(), Some(date.as_str()));
    let (day_text, seed) = (
        daily["text"].as_str().unwrap().to_owned(),
        daily["seed"].as_u64().unwrap(),
    );
    assert!(Level::parse(&day_text).unwrap().mode.allows_solo());
    assert_eq!(
        get(&addr, "/gallery/daily").json(),
        daily,
        "the same all day"
    );
    let submit =
        |k: u8, body: serde_json::Value| post(&addr, "/gallery/daily/scores", &from(50 + k), &body);
    let (game, score) = cpu_game(&day_text, seed, 900);
    let first = submit(
        1,
        json!({ "player": player(50), "name": "Dee", "replay": game, "date": date }),
    );
    assert_eq!(first.status, 201, "{first:?}");
    assert_eq!(first.json()["score"].as_u64(), Some(u64::from(score)));
    // A second game the same day never counts.
    let (better, _) = cpu_game(&day_text, seed, 1800);
    let again = submit(
        1,
        json!({ "player": player(50), "name": "Dee", "replay": better }),
    );
    assert_eq!(again.status, 409, "{again:?}");
    assert!(
        error_of(&again).contains("one score a day counts"),
        "{again:?}"
    );
    // Another seed, another level, another day: refused, saying why.
    let (other_seed, _) = cpu_game(&day_text, seed + 1, 900);
    let wrong = submit(
        2,
        json!({ "player": player(51), "name": "Eve", "replay": other_seed }),
    );
    assert_eq!(wrong.status, 422, "{wrong:?}");
    assert!(
        error_of(&wrong).contains(&format!("not today's: the daily challenge ({date}")),
        "{wrong:?}"
    );
    assert!(
        error_of(&wrong).contains(&format!("is seed {seed}")),
        "{wrong:?}"
    );
    let (elsewhere, _) = cpu_game(&text, seed, 600);
    let wrong = submit(
        2,
        json!({ "player": player(51), "name": "Eve", "replay": elsewhere }),
    );
    assert_eq!(wrong.status, 422, "{wrong:?}");
    assert!(
        error_of(&wrong).contains("another level: the daily challenge"),
        "{wrong:?}"
    );
    let stale = submit(
        2,
        json!({ "player": player(51), "name": "Eve", "replay": better, "date": "2020-01-01" }),
    );
    assert_eq!(stale.status, 409, "{stale:?}");
    assert!(error_of(&stale).contains("2020-01-01 is over"), "{stale:?}");
    let doctored: String = better
        .lines()
        .map(|l| {
            if l.starts_with("hash ") {
                "hash 0000000000000001\n".to_owned()
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    let bad = submit(
        2,
        json!({ "player": player(51), "name": "Eve", "replay": doctored }),
    );
    assert_eq!(bad.status, 422, "{bad:?}");
    let ok = submit(
        2,
        json!({ "player": player(51), "name": "Eve", "replay": better }),
    );
    assert_eq!(ok.status, 201, "{ok:?}");
    // The day's board, with the player's own.
    let board = get(
        &addr,
        &format!("/gallery/daily/{date}/scores?player={}", player(50)),
    );
    assert_eq!(board.status, 200, "{board:?}");
    let board = board.json();
    assert_eq!(board["date"].as_str(), Some(date.as_str()));
    assert_eq!(board["yours"]["name"], "Dee");
    assert_eq!(board["entries"], names_listed(&board), "{board}");
    let names: Vec<&str> = board["scores"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|s| s["name"].as_str())
        .collect();
    assert!(
        names.contains(&"Dee") && names.contains(&"Eve"),
        "{names:?}"
    );
    assert_eq!(get(&addr, "/gallery/daily/2021-02-30/scores").status, 400);
    assert_eq!(get(&addr, "/gallery/daily/nope/scores").status, 400);
    assert_eq!(get(&addr, "/gallery/daily/1971-01-01/scores").status, 404);
    assert_eq!(
        get(&addr, &format!("/gallery/daily/{date}/scores?player=x")).status,
        400
    );
    let log = std::fs::read_to_string(dir.join("log.txt")).unwrap_or_default();
    assert!(
        log.contains("gallery: daily score") && !log.contains("panicked"),
        "{log}"
    );
    server.stop();
}

#[test]
fn the_board_and_the_daily_challenge_on_sqlite() {
    let dir = scratch("board-sqlite");
    the_board_and_the_daily_challenge(dir.join("g.sqlite").to_str().unwrap());
}

#[test]
fn the_board_and_the_daily_challenge_on_postgresql() {
    match std::env::var("ARKANONG_TEST_POSTGRES") {
        Ok(url) if !url.is_empty() => the_board_and_the_daily_challenge(&url),
        _ if std::env::var("ARKANONG_REQUIRE_POSTGRES").is_ok_and(|v| v == "1") => {
            panic!("ARKANONG_REQUIRE_POSTGRES=1 but ARKANONG_TEST_POSTGRES names no database")
        }
        _ => eprintln!("skipped: set ARKANONG_TEST_POSTGRES=postgres://... to run on PostgreSQL"),
    }
}

/// How many scores a board lists (all of them, on a board under ten).
fn names_listed(board: &serde_json::Value) -> usize {
    board["scores"].as_array().map_or(0, Vec::len)
}
