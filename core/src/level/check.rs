//! Checks that need geometry: shapes that are not convex, pieces that overlap or
//! leave the arena, staged balls inside something, bricks no ball can reach.

use glam::Vec2;

use super::overlap::{direction_words, overlap as overlap_of};
use super::parse::{parse_text, Sources};
use super::reach::unreachable_bricks;
use super::unusable::unusable_barrier;
use super::MAX_DIAGNOSTICS;
use super::{
    arena, paddle_zone, BarrierOutline, BrickKind, Diagnostic, Level, LevelBall, PowerUp, Side,
};
use crate::geom::{ConvexPolygon, Rect};
use crate::tuning::{BALL_RADIUS, MAX_BALLS_IN_PLAY, MAX_BALL_SPEED, MIN_BALL_SPEED};

/// Overlap, in world units, that still counts as two pieces merely touching.
const TOUCHING: f32 = 0.5;

/// The outcome of checking a level text: the level, if it has no errors, and every
/// error and warning, in line order.
#[derive(Debug, Clone, PartialEq)]
pub struct Checked {
    /// The level, when there are no errors (warnings allowed).
    pub level: Option<Level>,
    /// Errors and warnings, sorted by line and column.
    pub diagnostics: Vec<Diagnostic>,
}

/// Parses and checks a level text.
pub fn check_text(text: &str) -> Checked {
    let parsed = parse_text(text);
    let mut diagnostics = parsed.diagnostics;
    // Geometry is checked even after syntax errors, on what did parse, so one run
    // reports every problem (unless the parser already stopped at its cap).
    if diagnostics.len() <= MAX_DIAGNOSTICS {
        let parsed_clean = !diagnostics.iter().any(Diagnostic::is_error);
        diagnostics.extend(check_geometry(&parsed.level, &parsed.sources, parsed_clean));
        cap(&mut diagnostics);
    }
    diagnostics.sort_by_key(|d| (d.line, d.column));
    diagnostics.truncate(MAX_DIAGNOSTICS + 1);
    let ok = !diagnostics.iter().any(Diagnostic::is_error);
    Checked {
        level: ok.then_some(parsed.level),
        diagnostics,
    }
}

/// Keeps the first [`MAX_DIAGNOSTICS`] problems in line order, and says so when
/// there were more.
fn cap(diagnostics: &mut Vec<Diagnostic>) {
    if diagnostics.len() <= MAX_DIAGNOSTICS {
        return;
    }
    diagnostics.sort_by_key(|d| (d.line, d.column));
    diagnostics.truncate(MAX_DIAGNOSTICS);
    let line = diagnostics.last().map_or(1, |d| d.line);
    diagnostics.push(
        Diagnostic::error(line, 1, format!("stopped after {MAX_DIAGNOSTICS} problems"))
            .with_hint("fix these and check the file again"),
    );
}

/// Parses and checks raw bytes: invalid UTF-8 is reported at its line and column.
pub fn check_bytes(bytes: &[u8]) -> Checked {
    match std::str::from_utf8(bytes) {
        Ok(text) => check_text(text),
        Err(e) => {
            // Count lines and columns as the parser and the renderer do: any line
            // ending, and a leading BOM that is not a column.
            let good = String::from_utf8_lossy(&bytes[..e.valid_up_to()]);
            let good = good.strip_prefix('\u{feff}').unwrap_or(&good);
            let breaks = good.matches('\n').count() + good.matches('\r').count()
                - good.matches("\r\n").count();
            let line = 1 + breaks;
            let line_start = good.rfind(['\n', '\r']).map_or(0, |i| i + 1);
            let column = 1 + good[line_start..].chars().count();
            Checked {
                level: None,
                diagnostics: vec![Diagnostic::error(
                    line,
                    column,
                    "the file is not valid UTF-8 text",
                )
                .with_hint("save it as UTF-8 in your editor")],
            }
        }
    }
}

/// A piece of the level for overlap messages.
struct Piece {
    outline: BarrierOutline,
    line: usize,
    /// The column its messages point at: 1, or a moving barrier's `move`/`spin`.
    column: usize,
    /// Whether its outline is a moving barrier's whole swept path.
    moving: bool,
    name: String,
    /// Whether balls go through it in the reachability map (it breaks).
    breakable: bool,
    /// Whether a solo game is won by breaking it (`BrickKind::counts_toward_clearing`).
    clears: bool,
}

