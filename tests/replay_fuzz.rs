//! The replay reader against what a player (or a hostile file) can hand it: the
//! regression cases of issue 24, then a property test over mutated replays (lines
//! removed, duplicated and swapped, numbers swapped for extremes, truncations, odd
//! bytes). Property: `Replay::parse` answers `Ok` or an error at a line of the text
//! (from 1 to one past the last line), never panics; a short replay that reads
//! also plays back to an answer.
//!
//! `cargo test` runs `REPLAY_FUZZ_CASES` cases (default 300); the long run is
//! `cargo test --release --test replay_fuzz -- --ignored --nocapture` (100,000
//! cases unless `REPLAY_FUZZ_CASES` says otherwise).

use std::io::Write;
use std::process::{Command, Output, Stdio};
use std::time::Instant;

use arkanong_core::game::{
    Inputs, Intent, Mode, PointerTarget, Replay, ReplayError, MAX_REPLAY_STEPS,
};
use arkanong_core::level::{parse_lines, Level};
use arkanong_core::user_file::FileKind;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

/// A short replay to mutate: a small level and 300 steps of changing inputs, the
/// bottom player's sometimes a pointer's place (`@X:Y`).
fn base_replay() -> String {
    let level = Level::parse("title = Fuzz\nmode = both\n[bricks]\n12\n31\n").unwrap();
    let inputs = (0..300)
        .map(|i: i32| Inputs {
            players: [
                Intent {
                    dx: (i / 7 % 3 - 1) as i8,
                    dy: 0,
                    fire: i % 11 == 0,
                    serve: i % 50 == 3,
                    target: (i % 9 < 4).then_some(PointerTarget {
                        x: (i * 37 % 801) as u16,
                        y: 900 + (i % 3) as u16 * 40,
                    }),
                },
                Intent {
                    dx: (i / 5 % 3 - 1) as i8,
                    dy: (i / 13 % 3 - 1) as i8,
                    fire: false,
                    serve: i % 40 == 1,
                    target: None,
                },
            ],
        })
        .collect();
    Replay::record(&level, Mode::Versus, 7, inputs).to_text()
}

/// A replay with its inputs and a run of `count` steps after one ordinary step.
fn replay_with_count(count: &str) -> String {
    format!(
        "arkanong-replay 1\nseed 1\nmode versus\nhash 0000000000000000\nlevel\n\
         | [bricks]\n| 1\ninputs\n1 ....,....\n{count} ....,....\nend\n"
    )
}

#[test]
fn replay_with_a_huge_count_is_an_error() {
    for count in [
        "18446744073709551615",
        "18446744073709551616",
        "99999999999",
    ] {
        let e = Replay::parse(&replay_with_count(count)).unwrap_err();
        assert!(
            matches!(e, ReplayError::Format { line: 10, .. }),
            "{count}: {e}"
        );
    }
    let at_cap = (MAX_REPLAY_STEPS - 1).to_string();
    let r = Replay::parse(&replay_with_count(&at_cap)).unwrap();
    assert_eq!(r.inputs.len(), MAX_REPLAY_STEPS);
    let over = MAX_REPLAY_STEPS.to_string();
    let e = Replay::parse(&replay_with_count(&over)).unwrap_err();
    assert!(e.to_string().contains("too many steps"), "{e}");
}

#[test]
fn replay_with_pointer_places_reads_back_equal_and_verifies() {
    let text = base_replay();
    assert!(text.contains('@'), "the pointer's places are written");
    let r = Replay::parse(&text).unwrap();
    assert!(r.inputs.iter().any(|i| i.players[0].target.is_some()));
    assert_eq!(r.to_text(), text);
    assert_eq!(r.verify(), Ok(r.final_hash));
}

#[test]
fn replay_with_a_place_outside_the_arena_is_an_error() {
    for place in ["@801:900", "@400:1001", "@-1:900", "@400", "@:", "@99999:1"] {
        let text =
            replay_with_count("1").replace("1 ....,....\nend", &format!("1 ....{place},....\nend"));
        assert!(
            matches!(
                Replay::parse(&text),
                Err(ReplayError::Format { line: 10, .. })
            ),
            "{place}"
        );
    }
}

#[test]
fn an_empty_replay_is_an_error_at_line_1() {
    let e = Replay::parse("").unwrap_err();
    assert_eq!(e.to_string(), "line 1: the file ends before the header");
    let e = Replay::parse("arkanong-replay 1\nseed 1\n").unwrap_err();
    assert_eq!(e.to_string(), "line 3: the file ends before the mode");
}

