//! Gamepads, headless. The shell reads each connected pad (gilrs on the desktop,
//! the browser's Gamepad API on the web) into a platform-free [`PadState`]; this
//! module turns those states into the same [`Intent`]s the keys give, and into
//! menu commands with held-direction repeat.

use crate::game::Intent;
use crate::level::Side;
use crate::tuning::{PAD_DEAD_ZONE, PAD_REPEAT_DELAY_SECONDS, PAD_REPEAT_INTERVAL_SECONDS};

use super::MenuInput;

/// How many pads drive paddles: one per player.
pub const MAX_PADS: usize = 2;

/// sin 22.5°: a stick counts toward an axis when its share of the stick's lean is
/// at least this, which splits the circle into eight equal 45° sectors.
const EIGHT_WAY_SHARE: f32 = 0.382_683_43;

/// One gamepad's controls at one moment, whatever the platform.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct PadState {
    /// Left stick across: -1 left to 1 right.
    pub stick_x: f32,
    /// Left stick up and down: -1 up to 1 down (the screen's direction, as in
    /// [`Intent::dy`]; gilrs reports up as positive, so the shell flips it).
    pub stick_y: f32,
    /// D-pad up.
    pub up: bool,
    /// D-pad down.
    pub down: bool,
    /// D-pad left.
    pub left: bool,
    /// D-pad right.
    pub right: bool,
    /// The bottom face button (A on Xbox pads, cross on PlayStation's): serve and
    /// fire in a game, confirm in a menu.
    pub south: bool,
    /// The right face button (B, circle): back in a menu.
    pub east: bool,
    /// Start (Options, Menu): pause and resume.
    pub start: bool,
}

/// The stick's direction, one of eight or none: still inside [`PAD_DEAD_ZONE`],
/// else the nearest of the eight 45° directions. A non-finite reading (a broken
/// driver) counts as still.
pub fn stick_direction(x: f32, y: f32) -> (i8, i8) {
    // sqrt, not hypot: IEEE rounds sqrt exactly on every platform (tests/portable_math.rs).
    let lean = (x * x + y * y).sqrt();
    if !lean.is_finite() || lean < PAD_DEAD_ZONE {
        return (0, 0);
    }
    let axis = |v: f32| {
        if v.abs() >= lean * EIGHT_WAY_SHARE {
            v.signum() as i8
        } else {
            0
        }
    };
    (axis(x), axis(y))
}

impl PadState {
    /// Where the pad points: the d-pad where it says something, else the stick.
    /// Opposite d-pad buttons cancel, as opposite keys do.
    pub fn direction(&self) -> (i8, i8) {
        let (sx, sy) = stick_direction(self.stick_x, self.stick_y);
        let dx = i8::from(self.right) - i8::from(self.left);
        let dy = i8::from(self.down) - i8::from(self.up);
        let pressed = |neg: bool, pos: bool| neg || pos;
        (
            if pressed(self.left, self.right) {
                dx
            } else {
                sx
            },
            if pressed(self.up, self.down) { dy } else { sy },
        )
    }
}

/// One pad over time: this frame's state and the last, so a press counts once,
/// and the held direction's menu repeat.
#[derive(Debug, Clone, Copy, Default)]
pub struct Pad {
    now: PadState,
    before: PadState,
    /// The menu direction held, how long, and when it next repeats (seconds).
    held: (i8, i8),
    held_for: f32,
    next_repeat: f32,
}

impl Pad {
    /// Takes this frame's reading.
    pub fn update(&mut self, state: PadState) {
        self.before = self.now;
        self.now = state;
    }

    /// This frame's reading.
    pub fn state(&self) -> PadState {
        self.now
    }

    /// The player's intent: the pad's direction, fire while the south button is
    /// held, serve on its press.
    pub fn intent(&self) -> Intent {
        let (dx, dy) = self.now.direction();
        Intent {
            dx,
            dy,
            fire: self.now.south,
            serve: self.now.south && !self.before.south,
            target: None,
        }
    }

    /// Forgets this frame's presses, so a press that confirmed a menu does not
    /// also serve in the game it started.
    pub fn swallow_presses(&mut self) {
        self.before = self.now;
    }

    /// Menu commands this frame, `dt` seconds after the last call: a direction on
    /// the d-pad or stick once, then again after [`PAD_REPEAT_DELAY_SECONDS`] and
    /// every [`PAD_REPEAT_INTERVAL_SECONDS`] while held; south confirms, east goes
    /// back, start pauses.
    pub fn menu_inputs(&mut self, dt: f32) -> Vec<MenuInput> {
        let mut out = Vec::new();
        let (dx, dy) = self.now.direction();
        // A diagonal moves through the list rather than changing a setting.
        let dir = if dy != 0 { (0, dy) } else { (dx, 0) };
        if dir != self.held {
            self.held = dir;
            self.held_for = 0.0;
            self.next_repeat = PAD_REPEAT_DELAY_SECONDS;
            out.extend(direction_input(dir));
        } else if dir != (0, 0) {
            self.held_for += dt.max(0.0);
            if self.held_for >= self.next_repeat {
                out.extend(direction_input(dir));
                // One repeat per frame: a long frame must not scroll the list away.
                self.next_repeat =
                    (self.next_repeat + PAD_REPEAT_INTERVAL_SECONDS).max(self.held_for);
            }
        }
        let pressed = |now: bool, before: bool| now && !before;
        let (n, b) = (self.now, self.before);
        for (is, input) in [
            (pressed(n.south, b.south), MenuInput::Confirm),
            (pressed(n.east, b.east), MenuInput::Back),
            (pressed(n.start, b.start), MenuInput::Pause),
        ] {
            if is {
                out.push(input);
            }
        }
        out
    }
}

