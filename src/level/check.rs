//! Checks that need geometry: shapes that are not convex, pieces that overlap or
//! leave the arena, staged balls inside something, bricks no ball can reach.

use super::overlap::{direction_words, overlap as overlap_of};
use super::parse::{parse_text, Sources};
use super::reach::unreachable_bricks;
use super::{
    arena, paddle_zone, BarrierOutline, BarrierShape, Diagnostic, Hits, Level, LevelBall, Side,
};
use crate::geom::{ConvexPolygon, PolygonError, Rect};
use crate::tuning::{ARENA_HEIGHT, ARENA_WIDTH, BALL_RADIUS, MAX_BALL_SPEED, MIN_BALL_SPEED};

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
    if !diagnostics.iter().any(Diagnostic::is_error) {
        diagnostics.extend(check_geometry(&parsed.level, &parsed.sources));
    }
    diagnostics.sort_by_key(|d| (d.line, d.column));
    diagnostics.truncate(super::MAX_DIAGNOSTICS + 1);
    let ok = !diagnostics.iter().any(Diagnostic::is_error);
    Checked {
        level: ok.then_some(parsed.level),
        diagnostics,
    }
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
    name: String,
    /// Whether balls go through it in the reachability map (it breaks).
    breakable: bool,
}

/// Why a barrier is no usable shape, in the words of the line that made it.
fn unusable_barrier(shape: &BarrierShape, line: usize, e: PolygonError) -> Diagnostic {
    let keyword = shape.keyword();
    // Finite inputs give non-finite corners, or an area that overflows to look like
    // none, only when the shape is far larger than the arena.
    let larger_than_arena = match shape {
        BarrierShape::Hexagon { radius, .. } => *radius > ARENA_WIDTH.max(ARENA_HEIGHT),
        BarrierShape::Rect { size, .. } => size.max_element() > ARENA_WIDTH.max(ARENA_HEIGHT),
        BarrierShape::Polygon(_) | BarrierShape::Segment { .. } => false,
    };
    match (shape, e) {
        (BarrierShape::Polygon(_), _) => {
            Diagnostic::error(line, 1, format!("this polygon is not a usable shape: {e}"))
                .with_hint("list a convex outline's corners in order, without repeats")
        }
        _ if larger_than_arena || matches!(e, PolygonError::NotFinite { .. }) => Diagnostic::error(
            line,
            1,
            format!("this {keyword} is too large: its corners cannot be computed"),
        )
        .with_hint("the arena runs from 0,0 at the top left to 800,1000"),
        _ => Diagnostic::error(
            line,
            1,
            format!("this {keyword} is too small or too thin: its corners cannot be told apart"),
        )
        .with_hint("give it a size of at least a few units (a ball's radius is 8)"),
    }
}

/// The checks that need geometry, as named steps. Pieces that make no usable
/// shape are reported once and left out of the later steps.
fn check_geometry(level: &Level, sources: &Sources) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let zones = paddle_zones(level);
    let barriers = barrier_pieces(level, sources, &mut out);
    let bricks = brick_pieces(level, sources, &zones, &mut out);
    for (i, barrier) in barriers.iter().enumerate() {
        check_barrier_place(barrier, &zones, &mut out);
        check_barrier_overlaps(barrier, &barriers[..i], &bricks, &mut out);
    }
    for (i, ball) in level.balls.iter().enumerate() {
        let line = sources.ball_lines.get(i).copied().unwrap_or(1);
        check_staged_ball(ball, line, barriers.iter().chain(&bricks), &mut out);
    }
    check_solo_can_be_won(level, sources, &bricks, &mut out);
    if out.iter().all(|d| !d.is_error()) {
        let walls = bricks.iter().filter(|b| !b.breakable).chain(&barriers);
        let walls = walls.map(|p| &p.outline);
        out.extend(unreachable_bricks(level, sources, walls, &zones));
    }
    out
}

/// The paddle zones the level must keep clear: the bottom one, and the top one
/// when the level may be played in versus (in solo the top is a wall, and the
/// band in front of it is open field).
fn paddle_zones(level: &Level) -> Vec<(Side, Rect)> {
    [Side::Bottom, Side::Top]
        .into_iter()
        .filter(|&s| s == Side::Bottom || level.mode.allows_versus())
        .map(|s| (s, paddle_zone(s)))
        .collect()
}

