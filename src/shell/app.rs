//! The shell's side of the product, between frames. The product's flow is the
//! headless [`AppState`] (`arkanong_core::app::state`); this keeps only what needs the
//! window: the devices it reads, the sound, the effects, where last frame's items
//! were drawn (the lab's and the editor's among them). `main`'s loop
//! calls [`App::input`] (devices into plain data, handed to the state),
//! [`App::update`] (what the state's frame changed, answered: sounds, effects,
//! files) and [`App::draw`] (the state, drawn).

use arkanong_core::app::editor::TextWatch;
use arkanong_core::app::{
    input::Device, input::Hands, input::MenuInput, input::Pads, menus::Screen, play::GameOptions,
    play::WindowSignal, records::LevelList, state::Active, state::AppState, state::FrameInput,
    state::FrameOutput, state::Start,
};
use macroquad::prelude::*;

use super::palette::Palette;
use super::probe::Probe;
use super::screenshot;
use super::text;
use super::view::{self, View};
use crate::shell::editor::EditorShell;
use crate::shell::feel::{answer, Effects};
use crate::shell::input::{captured_keys, menu_inputs, name_screen_inputs, read_hands};
use crate::shell::input::{
    drop_taps, history_backs, phone_commands, pointer, read_pointer, read_typing_keys,
};
use crate::shell::input::{FocusWatch, PadReader, PointerState};
use crate::shell::lab::save_lab_screenshot;
use crate::shell::lab::LabShell;
use crate::shell::menus::{draw_banner, scroll_marks};
use crate::shell::play::{
    draw_debug, draw_game, draw_pause_button, draw_replay_bar, pause_button_rect, replay_bar_rects,
};
use crate::shell::sound::SoundPlayer;

#[cfg(feature = "online")]
mod community;
#[cfg(feature = "online")]
mod online;
mod show;
mod tools;

/// What the shell keeps between frames beside the app's state.
pub(crate) struct App {
    /// The product's flow, headless.
    state: AppState,
    /// `--frames N` and `--screenshot FILE`: when to stop, and the picture then.
    run_for: (Option<u64>, Option<String>),
    sound: SoundPlayer,
    effects: Effects,
    /// The debug overlay (F1).
    debug: bool,
    /// The screen showing when a finger or the mouse last went down: a tap (a
    /// release) whose press began on another screen is dropped, or the lab's
    /// Back (which acts on the press) would also pick the title item under it.
    pressed_on: Option<Screen>,
    pointer: PointerState,
    pad_reader: PadReader,
    /// The gamepads by player slot, this frame and the last.
    pads: Pads,
    focus: FocusWatch,
    /// Where last frame's menu items (or the online lobby's) were drawn, for
    /// clicks and taps.
    item_rects: Vec<Rect>,
    probe: Probe,
    /// This frame's input for the state, read in `input` and handed over in `update`.
    frame: FrameInput,
    /// Where the collision lab was drawn last frame.
    lab: LabShell,
    /// Where the editor's buttons and rows were drawn last frame, and
    /// test-play's effects (the editor itself is the state's).
    editor: EditorShell,
    /// Set when the player quits or `--frames` has run out.
    done: bool,
}

impl App {
    /// Counts a drawn frame (with `balls` balls on screen) for the probe, and
    /// says whether a `--frames N` run has now drawn its N frames: the caller
    /// then saves the run's screenshot, if it asked for one, and the run ends.
    fn frame_counted(&mut self, frame_started: f64, balls: usize) -> bool {
        self.probe
            .frame_done(frame_started, balls, self.state.shared.driver.max_steps());
        let last = self.run_for.0.is_some_and(|n| self.probe.frames >= n);
        self.done |= last;
        last
    }

