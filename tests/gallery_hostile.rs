//! Hostile input on issue 45's gallery endpoints against the real `arkanong
//! server` on 127.0.0.1: a play's end (`POST /gallery/levels/C/ends`), the
//! board with the player's own (`?player=`), today's challenge (`GET
//! /gallery/daily`), its scores (`POST /gallery/daily/scores`) and a day's
//! board (`GET /gallery/daily/DATE/scores`). Malformed dates, player ids,
//! fields and bodies, bodies far over their caps, methods a route does not
//! take, and floods past the rate limits: each a clear refusal (a 4xx with
//! an `error` sentence, `Retry-After` on a 429), never a 5xx or a panic, and
//! nothing lost (the attempts counted and the day's board as they were).
//! Also the bounded fuzz the older endpoints have (tests/gallery_api.rs),
//! aimed at these five.

#[path = "common/clears.rs"]
mod clears;
#[path = "common/gallery_client.rs"]
mod client;

use arkanong_core::game::{gather_inputs, Cpu, Difficulty, Game, Intent, Mode, Replay};
use arkanong_core::level::{Level, Side};
use client::{get, request, scratch, send_json, Answer, GalleryServer};
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};

const PLAYER: &str = "hostile-player-0123456789";

/// A solo game of `text` from `seed`, the hard CPU playing `steps` steps.
fn cpu_game(text: &str, seed: u64, steps: usize) -> String {
    let level = Level::parse(text).unwrap();
    let mut game = Game::new(&level, Mode::Solo, seed);
    let mut cpus = [Some(Cpu::new(Side::Bottom, Difficulty::Hard, seed)), None];
    let mut inputs = Vec::with_capacity(steps);
    for _ in 0..steps {
        let step = gather_inputs(&game, &mut cpus, |_| Intent::IDLE);
        game.step(&step);
        inputs.push(step);
    }
    Replay::record(&level, Mode::Solo, seed, inputs).to_text()
}

/// A refusal: the status wanted, and an `error` sentence with it.
fn refused(a: &Answer, status: u16, what: &str) {
    assert_eq!(a.status, status, "{what}: {a:?}");
    let error = a.json()["error"].as_str().unwrap_or_default().to_owned();
    assert!(!error.is_empty(), "{what}: no sentence in {a:?}");
}

/// A server with one shared level (`code`), two ends counted on it, and a
/// verified daily score of today's challenge (`date`).
struct Scene {
    server: GalleryServer,
    dir: std::path::PathBuf,
    code: String,
    date: String,
}

fn scene(name: &str, flags: &[&str]) -> Scene {
    let dir = scratch(name);
    let db = dir.join("g.sqlite");
    let server = GalleryServer::start(db.to_str().unwrap(), flags, &dir.join("log.txt"));
    let addr = server.addr.clone();
    let text = "title = \"Hostile\"\nauthor = \"Ann\"\nmode = solo\nlives = 3\n\n[bricks]\n111\n";
    let shared = send_json(
        &addr,
        "POST",
        "/gallery/levels",
        &[],
        &json!({ "text": text, "clear": clears::clear_for(text) }),
    );
    assert_eq!(shared.status, 201, "{shared:?}");
    let code = shared.json()["code"].as_str().unwrap().to_owned();
    for cleared in [true, false] {
        let a = send_json(
            &addr,
            "POST",
            &format!("/gallery/levels/{code}/ends"),
            &[],
            &json!({ "player": PLAYER, "cleared": cleared }),
        );
        assert_eq!(a.status, 204, "{a:?}");
    }
    let daily = get(&addr, "/gallery/daily");
    assert_eq!(daily.status, 200, "{daily:?}");
    let daily = daily.json();
    let game = cpu_game(
        daily["text"].as_str().unwrap(),
        daily["seed"].as_u64().unwrap(),
        600,
    );
    let first = send_json(
        &addr,
        "POST",
        "/gallery/daily/scores",
        &[],
        &json!({ "player": PLAYER, "name": "Dee", "replay": game }),
    );
    assert_eq!(first.status, 201, "{first:?}");
    let date = daily["date"].as_str().unwrap().to_owned();
    Scene {
        server,
        dir,
        code,
        date,
    }
}

