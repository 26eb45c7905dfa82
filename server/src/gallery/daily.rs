//! The daily challenge (issue 45): each day (UTC, by the server's clock,
//! never a simulation's) one level and one seed everyone plays. The level is
//! picked from the shipped sets' solo levels and the best-rated community
//! levels, never one picked in the 30 days before, by a hash of the day: two
//! servers given the same data pick the same, and the first to pick keeps
//! it in the database (`daily_store.rs`) for every server after it.

use std::collections::HashSet;

use arkanong_core::level::{all_shipped_levels, Level};
use time::{Date, Month};

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

/// The Julian day number of 1970-01-01, the first day (day 0).
const JULIAN_1970: i64 = 2_440_588;

/// Day `day` as a calendar date (`time`'s proleptic Gregorian calendar), if
/// it is one `time` holds (years -9999 to 9999).
fn calendar_date(day: i64) -> Option<Date> {
    let julian = i32::try_from(day.checked_add(JULIAN_1970)?).ok()?;
    Date::from_julian_day(julian).ok()
}

/// A day as a date, `2026-11-29` (the proleptic Gregorian calendar); a day
/// past the calendar's years (no date a player or the clock names) as `day N`.
pub(super) fn date_of(day: i64) -> String {
    match calendar_date(day) {
        Some(d) => format!("{:04}-{:02}-{:02}", d.year(), u8::from(d.month()), d.day()),
        None => format!("day {day}"),
    }
}

/// The day a date `YYYY-MM-DD` names, if it is one (years 1970 to 9999).
pub(super) fn day_from_date(date: &str) -> Option<i64> {
    let b = date.as_bytes();
    let digits = |r: std::ops::Range<usize>| -> Option<u16> {
        let part = date.get(r)?;
        part.bytes()
            .all(|c| c.is_ascii_digit())
            .then(|| part.parse().ok())?
    };
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let (y, m, d) = (digits(0..4)?, digits(5..7)?, digits(8..10)?);
    if !(1970..=9999).contains(&y) {
        return None;
    }
    // `time` refuses a month past 12 and a day past its month's (30 February).
    let month = Month::try_from(u8::try_from(m).ok()?).ok()?;
    let date = Date::from_calendar_date(i32::from(y), month, u8::try_from(d).ok()?).ok()?;
    Some(i64::from(date.to_julian_day()) - JULIAN_1970)
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

    #[test]
    fn known_days_are_their_dates_and_a_day_past_the_calendar_is_no_panic() {
        // As Python's datetime.date counts them from 1970-01-01.
        for (day, date) in [
            (-1, "1969-12-31"),
            (11_016, "2000-02-29"),
            (20_786, "2026-11-29"),
            (47_541, "2100-03-01"),
            (2_932_896, "9999-12-31"),
        ] {
            assert_eq!(date_of(day), date, "{day}");
        }
        assert_eq!(day_from_date("2100-02-29"), None, "2100 is no leap year");
        assert_eq!(day_from_date("9999-12-31"), Some(2_932_896));
        assert_eq!(date_of(i64::MAX), format!("day {}", i64::MAX));
        assert_eq!(date_of(2_932_897 + 1), "day 2932898");
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
