//! Checks that need geometry: shapes that are not convex, pieces that overlap or
//! leave the arena, staged balls inside something, bricks no ball can reach.

use glam::Vec2;

use super::overlap::{direction_words, overlap as overlap_of};
use super::parse::{parse_text, Sources};
use super::{arena, paddle_zone, BarrierOutline, BarrierShape, Diagnostic, Hits, Level, Side};
use crate::geom::{ConvexPolygon, PolygonError, Rect};
use crate::tuning::{ARENA_HEIGHT, ARENA_WIDTH, BALL_RADIUS, MAX_BALL_SPEED, MIN_BALL_SPEED};

/// Overlap, in world units, that still counts as two pieces merely touching.
const TOUCHING: f32 = 0.5;
/// Side of the cells of the reachability map, world units.
const REACH_CELL: f32 = 4.0;

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

fn check_geometry(level: &Level, sources: &Sources) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let arena = arena();
    let line_of_barrier = |i: usize| sources.barrier_lines.get(i).copied().unwrap_or(1);
    let zones: Vec<(Side, Rect)> = [Side::Bottom, Side::Top]
        .into_iter()
        .filter(|&s| s == Side::Bottom || level.mode.allows_versus())
        .map(|s| (s, paddle_zone(s)))
        .collect();

    let mut barriers: Vec<Piece> = Vec::new();
    for (i, shape) in level.barriers.iter().enumerate() {
        let line = line_of_barrier(i);
        match shape.outline() {
            Ok(outline) => barriers.push(Piece {
                outline,
                line,
                name: format!("the {} on line {line}", shape.keyword()),
                breakable: false,
            }),
            Err(e) => out.push(unusable_barrier(shape, line, e)),
        }
    }

    let mut bricks: Vec<Piece> = Vec::new();
    for (row, column, brick) in level.bricks_with_positions() {
        let rect = level.brick_rect(row, column);
        let line = sources.brick_row_lines.get(row).copied().unwrap_or(1);
        if !(arena.contains(rect.min) && arena.contains(rect.max)) {
            out.push(
                Diagnostic::error(line, column + 1, "this brick is outside the arena")
                    .with_hint("move the grid with `bricks_center`, or make `brick_size` smaller"),
            );
        }
        for (side, zone) in &zones {
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
        bricks.push(Piece {
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

    for (i, b) in barriers.iter().enumerate() {
        let aabb = b.outline.aabb();
        if !(arena.contains(aabb.min) && arena.contains(aabb.max)) {
            out.push(
                Diagnostic::error(b.line, 1, format!("{} reaches outside the arena", b.name))
                    .with_hint("the arena runs from 0,0 at the top left to 800,1000"),
            );
        }
        for (side, zone) in &zones {
            let zone_outline = BarrierOutline::Polygon(ConvexPolygon::from_rect(*zone));
            if overlap(&aabb, zone) && overlap_of(&b.outline, &zone_outline).depth > TOUCHING {
                out.push(Diagnostic::error(b.line, 1, format!("{} is inside the {} paddle's zone", b.name, side.keyword()))
                    .with_hint("paddles move freely in their zones; keep barriers between y = 130 and y = 870"));
            }
        }
        for other in &barriers[..i] {
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
        for brick in &bricks {
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
                break;
            }
        }
    }

    for (i, ball) in level.balls.iter().enumerate() {
        let line = sources.ball_lines.get(i).copied().unwrap_or(1);
        let r = BALL_RADIUS;
        let inside = ball.position.x >= r
            && ball.position.x <= arena.max.x - r
            && ball.position.y >= r
            && ball.position.y <= arena.max.y - r;
        if !inside {
            out.push(
                Diagnostic::error(line, 1, "this ball starts outside the arena").with_hint(
                    format!("keep its centre at least {r} units from every edge"),
                ),
            );
            continue;
        }
        if let Some(p) = barriers
            .iter()
            .chain(&bricks)
            .find(|p| p.outline.signed_distance(ball.position) < r)
        {
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

    // A solo game ends won only when the last breakable brick breaks: without one
    // it can only be lost, so a level offered for solo play must have one.
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
    if out.iter().all(|d| !d.is_error()) {
        out.extend(unreachable_bricks(
            level, sources, &barriers, &bricks, &zones,
        ));
    }
    out
}

fn overlap(a: &Rect, b: &Rect) -> bool {
    a.min.x < b.max.x - TOUCHING
        && b.min.x < a.max.x - TOUCHING
        && a.min.y < b.max.y - TOUCHING
        && b.min.y < a.max.y - TOUCHING
}

/// The inclusive ranges of reachability-map cells (`w` by `h`) that `area` covers.
fn raster_cells(area: Rect, w: usize, h: usize) -> (usize, usize, usize, usize) {
    let cell = |v: f32, n: usize| ((v / REACH_CELL).max(0.0) as usize).min(n - 1);
    (
        cell(area.min.x, w),
        cell(area.max.x, w),
        cell(area.min.y, h),
        cell(area.max.y, h),
    )
}

/// Warnings for breakable bricks that no ball can reach: a flood fill from the
/// paddle zones over a raster of the arena, where a cell is blocked when a ball
/// centred there would touch an unbreakable brick or a barrier (breakable bricks
/// let balls through: they break).
fn unreachable_bricks(
    level: &Level,
    sources: &Sources,
    barriers: &[Piece],
    bricks: &[Piece],
    zones: &[(Side, Rect)],
) -> Vec<Diagnostic> {
    let arena = arena();
    let (w, h) = (
        (arena.max.x / REACH_CELL) as usize,
        (arena.max.y / REACH_CELL) as usize,
    );
    let center = |x: usize, y: usize| {
        Vec2::new((x as f32 + 0.5) * REACH_CELL, (y as f32 + 0.5) * REACH_CELL)
    };
    let mut blocked = vec![false; w * h];
    let walls = bricks
        .iter()
        .filter(|b| !b.breakable)
        .chain(barriers)
        .map(|b| &b.outline);
    for wall in walls {
        let (x0, x1, y0, y1) = raster_cells(wall.aabb().expanded(BALL_RADIUS), w, h);
        for y in y0..=y1 {
            for x in x0..=x1 {
                if wall.signed_distance(center(x, y)) < BALL_RADIUS {
                    blocked[y * w + x] = true;
                }
            }
        }
    }
    let mut reached = vec![false; w * h];
    let mut stack: Vec<usize> = Vec::new();
    for (_, zone) in zones {
        for y in 0..h {
            for x in 0..w {
                let i = y * w + x;
                if zone.contains(center(x, y)) && !blocked[i] {
                    reached[i] = true;
                    stack.push(i);
                }
            }
        }
    }
    while let Some(i) = stack.pop() {
        let (x, y) = (i % w, i / w);
        let neighbours = [
            (x > 0).then(|| i - 1),
            (x + 1 < w).then(|| i + 1),
            (y > 0).then(|| i - w),
            (y + 1 < h).then(|| i + w),
        ];
        for j in neighbours.into_iter().flatten() {
            if !reached[j] && !blocked[j] {
                reached[j] = true;
                stack.push(j);
            }
        }
    }
    let mut out = Vec::new();
    for (row, column, brick) in level.bricks_with_positions() {
        if brick.hits == Hits::Unbreakable {
            continue;
        }
        let area = level
            .brick_rect(row, column)
            .expanded(BALL_RADIUS + REACH_CELL);
        let (x0, x1, y0, y1) = raster_cells(area, w, h);
        let reachable = (y0..=y1).any(|y| (x0..=x1).any(|x| reached[y * w + x]));
        if !reachable {
            let line = sources.brick_row_lines.get(row).copied().unwrap_or(1);
            out.push(
                Diagnostic::warning(
                    line,
                    column + 1,
                    format!(
                        "no ball can reach the brick at row {}, column {}",
                        row + 1,
                        column + 1
                    ),
                )
                .with_hint("it is walled in by unbreakable bricks (`=`) and barriers; open a gap"),
            );
        }
    }
    out
}
