//! The shell's state between frames and its three verbs, called in this order by
//! `main`'s loop: [`App::input`] (keys, mouse, touch into menu commands),
//! [`App::update`] (the fixed game steps this frame's time calls for, reloads,
//! effects) and [`App::draw`].

use arkanong::app::{
    input::Device, input::MenuInput, input::Pads, menus::adopt_old_bests, menus::end_run,
    menus::refresh_locks, menus::LevelPreview, menus::Menu, menus::MenuAction, menus::NameEntry,
    menus::Notice, menus::Screen, play::pauses_game, play::GameOptions, play::HandOff,
    play::LevelWatcher, play::PlayDriver, play::Session, play::WindowSignal,
    records::find_level_file, records::HighScores, records::LevelEntry, records::Progress,
    records::Settings,
};
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
use crate::shell::input::{input_device, note_device, pointer, read_pointer};
use crate::shell::input::{FocusWatch, PointerState};
use crate::shell::lab::save_lab_screenshot;
use crate::shell::lab::LabShell;
use crate::shell::menus::{scroll_marks, Banner};
use crate::shell::play::{draw_debug, draw_game, draw_pause_button, pause_button_rect};
use crate::shell::sound::SoundPlayer;
use arkanong::app::editor::RECORD;

#[cfg(feature = "online")]
mod online;
mod records;
mod run;
mod show;
mod stepping;
mod tools;

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
    /// Steps the games: the fixed clock, hit-stop, the keys and pads read.
    driver: PlayDriver,
    sound: SoundPlayer,
    settings: Settings,
    scores: HighScores,
    progress: Progress,
    /// The lines of each record that did not read, written back on save.
    kept: records::KeptRecords,
    /// Each level's picture for the level select, by index.
    previews: Vec<LevelPreview>,
    banner: Banner,
    /// Menu input is ignored until then (seconds), so a key pressed in the game's
    /// last moment does not also pick "Play again".
    menu_guard_until: f64,
    /// The results panel waits until then (seconds) while a game's ceremony
    /// plays in full view; any key or click after the guard brings it at once.
    results_at: f64,
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
        let loaded = records::load_records();
        let (settings, scores, mut progress) = (loaded.settings, loaded.scores, loaded.progress);
        let adopted = adopt_old_bests(&mut progress, &levels);
        let mut banner = Banner::default();
        records::tell(&loaded.messages, &mut banner);
        let mut menu = menu_from(&settings, &progress, &levels);
        menu.records_notes = loaded.notices;
        // A level named with `--level` is in the list once (main.rs placed it).
        let named = options
            .level
            .as_ref()
            .and_then(|p| find_level_file(&levels, std::path::Path::new(p)));
        let start_level = named.unwrap_or((options.seed as usize) % levels.len());
        let attract = Session::attract(&levels[start_level].level, start_level, options.seed);
        let previews = levels.iter().map(|l| LevelPreview::of(&l.level)).collect();
        let mut app = Self {
            menu,
            levels,
            session: None,
            attract,
            // The stress mode caps its steps a frame low and tops up the balls.
            driver: PlayDriver::stress(options.balls as usize),
            sound: SoundPlayer::new(),
            settings,
            scores,
            progress,
            kept: loaded.kept,
            previews,
            banner,
            menu_guard_until: 0.0,
            results_at: 0.0,
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
        if adopted {
            app.save_progress();
        }
        app.start_named_level(start_level);
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
        read_pointer();
        let p = pointer();
        self.pads.update(&self.pad_reader.read());
        let pad_commands = self.pads.menu_inputs(get_frame_time());
        let pad_pressed = !pad_commands.is_empty();
        let gesture = !get_keys_pressed().is_empty() || p.pressed || p.touched;
        self.note_devices(&pad_commands);
        if p.touched {
            view::note_touch();
        }
        self.sound
            .poll(gesture, self.settings.gain(), self.settings.music_gain());
        self.menu.no_sound_device = !crate::shell::sound::audio_works();
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
        let mut commands = if self.menu.keys.capturing.is_some() {
            captured_keys()
        } else if self.menu.screen == Screen::NameEntry {
            name_entry_inputs(rects, arkanong::app::menus::NAME_LETTERS)
        } else {
            menu_inputs(rects, scroll_marks())
        };
        // The on-screen pause button, pressed (not released): the press must not
        // also serve or steer (see `PointerState::read`); or a two-finger tap.
        let on_button = p.presses.iter().any(|&at| pause_button_rect().contains(at));
        if playing && (on_button || p.second_finger) {
            commands.push(MenuInput::Pause);
        }
        if get_time() < self.menu_guard_until {
            return;
        }
        if get_time() < self.results_at {
            // The ceremony's moment: a key or click skips to the results (and
            // only that: it picks nothing on them).
            if gesture || pad_pressed {
                self.results_at = get_time();
            }
            return;
        }
        // The item under a moving mouse is highlighted, as in any desktop menu.
        if let Some(i) = rects.iter().position(|r| p.mouse_moved && r.contains(p.at)) {
            self.menu.selected = i.min(self.menu.entries().len().saturating_sub(1));
        }
        self.run_commands(commands.into_iter().chain(pad_commands), playing);
        if !playing {
            // A pad press that worked a menu must not also serve in the game it starts.
            self.pads.swallow_presses();
        }
    }

    /// Notes the input used this frame, so the prompts name it.
    fn note_devices(&mut self, pad_commands: &[MenuInput]) {
        if !get_keys_pressed().is_empty() {
            note_device(Device::Keyboard);
        }
        if !pad_commands.is_empty() {
            note_device(Device::Pad);
        }
        self.menu.device = input_device();
        if let Some(s) = self.session.as_mut() {
            s.device = self.menu.device;
        }
    }

    /// Pauses the game on the real signs that the player looked away: the window
    /// lost focus or was minimised, or the tab was hidden (see `app::play::pauses_game`:
    /// a long frame is not one of them).
    fn pause_when_hidden(&mut self) {
        let mut signals = vec![WindowSignal::Frame(f64::from(get_frame_time()))];
        if self.focus.lost_focus() {
            signals.push(WindowSignal::FocusLost);
        }
        let pause = signals.into_iter().any(pauses_game);
        if pause && self.menu.screen == Screen::Playing {
            macroquad::miniquad::info!("paused: the window lost focus or the page was hidden");
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
                let to_title = action == MenuAction::EndGame;
                let leave = self
                    .session
                    .as_ref()
                    .is_none_or(|s| end_run(&mut self.menu, s, &self.scores, to_title));
                if leave {
                    self.leave_game();
                }
            }
            MenuAction::NameEntered => {
                self.record_score();
                self.leave_game_at_title();
            }
            MenuAction::NameSkipped => {
                if let Some(s) = self.session.as_mut() {
                    s.skip_high_score();
                }
                self.banner
                    .show(Notice::good("Score not saved (Esc skips the name)"));
                self.leave_game_at_title();
            }
            MenuAction::Quit => self.done = true,
        }
    }

    /// Runs the fixed steps this frame's `dt` seconds call for, then the reload
    /// watch and the effects.
    pub(crate) fn update(&mut self, dt: f32) {
        if let (Screen::Editor, Some(e)) = (self.menu.screen, self.editor.as_mut()) {
            e.update(dt, (&self.pads, &self.settings), &mut self.sound);
            return self.pick_up_saved_level();
        }
        let steps = self.driver.advance(f64::from(dt));
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
        if self.draw_tool(frame_started) {
            return;
        }
        if self.menu.screen == Screen::Online {
            return self.online_draw(frame_started);
        }
        let shake = if !self.effects.juice.shown(self.settings.reduced_motion).shake {
            Vec2::ZERO
        } else {
            self.effects.shake_offset()
        };
        let view = View::fit(shake);
        let (holding, pose) = self.results_pose();
        let shown = match &self.session {
            Some(s) if !self.options.demo => s,
            _ => &self.attract,
        };
        // The attract game behind the title menus needs no scores.
        let hud = self.options.demo || self.session.is_some();
        let banner = self.options.demo.then_some("DEMO - press a key or tap");
        draw_game(&view, shown, &self.effects, hud, banner);
        if self.debug {
            draw_debug(&view, shown, self.probe.steps_per_second);
        }
        self.item_rects.clear();
        if !self.options.demo && self.menu.screen == Screen::Playing {
            draw_pause_button();
        }
        if holding {
            self.draw_ceremony(&view);
        } else if !self.options.demo && self.menu.screen != Screen::Playing {
            self.item_rects = self.draw_menu_screen(&view, pose);
        }
        show::log_screen(&self.menu, &self.item_rects);
        self.banner.draw(&view);
        self.probe.frame_done(
            frame_started,
            shown.game.world().balls().len(),
            self.driver.max_steps(),
        );
        if self.options.frames.is_some_and(|n| self.probe.frames >= n) {
            if let Some(path) = &self.options.screenshot {
                screenshot::save_screenshot(path, &view, &shown.game);
            }
            self.done = true;
        }
    }
}

/// The menu as the saved settings and progress leave it.
fn menu_from(settings: &Settings, progress: &Progress, levels: &[LevelEntry]) -> Menu {
    let mut menu = Menu::new(levels.len());
    records::show_settings(&mut menu, settings);
    menu.name = NameEntry::new(&progress.name);
    refresh_locks(&mut menu, levels, progress);
    // A browser tab cannot quit a program: no "Quit" there.
    menu.can_quit = cfg!(not(target_arch = "wasm32"));
    menu
}

/// Without online play there is no online screen (its menu item is not shown).
#[cfg(not(feature = "online"))]
impl App {
    fn online_draw(&mut self, _frame_started: f64) {}
}
