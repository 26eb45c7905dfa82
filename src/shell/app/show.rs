//! The app's part in the show around a game (issue 13): the menu screen drawn
//! over the dimmed game with a ceremony's fireworks between, and the ceremony
//! started when a game ends.

use std::cell::RefCell;

use arkanong_core::app::play::{ReplayWatch, REPLAY_BUTTONS};
use arkanong_core::app::{menus::Menu, menus::MenuPose, menus::Screen, play::Session};
use macroquad::prelude::Rect;

use super::super::view::View;
use super::App;
use crate::shell::feel::draw_ceremony;
use crate::shell::feel::Effects;
use crate::shell::menus::{dim_background, draw_screen};

impl App {
    /// The menu screen over the game: the dim, a ceremony's fireworks, then the
    /// screen, arriving as `pose` says. Returns where its items rest.
    pub(super) fn draw_menu_screen(&self, view: &View, pose: MenuPose) -> Vec<Rect> {
        dim_background(self.state.screen());
        if self.effects.juice.ceremony {
            draw_ceremony(view, &self.effects.stage);
        }
        draw_screen(&self.state, pose)
    }

    /// Whether the results wait while a ceremony plays in full view, and the
    /// menu's pose this frame: while they wait the stage sees the game still
    /// playing, so the panel's entrance starts when it comes.
    pub(super) fn results_pose(&mut self) -> (bool, MenuPose) {
        let holding = self.state.holding_results();
        let screen = if holding {
            Screen::Playing
        } else {
            self.state.screen()
        };
        let juice = self.state.shared.settings.juice;
        (holding, self.effects.stage.menu_pose(screen, juice))
    }

    /// The ceremony alone over the game, in full view, before the results come.
    pub(super) fn draw_ceremony(&self, view: &View) {
        if self.effects.juice.ceremony {
            draw_ceremony(view, &self.effects.stage);
        }
    }
}

/// How long the results wait for the ceremony just started to play in full
/// view, seconds (none without a ceremony).
pub(super) fn results_hold(effects: &Effects) -> f64 {
    let stage = &effects.stage;
    stage
        .ceremony
        .as_ref()
        .map_or(0.0, |c| f64::from(c.kind.results_hold(stage.fireworks())))
}

/// `session`'s game has just ended: its ceremony starts, seeded with `seed`.
pub(super) fn start_ceremony(effects: &mut Effects, session: &Session, seed: u64) {
    if let Some(outcome) = session.game.outcome() {
        let juice = effects.juice;
        effects
            .stage
            .game_over(outcome, session.play_mode, seed, juice);
    }
}

// De-duplicates a log line (the screen is logged when it changes): no setting or
// game state.
thread_local! {
    /// The screen, sizes and name pad lines last logged by [`log_screen`].
    static LOGGED: RefCell<[String; 3]> = const { RefCell::new([String::new(), String::new(), String::new()]) };
}

/// Logs the screen showing and where its items rest (in logical pixels) when that
/// changes: the browser test taps them from this line, and counts one screen per
/// tap. Rectangles past the items (the name's letters) are logged as boxes.
/// While a replay is watched (`watch`), the size report's targets are its
/// bar's buttons, which stand where the pause button would.
pub(super) fn log_screen(menu: &Menu, rects: &[Rect], watch: Option<&ReplayWatch>) {
    let entries = menu.entries();
    let mut parts = Vec::new();
    for (i, r) in rects.iter().enumerate().filter(|(_, r)| r.w > 0.0) {
        let c = r.center();
        parts.push(match entries.get(i) {
            Some(item) => format!("{item:?} at {:.0},{:.0}", c.x, c.y),
            None => format!("box at {:.0},{:.0},{:.0},{:.0}", r.x, r.y, r.w, r.h),
        });
    }
    let line = format!("screen {:?}: {}", menu.screen, parts.join("; "));
    let sizes = sizes_line(menu, rects, watch);
    // The name entry's letter pad: where each key is, for taps.
    let pad = crate::shell::menus::letter_pad_keys();
    let pad: Vec<String> = (pad.iter().filter(|_| menu.screen == Screen::NameEntry))
        .map(|(c, r)| format!("{c} at {:.0},{:.0}", r.center().x, r.center().y))
        .collect();
    let pad = (!pad.is_empty()).then(|| format!("name pad: {}", pad.join("; ")));
    // Each line when it changes: a test counts screens by the first.
    LOGGED.with_borrow_mut(|logged| {
        for (i, line) in [Some(line), Some(sizes), pad].into_iter().enumerate() {
            if let Some(line) = line.filter(|l| *l != logged[i]) {
                macroquad::miniquad::info!("{}", line);
                logged[i] = line;
            }
        }
    });
}