impl Scene {
    /// Nothing lost: the level's two attempts (one cleared; more allowed
    /// when `more_ends`: a fuzz may send honest ends), Dee's daily score
    /// alone on the day's board, the server up and its log free of panics.
    fn intact(mut self, more_ends: bool) {
        let addr = self.server.addr.clone();
        let page = get(&addr, &format!("/gallery/levels/{}", self.code));
        assert_eq!(page.status, 200, "{page:?}");
        let page = page.json();
        let (attempts, clears) = (page["attempts"].as_i64(), page["clears"].as_i64());
        if more_ends {
            assert!(attempts >= Some(2) && clears >= Some(1), "{page}");
        } else {
            assert_eq!((attempts, clears), (Some(2), Some(1)), "{page}");
        }
        let board = get(
            &addr,
            &format!("/gallery/daily/{}/scores?player={PLAYER}", self.date),
        );
        assert_eq!(board.status, 200, "{board:?}");
        let board = board.json();
        assert_eq!(board["yours"]["name"], "Dee", "{board}");
        assert_eq!(board["scores"].as_array().map(Vec::len), Some(1), "{board}");
        assert!(self.server.alive());
        let log = std::fs::read_to_string(self.dir.join("log.txt")).unwrap_or_default();
        assert!(!log.contains("panicked"), "{log}");
        self.server.stop();
    }
}

#[test]
fn malformed_input_on_the_new_endpoints_is_refused_clearly_and_nothing_is_lost() {
    let scene = scene("hostile-input", &["--gallery-burst-factor", "100"]);
    let addr = scene.server.addr.clone();
    let ends = format!("/gallery/levels/{}/ends", scene.code);
    let as_json = [("content-type", "application/json")];

    // A play's end: fields of the wrong kind, unknown levels, no JSON. (An
    // array `[player, cleared]` is read as the object, serde's way: counted.)
    for (body, status) in [
        (json!({}), 400),
        (json!({ "player": PLAYER }), 400),
        (json!({ "cleared": true }), 400),
        (json!({ "player": PLAYER, "cleared": 1 }), 400),
        (json!({ "player": PLAYER, "cleared": null }), 400),
        (json!({ "player": "x".repeat(65), "cleared": true }), 400),
        (
            json!({ "player": "bad id with spaces!!", "cleared": true }),
            400,
        ),
        (
            json!({ "player": "'; DROP TABLE attempts; --", "cleared": true }),
            400,
        ),
        (json!("cleared"), 400),
    ] {
        refused(
            &send_json(&addr, "POST", &ends, &[], &body),
            status,
            &format!("ends {body}"),
        );
    }
    for code in ["AAAAAA", "zzzzzz", "0", &"A".repeat(300)] {
        let a = send_json(
            &addr,
            "POST",
            &format!("/gallery/levels/{code}/ends"),
            &[],
            &json!({ "player": PLAYER, "cleared": true }),
        );
        assert!(matches!(a.status, 400 | 404), "ends of {code}: {a:?}");
    }
    refused(
        &request(&addr, "POST", &ends, &as_json, b"{\"player\":").unwrap(),
        400,
        "ends: cut JSON",
    );
    let plain = request(
        &addr,
        "POST",
        &ends,
        &[("content-type", "text/plain")],
        b"{}",
    )
    .unwrap();
    assert_eq!(plain.status, 415, "{plain:?}");
    // Bodies far over their caps: 413 before anything is read into memory.
    let huge = vec![b' '; 9 << 20];
    for path in [ends.as_str(), "/gallery/daily/scores"] {
        let a = request(&addr, "POST", path, &as_json, &huge).unwrap();
        assert_eq!(a.status, 413, "{path}: {a:?}");
    }
    // A play's end is tiny: a 5 KiB player id is over the 4 KiB cap.
    let long = json!({ "player": "p".repeat(5000), "cleared": true });
    let a = send_json(&addr, "POST", &ends, &[], &long);
    assert_eq!(a.status, 413, "{a:?}");

    // The board with the player's own: ids of every wrong form.
    for player in [
        "x",
        "%00%00%00%00%00%00%00%00",
        "..%2F..%2F..%2Fetc%2Fpasswd",
        "%27%3B%20DROP%20TABLE%20scores%3B%20--",
        &"y".repeat(65),
        &"z".repeat(5000),
        "%C3%89%C3%89%C3%89%C3%89%C3%89%C3%89%C3%89%C3%89",
    ] {
        for path in [
            format!("/gallery/levels/{}/scores?player={player}", scene.code),
            format!("/gallery/daily/{}/scores?player={player}", scene.date),
        ] {
            let a = get(&addr, &path);
            assert!(matches!(a.status, 400 | 414 | 431), "{path}: {a:?}");
            assert!(a.status < 500);
        }
    }
    // An empty id, or one given twice, is no crash either.
    for query in ["?player=", "?player", &format!("?player={PLAYER}&player=x")] {
        let a = get(
            &addr,
            &format!("/gallery/levels/{}/scores{query}", scene.code),
        );
        assert!(a.status < 500, "{query}: {a:?}");
    }

    // A day's board: every date that is not one.
    for date in [
        "2026-02-30",
        "2026-13-01",
        "2026-00-10",
        "0000-00-00",
        "99999-01-01",
        "2026-1-1",
        "2026-11-29x",
        "-2026-11-29",
        "2026_11_29",
        "%00",
        "..",
        "9223372036854775808",
        &"2026-11-29".repeat(100),
    ] {
        let a = get(&addr, &format!("/gallery/daily/{date}/scores"));
        refused(&a, 400, &format!("day {date:?}"));
    }
    for date in ["1970-01-01", "2199-12-31"] {
        let a = get(&addr, &format!("/gallery/daily/{date}/scores"));
        assert!(matches!(a.status, 400 | 404), "day {date}: {a:?}");
        refused(&a, a.status, &format!("day {date}"));
    }
    // Today's challenge takes only GET; the day's board only GET.
    for (method, path) in [
        ("POST", "/gallery/daily".to_owned()),
        ("DELETE", "/gallery/daily".to_owned()),
        ("PUT", format!("/gallery/daily/{}/scores", scene.date)),
        ("DELETE", "/gallery/daily/scores".to_owned()),
        ("GET", ends.clone()),
    ] {
        let a = request(&addr, method, &path, &as_json, b"{}").unwrap();
        assert!(matches!(a.status, 404 | 405), "{method} {path}: {a:?}");
    }

    // A daily score: fields of the wrong kind, dates not days.
    let today = get(&addr, "/gallery/daily").json();
    let game = cpu_game(
        today["text"].as_str().unwrap(),
        today["seed"].as_u64().unwrap(),
        300,
    );
    let other = "hostile-other-0123456789";
    for (body, statuses) in [
        (json!({ "player": other, "name": "Eve" }), &[400][..]),
        (
            json!({ "player": other, "replay": game, "name": 7 }),
            &[400],
        ),
        (
            json!({ "player": other, "replay": 12, "name": "Eve" }),
            &[400],
        ),
        (
            json!({ "player": "x", "replay": game, "name": "Eve" }),
            &[400],
        ),
        (
            json!({ "player": other, "replay": "", "name": "Eve" }),
            &[422],
        ),
        (
            json!({ "player": other, "replay": "garbage\n", "name": "Eve" }),
            &[422],
        ),
        (
            json!({ "player": other, "replay": game, "name": "Eve", "date": "yesterday" }),
            &[400, 409, 422],
        ),
        (
            json!({ "player": other, "replay": game, "name": "Eve", "date": 20261129 }),
            &[400],
        ),
        (
            json!({ "player": other, "replay": game, "name": "Eve", "date": "2026-02-30" }),
            &[400, 409, 422],
        ),
        (
            json!({ "player": other, "replay": game, "name": "Eve", "score": -1 }),
            &[400],
        ),
        (
            json!({ "player": other, "replay": game, "name": "Eve", "score": 1e99 }),
            &[400],
        ),
        (
            json!({ "player": other, "replay": game, "name": "Eve", "score": 4_000_000_000u64 }),
            &[400, 422],
        ),
        (
            json!({ "player": other, "replay": game, "name": "x".repeat(3000) }),
            &[413, 422],
        ),
        (
            json!({ "player": other, "replay": game, "name": "\u{0}\u{7}\u{202e}" }),
            &[422],
        ),
    ] {
        let a = send_json(&addr, "POST", "/gallery/daily/scores", &[], &body);
        assert!(statuses.contains(&a.status), "daily {body}: {a:?}");
        refused(&a, a.status, "daily score");
    }
    scene.intact(false);
}

