//! Drawing the menu screens over the dimmed game: the panel with its title, items
//! (scrolling with marks when they do not fit), the words each screen says (from
//! `app::menus::screen_text`), and notices over the field.

use std::cell::{Cell, RefCell};

use arkanong_core::app::{
    layout::wrap_balanced,
    menus::banner_band,
    menus::letter_pad,
    menus::letter_pad_room,
    menus::screen_text,
    menus::Item,
    menus::Menu,
    menus::MenuPose,
    menus::Notice,
    menus::Screen,
    menus::Tone,
    menus::{panel_layout, PanelContent, PanelLayout, PanelMetrics},
    state::AppState,
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

/// The panel's metrics for the window as it is now.
fn metrics() -> PanelMetrics {
    let layout = window_layout();
    PanelMetrics::new(layout.text, layout.window)
}

/// A core rectangle as macroquad's.
fn mq(r: arkanong_core::geom::Rect) -> Rect {
    Rect::new(r.min.x, r.min.y, r.size().x, r.size().y)
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
    let m = PanelMetrics::new(layout.text, layout.window);
    let (w, h) = (screen_width(), screen_height());
    // The name entry keeps its letter pad's room free first (beside the panel in
    // a landscape window, below it in a portrait one): the words wrap and the
    // block rises within what is left, whatever the face's line height.
    let pad_room = if menu.screen == Screen::NameEntry {
        letter_pad_room(vec2(w, h))
    } else {
        Vec2::ZERO
    };
    let line_width = m.line_width(w, pad_room);
    // Long lines (the controls help on a phone) wrap to the window's width, in
    // even lines (no word left alone on the last).
    let wrap = |line: &str, size: f32| wrap_balanced(line, line_width, |s| measure(s, size).width);
    let subtitle = wrap(subtitle, m.small);
    let extra: Vec<String> = extra.iter().flat_map(|l| wrap(l, m.small)).collect();
    let (title, title_size) = fit(title, m.width, m.title);
    // The items as drawn: fitted to the line, measured in the face.
    let mut fitted: Vec<(String, f32)> = items.iter().map(|i| fit(i, m.width, m.item)).collect();
    let entries = menu.entries();
    let mut content = PanelContent {
        subtitle_lines: subtitle.len(),
        extra_lines: extra.len(),
        widest_line: (extra.iter().chain(&subtitle))
            .map(|l| measure(l, m.small).width)
            .fold(0.0, f32::max),
        items: (fitted.iter())
            .map(|(i, size)| measure(i, *size).width)
            .collect(),
        two_way: (0..items.len())
            .map(|i| entries.get(i).is_some_and(|e| e.two_way()))
            .collect(),
        selected: menu.selected,
        pad_room,
    };
    let mut placed = panel_layout(vec2(w, h), layout.text, &content);
    // A list that scrolls keeps room for its scroll marks: its words fit the
    // narrower line, and the panel is laid out again with them.
    if placed.words_width < m.width {
        fitted = (items.iter())
            .map(|i| fit(i, placed.words_width, m.item))
            .collect();
        content.items = (fitted.iter())
            .map(|(i, size)| measure(i, *size).width)
            .collect();
        placed = panel_layout(vec2(w, h), layout.text, &content);
    }
    let panel = mq(placed.panel);
    // The title's panel lets the attract game show through (issue 41): the
    // game is the title's picture. High contrast keeps it opaque.
    let see_through = menu.screen == Screen::Title && !palette.high_contrast;
    draw_panel(panel, if see_through { 0.55 } else { 1.0 });
    if see_through {
        draw_word_glass(&fitted, &placed);
    }
    let mut y = placed.title_y;
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
    let rects = draw_items((menu, palette), &fitted, &placed);
    draw_scroll_marks(&placed, &m);
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

/// Arrows beside the first and last items shown, when a long list (the
/// levels, the Juice page) has more items above or below, where
/// `app::menus::panel_layout` put them: a player sees at once that the list
/// scrolls. Notes where the marks are (see [`scroll_marks`]): a tap there scrolls.
fn draw_scroll_marks(placed: &PanelLayout, m: &PanelMetrics) {
    let [up, down] = placed.marks;
    MARKS.set([up.map(|(r, _)| mq(r)), down.map(|(r, _)| mq(r))]);
    let color = Color::new(0.3, 0.8, 1.0, 0.9);
    let half = m.item * 0.3;
    for (mark, dir) in [(up, -1.0), (down, 1.0)] {
        let Some((_, c)) = mark else { continue };
        draw_triangle(
            vec2(c.x, c.y + dir * half),
            vec2(c.x - half, c.y - dir * half),
            vec2(c.x + half, c.y - dir * half),
            color,
        );
    }
}

/// Smoked glass behind each item's words on the see-through title: the attract
/// game still shows between the rows, but no brick row runs through a word (a
/// newcomer's playtest, issue 41: "Settings" read over a row of bricks).
fn draw_word_glass(items: &[(String, f32)], placed: &PanelLayout) {
    let pad = placed.metrics.item;
    for ((item, size), place) in items.iter().zip(&placed.items) {
        let Some(place) = place else { continue };
        let r = mq(place.rect);
        let w = measure(item, *size).width + pad;
        let glass = Color::new(0.02, 0.03, 0.08, 0.6);
        draw_rectangle(place.centre - w * 0.5, r.y, w, r.h, glass);
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

/// The items where `placed` put them (fitted words `items`, each with its
/// size), the selected one highlighted, with a − and + beside two-way items.
/// Returns each item's rectangle (empty for items scrolled out of view).
fn draw_items(
    (menu, palette): (&Menu, Palette),
    items: &[(String, f32)],
    placed: &PanelLayout,
) -> Vec<Rect> {
    let m = &placed.metrics;
    STEPPERS.set(
        (placed.steppers.iter())
            .map(|&(i, up, r)| (i, up, mq(r)))
            .collect(),
    );
    for &(_, up, r) in &placed.steppers {
        draw_stepper(up, mq(r), m);
    }
    let mut rects = vec![Rect::new(0.0, 0.0, 0.0, 0.0); items.len()];
    for (i, ((item, size), place)) in items.iter().zip(&placed.items).enumerate() {
        let Some(place) = place else { continue };
        let rect = mq(place.rect);
        let selected = i == menu.selected;
        if selected {
            draw_selection(rect, palette);
        }
        // A locked level reads as out of reach, a step fainter than the others.
        let locked = matches!(menu.entries().get(i), Some(Item::Level(n)) if menu.is_locked(*n));
        let color = match (selected, locked) {
            (true, _) => WHITE,
            (false, true) => Color::new(0.55, 0.58, 0.65, 1.0),
            (false, false) => Color::new(0.75, 0.78, 0.85, 1.0),
        };
        let x = place.centre - measure(item, *size).width * 0.5;
        draw_label(item, x, place.baseline, *size, color);
        rects[i] = rect;
    }
    rects
}

/// A − or + (`up`) in its fingertip square `r`: the volumes go down as well
/// as up by finger (issue 33).
fn draw_stepper(up: bool, r: Rect, m: &PanelMetrics) {
    let color = Color::new(0.3, 0.8, 1.0, 0.9);
    draw_rectangle(r.x, r.y, r.w, r.h, Color::new(0.3, 0.8, 1.0, 0.12));
    draw_rectangle_lines(r.x, r.y, r.w, r.h, 2.0, color);
    let sign = if up { "+" } else { "-" };
    draw_label_in(sign, r, m.item * 1.2, WHITE);
}

/// The name entry's letter pad where `app::menus::letter_pad` finds room beside
/// the menu `panel`: a tap on a key types its letter.
fn draw_letter_pad(panel: Rect, m: &PanelMetrics) {
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
    let (menu, levels, previews) = (&state.menu, &state.shared.levels, &state.shared.previews);
    let (scores, progress) = (&state.shared.scores, &state.shared.progress);
    let session = state.session.as_ref();
    let mut text = screen_text(
        menu,
        levels,
        scores,
        progress,
        session,
        &state.shared.settings,
    );
    let palette = Palette::of(&state.shared.settings);
    let letters_px = View::fit(Vec2::ZERO, palette).len(72.0).max(32.0);
    if menu.screen == Screen::NameEntry {
        // Room for the big letters and their arrows between the words and Save.
        text.extra.extend(std::iter::repeat_n(
            String::new(),
            name_blank_lines(letters_px),
        ));
    }
    let (title, items) = (&text.title, &text.items);
    let still = state.shared.settings.reduced_motion;
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
                draw_letter_pad(panel, &metrics());
            }
        }
        _ => {}
    }
    rects
}

/// How many blank lines make room above the name entry's Save item for
/// letters `size` pixels tall (`app::menus::name_blank_lines`).
fn name_blank_lines(size: f32) -> usize {
    arkanong_core::app::menus::name_blank_lines(&metrics(), size)
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
