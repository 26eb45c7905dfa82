//! The gallery (issue 35) on 127.0.0.1 against the real `arkanong server`:
//! share, browse (sorts, search, pages), get, rate, play, report, verified
//! scores (a CPU's solo game accepted with the score it reproduces; doctored,
//! other-level, other-rules and edited replays refused), the top 10 and its
//! replays, edits and withdrawals with and without the key, the operator's
//! hide and list, a restart and a backup keeping everything, limits hit, and a
//! bounded fuzz that never gets a 5xx. The suite runs on SQLite, and on
//! PostgreSQL when `ARKANONG_TEST_POSTGRES` holds a URL (with
//! `ARKANONG_REQUIRE_POSTGRES=1`, a missing URL fails instead of skipping).

#[path = "common/clears.rs"]
mod clears;
#[path = "common/gallery_client.rs"]
mod client;

use std::process::Command;

use arkanong_core::game::{gather_inputs, Cpu, Difficulty, Game, Intent, Mode, Replay};
use arkanong_core::level::{Level, RulesVersion, Side};
use client::{arkanong_bin, get, request, scratch, send_json, Answer, GalleryServer};
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};

const PLAYER_1: &str = "player-one-0123456789";
const PLAYER_2: &str = "player-two-0123456789";
const PLAYER_3: &str = "player-three-012345678";
const PLAYER_4: &str = "player-four-0123456789";

/// The address each test player comes from (through a trusted proxy).
fn address_of(player: &str) -> &'static str {
    match player {
        PLAYER_1 => "198.51.100.1",
        PLAYER_2 => "198.51.101.2",
        PLAYER_3 => "198.51.102.3",
        PLAYER_4 => "198.51.103.4",
        _ => "198.51.104.99",
    }
}

/// A level's text titled `title`.
fn level(title: &str, rows: &str) -> String {
    format!(
        "title = \"{title}\"\nauthor = \"Level Smith\"\nmode = both\nlives = 3\n\n[bricks]\n{rows}"
    )
}

/// A solo game of `text` played by the CPU for `steps` steps; its replay and score.
fn cpu_game(text: &str, steps: usize) -> (Replay, u32) {
    let level = Level::parse(text).unwrap();
    let mut game = Game::new(&level, Mode::Solo, 11);
    let mut cpus = [Some(Cpu::new(Side::Bottom, Difficulty::Hard, 11)), None];
    let mut inputs = Vec::with_capacity(steps);
    for _ in 0..steps {
        let step = gather_inputs(&game, &mut cpus, |_| Intent::IDLE);
        game.step(&step);
        inputs.push(step);
    }
    let score = game.player(Side::Bottom).unwrap().score;
    (Replay::record(&level, Mode::Solo, 11, inputs), score)
}

fn share(addr: &str, text: &str) -> (String, String) {
    let a = send_json(
        addr,
        "POST",
        "/gallery/levels",
        &[],
        &json!({ "text": text, "clear": clears::clear_for(text) }),
    );
    assert_eq!(a.status, 201, "{a:?}");
    assert_eq!(a.header("access-control-allow-origin"), Some("*"));
    let v = a.json();
    (
        v["code"].as_str().unwrap().to_owned(),
        v["edit_key"].as_str().unwrap().to_owned(),
    )
}

fn codes(listing: &Answer) -> Vec<String> {
    assert_eq!(listing.status, 200, "{listing:?}");
    listing.json()["levels"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["code"].as_str().unwrap().to_owned())
        .collect()
}

fn error_of(a: &Answer) -> String {
    a.json()["error"].as_str().unwrap_or_default().to_owned()
}

/// A tag no other run shares, so the suite can run on a database with other
/// runs' levels in it (PostgreSQL's).
fn tag() -> String {
    let n = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    let letters: String = format!("{n:x}")
        .chars()
        .rev()
        .take(10)
        .map(|c| char::from(b'a' + c.to_digit(16).unwrap() as u8))
        .collect();
    format!("zq{letters}")
}

