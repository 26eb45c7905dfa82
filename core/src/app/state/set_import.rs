//! The player's own sets in the level list: a set imported in the editor (a
//! set file picked or pasted), kept as the player's own (the `set.NAME` record
//! and the list of imported sets; localStorage in the browser), and a set
//! written from the editor's set page; each listed at once in the level select.

use super::{AppState, RecordSave};
use crate::app::menus::{rekey_progress, LevelPreview};
use crate::app::records::{
    bundle_levels, import_set_records, LevelEntry, PlayerSet, SetEntry, SetHome, MY_LEVELS,
};
use crate::level::{read_set_bundle, set_of_name, SET_FILE};

impl AppState {
    /// Keeps the set `name` (its `bundle`, already read by the editor) and lists
    /// its levels before "My levels", replacing a set imported under that name
    /// before. The list of imported sets gains `name` and keeps every other
    /// name as the record had it (review 8: a set that did not load this run
    /// stays listed); when that record could not be read, nothing is written
    /// over it (the set is listed for this run only, and the player is told).
    pub(super) fn import_set(&mut self, name: &str, bundle: &str) {
        let Ok(files) = read_set_bundle(bundle) else {
            return;
        };
        match &mut self.shared.known_sets.imported {
            Ok(names) => {
                let known = names.join("\n");
                for (record, text) in import_set_records(name, bundle, &known) {
                    self.shared
                        .out
                        .saves
                        .push(RecordSave { name: record, text });
                }
                if !names.iter().any(|n| n == name) {
                    names.push(name.to_owned());
                }
            }
            Err(why) => {
                let line = format!(
                    "the list of your sets did not read ({why}): {name} is not kept, \
                     only listed until the game is closed"
                );
                self.shared.tell(line);
            }
        }
        let info = files.iter().find(|f| f.name == SET_FILE);
        self.know_set(SetEntry::player(name, info.map(|f| f.text.as_str())));
        self.list_set(name, bundle_levels(name, &files));
    }

    /// A set written from the editor's set page (the shell has kept it): its
    /// levels replace the set's in the list, each read from its file when the
    /// set is a folder (so a game of it reloads when the file is saved).
    pub(super) fn list_player_set(&mut self, set: &PlayerSet) {
        let mut added = bundle_levels(&set.name, &set.levels);
        match &set.home {
            SetHome::Folder(dir) => {
                for e in &mut added {
                    let file = e.label.rsplit('/').next().unwrap_or(&e.label);
                    e.path = Some(dir.join(file));
                }
            }
            // The shell wrote the list of sets with this one in it.
            SetHome::Record => {
                if let Ok(names) = &mut self.shared.known_sets.imported {
                    if !names.contains(&set.name) {
                        names.push(set.name.clone());
                    }
                }
            }
        }
        debug_assert!(added.iter().all(|e| set_of_name(&e.label) == set.name));
        self.know_set(SetEntry::player(&set.name, set.info.as_deref()));
        self.list_set(&set.name, added);
    }

    /// `entry` is what the menus show for its set from now on.
    fn know_set(&mut self, entry: SetEntry) {
        let known = &mut self.shared.known_sets.entries;
        match known.iter_mut().find(|s| s.key == entry.key) {
            Some(s) => *s = entry,
            None => known.push(entry),
        }
    }

    /// Lists `added` as the set `name`'s levels: where the set was, else before
    /// "My levels"; then the pictures, the menu's count, the sets and the locks
    /// follow, and progress kept under the levels' old names moves to their
    /// keys.
    fn list_set(&mut self, name: &str, added: Vec<LevelEntry>) {
        let was = self.shared.levels.iter().position(|l| l.set == name);
        self.shared.levels.retain(|l| l.set != name);
        let at = was.unwrap_or_else(|| {
            (self.shared.levels.iter())
                .position(|l| l.set == MY_LEVELS)
                .unwrap_or(self.shared.levels.len())
        });
        if rekey_progress(&mut self.shared.progress, &added) {
            self.save_progress();
        }
        self.shared.levels.splice(at..at, added);
        self.shared.previews = (self.shared.levels.iter())
            .map(|l| LevelPreview::of(&l.level))
            .collect();
        self.menu.level = self
            .menu
            .level
            .min(self.shared.levels.len().saturating_sub(1));
        self.relist_sets();
    }
}