/// The checks that need geometry, as named steps, on what parsed. Pieces that
/// make no usable shape are reported once and left out of the later steps; the
/// bricks are left out when a syntax error may have moved them (a bad grid row,
/// `brick_size` or `bricks_center`), the top zone when `mode` did not read. The
/// reachability warnings need a level with no errors at all.
fn check_geometry(level: &Level, sources: &Sources, parsed_clean: bool) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let failed = |key: &str| sources.failed_settings.contains(&key);
    let mode_known = !failed("mode");
    let bricks_placed =
        !sources.grid_unreliable && !failed("brick_size") && !failed("bricks_center");
    let zones = paddle_zones(level, mode_known);
    let barriers = barrier_pieces(level, sources, &mut out);
    let bricks = if bricks_placed {
        check_grid_out_of_zones(level, sources, &zones, &mut out);
        brick_pieces(level, sources, &mut out)
    } else {
        Vec::new()
    };
    for (i, barrier) in barriers.iter().enumerate() {
        check_barrier_place(barrier, &zones, &mut out);
        check_barrier_overlaps(barrier, &barriers[..i], &bricks, &mut out);
    }
    for (i, ball) in level.balls.iter().enumerate() {
        let line = sources.ball_lines.get(i).copied().unwrap_or(1);
        check_staged_ball(ball, line, barriers.iter().chain(&bricks), &mut out);
    }
    if bricks_placed && mode_known {
        check_solo_can_be_won(level, sources, &bricks, &mut out);
    }
    if parsed_clean {
        check_ball_reach(level, sources, &mut out);
    }
    if parsed_clean && out.iter().all(|d| !d.is_error()) {
        let walls = bricks.iter().filter(|b| !b.breakable).chain(&barriers);
        let walls = walls.map(|p| &p.outline);
        out.extend(unreachable_bricks(level, sources, walls, &zones));
    }
    out
}

/// How many balls a level can have in play at once: its staged balls and each
/// side's serves at the start, tripled by every D capsule (a Disruption splits
/// each of one side's balls in three, and at worst every ball is that side's).
/// Regrowing bricks hold no capsule, so the D capsules are the grid's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BallReach {
    /// Balls at the start: the staged ones and `balls_per_side` per side.
    pub at_start: usize,
    /// D (Disruption) capsules in the grid.
    pub disruptions: usize,
    /// The most balls the level could make with no cap (saturating).
    pub uncapped: usize,
}

impl BallReach {
    /// Whether the game's cap, [`MAX_BALLS_IN_PLAY`], can cut a Disruption short.
    pub fn reaches_cap(&self) -> bool {
        self.uncapped > MAX_BALLS_IN_PLAY
    }
}

/// The balls `level` can reach ([`BallReach`]).
pub fn ball_reach(level: &Level) -> BallReach {
    let sides = if level.mode.allows_versus() { 2 } else { 1 };
    let at_start = level.balls.len() + sides * level.balls_per_side as usize;
    let disruptions = level
        .bricks
        .cells
        .iter()
        .flatten()
        .filter(|b| b.power_up == Some(PowerUp::Disruption))
        .count();
    let uncapped = (0..disruptions).fold(at_start, |n, _| n.saturating_mul(3));
    BallReach {
        at_start,
        disruptions,
        uncapped,
    }
}

/// Warns, at the `[powerups]` section, when the level's D capsules can multiply
/// its balls past [`MAX_BALLS_IN_PLAY`]: the game then splits fewer.
fn check_ball_reach(level: &Level, sources: &Sources, out: &mut Vec<Diagnostic>) {
    let reach = ball_reach(level);
    if !reach.reaches_cap() {
        return;
    }
    let most = if reach.uncapped == usize::MAX {
        "more balls than can be counted".to_string()
    } else {
        format!("up to {} balls", reach.uncapped)
    };
    out.push(
        Diagnostic::warning(
            sources.powerups_line.max(1),
            1,
            format!(
                "{} ball{} at the start and {} D capsules can make {most}; the game keeps at most {MAX_BALLS_IN_PLAY} in play",
                reach.at_start,
                if reach.at_start == 1 { "" } else { "s" },
                reach.disruptions,
            ),
        )
        .with_hint("past the cap a Disruption splits only the first balls; fewer D capsules keep every split whole"),
    );
}

