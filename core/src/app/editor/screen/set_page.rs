//! The editor's set page (issue 34): the player's own sets, one chosen, its
//! levels in play order. From it the level being edited is saved into a set (a
//! new one made with a title, or an existing one; shipped sets are never
//! written, so saving a shipped level copies it), a level is moved up or down
//! or removed (written back as file names, see `app::records::PlayerSet`), the
//! set is test-played from a level ([`SetRun`]) and exported as one bundle file.
//! Keys, pads, mouse and touch all end as a [`SetCommand`]; the shell reads the
//! player's sets when the page opens and makes the writes it asks for.

use super::super::set_run::{RunStep, SetRun};
use super::super::{Field, FieldOutcome};
use super::editor_screen::EditorScreen;
use super::input::{EditorInput, EditorWrite};
use crate::app::input::MenuInput;
use crate::app::play::PlayMode;
use crate::app::records::{set_name_from_file, PlayerSet, PlayerSets};

/// An item of the set page: a row or a button.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetButton {
    /// A set of the list, by index into `PlayerSets::sets`: opens it.
    Set(usize),
    /// Make a new set: type its title; the level is saved into it.
    NewSet,
    /// A level of the open set, by place: it becomes the current level.
    Level(usize),
    /// Save the level being edited into the open set (S).
    SaveHere,
    /// Move the current level one place earlier (Shift+Up).
    MoveUp,
    /// Move the current level one place later (Shift+Down).
    MoveDown,
    /// Remove the current level from the set (Delete).
    Remove,
    /// Test-play the set from the current level, solo where a level allows it
    /// (Shift+P).
    PlaySolo,
    /// Test-play the set from the current level, versus the CPU where a level
    /// allows it (P).
    PlayVersus,
    /// Export the set as one bundle file (E).
    Export,
    /// Back to the list of sets.
    AllSets,
    /// Close the page (Esc from the list, L, or the palette's `sets`).
    Close,
}

/// A set page command: a menu move (arrows, Enter, Esc, a pad), or an item's
/// own key or a press on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SetCommand {
    /// Up and Down move the focus, Confirm presses it, Back goes back.
    Menu(MenuInput),
    /// Does what the item does.
    Press(SetButton),
}

/// The set page's state (see the module doc).
#[derive(Debug, Clone, Default)]
pub struct SetPage {
    /// The player's sets as last read or written.
    pub sets: PlayerSets,
    /// The sets have been read (the shell reads them in the frame the page opens).
    pub read: bool,
    /// The set shown, by index into `sets.sets`; `None`: the list of sets.
    pub open: Option<usize>,
    /// The current level of the open set.
    pub row: usize,
    /// The focused item, by index into [`SetPage::items`] (keys and pads).
    pub focus: usize,
    /// A new set's title being typed.
    pub title: Option<Field>,
    /// What to say when the write asked for is answered, and the level to make
    /// current then.
    pending: Option<(String, usize)>,
}

impl SetPage {
    /// The open set.
    pub fn set(&self) -> Option<&PlayerSet> {
        self.sets.sets.get(self.open?)
    }

    /// The rows: the sets, or the open set's levels.
    pub fn rows(&self) -> Vec<SetButton> {
        match self.set() {
            Some(set) => (0..set.levels.len()).map(SetButton::Level).collect(),
            None => (0..self.sets.sets.len()).map(SetButton::Set).collect(),
        }
    }

    /// The buttons under the heading.
    pub fn actions(&self) -> Vec<SetButton> {
        use SetButton::*;
        match self.set() {
            Some(_) => vec![
                SaveHere, MoveUp, MoveDown, Remove, PlaySolo, PlayVersus, Export, AllSets, Close,
            ],
            None => vec![NewSet, Close],
        }
    }

    /// Every item in focus order: the rows, then the buttons.
    pub fn items(&self) -> Vec<SetButton> {
        let mut items = self.rows();
        items.extend(self.actions());
        items
    }

