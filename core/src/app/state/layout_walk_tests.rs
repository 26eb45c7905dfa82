//! Every screen the app can show, laid out at the phone sizes issue 47 names
//! (390x844, 844x390, 360x640), through the layout's own checks: every tap
//! target inside the window, on whole pixels, a fingertip (44 px) both ways,
//! and clear of every other. The walk is an exhaustive match on `Screen`, so a
//! new screen does not compile until it is walked here. Words are measured
//! at 0.6 of their size a letter, wider than the game's face, to be safe.

use glam::Vec2;

use super::{AppState, LoadedRecords, Start};
use crate::app::layout::{layout, text_sizes, FINGER_PX};
use crate::app::menus::{
    letter_pad, letter_pad_room, name_blank_lines, name_letter_boxes, panel_layout, screen_text,
    PanelContent, PanelMetrics, Screen, NAME_LETTERS,
};
use crate::app::records::LevelEntry;
use crate::geom::Rect;
use crate::level::{shipped_levels, Level};

/// The phone sizes, upright and sideways, and the small phone.
const PHONES: [(f32, f32); 3] = [(390.0, 844.0), (844.0, 390.0), (360.0, 640.0)];

/// Every screen. A new one is added here and walked in [`targets`].
const SCREENS: [Screen; 22] = [
    Screen::Title,
    Screen::ModeSelect,
    Screen::DifficultySelect,
    Screen::LevelSelect,
    Screen::SetSelect,
    Screen::Playing,
    Screen::Paused,
    Screen::LevelCleared,
    Screen::GameOver,
    Screen::NameEntry,
    Screen::HighScores,
    Screen::Settings,
    Screen::Controls,
    Screen::Editor,
    Screen::Lab,
    Screen::Online,
    Screen::Community,
    Screen::Keys,
    Screen::Juice,
    Screen::QuitConfirm,
    Screen::LeaveConfirm,
    Screen::Credits,
];

/// The app on every shipped level, at the title, with no records: the level
/// select's list is as long as it gets.
fn app() -> AppState {
    let levels: Vec<LevelEntry> = (shipped_levels().iter())
        .map(|l| LevelEntry {
            label: l.file.to_owned(),
            set: String::new(),
            level: Level::parse(l.text).expect("shipped levels are valid"),
            path: None,
            shipped: true,
        })
        .collect();
    let start = Start {
        seed: 7,
        ..Start::default()
    };
    AppState::new(
        start,
        levels,
        LoadedRecords::default(),
        super::Seams::offline(),
    )
}

/// A word's width at `size`: 0.6 of the size a letter.
fn measure(text: &str, size: f32) -> f32 {
    text.chars().count() as f32 * size * 0.6
}

/// The shell's fitting: smaller down to the least text size, then cut.
fn fit(text: &str, width: f32, size: f32) -> (String, f32) {
    let min = crate::app::layout::MIN_TEXT_PX;
    let mut s = size.round().max(min);
    while s > min && measure(text, s) > width {
        s -= 1.0;
    }
    let mut chars: Vec<char> = text.chars().collect();
    let mut shown = text.to_owned();
    while measure(&shown, s) > width && !chars.is_empty() {
        chars.pop();
        shown = format!("{}..", chars.iter().collect::<String>().trim_end());
    }
    (shown, s)
}

