//! The online screens over the dimmed game: a title, what is happening, the room
//! code (and, in the browser, the invitation link), and the items.

use arkanong::app::online::{Lobby, Page};
use arkanong::app::records::LevelEntry;
use macroquad::prelude::*;

use super::OnlineShell;
use crate::shell::text::{draw_label_centered, fit};
use crate::shell::view::window_layout;

/// A line centred across the window, fitted to its width.
fn line(text: &str, y: f32, size: f32, color: Color) -> Rect {
    let width = screen_width() - size * 2.0;
    let (shown, size) = fit(text, width, size);
    draw_label_centered(&shown, screen_width() * 0.5, y, size, color)
}

/// The title and the lines a page says.
fn words(lobby: &Lobby, level: &str) -> (&'static str, Vec<String>) {
    let code = lobby.code.iter().collect::<String>();
    match lobby.page {
        Page::Choose => (
            "Play online",
            vec![
                "Host: you pick the level and get a room code.".to_owned(),
                "Join: type the code your friend gives you.".to_owned(),
            ],
        ),
        Page::PickLevel => ("Host a game", vec![format!("Level: {level}")]),
        Page::EnterCode => (
            "Join a game",
            vec![
                "Type the room code (or Up and Down to dial each letter):".to_owned(),
                lobby.code_shown(),
            ],
        ),
        Page::Waiting => {
            let mut lines = vec![lobby.status.clone()];
            if lobby.hosting {
                lines.push(format!("Room code: {code}"));
                if let Some(link) = invitation(&code) {
                    lines.push(link);
                }
                lines.push("Waiting for the other player...".to_owned());
            }
            ("Online", lines)
        }
        Page::Playing => ("", Vec::new()),
        Page::Ended => ("Match over", vec![lobby.status.clone()]),
    }
}

/// The browser's invitation link (the page with `?join=CODE`).
fn invitation(code: &str) -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        let page = arkanong::app::online::page_href();
        Some(arkanong::app::online::invite_link(&page, code))
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = code;
        None
    }
}

impl OnlineShell {
    /// Draws the lobby's page (nothing over a match in play); returns each item's
    /// rectangle for clicks and taps.
    pub(crate) fn draw_lobby(&self, levels: &[LevelEntry]) -> Vec<Rect> {
        if self.lobby.page == Page::Playing {
            return Vec::new();
        }
        let (w, h) = (screen_width(), screen_height());
        draw_rectangle(0.0, 0.0, w, h, Color::new(0.0, 0.0, 0.0, 0.6));
        let t = window_layout().text;
        let level = levels
            .get(self.level_index(self.lobby.level))
            .map_or("", |l| l.label.as_str());
        let (title, lines) = words(&self.lobby, level);
        let mut y = h * 0.22;
        line(title, y, t.title, WHITE);
        y += t.title * 1.2;
        for l in &lines {
            y += t.body * 1.5;
            line(l, y, t.body, Color::new(0.75, 0.82, 0.9, 1.0));
        }
        y += t.item * 2.0;
        let mut rects = Vec::new();
        for (k, item) in self.lobby.items().iter().enumerate() {
            let selected = k == self.lobby.cursor;
            let color = if selected { YELLOW } else { WHITE };
            let r = line(item, y, t.item, color);
            if selected {
                draw_rectangle_lines(r.x - 8.0, r.y - 4.0, r.w + 16.0, r.h + 8.0, 2.0, color);
            }
            rects.push(r);
            y += t.item * 1.6;
        }
        rects
    }
}
