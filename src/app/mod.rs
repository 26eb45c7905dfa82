//! The parts of the desktop and web shell that need no window: the menu state
//! machine, the mapping from keys and pointers to intents, the fixed-step clock,
//! settings and high scores on disk, and level hot reload. The shell (`main.rs`
//! and its drawing, input and sound modules) wires them to macroquad.

mod backdrop;
mod banner;
mod bindings;
mod campaign;
mod ceremony;
mod controls;
mod determinism;
pub mod editor;
mod entrance;
mod flow;
mod glint;
mod hitstop;
mod juice;
mod keys_page;
pub mod lab;
mod layout;
mod levels;
mod menu;
mod menu_entrance;
mod menu_layout;
mod music;
mod muzzle;
mod name_entry;
#[cfg(feature = "online")]
pub mod online;
mod options;
mod pad;
mod popups;
mod preview;
mod progress;
mod recoil;
mod reload;
mod screen_text;
mod serve;
mod session;
mod sound_bank;
mod sound_cues;
mod squash;
mod storage;
mod stress;
pub mod synth;
mod timer_bars;
mod timestep;
mod trails;

pub use backdrop::{Backdrop, Pulse, MAX_GLOW, PULSE_SECONDS};
pub use banner::{banner_band, Notice, Tone, BANNER_MAX_LINES};
pub use bindings::{key_label, key_named, Action, Bindings, Key, KeySet, RebindError, KEY_NAMES};
pub use campaign::{fit_play_mode, locked_levels, next_solo_level, offered};
pub use ceremony::{Ceremony, CeremonyKind, Confetto, Tint, CEREMONY_SECONDS};
pub use controls::{combine, intent_from_keys, intent_from_pointer, HeldKeys, Pointer};
pub use determinism::{
    attract_play, determinism_report, DeterminismReport, ATTRACT_SEED, ATTRACT_STEPS, FIXTURE_NAME,
    FIXTURE_REPLAY,
};
pub use entrance::{BrickDrop, BrickPose, DROP_SECONDS};
pub use flow::{end_run, enter_name, finish_game, refresh_locks};
pub use glint::{
    glint_band, Glint, GLINT_PERIOD, GLINT_RIPPLE, GLINT_SLANT, GLINT_SWEEP, GLINT_WIDTH,
};
pub use hitstop::{
    HitStop, Moment, HITSTOP_CONVERSION, HITSTOP_GAP, HITSTOP_GOAL, HITSTOP_LAST_BRICK,
    HITSTOP_MAX_BALLS,
};
pub use juice::{Effect, Juice, EFFECTS};
pub use keys_page::{KeyItem, KeysPage, KEY_ITEMS};
pub use layout::{
    layout, text_sizes, wrap_text, Layout, Orientation, PlayerSlots, TextSizes, TextSlot,
    ARENA_FRAME, MAX_TEXT_PX, MIN_TEXT_PX,
};
pub use levels::{level_list, refresh_saved, user_entry, LevelEntry};
pub use menu::{Item, Menu, MenuAction, MenuInput, PlayMode, Screen};
pub use menu_entrance::{Arrival, MenuEntrance, MenuPose};
pub use menu_layout::{preview_spot, MIN_PREVIEW_PX};
pub use music::{
    music_samples, render_music, MUSIC_BARS, MUSIC_LOOP_SAMPLES, SAMPLES_PER_SIXTEENTH,
};
pub use muzzle::{Muzzle, MUZZLE_SECONDS};
pub use name_entry::{NameEntry, NAME_LETTERS};
pub use options::{check_play_mode, parse_game_options, GameOptions};
pub use pad::{pad_for_side, stick_direction, Pad, PadState, Pads, MAX_PADS};
pub use popups::{clear_of, Rallies, ScorePop};
pub use preview::LevelPreview;
pub use progress::{Progress, DEFAULT_NAME};
pub use recoil::{PaddlePose, Recoil, RECOIL_PUSH, RECOIL_SECONDS, RECOIL_SQUASH};
pub use reload::{LevelWatcher, Reload};
pub use screen_text::{level_line, screen_text, ScreenText};
pub use serve::{
    gate_intent, ready_steps, serve_arc, serve_cue, serve_phase, serve_prompt, HandOff, ServeCue,
    ServePhase,
};
pub use session::{
    fastest_and_median, probe_steps, speed_probe_burst, Session, CONTROLS_HELP, PROBE_BALL_STEPS,
};
pub use sound_bank::{render_voice, VOICE_PEAK};
pub use sound_cues::{step_ratio, Cue, SoundCues, Sting, Voice, BRICK_HIT_STEPS, SCALE};
pub use squash::{
    stretch, BallSquash, Squashes, SQUASH_MAX, SQUASH_PER_SPEED, SQUASH_SECONDS, STRETCH_MAX,
    STRETCH_PER_SPEED,
};
pub use storage::{
    data_dir, load_or_default, load_record, nudge_volume, read_record, save_atomic, write_record,
    HighScore, HighScores, Settings, DEFAULT_MUSIC_VOLUME, HIGH_SCORE_SLOTS, MAX_VOLUME,
};
pub use timer_bars::{
    time_fraction, timer_bars, TimerBar, BAR_CLEARANCE, BAR_GAP, BAR_GAP_MIN_PX, BAR_MIN_PX,
    BAR_THICKNESS, BAR_WARNING_SECONDS,
};
pub use timestep::{FixedStep, MAX_STEPS_PER_FRAME, STRESS_MAX_STEPS_PER_FRAME};
pub use trails::{Trail, Trails, TRAIL_LEN};
