//! Reading keyboard, mouse and touch from macroquad into the headless intents and
//! menu inputs of `arkanong_core::app`.

use std::cell::RefCell;

use arkanong_core::app::input::{Device, Hands, MenuInput, Pads, Pointer};
use arkanong_core::app::{input::TouchSteer, menus::LetterGesture, play::PlayMode, play::Session};
use arkanong_core::level::Side;
use macroquad::prelude::*;

use super::keys::key_of;
use super::pointer::pointer;
use super::typing_keys::typing_fires;
use crate::shell::view::View;

fn any_pressed(keys: &[KeyCode]) -> bool {
    keys.iter().any(|&k| is_key_pressed(k))
}

/// This frame's hands for a game, as plain data: the bindable keys held and
/// pressed, the steering `pointer` (read through the game's view), each pad's
/// intent, and whether the game is drawn turned. Which of them moves which
/// paddle is the play driver's business (`Hands::intent`, with the saved keys).
pub(crate) fn read_hands(pointer: Option<Pointer>, pads: &Pads, turned: bool) -> Hands {
    let names = |codes: std::collections::HashSet<KeyCode>| -> Vec<_> {
        codes.into_iter().filter_map(key_of).collect()
    };
    Hands {
        keys_down: names(get_keys_down()),
        keys_pressed: names(get_keys_pressed()),
        pointer,
        pointer_top: None,
        pads: std::array::from_fn(|slot| pads.intent(slot)),
        turned,
    }
}

/// While the Keys page waits for a key: the bindable keys pressed this frame,
/// Escape as "back" (which cancels the wait), and taps on the items drawn last
/// frame (its Cancel, or any other item: a finger's way out, no key needed).
pub(crate) fn captured_keys(item_rects: &[Rect]) -> Vec<MenuInput> {
    let mut out: Vec<MenuInput> = get_keys_pressed()
        .into_iter()
        .filter_map(|k| match k {
            KeyCode::Escape => Some(MenuInput::Back),
            other => key_of(other).map(MenuInput::Key),
        })
        .collect();
    tap_picks(item_rects, &mut out);
    out
}

