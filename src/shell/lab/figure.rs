//! Drawing a lab scene's figure: its marks and handles, mapped from the scene's
//! coordinates (y up) into a rectangle of the window.

use arkanong::app::lab::{Lab, LabLayout, Mark, Scene, Tone};
use macroquad::prelude::*;

use crate::shell::palette::high_contrast;

/// Pixels across a handle's ring.
const HANDLE_RADIUS: f32 = 9.0;

/// Where the figure sits: the scene's view fitted (aspect kept) in a screen rectangle.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Frame {
    /// The screen rectangle.
    pub(crate) rect: Rect,
    center_world: Vec2,
    center_screen: Vec2,
    /// Pixels per scene unit.
    pub(crate) scale: f32,
}

impl Frame {
    /// Fits the lab's view into the layout's figure, under the title band.
    pub(crate) fn fit(lab: &Lab, layout: &LabLayout) -> Self {
        let f = layout.figure;
        let rect = Rect::new(f.min.x, f.min.y, f.size().x, f.size().y);
        let top = layout.title_band;
        let area = Rect::new(rect.x, rect.y + top, rect.w, (rect.h - top).max(1.0));
        let size = lab.view.size().max(Vec2::splat(1e-3));
        let scale = (area.w / size.x).min(area.h / size.y);
        Self {
            rect,
            center_world: lab.view.center(),
            center_screen: area.center(),
            scale,
        }
    }

    /// Scene coordinates to pixels (y flips: the scene's y points up).
    pub(crate) fn to_screen(self, p: Vec2) -> Vec2 {
        let d = (p - self.center_world) * self.scale;
        self.center_screen + vec2(d.x, -d.y)
    }

    /// Pixels to scene coordinates.
    pub(crate) fn to_world(self, p: Vec2) -> Vec2 {
        let d = (p - self.center_screen) / self.scale;
        self.center_world + vec2(d.x, -d.y)
    }
}

/// A tone's colour, from the palette in use (`app::lab::tone_rgba`: none is a
/// player's colour).
pub(crate) fn tone_color(tone: Tone) -> Color {
    crate::shell::palette::color(arkanong::app::lab::tone_rgba(tone, high_contrast()))
}

/// Puts the figure's labels where they overlap no earlier one and stay inside
/// the figure under its title band: beside their point, else below, left or
/// stacked upward.
struct Labels {
    area: Rect,
    placed: Vec<Rect>,
}

impl Labels {
    /// Draws `text` near `at` (`gap` pixels off it), the first free place wins.
    fn place(&mut self, text: &str, at: Vec2, gap: f32, size: f32, color: Color) {
        let w = crate::shell::text::measure(text, size).width;
        let line = crate::shell::text::measure("Ay|", size);
        let (left, right) = (at.x - gap - w, at.x + gap);
        let (above, below) = (at.y - gap, at.y + gap + line.offset_y);
        let mut tries = vec![(right, above), (right, below), (left, above), (left, below)];
        tries.extend((1..6).map(|k| (right, above - k as f32 * line.height)));
        tries.extend((1..6).map(|k| (right, below + k as f32 * line.height)));
        let a = self.area;
        let boxed = |(x, y): (f32, f32)| {
            let x = x.clamp(a.x + 2.0, (a.x + a.w - w - 2.0).max(a.x + 2.0));
            let top = (y - line.offset_y).clamp(a.y, (a.y + a.h - line.height).max(a.y));
            Rect::new(x, top, w, line.height)
        };
        let free = |r: &Rect| !self.placed.iter().any(|p| p.overlaps(r));
        let spot = tries.into_iter().map(boxed).find(free);
        let r = spot.unwrap_or_else(|| boxed((right, above)));
        crate::shell::text::draw_label(text, r.x, r.y + line.offset_y, size, color);
        // A hair smaller, so labels that only touch count as apart.
        self.placed
            .push(Rect::new(r.x - 1.0, r.y - 1.0, r.w + 2.0, r.h + 2.0));
    }
}

/// The scene's title, its marks, then its handles on top.
pub(crate) fn draw_figure(lab: &Lab, frame: &Frame, layout: &LabLayout) {
    let band = layout.title_band;
    let f = frame.rect;
    let mut labels = Labels {
        area: Rect::new(f.x, f.y + band, f.w, f.h - band),
        placed: Vec::new(),
    };
    // The figure first, then every name over it, so no shape covers a name; the
    // discs, dots and handles are kept clear of the names (see `obstacle`).
    let marks = lab.marks();
    let (names, shapes): (Vec<&Mark>, Vec<&Mark>) =
        marks.iter().partition(|m| matches!(m, Mark::Label { .. }));
    for m in shapes {
        draw_mark(m, frame, &mut labels, layout.small);
        labels.placed.extend(obstacle(m, frame));
    }
    let mut handle_names = Vec::new();
    for (i, (h, name)) in lab.handles.iter().zip(lab.handle_names()).enumerate() {
        let at = frame.to_screen(*h);
        let held = lab.grabbed == Some(i);
        let color = if held {
            WHITE
        } else {
            Color::new(1.0, 1.0, 1.0, 0.8)
        };
        draw_circle_lines(
            at.x,
            at.y,
            HANDLE_RADIUS,
            if held { 3.0 } else { 2.0 },
            color,
        );
        let r = HANDLE_RADIUS + 1.0;
        labels
            .placed
            .push(Rect::new(at.x - r, at.y - r, 2.0 * r, 2.0 * r));
        handle_names.push((name, at, color));
    }
    for m in names {
        draw_mark(m, frame, &mut labels, layout.small);
    }
    for (name, at, color) in handle_names {
        labels.place(name, at, HANDLE_RADIUS + 2.0, layout.readout, color);
    }
    let r = frame.rect;
    let title_size = layout.title;
    draw_rectangle(r.x, r.y, r.w, band, crate::shell::palette::BACKGROUND);
    let number = Scene::ALL.iter().position(|s| *s == lab.scene).unwrap_or(0) + 1;
    let title = format!(
        "Collision lab  {number}/{}  {}",
        Scene::ALL.len(),
        lab.scene.title()
    );
    // On a phone the title and the legend are wider than the window: smaller,
    // down to the least readable size, then cut short with "..".
    let width = r.w - 24.0;
    let (title, size) = crate::shell::text::fit(&title, width, title_size);
    crate::shell::text::draw_label(&title, r.x + 12.0, r.y + band * 0.5, size, WHITE);
    // The legend names the colours of the palette in use (see `tone_color`).
    let legend = arkanong::app::lab::legend(high_contrast());
    let (legend, size) = crate::shell::text::fit(legend, width, layout.small);
    crate::shell::text::draw_label(&legend, r.x + 12.0, r.y + band * 0.85, size, GRAY);
}

