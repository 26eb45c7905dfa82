//! Barrier, ball and setting edits. Changing an item rewrites its own line (its
//! indent and comment kept); a new item goes after the last one of its section,
//! and a section the text lacks is added at the end.

use super::draft::Draft;
use super::format::{ball_line, barrier_line, setting_line};
use super::outline::Part;
use super::{Editor, Selection};
use crate::level::{BarrierShape, LevelBall};

impl Editor {
    /// Adds a barrier and selects it.
    pub fn add_barrier(&mut self, shape: &BarrierShape) -> bool {
        let mut d = self.draft();
        self.append(&mut d, Part::Barriers, barrier_line(shape));
        let changed = self.commit(d);
        if changed {
            let n = self.doc.level.barriers.len();
            self.selection = self.added_index(Part::Barriers, n).map(Selection::Barrier);
        }
        changed
    }

    /// Replaces barrier `i` (moved, turned, resized or a corner dragged).
    pub fn set_barrier(&mut self, i: usize, shape: &BarrierShape) -> bool {
        let Some(line) = self.doc.barrier_line(i) else {
            return false;
        };
        // The shape changed; its motion (`move`, `spin`) stays as written.
        let motion = self.doc.level.barrier_motion(i).clauses();
        let mut d = self.draft();
        d.rewrite_item(line, &(barrier_line(shape) + &motion));
        self.commit(d)
    }

    /// Deletes barrier `i`.
    pub fn delete_barrier(&mut self, i: usize) -> bool {
        self.delete_line(self.doc.barrier_line(i))
    }

    /// Stages a new ball and selects it.
    pub fn add_ball(&mut self, ball: &LevelBall) -> bool {
        let mut d = self.draft();
        self.append(&mut d, Part::Balls, ball_line(ball));
        let changed = self.commit(d);
        if changed {
            let n = self.doc.level.balls.len();
            self.selection = self.added_index(Part::Balls, n).map(Selection::Ball);
        }
        changed
    }

    /// Replaces staged ball `i` (moved, or its velocity arrow dragged).
    pub fn set_ball(&mut self, i: usize, ball: &LevelBall) -> bool {
        let Some(line) = self.doc.ball_line(i) else {
            return false;
        };
        let mut d = self.draft();
        d.rewrite_item(line, &ball_line(ball));
        self.commit(d)
    }

    /// Deletes staged ball `i`.
    pub fn delete_ball(&mut self, i: usize) -> bool {
        self.delete_line(self.doc.ball_line(i))
    }

    /// Deletes whatever is selected.
    pub fn delete_selected(&mut self) -> bool {
        let changed = match self.selection {
            Some(Selection::Barrier(i)) => self.delete_barrier(i),
            Some(Selection::Ball(i)) => self.delete_ball(i),
            None => false,
        };
        if changed {
            self.selection = None;
        }
        changed
    }

    /// Sets a setting (`title`, `ball_speed`, ...) to a value as written; the
    /// checker judges it. Its line is rewritten, or a new one added after the others.
    pub fn set_setting(&mut self, key: &str, value: &str) -> bool {
        // An emptied field means "no setting": the line goes and the level
        // takes the default (`ball_speed =` would not read).
        if value.trim().is_empty() {
            let line = self.doc.outline.setting_line(&self.doc.lines, key);
            return self.delete_line(line);
        }
        let text = setting_line(key, value.trim());
        let mut d = self.draft();
        match self.doc.outline.setting_line(&self.doc.lines, key) {
            Some(line) => d.rewrite_item(line, &text),
            None => d.insert(self.doc.outline.new_setting_at(), &[text]),
        }
        self.commit(d)
    }

    /// The value of a setting as written in the text, if it is.
    pub fn setting(&self, key: &str) -> Option<String> {
        let line = self.doc.outline.setting_line(&self.doc.lines, key)?;
        let code = crate::level::strip_comment(self.doc.lines.content(line));
        let value = code.split_once('=')?.1.trim();
        Some(value.trim_matches('"').to_owned())
    }

    fn delete_line(&mut self, line: Option<usize>) -> bool {
        let Some(line) = line else {
            return false;
        };
        let mut d = self.draft();
        d.remove(line);
        self.commit(d)
    }

    /// Adds an item line to its section, or the section to the end of the text.
    pub(super) fn append(&self, d: &mut Draft, part: Part, line: String) {
        match self.doc.outline.append_at(part) {
            Some(at) => d.insert(at, &[line]),
            None => {
                let at = self.doc.outline.len();
                d.insert(at, &[String::new(), part.header().to_owned(), line]);
            }
        }
    }

    /// The index of the item just added: the one on the line it was written to.
    /// Items that fail to parse have no index, hence the search.
    fn added_index(&self, part: Part, count: usize) -> Option<usize> {
        let lines = match part {
            Part::Barriers => &self.doc.sources.barrier_lines,
            _ => &self.doc.sources.ball_lines,
        };
        let last = self.undo_last_insert()?;
        lines
            .iter()
            .position(|&n| n == last + 1)
            .filter(|&i| i < count)
    }
}
