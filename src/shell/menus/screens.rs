//! Drawing the menu screens over the dimmed game: the panel with its title, items
//! (scrolling with marks when they do not fit), the words each screen says (from
//! `app::menus::screen_text`), and notices over the field.

use std::cell::{Cell, RefCell};

use arkanong_core::app::{
    layout::wrap_balanced, layout::Layout, menus::banner_band, menus::letter_pad,
    menus::letter_pad_room, menus::name_letters_height, menus::screen_text, menus::Item,
    menus::Menu, menus::MenuPose, menus::Notice, menus::Screen, menus::Tone,
    menus::TOUCH_TARGET_PX, state::AppState,
};
use arkanong_core::level::Side;
use arkanong_core::tuning::ARENA_WIDTH;
use macroquad::prelude::*;

use crate::shell::palette::Palette;
use crate::shell::text::{draw_display_centered, fit_display};
use crate::shell::text::{draw_label, draw_label_centered, draw_label_in, fit, measure};
use crate::shell::view::window_layout;
use crate::shell::view::View;

/// One line of text centred across the window, its baseline at `y`.
fn draw_centered(text: &str, y: f32, size: f32, color: Color) {
    draw_label_centered(text, screen_width() * 0.5, y, size, color);
}

/// Font sizes and gaps of a menu panel, in pixels, from the layout's text sizes
/// (readable on a phone, never huge on a monitor).
struct MenuMetrics {
    title: f32,
    small: f32,
    item: f32,
    line: f32,
    /// An item's box: a fingertip tall at least.
    row: f32,
    /// How far a box taller than the text's own reaches above it, pixels.
    lift: f32,
    after_title: f32,
    after_subtitle: f32,
    before_items: f32,
    /// The widest a line may be.
    width: f32,
}

impl MenuMetrics {
    fn new(layout: &Layout) -> Self {
        let t = layout.text;
        // Rows a fingertip tall (issue 33: 24 px rows were too small to hit).
        let row = (t.item * 1.3).max(TOUCH_TARGET_PX);
        Self {
            title: t.title,
            small: t.body,
            item: t.item,
            line: (t.item * 1.45).max(row + 4.0),
            row,
            lift: (row - t.item * 1.3) * 0.5,
            after_title: t.title * 0.75,
            after_subtitle: t.body * 1.4,
            before_items: t.item * 1.4,
            width: layout.window.x - 3.0 * t.item,
        }
    }
}

/// Darkens the game behind a menu (less on the title, where the attract game
/// plays); drawn before [`draw_screen`], with a ceremony's fireworks between.
pub(crate) fn dim_background(screen: Screen) {
    let alpha = if screen == Screen::Title { 0.12 } else { 0.6 };
    draw_rectangle(
        0.0,
        0.0,
        screen_width(),
        screen_height(),
        Color::new(0.0, 0.0, 0.0, alpha),
    );
}