/// A menu screen's targets with `selected` highlighted, as the shell lays
/// them out (`src/shell/menus/screens.rs`: the panel, then the name entry's
/// letters and pad), named; and the number of items with the highlighted one
/// shown or not.
fn menu_targets(state: &AppState, window: Vec2, selected: usize) -> (Vec<(String, Rect)>, bool) {
    let menu = &state.menu;
    let mut text = screen_text(
        menu,
        &state.shared.levels,
        &state.shared.scores,
        &state.shared.progress,
        state.session.as_ref(),
        &state.shared.settings,
    );
    let sizes = text_sizes(window);
    let m = PanelMetrics::new(sizes, window);
    let name = menu.screen == Screen::NameEntry;
    let letters_px = (72.0 * layout(window, true).scale).max(32.0);
    if name {
        let blanks = name_blank_lines(&m, letters_px);
        text.extra
            .extend(std::iter::repeat_n(String::new(), blanks));
    }
    let pad_room = if name {
        letter_pad_room(window)
    } else {
        Vec2::ZERO
    };
    let line_width = m.line_width(window.x, pad_room);
    let wrap = |l: &str| crate::app::layout::wrap_balanced(l, line_width, |s| measure(s, m.small));
    let subtitle = wrap(&text.subtitle);
    let extra: Vec<String> = text.extra.iter().flat_map(|l| wrap(l)).collect();
    let entries = menu.entries();
    let content = PanelContent {
        subtitle_lines: subtitle.len(),
        extra_lines: extra.len(),
        widest_line: (extra.iter().chain(&subtitle))
            .map(|l| measure(l, m.small))
            .fold(0.0, f32::max),
        items: (text.items.iter())
            .map(|i| {
                let (shown, size) = fit(i, m.width, m.item);
                measure(&shown, size)
            })
            .collect(),
        two_way: (0..text.items.len())
            .map(|i| entries.get(i).is_some_and(|e| e.two_way()))
            .collect(),
        selected,
        pad_room,
    };
    let mut content = content;
    let mut placed = panel_layout(window, sizes, &content);
    // As the shell does: a list that scrolls fits its words to a narrower line.
    if placed.words_width < m.width {
        content.items = (text.items.iter())
            .map(|i| {
                let (shown, size) = fit(i, placed.words_width, m.item);
                measure(&shown, size)
            })
            .collect();
        placed = panel_layout(window, sizes, &content);
    }
    let mut targets: Vec<(String, Rect)> = (placed.items.iter().enumerate())
        .filter_map(|(i, p)| Some((format!("item {:?}", text.items[i]), p.as_ref()?.rect)))
        .collect();
    targets.extend(
        (placed.steppers.iter())
            .map(|&(i, up, r)| (format!("{} of item {i}", ["-", "+"][usize::from(up)]), r)),
    );
    for (mark, name) in placed.marks.iter().zip(["scroll up", "scroll down"]) {
        targets.extend(mark.map(|(r, _)| (name.to_owned(), r)));
    }
    if name {
        let save = placed.items[0].expect("Save shows").rect;
        let boxes = name_letter_boxes(window.x, save.min.y, letters_px, NAME_LETTERS);
        targets.extend(boxes.iter().map(|b| ("letter".to_owned(), b.rect)));
        let pad = letter_pad(window, placed.panel);
        assert_eq!(pad.len(), 26, "the name's letter pad fits {window}");
        targets.extend(pad.into_iter().map(|(c, r)| (format!("key {c}"), r)));
    }
    let shown = placed.items.get(selected).is_some_and(Option::is_some);
    (targets, shown)
}

/// The targets of `screen` at `window`, each list one state of it (a menu
/// with each item highlighted in turn: a long list scrolled to its end),
/// named. An exhaustive match: a new screen must say how it is walked.
fn targets(state: &mut AppState, screen: Screen, window: Vec2) -> Vec<Vec<(String, Rect)>> {
    state.menu.screen = screen;
    state.menu.selected = 0;
    let menu_walk = |state: &mut AppState| {
        let count = state.menu.entries().len();
        (0..count)
            .map(|selected| {
                state.menu.selected = selected;
                let (t, shown) = menu_targets(state, window, selected);
                assert!(
                    shown,
                    "{screen:?} at {window}: item {selected} is out of view"
                );
                t
            })
            .collect()
    };
    match screen {
        Screen::Title
        | Screen::ModeSelect
        | Screen::DifficultySelect
        | Screen::LevelSelect
        | Screen::SetSelect
        | Screen::Paused
        | Screen::LevelCleared
        | Screen::GameOver
        | Screen::NameEntry
        | Screen::HighScores
        | Screen::Settings
        | Screen::Controls
        | Screen::Keys
        | Screen::Juice
        | Screen::QuitConfirm
        | Screen::LeaveConfirm => menu_walk(state),
        // The game: its one target is the pause button.
        Screen::Playing => vec![vec![(
            "pause".to_owned(),
            layout(window, true).pause_button,
        )]],
        // The lab's buttons are a fingertip tall (the shell lays out its
        // panel from `LabLayout`; tests/xvfb_lab.py checks the drawn page).
        Screen::Lab => {
            let l = crate::app::lab::LabLayout::for_window(window);
            assert!(l.button_h >= FINGER_PX, "lab at {window}: {l:?}");
            Vec::new()
        }
        // The editor's panels (its cells are no target: a finger paints them
        // through the loupe; its handles' grab areas are a 44 px disc,
        // `src/shell/editor/window.rs`).
        Screen::Editor => editor_targets(window),
        // The credits' one target, Back (the shell draws it where the core
        // lays it out).
        Screen::Credits => {
            let text = layout(window, true).text;
            let back = crate::app::credits::credits_layout(window, text).back;
            vec![vec![("Back".to_owned(), back)]]
        }
        #[cfg(feature = "online")]
        Screen::Online => online_targets(window),
        #[cfg(feature = "online")]
        Screen::Community => community_targets(window),
        // Built without online play, neither screen is ever shown.
        #[cfg(not(feature = "online"))]
        Screen::Online | Screen::Community => Vec::new(),
    }
}

