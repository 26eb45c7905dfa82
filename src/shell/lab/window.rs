//! The collision lab in the window: the app state's [`LabScreen`], drawn by
//! `figure.rs` and `panel.rs`; mouse, touch and keys read here into
//! [`LabCommand`]s. What is kept between frames is only where things were drawn.

use arkanong_core::app::lab::{
    Button, LabCommand, LabLayout, LabScreen, PlacedLabel, PointerEvent,
};
use macroquad::prelude::*;

use super::figure::{draw_figure, Frame};
use super::panel::draw_panel;
use crate::shell::input::pointer;
use crate::shell::palette::Palette;

/// Where the lab was drawn last frame (for the pointer, the screenshot's sidecar
/// and the log lines a test's finger reads).
#[derive(Default)]
pub(crate) struct LabShell {
    /// Where the figure was drawn.
    pub(crate) frame: Option<Frame>,
    /// Where the names went.
    pub(crate) labels: Vec<PlacedLabel>,
    /// Where the buttons were drawn, for clicks and taps.
    buttons: Vec<(Rect, Button)>,
    /// The handles' and the buttons' lines last logged, so a move is logged
    /// once.
    logged: (String, String),
}

impl LabShell {
    /// This frame's keys, clicks, drags and taps as the lab's commands, in the
    /// order the lab takes them: keys, then the pointer. `screen` is the lab as
    /// it stands (its figure's place, for the pointer).
    pub(crate) fn input(&self, screen: &LabScreen) -> Vec<LabCommand> {
        let mut commands = Vec::new();
        if is_key_pressed(KeyCode::Escape) {
            commands.push(LabCommand::Press(Button::Back));
        }
        if is_key_pressed(KeyCode::Right) || is_key_pressed(KeyCode::PageDown) {
            commands.push(LabCommand::NextScene);
        }
        if is_key_pressed(KeyCode::Left) || is_key_pressed(KeyCode::PageUp) {
            commands.push(LabCommand::PreviousScene);
        }
        let pairs = [
            (KeyCode::Space, Button::Play),
            (KeyCode::Period, Button::Step),
            (KeyCode::S, Button::Slow),
            (KeyCode::T, Button::Toggle),
            (KeyCode::M, Button::Page),
            (KeyCode::Minus, Button::ParamDown),
            (KeyCode::Equal, Button::ParamUp),
        ];
        for (key, button) in pairs {
            if is_key_pressed(key) {
                commands.push(LabCommand::Press(button));
            }
        }
        if is_key_pressed(KeyCode::Tab) {
            commands.push(LabCommand::NextPreset);
        }
        while let Some(c) = get_char_pressed() {
            if let Some(d) = c.to_digit(10).filter(|d| *d >= 1) {
                commands.push(LabCommand::Press(Button::Preset(d as usize - 1)));
            }
        }
        let frame = (self.frame).unwrap_or_else(|| Frame::fit(screen.lab.view, &layout()));
        commands.extend(self.pointer(&frame, screen));
        commands
    }

    /// Mouse or touch (read once, in logical pixels, by `shell::input`): a press
    /// on a button presses it, elsewhere it grabs a handle; a press and its
    /// release within one frame are both seen.
    fn pointer(&self, frame: &Frame, screen: &LabScreen) -> Vec<LabCommand> {
        let p = pointer();
        let mut events = Vec::new();
        if p.pressed {
            let at = p.presses.first().copied().unwrap_or(p.at);
            if let Some(&(_, b)) = self.buttons.iter().find(|(r, _)| r.contains(at)) {
                return vec![LabCommand::Press(b)];
            }
            // A fingertip's 44 px round each handle grabs it, however small its ring.
            let finger = arkanong_core::app::layout::FINGER_PX * 0.5 / frame.scale;
            let at = arkanong_core::app::lab::grab_point(&screen.lab, frame.to_world(at), finger);
            events.push(PointerEvent::Down(at));
        }
        if p.down || p.released {
            events.push(PointerEvent::Move(frame.to_world(p.at)));
        }
        if p.released && !p.down {
            events.push(PointerEvent::Up);
        }
        events.into_iter().map(LabCommand::Pointer).collect()
    }

    /// Draws the figure and the panel of `screen` in `palette` (its hints for a
    /// finger when `touch`), and logs where the handles and the Back button went
    /// when they moved.
    pub(crate) fn draw(&mut self, screen: &LabScreen, palette: Palette, touch: bool) {
        clear_background(crate::shell::palette::BACKGROUND);
        let lab = &screen.lab;
        let layout = layout();
        let frame = Frame::fit(lab.view, &layout);
        self.frame = Some(frame);
        self.labels = draw_figure(lab, &frame, &layout, palette);
        self.buttons = draw_panel(lab, &layout, (screen.page, touch), palette);
        self.log_places(screen, &frame);
    }

    /// The buttons drawn last frame, named, for the size report.
    pub(crate) fn targets(&self) -> Vec<(String, Rect)> {
        (self.buttons.iter())
            .map(|(r, b)| (format!("{b:?}"), *r))
            .collect()
    }

    /// Logs where the handles are on screen when no handle is held (so a drag
    /// logs once, at its end), and where the buttons are (Back first): a
    /// test's finger or synthetic pointer goes there. Each line when it changes.
    fn log_places(&mut self, screen: &LabScreen, frame: &Frame) {
        let lab = &screen.lab;
        if lab.grabbed.is_none() {
            let handles: Vec<String> = (lab.handles.iter())
                .zip(lab.handle_names())
                .map(|(h, name)| {
                    let p = frame.to_screen(*h);
                    format!("{name} at {:.0},{:.0}", p.x, p.y)
                })
                .collect();
            let line = format!("lab handles: {}", handles.join("; "));
            if line != self.logged.0 {
                macroquad::miniquad::info!("{}", line);
                self.logged.0 = line;
            }
        }
        // Back first (the line's old form), then every other button.
        let mut buttons: Vec<&(Rect, Button)> = self.buttons.iter().collect();
        buttons.sort_by_key(|(_, b)| *b != Button::Back);
        let places: Vec<String> = (buttons.iter())
            .map(|(r, b)| format!("{b:?} at {:.0},{:.0}", r.center().x, r.center().y))
            .collect();
        let line = format!("lab buttons: {}", places.join("; "));
        if self.logged.1 != line {
            macroquad::miniquad::info!("{}", line);
            self.logged.1 = line;
        }
    }
}

/// The lab's layout for the window as it is now.
fn layout() -> LabLayout {
    LabLayout::for_window(vec2(screen_width(), screen_height()))
}
