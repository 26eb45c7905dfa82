//! Arkanong's desktop shell: the window, input, drawing and the main loop.
//!
//! For now this is the physics sandbox: a paddle you move with the mouse or the
//! arrow keys, balls, flush bricks that break, hexagon barriers and walls, all run
//! by `arkanong::physics` at its fixed step. The game screens arrive with the rules.

use arkanong::geom::{ConvexPolygon, Rect};
use arkanong::physics::{Collider, Event, Paddle, PaddleId, PhysicsConfig, StaticShape, World};
use arkanong::tuning::STEPS_PER_SECOND;
use macroquad::prelude::*;

/// Arena size in world units; the view scales it to fit the window.
const ARENA: Vec2 = Vec2::new(800.0, 1000.0);
/// Ball radius in world units.
const BALL_RADIUS: f32 = 8.0;
/// Paddle speed with the keyboard, units per second.
const PADDLE_SPEED: f32 = 900.0;

fn window_conf() -> Conf {
    Conf {
        window_title: "Arkanong".to_owned(),
        window_width: 640,
        window_height: 800,
        high_dpi: true,
        ..Default::default()
    }
}

fn sandbox_world() -> (World, PaddleId) {
    let mut world = World::new(Rect::new(Vec2::ZERO, ARENA), PhysicsConfig::default(), 1);
    world.add_wall(Rect::new(vec2(-50., -50.), vec2(0., ARENA.y + 50.)));
    world.add_wall(Rect::new(
        vec2(ARENA.x, -50.),
        vec2(ARENA.x + 50., ARENA.y + 50.),
    ));
    world.add_wall(Rect::new(vec2(0., -50.), vec2(ARENA.x, 0.)));
    world.add_wall(Rect::new(vec2(0., ARENA.y), vec2(ARENA.x, ARENA.y + 50.)));
    for row in 0..6 {
        for col in 0..12 {
            let min = vec2(40. + col as f32 * 60., 120. + row as f32 * 24.);
            world.add_shape(StaticShape {
                collider: Collider::Polygon(ConvexPolygon::from_rect(Rect::new(
                    min,
                    min + vec2(60., 24.),
                ))),
                counts_as_progress: true,
            });
        }
    }
    for (i, &(x, y)) in [(200., 450.), (600., 450.), (400., 600.)]
        .iter()
        .enumerate()
    {
        world.add_shape(StaticShape {
            collider: Collider::Polygon(ConvexPolygon::regular(
                vec2(x, y),
                45.0,
                6,
                i as f32 * 0.3,
            )),
            counts_as_progress: false,
        });
    }
    let paddle = world.add_paddle(Paddle::rectangle(
        vec2(120., 18.),
        vec2(400., 920.),
        Vec2::NEG_Y,
        0,
    ));
    for i in 0..6 {
        world.add_ball(
            vec2(200. + 80. * i as f32, 800.),
            BALL_RADIUS,
            vec2(150. - 60. * i as f32, -600.),
            0,
        );
    }
    (world, paddle)
}

fn draw_polygon(poly: &ConvexPolygon, to_screen: impl Fn(Vec2) -> Vec2, color: Color) {
    let v = poly.vertices();
    for i in 1..v.len() - 1 {
        draw_triangle(to_screen(v[0]), to_screen(v[i]), to_screen(v[i + 1]), color);
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let tool = match args.first().map(String::as_str) {
        Some("check") => Some(
            arkanong::cli::check_files as fn(&[String], &mut std::io::StdoutLock<'static>) -> i32,
        ),
        Some("sim") => Some(arkanong::cli::sim as _),
        Some("replay") => Some(arkanong::cli::replay as _),
        _ => None,
    };
    if let Some(tool) = tool {
        std::process::exit(tool(&args[1..], &mut std::io::stdout().lock()));
    }
    macroquad::Window::from_config(window_conf(), sandbox());
}

async fn sandbox() {
    let (mut world, paddle) = sandbox_world();
    let dt = 1.0 / STEPS_PER_SECOND as f32;
    let mut accumulator = 0.0;
    loop {
        let scale = (screen_width() / ARENA.x).min(screen_height() / ARENA.y);
        let origin = (vec2(screen_width(), screen_height()) - ARENA * scale) * 0.5;
        let to_screen = |p: Vec2| origin + p * scale;

        accumulator += get_frame_time().min(0.25);
        while accumulator >= dt {
            let current = world.paddles()[0].position;
            let mut target = current;
            if is_key_down(KeyCode::Left) || is_key_down(KeyCode::A) {
                target.x -= PADDLE_SPEED * dt;
            }
            if is_key_down(KeyCode::Right) || is_key_down(KeyCode::D) {
                target.x += PADDLE_SPEED * dt;
            }
            if is_mouse_button_down(MouseButton::Left) {
                let mouse = (Vec2::from(mouse_position()) - origin) / scale;
                target.x =
                    current.x + (mouse.x - current.x).clamp(-PADDLE_SPEED * dt, PADDLE_SPEED * dt);
            }
            target.x = target.x.clamp(70.0, ARENA.x - 70.0);
            world.move_paddle(paddle, target);
            for event in world.step(dt) {
                if let Event::BallHitShape { shape, .. } = event {
                    if world.shape(shape).is_some_and(|s| s.counts_as_progress) {
                        world.remove_shape(shape);
                    }
                }
            }
            accumulator -= dt;
        }

        clear_background(Color::from_rgba(12, 14, 28, 255));
        for (_, shape) in world.shapes() {
            let color = if shape.counts_as_progress {
                Color::from_rgba(230, 120, 60, 255)
            } else {
                Color::from_rgba(70, 90, 160, 255)
            };
            if let Collider::Polygon(p) = &shape.collider {
                draw_polygon(p, to_screen, color);
            }
        }
        for p in world.paddles() {
            draw_polygon(
                &p.placed(Vec2::ZERO),
                to_screen,
                Color::from_rgba(80, 200, 255, 255),
            );
        }
        for ball in world.balls() {
            let c = to_screen(ball.position);
            draw_circle(
                c.x,
                c.y,
                ball.radius * scale,
                Color::from_rgba(255, 220, 90, 255),
            );
        }
        next_frame().await;
    }
}
