//! The headless command-line tools: `arkanong check FILE...`, `arkanong sim LEVEL`,
//! `arkanong replay FILE` and `arkanong determinism`. No window is opened for these.

use std::io::Write;

use crate::level::{check_bytes, Severity};
use crate::user_file::{read_user_file, read_user_text, FileKind, ReadError};

/// Checks each level file, prints every diagnostic (rustc style) to `out`, and
/// returns the process exit code: 0 when every file is valid (warnings allowed),
/// 1 otherwise (including unreadable files), 2 for no files.
pub fn check_files(paths: &[String], out: &mut impl Write) -> i32 {
    if paths.is_empty() {
        let _ = writeln!(out, "usage: arkanong check FILE...");
        return 2;
    }
    let mut failed = 0;
    let mut warnings = 0;
    for path in paths {
        let bytes = match read_user_file(path, FileKind::Level) {
            Ok(b) => b,
            Err(e) => {
                let _ = writeln!(out, "{path}: error: {e}");
                failed += 1;
                continue;
            }
        };
        let checked = check_bytes(&bytes);
        let text = String::from_utf8_lossy(&bytes);
        for d in &checked.diagnostics {
            let _ = writeln!(out, "{}\n", d.render(path, &text));
            if d.severity == Severity::Warning {
                warnings += 1;
            }
        }
        if checked.level.is_none() {
            failed += 1;
        }
    }
    let _ = writeln!(
        out,
        "checked {} file{}: {} with errors, {warnings} warning{}",
        paths.len(),
        if paths.len() == 1 { "" } else { "s" },
        failed,
        if warnings == 1 { "" } else { "s" }
    );
    i32::from(failed > 0)
}

use crate::game::{
    gather_inputs, Cpu, Difficulty, Game, Inputs, Intent, Mode, Outcome, Replay, MAX_REPLAY_STEPS,
};
use crate::level::{shipped_levels, Level, Side};
use crate::tuning::STEPS_PER_SECOND;

/// Reads a level from a path, or from the shipped levels by file name or number
/// (`3`, `03_steel_line.txt`). Errors come back printed, ready to show.
pub fn load_level(name: &str) -> Result<(String, Level), String> {
    let (label, text) = load_level_text(name)?;
    let level = Level::parse(&text).map_err(|d| {
        d.iter()
            .map(|d| d.render(&label, &text))
            .collect::<Vec<_>>()
            .join("\n\n")
    })?;
    Ok((label, level))
}

/// A level's label and text, from a path or the shipped levels as [`load_level`]
/// finds them (a file that does not check comes back as its errors, printed).
pub fn load_level_text(name: &str) -> Result<(String, String), String> {
    Ok(match read_user_file(name, FileKind::Level) {
        Ok(bytes) => {
            let checked = crate::level::check_bytes(&bytes);
            let text = String::from_utf8_lossy(&bytes).into_owned();
            if checked.level.is_none() {
                let shown: Vec<String> = checked
                    .diagnostics
                    .iter()
                    .filter(|d| d.is_error())
                    .map(|d| d.render(name, &text))
                    .collect();
                return Err(shown.join("\n\n"));
            }
            (name.to_owned(), text)
        }
        Err(e @ (ReadError::TooLarge(_) | ReadError::NotText(_))) => {
            return Err(format!("{name}: error: {e}"))
        }
        Err(ReadError::Io(e)) => {
            let found = shipped_levels().iter().enumerate().find(|(i, l)| {
                l.file == name
                    || l.file.trim_end_matches(".txt") == name
                    || name.parse::<usize>().ok() == Some(i + 1)
            });
            match found {
                Some((_, l)) => (format!("levels/{}", l.file), l.text.to_owned()),
                None => return Err(format!("{name}: error: cannot read the level: {e}")),
            }
        }
    })
}

