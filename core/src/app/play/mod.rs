//! A game as the shell runs it: the session (the game, who plays each side, the
//! run's score), the one play driver every place a game runs steps through, the
//! serve as a player sees it, the fixed-step clock, the stress arena, level hot
//! reload, the command line's game options,
//! the campaign's rules (which levels a mode offers and unlocks), the kept contacts,
//! when a game pauses by itself, the match's shape as the HUD says it, and the
//! side panels' gauges, a watched replay's bar, and a
//! ghost to race.

mod auto_pause;
mod campaign;
mod contacts;
mod driver;
mod ghost;
mod match_line;
mod mode;
mod options;
mod panel_gauges;
mod pause_reason;
mod reload;
mod replay_watch;
mod results;
mod serve;
mod session;
mod stress;
mod timestep;

pub use auto_pause::{pauses_game, IdleWatch, WindowSignal, IDLE_PAUSE_NOTICE, IDLE_PAUSE_SECONDS};
pub use campaign::{
    carry_lives, fit_play_mode, locked_levels, next_solo_level, offered, solo_chain, Opened,
    TRIES_OPEN_NEXT,
};
pub use contacts::{
    casts_before_step, contacts_of, debug_line, Cast, Contact, ContactHistory, StepContacts,
    HISTORY_STEPS,
};
pub use driver::{cpu_steps, PlayDriver, Played};
pub use ghost::Ghost;
pub use match_line::MatchFacts;
pub use mode::PlayMode;
pub use options::{
    check_play_mode, parse_level_code, parse_play_mode, parse_server_url, parse_size,
    parse_watch_code, GameOptions,
};
pub use panel_gauges::{gauge_areas, panel_gauges, PanelGauge, GAUGE_CAPSULES};
pub use pause_reason::PauseReason;
pub use reload::{LevelWatcher, Reload};
pub use replay_watch::{
    replay_bar, replay_file_name, watch_layout, ReplayAct, ReplayButton, ReplayWatch,
    BUTTON_MIN_PX, REPLAY_BUTTONS, REPLAY_SPEEDS,
};
pub use serve::{
    gate_intent, ready_steps, serve_arc, serve_cue, serve_phase, serve_prompt, serve_prompt_for,
    HandOff, ServeCue, ServePhase,
};
pub use session::{
    fastest_and_median, probe_steps, replay_banner, speed_probe_burst, Session, CONTROLS_HELP,
    ONLINE_RIVAL, PROBE_BALL_STEPS, REPLAY_LABEL, THEIR_SERVE,
};
pub use timestep::{
    FixedStep, ATTRACT_CATCH_UP_SECONDS, MAX_STEPS_PER_FRAME, STRESS_MAX_STEPS_PER_FRAME,
};
