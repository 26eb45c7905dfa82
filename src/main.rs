//! Arkanong's desktop (and web) shell: the command line, then the main loop.
//!
//! The loop reads like a macroquad example: input, update (the fixed steps the
//! frame's time calls for), draw, `next_frame().await`. Everything it calls lives
//! in `shell/`; the game itself is the headless `arkanong` library.

mod shell;

use std::path::PathBuf;

use arkanong::app::lab::Scene;
use arkanong::app::{level_list, parse_game_options, GameOptions, LevelEntry};
use arkanong::cli::LabCommand;
use macroquad::prelude::*;

use shell::App;

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
    let (args, lab) = lab_command(args);
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
    shell::watch_for_missing_audio_device();
    macroquad::Window::from_config(window_conf(), run(options, levels, lab));
}

/// `arkanong lab [SCENE] [window flags]` and `arkanong lab --list`: the scene to
/// open and the window flags left for the game's option parser.
fn lab_command(args: Vec<String>) -> (Vec<String>, Option<Scene>) {
    if args.first().map(String::as_str) != Some("lab") {
        return (args, None);
    }
    match arkanong::cli::parse_lab_args(&args[1..]) {
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
async fn run(options: GameOptions, levels: Vec<LevelEntry>, lab: Option<Scene>) {
    let mut app = App::new(options, levels);
    if let Some(scene) = lab {
        app.open_lab(scene);
    }
    loop {
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
