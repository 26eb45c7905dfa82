//! The Credits screen (Title > Credits): the project and its licence, the
//! fonts and theirs (`assets/fonts/`, their licence text whole), and the crates
//! the game is built on. Its own state is how far it is scrolled; the attract
//! game runs behind it. Back (Escape, its Back button, a pad's B, the browser's
//! Back) leaves it for the title; up and down, the wheel and a swipe scroll it.

use glam::Vec2;

use crate::app::input::MenuInput;
use crate::app::layout::{TextSizes, FINGER_PX};
use crate::app::state::{FrameInput, Shared, Transition};
use crate::geom::Rect;

/// The project's line: what it is and its licence (the workspace's `license`).
pub const PROJECT: &str =
    "Arkanong: Arkanoid meets Pong. Free software: MIT or Apache-2.0, at your choice.";

/// The fonts: each face, who made it, its licence (see `assets/fonts/README.md`).
pub const FONTS: [&str; 2] = [
    "Arkanong Display: Orbitron Bold by Matt McInerney (The League of Moveable Type), cut to Latin and renamed (the licence reserves the name \"Orbitron\"): SIL Open Font License 1.1",
    "Noto Sans Mono by Google, cut to Latin: SIL Open Font License 1.1",
];

/// The crates the game and its core are built on (their `[dependencies]`,
/// every platform's): a test keeps this list and the manifests in step.
pub const CRATES: [&str; 23] = [
    "bincode",
    "clap",
    "directories",
    "futures",
    "getrandom",
    "ggrs",
    "gilrs",
    "glam",
    "js-sys",
    "libm",
    "macroquad",
    "matchbox_socket",
    "quad-storage",
    "rand",
    "rand_xoshiro",
    "rustls",
    "serde",
    "serde_json",
    "thiserror",
    "ureq",
    "wasm-bindgen",
    "wasm-bindgen-futures",
    "webpki-root-certs",
];

/// The fonts' licence files, as shipped beside them: the first line of each is
/// the face's copyright; the licence after it is the same SIL OFL 1.1 text.
const LICENCES: [&str; 2] = [
    include_str!("../../../assets/fonts/Orbitron-OFL.txt"),
    include_str!("../../../assets/fonts/NotoSansMono-OFL.txt"),
];

/// Where the credits go in a window.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CreditsLayout {
    /// The panel the lines are written in, inset from the window's edges.
    pub panel: Rect,
    /// The Back button, centred at the panel's foot: a fingertip each way at least.
    pub back: Rect,
}

/// Where the credits go in a window of `window` pixels whose text is `text`.
pub fn credits_layout(window: Vec2, text: TextSizes) -> CreditsLayout {
    let margin = (window.x.min(window.y) * 0.04).max(8.0);
    let panel = Rect::new(Vec2::splat(margin), window - Vec2::splat(margin));
    let row = (text.item * 2.0).max(FINGER_PX);
    let half = ((text.item * 5.0).max(FINGER_PX * 2.0) * 0.5).min(window.x * 0.5 - margin);
    let foot = panel.max.y - margin;
    // On whole pixels, so its edges are sharp.
    let back = Rect::new(
        Vec2::new(window.x * 0.5 - half, foot - row).round(),
        Vec2::new(window.x * 0.5 + half, foot).round(),
    );
    CreditsLayout { panel, back }
}

/// One line of the credits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CreditLine {
    /// What it says.
    pub text: String,
    /// A heading (drawn in the display face) rather than a line of text.
    pub heading: bool,
}

impl CreditLine {
    fn heading(text: &str) -> Self {
        Self {
            text: text.to_owned(),
            heading: true,
        }
    }

    fn text(text: &str) -> Self {
        Self {
            text: text.trim().to_owned(),
            heading: false,
        }
    }
}

/// Every line of the credits, top to bottom: the project, the fonts with
/// their copyrights, the crates, then the fonts' licence text (once: both
/// faces are under the same SIL OFL 1.1).
pub fn credit_lines() -> Vec<CreditLine> {
    let mut lines = vec![CreditLine::heading("Arkanong"), CreditLine::text(PROJECT)];
    lines.push(CreditLine::heading("Fonts"));
    for (face, licence) in FONTS.iter().zip(LICENCES) {
        lines.push(CreditLine::text(face));
        lines.push(CreditLine::text(licence.lines().next().unwrap_or("")));
        lines.push(CreditLine::text(""));
    }
    lines.push(CreditLine::heading("Built with"));
    lines.push(CreditLine::text(&CRATES.join(", ")));
    lines.push(CreditLine::heading("The fonts' licence"));
    lines.extend(licence_lines(LICENCES[0]));
    lines
}

