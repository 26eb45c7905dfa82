//! Arkanong's desktop (and web) shell: options, the main loop, and the wiring of
//! the headless core to macroquad's window, input, drawing and sound.
//!
//! The loop reads like a macroquad example: gather input, run the fixed steps the
//! frame's time calls for, draw once, `next_frame().await`.

mod draw;
mod input;
mod sound;

use std::path::PathBuf;

use arkanong::app::{
    load_record, write_record, FixedStep, HighScore, HighScores, LevelWatcher, Menu, MenuAction,
    MenuInput, PlayMode, Reload, Screen, Settings,
};
use arkanong::game::{Cpu, Difficulty, Game, GameEvent, Inputs, Intent, Mode, Outcome};
use arkanong::level::{shipped_levels, Level, Side};
use arkanong::tuning::STEPS_PER_SECOND;
use macroquad::experimental::coroutines::{start_coroutine, Coroutine};
use macroquad::prelude::*;
use macroquad::rand::gen_range;

use draw::{side_color, Particle, View};
use input::{KeySet, PointerState};

/// Positions kept for each ball's trail.
const TRAIL: usize = 8;

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

/// Command-line options of the game itself.
#[derive(Debug, Default)]
struct Options {
    level: Option<String>,
    seed: u64,
    frames: Option<u64>,
    screenshot: Option<String>,
    demo: bool,
    /// Extra balls in the attract game (a stress test of the shell).
    balls: u32,
}

fn parse_options(args: &[String]) -> Result<Options, String> {
    let mut o = Options {
        seed: 1,
        ..Options::default()
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = || {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{a} needs a value"))
        };
        match a.as_str() {
            "--level" => o.level = Some(value()?),
            "--seed" => {
                o.seed = value()?
                    .parse()
                    .map_err(|_| "--seed takes a whole number".to_owned())?
            }
            "--frames" => {
                o.frames = Some(
                    value()?
                        .parse()
                        .map_err(|_| "--frames takes a whole number".to_owned())?,
                )
            }
            "--screenshot" => o.screenshot = Some(value()?),
            "--demo" => o.demo = true,
            "--balls" => {
                o.balls = value()?
                    .parse()
                    .map_err(|_| "--balls takes a whole number".to_owned())?
            }
            "--help" | "-h" => return Err(USAGE.to_owned()),
            other => return Err(format!("unknown option `{other}`\n{USAGE}")),
        }
    }
    Ok(o)
}

const USAGE: &str = "usage: arkanong [--level FILE] [--seed N] [--frames N] [--screenshot FILE.png] [--demo] [--balls N]
       arkanong check FILE...
       arkanong sim LEVEL [--frames N] [--seed S] [--mode versus|solo] [--cpu off|easy|normal|hard] [--trace FILE] [--record FILE]
       arkanong replay FILE";

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
    let options = match parse_options(&args) {
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
    macroquad::Window::from_config(window_conf(), run(options, levels));
}

/// A level the player can pick.
struct LevelEntry {
    label: String,
    level: Level,
    /// The file it came from, for hot reload (`None` for the built-in copy).
    path: Option<PathBuf>,
}

/// The shipped levels (from the files in `levels/` when they are there, so edits
/// show up and hot reload works, else the copies built into the binary), then any
/// other `.txt` files in `levels/`.
fn level_list() -> Vec<LevelEntry> {
    let mut out = Vec::new();
    for l in shipped_levels() {
        let path = PathBuf::from("levels").join(l.file);
        let from_disk = std::fs::read_to_string(&path)
            .ok()
            .and_then(|t| Level::parse(&t).ok());
        let (level, path) = match from_disk {
            Some(level) => (level, Some(path)),
            None => (
                Level::parse(l.text).expect("shipped levels are valid"),
                None,
            ),
        };
        out.push(LevelEntry {
            label: l.file.to_owned(),
            level,
            path,
        });
    }
    if let Ok(dir) = std::fs::read_dir("levels") {
        let mut extra: Vec<PathBuf> = dir
            .flatten()
            .map(|e| e.path())
            .filter(|p| {
                p.extension().is_some_and(|e| e == "txt")
                    && !shipped_levels().iter().any(|l| p.ends_with(l.file))
            })
            .collect();
        extra.sort();
        for path in extra {
            if let Ok(level) = std::fs::read_to_string(&path)
                .map_err(|e| e.to_string())
                .and_then(|t| Level::parse(&t).map_err(|_| String::new()))
            {
                out.push(LevelEntry {
                    label: path.display().to_string(),
                    level,
                    path: Some(path),
                });
            }
        }
    }
    out
}

