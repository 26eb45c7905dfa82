//! The player's own sets in the level list: a set imported in the editor (a
//! set file picked or pasted), kept as the player's own (the `set.NAME` record
//! and the list of imported sets; localStorage in the browser), and a set
//! written from the editor's set page; each listed at once in the level select.

use super::{AppState, RecordSave};
use crate::app::menus::LevelPreview;
use crate::app::records::{
    bundle_levels, import_set_records, LevelEntry, PlayerSet, SetHome, MY_LEVELS,
};
use crate::level::{read_set_bundle, set_of_name, shipped_sets};

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
        self.list_set(name, bundle_levels(name, &files));
    }

    /// A set written from the editor's set page (the shell has kept it): its
    /// levels replace the set's in the list, each read from its file when the
    /// set is a folder (so a game of it reloads when the file is saved).
    pub(super) fn list_player_set(&mut self, set: &PlayerSet) {
        let mut added = bundle_levels(&set.name, &set.levels);
        if let SetHome::Folder(dir) = &set.home {
            for e in &mut added {
                let file = e.label.rsplit('/').next().unwrap_or(&e.label);
                e.path = Some(dir.join(file));
            }
        }
        debug_assert!(added.iter().all(|e| set_of_name(&e.label) == set.name));
        self.list_set(&set.name, added);
    }

    /// Lists `added` as the set `name`'s levels: where the set was, else before
    /// "My levels"; then the pictures, the menu's count and the locks follow.
    fn list_set(&mut self, name: &str, added: Vec<LevelEntry>) {
        let was = self.levels.iter().position(|l| l.set == name);
        self.levels.retain(|l| l.set != name);
        let at = was.unwrap_or_else(|| {
            (self.levels.iter())
                .position(|l| l.set == MY_LEVELS)
                .unwrap_or(self.levels.len())
        });
        self.levels.splice(at..at, added);
        self.previews = (self.levels.iter())
            .map(|l| LevelPreview::of(&l.level))
            .collect();
        self.menu.level_count = self.levels.len();
        self.menu.level = self.menu.level.min(self.levels.len().saturating_sub(1));
        self.refresh_locks();
    }
}
