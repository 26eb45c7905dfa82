//! Online play end to end on one machine: `arkanong server` on 127.0.0.1 and two
//! headless clients over a bad link (50 ms each way, 20 ms jitter, 5 % loss),
//! 3,000 steps. Both must print the same state hash with no desync; a client whose
//! opponent vanishes must say so and exit with an error. How soon it says so is
//! counted in steps of the match's clock by `tests/online_silence.rs`, not timed
//! here.
//!
//! The speed goals (connect under 2 s, no frame held 250 ms) are measured by
//! `cargo bench --bench online_link`, not asserted here: timings on a shared
//! machine are noisy. This test prints them and fails only on a hang-sized one.

#[path = "common/loopback.rs"]
mod loopback;

use std::io::{BufRead, BufReader};
use std::time::Duration;

use loopback::{bad_link_match, client, finish, parse_line, parse_timing, server, BAD_LINK};

#[test]
fn two_clients_over_a_bad_link_agree_on_every_hash() {
    let m = bad_link_match("loopback", 3000);
    let ((a_out, a_err, a_ok), (b_out, b_err, b_ok)) = (&m.first, &m.second);
    eprintln!("first:  {a_out}{a_err}second: {b_out}{b_err}");
    assert!(*a_ok && *b_ok, "{a_err}\n{b_err}");
    let (la, lb) = (parse_line(a_out), parse_line(b_out));
    assert_eq!((la.0, lb.0), (3000, 3000));
    assert_eq!(la.1, lb.1, "the same game on both sides");
    assert_eq!((la.4, lb.4), (0, 0), "no desyncs");
    assert!(la.2 + lb.2 > 0, "a bad link makes rollbacks");
    // The second joiner's connect time is the issue's: from joining to playing.
    let (connect, hold_b) = parse_timing(b_err);
    let (_, hold_a) = parse_timing(a_err);
    eprintln!("connect {connect} ms (goal 2000), worst hold {hold_a} and {hold_b} ms (goal 250)");
    // Only a hang fails here; the goals are the bench's (see the module doc).
    assert!(connect < 10_000, "connect {connect} ms");
    assert!(hold_a.max(hold_b) < 2_000, "held {hold_a} and {hold_b} ms");
}

#[test]
fn a_vanished_opponent_is_noticed_and_ends_the_match() {
    let server = server();
    let mut first = client(&server, "vanish", 100_000, &[]);
    let second = client(&server, "vanish", 100_000, &[]);
    // The first plays (GGRS running); then it disappears without a goodbye.
    // Waiting for its word, not for a fixed time: its stderr ends (and this
    // wait with it) at the latest when it gives up on the room.
    // (Its stderr stays open until it is killed: a closed one would end it by
    // a failed print instead.)
    let mut lines = BufReader::new(first.stderr.take().unwrap()).lines();
    let said = lines
        .by_ref()
        .map_while(Result::ok)
        .any(|line| line == "online: playing");
    assert!(said, "the first never played");
    first.kill().unwrap();
    let _ = first.wait();
    drop(lines);
    // A hang guard, not a speed goal: the second is killed if it never ends.
    let out = finish(second, Duration::from_secs(60));
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("Opponent left"), "{err}");
}

#[test]
fn a_two_second_blackout_is_waited_out_and_both_sides_agree() {
    let server = server();
    // 1,800 steps is 15 s of play: the first side's connection goes silent both
    // ways 4 s into the match, for 2 s, and comes back.
    let first = client(&server, "blackout", 1800, &["--sim-blackout", "4:2000"]);
    let second = client(&server, "blackout", 1800, &[]);
    let limit = Duration::from_secs(120);
    let (a, b) = (finish(first, limit), finish(second, limit));
    let text = |o: &[u8]| String::from_utf8_lossy(o).into_owned();
    let (a_err, b_err) = (text(&a.stderr), text(&b.stderr));
    assert!(a.status.success() && b.status.success(), "{a_err}\n{b_err}");
    let (la, lb) = (parse_line(&text(&a.stdout)), parse_line(&text(&b.stdout)));
    assert_eq!((la.0, lb.0), (1800, 1800));
    assert_eq!(la.1, lb.1, "the same game on both sides after the drop");
    assert_eq!((la.4, lb.4), (0, 0), "no desyncs");
    // Each side said the connection was interrupted, then played on.
    for err in [&a_err, &b_err] {
        let said = |line: &str| err.lines().position(|l| l == line);
        let interrupted = said("online: connection interrupted");
        assert!(interrupted.is_some(), "{err}");
        let played_on = err
            .lines()
            .skip(interrupted.unwrap())
            .any(|l| l == "online: playing");
        assert!(played_on, "{err}");
    }
    // The hold the players saw is the drop's: about 2 s, not the 10 s timeout.
    let (_, hold_a) = parse_timing(&a_err);
    let (_, hold_b) = parse_timing(&b_err);
    assert!(hold_a.max(hold_b) >= 1500, "held {hold_a} and {hold_b} ms");
    assert!(hold_a.max(hold_b) < 8000, "held {hold_a} and {hold_b} ms");
}