/// The box a mark fills on screen that names must stay off: a disc or a dot
/// (lines and outlines are thin, and a name may cross them).
fn obstacle(mark: &Mark, f: &Frame) -> Option<Rect> {
    let (c, r) = match mark {
        Mark::Circle {
            center,
            radius,
            filled: true,
            ..
        } => (f.to_screen(*center), (radius * f.scale).max(2.0)),
        Mark::Dot { at, .. } => (f.to_screen(*at), 4.0),
        _ => return None,
    };
    Some(Rect::new(c.x - r, c.y - r, 2.0 * r, 2.0 * r))
}

fn draw_mark(mark: &Mark, f: &Frame, labels: &mut Labels, size: f32) {
    let thick = 2.5;
    match mark {
        Mark::Segment { a, b, tone } => line(f.to_screen(*a), f.to_screen(*b), 3.0, *tone),
        Mark::Line { a, b, tone } => {
            let d = (*b - *a).normalize_or_zero() * (f.rect.w + f.rect.h) / f.scale;
            line(f.to_screen(*a - d), f.to_screen(*b + d), 1.0, *tone);
        }
        Mark::Circle {
            center,
            radius,
            filled,
            tone,
        } => {
            let (c, r) = (f.to_screen(*center), radius * f.scale);
            if *filled {
                draw_circle(c.x, c.y, r.max(2.0), tone_color(*tone));
            } else {
                draw_circle_lines(c.x, c.y, r.max(2.0), thick, tone_color(*tone));
            }
        }
        Mark::Capsule { a, b, radius, tone } => draw_capsule(f, *a, *b, *radius, *tone),
        Mark::Arrow { from, to, tone } => arrow(f.to_screen(*from), f.to_screen(*to), *tone),
        Mark::Dot { at, tone } => {
            let p = f.to_screen(*at);
            draw_circle(p.x, p.y, 5.0, tone_color(*tone));
        }
        Mark::Polygon { points, tone } => {
            for (i, p) in points.iter().enumerate() {
                let q = points[(i + 1) % points.len()];
                line(f.to_screen(*p), f.to_screen(q), 3.0, *tone);
            }
        }
        Mark::Label { at, text, tone } => {
            // A construction line is faint; its name must still read.
            let color = if *tone == Tone::Ghost {
                LIGHTGRAY
            } else {
                tone_color(*tone)
            };
            labels.place(text, f.to_screen(*at), 6.0, size, color);
        }
    }
}

fn line(a: Vec2, b: Vec2, thickness: f32, tone: Tone) {
    draw_line(a.x, a.y, b.x, b.y, thickness, tone_color(tone));
}

fn arrow(a: Vec2, b: Vec2, tone: Tone) {
    line(a, b, 2.0, tone);
    let Some(back) = (a - b).try_normalize() else {
        return;
    };
    for turn in [0.45f32, -0.45] {
        let head = b + Vec2::from_angle(turn).rotate(back) * 12.0;
        line(b, head, 2.0, tone);
    }
}

/// The capsule's outline: the two straight sides and a half circle round each end.
fn draw_capsule(f: &Frame, a: Vec2, b: Vec2, r: f32, tone: Tone) {
    let Some(dir) = (b - a).try_normalize() else {
        let c = f.to_screen(a);
        draw_circle_lines(c.x, c.y, r * f.scale, 1.5, tone_color(tone));
        return;
    };
    let n = dir.perp() * r;
    line(f.to_screen(a + n), f.to_screen(b + n), 1.5, tone);
    line(f.to_screen(a - n), f.to_screen(b - n), 1.5, tone);
    const STEPS: usize = 24;
    for (end, out) in [(a, -dir), (b, dir)] {
        let start = n.normalize_or_zero();
        let turn = if start.perp_dot(out) > 0.0 { 1.0 } else { -1.0 };
        let at = |k: usize| {
            let angle = turn * std::f32::consts::PI * k as f32 / STEPS as f32;
            f.to_screen(end + Vec2::from_angle(angle).rotate(start) * r)
        };
        for k in 0..STEPS {
            line(at(k), at(k + 1), 1.5, tone);
        }
    }
}
