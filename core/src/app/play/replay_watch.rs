//! Watching a replay (issue 45, item 5): a top-ten score's, or a replay file's
//! (`arkanong --replay FILE`). The game plays the replay's own inputs; the
//! watcher has a bar of buttons instead of a paddle: pause, the speed (1x, 2x,
//! 4x: the same fixed steps, more of them a frame, so the game ends in the same
//! state at any speed), restart, save (a file `arkanong replay` plays) and
//! leave. Keys and a pad work the bar as a menu row (Left and Right move the
//! highlight, Enter, Space or A press it; Up and Down change the speed, P or
//! Start pause, Escape or B leave); a click or a tap presses a button.

use glam::Vec2;

use super::{replay_banner, Session};
use crate::app::input::MenuInput;
use crate::app::layout::{Layout, Orientation};
use crate::game::Replay;
use crate::geom::Rect;

/// The speeds a replay plays at, in steps per fixed step of the clock.
pub const REPLAY_SPEEDS: [u32; 3] = [1, 2, 4];

/// A button of the replay bar, in the bar's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReplayButton {
    /// Pauses, or plays on.
    Pause,
    /// The next speed (1x, 2x, 4x, then 1x again).
    Speed,
    /// Back to the replay's first step.
    Restart,
    /// Keeps the replay as a file.
    Save,
    /// Back where the replay was started from (the level's page, or the title).
    Leave,
}

/// The bar's buttons, in order.
pub const REPLAY_BUTTONS: [ReplayButton; 5] = [
    ReplayButton::Pause,
    ReplayButton::Speed,
    ReplayButton::Restart,
    ReplayButton::Save,
    ReplayButton::Leave,
];

/// What a watcher's input asks of the app beyond the bar's own state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReplayAct {
    /// Play the replay again from its first step.
    Restart,
    /// Write it to a file.
    Save,
    /// Stop watching.
    Leave,
}

/// A replay being watched: the replay (to restart and save it), whose it is,
/// and the bar's state.
#[derive(Debug, Clone, PartialEq)]
pub struct ReplayWatch {
    /// The replay, as it came.
    pub replay: Replay,
    /// Whose game it is (the top ten's name, or the file's).
    pub name: String,
    /// Where it comes from: the community level's code, or `file`.
    pub source: String,
    /// The score the board lists for it, when it came from a board.
    pub score: Option<u32>,
    /// Steps per clock step: one of [`REPLAY_SPEEDS`].
    pub speed: u32,
    /// Paused by the watcher (or by the window losing focus).
    pub paused: bool,
    /// The highlighted button (keys and pads).
    pub cursor: usize,
}

impl ReplayWatch {
    /// A replay to watch from its start, at 1x, playing.
    pub fn new(replay: Replay, name: String, source: String, score: Option<u32>) -> Self {
        Self {
            replay,
            name,
            source,
            score,
            speed: 1,
            paused: false,
            cursor: 0,
        }
    }

    /// The game steps to run for `clock` steps of the fixed clock: none while
    /// paused, `speed` times as many otherwise.
    pub fn steps(&self, clock: u32) -> u32 {
        if self.paused {
            0
        } else {
            clock.saturating_mul(self.speed)
        }
    }

    /// A button's words as the bar shows them.
    pub fn label(&self, button: ReplayButton) -> String {
        match button {
            ReplayButton::Pause if self.paused => "Play".to_owned(),
            ReplayButton::Pause => "Pause".to_owned(),
            ReplayButton::Speed => format!("{}x", self.speed),
            ReplayButton::Restart => "Restart".to_owned(),
            ReplayButton::Save => "Save".to_owned(),
            ReplayButton::Leave => "Leave".to_owned(),
        }
    }

    /// The line over the game: that it is a replay, whose, its listed score,
    /// the game's clock at `steps`, and the speed (or that it is paused).
    pub fn line(&self, steps: u64) -> String {
        let mut line = replay_banner(&self.name);
        if let Some(score) = self.score {
            line.push_str(&format!(" ({score})"));
        }
        line.push_str(&format!(" {}", clock(steps)));
        if self.paused {
            line.push_str(" PAUSED");
        } else if self.speed > 1 {
            line.push_str(&format!(" {}x", self.speed));
        }
        line
    }

