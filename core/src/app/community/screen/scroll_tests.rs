//! The Community pages scroll by swipe and wheel (issue 47, F6): a swipe moves
//! the rows, never the highlight, and opens nothing; the list with 13 levels
//! reaches its last level and Back, the Rate page its 5 stars and Back and a
//! level's page its Report, Top 10 and Back, on phones held upright and
//! sideways; a key's move brings the highlighted row back into view.

use glam::Vec2;

use super::{CommunityAction, CommunityScreen, Page, Row};
use crate::app::community::{CannedAnswers, CommunityBook, Gallery, LevelSummary};
use crate::app::input::MenuInput;

/// The phone sizes issue 47 walks, and the small phone.
const PHONES: [(f32, f32); 3] = [(390.0, 844.0), (844.0, 390.0), (360.0, 640.0)];

/// A screen on its list of `levels` levels, as a reply would leave it, whose
/// gallery answers nothing further.
fn list_of(levels: usize) -> CommunityScreen {
    let answers: CannedAnswers = Box::new(|_| Err("no network in a test".to_owned()));
    let mut screen = CommunityScreen::new(Gallery::canned("ws://test", answers));
    screen.started = true;
    screen.status = "13 levels".to_owned();
    screen.levels = (0..levels)
        .map(|n| LevelSummary {
            code: format!("CODE{n:02}"),
            title: format!("Level {n}"),
            author: "someone".to_owned(),
            mode: "both".to_owned(),
            created: 0,
            plays: 0,
            rating: None,
            ratings: 0,
            author_clear_steps: None,
            version: 1,
            attempts: 0,
            clears: 0,
        })
        .collect();
    screen
}

/// Whether `row` shows in `screen` laid out in `window` (one line said).
fn shows(screen: &mut CommunityScreen, window: Vec2, row: Row) -> bool {
    let l = screen.lay_out(window, 1, 0);
    let rows = screen.rows();
    let listed: Vec<Row> = rows
        .into_iter()
        .filter(|r| !matches!(r, Row::Tab(_)))
        .collect();
    (listed.iter().position(|&r| r == row)).is_some_and(|k| l.rows[k].is_some())
}

/// Swipes `screen` a line at a time (`lines` each, as the pointer sends
/// them) until `row` shows; returns the swipes it took, `None` if it never did.
fn swipe_to(screen: &mut CommunityScreen, window: Vec2, row: Row, lines: i32) -> Option<usize> {
    let mut book = CommunityBook::default();
    for swipes in 0..40 {
        if shows(screen, window, row) {
            return Some(swipes);
        }
        let (action, _) = screen.frame(&[MenuInput::Scroll(lines)], &mut book);
        assert_eq!(action, CommunityAction::None, "a swipe opens nothing");
    }
    None
}

#[test]
fn the_list_of_13_levels_swipes_to_its_last_level_and_back_and_up_again() {
    for (w, h) in PHONES {
        let window = Vec2::new(w, h);
        let mut screen = list_of(13);
        assert!(
            !shows(&mut screen, window, Row::Back),
            "{w}x{h}: too long to show whole"
        );
        let cursor = screen.cursor;
        let took = swipe_to(&mut screen, window, Row::Back, 1);
        assert!(took.is_some(), "{w}x{h}: Back is reached by swiping");
        assert!(
            shows(&mut screen, window, Row::Level(12)),
            "{w}x{h}: the 13th level"
        );
        assert_eq!(screen.cursor, cursor, "{w}x{h}: a swipe moves no highlight");
        assert_eq!(screen.page, Page::List);
        // Swiping on past the end stays at the end, and back up reaches the top.
        let first = screen.first_row;
        screen.frame(&[MenuInput::Scroll(9)], &mut CommunityBook::default());
        screen.lay_out(window, 1, 0);
        assert_eq!(screen.first_row, first, "{w}x{h}: held at the end");
        assert!(
            swipe_to(&mut screen, window, Row::Search, -2).is_some(),
            "{w}x{h}: the search box at the top again"
        );
        assert_eq!(screen.first_row, 0, "{w}x{h}");
    }
}

#[test]
fn a_key_after_a_swipe_brings_the_highlight_back_into_view() {
    let window = Vec2::new(390.0, 844.0);
    let mut screen = list_of(13);
    screen.cursor = 4;
    swipe_to(&mut screen, window, Row::Back, 3).expect("Back reached");
    assert!(
        !shows(&mut screen, window, Row::Level(0)),
        "row 4 (level 0) scrolled away"
    );
    screen.frame(&[MenuInput::Down], &mut CommunityBook::default());
    assert_eq!(screen.rows()[screen.cursor], Row::Level(1));
    assert!(
        shows(&mut screen, window, Row::Level(1)),
        "the highlight shows again"
    );
}

#[test]
fn the_landscape_rate_page_swipes_to_its_5th_star_and_back() {
    for (w, h) in PHONES {
        let window = Vec2::new(w, h);
        let mut screen = list_of(13);
        screen.page = Page::Rate;
        swipe_to(&mut screen, window, Row::Stars(5), 1).expect("the 5th star");
        swipe_to(&mut screen, window, Row::Back, 1).expect("Back");
        assert_eq!(screen.page, Page::Rate, "{w}x{h}");
    }
}

#[test]
fn the_landscape_level_page_swipes_to_report_top_10_and_back() {
    for (w, h) in PHONES {
        let window = Vec2::new(w, h);
        for row in [Row::Report, Row::Top, Row::Back] {
            let mut screen = list_of(13);
            screen.page = Page::Level;
            assert!(screen.rows().contains(&row));
            swipe_to(&mut screen, window, row, 1).unwrap_or_else(|| panic!("{row:?} at {w}x{h}"));
            assert_eq!(screen.page, Page::Level, "{w}x{h}");
        }
    }
}