    /// The focused item.
    pub fn focused(&self) -> Option<SetButton> {
        self.items().get(self.focus).copied()
    }

    /// What the page says at its top.
    pub fn heading(&self) -> String {
        if !self.read {
            return "reading your sets...".to_owned();
        }
        match self.set() {
            Some(set) => format!(
                "{}: {} level(s) in play order",
                set.title(),
                set.levels.len()
            ),
            None if self.sets.sets.is_empty() => {
                "no sets of your own yet: + new set saves this level into one".to_owned()
            }
            None => "your sets: pick one to save this level into, or make one".to_owned(),
        }
    }

    /// An item's label.
    pub fn label(&self, b: SetButton) -> String {
        match b {
            SetButton::Set(i) => match self.sets.sets.get(i) {
                Some(s) => format!("{} ({} levels)", s.title(), s.levels.len()),
                None => String::new(),
            },
            SetButton::Level(i) => match self.set() {
                Some(s) => format!("{}. {}", i + 1, s.level_title(i)),
                None => String::new(),
            },
            SetButton::NewSet => "+ new set".to_owned(),
            SetButton::SaveHere => "save level here".to_owned(),
            SetButton::MoveUp => "move up".to_owned(),
            SetButton::MoveDown => "move down".to_owned(),
            SetButton::Remove => "remove".to_owned(),
            SetButton::PlaySolo => "play solo from here".to_owned(),
            SetButton::PlayVersus => "play vs from here".to_owned(),
            SetButton::Export => "export set".to_owned(),
            SetButton::AllSets => "< all sets".to_owned(),
            SetButton::Close => "close".to_owned(),
        }
    }

    /// A title no set of the player's has yet ("My set 2"): a new set's when
    /// its box is left empty.
    pub fn fresh_title(&self) -> String {
        let taken = |t: &str| self.sets.sets.iter().any(|s| s.title() == t);
        (1..)
            .map(|n| format!("My set {n}"))
            .find(|t| !taken(t))
            .unwrap_or_default()
    }

    /// A set name (folder or record) made from `title`, no set's yet.
    fn fresh_name(&self, title: &str) -> String {
        let base = set_name_from_file(title);
        let taken = |n: &str| self.sets.sets.iter().any(|s| s.name == n);
        let mut name = base.clone();
        let mut n = 2;
        while taken(&name) {
            name = format!("{base}_{n}");
            n += 1;
        }
        name
    }
}

impl EditorScreen {
    /// Opens the set page (the shell reads the player's sets into this frame's
    /// input), or closes it.
    pub(super) fn toggle_sets(&mut self) {
        if self.set_page.take().is_none() {
            self.set_page = Some(SetPage::default());
            self.settings_open = false;
            self.field = None;
        }
    }

    /// The player's sets, read by the shell for a page that just opened.
    pub(super) fn take_player_sets(&mut self, input: &EditorInput) {
        if let (Some(page), Some(sets)) = (self.set_page.as_mut(), &input.player_sets) {
            if !page.read {
                page.sets = sets.clone();
                page.read = true;
            }
        }
    }

    /// A frame of the page's commands, or of typing a new set's title.
    pub(super) fn set_commands(&mut self, input: &EditorInput) {
        let Some(page) = self.set_page.as_mut() else {
            return;
        };
        if let Some(mut field) = page.title.take() {
            match field.frame(&input.typing) {
                FieldOutcome::Editing => page.title = Some(field),
                FieldOutcome::Drop => {}
                FieldOutcome::Keep(t) | FieldOutcome::KeepAndSave(t) => self.new_set(&t),
            }
            return;
        }
        for &c in &input.set_commands {
            let Some(page) = self.set_page.as_mut() else {
                return;
            };
            let last = page.items().len().saturating_sub(1);
            match c {
                SetCommand::Menu(MenuInput::Up) => page.focus = page.focus.saturating_sub(1),
                SetCommand::Menu(MenuInput::Down) => page.focus = (page.focus + 1).min(last),
                SetCommand::Menu(MenuInput::Confirm) => {
                    if let Some(b) = page.focused() {
                        self.set_press(b);
                    }
                }
                SetCommand::Menu(MenuInput::Back) => {
                    let b = if page.open.is_some() {
                        SetButton::AllSets
                    } else {
                        SetButton::Close
                    };
                    self.set_press(b);
                }
                SetCommand::Menu(_) => {}
                SetCommand::Press(b) => self.set_press(b),
            }
            self.follow_focus();
        }
    }