/// Options of `arkanong sim`.
#[derive(Debug, Clone, PartialEq)]
pub struct SimOptions {
    /// The level: a path or a shipped level's name or number.
    pub level: String,
    /// Stop after this many physics steps even if the game is not over.
    pub steps: u64,
    /// The game's seed.
    pub seed: u64,
    /// Versus (CPU against CPU) or solo (the CPU alone).
    pub mode: Mode,
    /// CPU strength for both sides, or `None` for paddles that stay still.
    pub cpu: Option<Difficulty>,
    /// A different strength for the top CPU.
    pub cpu_top: Option<Difficulty>,
    /// Write every ball at every step as CSV here.
    pub trace: Option<String>,
    /// Write a replay here.
    pub record: Option<String>,
}

/// Parses `sim` arguments (after the word `sim`).
pub fn parse_sim_args(args: &[String]) -> Result<SimOptions, String> {
    let mut o = SimOptions {
        level: String::new(),
        // Ten minutes of play.
        steps: u64::from(crate::tuning::STEPS_PER_SECOND) * 60 * 10,
        seed: 1,
        mode: Mode::Versus,
        cpu: Some(Difficulty::Normal),
        cpu_top: None,
        trace: None,
        record: None,
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |flag: &str| {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{flag} needs a value"))
        };
        match a.as_str() {
            "--steps" => {
                o.steps = value("--steps")?
                    .parse()
                    .map_err(|_| "--steps takes a whole number".to_owned())?
            }
            "--seed" => {
                o.seed = value("--seed")?
                    .parse()
                    .map_err(|_| "--seed takes a whole number".to_owned())?
            }
            "--mode" => {
                o.mode = match value("--mode")?.as_str() {
                    "versus" => Mode::Versus,
                    "solo" => Mode::Solo,
                    m => return Err(format!("unknown mode `{m}`: use versus or solo")),
                }
            }
            "--cpu" => {
                let v = value("--cpu")?;
                o.cpu = if v == "off" {
                    None
                } else {
                    Some(Difficulty::from_keyword(&v).ok_or(format!(
                        "unknown --cpu `{v}`: use off, easy, normal or hard"
                    ))?)
                };
            }
            "--cpu-top" => {
                let v = value("--cpu-top")?;
                o.cpu_top = Some(
                    Difficulty::from_keyword(&v)
                        .ok_or(format!("unknown --cpu-top `{v}`: use easy, normal or hard"))?,
                );
            }
            "--frames" => {
                return Err("sim counts physics steps, not drawn frames: use --steps N".to_owned())
            }
            "--trace" => o.trace = Some(value("--trace")?),
            "--record" => o.record = Some(value("--record")?),
            flag if flag.starts_with("--") => return Err(format!("unknown option `{flag}`")),
            level if o.level.is_empty() => o.level = level.to_owned(),
            extra => return Err(format!("unexpected argument `{extra}`")),
        }
    }
    if o.level.is_empty() {
        return Err(crate::usage::command("sim")
            .map(crate::usage::command_usage)
            .unwrap_or_default());
    }
    // A replay longer than `replay` reads back would be written for nothing.
    if o.record.is_some() && o.steps > MAX_REPLAY_STEPS as u64 {
        return Err(format!("--record keeps at most {MAX_REPLAY_STEPS} steps"));
    }
    Ok(o)
}

/// The end of a headless game.
#[derive(Debug, Clone, PartialEq)]
pub struct SimResult {
    /// Steps played.
    pub steps: u64,
    /// How it ended, if it did.
    pub outcome: Option<Outcome>,
    /// Scores, bottom first.
    pub scores: Vec<u32>,
    /// Balls in play or held at the end.
    pub balls: usize,
    /// Breakable bricks left.
    pub bricks_left: usize,
    /// The final state hash.
    pub hash: u64,
}