    /// The shell at start-up: the records loaded, the attract game running, or
    /// straight into the game when `--level` names a file.
    pub(crate) fn new(options: GameOptions, levels: LevelList) -> Self {
        text::warm_glyph_cache();
        let level_code = options.level_code.clone();
        let replay_file = options.replay.clone();
        let watching = (options.watch.clone(), options.server.clone());
        // Wall-clock seconds, only to name a record set aside (never the simulation).
        let unix_seconds = macroquad::miniquad::date::now().max(0.0) as u64;
        let mut loaded = arkanong_core::app::state::load_records(unix_seconds);
        // The player's sets as read with the level list: the menus never read
        // them again.
        let LevelList {
            entries: levels,
            sets,
        } = levels;
        loaded.sets = sets;
        // A level named with `--level` is in the list once (main.rs placed it).
        let named = (options.level.as_ref())
            .and_then(|p| arkanong_core::app::records::find_level_file(&levels, p.as_ref()));
        let start = Start {
            seed: options.seed,
            demo: options.demo,
            stress_balls: options.balls,
            named_level: named,
            mode: options.mode,
        };
        let state = AppState::new(start, levels, loaded, super::seams::seams());
        let mut sound = SoundPlayer::new();
        sound.set_volume(
            state.shared.settings.gain(),
            state.shared.settings.music_gain(),
        );
        let mut app = Self {
            state,
            run_for: (options.frames, options.screenshot),
            sound,
            effects: Effects::default(),
            debug: false,
            pressed_on: None,
            pointer: PointerState::default(),
            pad_reader: PadReader::new(),
            pads: Pads::default(),
            focus: FocusWatch::new(),
            item_rects: Vec::new(),
            probe: Probe::default(),
            frame: FrameInput::default(),
            lab: LabShell::default(),
            editor: EditorShell::default(),
            done: false,
        };
        #[cfg(feature = "online")]
        app.open_online_from_link(watching.0, watching.1);
        #[cfg(feature = "online")]
        app.open_community(level_code, unix_seconds);
        #[cfg(not(feature = "online"))]
        let _ = (level_code, watching);
        if let Some(path) = replay_file {
            use arkanong_core::user_file::{read_user_text, FileKind};
            match read_user_text(&path, FileKind::Replay) {
                Ok(text) => app.state.open_replay(&text, &path),
                Err(e) => app.state.replay_unread(&path, &e.to_string()),
            }
        }
        let started = app.state.take_output();
        app.answer(started);
        app
    }

    /// Opens the collision lab at `scene` (`arkanong lab SCENE`).
    pub(crate) fn open_lab(&mut self, scene: arkanong_core::app::lab::Scene) {
        self.state.open_lab(scene);
    }

    /// Opens the level editor on the file at `path` (`arkanong edit FILE`): its
    /// text, or a new level when it cannot be read (it may not exist yet).
    pub(crate) fn open_editor(&mut self, path: std::path::PathBuf) {
        use arkanong_core::user_file::{read_user_text, FileKind};
        let text = read_user_text(&path, FileKind::Level).ok();
        let store =
            arkanong_core::app::editor::Store::File(TextWatch::new(path, self.state.files()));
        self.state.open_editor(store, text.as_deref());
    }

    /// Whether the loop should stop: the player quit, or `--frames` ran out.
    pub(crate) fn is_done(&self) -> bool {
        self.done
    }