fn direction_input(dir: (i8, i8)) -> Option<MenuInput> {
    match dir {
        (0, -1) => Some(MenuInput::Up),
        (0, 1) => Some(MenuInput::Down),
        (-1, 0) => Some(MenuInput::Left),
        (1, 0) => Some(MenuInput::Right),
        _ => None,
    }
}

/// Which pad drives a side: in a two-player game pad 0 the bottom paddle and pad
/// 1 the top; alone (solo, versus the CPU), pad 0 drives the human's paddle.
pub fn pad_for_side(side: Side, two_players: bool) -> usize {
    match (two_players, side) {
        (true, Side::Top) => 1,
        _ => 0,
    }
}

/// The pads driving paddles, by player slot (see [`pad_for_side`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct Pads {
    pads: [Pad; MAX_PADS],
}

impl Pads {
    /// Takes this frame's readings, slot by slot; a slot with no reading is a pad
    /// at rest (unplugged pads let go of everything).
    pub fn update(&mut self, states: &[PadState]) {
        for (i, pad) in self.pads.iter_mut().enumerate() {
            pad.update(states.get(i).copied().unwrap_or_default());
        }
    }

    /// The intent of the pad in `slot` (idle when there is none).
    pub fn intent(&self, slot: usize) -> Intent {
        self.pads.get(slot).map_or(Intent::IDLE, Pad::intent)
    }

    /// Every pad's menu commands this frame: any pad can work the menus.
    pub fn menu_inputs(&mut self, dt: f32) -> Vec<MenuInput> {
        self.pads
            .iter_mut()
            .flat_map(|p| p.menu_inputs(dt))
            .collect()
    }