/// Each barrier as a piece, in file order; those with no usable outline are
/// reported instead.
fn barrier_pieces(level: &Level, sources: &Sources, out: &mut Vec<Diagnostic>) -> Vec<Piece> {
    let mut pieces = Vec::new();
    for (i, shape) in level.barriers.iter().enumerate() {
        let line = sources.barrier_lines.get(i).copied().unwrap_or(1);
        match shape.outline() {
            Ok(outline) => pieces.push(Piece {
                outline,
                line,
                name: format!("the {} on line {line}", shape.keyword()),
                breakable: false,
            }),
            Err(e) => out.push(unusable_barrier(shape, line, e)),
        }
    }
    pieces
}

/// Each brick as a piece, row by row, with the bricks outside the arena or in a
/// paddle zone reported.
fn brick_pieces(
    level: &Level,
    sources: &Sources,
    zones: &[(Side, Rect)],
    out: &mut Vec<Diagnostic>,
) -> Vec<Piece> {
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
        for (side, zone) in zones {
            if overlap(&rect, zone) {
                out.push(Diagnostic::error(line, column + 1, format!("this brick is inside the {} paddle's zone", side.keyword()))
                    .with_hint(format!("paddle zones are the {} units nearest each goal line; move the grid with `bricks_center`", zone.size().y)));
            }
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
            breakable: brick.hits != Hits::Unbreakable,
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
            Diagnostic::error(b.line, 1, format!("{} reaches outside the arena", b.name))
                .with_hint("the arena runs from 0,0 at the top left to 800,1000"),
        );
    }
    for (side, zone) in zones {
        let zone_outline = BarrierOutline::Polygon(ConvexPolygon::from_rect(*zone));
        if overlap(&aabb, zone) && overlap_of(&b.outline, &zone_outline).depth > TOUCHING {
            out.push(
                Diagnostic::error(
                    b.line,
                    1,
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
                    1,
                    format!("{} overlaps {} by {:.1} units", b.name, other.name, o.depth),
                )
                .with_hint(format!(
                    "move it {:.1} units {}, or make one of them smaller",
                    o.depth,
                    direction_words(o.away)
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
                    1,
                    format!("{} overlaps {} by {:.1} units", b.name, brick.name, o.depth),
                )
                .with_hint(format!(
                    "move the barrier {:.1} units {}, or leave that cell empty (`.`)",
                    o.depth,
                    direction_words(o.away)
                )),
            );
            return;
        }
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
        out.push(
            Diagnostic::error(line, 1, format!("this ball starts inside {}", p.name))
                .with_hint("start it in free space"),
        );
    }
    let speed = ball.velocity.length();
    if !(MIN_BALL_SPEED..=MAX_BALL_SPEED).contains(&speed) {
        out.push(Diagnostic::warning(line, 1, format!("this ball's speed is {speed:.0}; it will be brought within {MIN_BALL_SPEED} to {MAX_BALL_SPEED}")));
    }
}

/// A solo game ends won only when the last breakable brick breaks: without one
/// it can only be lost, so a level offered for solo play must have one.
fn check_solo_can_be_won(
    level: &Level,
    sources: &Sources,
    bricks: &[Piece],
    out: &mut Vec<Diagnostic>,
) {
    if !bricks.iter().any(|b| b.breakable) && level.mode.allows_solo() {
        let line = sources.brick_row_lines.first().copied().unwrap_or(1);
        out.push(
            Diagnostic::error(
                line,
                1,
                "there are no breakable bricks, so solo play can never be won",
            )
            .with_hint("add bricks `1` to `9`, or set `mode = versus`"),
        );
    }
}

/// Whether two boxes overlap by more than [`TOUCHING`].
fn overlap(a: &Rect, b: &Rect) -> bool {
    a.min.x < b.max.x - TOUCHING
        && b.min.x < a.max.x - TOUCHING
        && a.min.y < b.max.y - TOUCHING
        && b.min.y < a.max.y - TOUCHING
}
