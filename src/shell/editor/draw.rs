//! Drawing the editor: the level as it reads now (also while it has errors), the
//! selection's handles, each diagnostic at the shape or cell it names and in a
//! list with line numbers, the palette and the settings form.

use arkanong_core::app::editor::{
    barrier_handles, velocity_tip, EditorScreen, Handle, Located, Selection, Store, Target,
};
use arkanong_core::app::input::Device;
use arkanong_core::level::{
    BarrierOutline, BarrierShape, BrickKind, Level, LevelBall, PowerUp, Side,
};
use arkanong_core::tuning::BALL_RADIUS;
use macroquad::prelude::*;

use super::window::EditorShell;
use crate::shell::palette::{capsule_color, ink_and_outline, Palette, BACKGROUND};
use crate::shell::shapes::{fill_polygon, outline_polygon};
use crate::shell::text::{draw_label, draw_label_in, draw_outlined_in, fit};
use crate::shell::view::View;

const ERROR: Color = Color::new(1.0, 0.25, 0.25, 1.0);
const HANDLE: Color = Color::new(1.0, 1.0, 1.0, 0.9);
pub(super) const GRID_LINE: Color = Color::new(1.0, 1.0, 1.0, 0.07);
const PANEL: Color = Color::new(0.09, 0.10, 0.18, 1.0);

/// A warning's mark: yellow, or in high contrast orange (Okabe-Ito's), since
/// yellow is the bottom owner's colour there.
fn warning_color(palette: Palette) -> Color {
    if palette.high_contrast {
        Color::new(0.90, 0.62, 0.0, 1.0)
    } else {
        Color::new(1.0, 0.8, 0.2, 1.0)
    }
}

/// The picked piece and tool: a light yellow, or in high contrast white, apart
/// from the yellow bottom owner.
pub(super) fn selected_color(palette: Palette) -> Color {
    if palette.high_contrast {
        WHITE
    } else {
        Color::new(1.0, 1.0, 0.6, 1.0)
    }
}

impl EditorShell {
    /// Draws `screen` at `now` (the app's seconds) in `palette`, its hints
    /// naming `device`, the input used last.
    pub(crate) fn draw(
        &mut self,
        screen: &EditorScreen,
        (palette, device): (Palette, Option<Device>),
        now: f64,
    ) {
        if let Some(play) = &screen.play {
            let run = screen.run.as_ref().map(|r| r.line());
            let touch = device == Some(Device::Touch);
            self.play.draw(play, palette, run.as_deref(), touch);
            return;
        }
        clear_background(BACKGROUND);
        let view = Self::view(palette);
        let mut level = screen.editor.doc().level().clone();
        // The dragged piece is drawn where it would land.
        match screen.dragged() {
            Some((Selection::Barrier(i), Ok(s))) => level.barriers[i] = s,
            Some((Selection::Ball(i), Err(b))) => level.balls[i] = b,
            _ => {}
        }
        draw_field(&view, &level);
        draw_selection(screen, &view, &level);
        draw_markers(&view, &level, screen.editor.doc().diagnostics());
        self.draw_palette(screen, PANEL, palette);
        draw_list(screen, palette, device);
        if screen.settings_open {
            self.draw_settings(screen, palette);
        } else {
            // No hidden row is hit, reported or logged.
            self.fields.clear();
        }
        self.draw_set_page(screen, palette);
        if let Some(notice) = screen.notice.shown(now) {
            let top = super::palette::palette_height() + 4.0;
            let width = super::window::side_column().unwrap_or_else(screen_width);
            let r = Rect::new(0.0, top, width, 26.0);
            draw_rectangle(r.x, r.y, r.w, r.h, PANEL);
            let (text, size) = fit(&notice.text, r.w - 8.0, 18.0);
            draw_label_in(&text, r, size, WHITE);
        }
        if !screen.settings_open && screen.set_page.is_none() && self.drawer.is_none() {
            let marked = super::loupe::draw_loupe(&view, &level, screen.tool);
            self.log_loupe(marked);
        }
    }
}

/// The selection drawn over the level, and its handles.
fn draw_selection(screen: &EditorScreen, view: &View, level: &Level) {
    let handles = match screen.editor.selection {
        Some(Selection::Barrier(i)) => {
            if let Some(s) = level.barriers.get(i) {
                draw_barrier(view, s, selected_color(view.palette), 3.0);
            }
            level
                .barriers
                .get(i)
                .map(barrier_handles)
                .unwrap_or_default()
        }
        Some(Selection::Ball(i)) => level
            .balls
            .get(i)
            .map(|b| vec![(Handle::Velocity, velocity_tip(b))])
            .unwrap_or_default(),
        None => Vec::new(),
    };
    for (h, p) in handles {
        let s = view.to_screen(p);
        match h {
            Handle::Rotate => draw_circle_lines(s.x, s.y, 7.0, 2.0, HANDLE),
            _ => draw_rectangle(s.x - 5.0, s.y - 5.0, 10.0, 10.0, HANDLE),
        }
    }
}

