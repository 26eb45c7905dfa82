//! Drawing the balls: each a disc (an ellipse under squash and stretch) in its
//! owner's colour, all in one mesh, behind their trails (plain, or glowing in
//! `glow.rs`). Split from `draw.rs`, which draws the rest of the field.

use arkanong::app::{feel::stretch, feel::BallSquash, feel::Trail, feel::TRAIL_LEN};
use arkanong::game::Game;
use arkanong::level::Side;
use arkanong::physics::Ball;
use macroquad::prelude::*;

use crate::shell::batch::{disc_texture, ribbon, QuadBatch};
use crate::shell::palette::side_color;
use crate::shell::view::View;

/// Above this many balls the highlight on each ball is left out (it doubles the
/// quads, and at that count no one sees it).
const HIGHLIGHT_MAX_BALLS: usize = 500;

/// Above this many balls each trail is one quad (see [`trail_stride`]).
const CROWD_BALLS: usize = 500;

/// Every how many trail points a trail is drawn through (the ball's own position
/// always ends it): all of them, or in a crowd only the oldest, so one quad from
/// there to the ball. Software GL pays per triangle, and eight tiny ones a trail
/// made up half of a 5,000-ball frame.
pub(crate) fn trail_stride(balls: usize) -> usize {
    if balls > CROWD_BALLS {
        TRAIL_LEN
    } else {
        1
    }
}

/// Balls in their owners' colours, each with a fading trail of recent positions
/// (glowing, added onto the picture, when `glow`), each bent by its squash and
/// stretch (round when `squashes` is empty): two batches (trails, then balls), a
/// few draw calls however many balls there are.
pub(crate) fn draw_balls(
    view: &View,
    game: &Game,
    trails: &[Trail],
    squashes: &[BallSquash],
    glow: bool,
) {
    let balls = game.world().balls();
    if !(glow && super::glow::draw_glowing_trails(view, balls, trails)) {
        draw_trails(view, balls, trails);
    }
    draw_discs(view, balls, squashes);
}

/// The plain trails: one fading streak per ball, alpha-blended.
fn draw_trails(view: &View, balls: &[Ball], trails: &[Trail]) {
    let mut streaks = QuadBatch::new(None);
    // The trails are in the balls' order as of the last step; a ball without its
    // trail at the same index (just spawned) simply has none yet.
    let stride = trail_stride(balls.len());
    for (ball, trail) in balls.iter().zip(trails).filter(|(b, t)| b.id.0 == t.id) {
        let color = side_color(Side::from_index(ball.owner));
        let n = trail.len();
        let mut prev: Option<(Vec2, f32, f32)> = None;
        let points = trail.points().chain(std::iter::once(ball.position));
        for (k, p) in points.enumerate() {
            if k % stride != 0 && k != n {
                continue;
            }
            let t = k as f32 / n as f32;
            let half = view.len(ball.radius) * (0.2 + 0.6 * t);
            let at = view.to_screen(p);
            if let Some((from, from_half, from_t)) = prev {
                trail_segment(
                    &mut streaks,
                    (from, from_half),
                    (at, half),
                    (from_t, t),
                    color,
                );
            }
            prev = Some((at, half, t));
        }
    }
}

/// The balls themselves: one textured quad each (and a highlight when there
/// are few), each an ellipse as its squash and stretch say; round when
/// `squashes` is empty (the effect is off). A ball whose squash is not at the
/// same index (just spawned) is stretched only.
fn draw_discs(view: &View, balls: &[Ball], squashes: &[BallSquash]) {
    let mut discs = QuadBatch::new(Some(disc_texture()));
    let highlight = balls.len() <= HIGHLIGHT_MAX_BALLS;
    let mut states = squashes.iter().peekable();
    for ball in balls {
        let c = view.to_screen(ball.position);
        let r = view.len(ball.radius);
        let shape = if squashes.is_empty() {
            Mat2::IDENTITY
        } else {
            while states.next_if(|s| s.id < ball.id.0).is_some() {}
            match states.next_if(|s| s.id == ball.id.0) {
                Some(s) => s.shape(ball.velocity),
                None => stretch(ball.velocity, 1.0),
            }
        } * r;
        discs.ellipse(c, shape, side_color(Side::from_index(ball.owner)));
        if highlight {
            // A round glint, carried along as the ball bends.
            discs.square(
                c + shape * Vec2::splat(-0.3),
                r * 0.3,
                Color::new(1.0, 1.0, 1.0, 0.6),
            );
        }
    }
}

/// One piece of a trail: a quad from `a` to `b` (centres and half-widths, pixels),
/// fading toward the tail; `t` is how far along the trail `a` and `b` are (1 at
/// the ball).
fn trail_segment(
    batch: &mut QuadBatch,
    a: (Vec2, f32),
    b: (Vec2, f32),
    t: (f32, f32),
    color: Color,
) {
    let Some(corners) = ribbon(a, b) else {
        return;
    };
    let fade = |t: f32| Color {
        a: 0.3 * t * t,
        ..color
    };
    batch.quad(corners, [fade(t.0), fade(t.1), fade(t.1), fade(t.0)]);
}
