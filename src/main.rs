//! Arkanong's desktop (and web) shell: options, the main loop, and the wiring of
//! the headless core to macroquad's window, input, drawing and sound.
//!
//! The loop reads like a macroquad example: gather input, run the fixed steps the
//! frame's time calls for, draw once, `next_frame().await`.

mod draw;
mod draw_ui;
mod input;
mod sound;

use std::path::PathBuf;

use arkanong::app::{
    level_list, load_record, parse_game_options, screen_text, speed_probe, write_record, FixedStep,
    GameOptions, HighScores, LevelEntry, LevelWatcher, Menu, MenuAction, MenuInput, PlayMode,
    Reload, Screen, Session, Settings,
};
use arkanong::game::{Game, GameEvent, Inputs, Intent, Outcome};
use arkanong::level::Side;
use arkanong::tuning::STEPS_PER_SECOND;
use macroquad::experimental::coroutines::{start_coroutine, Coroutine};
use macroquad::prelude::*;
use macroquad::rand::gen_range;

use draw::{side_color, Particle, View};
use input::{KeySet, PointerState};

fn window_conf() -> Conf {
    Conf {
        window_title: "Arkanong".to_owned(),
        window_width: 720,
        window_height: 900,
        high_dpi: true,
        window_resizable: true,
        ..Default::default()
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let tool = match args.first().map(String::as_str) {
        Some("check") => Some(
            arkanong::cli::check_files as fn(&[String], &mut std::io::StdoutLock<'static>) -> i32,
        ),
        Some("sim") => Some(arkanong::cli::sim as _),
        Some("replay") => Some(arkanong::cli::replay as _),
        _ => None,
    };
    if let Some(tool) = tool {
        std::process::exit(tool(&args[1..], &mut std::io::stdout().lock()));
    }
    let options = match parse_game_options(&args) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let mut levels = level_list();
    if let Some(path) = &options.level {
        // A broken level named on the command line is an error before any window opens.
        match arkanong::cli::load_level(path) {
            Ok((label, level)) => levels.insert(
                0,
                LevelEntry {
                    label,
                    level,
                    path: Some(PathBuf::from(path)),
                },
            ),
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(1);
            }
        }
    }
    sound::watch_for_missing_audio_device();
    macroquad::Window::from_config(window_conf(), run(options, levels));
}

/// Everything the shell keeps between frames.
struct App {
    menu: Menu,
    levels: Vec<LevelEntry>,
    session: Option<Session>,
    attract: Session,
    clock: FixedStep,
    sounds: sound::Sounds,
    /// Sounds being generated and loaded in the background; started at once on the
    /// desktop, and after the first click, tap or key in the browser (browsers only
    /// allow audio after a gesture).
    sound_loader: Option<Coroutine<sound::Sounds>>,
    sound_requested: bool,
    settings: Settings,
    scores: HighScores,
    notice: Option<(String, f64)>,
    reload_error: Option<String>,
    watcher: Option<LevelWatcher>,
    particles: Vec<Particle>,
    shake: f32,
    debug: bool,
    pointer: PointerState,
    item_rects: Vec<macroquad::math::Rect>,
    seed: u64,
    demo: bool,
    /// `--balls`: keep this many balls in the attract game (a stress test).
    stress_balls: u32,
    steps_per_second: f64,
    /// Whether the speed probe (the browser-to-native comparison) has run.
    speed_reported: bool,
}

/// The frame, or the time in seconds, after which the attract mode's simulation
/// speed is logged (whichever comes first: headless browsers draw few frames).
const SPEED_REPORT_FRAME: u64 = 300;
const SPEED_REPORT_SECONDS: f64 = 3.0;
/// Steps in each burst of that speed probe, and how many bursts.
const SPEED_PROBE_STEPS: u32 = 2000;
const SPEED_PROBE_BURSTS: usize = 7;

impl App {
    fn start_game(&mut self, carry_score: bool) {
        let index = self.menu.level.min(self.levels.len() - 1);
        let entry = &self.levels[index];
        self.seed = self.seed.wrapping_add(1);
        let previous = self
            .session
            .as_ref()
            .map_or(0, |s| s.run_score + s.game.players()[0].score);
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
        self.watcher = entry.path.as_ref().map(LevelWatcher::new);
        self.reload_error = None;
        self.session = Some(session);
    }

    fn save_settings(&mut self) {
        self.settings = Settings {
            volume: self.menu.volume,
            muted: self.menu.muted,
        };
        self.sounds.volume = self.settings.gain();
        if let Err(e) = write_record("settings", &self.settings.to_text()) {
            self.notice = Some((format!("could not save settings: {e}"), get_time() + 4.0));
        }
    }

    fn record_score(&mut self) {
        let Some(entry) = self.session.as_mut().and_then(Session::take_high_score) else {
            return;
        };
        if self.scores.add(entry) {
            if let Err(e) = write_record("scores", &self.scores.to_text()) {
                self.notice = Some((format!("could not save high scores: {e}"), get_time() + 4.0));
            }
        }
    }

    /// Reacts to a game's events: sound, sparks, shake.
    fn feel(&mut self, events: &[GameEvent]) {
        for e in events {
            self.sounds.play_event(e);
            match *e {
                GameEvent::BrickBroken { center, side, .. } => {
                    draw::spawn_sparks(&mut self.particles, center, side_color(side));
                }
                GameEvent::Goal { .. } | GameEvent::LifeLost { .. } => self.shake = 10.0,
                GameEvent::CapsuleCaught { .. } => self.shake = self.shake.max(3.0),
                _ => {}
            }
        }
    }

    fn step_session(&mut self, steps: u32) {
        let view = View::fit(Vec2::ZERO);
        let pointer = self.pointer.read(&view);
        let Some(s) = self.session.as_mut() else {
            return;
        };
        let mut all = Vec::new();
        for _ in 0..steps {
            let mut inputs = Inputs {
                players: [Intent::IDLE; 2],
            };
            for side in [Side::Bottom, Side::Top] {
                let k = side.index() as usize;
                inputs.players[k] = match (&mut s.cpus[k], s.play_mode) {
                    (Some(cpu), _) => cpu.intent(&s.game),
                    (None, PlayMode::TwoPlayers) => {
                        let set = if side == Side::Bottom {
                            KeySet::TwoBottom
                        } else {
                            KeySet::TwoTop
                        };
                        let p = if side == Side::Bottom { pointer } else { None };
                        paddle_of(&s.game, side)
                            .map_or(Intent::IDLE, |pos| input::player_intent(set, p, pos))
                    }
                    (None, _) => paddle_of(&s.game, side).map_or(Intent::IDLE, |pos| {
                        input::player_intent(KeySet::Single, pointer, pos)
                    }),
                };
            }
            all.extend(s.game.step(&inputs));
            s.update_trails();
        }
        let outcome = s.game.outcome();
        self.feel(&all);
        if let Some(o) = outcome {
            if self.menu.screen == Screen::Playing {
                self.record_score();
                self.menu.game_finished(o == Outcome::Cleared);
            }
        }
    }

    fn step_attract(&mut self, steps: u32) {
        for _ in 0..steps {
            self.attract.step_cpus();
            if self.attract.is_finished() {
                let next = (self.attract.level_index + 1) % self.levels.len();
                self.seed = self.seed.wrapping_add(1);
                self.attract = Session::attract(&self.levels[next].level, next, self.seed);
            }
        }
        if self.stress_balls > 0 {
            self.attract.top_up_balls(self.stress_balls as usize);
        }
    }

    fn poll_reload(&mut self) {
        let Some(w) = self.watcher.as_mut() else {
            return;
        };
        match w.poll() {
            None => {}
            Some(Reload::Changed(level)) => {
                if let Some(s) = self.session.as_mut() {
                    let index = s.level_index;
                    self.levels[index].level = level.clone();
                    let mut fresh =
                        Session::new(&level, s.play_mode, self.menu.difficulty, index, self.seed);
                    fresh.run_score = s.run_score;
                    *s = fresh;
                }
                self.reload_error = None;
                self.notice = Some(("level reloaded".to_owned(), get_time() + 2.0));
            }
            Some(Reload::Broken(message)) => self.reload_error = Some(message),
        }
    }
}

fn paddle_of(game: &Game, side: Side) -> Option<Vec2> {
    game.player(side)
        .map(|p| game.world().paddles()[p.paddle.0 as usize].position)
}

async fn run(options: GameOptions, levels: Vec<LevelEntry>) {
    let (settings, settings_msg) = load_record("settings", Settings::parse);
    let (scores, scores_msg) = load_record("scores", HighScores::parse);
    for m in [&settings_msg, &scores_msg].into_iter().flatten() {
        eprintln!("{m}");
    }
    let mut menu = Menu::new(levels.len());
    menu.volume = settings.volume;
    menu.muted = settings.muted;
    // A browser tab cannot quit a program: no "Quit" there.
    menu.can_quit = cfg!(not(target_arch = "wasm32"));
    let start_level = if options.level.is_some() {
        0
    } else {
        (options.seed as usize) % levels.len()
    };
    let attract = Session::attract(&levels[start_level].level, start_level, options.seed);
    let mut app = App {
        menu,
        levels,
        session: None,
        attract,
        clock: FixedStep::new(STEPS_PER_SECOND),
        sounds: sound::Sounds::silent(),
        sound_loader: None,
        sound_requested: false,
        settings,
        scores,
        notice: settings_msg.or(scores_msg).map(|m| (m, 5.0)),
        reload_error: None,
        watcher: None,
        particles: Vec::new(),
        shake: 0.0,
        debug: false,
        pointer: PointerState::default(),
        item_rects: Vec::new(),
        seed: options.seed,
        demo: options.demo,
        stress_balls: options.balls,
        steps_per_second: 0.0,
        speed_reported: false,
    };
    if options.level.is_some() && !options.demo {
        app.menu.level = 0;
        app.menu.screen = Screen::Playing;
        app.start_game(false);
    }
    let mut focus = input::FocusWatch::new();
    let mut frame: u64 = 0;
    let mut last_reload_poll = 0.0;
    let mut busy_seconds = 0.0;
    let mut busy_frames = 0u32;
    loop {
        let frame_started = get_time();
        // Sound: start loading once allowed, pick it up when ready.
        let gesture = !get_keys_pressed().is_empty()
            || is_mouse_button_pressed(MouseButton::Left)
            || !touches().is_empty();
        if !app.sound_requested && (gesture || cfg!(not(target_arch = "wasm32"))) {
            app.sound_requested = true;
            app.sound_loader = Some(start_coroutine(sound::Sounds::load()));
        }
        if let Some(mut sounds) = app.sound_loader.as_ref().and_then(Coroutine::retrieve) {
            sounds.volume = app.settings.gain();
            app.sounds = sounds;
            app.sound_loader = None;
        }

        // Input.
        if is_key_pressed(KeyCode::F1) {
            app.debug = !app.debug;
        }
        // Pause when the window loses focus or is minimised, or the tab is hidden;
        // a frame over half a second long means the same (browsers stop drawing
        // hidden tabs).
        let lost_focus = focus.lost_focus();
        if (lost_focus || get_frame_time() > 0.5) && app.menu.screen == Screen::Playing {
            app.menu.handle(MenuInput::Pause);
        }
        if app.demo {
            if !get_keys_pressed().is_empty()
                || is_mouse_button_pressed(MouseButton::Left)
                || !touches().is_empty()
            {
                app.demo = false;
            }
        } else {
            let inputs = input::menu_inputs(if app.menu.screen == Screen::Playing {
                &[]
            } else {
                &app.item_rects
            });
            for i in inputs {
                let i = if app.menu.screen == Screen::Playing && i == MenuInput::Back {
                    MenuInput::Pause
                } else {
                    i
                };
                if app.menu.screen == Screen::Playing && !matches!(i, MenuInput::Pause) {
                    continue;
                }
                match app.menu.handle(i) {
                    MenuAction::None => {}
                    MenuAction::StartGame => app.start_game(false),
                    MenuAction::NextLevel => app.start_game(true),
                    MenuAction::EndGame => {
                        app.session = None;
                        app.watcher = None;
                    }
                    MenuAction::SettingsChanged => app.save_settings(),
                    MenuAction::Quit => return,
                }
            }
        }

        // Fixed steps.
        let steps = app.clock.advance(f64::from(get_frame_time()));
        let started = get_time();
        let playing = app.menu.screen == Screen::Playing && app.session.is_some() && !app.demo;
        if playing {
            app.step_session(steps);
        } else if app.session.is_none() || app.demo {
            app.step_attract(steps);
        }
        if !app.speed_reported
            && (frame + 1 >= SPEED_REPORT_FRAME || get_time() > SPEED_REPORT_SECONDS)
        {
            app.speed_reported = true;
            let (fastest, median) = speed_probe(
                &app.attract.game,
                &app.attract.cpus,
                SPEED_PROBE_STEPS,
                SPEED_PROBE_BURSTS,
                get_time,
            );
            macroquad::miniquad::info!(
                "arkanong: speed probe: {} bursts of {} attract steps: fastest {:.0} steps per second, median {:.0}",
                SPEED_PROBE_BURSTS,
                SPEED_PROBE_STEPS,
                fastest,
                median
            );
            macroquad::miniquad::info!(
                "arkanong: frame time (input, steps, drawing; not the wait for the display): {:.2} ms average over {} frames, {} balls in play",
                busy_seconds * 1e3 / f64::from(busy_frames.max(1)),
                busy_frames,
                app.attract.game.world().balls().len()
            );
        }
        if steps > 0 {
            let spent = (get_time() - started).max(1e-6);
            app.steps_per_second = 0.9 * app.steps_per_second + 0.1 * (f64::from(steps) / spent);
        }
        if get_time() - last_reload_poll > 0.25 {
            last_reload_poll = get_time();
            app.poll_reload();
        }
        let dt = get_frame_time();
        draw::update_particles(&mut app.particles, dt);
        app.shake = (app.shake - 40.0 * dt).max(0.0);

        // Draw.
        let shake = if app.shake > 0.0 {
            vec2(gen_range(-1.0, 1.0), gen_range(-1.0, 1.0)) * app.shake
        } else {
            Vec2::ZERO
        };
        let view = View::fit(shake);
        let shown = match &app.session {
            Some(s) if !app.demo => s,
            _ => &app.attract,
        };
        draw::draw_game(&view, shown, &app.particles);
        if app.debug {
            draw_ui::draw_debug(&view, &shown.game, app.steps_per_second);
        }
        app.item_rects.clear();
        if app.demo {
            draw_ui::draw_demo_banner(&view);
        } else if app.menu.screen != Screen::Playing {
            let text = screen_text(&app.menu, &app.levels, &app.scores, app.session.as_ref());
            app.item_rects = draw_ui::draw_menu(
                &app.menu,
                &text.title,
                &text.subtitle,
                &text.items,
                &text.extra,
            );
        }
        if let Some(e) = &app.reload_error {
            draw_ui::draw_message(e);
        } else if let Some((text, until)) = &app.notice {
            if get_time() < *until {
                draw_ui::draw_message(text);
            }
        }

        if frame >= 30 {
            busy_seconds += get_time() - frame_started;
            busy_frames += 1;
        }
        frame += 1;
        if options.frames.is_some_and(|n| frame >= n) {
            if let Some(path) = &options.screenshot {
                draw_ui::save_screenshot(path, &view, &shown.game);
            }
            return;
        }
        next_frame().await;
    }
}