/// Runs `arkanong server ARGS` to its end; exit code and stdout.
fn server_tool(args: &[&str]) -> (i32, String) {
    let out = Command::new(arkanong_bin())
        .arg("server")
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// The whole API on `db`; `file` is the SQLite file, for the backup.
fn the_gallery_suite(db: &str, file: Option<&std::path::Path>) {
    let dir = scratch("suite");
    // Each player comes from an address of their own, through the proxy the
    // test plays (the board keeps one score per address a day), and rates as
    // soon as they played.
    let flags = [
        "--gallery-burst-factor",
        "100",
        "--trusted-proxy",
        "127.0.0.1/32",
        "--rate-after-play",
        "0",
    ];
    let server = GalleryServer::start(db, &flags, &dir.join("log1.txt"));
    let addr = server.addr.clone();
    let t = tag();

    // A preflight from the browser build's page.
    let pre = request(&addr, "OPTIONS", "/gallery/levels", &[], b"").unwrap();
    assert!(pre.status == 204 || pre.status == 200, "{pre:?}");
    assert_eq!(pre.header("access-control-allow-origin"), Some("*"));
    assert!(pre
        .header("access-control-allow-headers")
        .is_some_and(|h| h.contains("x-edit-key")));

    // Share three levels, and one with errors.
    let text_a = level(&format!("{t} Alpha"), "1111111111\n1111111111\n");
    let text_b = level(&format!("{t} Beta"), "2222222222\n");
    let text_c = level(&format!("{t} Gamma"), "111\n");
    let (a, key_a) = share(&addr, &text_a);
    let (b, _key_b) = share(&addr, &text_b);
    let (c, key_c) = share(&addr, &text_c);
    assert!(a.len() == 6 && a != b && b != c, "{a} {b} {c}");
    let bad = send_json(
        &addr,
        "POST",
        "/gallery/levels",
        &[],
        &json!({ "text": "[bricks]\n1x1\nbogus = 3\n" }),
    );
    assert_eq!(bad.status, 422, "{bad:?}");
    let diagnostics = bad.json()["diagnostics"].as_array().unwrap().clone();
    assert!(!diagnostics.is_empty());
    assert!(diagnostics
        .iter()
        .all(|d| d.as_str().unwrap().starts_with("level:")));
    assert!(
        diagnostics[0].as_str().unwrap().contains(": error: "),
        "{diagnostics:?}"
    );

    // Get one.
    let got = get(&addr, &format!("/gallery/levels/{a}"));
    assert_eq!(got.status, 200);
    let v = got.json();
    assert_eq!(v["text"], text_a.as_str());
    assert_eq!(v["title"], format!("{t} Alpha").as_str());
    assert_eq!(v["author"], "Level Smith");
    assert_eq!(v["mode"], "both");
    assert_eq!(
        (v["plays"].as_i64(), v["ratings"].as_i64()),
        (Some(0), Some(0))
    );
    assert!(v["rating"].is_null() && v["created"].as_i64().unwrap() > 1_700_000_000);
    assert_eq!(get(&addr, "/gallery/levels/AAAAAA").status, 404);
    assert_eq!(get(&addr, "/gallery/levels/nope").status, 404);

    // Plays: once per player and level an hour.
    let play = |code: &str, player: &str| {
        send_json(
            &addr,
            "POST",
            &format!("/gallery/levels/{code}/plays"),
            &[("x-forwarded-for", address_of(player))],
            &json!({ "player": player }),
        )
        .status
    };
    assert_eq!(play(&c, PLAYER_1), 204);
    assert_eq!(play(&c, PLAYER_1), 204);
    assert_eq!(play(&c, PLAYER_2), 204);
    assert_eq!(play(&c, PLAYER_3), 204);
    assert_eq!(play(&c, PLAYER_4), 204);
    assert_eq!(play(&b, PLAYER_2), 204);
    assert_eq!(play(&a, PLAYER_1), 204);
    let plays_of =
        |code: &str| get(&addr, &format!("/gallery/levels/{code}")).json()["plays"].as_i64();
    assert_eq!(
        (plays_of(&c), plays_of(&b), plays_of(&a)),
        (Some(4), Some(1), Some(1))
    );

    // Rate: one rating per player who played, a new one replaces the old.
    let rate = |code: &str, player: &str, stars: i64| {
        send_json(
            &addr,
            "POST",
            &format!("/gallery/levels/{code}/rating"),
            &[("x-forwarded-for", address_of(player))],
            &json!({ "player": player, "stars": stars }),
        )
    };
    assert_eq!(
        rate(&a, PLAYER_1, 5).json(),
        json!({"rating": 5.0, "ratings": 1})
    );
    // Only a player who played rates (PLAYER_2 has not played Alpha yet).
    let early = rate(&a, PLAYER_2, 3);
    assert_eq!(early.status, 403, "{early:?}");
    assert!(
        error_of(&early).contains("play the level first"),
        "{early:?}"
    );
    assert_eq!(play(&a, PLAYER_2), 204);
    assert_eq!(
        rate(&a, PLAYER_2, 3).json(),
        json!({"rating": 4.0, "ratings": 2})
    );
    assert_eq!(
        rate(&a, PLAYER_1, 1).json(),
        json!({"rating": 2.0, "ratings": 2})
    );
    assert_eq!(play(&b, PLAYER_3), 204);
    assert_eq!(rate(&b, PLAYER_3, 4).status, 200);
    // Plays now: Gamma 4, Beta 3, Alpha 2 (for "most played" below).
    assert_eq!(play(&b, PLAYER_1), 204);
    assert_eq!(rate(&a, PLAYER_3, 6).status, 422);
    assert_eq!(rate(&a, "short", 3).status, 400);
    assert_eq!(rate("BBBBBB", PLAYER_3, 3).status, 404);

    // Browse: the three sorts, the search (title or author, any case), pages.
    let list = |query: &str| codes(&get(&addr, &format!("/gallery/levels?{query}")));
    let mut newest = list(&format!("q={t}"));
    assert_eq!(newest.len(), 3, "{newest:?}");
    newest.sort();
    let mut ours = vec![a.clone(), b.clone(), c.clone()];
    ours.sort();
    assert_eq!(newest, ours);
    assert_eq!(
        list(&format!("sort=top&q={t}")),
        [b.clone(), a.clone(), c.clone()]
    );
    assert_eq!(
        list(&format!("sort=played&q={t}")),
        [c.clone(), b.clone(), a.clone()]
    );
    assert_eq!(
        list(&format!("q={}%20BETA", t.to_uppercase())),
        std::slice::from_ref(&b)
    );
    assert!(
        list("q=level%20smith").len() >= 3,
        "the author is searched too"
    );
    assert_eq!(
        list(&format!("q={t}%25")),
        Vec::<String>::new(),
        "% is literal"
    );
    // A bad query is 400 with the sentence that says what it takes.
    let refused = |path: &str| {
        let answer = get(&addr, path);
        assert_eq!(answer.status, 400, "{path}: {answer:?}");
        answer.json()["error"].as_str().unwrap_or("").to_owned()
    };
    assert_eq!(
        refused("/gallery/levels?sort=best"),
        "sort is newest, top or played"
    );
    for page in ["-1", "10001", "x"] {
        assert_eq!(
            refused(&format!("/gallery/levels?page={page}")),
            "page is a number from 0 to 10000"
        );
    }
    let player = "the player id is 16 to 64 letters, digits, '_' or '-'";
    assert_eq!(
        refused(&format!("/gallery/levels/{a}/scores?player=x")),
        player
    );
    assert_eq!(refused("/gallery/daily/2026-01-01/scores?player=x"), player);
    let t2 = format!("{t}pages");
    for k in 0..21 {
        share(&addr, &level(&format!("{t2} {k}"), "1\n"));
    }
    let first = get(&addr, &format!("/gallery/levels?q={t2}&page=0")).json();
    let second = get(&addr, &format!("/gallery/levels?q={t2}&page=1")).json();
    assert_eq!(first["levels"].as_array().unwrap().len(), 20);
    assert_eq!(
        (first["more"].as_bool(), first["page"].as_i64()),
        (Some(true), Some(0))
    );
    assert_eq!(second["levels"].as_array().unwrap().len(), 1);
    assert_eq!(second["more"].as_bool(), Some(false));

    // Report.
    let report = send_json(
        &addr,
        "POST",
        &format!("/gallery/levels/{c}/report"),
        &[],
        &json!({ "player": PLAYER_2, "reason": "rude title" }),
    );
    assert_eq!(report.status, 204, "{report:?}");

    // Scores: a CPU's game is listed with the score the server reproduces.
    let (replay, score) = cpu_game(&text_a, 4000);
    assert!(score > 0, "the CPU broke bricks");
    let submit_as = |player: &str, code: &str, text: &str, claimed: Option<u32>| {
        let name = if player == PLAYER_1 { "CPU" } else { player };
        let mut body = json!({ "player": player, "name": name, "replay": text });
        if let Some(s) = claimed {
            body["score"] = json!(s);
        }
        send_json(
            &addr,
            "POST",
            &format!("/gallery/levels/{code}/scores"),
            &[("x-forwarded-for", address_of(player))],
            &body,
        )
    };
    let submit =
        |code: &str, text: &str, claimed: Option<u32>| submit_as(PLAYER_1, code, text, claimed);
    let ok = submit(&a, &replay.to_text(), Some(score));
    assert_eq!(ok.status, 201, "{ok:?}");
    assert_eq!(ok.json(), json!({ "score": score, "rank": 1 }));
    let shorter = cpu_game(&text_a, 300);
    // One score per player and level: a worse one is verified but not listed.
    let worse = submit(&a, &shorter.0.to_text(), None);
    assert_eq!(worse.status, 409, "{worse:?}");
    assert!(error_of(&worse).contains("as good or better"), "{worse:?}");
    // The same game sent under another player id: refused.
    let copied = submit_as(PLAYER_3, &a, &replay.to_text(), None);
    assert_eq!(
        (copied.status, error_of(&copied).as_str()),
        (409, "this game is already listed on this level")
    );
    let second_place = submit_as(PLAYER_2, &a, &shorter.0.to_text(), None);
    assert_eq!(
        second_place.json()["score"].as_u64(),
        Some(u64::from(shorter.1))
    );
    assert_eq!(second_place.json()["rank"].as_i64(), Some(2));
    // Refused: a doctored score, a doctored hash, another level, rules 1, an edited input.
    let doctored = submit(&a, &replay.to_text(), Some(score + 50));
    assert_eq!(
        (doctored.status, error_of(&doctored).as_str()),
        (422, "the replay does not reproduce its score/hash")
    );
    let hashed = Replay {
        final_hash: replay.final_hash ^ 0xff,
        ..replay.clone()
    };
    assert_eq!(
        error_of(&submit(&a, &hashed.to_text(), None)),
        "the replay does not reproduce its score/hash"
    );
    let other = submit(&b, &replay.to_text(), None);
    assert_eq!(
        (other.status, error_of(&other).as_str()),
        (422, "the replay is of another level")
    );
    let rules_1 = Replay {
        rules: RulesVersion::V1,
        ..replay.clone()
    };
    let refused = submit(&a, &rules_1.to_text(), None);
    assert_eq!(refused.status, 422);
    assert!(error_of(&refused).contains("other rules"), "{refused:?}");
    let mut edited = replay.clone();
    for k in 1000..1100 {
        edited.inputs[k].players[0].dx = if edited.inputs[k].players[0].dx > 0 {
            -1
        } else {
            1
        };
    }
    assert_eq!(
        error_of(&submit(&a, &edited.to_text(), None)),
        "the replay does not reproduce its score/hash"
    );
    assert_eq!(submit(&a, "arkanong-replay 1\nseed x\n", None).status, 422);
    // The top 10, and a listed replay to watch.
    let board = get(&addr, &format!("/gallery/levels/{a}/scores")).json();
    let scores = board["scores"].as_array().unwrap();
    assert_eq!(scores.len(), 2, "{board}");
    assert_eq!(scores[0]["name"], "CPU");
    assert_eq!(scores[0]["score"].as_u64(), Some(u64::from(score)));
    assert_eq!(scores[0]["steps"].as_u64(), Some(4000));
    let id = scores[0]["id"].as_i64().unwrap();
    let watched = get(&addr, &format!("/gallery/scores/{id}/replay"));
    assert_eq!(watched.status, 200);
    assert!(watched
        .header("content-type")
        .unwrap()
        .starts_with("text/plain"));
    assert_eq!(Replay::parse(&watched.body).unwrap(), replay);
    assert_eq!(get(&addr, "/gallery/scores/999999999/replay").status, 404);
    assert_eq!(get(&addr, "/gallery/scores/x/replay").status, 404);

    // A restart keeps everything.
    server.stop();
    let server = GalleryServer::start(db, &flags, &dir.join("log2.txt"));
    let addr = server.addr.clone();
    let again = get(&addr, &format!("/gallery/levels/{a}")).json();
    assert_eq!(
        (again["rating"].as_f64(), again["ratings"].as_i64()),
        (Some(2.0), Some(2))
    );
    assert_eq!(
        get(&addr, &format!("/gallery/levels/{c}")).json()["plays"].as_i64(),
        Some(4)
    );
    let board = get(&addr, &format!("/gallery/levels/{a}/scores")).json();
    assert_eq!(board["scores"].as_array().unwrap().len(), 2);
    assert_eq!(
        get(&addr, &format!("/gallery/scores/{id}/replay")).body,
        watched.body
    );

    // The operator sees a board with ids and addresses, and removes a score.
    let (code, out) = server_tool(&["scores", "--list", &a, "--db", db]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("from 198.51.100.1") && out.contains("from 198.51.101.2"),
        "{out}"
    );
    assert!(
        out.trim_end().ends_with(&format!("2 scores on {a}")),
        "{out}"
    );
    let second: Vec<&str> = out.lines().nth(1).unwrap().split_whitespace().collect();
    let (code, out) = server_tool(&["scores", "--delete", second[0], "--db", db]);
    assert_eq!(
        (code, out.trim()),
        (0, format!("score {} deleted", second[0]).as_str())
    );
    assert_eq!(
        server_tool(&["scores", "--delete", second[0], "--db", db]).0,
        1
    );
    let board = get(&addr, &format!("/gallery/levels/{a}/scores")).json();
    assert_eq!(board["scores"].as_array().map(Vec::len), Some(1), "{board}");

    // Edit with and without the key.
    let new_text = level(&format!("{t} Alpha II"), "1111111111\n");
    let put = |code: &str, key: Option<&str>, text: &str| {
        let headers: Vec<(&str, &str)> = key.map(|k| ("x-edit-key", k)).into_iter().collect();
        send_json(
            &addr,
            "PUT",
            &format!("/gallery/levels/{code}"),
            &headers,
            &json!({ "text": text, "clear": clears::clear_for(text) }),
        )
    };
    assert_eq!(put(&a, None, &new_text).status, 403);
    assert_eq!(put(&a, Some(&key_c), &new_text).status, 403);
    assert_eq!(put(&a, Some("0123"), &new_text).status, 403);
    assert_eq!(put("CCCCCC", Some(&key_a), &new_text).status, 404);
    assert_eq!(put(&a, Some(&key_a), "[bricks]\nq\n").status, 422);
    let edited = put(&a, Some(&key_a), &new_text);
    assert_eq!((edited.status, edited.json()), (200, json!({ "code": a })));
    let shown = get(&addr, &format!("/gallery/levels/{a}")).json();
    assert_eq!(
        (shown["text"].as_str(), shown["title"].as_str()),
        (
            Some(new_text.as_str()),
            Some(format!("{t} Alpha II").as_str())
        )
    );
    let board = get(&addr, &format!("/gallery/levels/{a}/scores")).json();
    assert_eq!(
        board["scores"].as_array().unwrap().len(),
        0,
        "version 2's board starts empty"
    );
    // Issue 45, versions: the update is version 2, said with when; its plays
    // and rating start anew (version 1's are kept by the server).
    assert_eq!(
        (shown["version"].as_i64(), shown["plays"].as_i64()),
        (Some(2), Some(0))
    );
    assert_eq!(shown["ratings"], json!(0), "{shown}");
    assert!(
        (0..60).contains(&shown["updated_ago"].as_i64().unwrap_or(-1)),
        "{shown}"
    );
    let listed = get(&addr, &format!("/gallery/levels?q={t}%20Alpha")).json();
    assert_eq!(listed["levels"][0]["version"], json!(2), "{listed}");
    // A game of version 1 is refused for version 2's board, saying so.
    let submit_as = |player: &str, code: &str, text: &str, claimed: Option<u32>| {
        let mut body = json!({ "player": player, "name": "OLD", "replay": text });
        if let Some(s) = claimed {
            body["score"] = json!(s);
        }
        send_json(
            &addr,
            "POST",
            &format!("/gallery/levels/{code}/scores"),
            &[("x-forwarded-for", address_of(player))],
            &body,
        )
    };
    let old = submit_as("zz-old-version-player", &a, &replay.to_text(), None);
    assert_eq!(old.status, 409, "{old:?}");
    assert!(
        error_of(&old).starts_with(&format!("this game was played on version 1 of {a}"))
            && error_of(&old).contains("Play version 2"),
        "{old:?}"
    );
    // Another level's game is still only "another level".
    let (elsewhere, _) = cpu_game(&text_b, 300);
    let other = submit_as("zz-old-version-player", &a, &elsewhere.to_text(), None);
    assert_eq!(other.status, 422, "{other:?}");
    assert!(error_of(&other).contains("another level"), "{other:?}");
    // Version 2's game is listed on its board.
    let (v2_game, v2_score) = cpu_game(&new_text, 600);
    let listed = submit_as(PLAYER_1, &a, &v2_game.to_text(), Some(v2_score));
    assert_eq!(listed.status, 201, "{listed:?}");
    let board = get(&addr, &format!("/gallery/levels/{a}/scores")).json();
    assert_eq!(board["scores"].as_array().map(Vec::len), Some(1), "{board}");

    // Withdraw with and without the key.
    let delete = |code: &str, key: Option<&str>| {
        let headers: Vec<(&str, &str)> = key.map(|k| ("x-edit-key", k)).into_iter().collect();
        request(
            &addr,
            "DELETE",
            &format!("/gallery/levels/{code}"),
            &headers,
            b"",
        )
        .unwrap()
        .status
    };
    assert_eq!(delete(&c, None), 403);
    assert_eq!(delete(&c, Some(&key_a)), 403);
    assert_eq!(delete(&c, Some(&key_c)), 204);
    assert_eq!(get(&addr, &format!("/gallery/levels/{c}")).status, 404);
    assert_eq!(delete(&c, Some(&key_c)), 404);

    // The operator hides a level: 404 to everyone, still in the database.
    let (code, out) = server_tool(&["levels", "--hide", &b, "--db", db]);
    assert_eq!(
        (code, out.trim()),
        (0, format!("level {b} hidden").as_str())
    );
    assert_eq!(get(&addr, &format!("/gallery/levels/{b}")).status, 404);
    // Searched by title: the 21 "pages" levels also match the bare tag and
    // can fill page 0 when shared in the same second as these.
    let beta = codes(&get(&addr, &format!("/gallery/levels?q={t}%20Beta")));
    assert!(beta.is_empty(), "{beta:?}");
    let alpha = codes(&get(&addr, &format!("/gallery/levels?q={t}%20Alpha")));
    assert_eq!(alpha, std::slice::from_ref(&a));
    let (code, out) = server_tool(&["levels", "--list", "--db", db]);
    assert_eq!(code, 0);
    let line = out
        .lines()
        .find(|l| l.starts_with(&b))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(line.contains("hidden"), "{line}");
    assert_eq!(
        server_tool(&["levels", "--hide", "ZZZZZZ", "--db", db]).0,
        1
    );
    // The server's own --db names the database for `levels` too.
    let (code, out) = server_tool(&["--db", db, "levels", "--hide", &b]);
    assert_eq!(
        (code, out.trim()),
        (0, format!("level {b} hidden").as_str())
    );
    let (code, _) = server_tool(&["levels", "--show", &b, "--db", db]);
    assert_eq!(code, 0);
    assert_eq!(get(&addr, &format!("/gallery/levels/{b}")).status, 200);

    // The log has every write and never a key.
    let log = std::fs::read_to_string(&server.log).unwrap()
        + &std::fs::read_to_string(dir.join("log1.txt")).unwrap();
    for key in [&key_a, &key_c] {
        assert!(!log.contains(key.as_str()), "an edit key in the log");
    }
    assert!(log.contains(&format!("level {a} edited")), "{log}");
    assert!(log.contains(&format!("level {c} withdrawn")), "{log}");

    // A backup is a whole gallery.
    if let Some(file) = file {
        let backup = dir.join("backup.sqlite");
        let backup_path = backup.to_str().unwrap();
        let (code, out) = server_tool(&["--backup", backup_path, "--db", file.to_str().unwrap()]);
        assert_eq!(code, 0, "{out}");
        assert_eq!(
            server_tool(&["--backup", backup_path, "--db", file.to_str().unwrap()]).0,
            1,
            "never over a file"
        );
        let copy = GalleryServer::start(backup_path, &[], &dir.join("log3.txt"));
        assert_eq!(
            get(&copy.addr, &format!("/gallery/levels/{a}")).json()["text"],
            new_text.as_str()
        );
    }
    assert!(!log.contains("panicked"));
}

#[test]
fn the_gallery_suite_on_sqlite_with_a_restart_and_a_backup() {
    let dir = scratch("sqlite");
    let file = dir.join("gallery.sqlite");
    the_gallery_suite(file.to_str().unwrap(), Some(&file));
    // The file is in WAL mode, as another reader sees it (Debian's sqlite3;
    // .ci/run installs it).
    let out = Command::new("sqlite3")
        .arg(&file)
        .arg("PRAGMA journal_mode")
        .output()
        .expect("sqlite3 runs (apt-get install sqlite3)");
    assert!(out.status.success(), "sqlite3 failed: {out:?}");
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "wal");
}

