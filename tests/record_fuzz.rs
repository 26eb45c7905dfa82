//! Every record reader (settings with their juice and key lines, scores, progress)
//! against random lines mixed with valid ones (issue 24). Property: the record
//! reads; every valid line counts exactly as it would alone; every junk line is
//! kept and leaves the value as it was; and after a save (the values, then the
//! kept lines) the record reads back to the same value and the same kept lines.
//!
//! `cargo test` runs `RECORD_FUZZ_CASES` cases per record (default 200); the long
//! run is `cargo test --release --test record_fuzz -- --ignored --nocapture`
//! (34,000 per record, 102,000 in all, unless `RECORD_FUZZ_CASES` says otherwise).

use std::cell::Cell;
use std::fmt::Debug;
use std::time::Instant;

use arkanong_core::app::records::{
    take_record, HighScores, LineRead, Progress, Record, Settings, Taken, Way,
};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};

/// A record's reader, as the game loads it.
type Reader<T> = fn(&mut T, &str) -> LineRead;

/// Lines no record reads: any printable text, odd characters, and lines shaped
/// like real ones with values that do not read.
fn junk_line() -> impl Strategy<Value = String> {
    prop_oneof![
        "[ -~]{1,60}",
        "[a-z_.]{1,20} = [ -~]{0,20}",
        "(volume|music_volume|muted|juice\\.shake|key\\.single\\.fire|name|best|best\\.solo) = [ -~\u{e9}\u{1f3ae}]{0,12}",
        "[0-9a-z ]{0,8}\t[a-z -]{0,12}\t[ -~]{0,10}(\t[A-Z]{0,4}){0,3}",
        "[\u{1}-\u{8}\u{b}\u{c}\u{e}-\u{1f}\u{7f}\u{a0}-\u{2fff}\u{feff}\u{fffd}\t ]{1,12}",
    ]
}

/// Valid settings lines: each setting the game writes, with a random value.
fn settings_line() -> impl Strategy<Value = String> {
    let defaults: Vec<String> = Settings::default()
        .to_text()
        .lines()
        .map(str::to_owned)
        .collect();
    (0..defaults.len(), 0..=10u8, any::<bool>()).prop_map(move |(i, n, b)| {
        let line = &defaults[i];
        let key = line.split('=').next().unwrap().trim();
        match key {
            "volume" | "music_volume" => format!("{key} = {n}"),
            k if k.starts_with("key.") => line.clone(),
            _ => format!("{key} = {b}"),
        }
    })
}

/// Valid score lines (at most one table's worth are drawn per case).
fn score_line() -> impl Strategy<Value = String> {
    (
        1..1_000_000u32,
        0..Way::TABLES.len(),
        "[A-Za-z0-9_./ ]{0,20}[A-Za-z0-9_./]",
        "[A-Z]{0,3}",
        any::<bool>(),
    )
        .prop_map(|(score, way, level, name, old)| {
            let way = if old && way == 2 {
                "versus"
            } else {
                Way::TABLES[way].key()
            };
            format!("{score}\t{way}\t{level}\t{name}")
        })
}

/// Valid progress lines, in today's and the older format.
fn progress_line() -> impl Strategy<Value = String> {
    let label = "[A-Za-z0-9_./][A-Za-z0-9_./ ]{0,20}[A-Za-z0-9_./]";
    prop_oneof![
        "[A-Z]{3}".prop_map(|n| format!("name = {n}")),
        label.prop_map(|l| format!("cleared = {l}")),
        (0..Way::ALL.len(), 0..u32::MAX, label)
            .prop_map(|(w, s, l)| format!("best.{} = {s} {l}", Way::ALL[w].key())),
        (0..u32::MAX, label).prop_map(|(s, l)| format!("best = {s} {l}")),
    ]
}

/// Whether `line` reads as known on `value` (a copy: the value is untouched).
fn known<T: Record + Clone>(value: &T, read: Reader<T>, line: &str) -> bool {
    read(&mut value.clone(), line.trim()) == LineRead::Known
}

