//! The editor's level in and out: saving to its file or record, exporting a
//! download (browser), importing a pasted or picked file as one undoable edit.

use arkanong::app::records::{read_record, write_record};

use super::window::{EditorShell, Store};

impl EditorShell {
    /// Replaces the level with an imported text (pasted, or a picked file) as
    /// one undoable edit; the checker's messages then list its problems.
    pub(super) fn import(&mut self, text: &str, from: &str) {
        if text.len() > arkanong::level::MAX_FILE_BYTES {
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

    /// In the browser, a file picked in web/editor.js's picker: its text waits
    /// in the `import` record, its name in `import.name`; taken once, then
    /// cleared.
    pub(super) fn take_picked_file(&mut self) {
        if !cfg!(target_arch = "wasm32") {
            return;
        }
        let Ok(Some(text)) = read_record("import") else {
            return;
        };
        if text.is_empty() || write_record("import", "").is_err() {
            return;
        }
        let name = read_record("import.name").ok().flatten();
        let name = name
            .filter(|n| !n.is_empty())
            .unwrap_or_else(|| "the file".to_owned());
        self.import(&text, &name);
    }

    /// Writes the level to its file or record, and says how it went.
    pub(super) fn save(&mut self) {
        let text = self.editor.text();
        let result = match &mut self.store {
            Store::File(w) => {
                let r =
                    arkanong::app::records::save_atomic(w.path(), &text).map_err(|e| e.to_string());
                w.rearm();
                r
            }
            Store::Record(name) => write_record(name, &text),
        };
        match result {
            Ok(()) => {
                self.editor.mark_saved();
                let path = match &self.store {
                    Store::File(w) => Some(w.path().to_path_buf()),
                    Store::Record(_) => None,
                };
                self.saved = Some((text, path));
                let n = self.error_count();
                if n > 0 {
                    self.say(format!(
                        "saved, with {n} error(s): it will not load until they are fixed"
                    ));
                } else {
                    self.say("saved");
                }
            }
            Err(e) => self.say(format!("could not save: {e}")),
        }
    }

    /// Downloads the level as a `.txt` file: web/editor.js turns this record
    /// into a download instead of storing it.
    pub(super) fn export(&mut self) {
        let name: String = self
            .editor
            .doc()
            .level()
            .title
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_ascii_lowercase()
                } else {
                    '_'
                }
            })
            .collect();
        match write_record(&format!("export:{name}.txt"), &self.editor.text()) {
            Ok(()) => self.say(format!("exported {name}.txt")),
            Err(e) => self.say(format!("could not export: {e}")),
        }
    }
}