#[test]
fn the_gallery_suite_on_postgresql() {
    match std::env::var("ARKANONG_TEST_POSTGRES") {
        Ok(url) if !url.is_empty() => the_gallery_suite(&url, None),
        _ if std::env::var("ARKANONG_REQUIRE_POSTGRES").is_ok_and(|v| v == "1") => {
            panic!("ARKANONG_REQUIRE_POSTGRES=1 but ARKANONG_TEST_POSTGRES names no database")
        }
        _ => eprintln!(
            "skipped: set ARKANONG_TEST_POSTGRES=postgres://... to run the suite on PostgreSQL"
        ),
    }
}

#[test]
fn gallery_limits_answer_429_with_retry_after_413_and_400() {
    let dir = scratch("limits");
    let db = dir.join("g.sqlite");
    let server = GalleryServer::start(db.to_str().unwrap(), &[], &dir.join("log.txt"));
    let addr = &server.addr;
    let text = level("Limits", "1\n");
    for _ in 0..10 {
        share(addr, &text);
    }
    let over = send_json(
        addr,
        "POST",
        "/gallery/levels",
        &[],
        &json!({ "text": text, "clear": clears::clear_for(&text) }),
    );
    assert_eq!(over.status, 429, "{over:?}");
    let wait: u64 = over.header("retry-after").unwrap().parse().unwrap();
    assert!((1..=60).contains(&wait), "{wait}");
    assert!(error_of(&over).contains("too many requests"));
    // Sizes: a level over 64 KiB, a body over its cap, a small body over 4 KiB.
    let big_level = format!("{text}# {}\n", "x".repeat(64 * 1024));
    let dir2 = scratch("limits2");
    let fresh = GalleryServer::start(
        dir2.join("g.sqlite").to_str().unwrap(),
        &[],
        &dir2.join("log.txt"),
    );
    let too_big = send_json(
        &fresh.addr,
        "POST",
        "/gallery/levels",
        &[],
        &json!({ "text": big_level }),
    );
    assert_eq!(too_big.status, 413, "{too_big:?}");
    let huge = vec![b'x'; 9 << 20];
    let as_json = [("content-type", "application/json")];
    let huge_body = request(&fresh.addr, "POST", "/gallery/levels", &as_json, &huge).unwrap();
    assert_eq!(huge_body.status, 413);
    // JSON only, said so: a form or text/plain body (or none said) is 415.
    for said in [&[][..], &[("content-type", "text/plain")][..]] {
        let plain = request(&fresh.addr, "POST", "/gallery/levels", said, b"{}").unwrap();
        assert_eq!(plain.status, 415, "{said:?}: {plain:?}");
    }
    let (code, _) = share(&fresh.addr, &text);
    let long_reason = json!({ "player": PLAYER_1, "reason": "r".repeat(5000) });
    let a = send_json(
        &fresh.addr,
        "POST",
        &format!("/gallery/levels/{code}/report"),
        &[],
        &long_reason,
    );
    assert_eq!(a.status, 413);
    let garbage = request(
        &fresh.addr,
        "POST",
        &format!("/gallery/levels/{code}/rating"),
        &as_json,
        b"{not json",
    )
    .unwrap();
    assert_eq!(garbage.status, 400);
    assert!(garbage.json()["error"].is_string());
    // Ratings: 30 in a burst.
    let statuses: Vec<u16> = (0..31)
        .map(|_| {
            send_json(
                &fresh.addr,
                "POST",
                &format!("/gallery/levels/{code}/rating"),
                &[],
                &json!({ "player": PLAYER_1, "stars": 3 }),
            )
            .status
        })
        .collect();
    // Refused for want of a play (403), and still counted against the limit.
    assert!(statuses[..29].iter().all(|&s| s == 403), "{statuses:?}");
    assert_eq!(statuses[30], 429);
    // Reports: 5 in a burst (one was spent above).
    let statuses: Vec<u16> = (0..5)
        .map(|_| {
            send_json(
                &fresh.addr,
                "POST",
                &format!("/gallery/levels/{code}/report"),
                &[],
                &json!({ "player": PLAYER_1, "reason": "x" }),
            )
            .status
        })
        .collect();
    assert_eq!(statuses, [204, 204, 204, 204, 429]);
    // Reads: 120 in a burst (listings, levels, top tens, replays alike).
    let reads: Vec<u16> = (0..121)
        .map(|k| match k % 3 {
            0 => get(&fresh.addr, "/gallery/levels").status,
            1 => get(&fresh.addr, &format!("/gallery/levels/{code}")).status,
            _ => get(&fresh.addr, &format!("/gallery/levels/{code}/scores")).status,
        })
        .collect();
    assert!(reads[..120].iter().all(|&s| s == 200), "{reads:?}");
    let over = get(&fresh.addr, "/gallery/scores/1/replay");
    assert_eq!(over.status, 429, "{over:?}");
    assert!(over.header("retry-after").is_some());
}