/// A centred menu panel: a title, a subtitle, extra lines and the items; returns
/// each item's rectangle on screen so clicks and taps can pick them, and the
/// panel's. The selection is outlined in the player's colour from `palette`.
fn draw_menu(
    (menu, palette, still): (&Menu, Palette, bool),
    title: &str,
    subtitle: &str,
    items: &[String],
    extra: &[String],
) -> (Vec<Rect>, Rect) {
    let layout = window_layout();
    let m = MenuMetrics::new(&layout);
    let (w, h) = (screen_width(), screen_height());
    // The name entry keeps its letter pad's room free first (beside the panel in
    // a landscape window, below it in a portrait one): the words wrap and the
    // block rises within what is left, whatever the face's line height.
    let pad_room = if menu.screen == Screen::NameEntry {
        letter_pad_room(vec2(w, h))
    } else {
        Vec2::ZERO
    };
    // The widest a line of the panel may be: the panel adds an item's size each side.
    let line_width = m.width.min(w - 2.0 * pad_room.x - 2.0 * m.item);
    // Long lines (the controls help on a phone) wrap to the window's width, in
    // even lines (no word left alone on the last).
    let wrap = |line: &str, size: f32| wrap_balanced(line, line_width, |s| measure(s, size).width);
    let subtitle = wrap(subtitle, m.small);
    let extra: Vec<String> = extra.iter().flat_map(|l| wrap(l, m.small)).collect();
    let (title, title_size) = fit(title, m.width, m.title);
    // Lay the block out first, so a panel can go behind it; a tall block starts
    // higher up.
    // Lines of text above the items (the controls, the high scores) need air
    // before the first item's highlight box, which reaches a line's height up.
    let extra_gap = if extra.is_empty() { 0.0 } else { m.small * 0.6 };
    let block = m.title
        + m.after_title
        + m.small * 1.2 * (subtitle.len() + extra.len()) as f32
        + m.after_subtitle
        + m.before_items
        + extra_gap
        + m.line * items.len().min(6) as f32;
    // From the first baseline to the first item's.
    let to_items = m.after_title
        + m.small * 1.2 * (subtitle.len() - 1 + extra.len()) as f32
        + m.after_subtitle
        + m.before_items
        + m.lift
        + extra_gap;
    // The panel's bottom stays above the pad's room (the panel ends 0.2 of an
    // item above its last row's line).
    let above_pad = h - pad_room.y - to_items - m.line * items.len().min(6) as f32 + m.item * 0.2;
    let top = (h * 0.22)
        .min((h - block) * 0.5 + m.title)
        .min(if pad_room.y > 0.0 { above_pad } else { h })
        .max(m.title * 1.2);
    let items_top = top + to_items;
    // Long lists (the levels) scroll to keep the selection in view.
    // Half a line of margin at the bottom, so the last item is never cut off.
    let fits = (((h - items_top - m.line * 0.5) / m.line).floor() as usize).max(1);
    let columns = columns(menu, items.len(), fits, w > h);
    let shown = items.len().div_ceil(columns).min(fits);
    let pitch = column_pitch(items, &m);
    let widest = extra
        .iter()
        .chain(&subtitle)
        .map(|l| measure(l, m.small).width)
        .chain(items.iter().zip(menu.entries()).map(|(i, entry)| {
            let steppers = if entry.two_way() {
                2.0 * (m.row + STEPPER_GAP)
            } else {
                0.0
            };
            measure(i, m.item).width.min(m.width) + m.item + steppers
        }))
        .fold(layout.text.body * 20.0, f32::max)
        .max(if columns == 2 { 2.0 * pitch } else { 0.0 })
        .min(line_width);
    let panel = Rect::new(
        (w - widest) * 0.5 - m.item,
        top - m.title,
        widest + 2.0 * m.item,
        items_top + shown as f32 * m.line - top + m.title - m.item * 0.2,
    );
    // The title's panel lets the attract game show through (issue 41): the
    // game is the title's picture. High contrast keeps it opaque.
    let see_through = menu.screen == Screen::Title && !palette.high_contrast;
    draw_panel(panel, if see_through { 0.55 } else { 1.0 });
    let mut y = top;
    if menu.screen == Screen::Title {
        super::logo::draw_logo(
            screen_width() * 0.5,
            y,
            (m.title * 1.15, m.width),
            palette,
            still,
        );
    } else {
        let size = fit_display(&title, m.width, title_size);
        draw_display_centered(&title, screen_width() * 0.5, y, size, WHITE);
    }
    y += m.after_title;
    for (i, line) in subtitle.iter().enumerate() {
        if i > 0 {
            y += m.small * 1.2;
        }
        draw_centered(line, y, m.small, Color::new(0.8, 0.85, 1.0, 0.9));
    }
    y += m.after_subtitle;
    for line in &extra {
        y += m.small * 1.2;
        draw_centered(line, y, m.small, Color::new(0.85, 0.85, 0.9, 1.0));
    }
    let rects = if columns == 2 {
        draw_two_columns((menu, palette), items, items_top, pitch, &m)
    } else {
        draw_items((menu, palette), items, items_top, fits, &m)
    };
    draw_scroll_marks(&rects, panel, &m);
    (rects, panel)
}