/// Runs the real binary with `args`; its exit code and output.
fn run(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_arkanong"))
        .args(args)
        .output()
        .unwrap();
    (out.status.code().unwrap_or(-1), text_of(&out))
}

fn text_of(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr)
}

/// Bytes the pipe may hold beyond what the reader took: Linux's pipe buffer is
/// 64 KiB by default and at most 1 MiB (`/proc/sys/fs/pipe-max-size`).
const PIPE_SLACK: u64 = 1 << 20;

/// Runs `tool /dev/stdin` fed zeros through a pipe, as many as it takes, up to
/// `cap + 1 + 2 * PIPE_SLACK`: its exit code, output, and the bytes it accepted
/// (what it read, plus at most the pipe's buffer).
fn run_on_endless_stdin(tool: &str, cap: u64) -> (i32, String, u64) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_arkanong"))
        .args([tool, "/dev/stdin"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let most = cap + 1 + 2 * PIPE_SLACK;
    let writer = std::thread::spawn(move || {
        let chunk = [0u8; 4096];
        let mut written = 0u64;
        // A write fails once the tool has exited and the pipe is closed; a tool
        // that never stopped reading ends here at `most`, and closing the pipe
        // then ends its read, so the test cannot hang.
        while written < most {
            match stdin.write(&chunk) {
                Ok(n) => written += n as u64,
                Err(_) => break,
            }
        }
        written
    });
    let out = child.wait_with_output().unwrap();
    let written = writer.join().unwrap();
    (out.status.code().unwrap_or(-1), text_of(&out), written)
}

#[test]
fn check_and_replay_of_dev_zero_answer_with_the_cap() {
    if !std::path::Path::new("/dev/zero").exists() {
        return;
    }
    for (tool, words) in [
        ("check", "most a level may hold"),
        ("replay", "most a replay may hold"),
    ] {
        let (code, out) = run(&[tool, "/dev/zero"]);
        assert_eq!(code, 1, "{tool}: {out}");
        assert!(out.contains(words), "{tool}: {out}");
        assert!(!out.contains("panicked"), "{tool}: {out}");
    }
}

#[test]
fn check_and_replay_of_an_endless_input_read_no_more_than_the_cap() {
    // The risk /dev/zero stands for: a file that never ends, read to its end.
    // Counted, not timed: the bytes the tool took from an endless pipe.
    if !std::path::Path::new("/dev/stdin").exists() {
        return;
    }
    for (tool, kind, words) in [
        ("check", FileKind::Level, "most a level may hold"),
        ("replay", FileKind::Replay, "most a replay may hold"),
    ] {
        let (code, out, taken) = run_on_endless_stdin(tool, kind.cap());
        assert_eq!(code, 1, "{tool}: {out}");
        assert!(out.contains(words), "{tool}: {out}");
        assert!(
            taken <= kind.cap() + 1 + PIPE_SLACK,
            "{tool} took {taken} bytes, its cap is {}",
            kind.cap()
        );
        assert!(taken > kind.cap(), "{tool} stopped at {taken} bytes");
    }
}

#[test]
fn replay_that_is_not_text_is_an_error() {
    let path = std::env::temp_dir().join(format!("arkanong-binary-{}.replay", std::process::id()));
    std::fs::write(&path, [b'a', 0xff, 0xfe, b'\n']).unwrap();
    let (code, out) = run(&["replay", &path.to_string_lossy()]);
    let _ = std::fs::remove_file(&path);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("not UTF-8 text"), "{out}");
}

/// Numbers a mutation puts in place of one in the text.
const EXTREMES: [&str; 16] = [
    "0",
    "-1",
    "",
    "+1",
    "1e9",
    "NaN",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "18446744073709551615",
    "18446744073709551616",
    "340282366920938463463374607431768211456",
    "9999999",
    "10000000",
    "ffffffffffffffff",
    "00000000000000000000000000000001",
];

/// Characters a mutation inserts: controls, a BOM, line endings of every kind,
/// wide and combining characters, the replay's own punctuation.
const ODD: [&str; 14] = [
    "\0", "\u{feff}", "\r", "\r\n", "\u{2028}", "\t", "é", "\u{301}", "🎮", "|", ",", " ",
    "\u{7f}", "\u{fffd}",
];