    /// Reads this frame's keys, clicks, taps and pads into plain data for the
    /// state (the lab's and the editor's as their own commands).
    pub(crate) fn input(&mut self) {
        read_pointer();
        read_typing_keys();
        let p = pointer();
        let screen = self.state.screen();
        if !p.presses.is_empty() {
            self.pressed_on = Some(screen);
        }
        if !p.taps.is_empty() && self.pressed_on != Some(screen) {
            drop_taps();
        }
        self.pads.update(&self.pad_reader.read());
        let pad_commands = self.pads.menu_inputs(get_frame_time());
        let keys = !get_keys_pressed().is_empty();
        self.note_devices(p.device, keys, !pad_commands.is_empty());
        if p.touched {
            view::note_touch();
        }
        let gesture = keys || p.pressed || p.touched;
        let settings = &self.state.shared.settings;
        self.sound
            .poll(gesture, settings.gain(), settings.music_gain());
        self.state.menu.no_sound_device = !crate::shell::sound::audio_works();
        if is_key_pressed(KeyCode::F1) {
            self.debug = !self.debug;
        }
        let phone = phone_commands(&mut self.state);
        // The browser's Back reaches every screen, the editor and the lab too.
        let backs = history_backs();
        match self.state.screen() {
            Screen::Editor | Screen::Lab => {
                self.frame = FrameInput::default();
                if self.state.screen() == Screen::Editor {
                    self.editor_input();
                } else {
                    self.lab_input();
                }
                self.frame.backs = backs;
                return;
            }
            _ => {}
        }
        let online = self.state.screen() == Screen::Online;
        let playing = self.state.screen() == Screen::Playing && !self.state.demo;
        // A watched replay's bar is worked like a menu's row of items.
        let watching = playing && (self.state.session.as_ref()).is_some_and(|s| s.watch.is_some());
        crate::shell::view::note_watching(watching);
        let bar = if watching {
            replay_bar_rects()
        } else {
            Vec::new()
        };
        let rects: &[Rect] = if watching {
            &bar
        } else if playing {
            &[]
        } else {
            &self.item_rects
        };
        let mut commands = if self.state.menu.keys.capturing.is_some() {
            captured_keys(rects)
        } else if self.state.screen() == Screen::NameEntry {
            name_screen_inputs(rects, arkanong_core::app::menus::NAME_LETTERS)
        } else if online {
            self.online_commands()
        } else if self.state.screen() == Screen::Community {
            self.community_commands()
        } else if self.state.screen() == Screen::Credits {
            // Its one item, Back, and the keys; no menu panel's scroll marks.
            menu_inputs(rects, [None, None])
        } else {
            menu_inputs(rects, scroll_marks())
        };
        commands.extend(phone);
        // The on-screen pause button, pressed (not released): the press must not
        // also serve or steer (see `PointerState::read`); or a two-finger tap.
        let on_button = p.presses.iter().any(|&at| pause_button_rect().contains(at));
        // Two players on one phone each keep a finger down: no two-finger pause.
        let two = (self.state.session.as_ref())
            .is_some_and(|s| s.play_mode == arkanong_core::app::play::PlayMode::TwoPlayers);
        if playing && ((on_button && !watching) || (p.second_finger && !two)) {
            commands.push(MenuInput::Pause);
        }
        let mut window = vec![WindowSignal::Frame(f64::from(get_frame_time()))];
        let (lost, back) = self.focus.changes();
        if lost {
            window.push(WindowSignal::FocusLost);
        }
        if back {
            window.push(WindowSignal::Shown);
        }
        let game_view = self.game_view(Vec2::ZERO);
        let session = self.state.session.as_ref();
        let [steering, top] = (self.pointer).read_sides(&game_view, on_button, session);
        self.frame = FrameInput {
            now: get_time(),
            dt: get_frame_time(),
            gesture: gesture || !pad_commands.is_empty(),
            hovered: rects.iter().position(|r| p.mouse_moved && r.contains(p.at)),
            commands,
            pad_commands,
            backs,
            window,
            hands: Hands {
                pointer_top: top,
                ..read_hands(steering, &self.pads, game_view.turned)
            },
            debug: self.debug,
            ..FrameInput::default()
        };
        // In an online match the pads play: their presses are the paddle's.
        if !playing && !online {
            // A pad press that worked a menu must not also serve in the game it starts.
            self.pads.swallow_presses();
        }
    }

    /// Notes the input used this frame in the state, so the prompts name it:
    /// the pointer's device as the reader saw it, then the keyboard, then a pad.
    fn note_devices(&mut self, pointer: Option<Device>, keys: bool, pad: bool) {
        let used = [
            pointer,
            keys.then_some(Device::Keyboard),
            pad.then_some(Device::Pad),
        ];
        if let Some(last) = used.into_iter().flatten().last() {
            self.state.menu.device = Some(last);
        }
    }

    /// The editor's frame of input, read for the state's editor screen.
    fn editor_input(&mut self) {
        let palette = Palette::of(&self.state.shared.settings);
        let Some(screen) = self.state.editor() else {
            return;
        };
        let (editor, hands) = self.editor.read(screen, &self.pads, palette);
        self.frame = FrameInput {
            now: get_time(),
            dt: get_frame_time(),
            editor,
            hands,
            ..FrameInput::default()
        };
    }

