//! Where things sit in the text, for edits the parser's item lines do not cover:
//! section headers, setting lines, power-up rows, and where a section ends (new
//! items go after its last item).

use super::lines::Lines;
use crate::level::strip_comment;

/// A section of the level file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Part {
    /// Settings: before the first header, or under `[level]`.
    Settings,
    /// `[bricks]`.
    Bricks,
    /// `[powerups]`.
    PowerUps,
    /// `[barriers]`.
    Barriers,
    /// `[balls]`.
    Balls,
    /// An unknown or broken header's lines.
    Unknown,
}

impl Part {
    /// The header line that opens this section.
    pub fn header(self) -> &'static str {
        match self {
            Self::Settings => "[level]",
            Self::Bricks => "[bricks]",
            Self::PowerUps => "[powerups]",
            Self::Barriers => "[barriers]",
            Self::Balls => "[balls]",
            Self::Unknown => "",
        }
    }
}

/// The sections of a text, line by line.
#[derive(Debug, Clone, Default)]
pub(super) struct Outline {
    /// For each line: its section, and whether it holds anything but blanks and
    /// comments (headers excluded).
    lines: Vec<(Part, bool)>,
    /// Line index of each header, with its section.
    headers: Vec<(usize, Part)>,
}

impl Outline {
    pub(super) fn new(lines: &Lines) -> Self {
        let mut part = Part::Settings;
        let mut out = Self::default();
        for i in 0..lines.len() {
            let code = strip_comment(lines.content(i)).trim();
            if let Some(name) = code.strip_prefix('[') {
                part = match name.strip_suffix(']').map(str::trim) {
                    Some("level") => Part::Settings,
                    Some("bricks") => Part::Bricks,
                    Some("powerups") => Part::PowerUps,
                    Some("barriers") => Part::Barriers,
                    Some("balls") => Part::Balls,
                    _ => Part::Unknown,
                };
                out.headers.push((i, part));
                out.lines.push((part, false));
            } else {
                out.lines.push((part, !code.is_empty()));
            }
        }
        out
    }

    /// The line a setting is written on (the last, since a later value wins).
    pub(super) fn setting_line(&self, lines: &Lines, key: &str) -> Option<usize> {
        (0..self.lines.len()).rev().find(|&i| {
            self.lines[i] == (Part::Settings, true)
                && strip_comment(lines.content(i))
                    .split_once('=')
                    .is_some_and(|(k, _)| k.trim() == key)
        })
    }

    /// Where a new setting goes: after the last setting, else before the first
    /// section header, else at the end.
    pub(super) fn new_setting_at(&self) -> usize {
        let last = (0..self.lines.len())
            .rev()
            .find(|&i| self.lines[i] == (Part::Settings, true));
        match last {
            Some(i) => i + 1,
            None => match self.headers.first() {
                Some(&(i, Part::Settings)) => i + 1,
                Some(&(i, _)) => i,
                None => self.lines.len(),
            },
        }
    }

    /// The content lines of every `part` section, in order (grid rows, items).
    pub(super) fn rows(&self, part: Part) -> Vec<usize> {
        (0..self.lines.len())
            .filter(|&i| self.lines[i] == (part, true))
            .collect()
    }

    /// Where a new item of `part` goes: after the section's last content line (or
    /// its header), or `None` when the text has no such section.
    pub(super) fn append_at(&self, part: Part) -> Option<usize> {
        let &(header, _) = self.headers.iter().rev().find(|(_, p)| *p == part)?;
        let end = self.headers.iter().map(|h| h.0).find(|&i| i > header);
        let end = end.unwrap_or(self.lines.len());
        let last = (header + 1..end).rev().find(|&i| self.lines[i].1);
        Some(last.unwrap_or(header) + 1)
    }

    /// How many lines the text had.
    pub(super) fn len(&self) -> usize {
        self.lines.len()
    }
}
