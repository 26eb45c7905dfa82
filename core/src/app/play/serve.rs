//! The serve as a player sees it: a short "Ready" moment, then a prompt with an
//! aiming arc and the auto-serve's countdown; and the hand-off from the menu, so
//! the key that started the game does not also serve. All of it sits between the
//! player's keys and the game's intents: the game's rules are unchanged.

use glam::Vec2;

use crate::app::input::key_label;
use crate::app::input::Action;
use crate::app::input::Bindings;
use crate::app::input::Device;
use crate::app::input::KeySet;
use crate::game::{Game, Intent, ServeAim};
use crate::geom::Circle;
use crate::level::{RulesVersion, Side};
use crate::tuning::{
    ARENA_HEIGHT, ARENA_WIDTH, BALL_RADIUS, READY_SECONDS, SERVE_ARC_LENGTH, SERVE_TIMEOUT_SECONDS,
    STEPS_PER_SECOND,
};

/// Where one side's serve stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ServePhase {
    /// No serve is waiting on this side.
    None,
    /// A serve just arrived: "Ready", and the serve key does nothing yet.
    Ready,
    /// The player may serve. Under rules 1 the ball leaves by itself in
    /// `seconds_left` seconds (rounded up, for the on-screen countdown); under
    /// rules 2 it waits for the player (`None`).
    Prompt {
        /// Whole seconds until the auto-serve, if the serve launches itself.
        seconds_left: Option<u32>,
    },
}

/// Steps of the "Ready" moment.
pub fn ready_steps() -> u32 {
    (READY_SECONDS * STEPS_PER_SECOND as f32).round() as u32
}

/// The phase of `side`'s serve: from how long the game's first held ball (when it
/// is a serve) has waited, against the game's own serve timeout.
pub fn serve_phase(game: &Game, side: Side) -> ServePhase {
    let Some(held) = game
        .player(side)
        .and_then(|p| p.held.first())
        .filter(|h| h.is_serve)
    else {
        return ServePhase::None;
    };
    if held.waited < ready_steps() {
        return ServePhase::Ready;
    }
    if game.rules() >= RulesVersion::V2 {
        return ServePhase::Prompt { seconds_left: None };
    }
    let timeout = (SERVE_TIMEOUT_SECONDS * STEPS_PER_SECOND as f32) as u32;
    let left = timeout.saturating_sub(held.waited);
    ServePhase::Prompt {
        seconds_left: Some(left.div_ceil(STEPS_PER_SECOND)),
    }
}

/// The path a serve will take, as a polyline from the held ball: straight along the
/// game's own serve direction ([`Game::serve_aim`]) for at most
/// [`SERVE_ARC_LENGTH`] units, stopping at the first thing it meets: a brick, a
/// barrier or a wall (by the world's own cast), or the arena's edge (a goal
/// line). It never bounces: a bounce drawn off the low hexagon ran on through the
/// player's own goal into the score strip (issue 40 bug 3), and a line to what
/// the ball hits first says what the player needs. Paddles and other balls are
/// left out: they move.
pub fn serve_arc(game: &Game, aim: ServeAim) -> Vec<Vec2> {
    let mut points = vec![aim.position];
    let Some(direction) = aim.velocity.try_normalize() else {
        return points;
    };
    let motion =
        direction * SERVE_ARC_LENGTH * arena_exit(aim.position, direction * SERVE_ARC_LENGTH);
    let circle = Circle {
        center: aim.position,
        radius: BALL_RADIUS,
    };
    let share = game
        .world()
        .cast_static(circle, motion)
        .map_or(1.0, |(hit, _)| hit.toi);
    points.push(aim.position + motion * share);
    points
}

/// The share (0 to 1) of `motion` from `from` that stays inside the arena: where
/// a line from inside leaves it through a goal line or a side.
fn arena_exit(from: Vec2, motion: Vec2) -> f32 {
    let share = |start: f32, step: f32, size: f32| {
        if step > 0.0 {
            (size - start) / step
        } else if step < 0.0 {
            -start / step
        } else {
            1.0
        }
    };
    let x = share(from.x, motion.x, ARENA_WIDTH);
    let y = share(from.y, motion.y, ARENA_HEIGHT);
    x.min(y).clamp(0.0, 1.0)
}

