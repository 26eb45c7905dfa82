//! Drawing the field, as free functions: the arena, bricks, barriers, paddles,
//! balls with trails, capsules and shots. Every size is in arena units scaled by
//! the [`View`], so the game looks the same in any window (letterboxed to the
//! arena's shape). The interface over it (HUD, menus, messages) is in `hud.rs`.

use arkanong::app::{feel::BrickPose, feel::PaddlePose, play::Session};
use arkanong::game::{Game, Mode, ShapeRole};
use arkanong::geom::ConvexPolygon;
use arkanong::level::Side;
use arkanong::physics::Collider;
use arkanong::tuning::{ARENA_HEIGHT, ARENA_WIDTH, CAPSULE_RADIUS, LASER_MUZZLE_SHARE};
use macroquad::prelude::*;

use crate::shell::feel::Effects;
use crate::shell::palette::{
    barrier_color, brick_color, capsule_color, side_color, ARENA, BACKGROUND, STEEL,
};
use crate::shell::text::draw_label_in;
use crate::shell::view::View;

pub(crate) fn fill_polygon(view: &View, poly: &ConvexPolygon, color: Color) {
    let v: Vec<Vec2> = poly.vertices().iter().map(|&p| view.to_screen(p)).collect();
    for i in 1..v.len() - 1 {
        draw_triangle(v[0], v[i], v[i + 1], color);
    }
}

pub(crate) fn outline_polygon(view: &View, poly: &ConvexPolygon, thickness: f32, color: Color) {
    let v = poly.vertices();
    for i in 0..v.len() {
        let (a, b) = (view.to_screen(v[i]), view.to_screen(v[(i + 1) % v.len()]));
        draw_line(a.x, a.y, b.x, b.y, thickness, color);
    }
}

/// The arena's floor.
pub(crate) fn draw_floor(view: &View) {
    fill_arena(view, ARENA);
}

/// The whole arena's rectangle in one colour.
pub(crate) fn fill_arena(view: &View, color: Color) {
    let o = view.to_screen(Vec2::ZERO);
    draw_rectangle(
        o.x,
        o.y,
        view.len(ARENA_WIDTH),
        view.len(ARENA_HEIGHT),
        color,
    );
}

/// A paddle zone, tinted in its owner's colour at opacity `alpha`.
pub(crate) fn draw_zone(view: &View, side: Side, alpha: f32) {
    let zone = arkanong::level::paddle_zone(side);
    let z = view.to_screen(zone.min);
    let tint = Color {
        a: alpha,
        ..side_color(side)
    };
    draw_rectangle(
        z.x,
        z.y,
        view.len(zone.size().x),
        view.len(zone.size().y),
        tint,
    );
}

/// The background, the arena floor, the paddle zones and the goal lines.
pub(crate) fn draw_arena(view: &View, game: &Game) {
    clear_background(BACKGROUND);
    draw_floor(view);
    let o = view.to_screen(Vec2::ZERO);
    for p in game.players() {
        draw_zone(view, p.side, 0.06);
        let y = if p.side == Side::Bottom {
            ARENA_HEIGHT
        } else {
            0.0
        };
        let a = view.to_screen(vec2(0.0, y));
        draw_line(
            a.x,
            a.y,
            a.x + view.len(ARENA_WIDTH),
            a.y,
            view.len(3.0),
            side_color(p.side),
        );
    }
    if game.mode() == Mode::Solo {
        draw_rectangle(
            o.x,
            o.y - view.len(6.0),
            view.len(ARENA_WIDTH),
            view.len(6.0),
            STEEL,
        );
    }
    draw_rectangle(
        o.x - view.len(6.0),
        o.y,
        view.len(6.0),
        view.len(ARENA_HEIGHT),
        STEEL,
    );
    draw_rectangle(
        o.x + view.len(ARENA_WIDTH),
        o.y,
        view.len(6.0),
        view.len(ARENA_HEIGHT),
        STEEL,
    );
}

