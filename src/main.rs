//! Arkanong's desktop shell: the window, input, drawing and the main loop.
//!
//! For now this is the collision sandbox: balls bouncing among hexagons and walls,
//! moved by the swept casts of `arkanong::geom`, so the collision core can be seen
//! and played with. The full game screens arrive with the game rules.

use arkanong::geom::{cast_circle_polygon, reflect, Circle, ConvexPolygon, Rect};
use macroquad::prelude::*;

/// Arena size in world units; the view scales it to fit the window.
const ARENA: Vec2 = Vec2::new(800.0, 1000.0);
/// Ball radius in world units.
const BALL_RADIUS: f32 = 8.0;
/// Fixed physics step, seconds.
const STEP: f32 = 1.0 / 120.0;

fn window_conf() -> Conf {
    Conf {
        window_title: "Arkanong".to_owned(),
        window_width: 640,
        window_height: 800,
        high_dpi: true,
        ..Default::default()
    }
}

struct Ball {
    circle: Circle,
    velocity: Vec2,
}

fn sandbox_shapes() -> Vec<ConvexPolygon> {
    let wall = |min: Vec2, max: Vec2| ConvexPolygon::from_rect(Rect::new(min, max));
    let mut shapes = vec![
        wall(vec2(-50., -50.), vec2(0., ARENA.y + 50.)),
        wall(vec2(ARENA.x, -50.), vec2(ARENA.x + 50., ARENA.y + 50.)),
        wall(vec2(0., -50.), vec2(ARENA.x, 0.)),
        wall(vec2(0., ARENA.y), vec2(ARENA.x, ARENA.y + 50.)),
    ];
    for (i, &(x, y)) in [
        (200., 300.),
        (600., 300.),
        (400., 500.),
        (200., 700.),
        (600., 700.),
    ]
    .iter()
    .enumerate()
    {
        shapes.push(ConvexPolygon::regular(vec2(x, y), 60.0, 6, i as f32 * 0.3));
    }
    shapes
}

/// Moves a ball through one step, bouncing off the first shape it would touch, up
/// to a few contacts per step.
fn advance(ball: &mut Ball, shapes: &[ConvexPolygon], dt: f32) {
    let mut remaining = 1.0f32;
    for _ in 0..4 {
        let motion = ball.velocity * dt * remaining;
        let first = shapes
            .iter()
            .filter_map(|s| cast_circle_polygon(ball.circle, motion, s))
            .min_by(|a, b| a.toi.total_cmp(&b.toi));
        match first {
            Some(hit) => {
                ball.circle.center += motion * hit.toi;
                ball.velocity = reflect(ball.velocity, hit.normal);
                remaining *= 1.0 - hit.toi;
            }
            None => {
                ball.circle.center += motion;
                return;
            }
        }
    }
}

fn draw_polygon(poly: &ConvexPolygon, to_screen: impl Fn(Vec2) -> Vec2, color: Color) {
    let v = poly.vertices();
    for i in 1..v.len() - 1 {
        draw_triangle(to_screen(v[0]), to_screen(v[i]), to_screen(v[i + 1]), color);
    }
}

#[macroquad::main(window_conf)]
async fn main() {
    let shapes = sandbox_shapes();
    let mut balls: Vec<Ball> = (0..12)
        .map(|i| Ball {
            circle: Circle::new(vec2(100. + 50. * i as f32, 900.), BALL_RADIUS),
            velocity: Vec2::from_angle(-1.0 - 0.07 * i as f32) * 500.0,
        })
        .collect();
    let mut accumulator = 0.0;
    loop {
        accumulator += get_frame_time().min(0.25);
        while accumulator >= STEP {
            for ball in &mut balls {
                advance(ball, &shapes, STEP);
            }
            accumulator -= STEP;
        }
        clear_background(Color::from_rgba(12, 14, 28, 255));
        let scale = (screen_width() / ARENA.x).min(screen_height() / ARENA.y);
        let origin = (vec2(screen_width(), screen_height()) - ARENA * scale) * 0.5;
        let to_screen = |p: Vec2| origin + p * scale;
        for shape in &shapes {
            draw_polygon(shape, to_screen, Color::from_rgba(70, 90, 160, 255));
        }
        for ball in &balls {
            let c = to_screen(ball.circle.center);
            draw_circle(
                c.x,
                c.y,
                BALL_RADIUS * scale,
                Color::from_rgba(255, 200, 80, 255),
            );
        }
        next_frame().await;
    }
}