#[test]
fn floods_on_the_new_endpoints_hit_their_rate_limits_and_nothing_is_lost() {
    let scene = scene("hostile-flood", &[]);
    let addr = scene.server.addr.clone();
    let ends = format!("/gallery/levels/{}/ends", scene.code);
    // Plays' ends: 60 in a burst (two spent by the scene), then 429 with a
    // wait; the flood counts no attempt (one id is capped as a player).
    let statuses: Vec<u16> = (0..80)
        .map(|k| {
            let body = json!({ "player": format!("flood-player-{k:012}"), "cleared": true });
            send_json(&addr, "POST", &ends, &[], &body).status
        })
        .collect();
    let limited = statuses.iter().filter(|&&s| s == 429).count();
    assert!(limited >= 15, "{statuses:?}");
    assert!(
        statuses.iter().all(|&s| s == 204 || s == 429),
        "{statuses:?}"
    );
    let over = send_json(
        &addr,
        "POST",
        &ends,
        &[],
        &json!({ "player": PLAYER, "cleared": true }),
    );
    assert_eq!(over.status, 429, "{over:?}");
    assert!(over.header("retry-after").is_some(), "{over:?}");
    // Daily scores: 20 in a burst (one spent by the scene), each a replay
    // played: garbage is refused cheaply and still counted.
    let statuses: Vec<u16> = (0..25)
        .map(|k| {
            let body =
                json!({ "player": format!("flood-daily-{k:012}"), "name": "F", "replay": "x\n" });
            send_json(&addr, "POST", "/gallery/daily/scores", &[], &body).status
        })
        .collect();
    assert!(statuses[..19].iter().all(|&s| s == 422), "{statuses:?}");
    assert!(statuses[19..].iter().all(|&s| s == 429), "{statuses:?}");
    // Reads of today's challenge and the day's board: 120 in a burst.
    let reads: Vec<u16> = (0..130)
        .map(|k| match k % 2 {
            0 => get(&addr, "/gallery/daily").status,
            _ => get(&addr, &format!("/gallery/daily/{}/scores", scene.date)).status,
        })
        .collect();
    assert!(
        reads.iter().filter(|&&s| s == 429).count() >= 5,
        "{reads:?}"
    );
    assert!(reads.iter().all(|&s| s == 200 || s == 429), "{reads:?}");
    // The limits are per address and refill: wait them out, then check.
    std::thread::sleep(std::time::Duration::from_secs(3));
    let counted = get(&addr, &format!("/gallery/levels/{}", scene.code)).json();
    // Ends past the cap are answered 204 but not counted: the scene's 2, and
    // at most the address's few players of the flood.
    let attempts = counted["attempts"].as_i64().unwrap_or(-1);
    assert!((2..=12).contains(&attempts), "{counted}");
    // Nothing else lost: the day's board as it was.
    let board = get(&addr, &format!("/gallery/daily/{}/scores", scene.date)).json();
    assert_eq!(board["scores"].as_array().map(Vec::len), Some(1), "{board}");
    drop(scene);
}