/// The line that tells a player how to serve, by who holds the side and the
/// first key bound to their serve ("Space / click / tap to serve" by default).
pub fn serve_prompt(two_players: bool, side: Side, bindings: &Bindings) -> String {
    serve_prompt_for(two_players, side, bindings, None)
}

/// [`serve_prompt`] for the input in use: alone, a player who last tapped reads
/// "Tap to serve", one who clicked "Click to serve", one on a pad "Pad A to
/// serve", one on the keyboard the bound key; before any input, all of them.
pub fn serve_prompt_for(
    two_players: bool,
    side: Side,
    bindings: &Bindings,
    device: Option<Device>,
) -> String {
    match (two_players, device) {
        (false, Some(Device::Touch)) => return "Tap to serve".to_owned(),
        (true, Some(Device::Touch)) => return "Tap your half to serve".to_owned(),
        (false, Some(Device::Mouse)) => return "Click to serve".to_owned(),
        (_, Some(Device::Pad)) => return "Pad A to serve".to_owned(),
        (false, Some(Device::Keyboard)) => {
            let key = bindings.keys(KeySet::Single, Action::Fire).next();
            return format!("{} to serve", key.map_or("Pad A".to_owned(), key_label));
        }
        _ => {}
    }
    let (set, also) = match (two_players, side) {
        (false, _) => (KeySet::Single, " / click / tap"),
        (true, Side::Bottom) => (KeySet::TwoBottom, ""),
        (true, Side::Top) => (KeySet::TwoTop, ""),
    };
    let key = bindings.keys(set, Action::Fire).next().map(key_label);
    format!("{}{also} to serve", key.as_deref().unwrap_or("Pad A"))
}

/// What to draw for one side's waiting serve.
#[derive(Debug, Clone, PartialEq)]
pub struct ServeCue {
    /// Whose serve.
    pub side: Side,
    /// "Ready", or the prompt with the auto-serve's countdown.
    pub text: String,
    /// Whether the serve key works yet (the prompt, not "Ready").
    pub live: bool,
    /// The held ball's centre: the text sits beside it.
    pub anchor: Vec2,
    /// The aiming arc ([`serve_arc`]).
    pub arc: Vec<Vec2>,
}

/// The cue for `side`'s serve, if one waits; `two_players`, `bindings` and the
/// input in use `device` pick the prompt's words ([`serve_prompt_for`]).
pub fn serve_cue(
    game: &Game,
    side: Side,
    (two_players, bindings): (bool, &Bindings),
    device: Option<Device>,
) -> Option<ServeCue> {
    // A finished game serves no more: its results show over it.
    if game.outcome().is_some() {
        return None;
    }
    let aim = game.serve_aim(side)?;
    let (text, live) = match serve_phase(game, side) {
        ServePhase::None => return None,
        ServePhase::Ready => ("Ready".to_owned(), false),
        ServePhase::Prompt { seconds_left } => {
            let prompt = serve_prompt_for(two_players, side, bindings, device);
            // A countdown says what happens at zero.
            let text = match seconds_left {
                Some(n) => format!("{prompt}   (serves itself in {n})"),
                None => prompt,
            };
            (text, true)
        }
    };
    Some(ServeCue {
        side,
        text,
        live,
        anchor: aim.position,
        arc: serve_arc(game, aim),
    })
}

/// The menu-to-game hand-off for one human side: a game starts deaf to the serve
/// and fire keys (and the mouse button) until they are first seen released, so
/// the key or click that confirmed the menu never serves or fires.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HandOff {
    /// Still waiting for serve and fire to be released.
    waiting: bool,
}

impl Default for HandOff {
    fn default() -> Self {
        Self { waiting: true }
    }
}