/// The paddle zones the level must keep clear: the bottom one, and the top one
/// when the level may be played in versus (in solo the top is a wall, and the
/// band in front of it is open field) and its `mode` is `known`.
fn paddle_zones(level: &Level, known: bool) -> Vec<(Side, Rect)> {
    [Side::Bottom, Side::Top]
        .into_iter()
        .filter(|&s| s == Side::Bottom || (known && level.mode.allows_versus()))
        .map(|s| (s, paddle_zone(s)))
        .collect()
}

/// Each barrier as a piece, in file order; those with no usable outline are
/// reported instead.
fn barrier_pieces(level: &Level, sources: &Sources, out: &mut Vec<Diagnostic>) -> Vec<Piece> {
    let mut pieces = Vec::new();
    for (i, shape) in level.barriers.iter().enumerate() {
        let line = sources.barrier_lines.get(i).copied().unwrap_or(1);
        let motion = level.barrier_motion(i);
        // A moving barrier is checked by everything it sweeps (issue 34's
        // contract): the path must stay in the arena, out of the paddle zones and
        // off the bricks and other barriers, as a still barrier must.
        let (outline, name, column) = if motion.is_still() || shape.outline().is_err() {
            let name = format!("the {} on line {line}", shape.keyword());
            (shape.outline(), name, 1)
        } else {
            let name = format!("the path of the {} on line {line}", shape.keyword());
            let column = sources.barrier_motion_columns.get(i).copied().unwrap_or(1);
            (shape.swept_outline(&motion), name, column.max(1))
        };
        match outline {
            Ok(outline) => pieces.push(Piece {
                outline,
                line,
                column,
                moving: !motion.is_still(),
                name,
                breakable: false,
                clears: false,
            }),
            Err(e) => out.push(unusable_barrier(shape, line, e)),
        }
    }
    pieces
}

/// A brick grid reaching into a paddle zone: one error per zone, at the first
/// brick inside it, saying how far `bricks_center` must move (or that the grid
/// is too tall to fit between the zones).
fn check_grid_out_of_zones(
    level: &Level,
    sources: &Sources,
    zones: &[(Side, Rect)],
    out: &mut Vec<Diagnostic>,
) {
    let bricks: Vec<(usize, usize, Rect)> = level
        .bricks_with_positions()
        .map(|(row, column, _)| (row, column, level.brick_rect(row, column)))
        .collect();
    let top = bricks
        .iter()
        .map(|b| b.2.min.y)
        .fold(f32::INFINITY, f32::min);
    let bottom = bricks
        .iter()
        .map(|b| b.2.max.y)
        .fold(f32::NEG_INFINITY, f32::max);
    // The band the bricks may use: between the zones that are checked.
    let free_top = zones
        .iter()
        .map(|(_, z)| z.max.y)
        .filter(|&y| y < arena().max.y * 0.5);
    let free_top = free_top.fold(0.0, f32::max);
    let free_bottom = zones
        .iter()
        .map(|(_, z)| z.min.y)
        .filter(|&y| y > arena().max.y * 0.5);
    let free_bottom = free_bottom.fold(arena().max.y, f32::min);
    for (side, zone) in zones {
        let inside: Vec<_> = bricks.iter().filter(|b| overlap(&b.2, zone)).collect();
        let Some(&&(row, column, _)) = inside.first() else {
            continue;
        };
        let line = sources.brick_row_lines.get(row).copied().unwrap_or(1);
        let what = match inside.len() {
            1 => "a brick is".to_owned(),
            n => format!("{n} bricks are"),
        };
        let message = format!("{what} inside the {} paddle's zone", side.keyword());
        let hint = if bottom - top > free_bottom - free_top {
            format!(
                "the grid is {} units tall, more than the {} between the paddle zones; use fewer rows or a smaller `brick_size`",
                bottom - top,
                free_bottom - free_top
            )
        } else {
            let (shift, way) = match side {
                Side::Bottom => (free_bottom - bottom, "up"),
                Side::Top => (free_top - top, "down"),
            };
            let to = level.bricks_center + Vec2::new(0.0, shift);
            format!(
                "move `bricks_center` {way} by {}, to `{},{}`; paddle zones are the {} units nearest each goal line",
                round_tenth(shift.abs()),
                round_tenth(to.x),
                round_tenth(to.y),
                zone.size().y
            )
        };
        out.push(Diagnostic::error(line, column + 1, message).with_hint(hint));
    }
}

