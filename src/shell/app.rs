//! The shell's state between frames and its three verbs, called in this order by
//! `main`'s loop: [`App::input`] (keys, mouse, touch into menu commands),
//! [`App::update`] (the fixed game steps this frame's time calls for, reloads,
//! effects) and [`App::draw`].

use arkanong::app::{
    feel::HitStop, input::MenuInput, input::Pads, menus::end_run, menus::refresh_locks,
    menus::LevelPreview, menus::Menu, menus::MenuAction, menus::NameEntry, menus::Screen,
    play::fit_play_mode, play::FixedStep, play::GameOptions, play::HandOff, play::LevelWatcher,
    play::Session, play::STRESS_MAX_STEPS_PER_FRAME, records::load_record, records::HighScores,
    records::LevelEntry, records::Progress, records::Settings,
};
use arkanong::tuning::STEPS_PER_SECOND;
use macroquad::prelude::*;

use super::palette;
use super::probe::Probe;
use super::screenshot;
use super::text;
use super::view::{self, View};
use crate::shell::editor::{EditorShell, Store};
use crate::shell::feel::Effects;
use crate::shell::input::PadReader;
use crate::shell::input::{captured_keys, menu_inputs, name_entry_inputs};
use crate::shell::input::{FocusWatch, PointerState};
use crate::shell::lab::save_lab_screenshot;
use crate::shell::lab::LabShell;
use crate::shell::menus::Banner;
use crate::shell::play::{draw_debug, draw_game};
use crate::shell::sound::SoundPlayer;
use arkanong::app::editor::RECORD;

#[cfg(feature = "online")]
mod online;
mod records;
mod show;
mod stepping;

/// How often a level file named with `--level` is checked for changes, seconds.
const RELOAD_POLL_SECONDS: f64 = 0.25;
/// How long menu input is ignored after a game ends, seconds.
const RESULTS_GUARD_SECONDS: f64 = 0.6;

/// Everything the shell keeps between frames.
pub(crate) struct App {
    menu: Menu,
    levels: Vec<LevelEntry>,
    /// The game being played, if any (the attract game runs behind the menus).
    session: Option<Session>,
    attract: Session,
    clock: FixedStep,
    /// When the game last paused for a big event (hit-stop).
    hitstop: HitStop,
    sound: SoundPlayer,
    settings: Settings,
    scores: HighScores,
    progress: Progress,
    /// Each level's picture for the level select, by index.
    previews: Vec<LevelPreview>,
    banner: Banner,
    /// Menu input is ignored until then (seconds), so a key pressed in the game's
    /// last moment does not also pick "Play again".
    menu_guard_until: f64,
    watcher: Option<LevelWatcher>,
    last_reload_poll: f64,
    effects: Effects,
    debug: bool,
    pointer: PointerState,
    pad_reader: PadReader,
    /// The gamepads by player slot, this frame and the last.
    pads: Pads,
    focus: FocusWatch,
    /// Where last frame's menu items were drawn, for clicks and taps.
    item_rects: Vec<Rect>,
    /// The next game's seed (each game gets a fresh one).
    seed: u64,
    options: GameOptions,
    probe: Probe,
    /// The collision lab, while its screen shows.
    lab: Option<LabShell>,
    /// The level editor, kept while the player is elsewhere so that returning
    /// finds it as it was.
    editor: Option<EditorShell>,
    /// The online screen, while it shows.
    #[cfg(feature = "online")]
    online: Option<crate::shell::online::OnlineShell>,
    /// Set when the player quits or `--frames` has run out.
    done: bool,
}