/// The size report of the screen drawn this frame (issue 33), for tests that
/// check fingers and eyes: every tap target's size in logical (CSS) pixels,
/// and the font sizes of every text drawn (the game's HUD behind included),
/// with each text under `MIN_TEXT_PX` named. One line:
/// `sizes SCREEN: target NAME WxH; ...; fonts 15,19,36[; small 10 "text"]`.
fn sizes_line(menu: &Menu, rects: &[Rect], watch: Option<&ReplayWatch>) -> String {
    let entries = menu.entries();
    let mut targets: Vec<(String, Rect)> = (rects.iter().enumerate())
        .filter(|(_, r)| r.w > 0.0)
        .map(|(i, r)| match entries.get(i) {
            Some(item) => (format!("{item:?}"), *r),
            None => ("letter".to_owned(), *r),
        })
        .collect();
    if let (Screen::Playing, Some(watch)) = (menu.screen, watch) {
        targets.extend(bar_buttons(watch));
    } else if menu.screen == Screen::Playing {
        targets.push(("pause".to_owned(), crate::shell::play::pause_button_rect()));
    } else if !rects.is_empty() {
        targets.extend(crate::shell::menus::other_targets());
    }
    sizes_report(&format!("{:?}", menu.screen), &targets)
}

/// The size report's line for the screen named `screen` (one word) with its
/// tap `targets` (named, logical pixels) and every text drawn this frame: the
/// menus' report above, and the lab's, the editor's and the online pages'
/// (`log_sizes`).
pub(super) fn sizes_report(screen: &str, targets: &[(String, Rect)]) -> String {
    let mut parts: Vec<String> = targets
        .iter()
        .map(|(name, r)| format!("target {name} {:.0}x{:.0}", r.w, r.h))
        .collect();
    let texts = crate::shell::text::drawn_texts();
    let mut fonts: Vec<u32> = texts.iter().map(|t| t.size.round() as u32).collect();
    fonts.sort_unstable();
    fonts.dedup();
    let fonts: Vec<String> = fonts.iter().map(u32::to_string).collect();
    parts.push(format!("fonts {}", fonts.join(",")));
    let min = arkanong_core::app::layout::MIN_TEXT_PX;
    for t in texts.iter().filter(|t| t.size < min) {
        parts.push(format!("small {:.0} {:?}", t.size, t.text));
    }
    format!("sizes {screen}: {}", parts.join("; "))
}

// De-duplicates a log line (the tool screens' size report): no setting or
// game state.
thread_local! {
    /// The tool screens' size line last logged by [`log_sizes`].
    static TOOL_SIZES: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Logs the size report of a screen the menus do not draw (the lab, the
/// editor, an online page) when it changes, as `log_screen` does the menus':
/// the browser's phone pass checks the rules on it. Call after drawing.
pub(super) fn log_sizes(screen: &str, targets: &[(String, Rect)]) {
    let line = sizes_report(screen, targets);
    TOOL_SIZES.with_borrow_mut(|logged| {
        if *logged != line {
            macroquad::miniquad::info!("{}", line);
            *logged = line;
        }
    });
}

/// A watched replay's bar buttons by their words ("replay Pause", "replay
/// 2x", ...), where they stand.
fn bar_buttons(watch: &ReplayWatch) -> Vec<(String, Rect)> {
    let rects = crate::shell::play::replay_bar_rects();
    (REPLAY_BUTTONS.iter().zip(rects))
        .map(|(b, r)| (format!("replay {}", watch.label(*b)), r))
        .collect()
}

// De-duplicates the game's lines (the banner and the replay bar): no game state.
thread_local! {
    /// The banner and replay bar lines last logged by [`log_game`].
    static GAME_LOGGED: RefCell<[String; 2]> = const { RefCell::new([String::new(), String::new()]) };
}

/// Logs, when they change, the line over a game played or watched (issue 45)
/// and a watched replay's bar, for the browser tests that cannot read the
/// screen: `game banner: TEXT` (a replay's "REPLAY of NAME's game (SCORE)
/// 0:12 2x", a race's "GHOST of NAME: SCORE"; its clock to the second, so a
/// line a second of game time, not one a frame) and `replay bar: Pause at X,Y; 1x at X,Y; ...` (the
/// buttons' words and centres in CSS pixels, for taps).
pub(super) fn log_game(banner: Option<&str>, watch: Option<&ReplayWatch>) {
    let banner = banner.map(|b| format!("game banner: {}", whole_seconds(b)));
    let bar = watch.map(|w| {
        let parts: Vec<String> = (bar_buttons(w).iter())
            .map(|(name, r)| {
                let label = name.trim_start_matches("replay ");
                format!("{label} at {:.0},{:.0}", r.center().x, r.center().y)
            })
            .collect();
        format!("replay bar: {}", parts.join("; "))
    });
    GAME_LOGGED.with_borrow_mut(|logged| {
        for (i, line) in [banner, bar].into_iter().enumerate() {
            let line = line.unwrap_or_default();
            if line != logged[i] {
                if !line.is_empty() {
                    macroquad::miniquad::info!("{}", line);
                }
                logged[i] = line;
            }
        }
    });
}

/// `text` with a clock's tenths dropped ("0:12.3" is "0:12").
fn whole_seconds(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < chars.len() {
        out.push(chars[i]);
        let tenths = i >= 2
            && chars[i - 2] == ':'
            && chars[i - 1].is_ascii_digit()
            && chars[i].is_ascii_digit()
            && chars.get(i + 1) == Some(&'.')
            && chars.get(i + 2).is_some_and(char::is_ascii_digit);
        i += if tenths { 3 } else { 1 };
    }
    out
}
