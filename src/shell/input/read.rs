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
use super::pointer::pointer;
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
    active: bool,
    /// The press that went down on an on-screen button (pause): it steers nothing
    /// until it is lifted.
    held_by_button: bool,
}

impl PointerState {
    /// The pointer this frame in arena units, if the player is using one: a touch,
    /// or a mouse that moved or clicked (the keyboard takes over again on a key).
    /// `on_button` says a press of this frame landed on an on-screen button.
    pub(crate) fn read(&mut self, view: &View, on_button: bool) -> Option<Pointer> {
        let p = pointer();
        if on_button && p.pressed {
            self.held_by_button = true;
        }
        if self.held_by_button {
            self.held_by_button = p.down;
            return None;
        }
        if p.touched || p.mouse_moved || p.pressed {
            self.active = true;
        }
        if get_keys_pressed()
            .iter()
            .any(|k| !matches!(k, KeyCode::Space | KeyCode::Enter))
        {
            self.active = false;
        }
        self.active.then(|| Pointer {
            position: view.to_world(p.at),
            pressed: p.down || p.pressed,
            just_pressed: p.pressed || p.secondary,
        })
    }
}

/// A player's intent from their keys, their gamepad's intent `pad` and, in
/// one-player modes, the pointer: keys first, then the pad, then the pointer.
/// Keys and pads say the screen's directions; `view` turns them into the arena's
/// (the pointer is already in arena units, read through the same view).
fn player_intent(
    (set, bindings): (KeySet, &Bindings),
    pad: Intent,
    pointer: Option<Pointer>,
    (paddle, view): (Vec2, &View),
) -> Intent {
    let keys = combine(intent_from_keys(held_keys(set, bindings)), Some(pad));
    let keys = view.arena_intent(keys);
    combine(keys, pointer.map(|p| intent_from_pointer(p, paddle)))
}

/// A human player's intent from their bound keys (see `app::Bindings`): in
/// two-player games the bottom player has the bottom set and the top player the
/// top set; alone, the one-player set, the mouse or a finger steers. `pad` is the
/// intent of the side's gamepad; `view` is the one the game is drawn in (and
/// `pointer` read through).
pub(crate) fn human_intent(
    game: &Game,
    side: Side,
    (two_players, bindings): (bool, &Bindings),
    (pointer, pad): (Option<Pointer>, Intent),
    view: &View,
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
    player_intent((keys, bindings), pad, pointer, (paddle, view))
}

/// Menu inputs this frame: keys, and clicks or taps on the items drawn last
/// frame and on the list's scroll marks `marks` (up, down).
pub(crate) fn menu_inputs(item_rects: &[Rect], marks: [Option<Rect>; 2]) -> Vec<MenuInput> {
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
    for tap in pointer().taps {
        for (mark, input) in marks.iter().zip([MenuInput::Up, MenuInput::Down]) {
            if mark.is_some_and(|r| r.contains(tap)) {
                out.push(input);
            }
        }
    }
    picks(item_rects, &mut out);
    out
}

/// Inputs on the name entry screen: arrows, Enter and Escape, typed letters (so
/// W, A, S and D type rather than move), and clicks or taps on the items and on
/// the letters (their upper half turns a letter up, the lower half down): the
/// last `letters` rects are the letters' boxes, the ones before them the items.
pub(crate) fn name_entry_inputs(item_rects: &[Rect], letters: usize) -> Vec<MenuInput> {
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
    // The items (Save, Skip) first, then the letters' boxes (see `draw_name_letters`).
    let items = item_rects.len().saturating_sub(letters);
    let (done, letters) = item_rects.split_at(items);
    for tap in pointer().taps {
        if let Some(slot) = letters.iter().position(|r| r.contains(tap)) {
            let up = tap.y < letters[slot].center().y;
            out.push(MenuInput::Letter { slot, up });
        }
    }
    // Taps only: here Up and Down turn a letter, so a finger sliding across the
    // boxes (or the wheel) must not dial one by accident; there is no list to scroll.
    tap_picks(done, &mut out);
    out
}

/// Clicks and taps on the items drawn last frame, as picks.
fn tap_picks(item_rects: &[Rect], out: &mut Vec<MenuInput>) {
    for tap in &pointer().taps {
        if let Some(i) = item_rects.iter().position(|r| r.contains(*tap)) {
            out.push(MenuInput::Pick(i));
        }
    }
}

/// Clicks and taps on the items drawn last frame, as picks; the wheel, a swipe
/// and the scroll marks move through a long list.
fn picks(item_rects: &[Rect], out: &mut Vec<MenuInput>) {
    tap_picks(item_rects, out);
    let p = pointer();
    let lines = p.swipe_lines + p.wheel.round() as i32;
    let step = if lines > 0 {
        MenuInput::Up
    } else {
        MenuInput::Down
    };
    out.extend(std::iter::repeat_n(step, lines.unsigned_abs() as usize));
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