/// What is wrong with reading `valid` lines mixed with `junk` at `places`, or
/// `None` when the property holds. `to_text` writes the value as the game does.
fn unsound<T: Record + Clone + PartialEq + Debug>(
    valid: &[String],
    junk: &[String],
    places: &[usize],
    read: Reader<T>,
    to_text: fn(&T) -> String,
) -> Option<String> {
    let alone = T::parse(&(valid.join("\n") + "\n")).ok()?;
    // Junk that happens to read (on a new value or the valid lines' value) is a
    // valid line after all: not junk for this case.
    let junk: Vec<&String> = junk
        .iter()
        .filter(|j| !known(&T::default(), read, j) && !known(&alone, read, j))
        .collect();
    // Each line, and whether it is junk.
    let mut lines: Vec<(&String, bool)> = valid.iter().map(|v| (v, false)).collect();
    for (j, at) in junk.iter().zip(places) {
        lines.insert(at % (lines.len() + 1), (j, true));
    }
    let text = lines
        .iter()
        .map(|(l, _)| format!("{l}\n"))
        .collect::<String>();
    let Taken::Read(value, kept) = take_record::<T>(text.as_bytes()) else {
        return Some(format!("set aside:\n{text}"));
    };
    if value != alone {
        return Some(format!(
            "junk changed the value:\n{text}\n{value:?}\n{alone:?}"
        ));
    }
    let expected: Vec<&String> = lines
        .iter()
        .filter(|(l, is_junk)| *is_junk && !l.trim().is_empty())
        .map(|(l, _)| *l)
        .collect();
    if kept.lines.iter().collect::<Vec<_>>() != expected {
        return Some(format!(
            "kept {:?}, expected {expected:?} in:\n{text}",
            kept.lines
        ));
    }
    let saved = kept.append_to(&to_text(&value));
    match take_record::<T>(saved.as_bytes()) {
        Taken::Read(again, kept_again) if again == value && kept_again.lines == kept.lines => None,
        other => Some(format!("after a save:\n{saved}\nread {other:?}")),
    }
}

/// Runs `cases` mixed records of one kind; returns how many ran.
fn fuzz_record<T: Record + Clone + PartialEq + Debug>(
    cases: u32,
    valid: impl Strategy<Value = String>,
    most_valid: usize,
    read: Reader<T>,
    to_text: fn(&T) -> String,
) -> u32 {
    let mut runner = TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    });
    let strategy = (
        prop::collection::vec(valid, 1..=most_valid),
        prop::collection::vec(junk_line(), 0..8),
        prop::collection::vec(any::<usize>(), 8),
    );
    let ran = Cell::new(0);
    runner
        .run(&strategy, |(valid, junk, places)| {
            ran.set(ran.get() + 1);
            match unsound(&valid, &junk, &places, read, to_text) {
                Some(why) => Err(TestCaseError::fail(why)),
                None => Ok(()),
            }
        })
        .unwrap();
    ran.get()
}

/// Every record kind; returns the records read.
fn fuzz_all(cases: u32) -> u32 {
    fuzz_record(
        cases,
        settings_line(),
        30,
        Settings::read_line,
        Settings::to_text,
    ) + fuzz_record(
        cases,
        score_line(),
        10,
        HighScores::read_line,
        HighScores::to_text,
    ) + fuzz_record(
        cases,
        progress_line(),
        20,
        Progress::read_line,
        Progress::to_text,
    )
}

fn cases(default: u32) -> u32 {
    std::env::var("RECORD_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn records_keep_every_valid_line_among_junk() {
    fuzz_all(cases(200));
}

#[test]
#[ignore = "long run: 102,000 records"]
fn records_keep_every_valid_line_among_junk_long_run() {
    let start = Instant::now();
    let ran = fuzz_all(cases(34_000));
    println!(
        "record fuzz: {ran} records in {:.1?}, no failure",
        start.elapsed()
    );
}