    /// Forgets this frame's presses on every pad (see [`Pad::swallow_presses`]).
    pub fn swallow_presses(&mut self) {
        self.pads.iter_mut().for_each(Pad::swallow_presses);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::{
        input::combine, input::intent_from_keys, input::HeldKeys, menus::Menu, menus::MenuAction,
        menus::Screen,
    };

    fn stick(x: f32, y: f32) -> PadState {
        PadState {
            stick_x: x,
            stick_y: y,
            ..PadState::default()
        }
    }

    #[test]
    fn stick_inside_the_dead_zone_is_still() {
        assert_eq!(stick_direction(0.2, -0.2), (0, 0));
        assert_eq!(stick_direction(PAD_DEAD_ZONE * 0.99, 0.0), (0, 0));
        assert_eq!(stick_direction(f32::NAN, 1.0), (0, 0));
        assert_eq!(stick_direction(PAD_DEAD_ZONE * 1.01, 0.0), (1, 0));
    }

    #[test]
    fn stick_snaps_to_the_nearest_of_eight_directions() {
        let at = |deg: f32| {
            let r = deg.to_radians();
            stick_direction(r.cos(), r.sin())
        };
        assert_eq!(at(0.0), (1, 0));
        assert_eq!(at(20.0), (1, 0), "nearer east than south-east");
        assert_eq!(at(25.0), (1, 1), "nearer south-east");
        assert_eq!(at(90.0), (0, 1));
        assert_eq!(at(135.0), (-1, 1));
        assert_eq!(at(180.0), (-1, 0));
        assert_eq!(at(-45.0), (1, -1));
        assert_eq!(at(-90.0), (0, -1));
        assert_eq!(at(-120.0), (-1, -1));
        assert_eq!(at(-110.0), (0, -1), "nearer north than north-west");
    }

    #[test]
    fn dpad_wins_over_the_stick_axis_by_axis() {
        let s = PadState {
            left: true,
            ..stick(0.9, 0.9)
        };
        assert_eq!(s.direction(), (-1, 1));
        let s = PadState {
            up: true,
            down: true,
            ..stick(0.0, 0.9)
        };
        assert_eq!(s.direction(), (0, 0), "opposite d-pad buttons cancel");
    }

    #[test]
    fn pad_serves_once_per_press_and_fires_while_held() {
        let mut p = Pad::default();
        let a = PadState {
            south: true,
            ..stick(-1.0, 0.0)
        };
        p.update(a);
        assert_eq!(
            p.intent(),
            Intent {
                dx: -1,
                dy: 0,
                fire: true,
                serve: true,
                target: None,
            }
        );
        p.update(a);
        assert!(p.intent().fire && !p.intent().serve);
        p.update(PadState::default());
        assert_eq!(p.intent(), Intent::IDLE);
    }

    #[test]
    fn pad_intent_matches_the_same_keys() {
        let mut p = Pad::default();
        p.update(PadState {
            south: true,
            ..stick(0.7, -0.7)
        });
        let keys = intent_from_keys(HeldKeys {
            right: true,
            up: true,
            fire: true,
            serve: true,
            ..HeldKeys::default()
        });
        assert_eq!(p.intent(), keys);
        assert_eq!(combine(Intent::IDLE, Some(p.intent())), keys);
    }

    #[test]
    fn swallowed_press_does_not_serve() {
        let mut p = Pad::default();
        p.update(PadState {
            south: true,
            ..PadState::default()
        });
        p.swallow_presses();
        assert!(!p.intent().serve && p.intent().fire);
    }

    #[test]
    fn two_pads_drive_two_players() {
        assert_eq!(pad_for_side(Side::Bottom, true), 0);
        assert_eq!(pad_for_side(Side::Top, true), 1);
        assert_eq!(pad_for_side(Side::Top, false), 0);
        assert_eq!(pad_for_side(Side::Bottom, false), 0);
        let mut pads = Pads::default();
        pads.update(&[stick(1.0, 0.0), stick(-1.0, 0.0)]);
        let intent = |side| pads.intent(pad_for_side(side, true)).dx;
        assert_eq!((intent(Side::Bottom), intent(Side::Top)), (1, -1));
        pads.update(&[stick(1.0, 0.0)]);
        assert_eq!(pads.intent(1), Intent::IDLE, "an unplugged pad lets go");
    }

    #[test]
    fn held_direction_repeats_in_menus_after_a_delay() {
        let mut p = Pad::default();
        p.update(stick(0.0, 1.0));
        assert_eq!(p.menu_inputs(0.0), vec![MenuInput::Down]);
        // Frames of 1/128 s (exact in binary): each repeat lands in the frame
        // that crosses its time.
        let dt = 1.0 / 128.0;
        let mut t = 0.0;
        let mut times = Vec::new();
        while t < 0.7 {
            p.update(stick(0.0, 1.0));
            t += dt;
            if p.menu_inputs(dt) == vec![MenuInput::Down] {
                times.push(t);
            }
        }
        let due =
            [0.0, 1.0, 2.0].map(|k| PAD_REPEAT_DELAY_SECONDS + k * PAD_REPEAT_INTERVAL_SECONDS);
        assert_eq!(times.len(), 3, "{times:?}");
        for (t, due) in times.iter().zip(due) {
            assert!((due..due + dt).contains(t), "repeat at {t}, due {due}");
        }
        p.update(PadState::default());
        assert!(p.menu_inputs(dt).is_empty());
        p.update(PadState {
            left: true,
            ..PadState::default()
        });
        assert_eq!(p.menu_inputs(dt), vec![MenuInput::Left]);
    }

    #[test]
    fn pad_buttons_confirm_go_back_and_pause() {
        let mut p = Pad::default();
        let press = |p: &mut Pad, s: PadState| {
            p.update(s);
            p.menu_inputs(0.016)
        };
        let south = PadState {
            south: true,
            ..PadState::default()
        };
        assert_eq!(press(&mut p, south), vec![MenuInput::Confirm]);
        assert!(press(&mut p, south).is_empty(), "held: no repeat");
        let east = PadState {
            east: true,
            ..PadState::default()
        };
        assert_eq!(press(&mut p, east), vec![MenuInput::Back]);
        let start = PadState {
            start: true,
            ..PadState::default()
        };
        assert_eq!(press(&mut p, start), vec![MenuInput::Pause]);
    }

    #[test]
    fn pad_walks_the_menus_from_title_to_a_solo_game() {
        let mut m = Menu::new(3);
        let mut pads = Pads::default();
        let mut act = |m: &mut Menu, s: PadState| {
            pads.update(&[s]);
            let mut last = MenuAction::None;
            for input in pads.menu_inputs(0.016) {
                last = m.handle(input);
            }
            pads.update(&[PadState::default()]);
            pads.menu_inputs(0.016);
            last
        };
        let south = PadState {
            south: true,
            ..PadState::default()
        };
        act(&mut m, south);
        assert_eq!(m.screen, Screen::ModeSelect);
        act(&mut m, stick(0.0, 1.0));
        act(&mut m, stick(0.0, -1.0));
        act(&mut m, south);
        assert_eq!(m.screen, Screen::LevelSelect);
        act(
            &mut m,
            PadState {
                east: true,
                ..PadState::default()
            },
        );
        assert_eq!(m.screen, Screen::ModeSelect);
        act(&mut m, south);
        assert_eq!(act(&mut m, south), MenuAction::StartGame);
    }
}
