//! `[barriers]` and `[balls]` lines: a keyword, then `keyword value` options.

use glam::Vec2;

use super::diagnostic::did_you_mean;
use super::parse::{Parser, BARRIERS, MAX_BALLS, MAX_BARRIERS};
use super::parse_motion::MOTION_WORDS;
use super::tokens::{end_column, number, point, shown, size, tokens, BadValue, Token};

/// Shortest segment barrier, world units: shorter, its two faces and its ends
/// could not be told apart (a ball's radius is 8).
const MIN_SEGMENT_LENGTH: f32 = 1.0;
use super::{BarrierShape, Diagnostic, LevelBall, Side};

impl Parser {
    /// Reads `keyword value` pairs after a line's first word.
    fn options<'a>(
        &mut self,
        n: usize,
        raw: &str,
        words: &[Token<'a>],
        allowed: &[&'static str],
    ) -> Option<Vec<(&'static str, Token<'a>)>> {
        let mut out: Vec<(&'static str, Token<'a>)> = Vec::new();
        let mut ok = true;
        let mut i = 0;
        while i < words.len() {
            let w = words[i];
            let Some(&key) = allowed.iter().find(|&&k| k == w.text) else {
                let d = Diagnostic::error(n, w.column, format!("unexpected `{}`", shown(w.text)));
                // A barrier line may go on with a motion clause (`move`, `spin`).
                let motion = allowed.contains(&"rotation") || allowed.contains(&"from");
                let meant = did_you_mean(w.text, allowed).or_else(|| {
                    motion
                        .then(|| did_you_mean(w.text, &MOTION_WORDS))
                        .flatten()
                });
                let d = match meant {
                    _ if w.text.starts_with(['x', 'X']) && allowed.contains(&"size") => {
                        d.with_hint("write a size without spaces, like `160x14`")
                    }
                    Some(k) => d.with_hint(format!("did you mean `{k}`?")),
                    None => d.with_hint(format!(
                        "this line takes {}",
                        allowed
                            .iter()
                            .map(|k| format!("`{k}`"))
                            .collect::<Vec<_>>()
                            .join(", ")
                    )),
                };
                self.push(d);
                return None;
            };
            let Some(&value) = words.get(i + 1) else {
                self.push(Diagnostic::error(
                    n,
                    end_column(raw),
                    format!("`{key}` needs a value"),
                ));
                return None;
            };
            super::tokens::walked(out.len());
            if out.iter().any(|(k, _)| *k == key) {
                self.push(Diagnostic::error(
                    n,
                    w.column,
                    format!("`{key}` is given twice"),
                ));
                ok = false;
            } else {
                // At most one entry per allowed key, so a line repeating `at 1,1`
                // a hundred thousand times stays linear.
                out.push((key, value));
            }
            i += 2;
        }
        ok.then_some(out)
    }

    pub(super) fn barrier(&mut self, n: usize, raw: &str, content: &str) {
        let words = tokens(content);
        let Some(&kind) = words.first() else { return };
        // The shape's own words end where a motion clause starts (`move`, `spin`).
        let split = words
            .iter()
            .skip(1)
            .position(|w| MOTION_WORDS.contains(&w.text))
            .map_or(words.len(), |k| k + 1);
        let (own, clauses) = words.split_at(split);
        let shape = match kind.text {
            "hexagon" => self.hexagon(n, raw, &own[1..]),
            "rect" => self.rect(n, raw, &own[1..]),
            "polygon" => self.polygon(n, &own[1..]),
            "segment" => self.segment(n, raw, &own[1..]),
            other => {
                let d = Diagnostic::error(
                    n,
                    kind.column,
                    format!("unknown barrier `{}`", shown(other)),
                );
                let d = match did_you_mean(other, &BARRIERS) {
                    Some(k) => d.with_hint(format!("did you mean `{k}`?")),
                    None if other == "ball" => d.with_hint("balls go under a `[balls]` line"),
                    None => d.with_hint("barriers are `hexagon`, `rect`, `polygon` and `segment`"),
                };
                self.push(d);
                return;
            }
        };
        let Some(shape) = shape else { return };
        let Some(motion) = self.motion(n, raw, clauses, shape.reach()) else {
            return;
        };
        if self.level.barriers.len() >= MAX_BARRIERS {
            if !self.too_many_barriers {
                self.too_many_barriers = true;
                self.push(Diagnostic::error(
                    n,
                    kind.column,
                    format!("more than {MAX_BARRIERS} barriers"),
                ));
            }
            return;
        }
        // Only as long as the last moving barrier needs (`Level::barrier_motion`),
        // so a level without any equals one built without the list.
        if !motion.is_still() {
            let i = self.level.barriers.len();
            self.level.barrier_motions.resize(i, Default::default());
            self.level.barrier_motions.push(motion);
        }
        self.level.barriers.push(shape);
        self.sources.barrier_lines.push(n);
        self.sources
            .barrier_motion_columns
            .push(clauses.first().map_or(0, |w| w.column));
    }

    /// A word read by `read`, or `None` after reporting the reader's message
    /// and hint at the word (the shape's options and the motion clauses alike).
    pub(super) fn value<T>(
        &mut self,
        n: usize,
        t: Token<'_>,
        read: fn(&str) -> Result<T, BadValue>,
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

    fn missing(&mut self, n: usize, raw: &str, key: &str, what: &str) {
        self.push(Diagnostic::error(
            n,
            end_column(raw),
            format!("this {what} needs `{key}`"),
        ));
    }

    /// The part `hexagon` and `rect` share: the options `at X,Y` and `extent` (its
    /// `radius` or `size`), both required, and an optional `rotation`. Returns the
    /// centre, the extent's word and the rotation's word, for the caller to read in
    /// that order.
    fn centred<'a>(
        &mut self,
        n: usize,
        raw: &str,
        words: &[Token<'a>],
        extent: &'static str,
        what: &str,
    ) -> Option<(Vec2, Token<'a>, Option<Token<'a>>)> {
        let opts = self.options(n, raw, words, &["at", extent, "rotation"])?;
        let get = |k: &str| opts.iter().find(|(key, _)| *key == k).map(|(_, t)| *t);
        let (Some(at), Some(extent_word)) = (get("at"), get(extent)) else {
            let missing = if get("at").is_none() { "at" } else { extent };
            self.missing(n, raw, missing, what);
            return None;
        };
        let center = self.value(n, at, point)?;
        Some((center, extent_word, get("rotation")))
    }

    /// A rotation in degrees, 0 when not given.
    fn rotation(&mut self, n: usize, word: Option<Token<'_>>) -> Option<f32> {
        match word {
            Some(t) => self.value(n, t, number),
            None => Some(0.0),
        }
    }

    fn hexagon(&mut self, n: usize, raw: &str, words: &[Token<'_>]) -> Option<BarrierShape> {
        let (center, radius, rotation) = self.centred(n, raw, words, "radius", "hexagon")?;
        let r = self.value(n, radius, number)?;
        if r <= 0.0 {
            self.push(Diagnostic::error(
                n,
                radius.column,
                "a hexagon's radius must be more than 0",
            ));
            return None;
        }
        let rotation = self.rotation(n, rotation)?;
        Some(BarrierShape::Hexagon {
            center,
            radius: r,
            rotation,
        })
    }

    fn rect(&mut self, n: usize, raw: &str, words: &[Token<'_>]) -> Option<BarrierShape> {
        let (center, size_word, rotation) = self.centred(n, raw, words, "size", "rect")?;
        let s = self.value(n, size_word, size)?;
        if s.x <= 0.0 || s.y <= 0.0 {
            self.push(Diagnostic::error(
                n,
                size_word.column,
                "a rect's width and height must be more than 0",
            ));
            return None;
        }
        let rotation = self.rotation(n, rotation)?;
        Some(BarrierShape::Rect {
            center,
            size: s,
            rotation,
        })
    }

    fn polygon(&mut self, n: usize, words: &[Token<'_>]) -> Option<BarrierShape> {
        let mut points = Vec::with_capacity(words.len());
        for &w in words {
            points.push(self.value(n, w, point)?);
        }
        if points.len() < 3 {
            let col = words.last().map_or(1, |w| w.column);
            self.push(
                Diagnostic::error(
                    n,
                    col,
                    format!(
                        "a polygon needs at least 3 points, this one has {}",
                        points.len()
                    ),
                )
                .with_hint("list its corners as `x,y` pairs: `polygon 100,100 160,120 130,170`"),
            );
            return None;
        }
        if points.len() > 32 {
            self.push(Diagnostic::error(
                n,
                words[32].column,
                "a polygon may have at most 32 points",
            ));
            return None;
        }
        Some(BarrierShape::Polygon(points))
    }

    /// `segment from X,Y to X,Y`: both ends required, at least
    /// [`MIN_SEGMENT_LENGTH`] apart.
    fn segment(&mut self, n: usize, raw: &str, words: &[Token<'_>]) -> Option<BarrierShape> {
        let opts = self.options(n, raw, words, &["from", "to"])?;
        let get = |k: &str| opts.iter().find(|(key, _)| *key == k).map(|(_, t)| *t);
        let (Some(from_word), Some(to_word)) = (get("from"), get("to")) else {
            let missing = if get("from").is_none() { "from" } else { "to" };
            self.missing(n, raw, missing, "segment");
            return None;
        };
        let from = self.value(n, from_word, point)?;
        let to = self.value(n, to_word, point)?;
        if from.distance(to) < MIN_SEGMENT_LENGTH {
            self.push(
                Diagnostic::error(
                    n,
                    to_word.column,
                    format!("a segment's ends must be at least {MIN_SEGMENT_LENGTH} unit apart"),
                )
                .with_hint("a segment is a thin wall from one point to another: `segment from 100,300 to 300,340`"),
            );
            return None;
        }
        Some(BarrierShape::Segment { from, to })
    }

    pub(super) fn ball(&mut self, n: usize, raw: &str, content: &str) {
        let words = tokens(content);
        let Some(&first) = words.first() else { return };
        if first.text != "ball" {
            let d = Diagnostic::error(
                n,
                first.column,
                format!("expected `ball`, found `{}`", shown(first.text)),
            );
            let d = if BARRIERS.contains(&first.text) {
                d.with_hint("barriers go under a `[barriers]` line")
            } else {
                d.with_hint("write `ball at 400,800 velocity 120,-480 owner bottom`")
            };
            self.push(d);
            return;
        }
        let Some(opts) = self.options(n, raw, &words[1..], &["at", "velocity", "owner"]) else {
            return;
        };
        let get = |k: &str| opts.iter().find(|(key, _)| *key == k).map(|(_, t)| *t);
        let (Some(at), Some(vel)) = (get("at"), get("velocity")) else {
            let missing = if get("at").is_none() {
                "at"
            } else {
                "velocity"
            };
            self.missing(n, raw, missing, "ball");
            return;
        };
        let Some(position) = self.value(n, at, point) else {
            return;
        };
        let Some(velocity) = self.value(n, vel, point) else {
            return;
        };
        let owner = match get("owner").map(|t| (t, t.text)) {
            None | Some((_, "bottom")) => Side::Bottom,
            Some((_, "top")) => Side::Top,
            Some((t, other)) => {
                let d = Diagnostic::error(n, t.column, format!("unknown owner `{}`", shown(other)))
                    .with_hint("use `bottom` or `top`");
                self.push(d);
                return;
            }
        };
        if self.level.balls.len() >= MAX_BALLS {
            if !self.too_many_balls {
                self.too_many_balls = true;
                self.push(Diagnostic::error(
                    n,
                    first.column,
                    format!("more than {MAX_BALLS} balls"),
                ));
            }
            return;
        }
        self.level.balls.push(LevelBall {
            position,
            velocity,
            owner,
        });
        self.sources.ball_lines.push(n);
    }
}
