//! The optional clauses that make a `[barriers]` line move: `move by DX,DY period
//! S` and `spin DEG`, after the shape's own words, in either order (the
//! contract of issue 34; `levels/README.md` shows them to writers).

use super::diagnostic::did_you_mean;
use super::parse::Parser;
use super::tokens::{number, point, shown, Token};
use super::{BarrierMotion, Diagnostic};
use crate::tuning::{MAX_BARRIER_SPIN, MAX_MOVE_PERIOD, MIN_MOVE_PERIOD};

/// The words that start a motion clause: a barrier line's own options end at
/// the first of them.
pub(super) const MOTION_WORDS: [&str; 2] = ["move", "spin"];

/// The example a hint shows.
const EXAMPLE: &str = "`hexagon at 400,400 radius 40 move by 200,0 period 6 spin 30`";

impl Parser {
    /// Reads the motion clauses `words` hold (all of a line's words from the
    /// first `move` or `spin` on). `None` after reporting a problem.
    pub(super) fn motion(
        &mut self,
        n: usize,
        raw: &str,
        words: &[Token<'_>],
    ) -> Option<BarrierMotion> {
        let mut motion = BarrierMotion::default();
        let (mut moved, mut spun) = (false, false);
        let mut i = 0;
        while i < words.len() {
            let w = words[i];
            let seen = match w.text {
                "move" => std::mem::replace(&mut moved, true),
                "spin" => std::mem::replace(&mut spun, true),
                other => {
                    let d =
                        Diagnostic::error(n, w.column, format!("unexpected `{}`", shown(other)));
                    self.push(match did_you_mean(other, &MOTION_WORDS) {
                        Some(k) => d.with_hint(format!("did you mean `{k}`?")),
                        None => d.with_hint(format!(
                            "after `move` or `spin` a line takes only `move by DX,DY period S` and `spin DEG`, like {EXAMPLE}"
                        )),
                    });
                    return None;
                }
            };
            if seen {
                self.push(Diagnostic::error(
                    n,
                    w.column,
                    format!("`{}` is given twice", w.text),
                ));
                return None;
            }
            i += if w.text == "move" {
                let (travel, period) = self.glide(n, raw, &words[i..])?;
                (motion.travel, motion.period) = (travel, period);
                5
            } else {
                motion.spin = self.spin(n, raw, &words[i..])?;
                2
            };
        }
        Some(motion)
    }

    /// `move by DX,DY period S`, from `words[0]` = `move`.
    fn glide(&mut self, n: usize, raw: &str, words: &[Token<'_>]) -> Option<(glam::Vec2, f32)> {
        let end = raw.trim_end().chars().count() + 1;
        let expect = |k: usize, word: &str| words.get(k).filter(|t| t.text == word).is_some();
        if !expect(1, "by") {
            let column = words.get(1).map_or(end, |t| t.column);
            self.push(
                Diagnostic::error(n, column, "`move` needs `by DX,DY`").with_hint(format!(
                    "it glides by DX,DY from where it is written and back: {EXAMPLE}"
                )),
            );
            return None;
        }
        let Some(&by) = words.get(2) else {
            self.push(
                Diagnostic::error(n, end, "`by` needs a point `DX,DY`")
                    .with_hint(format!("like {EXAMPLE}")),
            );
            return None;
        };
        let travel = self.motion_value(n, by, point)?;
        if !expect(3, "period") {
            let column = words.get(3).map_or(end, |t| t.column);
            self.push(
                Diagnostic::error(n, column, "`move` needs `period S`").with_hint(format!(
                    "S is the seconds of one round trip there and back: {EXAMPLE}"
                )),
            );
            return None;
        }
        let Some(&period_word) = words.get(4) else {
            self.push(
                Diagnostic::error(n, end, "`period` needs a number of seconds")
                    .with_hint(format!("like {EXAMPLE}")),
            );
            return None;
        };
        let period = self.motion_value(n, period_word, number)?;
        if !(MIN_MOVE_PERIOD..=MAX_MOVE_PERIOD).contains(&period) {
            self.push(
                Diagnostic::error(n, period_word.column, format!("a period must be {MIN_MOVE_PERIOD} to {MAX_MOVE_PERIOD} seconds, not {period}"))
                    .with_hint("it is the seconds one round trip takes, there and back"),
            );
            return None;
        }
        Some((travel, period))
    }

    /// `spin DEG`, from `words[0]` = `spin`.
    fn spin(&mut self, n: usize, raw: &str, words: &[Token<'_>]) -> Option<f32> {
        let Some(&value) = words.get(1) else {
            self.push(
                Diagnostic::error(
                    n,
                    raw.trim_end().chars().count() + 1,
                    "`spin` needs degrees per second",
                )
                .with_hint("positive turns clockwise on screen: `spin 30`"),
            );
            return None;
        };
        let spin = self.motion_value(n, value, number)?;
        if spin.abs() > MAX_BARRIER_SPIN {
            self.push(
                Diagnostic::error(
                    n,
                    value.column,
                    format!(
                        "a barrier spins at most {MAX_BARRIER_SPIN} degrees a second, not {spin}"
                    ),
                )
                .with_hint("faster, a ball could not tell its faces apart"),
            );
            return None;
        }
        Some(spin)
    }

    fn motion_value<T>(
        &mut self,
        n: usize,
        t: Token<'_>,
        read: fn(&str) -> Result<T, super::tokens::BadValue>,
    ) -> Option<T> {
        read(t.text)
            .map_err(|e| {
                let d = Diagnostic::error(n, t.column, e.message);
                self.push(match e.hint {
                    Some(hint) => d.with_hint(hint),
                    None => d,
                });
            })
            .ok()
    }
}
