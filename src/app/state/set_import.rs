//! A level set imported in the editor (a set file picked or pasted): kept as
//! the player's own (the `set.NAME` record and the list of imported sets;
//! localStorage in the browser) and listed at once in the level select.

use super::{AppState, RecordSave};
use crate::app::menus::LevelPreview;
use crate::app::records::{bundle_levels, import_set_records, MY_LEVELS};
use crate::level::{read_set_bundle, shipped_sets};

impl AppState {
    /// Keeps the set `name` (its `bundle`, already read by the editor) and lists
    /// its levels before "My levels", replacing a set imported under that name
    /// before.
    pub(super) fn import_set(&mut self, name: &str, bundle: &str) {
        let Ok(files) = read_set_bundle(bundle) else {
            return;
        };
        // The sets imported so far: the player's sets with no file of their own.
        let mut known: Vec<&str> = Vec::new();
        for l in &self.levels {
            let imported = l.path.is_none()
                && !l.shipped
                && l.set != MY_LEVELS
                && !shipped_sets().iter().any(|s| s.folder == l.set);
            if imported && !known.contains(&l.set.as_str()) {
                known.push(&l.set);
            }
        }
        let known = known.join("\n");
        for (record, text) in import_set_records(name, bundle, &known) {
            self.out.saves.push(RecordSave { name: record, text });
        }
        self.levels.retain(|l| l.set != name);
        let at = (self.levels.iter())
            .position(|l| l.set == MY_LEVELS)
            .unwrap_or(self.levels.len());
        let added = bundle_levels(name, &files);
        self.levels.splice(at..at, added);
        self.previews = (self.levels.iter())
            .map(|l| LevelPreview::of(&l.level))
            .collect();
        self.menu.level_count = self.levels.len();
        self.menu.level = self.menu.level.min(self.levels.len() - 1);
        self.refresh_locks();
    }
}
