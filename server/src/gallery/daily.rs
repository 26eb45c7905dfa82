//! The daily challenge (issue 45): each day (UTC, by the server's clock,
//! never a simulation's) one level and one seed everyone plays. The level is
//! picked from the shipped sets' solo levels and the best-rated community
//! levels, never one picked in the 30 days before, by a hash of the day: two
//! servers given the same data pick the same, and the first to pick keeps
//! it in the database (`daily_store.rs`) for every server after it.

use std::collections::HashSet;

use arkanong_core::level::{all_shipped_levels, Level};

/// Seconds in a day.
pub(super) const DAY: i64 = 86_400;
/// A level picked is not picked again for this many days.
pub(super) const NOT_AGAIN_DAYS: i64 = 30;
/// The community levels a day may pick from: the best-rated this many.
pub(super) const COMMUNITY_CANDIDATES: i64 = 20;
/// A community level needs this many ratings to be a candidate.
pub(super) const MIN_RATINGS: i64 = 3;

/// A level a day may pick.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Candidate {
    /// `shipped:FILE` or `gallery:CODE`: what "never twice in 30 days" compares.
    pub(super) source: String,
    /// Its title.
    pub(super) title: String,
    /// Its text.
    pub(super) text: String,
}

/// The day (UTC days since 1970-01-01) of `unix` seconds.
pub(super) fn day_of(unix: i64) -> i64 {
    unix.div_euclid(DAY)
}

/// A day as a date, `2026-11-29` (the proleptic Gregorian calendar).
pub(super) fn date_of(day: i64) -> String {
    // Howard Hinnant's days-to-civil.
    let z = day + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// The day a date `YYYY-MM-DD` names, if it is one (years 1970 to 9999).
pub(super) fn day_from_date(date: &str) -> Option<i64> {
    let b = date.as_bytes();
    let digits = |r: std::ops::Range<usize>| -> Option<i64> {
        let part = date.get(r)?;
        part.bytes()
            .all(|c| c.is_ascii_digit())
            .then(|| part.parse().ok())?
    };
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let (y, m, d) = (digits(0..4)?, digits(5..7)?, digits(8..10)?);
    if !(1970..=9999).contains(&y) || !(1..=12).contains(&m) || !(1..=31).contains(&d) {
        return None;
    }
    // Civil-to-days, then checked back (30 February is no date).
    let y2 = if m <= 2 { y - 1 } else { y };
    let era = y2.div_euclid(400);
    let yoe = y2.rem_euclid(400);
    let mp = if m > 2 { m - 3 } else { m + 9 };
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    let day = era * 146_097 + doe - 719_468;
    (date_of(day) == date).then_some(day)
}

/// A day's number as the hash's input: its two's-complement bits.
fn bits(day: i64) -> u64 {
    u64::from_ne_bytes(day.to_ne_bytes())
}

/// SplitMix64's finaliser: a well-spread hash of a day.
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The day's seed: everyone's game starts the same (below 2^31, as any
/// seed a replay's header and a database column hold).
pub(super) fn seed_of(day: i64) -> u64 {
    mix(bits(day) ^ 0xda11_c4a1_1e59_e5d0) & 0x7fff_ffff
}

/// The shipped levels a day may pick: every set's levels that play solo.
pub(super) fn shipped_candidates() -> Vec<Candidate> {
    all_shipped_levels()
        .filter_map(|l| {
            let level = Level::parse(l.text).ok()?;
            level.mode.allows_solo().then(|| Candidate {
                source: format!("shipped:{}", l.file),
                title: level.title.clone(),
                text: l.text.to_owned(),
            })
        })
        .collect()
}

/// The day's pick among `candidates` (in any order: they are sorted by
/// source first), none of `recent` (the sources of the 30 days before) when
/// any other is left. `None` only when there are no candidates at all.
pub(super) fn pick(
    day: i64,
    candidates: &[Candidate],
    recent: &HashSet<String>,
) -> Option<Candidate> {
    let mut all: Vec<&Candidate> = candidates.iter().collect();
    all.sort_by(|a, b| a.source.cmp(&b.source));
    all.dedup_by(|a, b| a.source == b.source);
    let fresh: Vec<&Candidate> = all
        .iter()
        .copied()
        .filter(|c| !recent.contains(&c.source))
        .collect();
    let from = if fresh.is_empty() { &all } else { &fresh };
    let n = u64::try_from(from.len()).ok().filter(|&n| n > 0)?;
    let at = usize::try_from(mix(bits(day)) % n).ok()?;
    from.get(at).map(|c| (*c).clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_and_days_agree_both_ways_and_refuse_non_dates() {
        assert_eq!(date_of(0), "1970-01-01");
        assert_eq!(date_of(day_of(1_795_910_400)), "2026-11-29");
        for day in [0, 59, 60, 365, 10_957, 11_016, 20_000, 20_786] {
            assert_eq!(day_from_date(&date_of(day)), Some(day), "{day}");
        }
        assert_eq!(day_from_date("2024-02-29"), Some(19_782));
        for bad in [
            "2026-02-30",
            "2025-02-29",
            "2026-13-01",
            "26-11-29",
            "2026-11-29x",
            "",
            "2026/11/29",
            "+026-11-29",
            "1969-12-31",
        ] {
            assert_eq!(day_from_date(bad), None, "{bad}");
        }
        assert_eq!(day_of(-1), -1, "before 1970 is the day before");
    }

    fn candidate(source: &str) -> Candidate {
        Candidate {
            source: source.into(),
            title: source.into(),
            text: String::new(),
        }
    }

    #[test]
    fn a_pick_is_the_dates_whatever_the_order_and_never_a_recent_one() {
        let shipped = shipped_candidates();
        assert!(shipped.len() > 30, "{} shipped solo levels", shipped.len());
        assert!(shipped
            .iter()
            .all(|c| Level::parse(&c.text).unwrap().mode.allows_solo()));
        let mut reversed = shipped.clone();
        reversed.reverse();
        let none = HashSet::new();
        for day in 20_000..20_040 {
            assert_eq!(
                pick(day, &shipped, &none),
                pick(day, &reversed, &none),
                "{day}"
            );
        }
        // 60 days picked as the server does, each excluding the 30 before.
        let mut picked: Vec<String> = Vec::new();
        for k in 0..60 {
            let recent: HashSet<String> = picked.iter().rev().take(29).cloned().collect();
            let p = pick(20_000 + k, &shipped, &recent).unwrap();
            assert!(!recent.contains(&p.source), "day {k}: {} again", p.source);
            picked.push(p.source);
        }
        let distinct: HashSet<&String> = picked.iter().collect();
        assert!(distinct.len() > 30, "{} levels in 60 days", distinct.len());
        // Every candidate recent: still a pick; none at all: none.
        let two = [candidate("a"), candidate("b")];
        let both: HashSet<String> = ["a".to_owned(), "b".to_owned()].into();
        assert!(pick(1, &two, &both).is_some());
        assert_eq!(pick(1, &[], &none), None);
        let only_b: HashSet<String> = ["a".to_owned()].into();
        assert_eq!(pick(7, &two, &only_b).unwrap().source, "b");
        // Seeds differ from day to day and stay under 2^31.
        assert_ne!(seed_of(20_000), seed_of(20_001));
        assert!((0..1000).all(|d| seed_of(d) < 1 << 31));
    }
}