/// The level's title, where it is kept, its state, and its first diagnostics.
fn draw_list(screen: &EditorScreen, palette: Palette, device: Option<Device>) {
    // Under the arena, or under the palette in its side column (the core's
    // `PaletteFrame::list_area`: shortened there to the room the palette leaves).
    let area = super::palette::with_frame(|f| super::palette::mq_rect(f.list_area()));
    let (top, width) = (area.y, area.w);
    draw_rectangle(0.0, top, width, area.h, PANEL);
    // The diagnostics' lines that fit (18 px apart, the first 40 px down).
    let lines = (((area.h - 44.0) / 18.0).floor().max(0.0) as usize + 1).min(4);
    let doc = screen.editor.doc();
    let level = doc.level();
    let place = match &screen.store {
        Store::File(w) => w.path().display().to_string(),
        Store::Record(_) if screen.not_kept.is_some() => {
            "your level (NOT kept: storage blocked)".to_owned()
        }
        Store::Record(_) => "your level (kept on every edit)".to_owned(),
    };
    let dirty = if screen.editor.is_dirty() {
        " (unsaved)"
    } else {
        ""
    };
    // Every line fits its panel: smaller down to 12 px, then cut short.
    let ds = doc.diagnostics();
    let more = (ds.len() > 4).then(|| format!("... and {} more", ds.len() - 4));
    let more_w = more.as_ref().map_or(0.0, |m| {
        let (m, size) = fit(m, width * 0.3, 15.0);
        let w = crate::shell::text::measure(&m, size).width;
        draw_label(&m, width - w - 8.0, top + 18.0, size, GRAY);
        w + 16.0
    });
    let (title, size) = fit(&level.title, width * 0.45, 18.0);
    let title_w = draw_label(&title, 8.0, top + 18.0, size, WHITE).w;
    let status = format!(
        "{place}{dirty}  mode {}  snap {}",
        level.mode.keyword(),
        if screen.editor.snap { "on" } else { "off" }
    );
    let x = 20.0 + title_w;
    let (status, size) = fit(&status, width - x - 8.0 - more_w, 15.0);
    draw_label(&status, x, top + 18.0, size, GRAY);
    if ds.is_empty() {
        // A finger or a mouse has the palette's play buttons, not P.
        let pointer = matches!(device, Some(Device::Touch | Device::Mouse));
        let hint = screen.editor.play_hint(pointer);
        let (hint, size) = fit(&hint, width - 16.0, 15.0);
        draw_label(&hint, 8.0, top + 40.0, size, GREEN);
    }
    for (k, d) in ds.iter().take(lines).enumerate() {
        let color = if d.diagnostic.is_error() {
            ERROR
        } else {
            warning_color(palette)
        };
        let line = format!("line {}: {}", d.diagnostic.line, d.diagnostic.message);
        let (line, size) = fit(&line, width - 16.0, 15.0);
        draw_label(&line, 8.0, top + 40.0 + 18.0 * k as f32, size, color);
    }
}

/// The arena, zones, brick grid, bricks, barriers and staged balls.
fn draw_field(view: &View, level: &Level) {
    crate::shell::play::draw_floor(view);
    for side in [Side::Bottom, Side::Top] {
        if side == Side::Top && !level.mode.allows_versus() {
            continue;
        }
        crate::shell::play::draw_zone(view, side, 0.08);
    }
    for row in 0..level.bricks.rows {
        for column in 0..level.bricks.columns {
            let r = level.brick_rect(row, column);
            let (a, s) = (view.to_screen(r.min), view.len(1.0) * r.size());
            draw_rectangle_lines(a.x, a.y, s.x, s.y, 1.0, GRID_LINE);
            let Some(b) = level.bricks.get(row, column) else {
                continue;
            };
            let hits = b.kind.starting_hits();
            draw_rectangle(
                a.x + 1.0,
                a.y + 1.0,
                s.x - 2.0,
                s.y - 2.0,
                view.palette.brick(b.kind, hits),
            );
            draw_brick_marks(
                Rect::new(a.x, a.y, s.x, s.y),
                (b.kind, b.power_up),
                view.palette,
            );
        }
    }
    for (i, s) in level.barriers.iter().enumerate() {
        // A moving barrier's whole path, faint, where `check` keeps things clear.
        let motion = level.barrier_motion(i);
        if !motion.is_still() {
            if let Ok(path) = s.swept_outline(&motion) {
                let faint = Color {
                    a: 0.35,
                    ..view.palette.barrier()
                };
                match path {
                    BarrierOutline::Polygon(p) => outline_polygon(view, &p, 1.0, faint),
                    BarrierOutline::Segment(g) => {
                        let (a, b) = (view.to_screen(g.a), view.to_screen(g.b));
                        draw_line(a.x, a.y, b.x, b.y, 1.0, faint);
                    }
                }
            }
        }
        draw_barrier(view, s, view.palette.barrier(), 2.0);
    }
    for b in &level.balls {
        draw_staged_ball(view, b);
    }
}

