//! Replays: the seed, the mode, the level's text and every step's inputs, in a
//! small text file, plus the hash of the final state. Playing a replay back must
//! reach the same hash, or the simulation is not deterministic.
//!
//! The format, line by line:
//!
//! ```text
//! arkanong-replay 1
//! seed 42
//! mode versus
//! rules 2          (absent in replays recorded before rules 2: they are rules 1)
//! hash 0123456789abcdef
//! level
//! | (each line of the level's text, after "| ")
//! inputs
//! 120 ....,....     (a count, then the two players' intents, run-length encoded)
//! end
//! ```
//!
//! An intent is four characters: `<` `.` `>` for left, still, right; `^` `.` `v`
//! for up, still, down; `f` or `.` for fire; `s` or `.` for serve; then, for a
//! pointer's intent only, `@X:Y`, the place it asks for in whole arena units
//! (`..f.@400:940`). Replays recorded before the pointer had a place have no `@`
//! and read as they always did.

use std::fmt::Write;

use super::{Game, Inputs, Intent, Mode, PointerTarget};
use crate::level::{Level, RulesVersion};

/// A recorded game.
#[derive(Debug, Clone, PartialEq)]
pub struct Replay {
    /// The game's seed.
    pub seed: u64,
    /// Its rules.
    pub mode: Mode,
    /// The version of the rules it was played by (the level's own `rules` line,
    /// if any, gives way to it).
    pub rules: RulesVersion,
    /// The level, as text.
    pub level_text: String,
    /// Every step's inputs.
    pub inputs: Vec<Inputs>,
    /// The game's state hash after the last step.
    pub final_hash: u64,
}

/// Why a replay cannot be read or does not match.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// A line does not fit the format.
    #[error("line {line}: {message}")]
    Format {
        /// Line number, from 1.
        line: usize,
        /// What is wrong.
        message: String,
    },
    /// The level inside does not parse.
    #[error("the level in the replay does not load: {0}")]
    Level(String),
    /// Playing it back ended in another state.
    #[error("the replay ends in state {actual:016x}, but {expected:016x} was recorded")]
    Mismatch {
        /// The hash recorded.
        expected: u64,
        /// The hash reached.
        actual: u64,
    },
}

/// Most steps a replay may hold (about 23 hours at 120 steps a second): a bound
/// on the memory (20 bytes a step) and time a malformed file can claim.
pub const MAX_REPLAY_STEPS: usize = 10_000_000;

fn encode(i: Intent) -> String {
    let mut s: String = [
        ['<', '.', '>'][(i.dx.clamp(-1, 1) + 1) as usize],
        ['^', '.', 'v'][(i.dy.clamp(-1, 1) + 1) as usize],
        if i.fire { 'f' } else { '.' },
        if i.serve { 's' } else { '.' },
    ]
    .iter()
    .collect();
    if let Some(t) = i.target {
        let _ = write!(s, "@{}:{}", t.x, t.y);
    }
    s
}

/// Reads the inputs' lines up to `end`, from `next` (a line and its number, or the
/// error for a file that ends first).
fn read_runs<'a>(
    mut next: impl FnMut(&str) -> Result<(usize, &'a str), ReplayError>,
) -> Result<Vec<Inputs>, ReplayError> {
    let mut inputs = Vec::new();
    loop {
        let (n, l) = next("`end`")?;
        if l.trim() == "end" {
            return Ok(inputs);
        }
        let format = |message: &str| ReplayError::Format {
            line: n,
            message: message.to_owned(),
        };
        let (count, players) = parse_run(l).map_err(format)?;
        // Subtract, never add: `len + count` wraps for a count near usize::MAX.
        if count > MAX_REPLAY_STEPS - inputs.len() {
            return Err(format(&format!(
                "too many steps: a replay may hold at most {MAX_REPLAY_STEPS}"
            )));
        }
        inputs.extend(std::iter::repeat_n(Inputs { players }, count));
    }
}

/// Reads one line of the inputs: a count, then the two players' intents.
fn parse_run(line: &str) -> Result<(usize, [Intent; 2]), &'static str> {
    let (count, pair) = line
        .trim()
        .split_once(' ')
        .ok_or("expected `COUNT INTENT,INTENT`")?;
    let count: usize = count.parse().map_err(|_| {
        if !count.is_empty() && count.bytes().all(|b| b.is_ascii_digit()) {
            "the count is too large"
        } else {
            "the count is not a number"
        }
    })?;
    let (a, b) = pair
        .split_once(',')
        .ok_or("expected two intents separated by `,`")?;
    let (Some(a), Some(b)) = (decode(a), decode(b)) else {
        return Err(
            "an intent is four characters like `<.f.`, and a pointer's place like `@400:940`",
        );
    };
    Ok((count, [a, b]))
}

fn decode(s: &str) -> Option<Intent> {
    let (s, target) = match s.split_once('@') {
        Some((keys, place)) => (keys, Some(decode_target(place)?)),
        None => (s, None),
    };
    let c: Vec<char> = s.chars().collect();
    let [x, y, f, v] = c[..] else { return None };
    Some(Intent {
        dx: match x {
            '<' => -1,
            '.' => 0,
            '>' => 1,
            _ => return None,
        },
        dy: match y {
            '^' => -1,
            '.' => 0,
            'v' => 1,
            _ => return None,
        },
        fire: match f {
            'f' => true,
            '.' => false,
            _ => return None,
        },
        serve: match v {
            's' => true,
            '.' => false,
            _ => return None,
        },
        target,
    })
}

