//! Arkanong's desktop (and web) shell: the command line, then the main loop.
//!
//! The loop reads like a macroquad example: input, update (the fixed steps the
//! frame's time calls for), draw, `next_frame().await`. Everything it calls lives
//! in `shell/`; the game itself is the headless core (`core/`, the `arkanong_core` library).

mod shell;

use std::path::PathBuf;

use arkanong_core::app::lab::Scene;
use arkanong_core::app::layout::DEFAULT_WINDOW;
use arkanong_core::app::{
    play::check_play_mode, play::GameOptions, records::place_named_level, records::read_levels,
    records::LevelList,
};
#[cfg(not(target_arch = "wasm32"))]
use arkanong_core::commands::{Cli, Command, EditArgs, LabArgs};
#[cfg(not(target_arch = "wasm32"))]
use arkanong_core::user_file::{read_user_text, FileKind};
#[cfg(not(target_arch = "wasm32"))]
use clap::Parser;
use macroquad::prelude::*;

use shell::App;

/// The window: `--size WxH`, or `DEFAULT_WINDOW` (portrait, the arena's shape
/// with room for the HUD, fitting a 1280x800 screen).
fn window_conf(size: Option<(u32, u32)>) -> Conf {
    let (w, h) = size.unwrap_or(DEFAULT_WINDOW);
    Conf {
        window_title: "Arkanong".to_owned(),
        window_width: i32::try_from(w).unwrap_or(DEFAULT_WINDOW.0 as i32),
        window_height: i32::try_from(h).unwrap_or(DEFAULT_WINDOW.1 as i32),
        high_dpi: true,
        window_resizable: true,
        ..Default::default()
    }
}

/// The browser's entry: a page has no command line, so the game starts with no
/// flags (what the parser gives for none, tested in `commands::args`), and
/// neither the parser nor the headless tools are built into the .wasm.
#[cfg(target_arch = "wasm32")]
fn main() {
    play(GameOptions::no_flags())
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    // clap answers `--help` (exit 0) and misuse (the usage, exit 2) by itself.
    let cli = Cli::parse();
    let out = &mut std::io::stdout().lock();
    let command = match cli.command {
        None => return play(cli.game),
        Some(command) => command,
    };
    let code = match command {
        Command::Check(a) => arkanong_core::commands::check_files(&a.files, out),
        Command::Sim(o) => arkanong_core::commands::sim(&o, out),
        Command::Balance(o) => arkanong_core::commands::balance(&o, out),
        Command::Replay(a) => arkanong_core::commands::replay(&a.file, out),
        Command::Determinism => arkanong_core::commands::determinism(out),
        Command::Server(a) => arkanong_core::commands::server(&a, out),
        #[cfg(feature = "online")]
        Command::Online(a) => arkanong_core::commands::online(&a, out),
        Command::Lab(a) => return lab(a),
        Command::Edit(a) => return edit(a),
    };
    std::process::exit(code);
}

/// The game itself: `arkanong [--level FILE] [--seed N] ...`.
fn play(options: GameOptions) {
    // A CA named for https:// and wss:// servers is read before any window
    // opens: a missing or broken file is an error here, not a failed request later.
    #[cfg(all(feature = "online", not(target_arch = "wasm32")))]
    if let Err(e) = arkanong_core::app::net::trust_ca_file(options.ca_file.as_deref()) {
        eprintln!("{e}");
        std::process::exit(1);
    }
    let mut levels = read_levels();
    let mut named = None;
    if let Some(path) = &options.level {
        // A broken level named on the command line is an error before any window opens.
        match arkanong_core::level::load_level(path) {
            Ok((label, level)) => {
                named = Some(place_named_level(
                    &mut levels.entries,
                    label,
                    level,
                    PathBuf::from(path),
                ))
            }
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(1);
            }
        }
    }
    if let (Some(path), Some(mode), Some(at)) = (&options.level, options.mode, named) {
        // `--mode solo` on a versus-only level could never be won, and so on.
        if let Err(e) = check_play_mode(mode, levels.entries[at].level.mode) {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    }
    shell::watch_for_missing_audio_device();
    macroquad::Window::from_config(window(options.size), run(options, levels, None, None));
}

/// The window's configuration, with room for the batched ball meshes of the
/// stress mode in one draw call.
fn window(size: Option<(u32, u32)>) -> macroquad::conf::Conf {
    macroquad::conf::Conf {
        miniquad_conf: window_conf(size),
        draw_call_vertex_capacity: shell::CALL_CAPACITY.0,
        draw_call_index_capacity: shell::CALL_CAPACITY.1,
        ..Default::default()
    }
}

/// `arkanong edit FILE`: the level editor on a file (a new level if it does not
/// exist; nothing is written until the user saves).
#[cfg(not(target_arch = "wasm32"))]
fn edit(edit: EditArgs) {
    let options = edit.window.game_options(1);
    // A file that is there but cannot be read (too large, not text, a folder) is
    // an error before the window opens: opening a new level on it instead would
    // let the first save write over the player's file.
    match read_user_text(&edit.file, FileKind::Level) {
        Err(e) if !e.is_missing() => {
            eprintln!("{}: error: {e}", edit.file);
            std::process::exit(1);
        }
        _ => {}
    }
    let file = Some(PathBuf::from(edit.file));
    let levels = read_levels();
    // The editor's test-play sounds like the game: quiet without a sound device.
    shell::watch_for_missing_audio_device();
    macroquad::Window::from_config(window(options.size), run(options, levels, None, file));
}

/// `arkanong lab [SCENE] [window flags]` and `arkanong lab --list`.
#[cfg(not(target_arch = "wasm32"))]
fn lab(lab: LabArgs) {
    if lab.list {
        print!("{}", arkanong_core::app::lab::scene_list());
        return;
    }
    let options = lab.window.game_options(lab.seed);
    let scene = lab.scene.unwrap_or(Scene::ALL[0]);
    let levels = read_levels();
    shell::watch_for_missing_audio_device();
    macroquad::Window::from_config(
        window(options.size),
        run(options, levels, Some(scene), None),
    );
}

/// The main loop.
async fn run(options: GameOptions, levels: LevelList, lab: Option<Scene>, edit: Option<PathBuf>) {
    // The browser proves its game is the desktop's: the same hashes as
    // `arkanong determinism` prints (tests/browser_test.py compares them).
    #[cfg(target_arch = "wasm32")]
    match arkanong_core::commands::determinism_report() {
        Ok(report) => {
            for line in report.lines() {
                macroquad::miniquad::info!("arkanong: {}", line);
            }
        }
        Err(e) => macroquad::miniquad::error!("arkanong: determinism check: {}", e),
    }
    let mut app = App::new(options, levels);
    if let Some(scene) = lab {
        app.open_lab(scene);
    }
    if let Some(path) = edit {
        app.open_editor(path);
    }
    // `?online&server=...&room=...`: a CPU plays an online match beside the game
    // and the console gets the same line as `arkanong online --headless`.
    #[cfg(all(feature = "online", target_arch = "wasm32"))]
    let mut web_online = arkanong_core::commands::WebRun::from_page();
    loop {
        #[cfg(all(feature = "online", target_arch = "wasm32"))]
        for line in web_online.iter_mut().flat_map(|r| r.update()) {
            macroquad::miniquad::info!("{}", line);
        }
        let frame_started = get_time();
        app.input();
        app.update(get_frame_time());
        app.draw(frame_started);
        if app.is_done() {
            return;
        }
        next_frame().await;
    }
}