#[test]
fn fuzzed_requests_on_the_new_endpoints_never_get_a_5xx() {
    let scene = scene("hostile-fuzz", &["--gallery-burst-factor", "1000"]);
    let addr = scene.server.addr.clone();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(45);
    let strings = [
        "",
        "x",
        "AAAAAA",
        "2026-11-29",
        "2026-02-30",
        "%00",
        "..",
        "-1",
        "1e99",
        "null",
        "[]",
        "{}",
        "%FF%FE",
        "\\",
        "%",
        "_",
        "9223372036854775808",
        PLAYER,
    ];
    // (No HEAD: its answer has a length and no body, which the test's client
    // would wait for.)
    let methods = ["GET", "POST", "PUT", "DELETE", "PATCH"];
    let mut fives = Vec::new();
    for k in 0..400 {
        let pick = |rng: &mut rand::rngs::SmallRng| strings[rng.random_range(0..strings.len())];
        let c = if rng.random_bool(0.5) {
            scene.code.clone()
        } else {
            pick(&mut rng).to_owned()
        };
        let day = if rng.random_bool(0.5) {
            scene.date.clone()
        } else {
            pick(&mut rng).to_owned()
        };
        let path = match rng.random_range(0..5) {
            0 => format!("/gallery/levels/{c}/ends"),
            1 => format!("/gallery/levels/{c}/scores?player={}", pick(&mut rng)),
            2 => "/gallery/daily".to_owned(),
            3 => "/gallery/daily/scores".to_owned(),
            _ => format!("/gallery/daily/{day}/scores?player={}", pick(&mut rng)),
        };
        let path: String = path.chars().filter(|c| c.is_ascii_graphic()).collect();
        let mut o = serde_json::Map::new();
        for field in ["player", "cleared", "name", "replay", "date", "score"] {
            if rng.random_bool(0.6) {
                let v = match rng.random_range(0..6) {
                    0 => json!(pick(&mut rng)),
                    1 => json!(rng.random::<i64>()),
                    2 => json!(rng.random_bool(0.5)),
                    3 => Value::Null,
                    4 => json!(PLAYER),
                    _ => json!([pick(&mut rng)]),
                };
                o.insert(field.into(), v);
            }
        }
        let body = if rng.random_bool(0.2) {
            (0..rng.random_range(0..64)).map(|_| rng.random()).collect()
        } else {
            Value::Object(o).to_string().into_bytes()
        };
        let method = methods[rng.random_range(0..methods.len())];
        match request(
            &addr,
            method,
            &path,
            &[("content-type", "application/json")],
            &body,
        ) {
            Ok(a) if a.status >= 500 => {
                fives.push(format!("#{k} {method} {path}: {} {}", a.status, a.body))
            }
            Ok(_) => {}
            Err(e) => fives.push(format!("#{k} {method} {path}: no answer ({e})")),
        }
    }
    assert!(fives.is_empty(), "{fives:#?}");
    scene.intact(true);
}