/// `X:Y` in whole arena units, inside the arena (anything else is not a place).
fn decode_target(place: &str) -> Option<PointerTarget> {
    let (x, y) = place.split_once(':')?;
    let digits = |v: &str| !v.is_empty() && v.len() <= 4 && v.bytes().all(|b| b.is_ascii_digit());
    if !digits(x) || !digits(y) {
        return None;
    }
    let t = PointerTarget {
        x: x.parse().ok()?,
        y: y.parse().ok()?,
    };
    (t.clamped() == t).then_some(t)
}

impl Replay {
    /// Plays `inputs` on a new game and records the result.
    pub fn record(level: &Level, mode: Mode, seed: u64, inputs: Vec<Inputs>) -> Replay {
        let mut game = Game::new(level, mode, seed);
        for i in &inputs {
            game.step(i);
        }
        Replay {
            seed,
            mode,
            rules: level.rules,
            level_text: level.to_text(),
            inputs,
            final_hash: game.state_hash(),
        }
    }

    /// The replay as text.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(
            s,
            "arkanong-replay 1\nseed {}\nmode {}",
            self.seed,
            self.mode.keyword()
        );
        // Rules 1 replays are written as they always were.
        if self.rules != RulesVersion::V1 {
            let _ = writeln!(s, "rules {}", self.rules.number());
        }
        let _ = writeln!(s, "hash {:016x}\nlevel", self.final_hash);
        for line in crate::level::parse_lines(&self.level_text) {
            let _ = writeln!(s, "| {line}");
        }
        let _ = writeln!(s, "inputs");
        let mut k = 0;
        while k < self.inputs.len() {
            let run = self.inputs[k..]
                .iter()
                .take_while(|&&i| i == self.inputs[k])
                .count();
            let [a, b] = self.inputs[k].players.map(encode);
            let _ = writeln!(s, "{run} {a},{b}");
            k += run;
        }
        let _ = writeln!(s, "end");
        s
    }

    /// Reads a replay.
    pub fn parse(text: &str) -> Result<Replay, ReplayError> {
        let err = |line: usize, message: &str| ReplayError::Format {
            line,
            message: message.to_owned(),
        };
        let mut lines = crate::level::parse_lines(text)
            .enumerate()
            .map(|(i, l)| (i + 1, l));
        // The line after the last one read: where a missing line was expected
        // (line 1 in an empty file).
        let mut at = 1;
        let mut next = |what: &str| match lines.next() {
            Some((n, l)) => {
                at = n + 1;
                Ok((n, l))
            }
            None => Err(err(at, &format!("the file ends before {what}"))),
        };
        let (n, l) = next("the header")?;
        if l.trim() != "arkanong-replay 1" {
            return Err(err(
                n,
                "not an Arkanong replay (expected `arkanong-replay 1`)",
            ));
        }
        let (n, l) = next("the seed")?;
        let seed = l
            .strip_prefix("seed ")
            .and_then(|v| v.trim().parse().ok())
            .ok_or_else(|| err(n, "expected `seed N`"))?;
        let (n, l) = next("the mode")?;
        let mode = match l.trim() {
            "mode versus" => Mode::Versus,
            "mode solo" => Mode::Solo,
            _ => return Err(err(n, "expected `mode versus` or `mode solo`")),
        };
        let (mut n, mut l) = next("the hash")?;
        let mut rules = RulesVersion::V1;
        if let Some(v) = l.strip_prefix("rules ") {
            rules = v
                .trim()
                .parse()
                .ok()
                .and_then(RulesVersion::from_number)
                .ok_or_else(|| {
                    err(
                        n,
                        &format!(
                            "expected `rules` and a version from 1 to {}",
                            RulesVersion::CURRENT.number()
                        ),
                    )
                })?;
            (n, l) = next("the hash")?;
        }
        let final_hash = l
            .strip_prefix("hash ")
            .and_then(|v| u64::from_str_radix(v.trim(), 16).ok())
            .ok_or_else(|| err(n, "expected `hash` and 16 hex digits"))?;
        let (n, l) = next("the level")?;
        if l.trim() != "level" {
            return Err(err(n, "expected `level`"));
        }
        let mut level_text = String::new();
        loop {
            let (n, l) = next("`inputs`")?;
            if l.trim() == "inputs" {
                break;
            }
            let body = l
                .strip_prefix("| ")
                .or_else(|| l.strip_prefix('|'))
                .ok_or_else(|| err(n, "level lines start with `| `"))?;
            level_text.push_str(body);
            level_text.push('\n');
        }
        let inputs = read_runs(&mut next)?;
        Ok(Replay {
            seed,
            mode,
            rules,
            level_text,
            inputs,
            final_hash,
        })
    }

    /// The replay's level, to be played by the replay's rules.
    pub fn level(&self) -> Result<Level, ReplayError> {
        let mut level = Level::parse(&self.level_text).map_err(|d| {
            ReplayError::Level(d.first().map_or(String::new(), |d| d.message.clone()))
        })?;
        level.rules = self.rules;
        Ok(level)
    }

    /// Plays the replay back and checks the final state; returns the hash reached.
    pub fn verify(&self) -> Result<u64, ReplayError> {
        let level = self.level()?;
        let mut game = Game::new(&level, self.mode, self.seed);
        for i in &self.inputs {
            game.step(i);
        }
        let actual = game.state_hash();
        if actual == self.final_hash {
            Ok(actual)
        } else {
            Err(ReplayError::Mismatch {
                expected: self.final_hash,
                actual,
            })
        }
    }
}
