//! What is kept between runs: settings, high scores and progress as text records
//! (files on the desktop, localStorage in the browser), and the list of levels.
//! Each record is a serde type ([`Record`]) in one text format (`format/`).

mod format;
mod kept;
mod levels;
mod lines;
mod player_set;
mod player_set_store;
mod progress;
mod record;
mod scores;
mod set_files;
mod sets;
mod settings;
mod storage;
mod way;

pub use kept::{load_keeping, save_keeping, stamp, take_record, Loaded, Taken};
pub use levels::{
    find_level_file, level_list, place_named_level, read_levels, refresh_saved, user_entry,
    LevelEntry, LevelList, RECORD,
};
pub use lines::{quote, KeptLines, LineRead};
pub use player_set::{stem_of_title, unnumbered, PlayerSet, SetHome};
pub use player_set_store::{read_player_sets, write_player_set, write_set_folder, PlayerSets};
pub use progress::{Progress, DEFAULT_NAME};
pub use record::{read_keeping, Reading, Record};
pub use scores::{HighScore, HighScores, HIGH_SCORE_SLOTS};
pub use set_files::{imported_sets, player_set_levels, player_sets_dir, ImportedSets, KnownSets};
pub use sets::{
    bundle_levels, import_set_records, set_list, set_name_from_file, SetEntry, MY_LEVELS,
    MY_LEVELS_TITLE, SETS_RECORD,
};
pub use settings::{nudge_volume, Settings, DEFAULT_MUSIC_VOLUME, MAX_VOLUME};
pub use storage::{
    data_dir, load_or_default, load_record, read_record, save_atomic, write_record, STORAGE_BLOCKED,
};
pub use way::Way;