/// A licence file after its copyright line as the credits show it: each
/// paragraph one line (the file breaks them at 70 columns; the screen wraps
/// them to its width), a blank line after each, an underlined title a heading.
fn licence_lines(text: &str) -> Vec<CreditLine> {
    let lines: Vec<&str> = text.lines().skip(1).map(str::trim).collect();
    let underline = |l: &&str| !l.is_empty() && l.chars().all(|c| c == '=' || c == '-');
    let mut out = Vec::new();
    let mut paragraph: Vec<&str> = Vec::new();
    let flush = |paragraph: &mut Vec<&str>, out: &mut Vec<CreditLine>| {
        if !paragraph.is_empty() {
            out.push(CreditLine::text(&paragraph.join(" ")));
            out.push(CreditLine::text(""));
            paragraph.clear();
        }
    };
    for (i, line) in lines.iter().enumerate() {
        if underline(line) {
            continue;
        }
        let heading = lines.get(i + 1).is_some_and(underline);
        if line.is_empty() || heading {
            flush(&mut paragraph, &mut out);
            if heading {
                out.push(CreditLine::heading(line));
            }
            continue;
        }
        paragraph.push(line);
    }
    flush(&mut paragraph, &mut out);
    out
}

/// The Credits screen's own state: how far its lines are scrolled.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CreditsScreen {
    /// The first line shown.
    pub top: usize,
    /// How many lines there are (the scroll stops at the last).
    lines: usize,
}

impl CreditsScreen {
    /// The screen at its top.
    pub fn new() -> Self {
        Self {
            top: 0,
            lines: credit_lines().len(),
        }
    }

    /// A frame of the Credits screen: the attract game behind it steps, the
    /// player's commands scroll it or leave it (Back, its Back button picked,
    /// Enter on that button, the one item).
    pub fn frame(&mut self, shared: &mut Shared, input: &FrameInput) -> Transition {
        let steps = shared.driver.advance(f64::from(input.dt));
        shared.step_attract(steps, input.debug);
        let last = self.lines.saturating_sub(1);
        for &command in input.commands.iter().chain(&input.pad_commands) {
            match command {
                MenuInput::Back | MenuInput::Confirm | MenuInput::Pick(0) => {
                    return Transition::Leave
                }
                MenuInput::Up => self.top = self.top.saturating_sub(1),
                MenuInput::Down => self.top = (self.top + 1).min(last),
                MenuInput::Scroll(n) => {
                    self.top = self.top.saturating_add_signed(n as isize).min(last);
                }
                _ => {}
            }
        }
        Transition::Stay
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn credits_name_the_project_the_fonts_their_copyrights_and_licence() {
        let lines: Vec<String> = credit_lines().into_iter().map(|l| l.text).collect();
        let has = |text: &str| lines.iter().any(|l| l.contains(text));
        assert!(has("MIT or Apache-2.0"), "the project's licence");
        assert!(has("Orbitron Bold by Matt McInerney"));
        assert!(
            has("Copyright (c) 2009, Matt McInerney"),
            "Orbitron's copyright"
        );
        assert!(has("Copyright 2015-2020 Google LLC"), "Noto's copyright");
        assert!(
            has("SIL Open Font License, Version 1.1"),
            "the licence's text"
        );
        assert!(has("Permission & Conditions"), "the licence whole");
        let one = "Permission is hereby granted, free of charge, to any person obtaining a copy";
        assert!(has(one), "a paragraph is one line, for the screen to wrap");
        assert!(has("macroquad, "), "the crates");
    }

    /// The crate names of a manifest's `[dependencies]` tables (every
    /// platform's), its own crates (`path = ...`) left out.
    fn dependencies(manifest: &str) -> Vec<String> {
        let mut names = Vec::new();
        let mut in_deps = false;
        for line in manifest.lines().map(str::trim) {
            if line.starts_with('[') {
                in_deps = line == "[dependencies]"
                    || (line.starts_with("[target.") && line.ends_with(".dependencies]"));
                continue;
            }
            let Some((name, value)) = line.split_once('=') else {
                continue;
            };
            if in_deps && !line.starts_with('#') && !value.contains("path =") {
                names.push(name.trim().to_owned());
            }
        }
        names
    }

    #[test]
    fn credits_crates_are_the_game_and_core_manifests_dependencies() {
        let core = include_str!("../../Cargo.toml");
        let game = include_str!("../../../Cargo.toml");
        let mut found: Vec<String> = [dependencies(core), dependencies(game)].concat();
        found.sort();
        found.dedup();
        let mut named: Vec<String> = CRATES.iter().map(|c| (*c).to_owned()).collect();
        named.sort();
        assert_eq!(
            named, found,
            "CRATES and the manifests' [dependencies] differ"
        );
    }

    #[test]
    fn credits_back_is_a_fingertip_and_inside_the_panel_at_every_size() {
        for (w, h) in [
            (360.0, 640.0),
            (390.0, 844.0),
            (844.0, 390.0),
            (1920.0, 1080.0),
        ] {
            let window = Vec2::new(w, h);
            let text = crate::app::layout::layout(window, true).text;
            let CreditsLayout { panel, back } = credits_layout(window, text);
            let size = back.size();
            assert!(
                size.x >= FINGER_PX && size.y >= FINGER_PX,
                "{window}: {back:?}"
            );
            assert!(panel.min.cmple(back.min).all() && back.max.cmple(panel.max).all());
        }
    }
}