    /// The lab's frame of input: its keys, buttons and pointer as commands.
    fn lab_input(&mut self) {
        let commands = (self.state.lab()).map_or_else(Vec::new, |s| self.lab.input(s));
        self.frame = FrameInput {
            lab: commands,
            ..FrameInput::default()
        };
    }

    /// Hands the frame's input to the state and answers what it changed (a
    /// test-play's events heard and shown by the editor's shell).
    pub(crate) fn update(&mut self, dt: f32) {
        let screen = self.state.screen();
        if screen == Screen::Editor {
            let input = std::mem::take(&mut self.frame);
            let out = (self.state).frame(&FrameInput {
                dt,
                now: get_time(),
                ..input
            });
            let state = &self.state;
            let play = state.editor().and_then(|e| e.play.as_ref());
            if let (Some(played), Some(play)) = (&out.editor.played, play) {
                let sound = &mut self.sound;
                (self.editor.play).answer((played, play), &state.shared.settings, sound, dt);
            }
            return self.answer(out);
        }
        let started = get_time();
        let input = std::mem::take(&mut self.frame);
        let out = (self.state).frame(&FrameInput {
            dt,
            now: get_time(),
            ..input
        });
        let steps = out
            .played
            .as_ref()
            .or(out.attract.as_ref())
            .map_or(0, |p| p.steps);
        self.answer(out);
        self.effects.turned = self.turned();
        let playing = screen == Screen::Playing && !self.state.demo;
        if !playing && !matches!(screen, Screen::Lab | Screen::Online | Screen::Community) {
            // The speed probe's bursts would stall the lab's and a match's frames,
            // and a player's game (a game started with `--level` had its first
            // seconds in slow motion on a loaded machine): it waits for the menus
            // or the demo, where a long frame costs nothing.
            self.probe.steps_done(steps, started);
            self.probe.report_once(&self.state.shared.attract);
        }
        self.effects.update(dt);
        let game = self.state.played_session().map(|s| &s.game);
        self.effects.follow_marks(dt, game);
    }

    /// Answers what a frame of the state changed: sounds and effects of its
    /// games' events, a ceremony at a game's end, records written, lines for
    /// the console, quitting.
    fn answer(&mut self, out: FrameOutput) {
        let state = &self.state;
        if let (Some(played), Some(s)) = (&out.played, state.played_session()) {
            answer(played, s, &mut self.effects, &mut self.sound);
        }
        for event in &out.withdrawn {
            self.effects.withdraw(event);
        }
        if let Some(kind) = out.celebrate {
            let juice = self.effects.juice;
            self.effects.stage.celebrate(kind, state.seed(), juice);
        }
        if let Some(played) = &out.attract {
            answer(
                played,
                &state.shared.attract,
                &mut self.effects,
                &mut self.sound,
            );
        }
        for &level in &out.levels_started {
            self.effects
                .stage
                .level_started(&state.shared.levels[level].level);
        }
        if out.left_game {
            self.effects.stage.end_ceremony();
        }
        if out.game_over {
            if let Some(s) = &state.session {
                show::start_ceremony(&mut self.effects, s, state.seed());
            }
            self.state.hold_results(show::results_hold(&self.effects));
        }
        if out.paused_by_window {
            macroquad::miniquad::info!("paused: the window lost focus or the page was hidden");
        }
        if out.settings_changed {
            let s = &self.state.shared.settings;
            self.sound.set_volume(s.gain(), s.music_gain());
        }
        for save in &out.saves {
            let written = arkanong_core::app::records::write_record(&save.name, &save.text);
            self.state.record_written(&save.name, written);
        }
        tools::answer_editor(&mut self.state, &out);
        for line in &out.console {
            #[cfg(target_arch = "wasm32")]
            macroquad::miniquad::warn!("arkanong: {}", line);
            eprintln!("{line}");
        }
        for line in &out.log {
            macroquad::miniquad::info!("{}", line);
        }
        self.done |= out.quit;
    }