/// The editor's panels by touch, laid out in the core
/// (`app::editor::PaletteFrame`): the palette (upright: its bar, then each
/// drawer open over the arena; sideways: its side column), and the palette
/// with the settings form's rows.
fn editor_targets(window: Vec2) -> Vec<Vec<(String, Rect)>> {
    use crate::app::editor::{
        form_row_and_pitch, form_rows_shown, form_value_box, Drawer, PaletteFrame, LABEL_PX,
        SETTING_KEYS,
    };
    let measure = |label: &str| measure(label, LABEL_PX);
    let frame = PaletteFrame {
        window,
        touch: true,
        measure: &measure,
    };
    let palette = |open| -> Vec<(String, Rect)> {
        let l = frame.layout(open);
        let mut t: Vec<(String, Rect)> = (l.buttons.iter())
            .map(|(r, b)| (format!("button {}", b.label()), *r))
            .collect();
        t.extend(
            l.handles
                .iter()
                .map(|(r, d)| (format!("drawer {}", d.name()), *r)),
        );
        // The diagnostics list is no target, but nothing may lie under it.
        t.push(("diagnostics list".to_owned(), frame.list_area()));
        t
    };
    let mut form = palette(None);
    let area = frame.form_area();
    let (_, pitch) = form_row_and_pitch(true);
    let shown = form_rows_shown(area.size().y, pitch, SETTING_KEYS.len());
    form.extend((0..shown).map(|k| (format!("setting row {k}"), form_value_box(area, true, k))));
    let mut pages = vec![
        palette(None),
        palette(Some(Drawer::Tools)),
        palette(Some(Drawer::More)),
        form,
    ];
    pages.extend(set_pages(&frame));
    pages
}

/// The editor's set page over the palette: a long list of sets with a new
/// set's title being typed, and a long set open, each scrolled to its last row.
fn set_pages(frame: &crate::app::editor::PaletteFrame) -> Vec<Vec<(String, Rect)>> {
    use crate::app::editor::{Field, SetPage};
    use crate::app::records::{PlayerSet, PlayerSets, SetHome};
    use crate::level::BundledFile;
    let set = |n: usize, levels: usize| PlayerSet {
        name: format!("set_{n}"),
        home: SetHome::Record,
        info: None,
        levels: (0..levels)
            .map(|k| BundledFile {
                name: format!("{k:02}_a_level_with_a_long_name.txt"),
                text: String::new(),
            })
            .collect(),
    };
    let sets = PlayerSets {
        sets: (0..12).map(|n| set(n, 20)).collect(),
        folder: None,
    };
    let mut listing = SetPage::default();
    listing.sets = sets.clone();
    listing.read = true;
    listing.title = Some(Field::new(0, "Thumb Set"));
    let mut open = SetPage::default();
    open.sets = sets;
    open.read = true;
    open.open = Some(3);
    open.row = 19;
    let under_palette = frame.layout(None);
    [listing, open]
        .iter()
        .map(|page| {
            let l = frame.set_page_layout(page, usize::MAX, true);
            let mut t: Vec<(String, Rect)> = (l.items.iter())
                .map(|(r, b)| (format!("set page {}", page.label(*b)), *r))
                .collect();
            t.extend(l.title_box.map(|r| ("set title box".to_owned(), r)));
            // The diagnostics list stays in sight below (or beside) the page.
            t.push(("diagnostics list".to_owned(), frame.list_area()));
            // The page lies over the arena, so only the palette's buttons
            // beside or above it stay targets (upright, the bar above it).
            t.extend(
                (under_palette.buttons.iter())
                    .filter(|(r, _)| r.max.y <= l.panel.min.y || r.max.x <= l.panel.min.x)
                    .map(|(r, b)| (format!("button {}", b.label()), *r)),
            );
            assert!(
                l.items
                    .iter()
                    .all(|(r, _)| l.panel.contains(r.min) && l.panel.contains(r.max)),
                "the set page's items lie on it at {}: {l:?}",
                frame.window
            );
            t
        })
        .collect()
}