    /// A focused level row is the current level.
    fn follow_focus(&mut self) {
        if let Some(page) = self.set_page.as_mut() {
            if let Some(SetButton::Level(i)) = page.focused() {
                page.row = i;
            }
        }
    }

    /// Does what a set page item does.
    pub(super) fn set_press(&mut self, b: SetButton) {
        let Some(page) = self.set_page.as_mut() else {
            return;
        };
        if !page.read || page.pending.is_some() {
            return;
        }
        match b {
            SetButton::Set(i) if i < page.sets.sets.len() => {
                page.open = Some(i);
                (page.row, page.focus) = (0, 0);
            }
            SetButton::NewSet => page.title = Some(Field::new(0, "")),
            SetButton::Level(i) => {
                page.row = i;
                page.focus = i;
            }
            SetButton::AllSets => {
                page.focus = page.open.take().unwrap_or(0);
            }
            SetButton::Close => self.set_page = None,
            SetButton::SaveHere => self.save_into_set(),
            SetButton::MoveUp | SetButton::MoveDown => self.move_in_set(b == SetButton::MoveUp),
            SetButton::Remove => self.remove_from_set(),
            SetButton::PlaySolo => self.play_set(PlayMode::Solo),
            SetButton::PlayVersus => self.play_set(PlayMode::VersusCpu),
            SetButton::Export => self.export_set(),
            SetButton::Set(_) => {}
        }
    }

    /// Makes a set titled `title` with the level being edited as its first.
    fn new_set(&mut self, title: &str) {
        let Some(page) = self.set_page.as_mut() else {
            return;
        };
        // Enter on an empty box (a finger with no keyboard) takes "My set N".
        let fresh = page.fresh_title();
        let title = Some(title.trim())
            .filter(|t| !t.is_empty())
            .unwrap_or(&fresh);
        if title.chars().count() > 80 {
            return self.say("a set's title has 1 to 80 characters");
        }
        let name = page.fresh_name(title);
        let home = page.sets.home_of_new(&name);
        let set = PlayerSet::new(&name, title, home);
        self.write_set(set, |set, s| format!("made the set {}, {s}", set.title()));
    }

    /// Saves the level being edited into the open set (over its level of the
    /// same title, else at the end).
    fn save_into_set(&mut self) {
        let Some(set) = self.set_page.as_ref().and_then(SetPage::set).cloned() else {
            return;
        };
        self.write_set(set, |set, s| format!("{s} in {}", set.title()));
    }

    /// The level saved into `set`, the set written, and `said(set, what)` told
    /// once it is kept.
    fn write_set(&mut self, mut set: PlayerSet, said: impl Fn(&PlayerSet, &str) -> String) {
        let level = self.editor.doc().level();
        let title = level.title.clone();
        let (at, replaced) = set.save_level(&self.editor.text(), &title);
        let verb = if replaced { "saved over" } else { "saved" };
        let mut what = format!("{verb} {title} as level {}", at + 1);
        let n = self.error_count();
        if n > 0 {
            what.push_str(&format!(
                " (with {n} error(s): it will not load until they are fixed)"
            ));
        }
        let line = said(&set, &what);
        self.ask_set_write(set, line, at);
    }