#[test]
fn the_operators_tools_never_make_a_database() {
    let dir = scratch("operator");
    let missing = dir.join("typo.sqlite");
    let missing = missing.to_str().unwrap();
    for args in [
        vec!["levels", "--list", "--db", missing],
        vec!["--db", missing, "levels", "--hide", "ABCDEF"],
        vec!["--backup", "/nowhere/copy.sqlite", "--db", missing],
    ] {
        let (code, out) = server_tool(&args);
        assert_eq!(code, 1, "{args:?}: {out}");
        assert!(out.contains("no gallery database there"), "{args:?}: {out}");
    }
    assert!(!std::path::Path::new(missing).exists(), "nothing made");
}

/// With no data folder (no HOME, XDG_DATA_HOME or ARKANONG_DATA_DIR) and no
/// `--db`, the signaling still serves and the gallery answers 503 with why;
/// a `--db` that cannot be opened is still an error exit.
#[test]
fn without_a_data_folder_the_signaling_runs_and_the_gallery_says_why() {
    use std::io::{BufRead, BufReader};
    let dir = scratch("nodata");
    let mut child = Command::new(arkanong_bin())
        .args(["server", "--bind", "127.0.0.1", "--port", "0"])
        .env_remove("HOME")
        .env_remove("XDG_DATA_HOME")
        .env_remove("ARKANONG_DATA_DIR")
        .stdout(std::process::Stdio::piped())
        .stderr(std::fs::File::create(dir.join("log.txt")).unwrap())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let log = || std::fs::read_to_string(dir.join("log.txt")).unwrap_or_default();
    let addr = line
        .trim()
        .strip_prefix("server: listening on ws://")
        .unwrap_or_else(|| panic!("server said {line:?}; log: {}", log()))
        .to_owned();
    let closed = get(&addr, "/gallery/levels");
    assert_eq!(closed.status, 503, "{closed:?}");
    assert!(
        error_of(&closed).contains("gallery is closed"),
        "{closed:?}"
    );
    assert!(error_of(&closed).contains("--db"), "{closed:?}");
    assert_eq!(closed.header("access-control-allow-origin"), Some("*"));
    let room = request(&addr, "POST", "/room", &[], b"").unwrap();
    assert_eq!(room.status, 201, "signaling still issues rooms: {room:?}");
    let _ = child.kill();
    let _ = child.wait();
    assert_eq!(
        log().matches("the gallery is closed").count(),
        1,
        "{}",
        log()
    );

    let out = Command::new(arkanong_bin())
        .args(["server", "--bind", "127.0.0.1", "--port", "0"])
        .args(["--db", "/proc/no-such-folder/g.sqlite"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{out:?}");
}

/// Issue 45's clear check: a level is shared (and updated) only with a replay
/// of its author clearing it, which the server plays; an older client's share
/// without one, a game that does not clear, another level's clear, a versus
/// game for a level that has solo, and a versus-only level's "win" against a
/// still paddle are each refused with the sentence that says what to do. The
/// page and the list say how fast its author cleared it.
#[test]
fn a_level_is_shared_and_updated_only_with_its_authors_clear() {
    let dir = scratch("clear-check");
    let server = GalleryServer::start(
        dir.join("g.sqlite").to_str().unwrap(),
        &["--gallery-burst-factor", "100"],
        &dir.join("log.txt"),
    );
    let addr = &server.addr;
    let text = level("Cleared", "11\n");
    let post = |body: Value| send_json(addr, "POST", "/gallery/levels", &[], &body);
    let refused = |a: &Answer| {
        assert_eq!(a.status, 422, "{a:?}");
        error_of(a)
    };
    let says = "clear it once before sharing: play it in the editor's test-play";
    // An older client: no clear at all.
    let old = refused(&post(json!({ "text": text })));
    assert!(old.starts_with(says), "{old}");
    // A game that stops before the clear.
    let (short, _) = cpu_game(&text, 300);
    let stopped = refused(&post(json!({ "text": text, "clear": short.to_text() })));
    assert!(
        stopped.starts_with(says) && stopped.contains("stops before"),
        "{stopped}"
    );
    // Another level's clear.
    let other = clears::cpu_clear(&level("Other", "1\n"));
    let elsewhere = refused(&post(json!({ "text": text, "clear": other })));
    assert!(elsewhere.contains("another level"), "{elsewhere}");
    // Unreadable.
    let junk = refused(&post(
        json!({ "text": text, "clear": "arkanong-replay 1\nnope" }),
    ));
    assert!(junk.starts_with(says), "{junk}");
    // A versus-only level "won" against a paddle that never moves.
    let versus = "title = \"Duel\"\nmode = versus\n[bricks]\n11\n";
    let still = {
        let l = Level::parse(versus).unwrap();
        let mut game = Game::new(&l, Mode::Versus, 3);
        let mut cpus = [Some(Cpu::new(Side::Bottom, Difficulty::Hard, 3)), None];
        let mut inputs = Vec::new();
        while game.outcome().is_none() && inputs.len() < 100_000 {
            let step = gather_inputs(&game, &mut cpus, |_| Intent::IDLE);
            game.step(&step);
            inputs.push(step);
        }
        Replay::record(&l, Mode::Versus, 3, inputs).to_text()
    };
    let not_cpu = refused(&post(json!({ "text": versus, "clear": still })));
    assert!(not_cpu.contains("not the CPU"), "{not_cpu}");
    // Cleared: shared, and its page and the list say in how long.
    let clear = clears::cpu_clear(&text);
    let steps = {
        let r = Replay::parse(&clear).unwrap();
        let mut game = Game::new(&r.level().unwrap(), Mode::Solo, r.seed);
        for i in &r.inputs {
            game.step(i);
        }
        game.steps()
    };
    let shared = post(json!({ "text": text, "clear": clear }));
    assert_eq!(shared.status, 201, "{shared:?}");
    let code = shared.json()["code"].as_str().unwrap().to_owned();
    let key = shared.json()["edit_key"].as_str().unwrap().to_owned();
    let page = get(addr, &format!("/gallery/levels/{code}")).json();
    assert_eq!(page["author_clear_steps"], json!(steps), "{page}");
    assert_eq!(page["version"], json!(1), "{page}");
    let listed = get(addr, "/gallery/levels").json();
    assert_eq!(listed["levels"][0]["author_clear_steps"], json!(steps));
    // A versus-only level won against the editor's CPU is shared.
    let duel = clears::cpu_clear(versus);
    let won = post(json!({ "text": versus, "clear": duel }));
    assert_eq!(won.status, 201, "{won:?}");
    // An update needs its own clear: the old text's is another level's.
    let new_text = level("Cleared", "111\n");
    let put = |body: Value| {
        send_json(
            addr,
            "PUT",
            &format!("/gallery/levels/{code}"),
            &[("x-edit-key", key.as_str())],
            &body,
        )
    };
    let stale = refused(&put(
        json!({ "text": new_text, "clear": clears::cpu_clear(&text) }),
    ));
    assert!(stale.contains("another level"), "{stale}");
    let bare = refused(&put(json!({ "text": new_text })));
    assert!(bare.starts_with(says), "{bare}");
    let updated = put(json!({ "text": new_text, "clear": clears::cpu_clear(&new_text) }));
    assert_eq!(updated.status, 200, "{updated:?}");
    let page = get(addr, &format!("/gallery/levels/{code}")).json();
    assert_eq!(page["text"], json!(new_text));
    assert!(page["author_clear_steps"].as_i64().unwrap() > 0, "{page}");
    assert_eq!(page["version"], json!(2), "its own clear made version 2");
    // The log names the clear check, never the edit key.
    let log = std::fs::read_to_string(dir.join("log.txt")).unwrap_or_default();
    assert!(log.contains("cleared in"), "{log}");
    assert!(!log.contains(&key));
}

/// Random requests, bounded in count: methods, paths (real codes among them),
/// bodies of every shape. None may get a 5xx or kill the server, and the
/// database answers after.
#[test]
fn gallery_fuzzed_requests_never_get_a_5xx() {
    let dir = scratch("fuzz");
    let db = dir.join("g.sqlite");
    let mut server = GalleryServer::start(
        db.to_str().unwrap(),
        &["--gallery-burst-factor", "1000"],
        &dir.join("log.txt"),
    );
    let addr = server.addr.clone();
    let (code, key) = share(&addr, &level("Fuzz", "111\n"));
    let (replay, _) = cpu_game(&level("Fuzz", "111\n"), 200);
    let replay = replay.to_text();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(35);
    let methods = ["GET", "POST", "PUT", "DELETE", "OPTIONS", "PATCH"];
    let strings = [
        "",
        "x",
        "AAAAAA",
        "ÉÉÉÉÉÉ",
        "%00",
        "..",
        "../..",
        "9223372036854775808",
        "-1",
        "0",
        "1e99",
        "\u{0}",
        "null",
        "[]",
        "{}",
        "'; DROP TABLE levels; --",
        "\\",
        "%",
        "_",
    ];
    let mut fives = Vec::new();
    for k in 0..600 {
        let method = methods[rng.random_range(0..methods.len())];
        let pick =
            |rng: &mut rand::rngs::SmallRng| strings[rng.random_range(0..strings.len())].to_owned();
        let c = if rng.random_bool(0.5) {
            code.clone()
        } else {
            pick(&mut rng)
        };
        let c = c.replace(['/', ' ', '?', '#'], "");
        let path = match rng.random_range(0..13) {
            0 => "/gallery/levels".to_owned(),
            1 => format!(
                "/gallery/levels?sort={}&q={}&page={}",
                pick(&mut rng),
                pick(&mut rng),
                pick(&mut rng)
            ),
            2 => format!("/gallery/levels/{c}"),
            3 => format!("/gallery/levels/{c}/plays"),
            4 => format!("/gallery/levels/{c}/rating"),
            5 => format!("/gallery/levels/{c}/report"),
            6 => format!("/gallery/levels/{c}/scores"),
            7 => format!("/gallery/scores/{}/replay", pick(&mut rng)),
            // Issue 45's board and daily challenge.
            8 => format!("/gallery/levels/{c}/ends"),
            9 => format!("/gallery/levels/{c}/scores?player={}", pick(&mut rng)),
            10 => "/gallery/daily/scores".to_owned(),
            11 => format!(
                "/gallery/daily/{}/scores?player={}",
                pick(&mut rng),
                pick(&mut rng)
            ),
            _ => format!("/gallery/{}", pick(&mut rng)),
        };
        let path: String = path.chars().filter(|c| c.is_ascii_graphic()).collect();
        let value = |rng: &mut rand::rngs::SmallRng| -> Value {
            match rng.random_range(0..9) {
                8 => json!(level("Fuzz", "111\n")),
                0 => json!(pick(rng)),
                1 => json!(rng.random::<i64>()),
                2 => json!(rng.random::<f64>()),
                3 => Value::Null,
                4 => json!([pick(rng)]),
                5 => json!(PLAYER_1),
                6 => json!(rng.random_range(0..7)),
                7 if rng.random_bool(0.5) => json!(rng.random_bool(0.5)),
                _ => json!(replay.clone()),
            }
        };
        let body: Vec<u8> = match rng.random_range(0..4) {
            0 => (0..rng.random_range(0..64)).map(|_| rng.random()).collect(),
            1 => Vec::new(),
            _ => {
                let mut o = serde_json::Map::new();
                for field in [
                    "text", "author", "player", "stars", "reason", "name", "replay", "score",
                    "clear", "cleared", "date",
                ] {
                    if rng.random_bool(0.6) {
                        o.insert(field.into(), value(&mut rng));
                    }
                }
                Value::Object(o).to_string().into_bytes()
            }
        };
        let key_header = if rng.random_bool(0.3) {
            key.clone()
        } else {
            pick(&mut rng)
        };
        let mut headers: Vec<(&str, &str)> = if rng.random_bool(0.5) {
            vec![("x-edit-key", key_header.as_str())]
        } else {
            Vec::new()
        };
        // Mostly said to be JSON, so the fuzz reaches the handlers past the 415.
        if rng.random_bool(0.9) {
            headers.push(("content-type", "application/json"));
        }
        match request(&addr, method, &path, &headers, &body) {
            Ok(a) if a.status >= 500 => {
                fives.push(format!("#{k} {method} {path}: {} {}", a.status, a.body))
            }
            Ok(_) => {}
            Err(e) => fives.push(format!("#{k} {method} {path}: no answer ({e})")),
        }
    }
    assert!(fives.is_empty(), "{fives:#?}");
    assert!(server.alive());
    let listing = get(&addr, "/gallery/levels");
    assert_eq!(listing.status, 200);
    let (again, _) = share(&addr, &level("After the fuzz", "11\n"));
    assert_eq!(get(&addr, &format!("/gallery/levels/{again}")).status, 200);
}