#[cfg(feature = "online")]
/// The online pages laid out in the core: the Join page's boxes, pad and
/// buttons; "Leave the match?" and the match's Leave.
fn online_targets(window: Vec2) -> Vec<Vec<(String, Rect)>> {
    let pad = crate::app::online::code_pad(window, text_sizes(window));
    let mut join: Vec<(String, Rect)> = pad
        .keys
        .iter()
        .map(|(c, r)| (format!("key {c}"), *r))
        .collect();
    join.extend(pad.boxes.iter().map(|r| ("code box".to_owned(), *r)));
    join.extend([
        ("Join".to_owned(), pad.join),
        ("Delete".to_owned(), pad.delete),
        ("Back".to_owned(), pad.back),
    ]);
    // "Leave the match?" over a match, and the match's Leave button.
    let q = crate::app::online::leave_question(window, text_sizes(window));
    let leave = q
        .buttons
        .iter()
        .map(|r| ("leave question's button".to_owned(), *r));
    let playing = vec![("match's Leave".to_owned(), back_button(window))];
    // The Watching page's one target over the match it shows.
    let watching = vec![("Watching's Back".to_owned(), back_button(window))];
    let mut pages = vec![join, leave.collect(), playing, watching];
    pages.extend(lobby_pages(window));
    pages
}

#[cfg(feature = "online")]
/// The lobby pages the core lays out (`app::online::lobby_layout`): Play
/// online's choice (with the ICE line too), the host's level list with its
/// picture, the host's Waiting page with its code, link, watch line, Copy and Share, the
/// joiner's and quick match's wait, and the results.
fn lobby_pages(window: Vec2) -> Vec<Vec<(String, Rect)>> {
    use crate::app::online::{lobby_layout, Lobby, LobbyContent, Page};
    let t = text_sizes(window);
    let mut lobby = Lobby::new(3);
    // (page, hosting, quick, lines, picture, share buttons)
    let pages = [
        (Page::Choose, false, false, 2, false, 0),
        (Page::Choose, false, false, 3, false, 0),
        (Page::PickLevel, false, false, 1, true, 0),
        (Page::Waiting, true, false, 5, false, 2),
        (Page::Waiting, false, false, 1, false, 0),
        (Page::Waiting, false, true, 1, false, 0),
        (Page::Result, false, false, 2, false, 0),
        (Page::Ended, false, false, 1, false, 0),
    ];
    (pages.iter())
        .map(|&(page, hosting, quick, lines, picture, share)| {
            lobby.page = page;
            lobby.hosting = hosting;
            lobby.quick = quick;
            let items = lobby.items();
            let content = LobbyContent {
                lines,
                items: (items.iter())
                    .map(|i| fit(i, window.x - 2.0 * t.item, t.item))
                    .map(|(shown, size)| measure(&shown, size))
                    .collect(),
                share,
                picture,
            };
            let l = lobby_layout(window, t, &content);
            let mut targets: Vec<(String, Rect)> = (items.iter().zip(&l.items))
                .map(|(i, r)| (format!("{page:?}'s {i}"), *r))
                .collect();
            targets.extend(l.share.iter().map(|r| (format!("{page:?}'s share"), *r)));
            if let Some(p) = l.picture {
                let last_line = l.line_ys.last().copied().unwrap_or(l.title_y);
                assert!(p.min.y > last_line, "{page:?} at {window}: {l:?}");
                assert!(p.max.y <= l.items[0].min.y, "{page:?} at {window}: {l:?}");
            }
            targets
        })
        .collect()
}