// Where the shell drew last frame's scroll marks, for the next frame's taps (as
// `App::item_rects` keeps the items'): drawing's own output, no setting or game state.
thread_local! {
    /// Where the scroll marks were drawn last, up then down.
    static MARKS: Cell<[Option<Rect>; 2]> = const { Cell::new([None, None]) };
    /// The − and + drawn beside two-way items last: the item, up (+), and where.
    static STEPPERS: RefCell<Vec<(usize, bool, Rect)>> = const { RefCell::new(Vec::new()) };
    /// The name entry's letter pad drawn last: each key's letter and place.
    static PAD: RefCell<Vec<(char, Rect)>> = const { RefCell::new(Vec::new()) };
}

/// The gap between an item's box and its − or +, pixels.
const STEPPER_GAP: f32 = 6.0;

/// Where last frame's − and + were drawn beside two-way items (the volumes):
/// the item's index, whether it is the +, and its box.
pub(crate) fn steppers() -> Vec<(usize, bool, Rect)> {
    STEPPERS.with_borrow(Clone::clone)
}

/// Where last frame's letter pad keys were drawn on the name entry, by letter.
pub(crate) fn letter_pad_keys() -> Vec<(char, Rect)> {
    PAD.with_borrow(Clone::clone)
}

/// Every other target a finger can tap on the screen drawn last (the scroll
/// marks, the − and +, the letter pad), named, for the size report.
pub(crate) fn other_targets() -> Vec<(String, Rect)> {
    let marks = scroll_marks().into_iter().zip(["scroll up", "scroll down"]);
    let marks = marks.filter_map(|(r, name)| Some((name.to_owned(), r?)));
    let steps = steppers().into_iter().map(|(item, up, r)| {
        let sign = if up { "+" } else { "-" };
        (format!("{sign} of item {item}"), r)
    });
    let pad = letter_pad_keys().into_iter();
    let pad = pad.map(|(c, r)| (format!("key {c}"), r));
    marks.chain(steps).chain(pad).collect()
}

/// Where last frame's scroll marks (up, down) were drawn, if any: tapping one
/// moves through the list as Up or Down would.
pub(crate) fn scroll_marks() -> [Option<Rect>; 2] {
    MARKS.get()
}

/// Arrows at the panel's right edge, beside the first and last items shown, when
/// a long list (the levels, the Juice page) has more items above or below: a
/// player sees at once that the list scrolls.
/// Notes where the marks are (see [`scroll_marks`]): a tap there scrolls.
fn draw_scroll_marks(rects: &[Rect], panel: Rect, m: &MenuMetrics) {
    MARKS.set([None, None]);
    let shown: Vec<(usize, &Rect)> = rects
        .iter()
        .enumerate()
        .filter(|(_, r)| r.w > 0.0)
        .collect();
    let (Some(&(first, top)), Some(&(last, bottom))) = (shown.first(), shown.last()) else {
        return;
    };
    let color = Color::new(0.3, 0.8, 1.0, 0.9);
    let half = m.item * 0.3;
    let x = panel.x + panel.w - m.item * 0.55;
    // A fingertip's room around each small arrow.
    let target = |y: f32| Some(Rect::new(x - 22.0, y - 22.0, 44.0, 44.0));
    if first > 0 {
        let y = top.y + top.h * 0.5;
        MARKS.set([target(y), MARKS.get()[1]]);
        draw_triangle(
            vec2(x, y - half),
            vec2(x - half, y + half),
            vec2(x + half, y + half),
            color,
        );
    }
    if last + 1 < rects.len() {
        let y = bottom.y + bottom.h * 0.5;
        MARKS.set([MARKS.get()[0], target(y)]);
        draw_triangle(
            vec2(x, y + half),
            vec2(x - half, y - half),
            vec2(x + half, y - half),
            color,
        );
    }
}

