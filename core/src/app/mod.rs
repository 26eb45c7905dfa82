//! The window-free half of the product, one folder per feature, named as a player
//! or a contributor would name it; the shell (`src/shell/`) has the same folders for
//! their drawing, input and sound. Each feature's `mod.rs` lists its small surface;
//! features reach each other only through it, and only downward:
//!
//! ```text
//! state    the whole product between frames       -> menus, play, records, input
//! menus    screens, name entry, a game's end         -> play, records, feel, input
//! sound    cues, bank, synth, music                   -> play, feel
//! editor   the level editor's model                   -> play, records
//! lab      the collision lab's scenes                 -> play, layout
//! play     session, serve, clock, campaign, reload    -> records, feel, input
//! records  settings, scores, progress, level list     -> feel, input
//! feel     juice effects and their switches
//! input    bindings, controls, pads, menu commands
//! layout   where things sit in any window (shared)
//! level_files the seam to the level files the app watches (shared)
//! text_wrap lines that fit a width, by a given measure (shared)
//! touch_hint the touch strip's words, on one line or two (shared)
//! online   rollback play over the network (feature `online`; the rooms' shared words always) -> play, feel, input
//! credits  the Credits screen: the project, the fonts, the crates -> state, input
//! community shared levels, the gallery's client (feature `online`) -> menus, records, input, net
//! net      the one HTTP client (ureq with https natively, fetch in the browser), its TLS trust (feature `online`)
//! ```

#[cfg(feature = "online")]
pub mod community;
pub mod credits;
pub mod editor;
pub mod feel;
pub mod input;
pub mod lab;
pub mod layout;
pub mod level_files;
pub mod menus;
#[cfg(feature = "online")]
pub mod net;
pub mod online;
pub mod play;
pub mod records;
pub mod sound;
pub mod state;
pub mod text_ladder;
pub mod text_wrap;
pub mod touch_hint;