#[test]
fn two_clients_meet_in_a_room_the_server_issued() {
    use arkanong_core::app::online::{is_issued_code, request_room, room_for};
    let server = server();
    let code = request_room(&server.url).expect("the server issues a room");
    assert!(is_issued_code(&code), "{code:?}");
    let room = room_for(&code);
    let first = client(&server, &room, 300, &[]);
    let second = client(&server, &room, 300, &[]);
    let a = finish(first, Duration::from_secs(60));
    let b = finish(second, Duration::from_secs(60));
    let (a_out, b_out) = (
        String::from_utf8_lossy(&a.stdout),
        String::from_utf8_lossy(&b.stdout),
    );
    let errs = [&a.stderr, &b.stderr].map(|e| String::from_utf8_lossy(e).into_owned());
    assert!(a.status.success() && b.status.success(), "{errs:?}");
    let (la, lb) = (parse_line(&a_out), parse_line(&b_out));
    assert_eq!((la.0, lb.0), (300, 300));
    assert_eq!(la.1, lb.1, "the same game on both sides");
}

#[test]
fn a_rematch_plays_on_the_same_connection_and_each_match_replays() {
    use loopback::BIN;
    let dir = std::env::temp_dir().join(format!("arkanong-rematch-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = |side: &str| dir.join(format!("{side}.replay")).display().to_string();
    let (a_path, b_path) = (path("a"), path("b"));
    let server = server();
    let flags = |p: &str| {
        let mut f = BAD_LINK.map(str::to_owned).to_vec();
        f.extend(["--rematches", "1", "--save-replay", p].map(str::to_owned));
        f
    };
    let (a_flags, b_flags) = (flags(&a_path), flags(&b_path));
    fn refs(f: &[String]) -> Vec<&str> {
        f.iter().map(String::as_str).collect()
    }
    let first = client(&server, "rematch", 1200, &refs(&a_flags));
    let second = client(&server, "rematch", 1200, &refs(&b_flags));
    let limit = Duration::from_secs(120);
    let (a, b) = (finish(first, limit), finish(second, limit));
    let text = |o: &[u8]| String::from_utf8_lossy(o).into_owned();
    let (a_err, b_err) = (text(&a.stderr), text(&b.stderr));
    assert!(a.status.success() && b.status.success(), "{a_err}\n{b_err}");
    let lines = |out: &[u8]| -> Vec<_> { text(out).lines().map(parse_line).collect() };
    let (la, lb) = (lines(&a.stdout), lines(&b.stdout));
    assert_eq!((la.len(), lb.len()), (2, 2), "a line per match");
    for (x, y) in la.iter().zip(&lb) {
        assert_eq!(x.0, 1200);
        assert_eq!(x.1, y.1, "the same game on both sides, match by match");
        assert_eq!((x.4, y.4), (0, 0), "no desyncs");
    }
    assert_ne!(la[0].1, la[1].1, "the rematch is a new game");
    // Each side wrote each match's confirmed inputs: the same replay on both
    // sides, and `arkanong replay` reaches the match's own final state.
    for file in ["", ".1"] {
        let (ra, rb) = (format!("{a_path}{file}"), format!("{b_path}{file}"));
        let (ta, tb) = (std::fs::read_to_string(&ra), std::fs::read_to_string(&rb));
        let (ta, tb) = (ta.expect("side A's replay"), tb.expect("side B's replay"));
        assert_eq!(ta, tb, "the confirmed inputs are the same on both sides");
        let out = std::process::Command::new(BIN)
            .args(["replay", &ra])
            .output()
            .unwrap();
        let said = text(&out.stdout);
        assert!(out.status.success(), "{said}{}", text(&out.stderr));
        assert!(said.contains(": ok: "), "{said}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn two_lobbies_asking_for_a_quick_match_meet_and_play() {
    use arkanong_core::app::input::MenuInput;
    use arkanong_core::app::online::{Meeting, OnlineScreen, Page};
    use arkanong_core::app::records::LevelEntry;
    use arkanong_core::game::Intent;
    use arkanong_core::level::{shipped_levels, Level};
    use std::time::Instant;
    let server = server();
    let levels: Vec<LevelEntry> = (shipped_levels().iter())
        .map(|l| LevelEntry {
            label: l.file.to_owned(),
            set: String::new(),
            level: Level::parse(l.text).unwrap(),
            path: None,
            shipped: true,
        })
        .collect();
    // One player has a name (the app's high-score name), the other none.
    let meeting = |name: Option<&str>| Meeting {
        server: server.url.clone(),
        ice: [Some("none".to_owned()), None, None],
        invitation: None,
        name: name.map(str::to_owned),
    };
    let start = Instant::now();
    let mut log = Vec::new();
    let mut lobbies: Vec<OnlineScreen> = [Some("Ann"), None]
        .map(|name| {
            // The real network: this test meets over a real server.
            let network = std::rc::Rc::new(arkanong_core::app::online::LiveNetwork);
            OnlineScreen::new(&levels, 0.0, &meeting(name), network, &mut log)
        })
        .into();
    for lobby in &mut lobbies {
        // The Choose page's third item: Quick match.
        lobby.input(&[MenuInput::Pick(2)], &levels, &mut log);
        assert!(
            lobby.lobby.status.starts_with("Quick match"),
            "{}",
            lobby.lobby.status
        );
        assert_eq!(lobby.lobby.items(), vec!["Cancel"]);
    }
    // A hang guard, not a speed goal: each lobby runs its frames until both play.
    while !lobbies.iter().all(OnlineScreen::playing) && start.elapsed() < Duration::from_secs(60) {
        let now = start.elapsed().as_secs_f64();
        for lobby in &mut lobbies {
            lobby.input(&[], &levels, &mut log);
            lobby.update(1, Intent::IDLE, &levels, now);
            assert_ne!(lobby.lobby.page, Page::Ended, "{}", lobby.lobby.status);
        }
        std::thread::sleep(Duration::from_millis(8));
    }
    let sides: Vec<_> = lobbies.iter().map(OnlineScreen::local_side).collect();
    assert!(lobbies.iter().all(OnlineScreen::playing), "{log:?}");
    assert_ne!(sides[0], sides[1], "one host, one joiner: {sides:?}");
    // Each HUD names the other player as they gave it (the first gave a name).
    let rivals: Vec<Option<String>> = (lobbies.iter())
        .map(|l| l.shown_session().and_then(|s| s.rival_name.clone()))
        .collect();
    assert_eq!(rivals, [None, Some("Ann".to_owned())]);
    let rooms: Vec<&String> = log.iter().filter(|l| l.contains("joining room")).collect();
    assert_eq!(rooms.len(), 2, "{log:?}");
    assert_eq!(
        rooms[0].split(' ').nth(3),
        rooms[1].split(' ').nth(3),
        "the same room: {rooms:?}"
    );
    for lobby in &mut lobbies {
        lobby.leave();
    }
}

#[test]
fn two_headless_clients_asking_for_a_quick_match_play_it() {
    use loopback::BIN;
    use std::process::{Command, Stdio};
    let server = server();
    // No room: each asks `POST /quick`; the first waits in the room it is given,
    // the second is given the same one.
    let quick = || {
        Command::new(BIN)
            .args([
                "online",
                "--server",
                &server.url,
                "--quick",
                "--ice",
                "none",
            ])
            .args(["--steps", "300", "--headless"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let first = quick();
    std::thread::sleep(Duration::from_millis(300));
    let second = quick();
    let limit = Duration::from_secs(60);
    let (a, b) = (finish(first, limit), finish(second, limit));
    let text = |o: &[u8]| String::from_utf8_lossy(o).into_owned();
    let (a_err, b_err) = (text(&a.stderr), text(&b.stderr));
    assert!(a.status.success() && b.status.success(), "{a_err}\n{b_err}");
    let (la, lb) = (parse_line(&text(&a.stdout)), parse_line(&text(&b.stdout)));
    assert_eq!((la.0, lb.0), (300, 300));
    assert_eq!(
        la.1, lb.1,
        "paired with each other: the same game on both sides"
    );
    assert_eq!((la.4, lb.4), (0, 0), "no desyncs");
}