/// Bricks, with their hit points written on the tough ones; a brick that holds a
/// capsule shows it inside (`glint`, the Juice switch) or a small dot. Each is
/// drawn raised and faded as `pose` says (a level's bricks dropping in at its start).
pub(crate) fn draw_bricks(view: &View, game: &Game, glint: bool, pose: impl Fn(Vec2) -> BrickPose) {
    for b in game.bricks() {
        let BrickPose { lift, alpha } = pose(b.rect.min);
        let min = view.to_screen(b.rect.min - vec2(0.0, lift));
        let fade = |c: Color| Color {
            a: c.a * alpha,
            ..c
        };
        let size = b.rect.size() * view.scale;
        let inset = view.len(1.5);
        draw_rectangle(
            min.x + inset,
            min.y + inset,
            size.x - 2.0 * inset,
            size.y - 2.0 * inset,
            fade(brick_color(b.hits_left)),
        );
        let shade = fade(Color::new(0.0, 0.0, 0.0, 0.25));
        draw_rectangle(
            min.x + inset,
            min.y + size.y * 0.65,
            size.x - 2.0 * inset,
            size.y * 0.35 - inset,
            shade,
        );
        // The capsule mark under the hit points, so the number stays on top.
        if let (Some(power_up), Some(_)) = (b.power_up, b.hits_left) {
            let lifted = arkanong::geom::Rect {
                min: b.rect.min - vec2(0.0, lift),
                max: b.rect.max - vec2(0.0, lift),
            };
            if glint && alpha >= 1.0 {
                super::paddle_juice::draw_capsule_mark(view, lifted, power_up);
            } else {
                let c = view.to_screen(lifted.center() + vec2(b.rect.size().x * 0.35, 0.0));
                draw_circle(
                    c.x,
                    c.y,
                    view.len(2.5),
                    fade(Color::new(1.0, 1.0, 1.0, 0.8)),
                );
            }
        }
        if let Some(h) = b.hits_left.filter(|&h| h > 1) {
            let text = h.to_string();
            let font = view.len(16.0).max(12.0);
            draw_label_in(
                &text,
                Rect::new(min.x, min.y, size.x, size.y),
                font,
                fade(BLACK),
            );
        }
    }
}

/// Hexagons and other barriers, and any shield.
pub(crate) fn draw_barriers(view: &View, game: &Game) {
    for (_, shape, role) in game.shapes() {
        if !matches!(role, ShapeRole::Barrier | ShapeRole::Shield(_)) {
            continue;
        }
        match &shape.collider {
            Collider::Polygon(p) => {
                if matches!(role, ShapeRole::Shield(_)) {
                    fill_polygon(view, p, Color::new(0.6, 1.0, 0.7, 0.7));
                } else {
                    fill_polygon(
                        view,
                        p,
                        Color {
                            a: 0.85,
                            ..barrier_color()
                        },
                    );
                    outline_polygon(view, p, view.len(2.0), Color::new(0.6, 0.7, 1.0, 1.0));
                }
            }
            Collider::Segment(s) => {
                // A wall of no thickness, drawn 4 units wide in the barriers' edge
                // colour, with round ends: balls bounce round them.
                let (a, b) = (view.to_screen(s.a), view.to_screen(s.b));
                let edge = Color::new(0.6, 0.7, 1.0, 1.0);
                draw_line(a.x, a.y, b.x, b.y, view.len(4.0), edge);
                for end in [a, b] {
                    draw_circle(end.x, end.y, view.len(2.0), edge);
                }
            }
        }
    }
}

/// A pill (a rounded capsule) `w` by `h` pixels centred on `c`.
fn draw_pill(c: Vec2, w: f32, h: f32, color: Color) {
    let r = h * 0.5;
    draw_rectangle(c.x - w * 0.5 + r, c.y - r, w - h, h, color);
    draw_circle(c.x - w * 0.5 + r, c.y, r, color);
    draw_circle(c.x + w * 0.5 - r, c.y, r, color);
}

/// How long a capsule's shine takes to sweep across and rest, seconds.
const SHINE_PERIOD: f64 = 1.6;

/// A soft light band sweeping across a `w` by `h` pill at `c` (wall-clock time:
/// decoration only, never the game).
fn draw_shine(c: Vec2, w: f32, h: f32) {
    // The sweep takes the first half of the period; the band rests out of sight after.
    let t = (get_time() % SHINE_PERIOD / SHINE_PERIOD * 2.0) as f32;
    if t >= 1.0 {
        return;
    }
    let band = h * 0.35;
    let inner = w - h;
    let x = c.x - inner * 0.5 + (inner - band) * t;
    let alpha = 0.45 * (t * std::f32::consts::PI).sin();
    draw_rectangle(
        x,
        c.y - h * 0.4,
        band,
        h * 0.8,
        Color::new(1.0, 1.0, 1.0, alpha),
    );
}

/// `poly` moved `pose.push` back against `normal` and scaled about `center`:
/// its thickness (along `normal`) and its length (across) by the pose's factors.
fn posed(poly: ConvexPolygon, center: Vec2, normal: Vec2, pose: PaddlePose) -> ConvexPolygon {
    let points = poly
        .vertices()
        .iter()
        .map(|&v| {
            let rel = v - center;
            center - normal * pose.push
                + normal * rel.dot(normal) * pose.thickness
                + normal.perp() * rel.dot(normal.perp()) * pose.length
        })
        .collect();
    // A convex shape scaled and moved stays convex; keep the plain one if not.
    ConvexPolygon::new(points).unwrap_or(poly)
}