/// Tracks whether the mouse or a finger is steering, and where.
#[derive(Debug, Default)]
pub(crate) struct PointerState {
    active: bool,
    /// The press that went down on an on-screen button (pause): it steers nothing
    /// until it is lifted.
    held_by_button: bool,
    /// Fingers into each side's pointer (two players' halves, thumb zones).
    steer: TouchSteer,
    /// The pointer used last is a finger: with none down, nothing steers (a
    /// lifted finger leaves the paddle where it was; a mouse steers by hovering).
    by_touch: bool,
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

impl PointerState {
    /// Each side's pointer this frame (by `Side::index`): as [`PointerState::read`]
    /// for a mouse, and for fingers through `TouchSteer` (each of two players
    /// steers from their own half; a landscape thumb beside the arena moves the
    /// paddle relative to where it went down). `session` is the game played.
    pub(crate) fn read_sides(
        &mut self,
        view: &View,
        on_button: bool,
        session: Option<&Session>,
    ) -> [Option<Pointer>; 2] {
        let single = self.read(view, on_button);
        let frame = pointer();
        match frame.device {
            Some(Device::Touch) => self.by_touch = true,
            Some(Device::Mouse) => self.by_touch = false,
            _ => {}
        }
        let fingers = frame.fingers;
        if fingers.is_empty() {
            // Every finger lifted: no side holds one any more.
            self.steer = TouchSteer::default();
            // The finger's last place is not an aim: the paddle stays.
            return [single.filter(|_| !self.by_touch), None];
        }
        if single.is_none() {
            return [None, None];
        }
        let two = session.is_some_and(|s| s.play_mode == PlayMode::TwoPlayers);
        let paddles = [Side::Bottom, Side::Top].map(|side| {
            let game = &session?.game;
            let p = game.player(side)?;
            Some(game.world().paddles()[p.paddle.0 as usize].position)
        });
        let layout = crate::shell::view::window_layout();
        (self.steer).pointers(&fingers, &layout, two, paddles, |at| view.to_world(at))
    }
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
    if !item_rects.is_empty() {
        // The − and + beside a two-way item (the volumes).
        for tap in pointer().taps {
            for (item, up, r) in crate::shell::menus::steppers() {
                if r.contains(tap) {
                    out.push(MenuInput::Adjust { item, up });
                }
            }
        }
    }
    out
}

// Device reading: a finger's gesture on a name letter, from its press to its
// release (holds and swipes span frames).
thread_local! {
    /// The gesture on the name entry's letters.
    static LETTER: RefCell<LetterGesture> = RefCell::new(LetterGesture::default());
}

/// Inputs on the high scores' name entry: the keys of [`name_entry_inputs`],
/// taps on Save and Skip, the letter pad's keys (a tap types a letter), and a
/// finger on a letter (`app::menus::LetterGesture`: a tap turns it one place,
/// a hold keeps turning it, a swipe up or down turns it a place per step). The
/// last `letters` rects are the letters' boxes.
pub(crate) fn name_screen_inputs(item_rects: &[Rect], letters: usize) -> Vec<MenuInput> {
    let items = item_rects.len().saturating_sub(letters);
    // Keys and the items' taps (no letter boxes: the gesture turns them).
    let mut out = name_entry_inputs(&item_rects[..items], 0);
    let boxes = &item_rects[items..];
    let p = pointer();
    for (c, r) in crate::shell::menus::letter_pad_keys() {
        if p.taps.iter().any(|&t| r.contains(t)) {
            out.push(MenuInput::Char(c));
        }
    }
    LETTER.with_borrow_mut(|g| {
        for &at in &p.presses {
            if let Some(slot) = boxes.iter().position(|r| r.contains(at)) {
                g.press(slot, at.y < boxes[slot].center().y, at.y);
            }
        }
        if p.down && g.active() {
            out.extend(g.hold(p.at.y, get_frame_time()));
        }
        if !p.down {
            out.extend(g.release());
        }
    });
    out
}

/// Inputs on the name entry screen: arrows, Enter and Escape, typed letters (so
/// W, A, S and D type rather than move), and clicks or taps on the items and on
/// the letters (their upper half turns a letter up, the lower half down): the
/// last `letters` rects are the letters' boxes, the ones before them the items.
pub(crate) fn name_entry_inputs(item_rects: &[Rect], letters: usize) -> Vec<MenuInput> {
    use KeyCode::*;
    let mut out = Vec::new();
    let pairs: [(&[KeyCode], MenuInput); 4] = [
        (&[Up], MenuInput::Up),
        (&[Down], MenuInput::Down),
        (&[Enter, KpEnter], MenuInput::Confirm),
        (&[Escape], MenuInput::Back),
    ];
    for (keys, input) in pairs {
        if any_pressed(keys) {
            out.push(input);
        }
    }
    // The keys that edit text act on every press and repeat while held, as in
    // the editor's fields, however slow the frames.
    let edits = [
        (
            typing_fires(Left) + typing_fires(Backspace),
            MenuInput::Left,
        ),
        (typing_fires(Right), MenuInput::Right),
    ];
    for (times, input) in edits {
        out.extend(std::iter::repeat_n(input, times as usize));
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
    // A line of swipe or wheel towards the top of the list shows earlier items.
    let lines = p.swipe_lines + p.wheel.round() as i32;
    if lines != 0 {
        out.push(MenuInput::Scroll(-lines));
    }
}

/// Notices the window losing focus or being minimised (miniquad reports both as
/// "minimised" on X11, Windows, macOS and in the browser, where a hidden tab counts),
/// and getting it back ("restored": the browser's focus and shown tab, macOS, Wayland).
pub(crate) struct FocusWatch {
    subscriber: usize,
}

/// Collects the minimise and restore events of one frame.
struct FocusEvents {
    lost: bool,
    back: bool,
}

impl macroquad::miniquad::EventHandler for FocusEvents {
    fn update(&mut self) {}
    fn draw(&mut self) {}
    fn window_minimized_event(&mut self) {
        self.lost = true;
    }
    fn window_restored_event(&mut self) {
        self.back = true;
    }
}

impl FocusWatch {
    /// Starts listening.
    pub(crate) fn new() -> Self {
        Self {
            subscriber: macroquad::input::utils::register_input_subscriber(),
        }
    }

    /// Whether focus was lost, and whether it came back, since the last
    /// frame. Call once per frame.
    pub(crate) fn changes(&mut self) -> (bool, bool) {
        let mut events = FocusEvents {
            lost: false,
            back: false,
        };
        macroquad::input::utils::repeat_all_miniquad_input(&mut events, self.subscriber);
        (events.lost, events.back)
    }
}
