//! Drawing, as free functions: the arena, bricks, barriers, paddles, balls with
//! trails, capsules, shots, particles, the HUD, menus and the debug overlay. Every
//! size is in arena units scaled by the `View`, so the game looks the same in any
//! window (letterboxed to the arena's shape).

use arkanong::app::{Menu, Screen};
use arkanong::game::{Game, Mode};
use arkanong::geom::ConvexPolygon;
use arkanong::level::{PowerUp, Side};
use arkanong::physics::{Collider, Event};
use arkanong::tuning::{ARENA_HEIGHT, ARENA_WIDTH, CAPSULE_RADIUS};
use macroquad::prelude::*;

/// Colours of the two players, and the neutral ones.
pub(crate) const BOTTOM_COLOR: Color = Color::new(0.30, 0.80, 1.00, 1.0);
/// The top player's colour.
pub(crate) const TOP_COLOR: Color = Color::new(1.00, 0.45, 0.30, 1.0);
const BACKGROUND: Color = Color::new(0.03, 0.035, 0.07, 1.0);
const ARENA: Color = Color::new(0.06, 0.07, 0.13, 1.0);
const BARRIER: Color = Color::new(0.35, 0.45, 0.85, 1.0);
const STEEL: Color = Color::new(0.55, 0.58, 0.65, 1.0);

/// A player's colour.
pub(crate) fn side_color(side: Side) -> Color {
    match side {
        Side::Bottom => BOTTOM_COLOR,
        Side::Top => TOP_COLOR,
    }
}

/// Where the arena sits in the window: letterboxed, aspect kept, shaken a little
/// on big events.
#[derive(Debug, Clone, Copy)]
pub(crate) struct View {
    /// Pixels per arena unit.
    pub(crate) scale: f32,
    /// Screen position of the arena's (0, 0).
    pub(crate) origin: Vec2,
}

impl View {
    /// Fits the arena in the window, with `shake` pixels of offset.
    pub(crate) fn fit(shake: Vec2) -> Self {
        let (w, h) = (screen_width(), screen_height());
        let scale = (w / ARENA_WIDTH).min(h / ARENA_HEIGHT);
        let origin = (vec2(w, h) - vec2(ARENA_WIDTH, ARENA_HEIGHT) * scale) * 0.5 + shake;
        Self { scale, origin }
    }

    /// Arena units to screen pixels.
    pub(crate) fn to_screen(self, p: Vec2) -> Vec2 {
        self.origin + p * self.scale
    }

    /// Screen pixels to arena units.
    pub(crate) fn to_world(self, p: Vec2) -> Vec2 {
        (p - self.origin) / self.scale
    }

    /// A length in arena units, in pixels.
    pub(crate) fn len(self, l: f32) -> f32 {
        l * self.scale
    }
}

/// A spark from a broken brick.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Particle {
    /// Arena units.
    pub(crate) position: Vec2,
    /// Units per second.
    pub(crate) velocity: Vec2,
    /// Seconds left.
    pub(crate) life: f32,
    /// Its colour.
    pub(crate) color: Color,
}

fn fill_polygon(view: &View, poly: &ConvexPolygon, color: Color) {
    let v: Vec<Vec2> = poly.vertices().iter().map(|&p| view.to_screen(p)).collect();
    for i in 1..v.len() - 1 {
        draw_triangle(v[0], v[i], v[i + 1], color);
    }
}

fn outline_polygon(view: &View, poly: &ConvexPolygon, thickness: f32, color: Color) {
    let v = poly.vertices();
    for i in 0..v.len() {
        let (a, b) = (view.to_screen(v[i]), view.to_screen(v[(i + 1) % v.len()]));
        draw_line(a.x, a.y, b.x, b.y, thickness, color);
    }
}