/// A game being played or shown, with who controls each side.
struct Session {
    game: Game,
    play_mode: PlayMode,
    /// CPUs by side index (`None` for a human).
    cpus: [Option<Cpu>; 2],
    level_index: usize,
    trails: Vec<(u32, Vec<Vec2>)>,
    /// Score carried over from earlier levels of a solo run.
    run_score: u32,
    recorded: bool,
}

impl Session {
    fn new(
        level: &Level,
        play_mode: PlayMode,
        difficulty: Difficulty,
        level_index: usize,
        seed: u64,
    ) -> Self {
        let mode = if play_mode == PlayMode::Solo {
            Mode::Solo
        } else {
            Mode::Versus
        };
        let cpus = match play_mode {
            PlayMode::VersusCpu => [None, Some(Cpu::new(Side::Top, difficulty, seed))],
            _ => [None, None],
        };
        Self {
            game: Game::new(level, mode, seed),
            play_mode,
            cpus,
            level_index,
            trails: Vec::new(),
            run_score: 0,
            recorded: false,
        }
    }

    /// CPU against CPU, for the title screen.
    fn attract(level: &Level, level_index: usize, seed: u64) -> Self {
        let mut s = Self::new(
            level,
            PlayMode::TwoPlayers,
            Difficulty::Hard,
            level_index,
            seed,
        );
        s.cpus = [
            Some(Cpu::new(Side::Bottom, Difficulty::Normal, seed)),
            Some(Cpu::new(Side::Top, Difficulty::Hard, seed + 1)),
        ];
        s
    }

    fn update_trails(&mut self) {
        let balls = self.game.world().balls();
        self.trails
            .retain(|(id, _)| balls.iter().any(|b| b.id.0 == *id));
        for b in balls {
            match self.trails.iter_mut().find(|(id, _)| *id == b.id.0) {
                Some((_, t)) => {
                    t.push(b.position);
                    if t.len() > TRAIL {
                        t.remove(0);
                    }
                }
                None => self.trails.push((b.id.0, vec![b.position])),
            }
        }
    }

