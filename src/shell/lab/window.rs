//! The collision lab in the window: the headless [`Lab`] model, drawn by
//! `figure.rs` and `panel.rs`, fed by mouse, touch and keys here. Escape
//! leaves for the title.

use arkanong::app::lab::{drag, Lab, LabLayout, PlacedLabel, PointerEvent, Scene};
use macroquad::prelude::*;

use super::figure::{draw_figure, Frame};
use super::panel::{draw_panel, Button};
use crate::shell::input::pointer;
use crate::shell::palette::Palette;

/// The lab's state between frames.
pub(crate) struct LabShell {
    /// The model.
    pub(crate) lab: Lab,
    /// Where last frame's figure was drawn, for the pointer.
    pub(crate) frame: Frame,
    /// Where last frame's names went, for the screenshot's sidecar.
    pub(crate) labels: Vec<PlacedLabel>,
    /// Where last frame's buttons were drawn, for clicks and taps.
    buttons: Vec<(Rect, Button)>,
    /// The readouts last logged, so a change is logged once.
    logged: String,
    /// The explanation's page, when it does not fit at once.
    page: usize,
}

impl LabShell {
    /// The lab at `scene`.
    pub(crate) fn new(scene: Scene) -> Self {
        let lab = Lab::new(scene);
        let frame = Frame::fit(lab.view, &layout());
        Self {
            lab,
            frame,
            labels: Vec::new(),
            buttons: Vec::new(),
            logged: String::new(),
            page: 0,
        }
    }

    /// Reads keys, clicks, drags and taps. Returns true when the player leaves.
    pub(crate) fn input(&mut self) -> bool {
        if is_key_pressed(KeyCode::Escape) {
            return true;
        }
        self.keys();
        let back = self.pointer();
        self.log_readouts();
        back
    }

    /// One fixed game step per call: the scene's motion advances.
    pub(crate) fn update(&mut self, steps: u32) {
        for _ in 0..steps {
            self.lab.motion.tick();
        }
    }

    /// Draws the figure and the panel in `palette`.
    pub(crate) fn draw(&mut self, palette: Palette) {
        clear_background(crate::shell::palette::BACKGROUND);
        // The live world follows the step counter here, so a single step shows at once.
        self.lab.sync();
        let layout = layout();
        self.frame = Frame::fit(self.lab.view, &layout);
        self.labels = draw_figure(&self.lab, &self.frame, &layout, palette);
        self.buttons = draw_panel(&self.lab, &layout, self.page, palette);
        log_back_button(&self.buttons);
    }

    fn keys(&mut self) {
        let scene_at = Scene::ALL.iter().position(|s| *s == self.lab.scene);
        let n = Scene::ALL.len();
        if let Some(i) = scene_at {
            if is_key_pressed(KeyCode::Right) || is_key_pressed(KeyCode::PageDown) {
                self.act(Button::Scene(Scene::ALL[(i + 1) % n]));
            }
            if is_key_pressed(KeyCode::Left) || is_key_pressed(KeyCode::PageUp) {
                self.act(Button::Scene(Scene::ALL[(i + n - 1) % n]));
            }
        }
        let pairs = [
            (KeyCode::Space, Button::Play),
            (KeyCode::Period, Button::Step),
            (KeyCode::S, Button::Slow),
            (KeyCode::T, Button::Toggle),
            (KeyCode::M, Button::Page),
            (KeyCode::Minus, Button::ParamDown),
            (KeyCode::Equal, Button::ParamUp),
            (KeyCode::Tab, Button::Preset(self.lab.preset + 1)),
        ];
        for (key, button) in pairs {
            if is_key_pressed(key) {
                self.act(button);
            }
        }
        while let Some(c) = get_char_pressed() {
            if let Some(d) = c.to_digit(10).filter(|d| *d >= 1) {
                self.act(Button::Preset(d as usize - 1));
            }
        }
    }

    /// Mouse or touch (read once, in logical pixels, by `shell::input`): a press
    /// on a button acts, elsewhere it grabs a handle; a press and its release
    /// within one frame are both seen. Returns true when Back was pressed.
    fn pointer(&mut self) -> bool {
        let p = pointer();
        let world = self.frame.to_world(p.at);
        if p.pressed {
            let at = p.presses.first().copied().unwrap_or(p.at);
            if let Some(&(_, b)) = self.buttons.iter().find(|(r, _)| r.contains(at)) {
                if b == Button::Back {
                    return true;
                }
                self.act(b);
                return false;
            }
            self.lab = drag(
                self.lab.clone(),
                PointerEvent::Down(self.frame.to_world(at)),
            );
        }
        if p.down || p.released {
            self.lab = drag(self.lab.clone(), PointerEvent::Move(world));
        }
        if p.released && !p.down {
            self.lab = drag(self.lab.clone(), PointerEvent::Up);
        }
        false
    }

    fn act(&mut self, button: Button) {
        let lab = &mut self.lab;
        match button {
            Button::Preset(i) => *lab = lab.clone().with_preset(i),
            Button::Scene(s) => {
                *lab = Lab::new(s);
                self.page = 0;
            }
            Button::Play => lab.motion.toggle_play(),
            Button::Step => lab.motion.single_step(),
            Button::Slow => lab.motion.toggle_slow(),
            Button::Toggle => lab.toggle = !lab.toggle && lab.scene.toggle_name().is_some(),
            Button::ParamDown => *lab = lab.clone().with_param_step(-1.0),
            Button::ParamUp => *lab = lab.clone().with_param_step(1.0),
            // Wraps to the first page past the last (the panel knows how many).
            Button::Page => self.page += 1,
            // Handled by `pointer`, which leaves.
            Button::Back => {}
        }
    }

    /// Logs the readouts when they change, when no handle is held (so a drag logs
    /// once, at its end): the browser test reads these lines from the console.
    fn log_readouts(&mut self) {
        if self.lab.grabbed.is_some() {
            return;
        }
        let line: Vec<String> = self
            .lab
            .readouts()
            .iter()
            .map(|r| format!("{} = {}", r.name, r.value))
            .collect();
        let line = format!("lab {}: {}", self.lab.scene.name(), line.join("; "));
        if line != self.logged {
            macroquad::miniquad::info!("{}", line);
            // Where the handles are on screen, for a test's synthetic pointer.
            let handles: Vec<String> = (self.lab.handles.iter())
                .zip(self.lab.handle_names())
                .map(|(h, name)| {
                    let p = self.frame.to_screen(*h);
                    format!("{name} at {:.0},{:.0}", p.x, p.y)
                })
                .collect();
            macroquad::miniquad::info!("lab handles: {}", handles.join("; "));

            self.logged = line;
        }
    }
}

/// The lab's layout for the window as it is now.
fn layout() -> LabLayout {
    LabLayout::for_window(vec2(screen_width(), screen_height()))
}

// De-duplicates a log line (the Back button's place, logged when it moves): no
// setting or game state.
thread_local! {
    /// The Back button's place last logged.
    static BACK_LOGGED: std::cell::Cell<Option<(i32, i32)>> = const { std::cell::Cell::new(None) };
}

/// Logs where the Back button is when that changes, for a test's finger.
fn log_back_button(buttons: &[(Rect, Button)]) {
    if let Some((r, _)) = buttons.iter().find(|(_, b)| *b == Button::Back) {
        let c = r.center();
        let at = Some((c.x.round() as i32, c.y.round() as i32));
        if BACK_LOGGED.replace(at) != at {
            macroquad::miniquad::info!("lab buttons: Back at {:.0},{:.0}", c.x, c.y);
        }
    }
}