impl App {
    /// The shell at start-up: settings and scores loaded, the attract game running,
    /// or straight into the game when `--level` names a file.
    pub(crate) fn new(options: GameOptions, levels: Vec<LevelEntry>) -> Self {
        text::warm_glyph_cache();
        let (settings, settings_msg) = load_record("settings", Settings::parse);
        let (scores, scores_msg) = load_record("scores", HighScores::parse);
        let (progress, progress_msg) = load_record("progress", Progress::parse);
        let mut banner = Banner::default();
        for m in [&settings_msg, &scores_msg, &progress_msg]
            .into_iter()
            .flatten()
        {
            eprintln!("{m}");
            banner.notice(m.clone());
        }
        let menu = menu_from(&settings, &progress, &levels);
        let start_level = if options.level.is_some() {
            0
        } else {
            (options.seed as usize) % levels.len()
        };
        let attract = Session::attract(&levels[start_level].level, start_level, options.seed);
        let previews = levels.iter().map(|l| LevelPreview::of(&l.level)).collect();
        let mut app = Self {
            menu,
            levels,
            session: None,
            attract,
            // The stress mode caps its steps a frame low (see the constant).
            clock: if options.balls > 0 {
                FixedStep::capped(STEPS_PER_SECOND, STRESS_MAX_STEPS_PER_FRAME)
            } else {
                FixedStep::new(STEPS_PER_SECOND)
            },
            hitstop: HitStop::default(),
            sound: SoundPlayer::new(),
            settings,
            scores,
            progress,
            previews,
            banner,
            menu_guard_until: 0.0,
            watcher: None,
            last_reload_poll: 0.0,
            effects: Effects::default(),
            debug: false,
            pointer: PointerState::default(),
            pad_reader: PadReader::new(),
            pads: Pads::default(),
            focus: FocusWatch::new(),
            item_rects: Vec::new(),
            seed: options.seed,
            options,
            probe: Probe::default(),
            lab: None,
            editor: None,
            #[cfg(feature = "online")]
            online: None,
            done: false,
        };
        #[cfg(feature = "online")]
        app.open_online_from_link();
        app.effects
            .stage
            .level_started(&app.levels[start_level].level);
        if app.options.level.is_some() && !app.options.demo {
            app.menu.level = 0;
            app.menu.mode = app.options.mode.unwrap_or(app.menu.mode);
            app.menu.screen = Screen::Playing;
            app.start_game(false);
        }
        app
    }

    /// Opens the collision lab at `scene` (`arkanong lab SCENE`).
    pub(crate) fn open_lab(&mut self, scene: arkanong::app::lab::Scene) {
        self.menu.screen = Screen::Lab;
        self.lab = Some(LabShell::new(scene));
    }

    /// Opens the level editor on `store` (`arkanong edit FILE`).
    pub(crate) fn open_editor(&mut self, store: Store) {
        self.editor = Some(EditorShell::open(store));
        self.menu.screen = Screen::Editor;
    }

    /// The editor's frame of input; Esc (outside test-play) returns to the title.
    fn editor_input(&mut self) {
        let e = self
            .editor
            .get_or_insert_with(|| EditorShell::open(Store::Record(RECORD)));
        e.input();
        if e.leave {
            e.leave = false;
            self.menu.handle(MenuInput::Back);
        }
    }

    /// Whether the loop should stop: the player quit, or `--frames` ran out.
    pub(crate) fn is_done(&self) -> bool {
        self.done
    }

    /// Reads this frame's keys, clicks and taps into menu commands and acts on them.
    pub(crate) fn input(&mut self) {
        self.pads.update(&self.pad_reader.read());
        let pad_commands = self.pads.menu_inputs(get_frame_time());
        let gesture = !get_keys_pressed().is_empty()
            || is_mouse_button_pressed(MouseButton::Left)
            || !touches().is_empty();
        if !touches().is_empty() {
            view::note_touch();
        }
        self.sound
            .poll(gesture, self.settings.gain(), self.settings.music_gain());
        if is_key_pressed(KeyCode::F1) {
            self.debug = !self.debug;
        }
        if self.menu.screen == Screen::Editor {
            return self.editor_input();
        }
        if self.menu.screen == Screen::Lab {
            let first = arkanong::app::lab::Scene::ALL[0];
            if self.lab.get_or_insert_with(|| LabShell::new(first)).input() {
                self.menu.handle(MenuInput::Back);
                self.lab = None;
            }
            return;
        }
        #[cfg(feature = "online")]
        if self.menu.screen == Screen::Online {
            return self.online_input(pad_commands);
        }
        self.pause_when_hidden();
        if self.options.demo {
            // Any key, click or tap ends the demo and shows the title menu.
            self.options.demo &= !gesture && pad_commands.is_empty();
            return;
        }
        let playing = self.menu.screen == Screen::Playing;
        let rects: &[Rect] = if playing { &[] } else { &self.item_rects };
        // A pad's B goes back in menus but does not pause a game (Start does).
        let pad_commands = pad_commands
            .into_iter()
            .filter(|&c| !(playing && c == MenuInput::Back));
        let commands = if self.menu.keys.capturing.is_some() {
            captured_keys()
        } else if self.menu.screen == Screen::NameEntry {
            name_entry_inputs(rects)
        } else {
            menu_inputs(rects)
        };
        if get_time() < self.menu_guard_until {
            return;
        }
        self.run_commands(commands.into_iter().chain(pad_commands), playing);
        if !playing {
            // A pad press that worked a menu must not also serve in the game it starts.
            self.pads.swallow_presses();
        }
    }