impl HandOff {
    /// Passes `raw` on, without serve and fire while they are still held from
    /// before the game started.
    pub fn filter(&mut self, raw: Intent) -> Intent {
        if self.waiting && !raw.fire && !raw.serve {
            self.waiting = false;
        }
        if self.waiting {
            Intent {
                fire: false,
                serve: false,
                ..raw
            }
        } else {
            raw
        }
    }
}

/// A human's intent as the game gets it: through the hand-off, and without
/// serving during the "Ready" moment.
pub fn gate_intent(game: &Game, side: Side, hand_off: &mut HandOff, raw: Intent) -> Intent {
    let mut intent = hand_off.filter(raw);
    if serve_phase(game, side) == ServePhase::Ready {
        intent.serve = false;
    }
    intent
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Mode;
    use crate::level::Level;

    fn solo() -> Game {
        Game::new(&Level::parse("[bricks]\n111\n").unwrap(), Mode::Solo, 5)
    }

    /// [`solo`] under rules 1, whose serve launches itself.
    fn solo_v1() -> Game {
        Game::new(
            &Level::parse("rules = 1\n[bricks]\n111\n").unwrap(),
            Mode::Solo,
            5,
        )
    }

    const SERVE: Intent = Intent {
        dx: 0,
        dy: 0,
        fire: true,
        serve: true,
        target: None,
    };

    #[test]
    fn hand_off_ignores_a_key_held_from_the_menu_until_released() {
        let mut h = HandOff::default();
        let held = Intent {
            dx: 1,
            serve: false,
            ..SERVE
        };
        assert_eq!(
            h.filter(SERVE),
            Intent {
                dx: 0,
                ..Intent::IDLE
            }
        );
        assert_eq!(
            h.filter(held),
            Intent {
                dx: 1,
                ..Intent::IDLE
            }
        );
        assert_eq!(h.filter(Intent::IDLE), Intent::IDLE, "released");
        assert_eq!(h.filter(SERVE), SERVE, "a fresh press serves");
    }

    #[test]
    fn a_new_session_ignores_the_serve_key_that_confirmed_the_menu() {
        use crate::app::{play::PlayMode, play::Session};
        use crate::game::Difficulty;
        let level = Level::parse("[bricks]\n111\n").unwrap();
        let mut s = Session::new(&level, PlayMode::Solo, Difficulty::Easy, 0, 5);
        // Space still held from the menu through the Ready moment and past it.
        let held = Intent {
            serve: false,
            ..SERVE
        };
        for step in 0..ready_steps() + 60 {
            let raw = if step == 0 { SERVE } else { held };
            let intent = gate_intent(&s.game, Side::Bottom, &mut s.hand_off[0], raw);
            let mut inputs = crate::game::Inputs::default();
            inputs.players[0] = intent;
            s.game.step(&inputs);
        }
        assert!(
            s.game.world().balls().is_empty(),
            "the held key never served"
        );
        let released = gate_intent(&s.game, Side::Bottom, &mut s.hand_off[0], Intent::IDLE);
        assert_eq!(released, Intent::IDLE);
        let pressed = gate_intent(&s.game, Side::Bottom, &mut s.hand_off[0], SERVE);
        let mut inputs = crate::game::Inputs::default();
        inputs.players[0] = pressed;
        s.game.step(&inputs);
        assert_eq!(s.game.world().balls().len(), 1, "a fresh press serves");
    }

    #[test]
    fn serve_goes_ready_then_prompt_counting_down_then_auto_serves_under_rules_1() {
        let mut game = solo_v1();
        let mut hand_off = HandOff::default();
        hand_off.filter(Intent::IDLE);
        assert_eq!(serve_phase(&game, Side::Bottom), ServePhase::Ready);
        let mut seen = Vec::new();
        let mut served_at = None;
        for step in 0..1000 {
            let phase = serve_phase(&game, Side::Bottom);
            if seen.last() != Some(&phase) {
                seen.push(phase);
            }
            // The player mashes serve: ignored while "Ready", obeyed after.
            let wants = if phase == ServePhase::Ready {
                SERVE
            } else {
                Intent::IDLE
            };
            let intent = gate_intent(&game, Side::Bottom, &mut hand_off, wants);
            let mut inputs = crate::game::Inputs::default();
            inputs.players[0] = intent;
            game.step(&inputs);
            if !game.world().balls().is_empty() {
                served_at = Some(step);
                break;
            }
        }
        assert_eq!(
            seen,
            [
                ServePhase::Ready,
                ServePhase::Prompt {
                    seconds_left: Some(3)
                },
                ServePhase::Prompt {
                    seconds_left: Some(2)
                },
                ServePhase::Prompt {
                    seconds_left: Some(1)
                },
            ]
        );
        let timeout = (SERVE_TIMEOUT_SECONDS * STEPS_PER_SECOND as f32) as usize;
        assert_eq!(
            served_at,
            Some(timeout - 1),
            "the auto-serve, not the mashing"
        );
        assert_eq!(serve_phase(&game, Side::Bottom), ServePhase::None);
    }

    #[test]
    fn the_serve_waits_for_the_player_under_rules_2() {
        let mut game = solo();
        for _ in 0..60 * STEPS_PER_SECOND {
            game.step(&crate::game::Inputs::default());
        }
        assert!(game.world().balls().is_empty(), "a minute, and no serve");
        assert_eq!(
            serve_phase(&game, Side::Bottom),
            ServePhase::Prompt { seconds_left: None }
        );
        let cue = serve_cue(&game, Side::Bottom, (false, &Bindings::default()), None).unwrap();
        assert_eq!(cue.text, "Space / click / tap to serve", "no countdown");
    }

    #[test]
    fn serve_cue_says_ready_then_the_prompt_with_its_labelled_countdown() {
        let mut game = solo_v1();
        let cue = serve_cue(&game, Side::Bottom, (false, &Bindings::default()), None).unwrap();
        assert_eq!((cue.text.as_str(), cue.live), ("Ready", false));
        assert!(
            serve_cue(&game, Side::Top, (false, &Bindings::default()), None).is_none(),
            "no top player in solo"
        );
        for _ in 0..ready_steps() {
            game.step(&crate::game::Inputs::default());
        }
        let cue = serve_cue(&game, Side::Bottom, (false, &Bindings::default()), None).unwrap();
        assert_eq!(
            cue.text,
            "Space / click / tap to serve   (serves itself in 3)"
        );
        assert!(cue.live && cue.arc.len() >= 2);
    }

    #[test]
    fn serve_arc_starts_where_the_served_ball_goes() {
        let mut game = solo();
        for _ in 0..ready_steps() {
            game.step(&crate::game::Inputs::default());
        }
        let aim = game.serve_aim(Side::Bottom).unwrap();
        let arc = serve_arc(&game, aim);
        assert!(arc.len() >= 2 && arc[0] == aim.position);
        let mut inputs = crate::game::Inputs::default();
        inputs.players[0].serve = true;
        game.step(&inputs);
        let ball = game.world().balls()[0];
        assert_eq!(ball.velocity.normalize(), aim.velocity.normalize());
        let heading = (arc[1] - arc[0]).normalize();
        assert!(heading.dot(aim.velocity.normalize()) > 0.9999, "{heading}");
        let length: f32 = arc.windows(2).map(|w| w[0].distance(w[1])).sum();
        assert!(length <= SERVE_ARC_LENGTH + 1e-3, "{length}");
    }

    #[test]
    fn serve_arc_stays_in_the_arena_and_stops_at_the_first_thing_it_meets() {
        // Issue 40 bug 3: on Grand Duel the arc bounced off the low hexagon and
        // ran through the player's own goal line into the score strip.
        let (_, level) = crate::level::load_level("duels/14_grand_duel").unwrap();
        let mut game = Game::new(&level, Mode::Versus, 3);
        let inside = |p: Vec2| {
            (-1e-3..=ARENA_WIDTH + 1e-3).contains(&p.x)
                && (-1e-3..=ARENA_HEIGHT + 1e-3).contains(&p.y)
        };
        let (mut ends_on_a_shape, mut aims) = (0, 0);
        // Both paddles sweep their zones: left, then right, then left again.
        for step in 0..900 {
            let dx = match step {
                0..150 => -1,
                150..600 => 1,
                _ => -1,
            };
            let mut inputs = crate::game::Inputs::default();
            for p in &mut inputs.players {
                p.dx = dx;
            }
            game.step(&inputs);
            for side in [Side::Bottom, Side::Top] {
                let Some(aim) = game.serve_aim(side) else {
                    continue;
                };
                aims += 1;
                let arc = serve_arc(&game, aim);
                assert_eq!(arc.len(), 2, "one line, to the first thing: {arc:?}");
                assert!(arc.iter().all(|&p| inside(p)), "{side:?} {arc:?}");
                let circle = Circle {
                    center: arc[0],
                    radius: BALL_RADIUS,
                };
                let line = arc[1] - arc[0];
                assert!(line.length() <= SERVE_ARC_LENGTH + 1e-3);
                // Nothing stands between its ends: the line stops where it meets.
                if let Some((hit, _)) = game.world().cast_static(circle, line) {
                    assert!(hit.toi > 1.0 - 1e-3, "{side:?} passes a shape: {arc:?}");
                    ends_on_a_shape += 1;
                }
            }
        }
        assert!(aims >= 900, "the serves wait under rules 2: {aims}");
        assert!(ends_on_a_shape > 0, "some aims meet the hexagons or walls");
    }

    #[test]
    fn serve_prompt_names_the_bound_key() {
        let mut b = Bindings::default();
        assert_eq!(
            serve_prompt(false, Side::Bottom, &b),
            "Space / click / tap to serve"
        );
        assert_eq!(serve_prompt(true, Side::Bottom, &b), "Enter to serve");
        b.rebind(KeySet::Single, Action::Fire, "J").unwrap();
        assert_eq!(
            serve_prompt(false, Side::Bottom, &b),
            "J / click / tap to serve"
        );
        assert_eq!(serve_prompt(true, Side::Top, &b), "Space to serve");
    }

    #[test]
    fn serve_prompt_names_the_input_in_use() {
        let b = Bindings::default();
        let alone = |d| serve_prompt_for(false, Side::Bottom, &b, Some(d));
        assert_eq!(alone(Device::Touch), "Tap to serve");
        assert_eq!(alone(Device::Mouse), "Click to serve");
        assert_eq!(alone(Device::Keyboard), "Space to serve");
        assert_eq!(alone(Device::Pad), "Pad A to serve");
        assert_eq!(
            serve_prompt_for(true, Side::Top, &b, Some(Device::Keyboard)),
            serve_prompt(true, Side::Top, &b),
            "two players on one keyboard keep their keys"
        );
        // Two players on one phone: each serves by a tap in their own half.
        assert_eq!(
            serve_prompt_for(true, Side::Top, &b, Some(Device::Touch)),
            "Tap your half to serve"
        );
    }

    #[test]
    fn a_finished_game_shows_no_serve_cue_behind_its_results() {
        // A goal against the human ends the game at once; the next ball is
        // already held at the loser's paddle, but no "Ready" shows.
        let level = Level::parse(
            "mode = versus\ntarget_score = 1\nrounds = 1\nwin_by = 1\n[bricks]\n9\n[balls]\nball at 30,800 velocity 0,1500 owner top\n",
        )
        .unwrap();
        let mut game = Game::new(&level, Mode::Versus, 1);
        let bindings = Bindings::default();
        let mut steps = 0;
        while game.outcome().is_none() && steps < 600 {
            game.step(&crate::game::Inputs::default());
            steps += 1;
        }
        assert!(game.outcome().is_some(), "the goal ends the game");
        assert_eq!(
            serve_cue(&game, Side::Bottom, (false, &bindings), None),
            None
        );
        assert_eq!(serve_cue(&game, Side::Top, (false, &bindings), None), None);
    }
}
