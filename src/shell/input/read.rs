//! Reading keyboard, mouse and touch from macroquad into the headless intents and
//! menu inputs of `arkanong::app`.

use arkanong::app::{
    input::combine, input::intent_from_keys, input::intent_from_pointer, input::Action,
    input::Bindings, input::HeldKeys, input::KeySet, input::MenuInput, input::Pointer,
};
use arkanong::game::{Game, Intent};
use arkanong::level::Side;
use macroquad::prelude::*;

use super::keys::{key_code, key_of};
use crate::shell::view::View;

fn any_down(keys: &[KeyCode]) -> bool {
    keys.iter().any(|&k| is_key_down(k))
}

fn any_pressed(keys: &[KeyCode]) -> bool {
    keys.iter().any(|&k| is_key_pressed(k))
}

/// The keys of one set, by meaning, as bound in `bindings`.
pub(crate) fn held_keys(set: KeySet, bindings: &Bindings) -> HeldKeys {
    let codes =
        |action| -> Vec<KeyCode> { bindings.keys(set, action).filter_map(key_code).collect() };
    let action = codes(Action::Fire);
    HeldKeys {
        left: any_down(&codes(Action::Left)),
        right: any_down(&codes(Action::Right)),
        up: any_down(&codes(Action::Up)),
        down: any_down(&codes(Action::Down)),
        fire: any_down(&action),
        serve: any_pressed(&action),
    }
}

/// While the Keys page waits for a key: the bindable keys pressed this frame, and
/// Escape as "back" (which cancels the wait).
pub(crate) fn captured_keys() -> Vec<MenuInput> {
    get_keys_pressed()
        .into_iter()
        .filter_map(|k| match k {
            KeyCode::Escape => Some(MenuInput::Back),
            other => key_of(other).map(MenuInput::Key),
        })
        .collect()
}

/// Tracks whether the mouse or a finger is steering, and where.
#[derive(Debug, Default)]
pub(crate) struct PointerState {
    last_mouse: Option<Vec2>,
    active: bool,
}

impl PointerState {
    /// The pointer this frame in arena units, if the player is using one: a touch,
    /// or a mouse that moved or clicked (the keyboard takes over again on a key).
    pub(crate) fn read(&mut self, view: &View) -> Option<Pointer> {
        if let Some(t) = touches().first() {
            self.active = true;
            return Some(Pointer {
                position: view.to_world(t.position),
                pressed: true,
                just_pressed: t.phase == TouchPhase::Started,
            });
        }
        let mouse = Vec2::from(mouse_position());
        if self.last_mouse.is_some_and(|m| m.distance(mouse) > 2.0)
            || is_mouse_button_pressed(MouseButton::Left)
        {
            self.active = true;
        }
        if get_keys_pressed()
            .iter()
            .any(|k| !matches!(k, KeyCode::Space | KeyCode::Enter))
        {
            self.active = false;
        }
        self.last_mouse = Some(mouse);
        self.active.then(|| Pointer {
            position: view.to_world(mouse),
            pressed: is_mouse_button_down(MouseButton::Left),
            just_pressed: is_mouse_button_pressed(MouseButton::Left)
                || is_mouse_button_pressed(MouseButton::Right),
        })
    }
}

/// A player's intent from their keys, their gamepad's intent `pad` and, in
/// one-player modes, the pointer: keys first, then the pad, then the pointer.
fn player_intent(
    (set, bindings): (KeySet, &Bindings),
    pad: Intent,
    pointer: Option<Pointer>,
    paddle: Vec2,
) -> Intent {
    let keys = combine(intent_from_keys(held_keys(set, bindings)), Some(pad));
    combine(keys, pointer.map(|p| intent_from_pointer(p, paddle)))
}