/// One change to a replay's text.
#[derive(Debug, Clone)]
enum Mutation {
    Remove(usize),
    Duplicate(usize),
    Swap(usize, usize),
    Extreme(usize, usize),
    Truncate(usize),
    Odd(usize, usize),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        any::<usize>().prop_map(Mutation::Remove),
        any::<usize>().prop_map(Mutation::Duplicate),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Mutation::Swap(a, b)),
        (any::<usize>(), 0..EXTREMES.len()).prop_map(|(a, b)| Mutation::Extreme(a, b)),
        any::<usize>().prop_map(Mutation::Truncate),
        (any::<usize>(), 0..ODD.len()).prop_map(|(a, b)| Mutation::Odd(a, b)),
    ]
}

/// Replaces the first run of digits (or hex digits after `hash `) in `line`.
fn swap_number(line: &str, with: &str) -> String {
    match line.find(|c: char| c.is_ascii_digit()) {
        Some(start) => {
            let end = line[start..]
                .find(|c: char| !c.is_ascii_hexdigit())
                .map_or(line.len(), |e| start + e);
            format!("{}{with}{}", &line[..start], &line[end..])
        }
        None => format!("{with} {line}"),
    }
}

/// The byte index nearest below `at` that is a character boundary of `s`.
fn boundary(s: &str, at: usize) -> usize {
    (0..=at.min(s.len()))
        .rev()
        .find(|&i| s.is_char_boundary(i))
        .unwrap_or(0)
}

fn apply(text: &str, mutations: &[Mutation]) -> String {
    let mut lines: Vec<String> = text.lines().map(str::to_owned).collect();
    for m in mutations {
        if lines.is_empty() {
            lines.push(String::new());
        }
        let n = lines.len();
        match *m {
            Mutation::Remove(i) => drop(lines.remove(i % n)),
            Mutation::Duplicate(i) => lines.insert(i % n, lines[i % n].clone()),
            Mutation::Swap(a, b) => lines.swap(a % n, b % n),
            Mutation::Extreme(i, e) => lines[i % n] = swap_number(&lines[i % n], EXTREMES[e]),
            Mutation::Truncate(at) => {
                let joined = lines.join("\n");
                let cut = boundary(&joined, at % (joined.len() + 1));
                lines = joined[..cut].split('\n').map(str::to_owned).collect();
            }
            Mutation::Odd(at, o) => {
                let line = &mut lines[at % n];
                let cut = boundary(line, at / n.max(1) % (line.len() + 1));
                line.insert_str(cut, ODD[o]);
            }
        }
    }
    lines.join("\n") + "\n"
}

/// What is wrong with the reader's answer for `text`, or `None` when it is sound.
fn unsound(text: &str) -> Option<String> {
    let last = parse_lines(text).count();
    match Replay::parse(text) {
        Err(ReplayError::Format { line, message }) => {
            (line == 0 || line > last + 1 || message.is_empty())
                .then(|| format!("error at line {line} of {last}: {message}"))
        }
        Err(e) => Some(format!("the reader answered {e:?}")),
        Ok(r) if r.inputs.len() <= 2_000 => match r.verify() {
            Ok(_) | Err(ReplayError::Mismatch { .. }) | Err(ReplayError::Level(_)) => None,
            Err(e) => Some(format!("verify answered {e:?}")),
        },
        Ok(_) => None,
    }
}

/// Runs `cases` mutated replays through the reader; returns how many ran.
fn fuzz(cases: u32) -> u32 {
    let base = base_replay();
    let mut runner = TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    });
    let strategy = prop::collection::vec(mutation(), 1..5);
    let ran = std::cell::Cell::new(0);
    runner
        .run(&strategy, |mutations| {
            ran.set(ran.get() + 1);
            let text = apply(&base, &mutations);
            if let Some(why) = unsound(&text) {
                return Err(TestCaseError::fail(format!("{why}\n--- text ---\n{text}")));
            }
            Ok(())
        })
        .unwrap();
    ran.get()
}

fn cases(default: u32) -> u32 {
    std::env::var("REPLAY_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn mutated_replays_read_or_fail_at_a_line() {
    assert!(unsound(&base_replay()).is_none());
    fuzz(cases(300));
}

#[test]
#[ignore = "long run: 100,000 mutated replays"]
fn mutated_replays_long_run() {
    let start = Instant::now();
    let ran = fuzz(cases(100_000));
    println!(
        "replay fuzz: {ran} replays in {:.1?}, no failure",
        start.elapsed()
    );
}