    /// Pauses the game when the window loses focus or is minimised, or the tab is
    /// hidden; a frame over half a second long means the same (browsers stop
    /// drawing hidden tabs).
    fn pause_when_hidden(&mut self) {
        let lost_focus = self.focus.lost_focus();
        // The first frames are slow everywhere (the window, the fonts), and so are
        // the speed probe's: neither is a sign of a hidden tab.
        let long_frame =
            get_frame_time() > 0.5 && self.probe.frames > 2 && !self.probe.recently_busy();
        if (lost_focus || long_frame) && self.menu.screen == Screen::Playing {
            self.menu.handle(MenuInput::Pause);
        }
    }

    /// Hands this frame's menu commands to the menu, acting on each answer.
    fn run_commands(&mut self, commands: impl Iterator<Item = MenuInput>, playing: bool) {
        for command in commands {
            // In a game, only pausing reaches the menu (Escape pauses too): the
            // game's own keys are read by the step.
            let command = match command {
                MenuInput::Back if playing => MenuInput::Pause,
                MenuInput::Pause => MenuInput::Pause,
                _ if playing => continue,
                other => other,
            };
            let was_playing = self.menu.screen == Screen::Playing;
            let action = self.menu.handle(command);
            self.act(action);
            if self.menu.screen == Screen::Playing && !was_playing {
                // Back in the game from a menu: the key that confirmed it must be
                // released before it serves or fires.
                if let Some(s) = self.session.as_mut() {
                    s.hand_off = [HandOff::default(); 2];
                }
            }
            refresh_locks(&mut self.menu, &self.levels, &self.progress);
        }
    }

    /// Does what the menu asked for.
    fn act(&mut self, action: MenuAction) {
        match action {
            MenuAction::None => {}
            MenuAction::StartGame => self.start_game(false),
            MenuAction::NextLevel => self.start_game(true),
            MenuAction::SettingsChanged => self.save_settings(),
            MenuAction::EndGame | MenuAction::EndRun => {
                let leave = self
                    .session
                    .as_ref()
                    .is_none_or(|s| end_run(&mut self.menu, s, &self.scores));
                if leave {
                    self.session = None;
                    self.watcher = None;
                    self.effects.stage.end_ceremony();
                }
            }
            MenuAction::NameEntered => self.record_score(),
            MenuAction::Quit => self.done = true,
        }
    }

    /// Runs the fixed steps this frame's `dt` seconds call for, then the reload
    /// watch and the effects.
    pub(crate) fn update(&mut self, dt: f32) {
        if let (Screen::Editor, Some(e)) = (self.menu.screen, self.editor.as_mut()) {
            e.update(dt);
            return self.pick_up_saved_level();
        }
        let steps = self.clock.advance(f64::from(dt));
        #[cfg(feature = "online")]
        if self.menu.screen == Screen::Online {
            return self.online_update(steps, dt);
        }
        if let Some(lab) = self
            .lab
            .as_mut()
            .filter(|_| self.menu.screen == Screen::Lab)
        {
            lab.update(steps);
            return;
        }
        let started = get_time();
        let playing =
            self.menu.screen == Screen::Playing && self.session.is_some() && !self.options.demo;
        if playing {
            self.step_session(steps);
        } else if self.session.is_none() || self.options.demo {
            self.step_attract(steps);
        }
        self.probe.steps_done(steps, started);
        self.probe.report_once(&self.attract);
        if get_time() - self.last_reload_poll > RELOAD_POLL_SECONDS {
            self.last_reload_poll = get_time();
            self.poll_reload();
        }
        self.effects.update(dt);
    }