/// `v` to a tenth, for numbers in messages.
fn round_tenth(v: f32) -> f32 {
    (v * 10.0).round() / 10.0
}

/// Each brick as a piece, row by row, with the bricks outside the arena reported.
fn brick_pieces(level: &Level, sources: &Sources, out: &mut Vec<Diagnostic>) -> Vec<Piece> {
    let arena = arena();
    let mut pieces = Vec::new();
    for (row, column, brick) in level.bricks_with_positions() {
        let rect = level.brick_rect(row, column);
        let line = sources.brick_row_lines.get(row).copied().unwrap_or(1);
        if !(arena.contains(rect.min) && arena.contains(rect.max)) {
            out.push(
                Diagnostic::error(line, column + 1, "this brick is outside the arena")
                    .with_hint("move the grid with `bricks_center`, or make `brick_size` smaller"),
            );
        }
        let Ok(polygon) = level.brick_polygon(row, column) else {
            // `brick_size` and `bricks_center` are range-checked, so this takes a
            // brick far outside the arena (already reported) or a bug; never a panic.
            out.push(
                Diagnostic::error(line, column + 1, "this brick is not a usable rectangle")
                    .with_hint("check `brick_size` and `bricks_center`"),
            );
            continue;
        };
        pieces.push(Piece {
            outline: BarrierOutline::Polygon(polygon),
            line,
            column: column + 1,
            moving: false,
            breakable: brick.kind.breaks(),
            clears: brick.kind.counts_toward_clearing(),
            name: format!(
                "the brick at row {}, column {} (line {line})",
                row + 1,
                column + 1
            ),
        });
    }
    pieces
}

/// A barrier must lie inside the arena and out of the paddle zones.
fn check_barrier_place(b: &Piece, zones: &[(Side, Rect)], out: &mut Vec<Diagnostic>) {
    let arena = arena();
    let aabb = b.outline.aabb();
    if !(arena.contains(aabb.min) && arena.contains(aabb.max)) {
        out.push(
            Diagnostic::error(b.line, b.column, format!("{} reaches outside the arena", b.name))
                .with_hint(if b.moving {
                    "the arena runs from 0,0 at the top left to 800,1000; shorten its `move`, or move it inward"
                } else {
                    "the arena runs from 0,0 at the top left to 800,1000"
                }),
        );
    }
    for (side, zone) in zones {
        let zone_outline = BarrierOutline::Polygon(ConvexPolygon::from_rect(*zone));
        if overlap(&aabb, zone) && overlap_of(&b.outline, &zone_outline).depth > TOUCHING {
            out.push(
                Diagnostic::error(
                    b.line,
                    b.column,
                    format!("{} is inside the {} paddle's zone", b.name, side.keyword()),
                )
                .with_hint(
                    "paddles move freely in their zones; keep barriers between y = 130 and y = 870",
                ),
            );
        }
    }
}

/// A barrier must not overlap the barriers before it, nor any brick (the first
/// brick it overlaps is reported).
fn check_barrier_overlaps(
    b: &Piece,
    earlier: &[Piece],
    bricks: &[Piece],
    out: &mut Vec<Diagnostic>,
) {
    for other in earlier {
        let o = overlap_of(&b.outline, &other.outline);
        if o.depth > TOUCHING {
            out.push(
                Diagnostic::error(
                    b.line,
                    b.column,
                    format!("{} overlaps {} by {:.1} units", b.name, other.name, o.depth),
                )
                .with_hint(format!(
                    "move it {:.1} units {}, or make one of them smaller{}",
                    o.depth,
                    direction_words(o.away),
                    shorter_move(b)
                )),
            );
        }
    }
    let aabb = b.outline.aabb();
    for brick in bricks {
        if !overlap(&aabb, &brick.outline.aabb()) {
            continue;
        }
        let o = overlap_of(&b.outline, &brick.outline);
        if o.depth > TOUCHING {
            out.push(
                Diagnostic::error(
                    b.line,
                    b.column,
                    format!("{} overlaps {} by {:.1} units", b.name, brick.name, o.depth),
                )
                .with_hint(format!(
                    "move the barrier {:.1} units {}, or leave that cell empty (`.`){}",
                    o.depth,
                    direction_words(o.away),
                    shorter_move(b)
                )),
            );
            return;
        }
    }
}

/// The end of an overlap's hint for a moving barrier: its path can shrink too.
fn shorter_move(b: &Piece) -> &'static str {
    if b.moving {
        ", or shorten its `move` or `spin` path"
    } else {
        ""
    }
}

