//! The editor: a document, its undo and redo history, and the tool state that is
//! not text (snap, clipboard, selection). Every edit goes through [`Editor::commit`],
//! which records the splices it made so that it can be undone exactly.

use glam::Vec2;

use super::document::Document;
use super::draft::Draft;
use super::lines::{Lines, Splice};
use crate::level::{BarrierShape, LevelBall};

/// Snap step for positions and sizes when snapping is on, world units.
pub const SNAP_STEP: f32 = 10.0;
/// Snap step for rotations when snapping is on, degrees.
pub const SNAP_DEGREES: f32 = 15.0;

/// A piece of the level the user has picked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Selection {
    /// A barrier, by index.
    Barrier(usize),
    /// A staged ball, by index.
    Ball(usize),
}

/// What copy keeps for paste.
#[derive(Debug, Clone, PartialEq)]
pub enum Clip {
    /// A barrier's shape.
    Barrier(BarrierShape),
    /// A staged ball.
    Ball(LevelBall),
}

/// The text of a new, empty level: a versus arena with an empty brick grid.
pub const NEW_LEVEL: &str = "# A new Arkanong level: see levels/README.md for the format.
title = \"New level\"
author = \"anonymous\"
mode = versus

[bricks]
............
............
............
............
............
............
............
............
";

/// The level editor's state, headless.
#[derive(Debug, Clone)]
pub struct Editor {
    pub(super) doc: Document,
    /// Each edit, as the splices it made, oldest first.
    undo: Vec<Vec<Splice>>,
    redo: Vec<Vec<Splice>>,
    /// The text last saved (or loaded): unsaved changes differ from it.
    saved: String,
    /// Whether positions snap to [`SNAP_STEP`].
    pub snap: bool,
    /// What the user has picked.
    pub selection: Option<Selection>,
    pub(super) clip: Option<Clip>,
}

impl Editor {
    /// Opens a level text.
    pub fn open(text: &str) -> Self {
        Self {
            doc: Document::new(text),
            undo: Vec::new(),
            redo: Vec::new(),
            saved: text.to_owned(),
            snap: false,
            selection: None,
            clip: None,
        }
    }

    /// Starts a new level (not saved yet: [`Editor::is_dirty`] is true).
    pub fn new_level() -> Self {
        let mut e = Self::open(NEW_LEVEL);
        e.saved = String::new();
        e
    }

    /// The document: text, level, diagnostics.
    pub fn doc(&self) -> &Document {
        &self.doc
    }

    /// The text, as it would be saved.
    pub fn text(&self) -> String {
        self.doc.text()
    }

    /// Whether the text differs from the last save.
    pub fn is_dirty(&self) -> bool {
        self.text() != self.saved
    }

    /// Marks the current text as saved (the shell has written it).
    pub fn mark_saved(&mut self) {
        self.saved = self.text();
    }

    /// Whether there is an edit to undo.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Whether there is an edit to redo.
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Starts an edit of the current text.
    pub(super) fn draft(&self) -> Draft {
        Draft::new(&self.doc.lines)
    }

    /// Records a finished edit; returns whether it changed anything.
    pub(super) fn commit(&mut self, draft: Draft) -> bool {
        if draft.splices.is_empty() {
            return false;
        }
        self.undo.push(draft.splices);
        self.redo.clear();
        self.reread(draft.lines);
        true
    }

    fn reread(&mut self, lines: Lines) {
        self.doc = Document::from_lines(lines);
        let (barriers, balls) = (self.doc.level.barriers.len(), self.doc.level.balls.len());
        self.selection = self.selection.filter(|s| match *s {
            Selection::Barrier(i) => i < barriers,
            Selection::Ball(i) => i < balls,
        });
    }

    pub(super) fn undo_len(&self) -> usize {
        self.undo.len()
    }

    /// The index of the last line the last edit inserted or rewrote.
    pub(super) fn undo_last_insert(&self) -> Option<usize> {
        let s = self.undo.last()?.last()?;
        (!s.new.is_empty()).then(|| s.at + s.new.len() - 1)
    }

    /// Folds every edit recorded after the first `len` into one undo step.
    pub(super) fn merge_since(&mut self, len: usize) {
        if self.undo.len() > len + 1 {
            let merged = self.undo.split_off(len).concat();
            self.undo.push(merged);
        }
    }

    /// Undoes the last edit; false when there is none.
    pub fn undo(&mut self) -> bool {
        let Some(edit) = self.undo.pop() else {
            return false;
        };
        let mut lines = self.doc.lines.clone();
        for s in edit.iter().rev() {
            lines.apply(&s.inverse());
        }
        self.redo.push(edit);
        self.reread(lines);
        true
    }

    /// Redoes the last undone edit; false when there is none.
    pub fn redo(&mut self) -> bool {
        let Some(edit) = self.redo.pop() else {
            return false;
        };
        let mut lines = self.doc.lines.clone();
        for s in &edit {
            lines.apply(s);
        }
        self.undo.push(edit);
        self.reread(lines);
        true
    }

    /// Takes in a text changed outside the editor (the file saved from a text
    /// editor). It becomes one edit, so undo can take it back; the new text is
    /// what is on disk, so it counts as saved.
    pub fn reload(&mut self, text: &str) -> bool {
        self.saved = text.to_owned();
        self.replace_text(text)
    }

    /// Replaces the whole text (an imported level) as one undoable edit; only
    /// the lines that differ are touched.
    pub fn replace_text(&mut self, text: &str) -> bool {
        let new = Lines::new(text);
        let old = &self.doc.lines;
        let (n, m) = (old.len(), new.len());
        let same = |a: usize, b: usize| old.raw(a) == new.raw(b);
        let prefix = (0..n.min(m)).take_while(|&i| same(i, i)).count();
        let suffix = (0..(n.min(m) - prefix))
            .take_while(|&k| same(n - 1 - k, m - 1 - k))
            .count();
        let splice = Splice {
            at: prefix,
            old: (prefix..n - suffix)
                .map(|i| old.raw(i).to_owned())
                .collect(),
            new: (prefix..m - suffix)
                .map(|i| new.raw(i).to_owned())
                .collect(),
        };
        if splice.old == splice.new {
            return false;
        }
        self.undo.push(vec![splice]);
        self.redo.clear();
        self.reread(new);
        true
    }

    /// A position as the editor places it: on the snap grid, or to a whole unit.
    pub fn place(&self, p: Vec2) -> Vec2 {
        let step = if self.snap { SNAP_STEP } else { 1.0 };
        (p / step).round() * step
    }

    /// A length (radius, width) as the editor sets it, never below one step.
    pub fn length(&self, v: f32) -> f32 {
        let step = if self.snap { SNAP_STEP } else { 1.0 };
        ((v / step).round() * step).max(step)
    }

    /// A rotation as the editor sets it, degrees in -180..=180.
    pub fn angle(&self, degrees: f32) -> f32 {
        let step = if self.snap { SNAP_DEGREES } else { 1.0 };
        let d = (degrees / step).round() * step;
        let d = (d + 180.0).rem_euclid(360.0) - 180.0;
        if d == -180.0 {
            180.0
        } else {
            d
        }
    }
}
