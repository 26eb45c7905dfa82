//! Pictures on menu screens beside the words: a small drawing of each level in
//! the level select, and the big letters of the name entry.

use arkanong_core::app::{
    menus::name_letter_boxes, menus::preview_spot, menus::Item, menus::LevelPreview, menus::Menu,
    menus::NAME_LETTERS,
};
use arkanong_core::tuning::{ARENA_HEIGHT, ARENA_WIDTH};
use macroquad::prelude::*;

use crate::shell::palette::{Palette, ARENA};
use crate::shell::shapes::draw_edge;
use crate::shell::text::{draw_label, measure};
use arkanong_core::level::Side;

/// Draws each shown level item's preview just left of its row (`rects`, as the
/// menu drew them; empty ones are scrolled out of view).
pub(crate) fn draw_level_previews(
    menu: &Menu,
    rects: &[Rect],
    previews: &[LevelPreview],
    palette: Palette,
) {
    let shown = || {
        menu.entries()
            .into_iter()
            .zip(rects)
            .filter_map(|(item, rect)| match item {
                Item::Level(n) if rect.w > 0.0 => Some((n, *rect)),
                _ => None,
            })
    };
    // One column, left of the leftmost row, so the pictures line up.
    let Some(left) = shown().map(|(_, r)| r.x).reduce(f32::min) else {
        return;
    };
    for (n, rect) in shown() {
        let Some(preview) = previews.get(n) else {
            continue;
        };
        let h = rect.h * 1.1;
        let w = h * ARENA_WIDTH / ARENA_HEIGHT;
        let frame = Rect::new(left - w - 10.0, rect.y + (rect.h - h) * 0.5, w, h);
        let locked = menu.is_locked(n);
        draw_preview(preview, frame, if locked { 0.35 } else { 1.0 }, palette);
    }
}

/// The highlighted level drawn large beside the menu `panel`, where the window
/// has room for it (`app::preview_spot`): the list's pictures are too small to
/// read a level's shape on a phone or a monitor.
pub(crate) fn draw_selected_preview(
    menu: &Menu,
    panel: Rect,
    previews: &[LevelPreview],
    palette: Palette,
) {
    let Some(Item::Level(n)) = menu.entries().get(menu.selected).copied() else {
        return;
    };
    // The game behind the menus is drawn in the window's layout.
    let layout = crate::shell::view::window_layout();
    let (Some(preview), Some(spot)) = (
        previews.get(n),
        preview_spot(
            vec2(screen_width(), screen_height()),
            arkanong_core::geom::Rect::new(panel.point(), panel.point() + panel.size()),
            (layout.field, layout.floor()),
        ),
    ) else {
        return;
    };
    let size = spot.size();
    let frame = Rect::new(spot.min.x, spot.min.y, size.x, size.y);
    let locked = menu.is_locked(n);
    draw_rectangle(
        frame.x,
        frame.y,
        frame.w,
        frame.h,
        Color::new(0.0, 0.0, 0.0, 0.6),
    );
    draw_preview(preview, frame, if locked { 0.35 } else { 1.0 }, palette);
}

/// One level drawn into `frame`: floor, bricks, barriers; `alpha` dims a locked one.
pub(crate) fn draw_preview(preview: &LevelPreview, frame: Rect, alpha: f32, palette: Palette) {
    let scale = frame.w / ARENA_WIDTH;
    let at = |p: Vec2| vec2(frame.x + p.x * scale, frame.y + p.y * scale);
    draw_rectangle(
        frame.x,
        frame.y,
        frame.w,
        frame.h,
        Color { a: alpha, ..ARENA },
    );
    for &(r, kind) in &preview.bricks {
        let min = at(r.min);
        let size = r.size() * scale;
        let color = Color {
            a: alpha,
            ..palette.brick(kind, kind.starting_hits())
        };
        draw_rectangle(min.x, min.y, size.x.max(1.0), size.y.max(1.0), color);
    }
    let barrier = Color {
        a: alpha,
        ..palette.barrier()
    };
    for shape in &preview.barriers {
        let v: Vec<Vec2> = shape.iter().map(|&p| at(p)).collect();
        if v.len() == 2 {
            draw_line(v[0].x, v[0].y, v[1].x, v[1].y, 1.0, barrier);
        }
        for i in 1..v.len().saturating_sub(1) {
            draw_triangle(v[0], v[i], v[i + 1], barrier);
        }
    }
    let edge = Color::new(0.6, 0.7, 0.9, 0.5 * alpha);
    draw_edge(frame, 1.0, edge);
}

/// The name being entered, big, the letter under the cursor underlined, in
/// boxes ending just above `save` (the Save item's rectangle) where
/// `app::menus::name_letter_boxes` puts them, with an arrow above and below each
/// letter. Returns each letter's box: a tap on its upper half turns it up the
/// alphabet, on its lower half down.
pub(crate) fn draw_name_letters(menu: &Menu, save: Rect, size: f32, palette: Palette) -> Vec<Rect> {
    // The arrows take the player's colour (as the letter under the cursor does), so
    // the high-contrast palette's yellow player gets yellow arrows, not the CPU's blue.
    let arrow = Color {
        a: 0.8,
        ..palette.side(Side::Bottom)
    };
    let boxes = name_letter_boxes(screen_width(), save.y, size, NAME_LETTERS);
    let mut rects = Vec::new();
    for (i, (&l, b)) in menu.name.letters.iter().zip(&boxes).enumerate() {
        let text = char::from(l).to_string();
        let dims = measure(&text, size);
        let r = Rect::new(b.rect.min.x, b.rect.min.y, b.rect.size().x, b.rect.size().y);
        let current = i == menu.name.cursor;
        let color = if current {
            palette.side(Side::Bottom)
        } else {
            WHITE
        };
        draw_label(
            &text,
            r.x + (r.w - dims.width) * 0.5,
            b.baseline,
            size,
            color,
        );
        if current {
            let y = b.baseline + size * 0.15;
            draw_line(r.x + 4.0, y, r.x + r.w - 4.0, y, 4.0, color);
        }
        let ([up, down], half) = (b.arrows, b.arrow_half);
        draw_triangle(
            vec2(up.x, up.y - half),
            vec2(up.x - half, up.y + half),
            vec2(up.x + half, up.y + half),
            arrow,
        );
        draw_triangle(
            vec2(down.x, down.y + half),
            vec2(down.x - half, down.y - half),
            vec2(down.x + half, down.y - half),
            arrow,
        );
        rects.push(r);
    }
    rects
}
