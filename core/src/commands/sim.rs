//! `arkanong sim LEVEL`: a level played headless, CPU against CPU (or still
//! paddles), with a summary, and optionally a trace and a replay.

use std::io::Write;

use crate::game::{
    gather_inputs, Cpu, Difficulty, Game, Inputs, Intent, Mode, Outcome, Replay, MAX_REPLAY_STEPS,
};
use crate::level::{load_level, Level, Side};
use crate::tuning::STEPS_PER_SECOND;

/// Ten minutes of play: `sim`'s step limit without `--steps`.
pub const SIM_STEPS: u64 = STEPS_PER_SECOND as u64 * 60 * 10;

/// Options of `arkanong sim`.
#[derive(clap::Args, Debug, Clone, PartialEq)]
pub struct SimOptions {
    /// The level: a path, or a shipped level's name or number
    #[arg(value_name = "LEVEL")]
    pub level: String,
    /// Stop after N physics steps (`--frames` is accepted for it)
    #[arg(long, alias = "frames", value_name = "N", default_value_t = SIM_STEPS)]
    pub steps: u64,
    /// The game's seed
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// The rules to play
    #[arg(long, value_name = "versus|solo", default_value = "versus", value_parser = parse_mode)]
    pub mode: Mode,
    /// CPU strength, or still paddles
    // The full path keeps clap from reading `Option` as "the flag may be absent":
    // `off` is a value, and it means no CPU.
    #[arg(long, value_name = "off|easy|normal|hard", default_value = "normal", value_parser = parse_cpu)]
    pub cpu: std::option::Option<Difficulty>,
    /// A different strength for the top CPU
    #[arg(long, value_name = "easy|normal|hard", value_parser = parse_cpu_top)]
    pub cpu_top: Option<Difficulty>,
    /// Write every ball at every step as CSV
    #[arg(long, value_name = "FILE")]
    pub trace: Option<String>,
    /// Write a replay
    #[arg(long, value_name = "FILE")]
    pub record: Option<String>,
}

/// `--mode`'s value.
fn parse_mode(m: &str) -> Result<Mode, String> {
    match m {
        "versus" => Ok(Mode::Versus),
        "solo" => Ok(Mode::Solo),
        _ => Err(format!("unknown mode `{m}`: use versus or solo")),
    }
}

/// `--cpu`'s value: a strength, or `off` for none.
fn parse_cpu(v: &str) -> Result<Option<Difficulty>, String> {
    if v == "off" {
        return Ok(None);
    }
    Difficulty::from_keyword(v).map(Some).ok_or(format!(
        "unknown --cpu `{v}`: use off, easy, normal or hard"
    ))
}

/// `--cpu-top`'s value.
fn parse_cpu_top(v: &str) -> Result<Difficulty, String> {
    Difficulty::from_keyword(v).ok_or(format!("unknown --cpu-top `{v}`: use easy, normal or hard"))
}

impl SimOptions {
    /// What clap cannot check flag by flag: a replay longer than `replay` reads
    /// back would be written for nothing.
    pub fn check(&self) -> Result<(), String> {
        if self.record.is_some() && self.steps > MAX_REPLAY_STEPS as u64 {
            return Err(format!("--record keeps at most {MAX_REPLAY_STEPS} steps"));
        }
        Ok(())
    }
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
pub fn sim(o: &SimOptions, out: &mut impl Write) -> i32 {
    if let Err(e) = o.check() {
        let _ = writeln!(out, "{e}");
        return 2;
    }
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
    let (r, history) = simulate(&level, o, |game, _| {
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
            rules: level.rules,
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

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Sim {
        #[command(flatten)]
        o: SimOptions,
    }

    fn parse(line: &str) -> Result<SimOptions, clap::Error> {
        Sim::try_parse_from(std::iter::once("sim").chain(line.split_whitespace())).map(|s| s.o)
    }

    #[test]
    fn sim_options_default_and_read_every_flag() {
        let o = parse("3").unwrap();
        assert_eq!((o.steps, o.seed, o.mode), (SIM_STEPS, 1, Mode::Versus));
        assert_eq!((o.cpu, o.cpu_top), (Some(Difficulty::Normal), None));
        let o = parse("3 --steps 50 --seed 7 --mode solo --cpu off --cpu-top hard --trace t.csv --record r.replay")
            .unwrap();
        assert_eq!(
            (o.level.as_str(), o.steps, o.seed, o.mode),
            ("3", 50, 7, Mode::Solo)
        );
        assert_eq!((o.cpu, o.cpu_top), (None, Some(Difficulty::Hard)));
        assert_eq!(
            (o.trace.as_deref(), o.record.as_deref()),
            (Some("t.csv"), Some("r.replay"))
        );
        assert_eq!(
            parse("3 --frames 40").unwrap().steps,
            40,
            "--frames is --steps"
        );
    }

    #[test]
    fn sim_options_refuse_bad_values() {
        for (line, says) in [
            ("", "LEVEL"),
            ("3 --mode duel", "unknown mode `duel`"),
            ("3 --cpu genius", "use off, easy, normal or hard"),
            ("3 --cpu-top off", "use easy, normal or hard"),
            ("3 --steps x", "--steps"),
            ("3 --speed 4", "--speed"),
            ("3 4", "'4'"),
        ] {
            let e = parse(line).err().unwrap_or_else(|| panic!("{line} parsed"));
            assert!(e.to_string().contains(says), "{line}: {e}");
        }
        let long = parse(&format!("3 --record r --steps {}", MAX_REPLAY_STEPS + 1)).unwrap();
        assert!(long.check().unwrap_err().contains("--record keeps at most"));
        assert!(parse("3 --record r").unwrap().check().is_ok());
    }
}