    /// Takes one of the watcher's commands: the bar's own (pause, speed,
    /// highlight) done here, the rest handed back.
    pub fn take(&mut self, input: MenuInput) -> Option<ReplayAct> {
        let last = REPLAY_BUTTONS.len() - 1;
        match input {
            MenuInput::Pick(n) if n <= last => {
                self.cursor = n;
                self.press(REPLAY_BUTTONS[n])
            }
            MenuInput::Confirm => self.press(REPLAY_BUTTONS[self.cursor.min(last)]),
            MenuInput::Left => {
                self.cursor = self.cursor.checked_sub(1).unwrap_or(last);
                None
            }
            MenuInput::Right => {
                self.cursor = (self.cursor + 1) % REPLAY_BUTTONS.len();
                None
            }
            MenuInput::Up => {
                self.speed = next_speed(self.speed, true);
                None
            }
            MenuInput::Down => {
                self.speed = next_speed(self.speed, false);
                None
            }
            MenuInput::Pause => {
                self.paused = !self.paused;
                None
            }
            MenuInput::Back => Some(ReplayAct::Leave),
            _ => None,
        }
    }

    /// Presses `button`.
    fn press(&mut self, button: ReplayButton) -> Option<ReplayAct> {
        match button {
            ReplayButton::Pause => self.paused = !self.paused,
            ReplayButton::Speed => {
                let at = REPLAY_SPEEDS.iter().position(|&s| s == self.speed);
                self.speed = REPLAY_SPEEDS[at.map_or(0, |i| (i + 1) % REPLAY_SPEEDS.len())];
            }
            ReplayButton::Restart => return Some(ReplayAct::Restart),
            ReplayButton::Save => return Some(ReplayAct::Save),
            ReplayButton::Leave => return Some(ReplayAct::Leave),
        }
        None
    }

    /// The file's name (without `.txt`) the replay is saved under: level,
    /// player and score (see [`replay_file_name`]).
    pub fn file_name(&self) -> String {
        replay_file_name(&self.source, &self.name, self.score)
    }

    /// A fresh game of the replay (its level by the replay's rules, its seed,
    /// its inputs to play back), as level `level_index` of the app's list; the
    /// game records nothing and never unlocks anything.
    pub fn session(&self, level: &crate::level::Level, level_index: usize) -> Session {
        use crate::app::play::PlayMode;
        use crate::game::{Difficulty, Mode};
        let mode = match self.replay.mode {
            Mode::Solo => PlayMode::Solo,
            Mode::Versus => PlayMode::TwoPlayers,
        };
        let seed = self.replay.seed;
        let mut session = Session::new(level, mode, Difficulty::Normal, level_index, seed);
        session.playback = Some(self.replay.inputs.iter().copied().collect());
        session.watching = Some(self.name.clone());
        session.unlocks = false;
        session.recorded = true;
        session
    }
}

/// The speed after `speed`, one up (`faster`) or down, kept within [`REPLAY_SPEEDS`].
fn next_speed(speed: u32, faster: bool) -> u32 {
    let at = REPLAY_SPEEDS.iter().position(|&s| s == speed).unwrap_or(0);
    let to = if faster {
        (at + 1).min(REPLAY_SPEEDS.len() - 1)
    } else {
        at.saturating_sub(1)
    };
    REPLAY_SPEEDS[to]
}

/// A game's `steps` as a clock: `1:23.4`.
fn clock(steps: u64) -> String {
    let tenths = steps * 10 / u64::from(crate::tuning::STEPS_PER_SECOND);
    format!("{}:{:02}.{}", tenths / 600, tenths / 10 % 60, tenths % 10)
}