/// The panel behind a menu, at opacity `alpha`: opaque (1) so the game behind
/// never shows through its text, but on the title, whose game is its picture.
fn draw_panel(panel: Rect, alpha: f32) {
    draw_rectangle(
        panel.x,
        panel.y,
        panel.w,
        panel.h,
        Color::new(0.02, 0.03, 0.08, alpha),
    );
    draw_rectangle_lines(
        panel.x,
        panel.y,
        panel.w,
        panel.h,
        2.0,
        Color::new(0.3, 0.8, 1.0, 0.35),
    );
}

/// How many columns a list of `count` items takes where `fits` rows fit: two in
/// a wide window when the list would scroll in one and fits in two (a phone held
/// sideways shows four rows: the title's seven items all show, issue 33), and
/// none of its items has a − and +; else one (long lists scroll).
fn columns(menu: &Menu, count: usize, fits: usize, wide: bool) -> usize {
    let steppers = menu.entries().iter().any(|e| e.two_way());
    if wide && count > fits && count <= 2 * fits && !steppers {
        2
    } else {
        1
    }
}

/// An item's box width: its words with a margin, a fingertip or two at least.
fn item_box_width(item: &str, m: &MenuMetrics) -> f32 {
    let (item, size) = fit(item, m.width, m.item);
    (measure(&item, size).width + m.item * 1.2).max(2.0 * TOUCH_TARGET_PX)
}

/// The distance between two columns' centres: the widest item's box and a gap.
fn column_pitch(items: &[String], m: &MenuMetrics) -> f32 {
    let widest = items
        .iter()
        .map(|i| item_box_width(i, m))
        .fold(0.0, f32::max);
    widest + m.item
}

/// The items in two columns from baseline `top` down (the first half on the
/// left, so the keys' Up and Down still go down one column and on to the next),
/// their centres `pitch` apart; the selected one highlighted. Returns each
/// item's rectangle.
fn draw_two_columns(
    (menu, palette): (&Menu, Palette),
    items: &[String],
    top: f32,
    pitch: f32,
    m: &MenuMetrics,
) -> Vec<Rect> {
    STEPPERS.with_borrow_mut(Vec::clear);
    let rows = items.len().div_ceil(2);
    let mut rects = Vec::with_capacity(items.len());
    for (i, item) in items.iter().enumerate() {
        let (item, size) = fit(item, m.width, m.item);
        let centre = screen_width() * 0.5 + pitch * ((i / rows) as f32 - 0.5);
        let y = top + m.line * (i % rows) as f32;
        let w = item_box_width(&item, m);
        let rect = Rect::new(centre - w * 0.5, y - m.item - m.lift, w, m.row);
        let selected = i == menu.selected;
        if selected {
            draw_selection(rect, palette);
        }
        let color = if selected {
            WHITE
        } else {
            Color::new(0.75, 0.78, 0.85, 1.0)
        };
        draw_label(
            &item,
            centre - measure(&item, size).width * 0.5,
            y,
            size,
            color,
        );
        rects.push(rect);
    }
    rects
}

/// The highlight behind the selected item: a light fill and a frame in the
/// bottom player's colour.
fn draw_selection(rect: Rect, palette: Palette) {
    draw_rectangle(
        rect.x,
        rect.y,
        rect.w,
        rect.h,
        Color::new(0.3, 0.8, 1.0, 0.25),
    );
    draw_rectangle_lines(
        rect.x,
        rect.y,
        rect.w,
        rect.h,
        2.0,
        palette.side(Side::Bottom),
    );
}

