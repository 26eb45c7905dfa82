//! A record the game keeps (settings, high scores, progress): a serde type read
//! and written in the records' format (`format/`). Adding a setting is adding a
//! field; the reading that keeps what it cannot read is here, once for all.

use serde::de::DeserializeOwned;
use serde::Serialize;

use super::format::{self, Error};
use super::lines::{quote, KeptLines, LineRead};

/// A record kept between runs. Its `Default` is a new player's, and a file is
/// read over it: a line the file does not have keeps the default's value.
pub trait Record: Serialize + DeserializeOwned + Default {
    /// The record's text as the game writes it.
    fn to_text(&self) -> String {
        // Only a type the format has no lines for fails to write (each record's
        // round-trip test writes it), and then nothing half-written is returned.
        format::to_text(self).unwrap_or_default()
    }

    /// Reads the text strictly: the value, or the first line that did not read.
    fn parse(text: &str) -> Result<Self, String> {
        let read = read_keeping::<Self>(text);
        match read.kept.problems.first() {
            None => Ok(read.value),
            Some((n, why)) => Err(format!("line {n}: {why}")),
        }
    }

    /// Reads one line over the record as it is: a line that does not read
    /// leaves the record as it was.
    fn read_line(&mut self, line: &str) -> LineRead {
        let own = self.to_text();
        let lines: Vec<&str> = own.lines().chain([line.trim()]).collect();
        match format::from_lines::<Self>(&lines) {
            Ok(value) => {
                *self = value;
                LineRead::Known
            }
            Err(e) => line_read(line, e),
        }
    }
}

/// How a line that did not read is told.
fn line_read(line: &str, e: Error) -> LineRead {
    match e {
        Error::Unknown(_) => LineRead::Unknown,
        Error::Bad(why) => LineRead::Bad(format!("{}: {why}", quote(line.trim()))),
        Error::Missing(field) => {
            LineRead::Bad(format!("{}: missing field `{field}`", quote(line.trim())))
        }
    }
}

/// A record as read from a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reading<T> {
    /// What was read, over the defaults.
    pub value: T,
    /// The lines not read, to be written back.
    pub kept: KeptLines,
    /// How many lines read.
    pub known: usize,
    /// How many lines were known but did not read (junk, bad values).
    pub bad: usize,
}

/// Reads `text` one line at a time: blank lines are passed over, every line that
/// does not read is kept with why. Each line is tried alone (`probe`), then the
/// lines that read are read together over the defaults (in their order, the last
/// of a key winning), so a record of n lines costs n reads of one line and one
/// read of them all: linear in the file, whatever the record's size.
pub fn read_keeping<T: Record>(text: &str) -> Reading<T> {
    let defaults = T::default().to_text();
    let base: Vec<&str> = defaults.lines().collect();
    let mut known = base.clone();
    let (mut kept, mut bad) = (KeptLines::default(), 0);
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        let why = match probe::<T>(line) {
            LineRead::Known => {
                known.push(line);
                continue;
            }
            LineRead::Bad(why) => {
                bad += 1;
                why
            }
            LineRead::Unknown => format!("{} is not known to this version", quote(line)),
        };
        kept.lines.push(raw.to_owned());
        kept.problems.push((i + 1, why));
    }
    match format::from_lines::<T>(&known) {
        Ok(value) => Reading {
            value,
            kept,
            known: known.len() - base.len(),
            bad,
        },
        // Lines that read alone but not together (no record has such lines
        // today): read them in turn instead, each over the ones before.
        Err(_) => read_in_turn(text),
    }
}

/// Whether one line reads, tried alone rather than over the defaults' lines (a
/// read over them all for every line was O(lines x defaults): seconds for a
/// 1 MiB file). Alone, the struct it belongs to misses its other fields; that
/// is found only after the line's own key and value have read (serde checks
/// for missing fields last), so it counts as read. Its verdict is the one over
/// the defaults: a field's value reads the same whatever lines are beside it.
fn probe<T: Record>(line: &str) -> LineRead {
    match format::from_lines::<T>(&[line]) {
        Ok(_) | Err(Error::Missing(_)) => LineRead::Known,
        Err(e) => line_read(line, e),
    }
}

