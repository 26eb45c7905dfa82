//! Drawing a lab scene's figure: its marks and handles, mapped from the scene's
//! coordinates (y up) into a rectangle of the window, and their names where the
//! headless `app::lab::place_labels` put them, clear of the figure.

use arkanong_core::app::lab::{
    arrow_strokes, capsule_outline, place_labels, FigureFrame, Lab, LabLayout, LabelOf, Mark,
    PlacedLabel, Scene, Tone, HANDLE_RADIUS,
};
use macroquad::prelude::*;

use crate::shell::palette::Palette;

/// Where the figure sits in the window (`app::lab::FigureFrame`: the scene's
/// view fitted into the layout's figure, under its title band).
pub(crate) type Frame = FigureFrame;

/// A tone's colour in `palette` (`app::lab::tone_rgba`: none is a player's colour).
pub(crate) fn tone_color(tone: Tone, palette: Palette) -> Color {
    crate::shell::palette::color(arkanong_core::app::lab::tone_rgba(
        tone,
        palette.high_contrast,
    ))
}

/// The scene's marks, its handles, the names placed clear of both (see
/// `app::lab::place_labels`), then the title band over the top. Returns the names
/// as placed, for the screenshot's sidecar. Drawn in `palette`.
pub(crate) fn draw_figure(
    lab: &Lab,
    frame: &Frame,
    layout: &LabLayout,
    palette: Palette,
) -> Vec<PlacedLabel> {
    for m in lab.marks().iter() {
        draw_mark(m, frame, palette);
    }
    for (i, h) in lab.handles.iter().enumerate() {
        let at = frame.to_screen(*h);
        let thick = if lab.grabbed == Some(i) { 3.0 } else { 2.0 };
        draw_circle_lines(at.x, at.y, HANDLE_RADIUS, thick, handle_color(lab, i));
    }
    let labels = place_labels(lab, layout);
    for l in &labels {
        draw_placed(lab, l, palette);
    }
    draw_title_band(lab, frame, layout, palette);
    labels
}

/// A handle's ring and name: white while held, a little dimmer otherwise.
fn handle_color(lab: &Lab, i: usize) -> Color {
    if lab.grabbed == Some(i) {
        WHITE
    } else {
        Color::new(1.0, 1.0, 1.0, 0.8)
    }
}

/// One name in its box (the font's line box centred in it), with its leader.
fn draw_placed(lab: &Lab, l: &PlacedLabel, palette: Palette) {
    let color = match l.of {
        // A construction line is faint; its name must still read.
        LabelOf::Mark(Tone::Ghost) => LIGHTGRAY,
        LabelOf::Mark(tone) => tone_color(tone, palette),
        LabelOf::Handle(i) => handle_color(lab, i),
    };
    if let Some((a, b)) = l.leader {
        let faint = Color { a: 0.6, ..color };
        draw_line(a.x, a.y, b.x, b.y, 1.0, faint);
    }
    let line = crate::shell::text::measure("Ay|", l.size);
    let r = l.rect;
    let top = r.min.y + (r.size().y - line.height) * 0.5;
    crate::shell::text::draw_label(&l.text, r.min.x, top + line.offset_y, l.size, color);
}

/// The title and the legend, on a band over the figure's top.
fn draw_title_band(lab: &Lab, frame: &Frame, layout: &LabLayout, palette: Palette) {
    let band = layout.title_band;
    let (x, y, w) = (frame.rect.min.x, frame.rect.min.y, frame.rect.size().x);
    draw_rectangle(x, y, w, band, crate::shell::palette::BACKGROUND);
    let number = Scene::ALL.iter().position(|s| *s == lab.scene).unwrap_or(0) + 1;
    let title = format!(
        "Collision lab  {number}/{}  {}",
        Scene::ALL.len(),
        lab.scene.title()
    );
    // On a phone the title and the legend are wider than the window: smaller,
    // down to the least readable size, then cut short with "..".
    let width = w - 24.0;
    let (title, size) = crate::shell::text::fit(&title, width, layout.title);
    crate::shell::text::draw_label(&title, x + 12.0, y + band * 0.5, size, WHITE);
    // The legend names the colours of the palette in use (see `tone_color`).
    let legend = arkanong_core::app::lab::legend(palette.high_contrast);
    let (legend, size) = crate::shell::text::fit(legend, width, layout.small);
    crate::shell::text::draw_label(&legend, x + 12.0, y + band * 0.85, size, GRAY);
}

fn draw_mark(mark: &Mark, f: &Frame, palette: Palette) {
    let px = |p: &Vec2| f.to_screen(*p);
    match mark {
        Mark::Segment { a, b, tone } => line(px(a), px(b), 3.0, *tone, palette),
        Mark::Line { a, b, tone } => {
            let (from, to) = f.line_ends(*a, *b);
            line(from, to, 1.0, *tone, palette);
        }
        Mark::Circle {
            center,
            radius,
            filled,
            tone,
        } => {
            let (c, r) = (px(center), (radius * f.scale).max(2.0));
            if *filled {
                draw_circle(c.x, c.y, r, tone_color(*tone, palette));
            } else {
                draw_circle_lines(c.x, c.y, r, 2.5, tone_color(*tone, palette));
            }
        }
        Mark::Capsule { a, b, radius, tone } => {
            let outline = capsule_outline(*a, *b, *radius);
            for pair in outline.windows(2) {
                line(px(&pair[0]), px(&pair[1]), 1.5, *tone, palette);
            }
        }
        Mark::Arrow { from, to, tone } => {
            for (a, b) in arrow_strokes(px(from), px(to)) {
                line(a, b, 2.0, *tone, palette);
            }
        }
        Mark::Dot { at, tone } => {
            let p = px(at);
            draw_circle(p.x, p.y, 5.0, tone_color(*tone, palette));
        }
        Mark::Polygon { points, tone } => {
            for (i, p) in points.iter().enumerate() {
                let q = points[(i + 1) % points.len()];
                line(px(p), px(&q), 3.0, *tone, palette);
            }
        }
        // Drawn where `place_labels` put them.
        Mark::Label { .. } => {}
    }
}

fn line(a: Vec2, b: Vec2, thickness: f32, tone: Tone, palette: Palette) {
    draw_line(a.x, a.y, b.x, b.y, thickness, tone_color(tone, palette));
}