/// The tallest a bar button is, pixels (a thumb's width and some).
const BUTTON_MAX_PX: f32 = 56.0;
/// The least a bar button is tall, pixels: a fingertip.
pub const BUTTON_MIN_PX: f32 = 44.0;

/// The layout a watched replay is drawn in: `layout(window, touch)`, but a
/// portrait window keeps the touch strip's room under the bottom player's
/// strip, touch or not, for the bar (a portrait monitor's window had none, and
/// the bar covered the bottom player's score and lives), and shows no touch
/// strip or hint there (nobody steers a replay; the bar stands there).
pub fn watch_layout(window: Vec2, touch: bool) -> Layout {
    let mut l = crate::app::layout::layout(window, true);
    if l.orientation == Orientation::Landscape {
        return crate::app::layout::layout(window, touch);
    }
    l.touch_strip = None;
    l.touch_hint = None;
    l
}

/// Where the replay bar's buttons are, in [`REPLAY_BUTTONS`]'s order: in
/// landscape a column in the left panel under the banner (the field and its
/// paddles stay clear); in portrait a row under the bottom player's strip (the
/// touch strip's place: nobody steers a replay), or over the window's foot
/// when there is no room there.
pub fn replay_bar(layout: &Layout) -> Vec<Rect> {
    let n = REPLAY_BUTTONS.len() as f32;
    let edge = (layout.text.body * 0.5).round();
    let window = layout.window;
    match layout.orientation {
        Orientation::Landscape => {
            let panel = layout.panels[1];
            let top = layout.banner.rect.max.y + edge;
            let room = window.y - edge - top;
            let h = ((room - (n - 1.0) * edge) / n).clamp(BUTTON_MIN_PX, BUTTON_MAX_PX);
            let w = (panel.max.x - panel.min.x - 2.0 * edge).max(BUTTON_MIN_PX);
            let from = (window.y - edge - n * h - (n - 1.0) * edge).max(0.0);
            (0..REPLAY_BUTTONS.len())
                .map(|i| {
                    let y = from + i as f32 * (h + edge);
                    Rect::new(Vec2::new(edge, y), Vec2::new(edge + w, y + h))
                })
                .collect()
        }
        Orientation::Portrait => {
            let strip_end = layout.panels[0].max.y;
            let room = window.y - strip_end - 2.0 * edge;
            let h = room.clamp(BUTTON_MIN_PX, BUTTON_MAX_PX);
            let y = (strip_end + (room - h) * 0.5 + edge).min(window.y - edge - h);
            let w = (window.x - (n + 1.0) * edge) / n;
            (0..REPLAY_BUTTONS.len())
                .map(|i| {
                    let x = edge + i as f32 * (w + edge);
                    Rect::new(Vec2::new(x, y), Vec2::new(x + w, y + h))
                })
                .collect()
        }
    }
}