/// The items from baseline `top` down, at most `fits` of them, scrolled so the
/// selected one shows; the selected one highlighted. Returns each item's
/// rectangle (empty for items scrolled out of view).
fn draw_items(
    (menu, palette): (&Menu, Palette),
    items: &[String],
    top: f32,
    fits: usize,
    m: &MenuMetrics,
) -> Vec<Rect> {
    STEPPERS.with_borrow_mut(Vec::clear);
    let first = menu.selected.saturating_sub(fits.saturating_sub(1));
    let mut rects = vec![Rect::new(0.0, 0.0, 0.0, 0.0); items.len()];
    let mut y = top;
    for (i, item) in items.iter().enumerate().skip(first).take(fits) {
        let (item, size) = fit(item, m.width, m.item);
        let item = item.as_str();
        let dims = measure(item, size);
        let x = (screen_width() - dims.width) * 0.5;
        let w = (dims.width + m.item * 1.2).max(2.0 * TOUCH_TARGET_PX);
        let rect = Rect::new((screen_width() - w) * 0.5, y - m.item - m.lift, w, m.row);
        if menu.entries().get(i).is_some_and(|e| e.two_way()) {
            draw_steppers(i, rect, m);
        }
        let selected = i == menu.selected;
        if selected {
            draw_selection(rect, palette);
        }
        // A locked level reads as out of reach, a step fainter than the others.
        let locked = matches!(menu.entries().get(i), Some(Item::Level(n)) if menu.locked.get(*n) == Some(&true));
        let color = match (selected, locked) {
            (true, _) => WHITE,
            (false, true) => Color::new(0.55, 0.58, 0.65, 1.0),
            (false, false) => Color::new(0.75, 0.78, 0.85, 1.0),
        };
        draw_label(item, x, y, size, color);
        rects[i] = rect;
        y += m.line;
    }
    rects
}

/// A − left of item `i`'s box `rect` and a + right of it, each a fingertip
/// square: the volumes go down as well as up by finger (issue 33).
fn draw_steppers(i: usize, rect: Rect, m: &MenuMetrics) {
    let color = Color::new(0.3, 0.8, 1.0, 0.9);
    for (up, x) in [
        (false, rect.x - STEPPER_GAP - m.row),
        (true, rect.x + rect.w + STEPPER_GAP),
    ] {
        let r = Rect::new(x, rect.y, m.row, m.row);
        draw_rectangle(r.x, r.y, r.w, r.h, Color::new(0.3, 0.8, 1.0, 0.12));
        draw_rectangle_lines(r.x, r.y, r.w, r.h, 2.0, color);
        let sign = if up { "+" } else { "-" };
        draw_label_in(sign, r, m.item * 1.2, WHITE);
        STEPPERS.with_borrow_mut(|s| s.push((i, up, r)));
    }
}

/// The name entry's letter pad where `app::menus::letter_pad` finds room beside
/// the menu `panel`: a tap on a key types its letter.
fn draw_letter_pad(panel: Rect, m: &MenuMetrics) {
    let panel = arkanong_core::geom::Rect::new(panel.point(), panel.point() + panel.size());
    let keys = letter_pad(vec2(screen_width(), screen_height()), panel);
    for &(c, k) in &keys {
        let r = Rect::new(k.min.x, k.min.y, k.size().x, k.size().y);
        draw_rectangle(r.x, r.y, r.w, r.h, Color::new(0.02, 0.03, 0.08, 0.92));
        draw_rectangle_lines(r.x, r.y, r.w, r.h, 2.0, Color::new(0.3, 0.8, 1.0, 0.6));
        draw_label_in(&c.to_string(), r, m.item, WHITE);
    }
    PAD.set(
        keys.into_iter()
            .map(|(c, k)| (c, Rect::new(k.min.x, k.min.y, k.size().x, k.size().y)))
            .collect(),
    );
}