/// [`read_keeping`] the slow way: each line over the record read so far.
fn read_in_turn<T: Record>(text: &str) -> Reading<T> {
    let mut read = Reading {
        value: T::default(),
        kept: KeptLines::default(),
        known: 0,
        bad: 0,
    };
    for (i, raw) in text.lines().enumerate() {
        if raw.trim().is_empty() {
            continue;
        }
        let why = match read.value.read_line(raw) {
            LineRead::Known => {
                read.known += 1;
                continue;
            }
            LineRead::Unknown => format!("{} is not known to this version", quote(raw.trim())),
            LineRead::Bad(why) => {
                read.bad += 1;
                why
            }
        };
        read.kept.lines.push(raw.to_owned());
        read.kept.problems.push((i + 1, why));
    }
    read
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::{Deserialize, Serialize};

    /// A record of the format's every shape: a value, a list, a nested struct
    /// and a tuple.
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    #[serde(default)]
    struct Sample {
        n: u32,
        tag: Vec<String>,
        #[serde(rename = "sub.")]
        sub: Sub,
        pair: (u8, String),
    }

    #[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
    #[serde(default)]
    struct Sub {
        on: bool,
        level: f32,
    }

    impl Default for Sample {
        fn default() -> Self {
            Self {
                n: 1,
                tag: Vec::new(),
                sub: Sub {
                    on: true,
                    level: 0.5,
                },
                pair: (2, "two words".into()),
            }
        }
    }

    impl Record for Sample {}

    #[test]
    fn a_record_is_written_as_key_value_lines_and_reads_back() {
        let s = Sample {
            tag: vec!["a b".into(), "c\nd".into()],
            ..Sample::default()
        };
        let text = s.to_text();
        assert_eq!(
            text,
            "n = 1\ntag = a b\ntag = c d\nsub.on = true\nsub.level = 0.5\npair = 2 two words\n"
        );
        let again = Sample::parse(&text).unwrap();
        assert_eq!(again.tag, ["a b", "c d"]);
        assert_eq!(Sample::parse("").unwrap(), Sample::default());
    }

    #[test]
    fn unknown_and_bad_lines_are_kept_in_order_and_the_rest_read() {
        let text = "n = 4\nfuture = 3\n\n  n = x\r\nsub.on = false\nsub.gone = 1\npair = 7\n";
        let read = read_keeping::<Sample>(text);
        assert_eq!(read.value.n, 4, "the bad n after it is skipped");
        assert!(!read.value.sub.on && read.value.sub.level == 0.5);
        assert_eq!(read.value.pair, Sample::default().pair);
        assert_eq!(
            read.kept.lines,
            ["future = 3", "  n = x", "sub.gone = 1", "pair = 7"]
        );
        let lines: Vec<usize> = read.kept.problems.iter().map(|p| p.0).collect();
        assert_eq!(lines, [2, 4, 6, 7]);
        assert_eq!((read.known, read.bad), (2, 2));
        assert!(read.kept.problems[1].1.contains("`x` is not a number"));
        assert!(read.kept.problems[0]
            .1
            .contains("not known to this version"));
        assert_eq!(
            Sample::parse("n = 1\nfuture\n"),
            Err("line 2: `future`: not a `key = value` line".to_owned())
        );
        // One line at a time over a value gives the same.
        let mut one = Sample::default();
        assert_eq!(one.read_line("tag = x"), LineRead::Known);
        assert_eq!(one.read_line("tag = y"), LineRead::Known);
        assert_eq!(one.read_line("sub.gone = 1"), LineRead::Unknown);
        assert!(matches!(one.read_line("sub.on = 2"), LineRead::Bad(_)));
        assert_eq!(one.tag, ["x", "y"]);
        assert_eq!(read_in_turn::<Sample>(text), read_keeping::<Sample>(text));
    }

    #[test]
    fn reading_a_record_hands_each_line_to_the_reader_a_bounded_number_of_times() {
        // Each line was read over all the defaults' lines: lines x defaults
        // (seconds for a 1 MiB settings file). Now each is read alone, then the
        // good ones once more together over the defaults.
        let base = crate::app::records::Settings::default()
            .to_text()
            .lines()
            .count() as u64;
        let n = 3000u64;
        let text: String = (0..n)
            .map(|i| match i % 3 {
                0 => format!("volume = {}\n", i % 11),
                1 => format!("future.{i} = {i}\n"),
                _ => format!("juice.shake = maybe{i}\n"),
            })
            .collect();
        let before = format::lines_read();
        let read = read_keeping::<crate::app::records::Settings>(&text);
        let work = format::lines_read() - before;
        assert_eq!((read.known, read.bad), (1000, 1000));
        assert_eq!(read.kept.lines.len(), 2000);
        assert!(work <= 2 * n + 2 * base, "{work} lines read for {n}");
        // A list of many lines reads in one pass too (the bests of many levels).
        let bests: String = (0..n)
            .map(|i| format!("best.solo = {i} level{i}.txt\n"))
            .collect();
        let before = format::lines_read();
        let read = read_keeping::<crate::app::records::Progress>(&bests);
        let work = format::lines_read() - before;
        assert_eq!(
            read.value.best.len(),
            n as usize,
            "{:?}",
            read.kept.problems.first()
        );
        assert!(work <= 2 * n + 2 * base, "{work} lines read for {n} bests");
    }

    /// A list record: one tab-separated row per element.
    #[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
    #[serde(transparent)]
    struct Rows(Vec<Row>);

    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    struct Row {
        score: u32,
        name: String,
        #[serde(default)]
        note: String,
    }

    impl Record for Rows {}

    #[test]
    fn a_list_record_is_rows_of_tab_separated_fields() {
        let rows = Rows(vec![Row {
            score: 3,
            name: "a\tb".into(),
            note: String::new(),
        }]);
        assert_eq!(rows.to_text(), "3\ta b\t\n");
        let read = read_keeping::<Rows>("5\tx\n6\ty\tz\n7\tq\tr\tnew\nseven\tq\n");
        let names: Vec<&str> = read.value.0.iter().map(|r| r.name.as_str()).collect();
        assert_eq!(names, ["x", "y"], "a missing last field takes its default");
        assert_eq!(read.kept.lines, ["7\tq\tr\tnew", "seven\tq"]);
        assert_eq!(
            (read.known, read.bad),
            (2, 1),
            "more fields: a newer version's"
        );
    }
}
