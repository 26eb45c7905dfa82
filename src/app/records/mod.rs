//! What is kept between runs: settings, high scores and progress as text records
//! (files on the desktop, localStorage in the browser), and the list of levels.

mod levels;
mod progress;
mod scores;
mod storage;
mod way;

pub use levels::{
    find_level_file, level_list, place_named_level, refresh_saved, user_entry, LevelEntry, RECORD,
};
pub use progress::{Progress, DEFAULT_NAME};
pub use scores::{HighScore, HighScores, HIGH_SCORE_SLOTS};
pub use storage::{
    data_dir, load_or_default, load_record, nudge_volume, read_record, save_atomic, write_record,
    Settings, DEFAULT_MUSIC_VOLUME, MAX_VOLUME,
};
pub use way::Way;