    /// Draws the frame: the game (or the attract game), then the interface over it.
    /// Saves the screenshot and ends the loop when `--frames` has run out.
    pub(crate) fn draw(&mut self, frame_started: f64) {
        text::begin_frame();
        // The menu's value, so a toggle shows at once (saved on the same input).
        palette::set_high_contrast(self.menu.high_contrast);
        self.effects.juice = self.menu.juice;
        self.effects
            .stage
            .set_reduced_motion(self.menu.reduced_motion);
        if let (Screen::Editor, Some(e)) = (self.menu.screen, self.editor.as_mut()) {
            e.draw();
            self.probe
                .frame_done(frame_started, 0, self.clock.max_steps());
            if self.options.frames.is_some_and(|n| self.probe.frames >= n) {
                if let Some(path) = &self.options.screenshot {
                    screenshot::save_plain_screenshot(path, &EditorShell::view());
                }
                self.done = true;
            }
            return;
        }
        if let Some(lab) = self
            .lab
            .as_mut()
            .filter(|_| self.menu.screen == Screen::Lab)
        {
            lab.draw();
            self.probe
                .frame_done(frame_started, 0, self.clock.max_steps());
            if self.options.frames.is_some_and(|n| self.probe.frames >= n) {
                if let Some(path) = &self.options.screenshot {
                    save_lab_screenshot(path, &lab.lab, &lab.frame);
                }
                self.done = true;
            }
            return;
        }
        #[cfg(feature = "online")]
        if self.menu.screen == Screen::Online {
            return self.online_draw(frame_started);
        }
        let shake = if !self.effects.juice.shown(self.settings.reduced_motion).shake {
            Vec2::ZERO
        } else {
            self.effects.shake_offset()
        };
        let view = View::fit(shake);
        let pose = self
            .effects
            .stage
            .menu_pose(self.menu.screen, self.menu.juice);
        let shown = match &self.session {
            Some(s) if !self.options.demo => s,
            _ => &self.attract,
        };
        // The attract game behind the title menus needs no scores.
        let hud = self.options.demo || self.session.is_some();
        let banner = self.options.demo.then_some("DEMO - press any key");
        draw_game(&view, shown, &self.effects, hud, banner);
        if self.debug {
            draw_debug(&view, shown, self.probe.steps_per_second);
        }
        self.item_rects.clear();
        if !self.options.demo && self.menu.screen != Screen::Playing {
            self.item_rects = self.draw_menu_screen(&view, pose);
        }
        self.banner.draw(&view);
        self.probe.frame_done(
            frame_started,
            shown.game.world().balls().len(),
            self.clock.max_steps(),
        );
        if self.options.frames.is_some_and(|n| self.probe.frames >= n) {
            if let Some(path) = &self.options.screenshot {
                screenshot::save_screenshot(path, &view, &shown.game);
            }
            self.done = true;
        }
    }

    fn start_game(&mut self, carry_score: bool) {
        let index = self.menu.level.min(self.levels.len() - 1);
        let entry = &self.levels[index];
        self.seed = self.seed.wrapping_add(1);
        let previous = self
            .session
            .as_ref()
            .map_or(0, |s| s.run_score + s.game.players()[0].score);
        // A level that allows only one mode starts in it, whatever was chosen.
        self.menu.mode = fit_play_mode(self.menu.mode, entry.level.mode);
        let mut session = Session::new(
            &entry.level,
            self.menu.mode,
            self.menu.difficulty,
            index,
            self.seed,
        );
        if carry_score {
            session.run_score = previous;
        }
        session.bindings = self.menu.keys.bindings;
        self.watcher = entry.path.as_ref().map(LevelWatcher::new);
        self.banner.reload_error = None;
        self.effects.stage.level_started(&entry.level);
        self.session = Some(session);
    }
}

/// The menu as the saved settings and progress leave it.
fn menu_from(settings: &Settings, progress: &Progress, levels: &[LevelEntry]) -> Menu {
    let mut menu = Menu::new(levels.len());
    menu.volume = settings.volume;
    menu.music_volume = settings.music_volume;
    menu.muted = settings.muted;
    menu.reduced_motion = settings.reduced_motion;
    menu.high_contrast = settings.high_contrast;
    menu.juice = settings.juice;
    menu.keys.bindings = settings.bindings;
    menu.name = NameEntry::new(&progress.name);
    refresh_locks(&mut menu, levels, progress);
    // A browser tab cannot quit a program: no "Quit" there.
    menu.can_quit = cfg!(not(target_arch = "wasm32"));
    menu
}