/// A human player's intent from their bound keys (see `app::Bindings`): in
/// two-player games the bottom player has the bottom set and the top player the
/// top set; alone, the one-player set, the mouse or a finger steers. `pad` is the
/// intent of the side's gamepad.
pub(crate) fn human_intent(
    game: &Game,
    side: Side,
    (two_players, bindings): (bool, &Bindings),
    pointer: Option<Pointer>,
    pad: Intent,
) -> Intent {
    let Some(paddle) = game
        .player(side)
        .map(|p| game.world().paddles()[p.paddle.0 as usize].position)
    else {
        return Intent::IDLE;
    };
    let (keys, pointer) = match (two_players, side) {
        (false, _) => (KeySet::Single, pointer),
        (true, Side::Bottom) => (KeySet::TwoBottom, pointer),
        (true, Side::Top) => (KeySet::TwoTop, None),
    };
    player_intent((keys, bindings), pad, pointer, paddle)
}

/// Menu inputs this frame: keys, and clicks or taps on the items drawn last frame.
pub(crate) fn menu_inputs(item_rects: &[Rect]) -> Vec<MenuInput> {
    use KeyCode::*;
    // Typed characters matter only on the name entry screen; drop them elsewhere
    // so letters typed in play (WASD) are not waiting there.
    while get_char_pressed().is_some() {}
    let mut out = Vec::new();
    let pairs: [(&[KeyCode], MenuInput); 6] = [
        (&[Up, W], MenuInput::Up),
        (&[Down, S], MenuInput::Down),
        (&[Left, A], MenuInput::Left),
        (&[Right, D], MenuInput::Right),
        (&[Enter, Space, KpEnter], MenuInput::Confirm),
        (&[Escape], MenuInput::Back),
    ];
    for (keys, input) in pairs {
        if any_pressed(keys) {
            out.push(input);
        }
    }
    if is_key_pressed(P) {
        out.push(MenuInput::Pause);
    }
    picks(item_rects, &mut out);
    out
}

/// Inputs on the name entry screen: arrows, Enter and Escape, typed letters (so
/// W, A, S and D type rather than move), and clicks or taps on "Done".
pub(crate) fn name_entry_inputs(item_rects: &[Rect]) -> Vec<MenuInput> {
    use KeyCode::*;
    let mut out = Vec::new();
    let pairs: [(&[KeyCode], MenuInput); 6] = [
        (&[Up], MenuInput::Up),
        (&[Down], MenuInput::Down),
        (&[Left, Backspace], MenuInput::Left),
        (&[Right], MenuInput::Right),
        (&[Enter, KpEnter], MenuInput::Confirm),
        (&[Escape], MenuInput::Back),
    ];
    for (keys, input) in pairs {
        if any_pressed(keys) {
            out.push(input);
        }
    }
    while let Some(c) = get_char_pressed() {
        out.push(MenuInput::Char(c));
    }
    picks(item_rects, &mut out);
    out
}

/// Clicks and taps on the items drawn last frame, as picks.
fn picks(item_rects: &[Rect], out: &mut Vec<MenuInput>) {
    let mut taps: Vec<Vec2> = touches()
        .iter()
        .filter(|t| t.phase == TouchPhase::Started)
        .map(|t| t.position)
        .collect();
    if is_mouse_button_pressed(MouseButton::Left) {
        taps.push(Vec2::from(mouse_position()));
    }
    for tap in taps {
        if let Some(i) = item_rects.iter().position(|r| r.contains(tap)) {
            out.push(MenuInput::Pick(i));
        }
    }
}

/// Notices the window losing focus or being minimised (miniquad reports both as
/// "minimised" on X11, Windows, macOS and in the browser, where a hidden tab counts).
pub(crate) struct FocusWatch {
    subscriber: usize,
}

/// Collects the minimise events of one frame.
struct FocusEvents {
    lost: bool,
}

impl macroquad::miniquad::EventHandler for FocusEvents {
    fn update(&mut self) {}
    fn draw(&mut self) {}
    fn window_minimized_event(&mut self) {
        self.lost = true;
    }
}

impl FocusWatch {
    /// Starts listening.
    pub(crate) fn new() -> Self {
        Self {
            subscriber: macroquad::input::utils::register_input_subscriber(),
        }
    }

    /// Whether focus was lost since the last frame. Call once per frame.
    pub(crate) fn lost_focus(&mut self) -> bool {
        let mut events = FocusEvents { lost: false };
        macroquad::input::utils::repeat_all_miniquad_input(&mut events, self.subscriber);
        events.lost
    }
}
