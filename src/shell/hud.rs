//! Drawing the interface over the arena: the HUD, the debug overlay, menus and
//! messages.

use arkanong::app::{
    banner_band, screen_text, HighScores, LevelEntry, LevelPreview, Menu, Notice, Progress, Screen,
    Session, Tone,
};
use arkanong::game::{Game, Mode};
use arkanong::level::Side;
use arkanong::physics::Event;
use arkanong::tuning::{ARENA_HEIGHT, ARENA_WIDTH};
use macroquad::prelude::*;

use super::palette::{side_color, BOTTOM_COLOR};
use super::text::{draw_label, draw_label_centered, measure};
use super::view::View;

/// Scores, lives and active power-ups with their seconds left, at each player's end.
/// `scores` are the numbers shown, bottom first (the run's total in solo).
pub(crate) fn draw_hud(view: &View, game: &Game, labels: [&str; 2], scores: [u32; 2]) {
    let font = view.len(22.0).max(13.0);
    for p in game.players() {
        let color = side_color(p.side);
        let y = if p.side == Side::Bottom {
            ARENA_HEIGHT - 10.0
        } else {
            28.0
        };
        let at = view.to_screen(vec2(12.0, y));
        let label = labels[p.side.index() as usize];
        let score = scores[p.side.index() as usize];
        let text = match game.mode() {
            Mode::Solo => format!("{label}  {score}   lives {}", p.lives),
            Mode::Versus => format!("{label}  {score}"),
        };
        draw_label(&text, at.x, at.y, font, color);
        let effects: Vec<String> = p
            .effects
            .active()
            .iter()
            .map(|(e, s)| format!("{} {:.0}s", e.letter(), s.ceil()))
            .collect();
        if !effects.is_empty() {
            let text = effects.join("  ");
            let dims = measure(&text, font);
            let right = view.to_screen(vec2(ARENA_WIDTH - 12.0, y));
            draw_label(&text, right.x - dims.width, right.y, font, WHITE);
        }
    }
    if game.mode() == Mode::Versus {
        let t = format!("first to {}", game.level().target_score);
        let font = view.len(16.0).max(12.0);
        let dims = measure(&t, font);
        let c = view.to_screen(vec2(ARENA_WIDTH * 0.5, ARENA_HEIGHT * 0.5));
        draw_label(
            &t,
            c.x - dims.width * 0.5,
            view.to_screen(vec2(0.0, ARENA_HEIGHT - 10.0)).y,
            font,
            Color::new(1.0, 1.0, 1.0, 0.35),
        );
    }
}

/// The broadphase cells, each ball's velocity, and the kept contacts of the last
/// steps (the lab's contact history), or the last step's when none are kept yet.
pub(crate) fn draw_debug(view: &View, session: &Session, steps_per_second: f64) {
    let game = &session.game;
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
    if let Some(history) = &session.contacts {
        super::debug_contacts::draw_contact_history(view, history);
    }
    for e in game
        .last_physics_events()
        .iter()
        .filter(|_| session.contacts.is_none())
    {
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
        "F1 debug: {} balls, {:.0} steps/s, cell {cell}, {} contacts kept",
        game.world().balls().len(),
        steps_per_second,
        session.contacts.as_ref().map_or(0, |h| h.contact_count())
    );
    draw_label(&text, 8.0, screen_height() - 8.0, 18.0, GREEN);
}

/// One line of text centred across the window, its baseline at `y`.
fn draw_centered(text: &str, y: f32, size: f32, color: Color) {
    draw_label_centered(text, screen_width() * 0.5, y, size, color);
}

/// Font sizes and gaps of a menu panel, in pixels: arena units scaled with the
/// window, with floors so that text stays readable on a phone.
struct MenuMetrics {
    title: f32,
    small: f32,
    item: f32,
    line: f32,
    after_title: f32,
    after_subtitle: f32,
    before_items: f32,
}

impl MenuMetrics {
    fn new(view: &View) -> Self {
        let item = view.len(30.0).max(18.0);
        Self {
            title: view.len(64.0).max(24.0),
            small: view.len(22.0).max(14.0),
            item,
            line: item * 1.45,
            after_title: view.len(40.0).max(18.0),
            after_subtitle: view.len(30.0).max(14.0),
            before_items: view.len(40.0).max(16.0),
        }
    }
}

/// Darkens the game behind a menu (less on the title, where the attract game plays).
fn dim_background(screen: Screen) {
    let alpha = if screen == Screen::Title { 0.35 } else { 0.6 };
    draw_rectangle(
        0.0,
        0.0,
        screen_width(),
        screen_height(),
        Color::new(0.0, 0.0, 0.0, alpha),
    );
}

