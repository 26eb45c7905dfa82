//! Watching a match end to end on one machine (issue 44, item 4): `arkanong
//! server` on 127.0.0.1, two headless players, and headless watchers
//! (`arkanong online --watch ROOM --headless`). Every watcher must end on the
//! players' state hash with no desync (its game checked against the host's
//! hashes as it goes), a watcher who came late must catch up, a fifth watcher
//! is refused with the reason, and a watcher sending junk and the players' own
//! messages changes nothing.

#[path = "common/loopback.rs"]
mod loopback;

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Output, Stdio};
use std::time::Duration;

use loopback::{client, finish, parse_line, scratch_data_dir, server, Server, BIN};

/// A headless watcher of `room` to step `steps`, with `extra` flags.
fn watcher(server: &Server, room: &str, steps: u32, extra: &[&str]) -> Child {
    Command::new(BIN)
        .args(["online", "--server", &server.url, "--watch", room])
        .args(["--ice", "none", "--steps", &steps.to_string(), "--headless"])
        .args(extra)
        .env("ARKANONG_DATA_DIR", scratch_data_dir())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// (stdout, stderr, exited well).
fn text(o: &Output) -> (String, String, bool) {
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
        o.status.success(),
    )
}

/// `(checks, most behind, catch-ups)` from a watcher's `online watch:` line.
fn watch_stats(stderr: &str) -> (u32, u32, u32) {
    let line = stderr
        .lines()
        .find_map(|l| l.strip_prefix("online watch: "))
        .unwrap_or_else(|| panic!("no watch line in {stderr:?}"));
    let n = |key: &str| -> u32 {
        let after = line.split(key).nth(1).unwrap_or_else(|| panic!("{line}"));
        let word = after.trim().split(' ').next().unwrap();
        word.trim_end_matches(',').parse().unwrap()
    };
    (n("checks"), n("most behind"), n("caught up"))
}

/// Waits for `child` to say `line` on stderr, and hands its stderr back read
/// so far (the rest keeps coming through the returned reader).
fn wait_for(child: &mut Child, line: &str) -> String {
    let mut seen = String::new();
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    for l in lines.by_ref().map_while(Result::ok) {
        seen.push_str(&l);
        seen.push('\n');
        if l == line {
            // Keep draining in the background so the child never blocks on a full pipe.
            std::thread::spawn(move || lines.for_each(drop));
            return seen;
        }
    }
    panic!("never said {line:?}: {seen}");
}

#[test]
fn two_watchers_one_late_end_on_the_players_hash() {
    let server = server();
    let steps = 1500;
    // The first watcher comes before the players (a friend opening the link early).
    let early = watcher(&server, "watch-a", steps, &[]);
    let mut host = client(&server, "watch-a", steps, &["--host", "--name", "Ann"]);
    let guest = client(&server, "watch-a", steps, &[]);
    let host_said = wait_for(&mut host, "online: playing");
    // The second comes 3 s into the match: 360 steps late, it must catch up.
    std::thread::sleep(Duration::from_secs(3));
    let late = watcher(&server, "watch-a", steps, &[]);
    let limit = Duration::from_secs(120);
    let outs: Vec<Output> = [host, guest, early, late]
        .into_iter()
        .map(|c| finish(c, limit))
        .collect();
    let [h, g, e, l] = [0, 1, 2, 3].map(|k| text(&outs[k]));
    eprintln!("host: {}{host_said}guest: {}{}", h.0, g.0, g.1);
    eprintln!("early watcher: {}{}late watcher: {}{}", e.0, e.1, l.0, l.1);
    assert!(h.2 && g.2, "the players: {}\n{}", h.1, g.1);
    assert!(e.2 && l.2, "the watchers: {}\n{}", e.1, l.1);
    let (lh, lg) = (parse_line(&h.0), parse_line(&g.0));
    assert_eq!(lh.1, lg.1, "the same game on both players' sides");
    assert_eq!((lh.4, lg.4), (0, 0), "no desyncs between the players");
    for (name, w) in [("early", &e), ("late", &l)] {
        assert!(w.0.trim_end().ends_with(", watched"), "{name}: {}", w.0);
        let lw = parse_line(&w.0);
        assert_eq!(lw.0, steps);
        assert_eq!(lw.1, lh.1, "the {name} watcher ends on the players' hash");
        assert_eq!(lw.4, 0, "the {name} watcher's game matched every hash sent");
        let (checks, _, _) = watch_stats(&w.1);
        assert!(
            checks > 10,
            "{name}: the host's hashes were checked ({checks})"
        );
        // The host's name travelled in its hello's place to the watchers; the
        // guest gave none.
        assert!(
            w.1.lines()
                .any(|l| l == "online watch: players Ann vs Guest"),
            "{name}: {}",
            w.1
        );
    }
    let (_, behind, catchups) = watch_stats(&l.1);
    assert!(
        behind > 240,
        "the late watcher started {behind} steps behind"
    );
    assert!(catchups >= 1, "the late watcher caught up ({catchups})");
}

#[test]
fn a_fifth_watcher_is_refused_and_a_noisy_watcher_changes_nothing() {
    let server = server();
    let steps = 900;
    let room = "watch-b";
    // Four watchers, one of them sending junk and the players' own messages to
    // the players all through the match.
    let noisy = watcher(&server, room, steps, &["--sim-watcher-noise"]);
    let quiet: Vec<Child> = (0..3).map(|_| watcher(&server, room, steps, &[])).collect();
    std::thread::sleep(Duration::from_millis(1500));
    let fifth = watcher(&server, room, steps, &[]);
    let fifth = finish(fifth, Duration::from_secs(30));
    let (_, fifth_err, fifth_ok) = text(&fifth);
    assert!(!fifth_ok, "{fifth_err}");
    assert!(
        fifth_err.contains("this match already has its 4 watchers"),
        "{fifth_err}"
    );
    let host = client(&server, room, steps, &["--host"]);
    let guest = client(&server, room, steps, &[]);
    let limit = Duration::from_secs(120);
    let (h, g) = (text(&finish(host, limit)), text(&finish(guest, limit)));
    assert!(h.2 && g.2, "the players: {}\n{}", h.1, g.1);
    let (lh, lg) = (parse_line(&h.0), parse_line(&g.0));
    assert_eq!(lh.1, lg.1, "the same game on both sides");
    assert_eq!((lh.4, lg.4), (0, 0), "no desyncs");
    for w in std::iter::once(noisy).chain(quiet) {
        let w = text(&finish(w, limit));
        assert!(w.2, "{}", w.1);
        let lw = parse_line(&w.0);
        assert_eq!((lw.1.as_str(), lw.4), (lh.1.as_str(), 0), "{}", w.1);
    }
}