/// A brick's capsule letter (left) and hit-point digit (right), as in the game:
/// every count 1 to 9 shows its digit, outlined in the ink that reads on it.
pub(super) fn draw_brick_marks(
    r: Rect,
    (kind, power_up): (BrickKind, Option<PowerUp>),
    palette: Palette,
) {
    let hits = kind.starting_hits();
    let font = crate::shell::text::brick_font(r.h);
    let split = if power_up.is_some() && hits.is_some() {
        r.w * 0.6
    } else {
        r.w
    };
    if let Some(p) = power_up {
        let slot = Rect::new(r.x, r.y, split, r.h);
        let c = vec2(slot.x + slot.w * 0.5, slot.y + slot.h * 0.5);
        let color = capsule_color(p);
        draw_circle(c.x, c.y, r.h * 0.45, color);
        let (ink, outline) = ink_and_outline(color);
        draw_outlined_in(&p.letter().to_string(), slot, font, ink, outline);
    }
    if let Some(h) = hits {
        let slot = if power_up.is_some() {
            Rect::new(r.x + split, r.y, r.w - split, r.h)
        } else {
            r
        };
        let (ink, outline) = palette.digit_ink_and_outline(kind, Some(h));
        // A digit brick shows its count; an explosive or regrowing one its character.
        let label = match kind {
            BrickKind::Breakable { .. } => h.to_string(),
            _ => kind.char().to_string(),
        };
        draw_outlined_in(&label, slot, font, ink, outline);
    }
}

fn draw_barrier(view: &View, s: &BarrierShape, color: Color, thickness: f32) {
    match s.outline() {
        Ok(BarrierOutline::Polygon(p)) => {
            if color == view.palette.barrier() {
                fill_polygon(view, &p, Color { a: 0.5, ..color });
            }
            outline_polygon(view, &p, thickness, color);
        }
        Ok(BarrierOutline::Segment(seg)) => {
            let (a, b) = (view.to_screen(seg.a), view.to_screen(seg.b));
            draw_line(a.x, a.y, b.x, b.y, view.len(4.0).max(thickness), color);
        }
        // Not a usable shape (its error is listed): its corners, joined.
        Err(_) => {
            if let BarrierShape::Polygon(points) = s {
                for i in 0..points.len() {
                    let (a, b) = (
                        view.to_screen(points[i]),
                        view.to_screen(points[(i + 1) % points.len()]),
                    );
                    draw_line(a.x, a.y, b.x, b.y, thickness, ERROR);
                }
            }
        }
    }
}

fn draw_staged_ball(view: &View, b: &LevelBall) {
    let color = view.palette.side(b.owner);
    let (p, tip) = (view.to_screen(b.position), view.to_screen(velocity_tip(b)));
    draw_line(p.x, p.y, tip.x, tip.y, 2.0, color);
    let back = (p - tip).normalize_or_zero() * 10.0;
    for turn in [0.5f32, -0.5] {
        let wing = tip + Vec2::from_angle(turn).rotate(back);
        draw_line(tip.x, tip.y, wing.x, wing.y, 2.0, color);
    }
    draw_circle(p.x, p.y, view.len(BALL_RADIUS), color);
}

/// A red (error) or yellow (warning) mark on each piece a diagnostic names.
fn draw_markers(view: &View, level: &Level, diagnostics: &[Located]) {
    for d in diagnostics {
        let color = if d.diagnostic.is_error() {
            ERROR
        } else {
            warning_color(view.palette)
        };
        match d.target {
            Some(Target::Cell(row, column))
                if row < level.bricks.rows && column < level.bricks.columns =>
            {
                let r = level.brick_rect(row, column);
                let (a, s) = (view.to_screen(r.min), view.len(1.0) * r.size());
                draw_rectangle_lines(a.x - 1.0, a.y - 1.0, s.x + 2.0, s.y + 2.0, 3.0, color);
            }
            Some(Target::Barrier(i)) => {
                if let Some(s) = level.barriers.get(i) {
                    draw_barrier(view, s, color, 3.0);
                }
            }
            Some(Target::Ball(i)) => {
                if let Some(b) = level.balls.get(i) {
                    let p = view.to_screen(b.position);
                    draw_circle_lines(p.x, p.y, view.len(BALL_RADIUS) + 4.0, 3.0, color);
                }
            }
            _ => {}
        }
    }
}