#[cfg(feature = "online")]
/// The community list at its fullest, scrolled to each row in turn.
fn community_targets(window: Vec2) -> Vec<Vec<(String, Rect)>> {
    use crate::app::community::{page_layout, PageContent};
    (0..14)
        .map(|cursor| {
            let content = PageContent {
                lines: 1,
                tabs: 3,
                listed: 14,
                cursor,
                picture: true,
                ..PageContent::default()
            };
            let l = page_layout(window, content);
            assert!(
                l.rows[cursor].is_some(),
                "community at {window}: row {cursor}"
            );
            let mut t: Vec<(String, Rect)> = (l.rows.iter().flatten())
                .map(|r| ("row".to_owned(), *r))
                .collect();
            t.extend(l.tabs.iter().map(|r| ("tab".to_owned(), *r)));
            t
        })
        .collect()
}

/// The match's Leave, test-play's and the Watching page's Back: the layout's
/// place, where the shell draws them (`src/shell/play/pause_button.rs`).
#[cfg(feature = "online")]
fn back_button(window: Vec2) -> Rect {
    layout(window, true).back_button()
}

fn on_whole_pixels(r: Rect) -> bool {
    [r.min, r.max].iter().all(|p| *p == p.round())
}

/// Whether the two share more than an edge.
fn overlap(a: Rect, b: Rect) -> bool {
    a.min.x < b.max.x && b.min.x < a.max.x && a.min.y < b.max.y && b.min.y < a.max.y
}

#[test]
fn every_screen_passes_the_layout_checks_at_phone_sizes() {
    let mut failures = Vec::new();
    for (w, h) in PHONES {
        let window = Vec2::new(w, h);
        for screen in SCREENS {
            let mut state = app();
            for (k, state_targets) in targets(&mut state, screen, window).iter().enumerate() {
                let at = format!("{screen:?} at {w}x{h} (state {k})");
                for (i, (name, r)) in state_targets.iter().enumerate() {
                    let size = r.size();
                    if r.min.x < 0.0 || r.min.y < 0.0 || r.max.x > w || r.max.y > h {
                        failures.push(format!("{at}: {name} {r:?} leaves the window"));
                    }
                    if !on_whole_pixels(*r) {
                        failures.push(format!("{at}: {name} {r:?} is between pixels"));
                    }
                    if size.x < FINGER_PX - 0.5 || size.y < FINGER_PX - 0.5 {
                        failures.push(format!("{at}: {name} is {size}, under a fingertip"));
                    }
                    for (other, o) in &state_targets[i + 1..] {
                        if overlap(*r, *o) {
                            failures.push(format!("{at}: {name} {r:?} overlaps {other} {o:?}"));
                        }
                    }
                }
            }
        }
    }
    failures.dedup();
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn the_walk_holds_every_screen_once() {
    for (i, a) in SCREENS.iter().enumerate() {
        assert!(!SCREENS[i + 1..].contains(a), "{a:?} twice");
    }
}

#[test]
fn a_phone_held_sideways_shows_every_title_item_at_once() {
    // Issue 47: the title grew to ten items (the daily challenge, Credits) and
    // scrolled at 844x390, Lab and Editor below the fold. The longest daily
    // line a shipped level gives, and Quit or not (the browser has none).
    let longest = (shipped_levels().iter())
        .map(|l| {
            Level::parse(l.text)
                .expect("shipped levels are valid")
                .title
        })
        .max_by_key(|name| name.chars().count())
        .expect("levels ship");
    for can_quit in [false, true] {
        let mut state = app();
        state.menu.can_quit = can_quit;
        state.menu.daily_line = format!("Daily challenge: {longest} — play");
        state.menu.screen = Screen::Title;
        let window = Vec2::new(844.0, 390.0);
        let (targets, _) = menu_targets(&state, window, 0);
        let names: Vec<&str> = targets.iter().map(|(n, _)| n.as_str()).collect();
        assert!(
            !names.iter().any(|n| n.starts_with("scroll")),
            "the title scrolls (quit {can_quit}): {names:?}"
        );
        assert_eq!(
            names.len(),
            state.menu.entries().len(),
            "every item shows (quit {can_quit}): {names:?}"
        );
    }
}