    fn move_in_set(&mut self, up: bool) {
        let Some(page) = self.set_page.as_ref() else {
            return;
        };
        let (Some(mut set), row) = (page.set().cloned(), page.row) else {
            return;
        };
        let title = set.level_title(row);
        match set.move_level(row, up) {
            Some(to) => {
                let line = format!("moved {title} to place {}", to + 1);
                self.ask_set_write(set, line, to);
            }
            None if set.levels.is_empty() => self.say("the set has no level yet"),
            None => self.say(format!(
                "{title} is {} already",
                if up { "first" } else { "last" }
            )),
        }
    }

    fn remove_from_set(&mut self) {
        let Some(page) = self.set_page.as_ref() else {
            return;
        };
        let (Some(mut set), row) = (page.set().cloned(), page.row) else {
            return;
        };
        let title = set.level_title(row);
        if set.remove_level(row).is_some() {
            let line = format!("removed {title} from {}", set.title());
            let row = row.min(set.levels.len().saturating_sub(1));
            self.ask_set_write(set, line, row);
        }
    }

    /// Asks the shell to write `set`; `line` is said when it is kept, and
    /// level `row` is current then.
    fn ask_set_write(&mut self, set: PlayerSet, line: String, row: usize) {
        if let Some(page) = self.set_page.as_mut() {
            page.pending = Some((line, row));
        }
        self.out.writes.push(EditorWrite::Set(set));
    }

    /// The shell's answer to a set written: the page shows the set as kept and
    /// the level select lists it; or the player is told why not.
    pub(super) fn set_written(&mut self, set: &PlayerSet, result: Result<(), String>) {
        let pending = self.set_page.as_mut().and_then(|p| p.pending.take());
        if let Err(e) = result {
            return self.say(format!("could not save the set {}: {e}", set.title()));
        }
        if let Some(page) = self.set_page.as_mut() {
            let at = page.sets.sets.iter().position(|s| s.name == set.name);
            let at = at.unwrap_or_else(|| {
                page.sets.sets.push(set.clone());
                page.sets.sets.len() - 1
            });
            page.sets.sets[at] = set.clone();
            page.open = Some(at);
            if let Some((_, row)) = &pending {
                (page.row, page.focus) = (*row, *row);
            }
        }
        if let Some((line, _)) = pending {
            self.say(line);
        }
        self.out.sets_saved.push(set.clone());
    }

    /// Test-plays the open set from its current level.
    fn play_set(&mut self, mode: PlayMode) {
        let Some(page) = self.set_page.as_ref() else {
            return;
        };
        let Some(set) = page.set() else {
            return;
        };
        let levels: Vec<(String, String)> = (set.levels.iter().enumerate())
            .map(|(i, f)| (set.level_title(i), f.text.clone()))
            .collect();
        match SetRun::start(&set.title(), &levels, page.row, mode) {
            Some((run, play)) => {
                self.run = Some(run);
                self.play = Some(play);
            }
            None => self.say("no level of the set from here on loads: fix its errors first"),
        }
    }

    /// A frame of a set's test-play: the next level once a game has ended, or
    /// back to the editor at the run's end.
    pub(super) fn step_run(&mut self) {
        let (Some(run), Some(play)) = (self.run.as_mut(), self.play.as_ref()) else {
            return;
        };
        match run.frame(play, self.now) {
            RunStep::Stay => {}
            RunStep::Next(next) => self.play = Some(*next),
            RunStep::Done(said) => {
                self.play = None;
                self.run = None;
                self.say(said);
            }
        }
    }

    /// Asks for the open set as one bundle file: a file in the data folder's
    /// `exports/` on the desktop, a download in the browser.
    fn export_set(&mut self) {
        let Some(page) = self.set_page.as_ref() else {
            return;
        };
        let Some(set) = page.set() else {
            return;
        };
        let text = set.bundle();
        let write = match page.sets.export_path(&set.name) {
            Some(path) => EditorWrite::SetFile { path, text },
            None => EditorWrite::Export {
                file: format!("{}_set.txt", set.name),
                text,
            },
        };
        self.out.writes.push(write);
    }
}
