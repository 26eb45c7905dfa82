//! The lab as a screen of the app (`AppState::lab`, made when the screen is
//! entered and dropped when it is left): the [`Lab`] model, the explanation's
//! page, and the readouts last logged. The shell hands it the frame's
//! [`LabCommand`]s (keys and buttons as [`Button`]s, the pointer in scene units)
//! and draws it.

use super::{drag, Lab, PointerEvent, Scene};

/// What a panel button (or its key) does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Button {
    /// Apply preset `n` (wrapping).
    Preset(usize),
    /// Open another scene.
    Scene(Scene),
    /// Play or pause.
    Play,
    /// One step, paused.
    Step,
    /// Slow motion on or off.
    Slow,
    /// The scene's toggle.
    Toggle,
    /// The scene's number down one step.
    ParamDown,
    /// The scene's number up one step.
    ParamUp,
    /// The explanation's next page.
    Page,
    /// Leave for the title (as Escape does).
    Back,
}

/// One thing the player did in the lab this frame, read from the devices.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum LabCommand {
    /// A panel button, or the key that does the same.
    Press(Button),
    /// The next scene in [`Scene::ALL`] (Right, Page Down), wrapping.
    NextScene,
    /// The scene before (Left, Page Up), wrapping.
    PreviousScene,
    /// The preset after the one applied (Tab), wrapping.
    NextPreset,
    /// The pointer on the figure, in scene units.
    Pointer(PointerEvent),
}

/// The lab's screen between frames.
#[derive(Debug, Clone, PartialEq)]
pub struct LabScreen {
    /// The model.
    pub lab: Lab,
    /// The explanation's page, when it does not fit at once (the panel wraps it
    /// to the pages there are).
    pub page: usize,
    /// The readouts line last logged, so a change is logged once.
    logged: String,
}

impl LabScreen {
    /// The lab at `scene`.
    pub fn new(scene: Scene) -> Self {
        Self {
            lab: Lab::new(scene),
            page: 0,
            logged: String::new(),
        }
    }

    /// Acts on one command. Returns true when the player leaves (Back).
    pub fn command(&mut self, command: LabCommand) -> bool {
        let n = Scene::ALL.len();
        let at = Scene::ALL.iter().position(|s| *s == self.lab.scene);
        match command {
            LabCommand::Press(Button::Back) => return true,
            LabCommand::Press(button) => self.act(button),
            LabCommand::NextScene => {
                if let Some(i) = at {
                    self.act(Button::Scene(Scene::ALL[(i + 1) % n]));
                }
            }
            LabCommand::PreviousScene => {
                if let Some(i) = at {
                    self.act(Button::Scene(Scene::ALL[(i + n - 1) % n]));
                }
            }
            LabCommand::NextPreset => self.act(Button::Preset(self.lab.preset + 1)),
            LabCommand::Pointer(event) => self.lab = drag(self.lab.clone(), event),
        }
        false
    }

    /// Does what a button says (Back is the caller's: it leaves the screen).
    pub fn act(&mut self, button: Button) {
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
            Button::Back => {}
        }
    }

    /// `steps` fixed game steps: the scene's motion advances, and the live world
    /// follows the step counter (so a single step shows at once).
    pub fn tick(&mut self, steps: u32) {
        for _ in 0..steps {
            self.lab.motion.tick();
        }
        self.lab.sync();
    }

    /// The readouts as a console line (`lab SCENE: NAME = VALUE; ...`) when they
    /// changed since the last one, and no handle is held (so a drag logs once,
    /// at its end): the browser tests read these lines.
    pub fn readouts_changed(&mut self) -> Option<String> {
        if self.lab.grabbed.is_some() {
            return None;
        }
        let parts: Vec<String> = (self.lab.readouts().iter())
            .map(|r| format!("{} = {}", r.name, r.value))
            .collect();
        let line = format!("lab {}: {}", self.lab.scene.name(), parts.join("; "));
        if line == self.logged {
            return None;
        }
        self.logged.clone_from(&line);
        Some(line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lab_screen_scenes_wrap_both_ways() {
        let mut s = LabScreen::new(Scene::ALL[0]);
        s.command(LabCommand::PreviousScene);
        assert_eq!(s.lab.scene, Scene::ALL[Scene::ALL.len() - 1]);
        s.command(LabCommand::NextScene);
        assert_eq!(s.lab.scene, Scene::ALL[0]);
    }

    #[test]
    fn lab_screen_logs_readouts_once_per_change() {
        let mut s = LabScreen::new(Scene::ALL[0]);
        let first = s.readouts_changed().expect("the first frame logs");
        assert!(first.starts_with(&format!("lab {}: ", Scene::ALL[0].name())));
        assert_eq!(s.readouts_changed(), None);
        s.command(LabCommand::NextPreset);
        assert!(
            s.readouts_changed().is_some(),
            "a new preset moves the handles"
        );
    }

    #[test]
    fn lab_screen_back_leaves_and_page_turns() {
        let mut s = LabScreen::new(Scene::ALL[0]);
        assert!(!s.command(LabCommand::Press(Button::Page)));
        assert_eq!(s.page, 1);
        assert!(s.command(LabCommand::Press(Button::Back)));
    }
}