/// The current menu screen over the game (dimmed by [`dim_background`]): its
/// words (from `app::screen_text`) and its items, drawn moved and scaled as
/// `pose` says (a screen arriving). Returns where each item rests, for clicks
/// and taps.
pub(crate) fn draw_screen(state: &AppState, pose: MenuPose) -> Vec<Rect> {
    crate::shell::feel::begin_menu_pose(pose);
    let rects = draw_screen_words(state);
    crate::shell::feel::end_menu_pose();
    rects
}

/// The words and items of [`draw_screen`], in plain window pixels.
fn draw_screen_words(state: &AppState) -> Vec<Rect> {
    PAD.with_borrow_mut(Vec::clear);
    let (menu, levels, previews) = (&state.menu, &state.levels, &state.previews);
    let (scores, progress) = (&state.scores, &state.progress);
    let session = state.session.as_ref();
    let mut text = screen_text(menu, levels, scores, progress, session, &state.settings);
    let palette = Palette::of(&state.settings);
    let letters_px = View::fit(Vec2::ZERO, palette).len(72.0).max(32.0);
    if menu.screen == Screen::NameEntry {
        // Room for the big letters and their arrows between the words and Save.
        text.extra.extend(std::iter::repeat_n(
            String::new(),
            name_blank_lines(letters_px),
        ));
    }
    let (title, items) = (&text.title, &text.items);
    let still = state.settings.reduced_motion;
    let (mut rects, panel) = draw_menu(
        (menu, palette, still),
        title,
        &text.subtitle,
        items,
        &text.extra,
    );
    match menu.screen {
        Screen::LevelSelect => {
            super::pictures::draw_level_previews(menu, &rects, previews, palette);
            super::pictures::draw_selected_preview(menu, panel, previews, palette);
        }
        Screen::NameEntry => {
            if let Some(&save) = rects.first() {
                // The letters' boxes follow the items (see `name_entry_inputs`).
                let letters = super::pictures::draw_name_letters(menu, save, letters_px, palette);
                rects.extend(letters);
                draw_letter_pad(panel, &MenuMetrics::new(&window_layout()));
            }
        }
        _ => {}
    }
    rects
}

/// How many blank lines of the menu's small text make room above the name
/// entry's Save item for letters `size` pixels tall, their arrows and a gap on
/// each side (`app::menus::name_letters_height`). From the last line's baseline
/// to Save's box `draw_menu` leaves a line per blank, then 0.4 of an item's size
/// and 0.6 of a small line; the letters start a quarter line and 4 px below the
/// last line's baseline, clear of its descenders.
fn name_blank_lines(size: f32) -> usize {
    let m = MenuMetrics::new(&window_layout());
    let need =
        name_letters_height(size) + m.small * 0.25 + 4.0 - m.item * 0.4 - m.small * 0.6 + m.lift;
    (need / (m.small * 1.2)).ceil().max(0.0) as usize
}

/// A message box (a level reload error, a notice) in the band between the paddle
/// zones (`app::banner_band`), so it never hides a score or a paddle: green for
/// good news, red for errors.
pub(crate) fn draw_message(view: &View, notice: &Notice) {
    let lines = notice.lines();
    let font = view.len(18.0).max(13.0);
    let (band_top, _) = banner_band();
    let top = view.to_screen(vec2(0.0, band_top));
    let width = view.len(ARENA_WIDTH);
    let h = font * 1.2 * lines.len() as f32 + 16.0;
    let background = match notice.tone {
        Tone::Good => Color::new(0.03, 0.25, 0.08, 0.9),
        Tone::Error => Color::new(0.3, 0.03, 0.03, 0.92),
    };
    draw_rectangle(top.x, top.y, width, h, background);
    for (i, l) in lines.iter().enumerate() {
        draw_label(
            l,
            top.x + 10.0,
            top.y + 8.0 + font * 1.2 * (i as f32 + 0.8),
            font,
            WHITE,
        );
    }
}