    fn labels(&self) -> [&'static str; 2] {
        match self.play_mode {
            PlayMode::Solo => ["YOU", ""],
            PlayMode::VersusCpu => ["YOU", "CPU"],
            PlayMode::TwoPlayers if self.cpus[0].is_some() => ["CPU", "CPU"],
            PlayMode::TwoPlayers => ["P1", "P2"],
        }
    }
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
    /// Steps and seconds spent simulating the attract mode, reported once after
    /// `SPEED_REPORT_FRAME` frames (the browser-to-native speed comparison).
    attract_steps: u64,
    attract_seconds: f64,
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
        self.sounds.volume = if self.settings.muted {
            0.0
        } else {
            f32::from(self.settings.volume) / 10.0
        };
        if let Err(e) = write_record("settings", &self.settings.to_text()) {
            self.notice = Some((format!("could not save settings: {e}"), get_time() + 4.0));
        }
    }

    fn record_score(&mut self) {
        let Some(s) = self.session.as_mut() else {
            return;
        };
        if s.recorded || s.play_mode == PlayMode::TwoPlayers {
            return;
        }
        s.recorded = true;
        let score = s.run_score + s.game.players()[0].score;
        let mode = if s.play_mode == PlayMode::Solo {
            "solo"
        } else {
            "versus"
        };
        let entry = HighScore {
            score,
            mode: mode.to_owned(),
            level: s.game.level().title.clone(),
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
                    for _ in 0..14 {
                        let v = Vec2::from_angle(gen_range(0.0, std::f32::consts::TAU))
                            * gen_range(60.0, 260.0);
                        self.particles.push(Particle {
                            position: center,
                            velocity: v,
                            life: gen_range(0.3, 0.8),
                            color: side_color(side),
                        });
                    }
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
            let s = &mut self.attract;
            let mut inputs = Inputs {
                players: [Intent::IDLE; 2],
            };
            for k in 0..2 {
                if let Some(cpu) = s.cpus[k].as_mut() {
                    inputs.players[k] = cpu.intent(&s.game);
                }
            }
            s.game.step(&inputs);
            s.update_trails();
            if s.game.outcome().is_some() || s.game.frame() > 120 * 90 {
                let next = (s.level_index + 1) % self.levels.len();
                self.seed = self.seed.wrapping_add(1);
                self.attract = Session::attract(&self.levels[next].level, next, self.seed);
            }
        }
    }

    /// Tops the attract game up to `--balls` balls, on a lattice over the middle
    /// of the field, in both colours.
    fn top_up_attract_balls(&mut self) {
        let game = &mut self.attract.game;
        let mut k = game.frame() as u32 * 7;
        let mut tries = 0;
        while (game.world().balls().len() as u32) < self.stress_balls
            && tries < 4 * self.stress_balls
        {
            let spot = vec2(
                30.0 + (k % 37) as f32 * 20.0,
                160.0 + (k / 37 % 36) as f32 * 19.0,
            );
            let velocity = Vec2::from_angle(0.4 + k as f32 * 0.7) * 450.0;
            let owner = if k % 2 == 0 { Side::Bottom } else { Side::Top };
            game.spawn_ball(spot, velocity, owner);
            k += 1;
            tries += 1;
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

fn draw_game(view: &View, session: &Session, particles: &[Particle]) {
    let game = &session.game;
    draw::draw_arena(view, game);
    draw::draw_bricks(view, game);
    draw::draw_barriers(view, game);
    draw::draw_capsules_and_shots(view, game);
    draw::draw_paddles(view, game);
    draw::draw_balls(view, game, &session.trails);
    draw::draw_particles(view, particles);
    draw::draw_hud(view, game, session.labels());
}

fn outcome_text(session: &Session) -> String {
    let game = &session.game;
    match game.outcome() {
        Some(Outcome::Cleared) => format!(
            "Level cleared! Score {}",
            session.run_score + game.players()[0].score
        ),
        Some(Outcome::OutOfLives) => format!(
            "Out of lives. Score {}",
            session.run_score + game.players()[0].score
        ),
        Some(Outcome::Won(side)) => {
            let who = session.labels()[side.index() as usize];
            let scores: Vec<String> = game.players().iter().map(|p| p.score.to_string()).collect();
            format!("{who} wins, {}", scores.join(" to "))
        }
        Some(Outcome::Draw) => "A draw!".to_owned(),
        None => String::new(),
    }
}

const CONTROLS_HELP: [&str; 7] = [
    "Move: arrow keys or WASD (eight directions), or the mouse, or a finger",
    "Serve and fire: Space, a click or a tap",
    "Two players: bottom arrows + Enter, top WASD + Space",
    "Break bricks, catch capsules, send balls past the other paddle",
    "Touch another player's ball with yours and it becomes yours",
    "P or Esc: pause.  F1: debug overlay",
    "S slow  C catch  L laser  E enlarge  D split  P life  V convert  G shield",
];

async fn run(options: Options, levels: Vec<LevelEntry>) {
    let (settings, settings_msg) = load_record("settings", Settings::parse);
    let (scores, scores_msg) = load_record("scores", HighScores::parse);
    for m in [&settings_msg, &scores_msg].into_iter().flatten() {
        eprintln!("{m}");
    }
    let mut menu = Menu::new(levels.len());
    menu.volume = settings.volume;
    menu.muted = settings.muted;
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
        attract_steps: 0,
        attract_seconds: 0.0,
        speed_reported: false,
    };
    app.sounds.volume = if app.settings.muted {
        0.0
    } else {
        f32::from(app.settings.volume) / 10.0
    };
    if options.level.is_some() && !options.demo {
        app.menu.level = 0;
        app.menu.screen = Screen::Playing;
        app.start_game(false);
    }
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
            sounds.volume = if app.settings.muted {
                0.0
            } else {
                f32::from(app.settings.volume) / 10.0
            };
            app.sounds = sounds;
            app.sound_loader = None;
        }

        // Input.
        if is_key_pressed(KeyCode::F1) {
            app.debug = !app.debug;
        }
        // A frame that took over half a second means the window was hidden or
        // minimised, or the tab went to the background (browsers stop drawing hidden
        // tabs): pause.
        if get_frame_time() > 0.5 && app.menu.screen == Screen::Playing {
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
            if app.stress_balls > 0 {
                app.top_up_attract_balls();
            }
            app.attract_steps += u64::from(steps);
            app.attract_seconds += get_time() - started;
        }
        if !app.speed_reported
            && (frame + 1 >= SPEED_REPORT_FRAME || get_time() > SPEED_REPORT_SECONDS)
        {
            app.speed_reported = true;
            // Timed bursts on a copy of the attract game: long enough for the
            // browser's coarse clock, the same work on every platform. The fastest
            // burst is reported (the browser may still be tiering up its wasm JIT
            // for the first ones).
            let mut bursts = Vec::new();
            for _ in 0..SPEED_PROBE_BURSTS {
                // Every burst replays the same steps from the same state.
                let mut probe = app.attract.game.clone();
                let mut cpus = app.attract.cpus.clone();
                let t0 = get_time();
                for _ in 0..SPEED_PROBE_STEPS {
                    let mut inputs = Inputs { players: [Intent::IDLE; 2] };
                    for (k, cpu) in cpus.iter_mut().enumerate() {
                        if let Some(cpu) = cpu {
                            inputs.players[k] = cpu.intent(&probe);
                        }
                    }
                    probe.step(&inputs);
                }
                bursts.push(f64::from(SPEED_PROBE_STEPS) / (get_time() - t0).max(1e-6));
            }
            bursts.sort_by(f64::total_cmp);
            macroquad::miniquad::info!(
                "arkanong: speed probe: {} bursts of {} attract steps: fastest {:.0} steps per second, median {:.0}",
                SPEED_PROBE_BURSTS,
                SPEED_PROBE_STEPS,
                bursts[bursts.len() - 1],
                bursts[bursts.len() / 2]
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
        for p in &mut app.particles {
            p.position += p.velocity * dt;
            p.life -= dt;
        }
        app.particles.retain(|p| p.life > 0.0);
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
        draw_game(&view, shown, &app.particles);
        if app.debug {
            draw::draw_debug(&view, &shown.game, app.steps_per_second);
        }
        app.item_rects.clear();
        if app.demo {
            let t = "DEMO - press any key";
            let font = view.len(24.0);
            let dims = measure_text(t, None, font as u16, 1.0);
            let at = view.to_screen(vec2(arkanong::tuning::ARENA_WIDTH * 0.5, 160.0));
            draw_text(
                t,
                at.x - dims.width * 0.5,
                at.y,
                font,
                Color::new(1.0, 1.0, 1.0, 0.45),
            );
        } else if app.menu.screen != Screen::Playing {
            let names: Vec<String> = app
                .levels
                .iter()
                .map(|l| format!("{}  ({})", l.level.title, l.label.trim_end_matches(".txt")))
                .collect();
            let items = app.menu.items(&names);
            let (title, subtitle, extra): (&str, String, Vec<String>) = match app.menu.screen {
                Screen::Title => ("ARKANONG", "Arkanoid meets Pong".to_owned(), Vec::new()),
                Screen::ModeSelect => ("Play", "Who plays?".to_owned(), Vec::new()),
                Screen::DifficultySelect => {
                    ("CPU", "How hard should it play?".to_owned(), Vec::new())
                }
                Screen::LevelSelect => ("Levels", "Pick where to start".to_owned(), Vec::new()),
                Screen::Paused => ("Paused", "P or Esc to resume".to_owned(), Vec::new()),
                Screen::LevelCleared => (
                    "Cleared!",
                    app.session.as_ref().map_or(String::new(), outcome_text),
                    Vec::new(),
                ),
                Screen::GameOver => (
                    "Game over",
                    app.session.as_ref().map_or(String::new(), outcome_text),
                    Vec::new(),
                ),
                Screen::HighScores => (
                    "High scores",
                    "Solo and versus the CPU".to_owned(),
                    if app.scores.entries.is_empty() {
                        vec!["No scores yet: go and play!".to_owned()]
                    } else {
                        app.scores
                            .entries
                            .iter()
                            .enumerate()
                            .map(|(i, e)| {
                                format!("{:>2}. {:>5}  {}  {}", i + 1, e.score, e.mode, e.level)
                            })
                            .collect()
                    },
                ),
                Screen::Settings => (
                    "Settings",
                    "Left and right change a value".to_owned(),
                    Vec::new(),
                ),
                Screen::Controls => (
                    "Controls",
                    "How to play".to_owned(),
                    CONTROLS_HELP.iter().map(|s| (*s).to_owned()).collect(),
                ),
                Screen::Playing => unreachable!(),
            };
            app.item_rects = draw::draw_menu(&app.menu, title, &subtitle, &items, &extra);
        }
        if let Some(e) = &app.reload_error {
            draw::draw_message(e);
        } else if let Some((text, until)) = &app.notice {
            if get_time() < *until {
                draw::draw_message(text);
            }
        }

        if frame >= 30 {
            busy_seconds += get_time() - frame_started;
            busy_frames += 1;
        }
        frame += 1;
        if options.frames.is_some_and(|n| frame >= n) {
            if let Some(path) = &options.screenshot {
                save_screenshot(path, &view, &shown.game);
            }
            return;
        }
        next_frame().await;
    }
}

/// Saves the frame as PNG, and beside it a JSON file saying where the arena,
/// paddles and balls are on screen and in which colours, so a test can check the
/// picture against the game.
fn save_screenshot(path: &str, view: &View, game: &Game) {
    get_screen_data().export_png(path);
    let to_px = |p: Vec2| {
        let s = view.to_screen(p) * screen_dpi_scale();
        format!("[{:.1},{:.1}]", s.x, s.y)
    };
    let rgb = |c: Color| {
        format!(
            "[{},{},{}]",
            (c.r * 255.0) as u8,
            (c.g * 255.0) as u8,
            (c.b * 255.0) as u8
        )
    };
    let paddles: Vec<String> = game
        .players()
        .iter()
        .map(|p| {
            format!(
                "{{\"at\":{},\"color\":{}}}",
                to_px(game.world().paddles()[p.paddle.0 as usize].position),
                rgb(side_color(p.side))
            )
        })
        .collect();
    let balls: Vec<String> = game
        .world()
        .balls()
        .iter()
        .map(|b| {
            format!(
                "{{\"at\":{},\"radius\":{:.1},\"color\":{}}}",
                to_px(b.position),
                view.len(b.radius) * screen_dpi_scale(),
                rgb(side_color(Side::from_index(b.owner)))
            )
        })
        .collect();
    let json = format!(
        "{{\"width\":{},\"height\":{},\"arena_min\":{},\"arena_max\":{},\"paddles\":[{}],\"balls\":[{}]}}\n",
        (screen_width() * screen_dpi_scale()) as u32,
        (screen_height() * screen_dpi_scale()) as u32,
        to_px(Vec2::ZERO),
        to_px(vec2(arkanong::tuning::ARENA_WIDTH, arkanong::tuning::ARENA_HEIGHT)),
        paddles.join(","),
        balls.join(",")
    );
    if let Err(e) = std::fs::write(format!("{path}.json"), json) {
        eprintln!("{path}.json: cannot write: {e}");
    }
}
