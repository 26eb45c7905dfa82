//! Arkanong's desktop (and web) shell: the command line, then the main loop.
//!
//! The loop reads like a macroquad example: input, update (the fixed steps the
//! frame's time calls for), draw, `next_frame().await`. Everything it calls lives
//! in `shell/`; the game itself is the headless `arkanong` library.

mod shell;

use std::path::PathBuf;

use arkanong::app::lab::Scene;
use arkanong::app::{
    play::check_play_mode, play::parse_game_options, play::GameOptions, records::level_list,
    records::place_named_level, records::LevelEntry,
};
use arkanong::cli::LabCommand;
use arkanong::usage::Triage;
use arkanong::user_file::{read_user_text, FileKind};
use macroquad::prelude::*;

use shell::App;

/// The window: `--size WxH`, or 720x900 (portrait, the arena's shape with room
/// for the HUD).
fn window_conf(size: Option<(u32, u32)>) -> Conf {
    let (w, h) = size.unwrap_or((720, 900));
    Conf {
        window_title: "Arkanong".to_owned(),
        window_width: i32::try_from(w).unwrap_or(720),
        window_height: i32::try_from(h).unwrap_or(900),
        high_dpi: true,
        window_resizable: true,
        ..Default::default()
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // `--help` and unknown options are answered from the usage table before any
    // command runs: help exits 0, misuse prints the usage and exits 2.
    let (command, args) = match arkanong::usage::triage(&args) {
        Triage::Run(command, rest) => (command.name, rest),
        Triage::Help(text) => {
            print!("{text}");
            std::process::exit(0);
        }
        Triage::Misuse(text) => {
            eprint!("{text}");
            std::process::exit(2);
        }
    };
    let tool = match command {
        "check" => Some(
            arkanong::cli::check_files as fn(&[String], &mut std::io::StdoutLock<'static>) -> i32,
        ),
        "sim" => Some(arkanong::cli::sim as _),
        "replay" => Some(arkanong::cli::replay as _),
        "determinism" => Some(arkanong::cli::determinism as _),
        #[cfg(all(feature = "online", not(target_arch = "wasm32")))]
        "online" => Some(arkanong::app::online::online as _),
        #[cfg(all(feature = "online", not(target_arch = "wasm32")))]
        "server" => Some(arkanong::app::online::server as _),
        _ => None,
    };
    if let Some(tool) = tool {
        std::process::exit(tool(&args, &mut std::io::stdout().lock()));
    }
    if command == "edit" {
        return edit(&args);
    }
    let (args, lab) = match command {
        "lab" => lab_command(&args),
        _ => (args, None),
    };
    let options = match parse_game_options(&args) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let mut levels = level_list();
    let mut named = None;
    if let Some(path) = &options.level {
        // A broken level named on the command line is an error before any window opens.
        match arkanong::cli::load_level(path) {
            Ok((label, level)) => {
                named = Some(place_named_level(
                    &mut levels,
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
        if let Err(e) = check_play_mode(mode, levels[at].level.mode) {
            eprintln!("{path}: {e}");
            std::process::exit(2);
        }
    }
    shell::watch_for_missing_audio_device();
    macroquad::Window::from_config(window(options.size), run(options, levels, lab, None));
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
fn edit(args: &[String]) {
    let edit = match arkanong::app::editor::parse_edit_options(args) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    let options = GameOptions {
        seed: 1,
        frames: edit.frames,
        screenshot: edit.screenshot,
        size: edit.size,
        ..GameOptions::default()
    };
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
    let levels = level_list();
    // The editor's test-play sounds like the game: quiet without a sound device.
    shell::watch_for_missing_audio_device();
    macroquad::Window::from_config(window(options.size), run(options, levels, None, file));
}

/// `arkanong lab [SCENE] [window flags]` and `arkanong lab --list`: the scene to
/// open and the window flags left for the game's option parser.
fn lab_command(args: &[String]) -> (Vec<String>, Option<Scene>) {
    match arkanong::cli::parse_lab_args(args) {
        Ok(LabCommand::List) => {
            print!("{}", arkanong::app::lab::scene_list());
            std::process::exit(0);
        }
        Ok(LabCommand::Open { scene, window }) => (window, Some(scene)),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    }
}

/// The main loop.
async fn run(
    options: GameOptions,
    levels: Vec<LevelEntry>,
    lab: Option<Scene>,
    edit: Option<PathBuf>,
) {
    // The browser proves its game is the desktop's: the same two hashes as
    // `arkanong determinism` prints (tests/browser_test.py compares them).
    #[cfg(target_arch = "wasm32")]
    match arkanong::app::play::determinism_report() {
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
        app.open_editor(shell::Store::File(arkanong::app::editor::TextWatch::new(
            path,
        )));
    }
    // `?online&server=...&room=...`: a CPU plays an online match beside the game
    // and the console gets the same line as `arkanong online --headless`.
    #[cfg(all(feature = "online", target_arch = "wasm32"))]
    let mut web_online = arkanong::app::online::WebRun::from_page();
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