/// The name (without `.txt`) a replay is saved under: `replay-SOURCE-NAME-SCORE`
/// (its level's code, its player, its score), in letters, digits, `_` and
/// dashes only (a name typed on a board may hold anything).
pub fn replay_file_name(source: &str, name: &str, score: Option<u32>) -> String {
    let score = score.map_or_else(|| "replay".to_owned(), |s| s.to_string());
    let clean: Vec<String> = ([source, name, score.as_str()].iter())
        .map(|p| {
            let kept: String = (p.chars())
                .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
                .take(24)
                .collect();
            if kept.trim_matches('_').is_empty() {
                "x".to_owned()
            } else {
                kept
            }
        })
        .collect();
    format!("replay-{}", clean.join("-"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::layout::layout;
    use crate::game::{Inputs, Mode};

    fn watch() -> ReplayWatch {
        let replay = Replay {
            seed: 1,
            mode: Mode::Solo,
            rules: crate::level::RulesVersion::CURRENT,
            level_text: "[bricks]\n1\n".into(),
            inputs: vec![Inputs::default(); 3],
            final_hash: 0,
        };
        ReplayWatch::new(replay, "Ann / ☃".into(), "ABCDEF".into(), Some(40))
    }

    #[test]
    fn replay_bar_keys_and_buttons_pause_speed_and_act() {
        let mut w = watch();
        assert_eq!((w.steps(2), w.label(ReplayButton::Speed)), (2, "1x".into()));
        assert_eq!(
            w.take(MenuInput::Confirm),
            None,
            "the highlight starts on Pause"
        );
        assert!(w.paused && w.steps(2) == 0);
        assert_eq!(w.label(ReplayButton::Pause), "Play");
        assert_eq!(w.take(MenuInput::Pause), None);
        assert!(!w.paused);
        // The speed button cycles, Up and Down step and stop at the ends.
        w.take(MenuInput::Pick(1));
        assert_eq!(w.steps(2), 4);
        w.take(MenuInput::Pick(1));
        assert_eq!(w.steps(2), 8);
        w.take(MenuInput::Up);
        assert_eq!(w.speed, 4);
        w.take(MenuInput::Pick(1));
        assert_eq!(w.speed, 1);
        w.take(MenuInput::Down);
        assert_eq!(w.speed, 1);
        w.take(MenuInput::Up);
        assert_eq!(w.speed, 2);
        assert_eq!(w.take(MenuInput::Pick(2)), Some(ReplayAct::Restart));
        assert_eq!(w.take(MenuInput::Right), None);
        assert_eq!(w.take(MenuInput::Confirm), Some(ReplayAct::Save));
        assert_eq!(w.take(MenuInput::Right), None);
        assert_eq!(w.take(MenuInput::Confirm), Some(ReplayAct::Leave));
        w.take(MenuInput::Right);
        assert_eq!(w.cursor, 0, "the highlight wraps round");
        w.take(MenuInput::Left);
        assert_eq!(w.cursor, 4);
        assert_eq!(w.take(MenuInput::Back), Some(ReplayAct::Leave));
        assert_eq!(w.take(MenuInput::Pick(9)), None, "no such button");
        assert_eq!(w.file_name(), "replay-ABCDEF-Ann____-40");
        assert!(w.line(1200).contains("Ann / ☃'s game (40) 0:10.0 2x"));
    }

    #[test]
    fn replay_bar_is_thumb_sized_inside_the_window_and_off_the_field() {
        for (size, touch) in [
            (Vec2::new(720.0, 900.0), false),
            (Vec2::new(768.0, 1024.0), false),
            (Vec2::new(1280.0, 720.0), false),
            (Vec2::new(390.0, 844.0), true),
            (Vec2::new(390.0, 844.0), false),
            (Vec2::new(800.0, 600.0), false),
            (Vec2::new(360.0, 640.0), true),
            (Vec2::new(1920.0, 1080.0), false),
        ] {
            let l = watch_layout(size, touch);
            let bar = replay_bar(&l);
            assert_eq!(l.orientation, layout(size, touch).orientation);
            // Every text of the HUD stays readable beside the bar.
            let mut texts = vec![l.banner, l.info, l.level_name];
            texts.extend(l.players.iter().flat_map(|p| p.all()));
            for (i, b) in bar.iter().enumerate() {
                for t in &texts {
                    assert!(!b.overlaps(&t.rect), "{size}: button {i} {b:?} on {t:?}");
                }
            }
            assert_eq!(bar.len(), REPLAY_BUTTONS.len());
            for (i, b) in bar.iter().enumerate() {
                let s = b.size();
                assert!(
                    s.x >= BUTTON_MIN_PX && s.y >= BUTTON_MIN_PX,
                    "{size}: {b:?}"
                );
                assert!(
                    b.min.cmpge(Vec2::ZERO).all() && b.max.cmple(size).all(),
                    "{size}: {b:?}"
                );
                assert!(
                    !b.overlaps(&l.floor()),
                    "{size}: button {i} {b:?} on the floor"
                );
                assert!(!b.overlaps(&l.pause_button), "{size}: {b:?}");
                for other in &bar[i + 1..] {
                    assert!(!b.overlaps(other), "{size}: {b:?} {other:?}");
                }
            }
        }
    }
}
