//! What is kept between runs: settings, high scores and progress as text records
//! (files on the desktop, localStorage in the browser), and the list of levels.

mod levels;
mod progress;
mod storage;

pub use levels::{level_list, refresh_saved, user_entry, LevelEntry, RECORD};
pub use progress::{Progress, DEFAULT_NAME};
pub use storage::{
    data_dir, load_or_default, load_record, nudge_volume, read_record, save_atomic, write_record,
    HighScore, HighScores, Settings, DEFAULT_MUSIC_VOLUME, HIGH_SCORE_SLOTS, MAX_VOLUME,
};