/// Plays a game headless with CPUs (or still paddles), feeding `observe` every step.
pub fn simulate(
    level: &Level,
    o: &SimOptions,
    mut observe: impl FnMut(&Game, &Inputs),
) -> (SimResult, Vec<Inputs>) {
    let mut game = Game::new(level, o.mode, o.seed);
    let mut cpus: [Option<Cpu>; 2] = match o.cpu {
        None => [None, None],
        Some(d) => [
            Some(Cpu::new(Side::Bottom, d, o.seed)),
            (o.mode == Mode::Versus)
                .then(|| Cpu::new(Side::Top, o.cpu_top.unwrap_or(d), o.seed.wrapping_add(1))),
        ],
    };
    let mut history = Vec::new();
    while game.outcome().is_none() && game.steps() < o.steps {
        let inputs = gather_inputs(&game, &mut cpus, |_| Intent::IDLE);
        game.step(&inputs);
        observe(&game, &inputs);
        history.push(inputs);
    }
    let result = SimResult {
        steps: game.steps(),
        outcome: game.outcome(),
        scores: game.players().iter().map(|p| p.score).collect(),
        balls: game.ball_count(),
        bricks_left: game.breakable_left(),
        hash: game.state_hash(),
    };
    (result, history)
}

/// `arkanong sim ...`: plays a level headless and prints a summary.
pub fn sim(args: &[String], out: &mut impl Write) -> i32 {
    let o = match parse_sim_args(args) {
        Ok(o) => o,
        Err(e) => {
            let _ = writeln!(out, "{e}");
            return 2;
        }
    };
    let (label, level) = match load_level(&o.level) {
        Ok(l) => l,
        Err(e) => {
            let _ = writeln!(out, "{e}");
            return 1;
        }
    };
    let mut trace = match o.trace.as_deref().map(open_trace).transpose() {
        Ok(t) => t,
        Err(e) => {
            let _ = writeln!(out, "{e}");
            return 1;
        }
    };
    let started = std::time::Instant::now();
    let (r, history) = simulate(&level, &o, |game, _| {
        if let Some(w) = trace.as_mut() {
            write_trace_rows(w, game);
        }
    });
    let seconds = started.elapsed().as_secs_f64();
    if let Some(w) = trace.as_mut() {
        let _ = w.flush();
    }
    if let Some(path) = &o.record {
        let replay = Replay {
            seed: o.seed,
            mode: o.mode,
            level_text: level.to_text(),
            inputs: history,
            final_hash: r.hash,
        };
        if let Err(e) = std::fs::write(path, replay.to_text()) {
            let _ = writeln!(out, "{path}: error: cannot write the replay: {e}");
            return 1;
        }
    }
    let _ = writeln!(
        out,
        "level:       {label} ({}), mode {}, seed {}",
        level.title,
        o.mode.keyword(),
        o.seed
    );
    let _ = write_summary(out, &r, seconds);
    0
}

/// Creates a trace file with its CSV header.
fn open_trace(path: &str) -> Result<std::io::BufWriter<std::fs::File>, String> {
    let f = std::fs::File::create(path)
        .map_err(|e| format!("{path}: error: cannot write the trace: {e}"))?;
    let mut w = std::io::BufWriter::new(f);
    let _ = writeln!(w, "step,ball,x,y,vx,vy,owner");
    Ok(w)
}

/// One CSV row per ball in play.
fn write_trace_rows(w: &mut impl Write, game: &Game) {
    for b in game.world().balls() {
        let _ = writeln!(
            w,
            "{},{},{},{},{},{},{}",
            game.steps(),
            b.id.0,
            b.position.x,
            b.position.y,
            b.velocity.x,
            b.velocity.y,
            b.owner
        );
    }
}

/// How a headless game ended, one fact per line; `seconds` is the time it took.
fn write_summary(out: &mut impl Write, r: &SimResult, seconds: f64) -> std::io::Result<()> {
    let winner = match r.outcome {
        Some(Outcome::Won(s)) => s.keyword(),
        Some(Outcome::Draw) => "draw",
        Some(Outcome::Cleared) => "cleared (solo win)",
        Some(Outcome::OutOfLives) => "out of lives (solo loss)",
        None => "none yet (step limit)",
    };
    let scores: Vec<String> = r.scores.iter().map(u32::to_string).collect();
    writeln!(
        out,
        "steps:       {} ({:.1} s of play), {:.0} steps per second",
        r.steps,
        r.steps as f64 / f64::from(STEPS_PER_SECOND),
        r.steps as f64 / seconds.max(1e-9)
    )?;
    writeln!(out, "score:       {}", scores.join(" - "))?;
    writeln!(out, "balls:       {}", r.balls)?;
    writeln!(out, "bricks left: {}", r.bricks_left)?;
    writeln!(out, "winner:      {winner}")?;
    writeln!(out, "state hash:  {:016x}", r.hash)
}