fn brick_color(hits_left: Option<u8>) -> Color {
    match hits_left {
        None => STEEL,
        Some(1) => Color::new(0.35, 0.85, 0.45, 1.0),
        Some(2) => Color::new(0.95, 0.85, 0.30, 1.0),
        Some(3) => Color::new(0.98, 0.60, 0.20, 1.0),
        Some(4 | 5) => Color::new(0.95, 0.30, 0.35, 1.0),
        Some(_) => Color::new(0.75, 0.35, 0.95, 1.0),
    }
}

/// The background, the arena floor, the paddle zones and the goal lines.
pub(crate) fn draw_arena(view: &View, game: &Game) {
    clear_background(BACKGROUND);
    let o = view.to_screen(Vec2::ZERO);
    draw_rectangle(
        o.x,
        o.y,
        view.len(ARENA_WIDTH),
        view.len(ARENA_HEIGHT),
        ARENA,
    );
    for p in game.players() {
        let zone = arkanong::level::paddle_zone(p.side);
        let z = view.to_screen(zone.min);
        let tint = Color {
            a: 0.06,
            ..side_color(p.side)
        };
        draw_rectangle(
            z.x,
            z.y,
            view.len(zone.size().x),
            view.len(zone.size().y),
            tint,
        );
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

/// Bricks, with their hit points written on the tough ones.
pub(crate) fn draw_bricks(view: &View, game: &Game) {
    for b in game.bricks() {
        let min = view.to_screen(b.rect.min);
        let size = b.rect.size() * view.scale;
        let inset = view.len(1.5);
        draw_rectangle(
            min.x + inset,
            min.y + inset,
            size.x - 2.0 * inset,
            size.y - 2.0 * inset,
            brick_color(b.hits_left),
        );
        let shade = Color::new(0.0, 0.0, 0.0, 0.25);
        draw_rectangle(
            min.x + inset,
            min.y + size.y * 0.65,
            size.x - 2.0 * inset,
            size.y * 0.35 - inset,
            shade,
        );
        if let Some(h) = b.hits_left.filter(|&h| h > 1) {
            let text = h.to_string();
            let font = view.len(16.0);
            let dims = measure_text(&text, None, font as u16, 1.0);
            draw_text(
                &text,
                min.x + (size.x - dims.width) * 0.5,
                min.y + size.y * 0.5 + dims.height * 0.5,
                font,
                BLACK,
            );
        }
        if b.power_up.is_some() && b.hits_left.is_some() {
            let c = view.to_screen(b.rect.center() + vec2(b.rect.size().x * 0.35, 0.0));
            draw_circle(c.x, c.y, view.len(2.5), Color::new(1.0, 1.0, 1.0, 0.8));
        }
    }
}

/// Hexagons and other barriers, and any shield.
pub(crate) fn draw_barriers(view: &View, game: &Game) {
    for (id, shape) in game.world().shapes() {
        if game.brick(id).is_some() || id.0 < first_barrier(game) {
            continue;
        }
        match &shape.collider {
            Collider::Polygon(p) => {
                let shield = game.players().iter().any(|pl| pl.shield == Some(id));
                if shield {
                    fill_polygon(view, p, Color::new(0.6, 1.0, 0.7, 0.7));
                } else {
                    fill_polygon(view, p, Color { a: 0.85, ..BARRIER });
                    outline_polygon(view, p, view.len(2.0), Color::new(0.6, 0.7, 1.0, 1.0));
                }
            }
            Collider::Segment(s) => {
                let (a, b) = (view.to_screen(s.a), view.to_screen(s.b));
                draw_line(a.x, a.y, b.x, b.y, view.len(3.0), BARRIER);
            }
        }
    }
}

/// The id of the first shape that is not an arena wall.
fn first_barrier(game: &Game) -> u32 {
    if game.mode() == Mode::Solo {
        3
    } else {
        2
    }
}

/// Paddles, in their players' colours, with any held balls on them.
pub(crate) fn draw_paddles(view: &View, game: &Game) {
    for p in game.players() {
        let paddle = &game.world().paddles()[p.paddle.0 as usize];
        let color = side_color(p.side);
        let poly = paddle.placed(Vec2::ZERO);
        fill_polygon(view, &poly, color);
        outline_polygon(view, &poly, view.len(1.5), WHITE);
        if p.effects.laser > 0 {
            for end in [-0.8, 0.8] {
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

/// Balls in their owners' colours, each with a fading trail of recent positions.
pub(crate) fn draw_balls(view: &View, game: &Game, trails: &[(u32, Vec<Vec2>)]) {
    for (id, trail) in trails {
        let Some(ball) = game.world().balls().iter().find(|b| b.id.0 == *id) else {
            continue;
        };
        let color = side_color(Side::from_index(ball.owner));
        for (k, p) in trail.iter().enumerate() {
            let t = (k + 1) as f32 / (trail.len() + 1) as f32;
            let c = view.to_screen(*p);
            draw_circle(
                c.x,
                c.y,
                view.len(ball.radius * (0.3 + 0.5 * t)),
                Color {
                    a: 0.25 * t,
                    ..color
                },
            );
        }
    }
    for ball in game.world().balls() {
        let c = view.to_screen(ball.position);
        let color = side_color(Side::from_index(ball.owner));
        draw_circle(c.x, c.y, view.len(ball.radius), color);
        draw_circle(
            c.x - view.len(2.5),
            c.y - view.len(2.5),
            view.len(ball.radius * 0.3),
            Color::new(1.0, 1.0, 1.0, 0.6),
        );
    }
}

/// Capsules with their letters, and laser shots.
pub(crate) fn draw_capsules_and_shots(view: &View, game: &Game) {
    for c in game.capsules() {
        let p = view.to_screen(c.position);
        let (w, h) = (
            view.len(CAPSULE_RADIUS * 2.4),
            view.len(CAPSULE_RADIUS * 1.3),
        );
        let color = capsule_color(c.power_up);
        draw_rectangle(p.x - w * 0.5, p.y - h * 0.5, w, h, color);
        draw_rectangle_lines(p.x - w * 0.5, p.y - h * 0.5, w, h, view.len(1.5), WHITE);
        let letter = c.power_up.letter().to_string();
        let font = view.len(16.0);
        let dims = measure_text(&letter, None, font as u16, 1.0);
        draw_text(
            &letter,
            p.x - dims.width * 0.5,
            p.y + dims.height * 0.5,
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

/// A power-up's capsule colour.
pub(crate) fn capsule_color(p: PowerUp) -> Color {
    match p {
        PowerUp::Slow => Color::new(1.0, 0.6, 0.2, 1.0),
        PowerUp::Catch => Color::new(0.3, 0.9, 0.4, 1.0),
        PowerUp::Laser => Color::new(1.0, 0.3, 0.3, 1.0),
        PowerUp::Enlarge => Color::new(0.3, 0.5, 1.0, 1.0),
        PowerUp::Disruption => Color::new(0.3, 0.9, 0.9, 1.0),
        PowerUp::ExtraLife => Color::new(0.7, 0.7, 0.7, 1.0),
        PowerUp::Convert => Color::new(0.9, 0.4, 0.9, 1.0),
        PowerUp::Shield => Color::new(0.6, 1.0, 0.7, 1.0),
    }
}

/// Sparks.
pub(crate) fn draw_particles(view: &View, particles: &[Particle]) {
    for p in particles {
        let c = view.to_screen(p.position);
        draw_rectangle(
            c.x,
            c.y,
            view.len(3.0),
            view.len(3.0),
            Color {
                a: p.life.min(1.0),
                ..p.color
            },
        );
    }
}

/// Scores, lives and active power-ups with their seconds left, at each player's end.
pub(crate) fn draw_hud(view: &View, game: &Game, labels: [&str; 2]) {
    let font = view.len(22.0);
    for p in game.players() {
        let color = side_color(p.side);
        let y = if p.side == Side::Bottom {
            ARENA_HEIGHT - 10.0
        } else {
            28.0
        };
        let at = view.to_screen(vec2(12.0, y));
        let label = labels[p.side.index() as usize];
        let text = match game.mode() {
            Mode::Solo => format!("{label}  {}   lives {}", p.score, p.lives),
            Mode::Versus => format!("{label}  {}", p.score),
        };
        draw_text(&text, at.x, at.y, font, color);
        let effects: Vec<String> = p
            .effects
            .active()
            .iter()
            .map(|(e, s)| format!("{} {:.0}s", e.letter(), s.ceil()))
            .collect();
        if !effects.is_empty() {
            let text = effects.join("  ");
            let dims = measure_text(&text, None, font as u16, 1.0);
            let right = view.to_screen(vec2(ARENA_WIDTH - 12.0, y));
            draw_text(&text, right.x - dims.width, right.y, font, WHITE);
        }
    }
    if game.mode() == Mode::Versus {
        let t = format!("first to {}", game.level().target_score);
        let font = view.len(16.0);
        let dims = measure_text(&t, None, font as u16, 1.0);
        let c = view.to_screen(vec2(ARENA_WIDTH * 0.5, ARENA_HEIGHT * 0.5));
        draw_text(
            &t,
            c.x - dims.width * 0.5,
            view.to_screen(vec2(0.0, ARENA_HEIGHT - 10.0)).y,
            font,
            Color::new(1.0, 1.0, 1.0, 0.35),
        );
    }
}

/// Contact normals and cast segments of the last step, and the broadphase cells.
pub(crate) fn draw_debug(view: &View, game: &Game, steps_per_second: f64) {
    let cell = game.world().grid_cell_size();
    let faint = Color::new(1.0, 1.0, 1.0, 0.07);
    let mut x = 0.0;
    while x <= ARENA_WIDTH {
        let a = view.to_screen(vec2(x, 0.0));
        draw_line(a.x, a.y, a.x, a.y + view.len(ARENA_HEIGHT), 1.0, faint);
        x += cell;
    }
    let mut y = 0.0;
    while y <= ARENA_HEIGHT {
        let a = view.to_screen(vec2(0.0, y));
        draw_line(a.x, a.y, a.x + view.len(ARENA_WIDTH), a.y, 1.0, faint);
        y += cell;
    }
    let dt = arkanong::game::DT;
    for b in game.world().balls() {
        let (a, e) = (
            view.to_screen(b.position),
            view.to_screen(b.position + b.velocity * dt * 4.0),
        );
        draw_line(a.x, a.y, e.x, e.y, 1.5, YELLOW);
    }
    for e in game.last_physics_events() {
        if let Event::BallHitShape { point, normal, .. } = e {
            let (a, b) = (
                view.to_screen(*point),
                view.to_screen(*point + *normal * 30.0),
            );
            draw_line(a.x, a.y, b.x, b.y, 2.0, GREEN);
            draw_circle(a.x, a.y, 3.0, GREEN);
        }
    }
    let text = format!(
        "F1 debug: {} balls, {:.0} steps/s, cell {cell}",
        game.world().balls().len(),
        steps_per_second
    );
    draw_text(&text, 8.0, screen_height() - 8.0, 18.0, GREEN);
}

/// A centred menu panel: a title, a subtitle, and the items; returns each item's
/// rectangle on screen so clicks and taps can pick them.
pub(crate) fn draw_menu(
    menu: &Menu,
    title: &str,
    subtitle: &str,
    items: &[String],
    extra: &[String],
) -> Vec<Rect> {
    let view = View::fit(Vec2::ZERO);
    let (w, h) = (screen_width(), screen_height());
    draw_rectangle(
        0.0,
        0.0,
        w,
        h,
        Color::new(
            0.0,
            0.0,
            0.0,
            if menu.screen == Screen::Title {
                0.35
            } else {
                0.6
            },
        ),
    );
    let big = view.len(64.0).max(24.0);
    let small = view.len(22.0).max(14.0);
    let font = view.len(30.0).max(18.0);
    let line = font * 1.45;
    // Lay the block out first, so a panel can go behind it.
    let top = h * 0.22;
    let items_top = top
        + view.len(40.0).max(18.0)
        + view.len(30.0).max(14.0)
        + small * 1.2 * extra.len() as f32
        + view.len(40.0).max(16.0);
    // Long lists (the levels) scroll to keep the selection in view.
    let fits = (((h - items_top) / line).floor() as usize).max(1);
    let shown = items.len().min(fits);
    let widest = extra
        .iter()
        .map(|l| measure_text(l, None, small as u16, 1.0).width)
        .chain(
            items
                .iter()
                .map(|i| measure_text(i, None, font as u16, 1.0).width + font),
        )
        .fold(view.len(420.0), f32::max);
    let panel = Rect::new(
        (w - widest) * 0.5 - font,
        top - big,
        widest + 2.0 * font,
        items_top + shown as f32 * line - top + big - font * 0.2,
    );
    draw_rectangle(
        panel.x,
        panel.y,
        panel.w,
        panel.h,
        Color::new(0.02, 0.03, 0.08, 0.82),
    );
    draw_rectangle_lines(
        panel.x,
        panel.y,
        panel.w,
        panel.h,
        2.0,
        Color::new(0.3, 0.8, 1.0, 0.35),
    );
    let dims = measure_text(title, None, big as u16, 1.0);
    let mut y = top;
    draw_text(title, (w - dims.width) * 0.5, y, big, WHITE);
    y += view.len(40.0).max(18.0);
    let dims = measure_text(subtitle, None, small as u16, 1.0);
    draw_text(
        subtitle,
        (w - dims.width) * 0.5,
        y,
        small,
        Color::new(0.8, 0.85, 1.0, 0.9),
    );
    y += view.len(30.0).max(14.0);
    for line in extra {
        let dims = measure_text(line, None, small as u16, 1.0);
        y += small * 1.2;
        draw_text(
            line,
            (w - dims.width) * 0.5,
            y,
            small,
            Color::new(0.85, 0.85, 0.9, 1.0),
        );
    }
    y += view.len(40.0).max(16.0);
    let first = menu.selected.saturating_sub(fits.saturating_sub(1));
    let mut rects = vec![Rect::new(0.0, 0.0, 0.0, 0.0); items.len()];
    for (i, item) in items.iter().enumerate().skip(first).take(fits) {
        let dims = measure_text(item, None, font as u16, 1.0);
        let x = (w - dims.width) * 0.5;
        let rect = Rect::new(
            x - font * 0.6,
            y - font,
            dims.width + font * 1.2,
            font * 1.3,
        );
        if i == menu.selected {
            draw_rectangle(
                rect.x,
                rect.y,
                rect.w,
                rect.h,
                Color::new(0.3, 0.8, 1.0, 0.25),
            );
            draw_rectangle_lines(rect.x, rect.y, rect.w, rect.h, 2.0, BOTTOM_COLOR);
        }
        draw_text(
            item,
            x,
            y,
            font,
            if i == menu.selected {
                WHITE
            } else {
                Color::new(0.75, 0.78, 0.85, 1.0)
            },
        );
        rects[i] = rect;
        y += line;
    }
    rects
}

/// A message box at the top of the window (a level reload error, a notice): the
/// top, so it never hides the bottom player's paddle.
pub(crate) fn draw_message(text: &str) {
    let lines: Vec<&str> = text.lines().collect();
    let font = 18.0;
    let h = font * 1.2 * lines.len() as f32 + 16.0;
    let y0 = 0.0;
    draw_rectangle(
        0.0,
        y0,
        screen_width(),
        h,
        Color::new(0.25, 0.02, 0.02, 0.9),
    );
    for (i, l) in lines.iter().enumerate() {
        draw_text(
            l,
            10.0,
            y0 + 8.0 + font * 1.2 * (i as f32 + 0.8),
            font,
            WHITE,
        );
    }
}