/// A centred menu panel: a title, a subtitle, extra lines and the items; returns
/// each item's rectangle on screen so clicks and taps can pick them.
fn draw_menu(
    menu: &Menu,
    title: &str,
    subtitle: &str,
    items: &[String],
    extra: &[String],
) -> Vec<Rect> {
    let view = View::fit(Vec2::ZERO);
    let m = MenuMetrics::new(&view);
    dim_background(menu.screen);
    let (w, h) = (screen_width(), screen_height());
    // Lay the block out first, so a panel can go behind it.
    let top = h * 0.22;
    let items_top = top
        + m.after_title
        + m.after_subtitle
        + m.small * 1.2 * extra.len() as f32
        + m.before_items;
    // Long lists (the levels) scroll to keep the selection in view.
    // Half a line of margin at the bottom, so the last item is never cut off.
    let fits = (((h - items_top - m.line * 0.5) / m.line).floor() as usize).max(1);
    let shown = items.len().min(fits);
    let widest = extra
        .iter()
        .map(|l| measure(l, m.small).width)
        .chain(items.iter().map(|i| measure(i, m.item).width + m.item))
        .fold(view.len(420.0), f32::max);
    draw_panel(Rect::new(
        (w - widest) * 0.5 - m.item,
        top - m.title,
        widest + 2.0 * m.item,
        items_top + shown as f32 * m.line - top + m.title - m.item * 0.2,
    ));
    let mut y = top;
    draw_centered(title, y, m.title, WHITE);
    y += m.after_title;
    draw_centered(subtitle, y, m.small, Color::new(0.8, 0.85, 1.0, 0.9));
    y += m.after_subtitle;
    for line in extra {
        y += m.small * 1.2;
        draw_centered(line, y, m.small, Color::new(0.85, 0.85, 0.9, 1.0));
    }
    draw_items(menu, items, items_top, fits, &m)
}

/// The panel behind a menu.
fn draw_panel(panel: Rect) {
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
}

/// The items from baseline `top` down, at most `fits` of them, scrolled so the
/// selected one shows; the selected one highlighted. Returns each item's
/// rectangle (empty for items scrolled out of view).
fn draw_items(menu: &Menu, items: &[String], top: f32, fits: usize, m: &MenuMetrics) -> Vec<Rect> {
    let first = menu.selected.saturating_sub(fits.saturating_sub(1));
    let mut rects = vec![Rect::new(0.0, 0.0, 0.0, 0.0); items.len()];
    let mut y = top;
    for (i, item) in items.iter().enumerate().skip(first).take(fits) {
        let dims = measure(item, m.item);
        let x = (screen_width() - dims.width) * 0.5;
        let rect = Rect::new(
            x - m.item * 0.6,
            y - m.item,
            dims.width + m.item * 1.2,
            m.item * 1.3,
        );
        let selected = i == menu.selected;
        if selected {
            draw_rectangle(
                rect.x,
                rect.y,
                rect.w,
                rect.h,
                Color::new(0.3, 0.8, 1.0, 0.25),
            );
            draw_rectangle_lines(rect.x, rect.y, rect.w, rect.h, 2.0, BOTTOM_COLOR);
        }
        let color = if selected {
            WHITE
        } else {
            Color::new(0.75, 0.78, 0.85, 1.0)
        };
        draw_label(item, x, y, m.item, color);
        rects[i] = rect;
        y += m.line;
    }
    rects
}

/// The current menu screen over the game: its words (from `app::screen_text`)
/// and its items. Returns where each item was drawn, for clicks and taps.
pub(crate) fn draw_screen(
    menu: &Menu,
    levels: &[LevelEntry],
    scores: &HighScores,
    progress: &Progress,
    session: Option<&Session>,
    previews: &[LevelPreview],
) -> Vec<Rect> {
    let mut text = screen_text(menu, levels, scores, progress, session);
    if menu.screen == Screen::NameEntry {
        // Room for the big letters between the words and "Done".
        text.extra.extend(std::iter::repeat_n(String::new(), 4));
    }
    let rects = draw_menu(menu, &text.title, &text.subtitle, &text.items, &text.extra);
    match menu.screen {
        Screen::LevelSelect => super::menu_extras::draw_level_previews(menu, &rects, previews),
        Screen::NameEntry => {
            if let Some(&done) = rects.first() {
                let size = View::fit(Vec2::ZERO).len(72.0).max(32.0);
                super::menu_extras::draw_name_letters(menu, done, size);
            }
        }
        _ => {}
    }
    rects
}

/// The attract mode's invitation, when started with `--demo`.
pub(crate) fn draw_demo_banner(view: &View) {
    let t = "DEMO - press any key";
    let font = view.len(24.0).max(14.0);
    let dims = measure(t, font);
    let at = view.to_screen(vec2(ARENA_WIDTH * 0.5, 160.0));
    draw_label(
        t,
        at.x - dims.width * 0.5,
        at.y,
        font,
        Color::new(1.0, 1.0, 1.0, 0.45),
    );
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