/// `arkanong replay FILE`: plays a replay back and checks its final state hash.
pub fn replay(args: &[String], out: &mut impl Write) -> i32 {
    let [path] = args else {
        let _ = writeln!(out, "usage: arkanong replay FILE");
        return 2;
    };
    let text = match read_user_text(path, FileKind::Replay) {
        Ok(t) => t,
        Err(e) => {
            let _ = writeln!(out, "{path}: error: {e}");
            return 1;
        }
    };
    let result = Replay::parse(&text).and_then(|r| r.verify().map(|h| (r.inputs.len(), h)));
    match result {
        Ok((steps, hash)) => {
            let _ = writeln!(
                out,
                "{path}: ok: {steps} steps replayed, final state {hash:016x} matches"
            );
            0
        }
        Err(e) => {
            let _ = writeln!(out, "{path}: error: {e}");
            1
        }
    }
}

/// `arkanong determinism`: prints the two cross-platform hashes (the embedded replay
/// fixture's and the attract play's), as the web build logs them at start-up; exits
/// 1 if the fixture no longer ends in its recorded hash.
pub fn determinism(args: &[String], out: &mut impl Write) -> i32 {
    if !args.is_empty() {
        let _ = writeln!(out, "usage: arkanong determinism");
        return 2;
    }
    match crate::app::play::determinism_report() {
        Ok(report) => {
            for line in report.lines() {
                let _ = writeln!(out, "{line}");
            }
            i32::from(!report.replay_matches())
        }
        Err(e) => {
            let _ = writeln!(out, "error: {e}");
            1
        }
    }
}

/// What `arkanong lab ...` asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum LabCommand {
    /// `--list`: print the scenes, open no window.
    List,
    /// Open the lab at `scene`; `window` holds the window flags (`--frames`,
    /// `--screenshot`, `--size`, `--seed`) for the game's own option parser.
    Open {
        /// The scene to open.
        scene: crate::app::lab::Scene,
        /// The window flags and their values, in order.
        window: Vec<String>,
    },
}

/// Parses `lab` arguments (after the word `lab`): `--list`, or an optional scene
/// name (or number) and window flags.
pub fn parse_lab_args(args: &[String]) -> Result<LabCommand, String> {
    use crate::app::lab::Scene;
    let mut scene = None;
    let mut window = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--list" => return Ok(LabCommand::List),
            "--frames" | "--screenshot" | "--size" | "--seed" => {
                window.push(a.clone());
                window.push(it.next().cloned().ok_or(format!("{a} needs a value"))?);
            }
            flag if flag.starts_with("--") => window.push(a.clone()),
            name if scene.is_none() => {
                scene = Some(Scene::from_name(name).ok_or_else(|| {
                    format!(
                        "unknown scene `{name}`; the scenes are:\n{}",
                        crate::app::lab::scene_list()
                    )
                })?)
            }
            extra => return Err(format!("unexpected argument `{extra}`")),
        }
    }
    Ok(LabCommand::Open {
        scene: scene.unwrap_or(Scene::ALL[0]),
        window,
    })
}

#[cfg(test)]
mod lab_tests {
    use super::*;
    use crate::app::lab::Scene;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn parse_lab_args_scene_and_window_flags() {
        assert_eq!(parse_lab_args(&args("--list")), Ok(LabCommand::List));
        assert_eq!(
            parse_lab_args(&args("swept-circle --frames 30 --screenshot a.png")),
            Ok(LabCommand::Open {
                scene: Scene::SweptCircle,
                window: args("--frames 30 --screenshot a.png"),
            })
        );
        assert!(matches!(
            parse_lab_args(&[]),
            Ok(LabCommand::Open {
                scene: Scene::SegmentCrossing,
                ..
            })
        ));
        assert!(parse_lab_args(&args("nope")).is_err_and(|e| e.contains("segment-crossing")));
        assert!(parse_lab_args(&args("--frames")).is_err());
    }
}
