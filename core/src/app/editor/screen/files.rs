//! The editor's level in and out: saves asked of the shell (to the file, or the
//! record) and their answers, a download (browser), and an imported text (pasted,
//! or a picked file) taken as one undoable edit.

use super::editor_screen::{EditorScreen, Pending, Store};
use super::input::EditorWrite;

/// Whether a text is a set file rather than a level: its first line that is
/// not blank or a comment starts a bundled file.
fn is_set_bundle(text: &str) -> bool {
    crate::level::parse_lines(text)
        .map(str::trim_start)
        .find(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .is_some_and(|l| l.starts_with(crate::level::BUNDLE_SEPARATOR))
}

impl EditorScreen {
    /// Asks for the level to be written to its file or record. `loud`: the
    /// player asked (its outcome is said); otherwise the record kept on every edit.
    pub(super) fn ask_save(&mut self, loud: bool) {
        let text = self.editor.text();
        match &self.store {
            Store::File(w) => (self.out.writes).push(EditorWrite::File {
                path: w.path().to_path_buf(),
                text: text.clone(),
            }),
            Store::Record(name) => self.out.record_saves.push((*name, text.clone())),
        }
        self.pending.push_back(Pending { text, loud });
    }

    /// The shell's answer to the oldest save asked for: the level is marked
    /// saved and picked up by the level select, or the player is told why not.
    pub fn saved_as_asked(&mut self, result: Result<(), String>) {
        if let Store::File(w) = &mut self.store {
            // The editor's own write is not an outside change.
            w.rearm();
        }
        let Some(pending) = self.pending.pop_front() else {
            return;
        };
        match result {
            Ok(()) => {
                if self.editor.text() == pending.text {
                    self.editor.mark_saved();
                }
                if self.leave_when_saved && self.pending.is_empty() && !self.editor.is_dirty() {
                    self.leave_when_saved = false;
                    self.leave = true;
                }
                self.saved = Some((pending.text, self.path()));
                if !pending.loud {
                    self.not_kept = None;
                    return;
                }
                let n = self.error_count();
                if n > 0 {
                    self.say(format!(
                        "saved, with {n} error(s): it will not load until they are fixed"
                    ));
                } else {
                    self.say("saved");
                }
            }
            Err(e) if pending.loud => {
                // Back waits for a save that will not come: the editor stays.
                self.leave_when_saved = false;
                self.say(format!("could not save: {e}"));
            }
            Err(e) => {
                if self.not_kept.is_none() {
                    self.say(format!("not kept: {e}"));
                }
                self.not_kept = Some(e);
            }
        }
    }

    /// The shell's answer to a download or the file picker asked for.
    pub fn written(&mut self, write: &EditorWrite, result: Result<(), String>) {
        match (write, result) {
            (EditorWrite::File { .. }, result) => self.saved_as_asked(result),
            (EditorWrite::Export { file, .. }, Ok(())) => self.say(format!("exported {file}")),
            (EditorWrite::Export { .. }, Err(e)) => self.say(format!("could not export: {e}")),
            (EditorWrite::OpenPicker, Ok(())) => {}
            (EditorWrite::OpenPicker, Err(e)) => {
                self.say(format!("could not open the file picker: {e}"));
            }
            (EditorWrite::Set(set), result) => self.set_written(set, result),
            (EditorWrite::SetFile { path, .. }, Ok(())) => {
                self.say(format!("exported the set to {}", path.display()));
            }
            (EditorWrite::SetFile { .. }, Err(e)) => {
                self.say(format!("could not export the set: {e}"));
            }
        }
    }

    /// Replaces the level with an imported text (pasted, or a picked file) as
    /// one undoable edit; the checker's messages then list its problems.
    pub(super) fn import(&mut self, text: &str, from: &str) {
        if is_set_bundle(text) && text.len() > crate::level::MAX_BUNDLE_BYTES {
            self.say(format!(
                "{from} holds more than 4 MiB, the most a set may hold: not imported"
            ));
        } else if is_set_bundle(text) {
            self.import_set(text, from);
        } else if text.len() > crate::level::MAX_FILE_BYTES {
            self.say(format!(
                "{from} holds more than 1 MiB, the most a level may hold: not imported"
            ));
        } else if text.trim().is_empty() {
            self.say(format!("{from} holds no level: it is empty"));
        } else if self.editor.replace_text(text) {
            let n = self.error_count();
            if n > 0 {
                self.say(format!(
                    "imported {from}, with {n} error(s): see the list below"
                ));
            } else {
                self.say(format!("imported {from} (Ctrl+Z takes it back)"));
            }
        } else {
            self.say(format!("{from} holds the level already open"));
        }
    }

    /// Imports a set file (levels after `=== file NAME` lines, see
    /// `level::read_set_bundle`) as one of the player's sets, named after its
    /// `set.txt` title or else the file: the app state keeps it (localStorage in
    /// the browser) and lists it. The level open in the editor stays.
    fn import_set(&mut self, text: &str, from: &str) {
        let files = match crate::level::read_set_bundle(text) {
            Ok(files) => files,
            Err(d) => {
                self.say(format!("{from} is not a set: {}", d.headline(from)));
                return;
            }
        };
        let levels: Vec<_> = (files.iter())
            .filter(|f| f.name != crate::level::SET_FILE)
            .collect();
        let broken = (levels.iter())
            .filter(|f| crate::level::Level::parse(&f.text).is_err())
            .count();
        if levels.len() == broken {
            self.say(format!("{from} holds no level that loads: not imported"));
            return;
        }
        let title = (files.iter())
            .find(|f| f.name == crate::level::SET_FILE)
            .and_then(|f| crate::level::check_set_info(&f.text).info.title);
        let name = crate::app::records::set_name_from_file(title.as_deref().unwrap_or(from));
        let mut said = format!("imported the set {name}: {} levels", levels.len() - broken);
        if broken > 0 {
            said.push_str(&format!(
                " ({broken} with errors, left out: `arkanong check` says why)"
            ));
        }
        self.say(said);
        self.out.set_imports.push((name, text.to_owned()));
    }

    /// Asks for the level as a `.txt` download named after its title.
    pub(super) fn export(&mut self) {
        let name: String = (self.editor.doc().level().title.chars())
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_lowercase()
                } else {
                    '_'
                }
            })
            .collect();
        let text = self.editor.text();
        let file = format!("{name}.txt");
        self.out.writes.push(EditorWrite::Export { file, text });
    }

    /// Whether a save of the level into record `name` waits for its answer.
    pub fn waits_for_record(&self, name: &str) -> bool {
        matches!(self.store, Store::Record(n) if n == name) && !self.pending.is_empty()
    }
}