/// A staged ball must start inside the arena, clear of every piece; a speed the
/// game will change is a warning.
fn check_staged_ball<'a>(
    ball: &LevelBall,
    line: usize,
    mut pieces: impl Iterator<Item = &'a Piece>,
    out: &mut Vec<Diagnostic>,
) {
    let (arena, r) = (arena(), BALL_RADIUS);
    let inside = ball.position.x >= r
        && ball.position.x <= arena.max.x - r
        && ball.position.y >= r
        && ball.position.y <= arena.max.y - r;
    if !inside {
        out.push(
            Diagnostic::error(line, 1, "this ball starts outside the arena").with_hint(format!(
                "keep its centre at least {r} units from every edge"
            )),
        );
        return;
    }
    if let Some(p) = pieces.find(|p| p.outline.signed_distance(ball.position) < r) {
        // A segment has no inside: a ball closer than its radius sits on it.
        let on = match p.outline {
            BarrierOutline::Segment(_) => "on",
            BarrierOutline::Polygon(_) => "inside",
        };
        out.push(
            Diagnostic::error(line, 1, format!("this ball starts {on} {}", p.name))
                .with_hint("start it in free space"),
        );
    }
    let speed = ball.velocity.length();
    if !(MIN_BALL_SPEED..=MAX_BALL_SPEED).contains(&speed) {
        out.push(Diagnostic::warning(line, 1, format!("this ball's speed is {speed:.0}; it will be brought within {MIN_BALL_SPEED} to {MAX_BALL_SPEED}")));
    }
}

/// A solo game ends won only when the last breakable brick that does not regrow
/// breaks: without one it can only be lost, so a level offered for solo play
/// must have one.
fn check_solo_can_be_won(
    level: &Level,
    sources: &Sources,
    bricks: &[Piece],
    out: &mut Vec<Diagnostic>,
) {
    if !bricks.iter().any(|b| b.clears) && level.mode.allows_solo() {
        let line = sources.brick_row_lines.first().copied().unwrap_or(1);
        // Breakable bricks that do not clear are regrowing ones: say so, or the
        // message would deny the `~` the writer can see.
        let message = if bricks.iter().any(|b| b.breakable) {
            "the only breakable bricks regrow (`~`), so solo play can never be won"
        } else {
            "there are no breakable bricks, so solo play can never be won"
        };
        out.push(Diagnostic::error(line, 1, message).with_hint(format!(
            "add bricks {}, or set `mode = versus`",
            BrickKind::listed(BrickKind::counts_toward_clearing, false)
        )));
    }
}

/// Whether two boxes overlap by more than [`TOUCHING`].
fn overlap(a: &Rect, b: &Rect) -> bool {
    a.min.x < b.max.x - TOUCHING
        && b.min.x < a.max.x - TOUCHING
        && a.min.y < b.max.y - TOUCHING
        && b.min.y < a.max.y - TOUCHING
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::all_shipped_levels;

    #[test]
    fn ball_reach_warns_when_d_capsules_pass_the_cap_and_no_shipped_level_does() {
        // Solo, one ball: 3^5 = 243 stays under 256, 3^6 = 729 passes it.
        let level = |ds: &str| format!("mode = solo\n[bricks]\n111111\n[powerups]\n{ds}\n");
        let under = check_text(&level("DDDDD."));
        assert!(under.level.is_some(), "{:?}", under.diagnostics);
        assert!(
            !under
                .diagnostics
                .iter()
                .any(|d| d.message.contains("D capsules")),
            "{:?}",
            under.diagnostics
        );
        let over = check_text(&level("DDDDDD"));
        let warning = over
            .diagnostics
            .iter()
            .find(|d| d.message.contains("D capsules"))
            .expect("the reach is reported");
        assert!(!warning.is_error() && warning.line == 4, "{warning:?}");
        assert!(
            warning.message.contains("up to 729 balls"),
            "{}",
            warning.message
        );
        assert!(warning.message.contains(&MAX_BALLS_IN_PLAY.to_string()));

        for shipped in all_shipped_levels() {
            let level = Level::parse(shipped.text).expect("the shipped levels parse");
            let reach = ball_reach(&level);
            assert!(
                !reach.reaches_cap(),
                "{}: {reach:?}",
                shipped.text.lines().next().unwrap_or("")
            );
        }
    }
}
