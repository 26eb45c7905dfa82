//! `arkanong balance` in small: three levels, two seeds each, played by the CPUs
//! (the whole table is docs/balance.md's, measured with `--seeds 5`). The tool
//! runs, prints its tables, and the goals of issue 32 it can judge on so few
//! games hold: a versus match of 3 to 7 minutes with none under 90 s, a normal
//! CPU that beats the easy one, and solo play without stalls (no wait for a
//! brick hit of 15 s or more, a last-brick hunt under 45 s) for every CPU,
//! behind Fortress's steel too.

use arkanong_core::commands::{balance, measure_levels, BalanceOptions, Report};
use arkanong_core::game::Difficulty;
use arkanong_core::level::{shipped_levels, Level};

/// First Contact (short rounds, open bricks), The Funnel (long rounds) and
/// Fortress (bricks behind steel with one gate a side), two seeds each.
fn measured() -> Report {
    let levels: Vec<(String, Level)> = ["01_first_contact.txt", "05_funnel.txt", "09_fortress.txt"]
        .iter()
        .map(|name| {
            let shipped = shipped_levels().iter().find(|l| l.file == *name).unwrap();
            (name.to_string(), Level::parse(shipped.text).unwrap())
        })
        .collect();
    measure_levels(&levels, 2)
}

/// The goal whose words start with `what`.
fn goal<'a>(report: &'a Report, what: &str) -> &'a arkanong_core::commands::Goal {
    report
        .goals
        .iter()
        .find(|g| g.what.starts_with(what))
        .unwrap_or_else(|| panic!("no goal `{what}` in {:?}", report.goals))
}

#[test]
fn balance_meets_the_versus_and_solo_goals_on_three_levels() {
    let r = measured();
    assert_eq!(r.levels.len(), 3);
    for what in [
        "versus, normal CPUs: no match under",
        "normal beats easy",
        "solo, every CPU: longest brick gap",
        "solo, every CPU: median last-brick hunt",
    ] {
        let g = goal(&r, what);
        assert!(g.met, "{}: {}", g.what, g.detail);
    }
    // The match length on the two levels whose median two seeds judge (a
    // Fortress match runs near the top of the range: its median needs more).
    for level in &r.levels[..2] {
        let versus = level.versus.as_ref().expect("both modes");
        assert!(
            (180.0..=420.0).contains(&versus.median),
            "{}: {versus:?}",
            level.label
        );
    }
    for level in &r.levels {
        assert_eq!(level.solo.len(), 3, "{} plays solo", level.label);
    }
    // The stall help finds the way through Fortress's gates: the hard CPU clears
    // it (before the way round the steel it took 12 minutes, waiting up to 215 s
    // for a brick hit).
    let fortress_hard = r.levels[2]
        .solo
        .iter()
        .find(|s| s.strength == Difficulty::Hard)
        .unwrap();
    assert_eq!(fortress_hard.cleared, 1.0, "{fortress_hard:?}");
    assert!(
        fortress_hard.time.is_some_and(|t| t < 400.0),
        "{fortress_hard:?}"
    );
}

#[test]
fn balance_prints_the_tables_and_the_goals_for_one_level() {
    let options = BalanceOptions {
        seeds: Some(1),
        level: Some("1".into()),
        set: None,
        json: false,
        player: None,
        modes: Vec::new(),
    };
    let mut out = Vec::new();
    assert_eq!(balance(&options, &mut out), 0);
    let text = String::from_utf8(out).unwrap();
    for line in [
        "versus (",
        "solo (",
        "01_first_contact",
        "goals",
        "median match",
    ] {
        assert!(text.contains(line), "no `{line}` in:\n{text}");
    }
    let mut json = Vec::new();
    let options = BalanceOptions {
        json: true,
        ..options
    };
    assert_eq!(balance(&options, &mut json), 0);
    let json = String::from_utf8(json).unwrap();
    assert!(
        json.starts_with("{\"seeds\":1,") && json.trim_end().ends_with("]}"),
        "{json}"
    );
    let missing = BalanceOptions {
        level: Some("no/such/level.txt".into()),
        ..options.clone()
    };
    assert_eq!(balance(&missing, &mut Vec::new()), 1);
    let no_set = BalanceOptions {
        level: None,
        set: Some("no-such-set".into()),
        ..options.clone()
    };
    let mut said = Vec::new();
    assert_eq!(balance(&no_set, &mut said), 1);
    let said = String::from_utf8(said).unwrap();
    assert!(said.contains("duels"), "the sets are named: {said}");
}

#[test]
fn balance_labels_a_sets_level_by_set_and_file() {
    let options = BalanceOptions {
        seeds: Some(1),
        level: Some("duels/01_open_court".into()),
        set: None,
        json: true,
        player: None,
        modes: Vec::new(),
    };
    let mut json = Vec::new();
    assert_eq!(balance(&options, &mut json), 0);
    let json = String::from_utf8(json).unwrap();
    assert!(json.contains("\"level\":\"duels/01_open_court\""), "{json}");
}
