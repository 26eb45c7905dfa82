//! The optional clauses that make a `[barriers]` line move: `move by DX,DY period
//! S` and `spin DEG`, after the shape's own words, in either order (the
//! contract of issue 34; `levels/README.md` shows them to writers).

use super::diagnostic::did_you_mean;
use super::parse::Parser;
use super::tokens::{end_column, number, point, shown, Token};
use super::{BarrierMotion, Diagnostic};
use crate::tuning::{MAX_BARRIER_SPEED, MAX_BARRIER_SPIN, MAX_MOVE_PERIOD, MIN_MOVE_PERIOD};

/// The words that start a motion clause: a barrier line's own options end at
/// the first of them.
pub(super) const MOTION_WORDS: [&str; 2] = ["move", "spin"];

/// The example a hint shows.
const EXAMPLE: &str = "`hexagon at 400,400 radius 40 move by 200,0 period 6 spin 30`";

impl Parser {
    /// Reads the motion clauses `words` hold (all of a line's words from the
    /// first `move` or `spin` on); `reach` is how far the shape's farthest
    /// corner is from its pivot (`None` when its outline is broken, reported
    /// elsewhere), for the spin's speed. `None` after reporting a problem.
    pub(super) fn motion(
        &mut self,
        n: usize,
        raw: &str,
        words: &[Token<'_>],
        reach: Option<f32>,
    ) -> Option<BarrierMotion> {
        let mut motion = BarrierMotion::default();
        let (mut moved, mut spun) = (false, false);
        let mut spin_column = 0;
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
                spin_column = w.column;
                2
            };
        }
        if let Some(reach) = reach.filter(|_| motion.spins()) {
            self.spin_speed(n, spin_column, &motion, reach)?;
        }
        Some(motion)
    }

    /// A spinning barrier's farthest corner (`reach` from the pivot) turns at
    /// `reach` times the spin in radians, plus the glide's top speed: at most
    /// [`MAX_BARRIER_SPEED`]. `None` after reporting it at the `spin` word.
    fn spin_speed(
        &mut self,
        n: usize,
        column: usize,
        motion: &BarrierMotion,
        reach: f32,
    ) -> Option<()> {
        let glide = motion.top_glide_speed();
        let corner = reach * motion.spin.abs().to_radians();
        if corner + glide <= MAX_BARRIER_SPEED {
            return Some(());
        }
        let most = ((MAX_BARRIER_SPEED - glide).max(0.0) / reach)
            .to_degrees()
            .floor();
        let with_glide = if glide > 0.0 {
            format!(" plus its glide's {glide:.0}")
        } else {
            String::new()
        };
        self.push(
            Diagnostic::error(
                n,
                column,
                format!(
                    "this barrier's farthest corner would move {:.0} units a second{with_glide}; a barrier moves at most {MAX_BARRIER_SPEED}",
                    corner
                ),
            )
            .with_hint(format!(
                "faster, a ball it strikes outruns the paddle: spin at most {most} here, or make the barrier smaller"
            )),
        );
        None
    }

    /// `move by DX,DY period S`, from `words[0]` = `move`.
    fn glide(&mut self, n: usize, raw: &str, words: &[Token<'_>]) -> Option<(glam::Vec2, f32)> {
        let end = end_column(raw);
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
        let travel = self.value(n, by, point)?;
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
        let period = self.value(n, period_word, number)?;
        if !(MIN_MOVE_PERIOD..=MAX_MOVE_PERIOD).contains(&period) {
            self.push(
                Diagnostic::error(n, period_word.column, format!("a period must be {MIN_MOVE_PERIOD} to {MAX_MOVE_PERIOD} seconds, not {period}"))
                    .with_hint("it is the seconds one round trip takes, there and back"),
            );
            return None;
        }
        let top = BarrierMotion {
            travel,
            period,
            spin: 0.0,
        }
        .top_glide_speed();
        if top > MAX_BARRIER_SPEED {
            let shortest = std::f32::consts::PI * travel.length() / MAX_BARRIER_SPEED;
            self.push(
                Diagnostic::error(
                    n,
                    words[0].column,
                    format!(
                        "this glide's top speed is {top:.0} units a second (pi times {:.0} over {period} s); a barrier moves at most {MAX_BARRIER_SPEED}",
                        travel.length()
                    ),
                )
                .with_hint(format!(
                    "faster, the paddle could not get out of its way: a period of at least {:.1} s, or a shorter glide",
                    (shortest * 10.0).ceil() / 10.0
                )),
            );
            return None;
        }
        Some((travel, period))
    }

    /// `spin DEG`, from `words[0]` = `spin`.
    fn spin(&mut self, n: usize, raw: &str, words: &[Token<'_>]) -> Option<f32> {
        let Some(&value) = words.get(1) else {
            self.push(
                Diagnostic::error(n, end_column(raw), "`spin` needs degrees per second")
                    .with_hint("positive turns clockwise on screen: `spin 30`"),
            );
            return None;
        };
        let spin = self.value(n, value, number)?;
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
}

#[cfg(test)]
mod tests {
    use crate::level::check_text;

    /// The first diagnostic of a versus level with `barrier` as its one
    /// barrier, as `line:col message | hint`; empty when it is clean.
    fn first(barrier: &str) -> String {
        let text = format!("mode = versus\n[barriers]\n{barrier}\n");
        check_text(&text)
            .diagnostics
            .first()
            .map(|d| {
                let hint = d.hint.clone().unwrap_or_default();
                format!("{}:{} {} | {hint}", d.line, d.column, d.message)
            })
            .unwrap_or_default()
    }

    #[test]
    fn motion_glide_faster_than_the_cap_is_an_error_at_move() {
        // pi * 120 / 1 = 377 units a second, over 360; 1.1 s makes it 343.
        let fast = first("hexagon at 400,500 radius 30 move by 120,0 period 1");
        assert!(
            fast.starts_with("3:30 this glide's top speed is 377 units a second"),
            "{fast}"
        );
        assert!(fast.contains("a period of at least 1.1 s"), "{fast}");
        assert_eq!(
            first("hexagon at 400,500 radius 30 move by 120,0 period 1.1"),
            ""
        );
    }

    #[test]
    fn motion_spin_whose_corner_outruns_the_cap_is_an_error_at_spin() {
        // A corner 100 from the pivot at 240 degrees a second moves 419.
        let fast = first("rect at 400,500 size 160x120 spin 240");
        assert!(
            fast.starts_with("3:30 this barrier's farthest corner would move 419 units"),
            "{fast}"
        );
        assert!(fast.contains("spin at most 206 here"), "{fast}");
        assert_eq!(first("rect at 400,500 size 160x120 spin 206"), "");
        // The glide's top speed counts too: 157 + 180 is under, 157 + 209 over.
        assert_eq!(
            first("rect at 400,500 size 160x120 move by 0,50 period 1 spin 103"),
            ""
        );
        let both = first("rect at 400,500 size 160x120 move by 0,50 period 1 spin 120");
        assert!(both.contains("plus its glide's 157"), "{both}");
    }
}