    /// Draws the frame: the game (or the attract game), then the interface over it.
    /// Saves the screenshot and ends the loop when `--frames` has run out.
    pub(crate) fn draw(&mut self, frame_started: f64) {
        text::begin_frame();
        // The layout as input saw it, or as the game changed it since.
        let watching = !self.state.demo
            && self.state.screen() == Screen::Playing
            && (self.state.session.as_ref()).is_some_and(|s| s.watch.is_some());
        crate::shell::view::note_watching(watching);
        let settings = self.state.shared.settings;
        let palette = Palette::of(&settings);
        self.effects.juice = settings.juice;
        self.effects.palette = palette;
        self.effects
            .stage
            .set_reduced_motion(settings.reduced_motion);
        if self.draw_tool(frame_started) {
            return;
        }
        if let Active::Credits(credits) = self.state.active() {
            // Over a plain background: the attract game steps on behind the
            // panel unseen, so the screen's size report stays still.
            clear_background(crate::shell::palette::BACKGROUND);
            let view = View::fit(Vec2::ZERO, palette);
            let back = crate::shell::credits::draw_credits(credits, palette);
            show::log_sizes("Credits", &[("Back".to_owned(), back)]);
            self.item_rects = vec![back];
            draw_banner(&view, &self.state.shared.banner, get_time());
            if self.frame_counted(frame_started, 0) {
                if let Some(path) = &self.run_for.1 {
                    screenshot::save_plain_screenshot(path, &view);
                }
            }
            return;
        }
        if self.state.screen() == Screen::Online {
            return self.online_draw(frame_started);
        }
        #[cfg(feature = "online")]
        if self.state.screen() == Screen::Community {
            return self.community_draw(frame_started);
        }
        let shake = if !self.effects.juice.shown(settings.reduced_motion).shake {
            Vec2::ZERO
        } else {
            self.effects.shake_offset()
        };
        let view = View::fit(shake, palette);
        let (holding, pose) = self.results_pose();
        let state = &self.state;
        let shown = state.shown();
        // The attract game behind the title menus needs no scores.
        let hud = state.demo || state.session.is_some();
        let banner = state.game_banner();
        draw_game(&view, shown, &self.effects, hud, banner.as_deref());
        if self.debug {
            draw_debug(&view, shown, self.probe.steps_per_second);
        }
        self.item_rects.clear();
        if !state.demo && state.screen() == Screen::Playing {
            match state.session.as_ref().and_then(|s| s.watch.as_deref()) {
                Some(watch) => draw_replay_bar(watch, settings.high_contrast),
                None => draw_pause_button(),
            }
        }
        if holding {
            self.draw_ceremony(&view);
        } else if !state.demo && state.screen() != Screen::Playing {
            self.item_rects = self.draw_menu_screen(&view, pose);
        }
        let watch = (state.session.as_ref()).and_then(|s| s.watch.as_deref());
        let watch = watch.filter(|_| !state.demo && state.screen() == Screen::Playing);
        show::log_screen(&self.state.menu, &self.item_rects, watch);
        // The demo's banner is the attract game's, not a game's.
        show::log_game(banner.as_deref().filter(|_| !state.demo), watch);
        draw_banner(&view, &self.state.shared.banner, get_time());
        let balls = self.state.shown().game.world().balls().len();
        if self.frame_counted(frame_started, balls) {
            if let Some(path) = &self.run_for.1 {
                screenshot::save_screenshot(path, &view, &self.state.shown().game, &self.effects);
            }
        }
    }
}

/// Without online play there is no online screen (its menu item is not shown),
/// and the view is never turned.
#[cfg(not(feature = "online"))]
impl App {
    fn online_draw(&mut self, _frame_started: f64) {}

    fn online_commands(&self) -> Vec<MenuInput> {
        Vec::new()
    }

    fn community_commands(&self) -> Vec<MenuInput> {
        Vec::new()
    }

    fn turned(&self) -> bool {
        false
    }

    fn game_view(&self, shake: Vec2) -> View {
        View::fit(shake, Palette::of(&self.state.shared.settings))
    }
}