/// Paddles, in their players' colours, with any held balls on them; a paddle that
/// just struck a ball recoils and lights up as `effects` says.
pub(crate) fn draw_paddles(view: &View, game: &Game, effects: &Effects) {
    for p in game.players() {
        let paddle = &game.world().paddles()[p.paddle.0 as usize];
        let color = side_color(p.side);
        let pose = effects.paddle_pose(p.side);
        let poly = posed(
            paddle.placed(Vec2::ZERO),
            paddle.position,
            paddle.normal,
            pose,
        );
        // The light-up: in the struck ball's owner's colour (the other player's
        // for an enemy or converted ball), washed toward white so it reads as
        // light. The colour holds at full until the light is half gone, so a blue
        // paddle lit orange spends little time passing through grey.
        let light = side_color(pose.light);
        let (hue, wash) = ((2.0 * pose.glow).min(1.0), 0.45 * pose.glow);
        let glow = |own: f32, ball: f32| {
            let c = own + (ball - own) * hue;
            c + (1.0 - c) * wash
        };
        let lit = Color::new(
            glow(color.r, light.r),
            glow(color.g, light.g),
            glow(color.b, light.b),
            1.0,
        );
        fill_polygon(view, &poly, lit);
        outline_polygon(view, &poly, view.len(1.5), WHITE);
        if p.effects.laser > 0 {
            for end in [-LASER_MUZZLE_SHARE, LASER_MUZZLE_SHARE] {
                let c = view
                    .to_screen(paddle.position + paddle.normal.perp() * paddle.half_width * end);
                draw_circle(c.x, c.y, view.len(5.0), Color::new(1.0, 0.3, 0.3, 1.0));
            }
        }
        for held in &p.held {
            let c = view.to_screen(game.held_ball_position(p, held));
            draw_circle(c.x, c.y, view.len(8.0), color);
            draw_circle_lines(c.x, c.y, view.len(8.0), view.len(1.5), WHITE);
        }
    }
}

/// Capsules with their letters, and laser shots.
pub(crate) fn draw_capsules_and_shots(view: &View, game: &Game, shine: bool) {
    for c in game.capsules() {
        let p = view.to_screen(c.position);
        let (w, h) = (
            view.len(CAPSULE_RADIUS * 2.4),
            view.len(CAPSULE_RADIUS * 1.3),
        );
        draw_pill(p, w + view.len(3.0), h + view.len(3.0), WHITE);
        draw_pill(p, w, h, capsule_color(c.power_up));
        if shine {
            draw_shine(p, w, h);
        }
        let letter = c.power_up.letter().to_string();
        let font = (h * 0.95).max(12.0);
        draw_label_in(
            &letter,
            Rect::new(p.x - w * 0.5, p.y - h * 0.5, w, h),
            font,
            BLACK,
        );
    }
    for s in game.shots() {
        let a = view.to_screen(s.position);
        let b = view.to_screen(s.position - s.velocity.normalize_or_zero() * 18.0);
        draw_line(
            a.x,
            a.y,
            b.x,
            b.y,
            view.len(3.0),
            Color::new(1.0, 0.4, 0.4, 1.0),
        );
    }
}

/// The whole field: arena, bricks, barriers, capsules, paddles, balls, sparks, and
/// the HUD if `hud` (with `banner` in the layout's banner slot).
pub(crate) fn draw_game(
    view: &View,
    session: &Session,
    effects: &Effects,
    hud: bool,
    banner: Option<&str>,
) {
    let game = &session.game;
    draw_arena(view, game);
    let on = effects.juice;
    if on.backdrop {
        super::stage_draw::draw_backdrop(view, &effects.stage);
    }
    draw_bricks(view, game, on.glint, |min| {
        effects.stage.brick_pose(min, on)
    });
    super::paddle_juice::draw_glints(view, game, effects);
    draw_barriers(view, game);
    draw_capsules_and_shots(view, game, effects.juice.shine);
    super::paddle_juice::draw_timer_bars(view, game, effects);
    draw_paddles(view, game, effects);
    super::paddle_juice::draw_muzzle_flashes(view, game, effects);
    let trails = if effects.juice.trails {
        session.trails.as_slice()
    } else {
        &[]
    };
    let squashes = if effects.juice.squash {
        session.squashes.as_slice()
    } else {
        &[]
    };
    super::balls::draw_balls(view, game, trails, squashes, effects.juice.glow);
    effects.draw(view);
    if on.ceremony {
        super::stage_draw::draw_defeat_dim(view, &effects.stage);
    }
    for cue in session.serve_cues() {
        super::serve_cue::draw_serve_cue(view, &cue);
    }
    if hud {
        let layout = crate::shell::view::window_layout();
        super::hud::draw_hud(
            &layout,
            game,
            session.labels(),
            session.hud_scores(),
            banner,
        );
    }
}
