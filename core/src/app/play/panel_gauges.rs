//! The side panels used (issue 41, item 6): a wide window's panels held a few
//! lines of text in their corners and left the middle empty. Each player's
//! panel now shows, drawn rather than written, the rounds won of those needed,
//! the round's points toward what takes it, the balls the side owns on the
//! field (the conversion rule at a glance) and the capsules falling its way.
//!
//! Headless: [`panel_gauges`] reads the facts from the game, [`gauge_areas`]
//! places them in a landscape layout clear of every text slot; the shell
//! draws them (`shell/play/gauges.rs`). Portrait has no room: none there.

use crate::app::layout::{Layout, Orientation};
use crate::game::Game;
use crate::geom::Rect;
use crate::level::{PowerUp, Side};

use super::MatchFacts;

/// The most capsules a gauge lists (more rarely fall at once).
pub const GAUGE_CAPSULES: usize = 6;

/// What one side's gauge shows.
#[derive(Debug, Clone, PartialEq)]
pub struct PanelGauge {
    /// Rounds won and rounds needed for the match, in a match of rounds.
    pub rounds: Option<(u32, u32)>,
    /// The round's points as a share of what takes the round (0 to 1), in versus.
    pub progress: Option<f32>,
    /// Balls the side owns: in play and held on its paddle.
    pub balls: u32,
    /// Capsules falling toward the side, oldest first, at most [`GAUGE_CAPSULES`].
    pub capsules: Vec<PowerUp>,
}

/// Each side's gauge, bottom first.
pub fn panel_gauges(game: &Game) -> [PanelGauge; 2] {
    let facts = MatchFacts::of(game);
    [Side::Bottom, Side::Top].map(|side| {
        let i = side.index() as usize;
        let in_play = game
            .world()
            .balls()
            .iter()
            .filter(|b| b.owner == side.index())
            .count();
        let held = game.player(side).map_or(0, |p| p.held.len());
        let falling = game
            .capsules()
            .iter()
            .filter(|c| c.target == side)
            .map(|c| c.power_up);
        PanelGauge {
            rounds: facts
                .filter(|f| f.rounds > 1)
                .map(|f| (f.rounds_won[i], f.rounds)),
            progress: facts.map(|f| {
                let mine = f.round_scores[i] as f32;
                let wanted = mine + f.points_to_round(i) as f32;
                if wanted > 0.0 {
                    (mine / wanted).clamp(0.0, 1.0)
                } else {
                    1.0
                }
            }),
            balls: (in_play + held) as u32,
            capsules: falling.into_iter().take(GAUGE_CAPSULES).collect(),
        }
    })
}

/// Where each side's gauge goes (bottom first), pixels: in a landscape
/// layout's panel, on the player's side of the middle of the window,
/// clear of every text slot and the pause button; none in portrait, or where
/// a short window leaves less than two rows.
pub fn gauge_areas(layout: &Layout) -> [Option<Rect>; 2] {
    if layout.orientation != Orientation::Landscape {
        return [None, None];
    }
    let row = layout.text.item * 1.6;
    let gap = layout.text.body * 0.6;
    let tallest = row * 4.0;
    let [bottom, top] = &layout.players;
    // Top player (left panel): under its lines and the banner (halfway down),
    // so a notice there never lands on it.
    let (x0, x1) = (top.name.rect.min.x, top.name.rect.max.x);
    let from = top.effects.rect.max.y.max(layout.banner.rect.max.y) + gap;
    let to = (layout.window.y - gap).min(from + tallest);
    let top_area = (to - from >= 2.0 * row).then(|| Rect::new((x0, from).into(), (x1, to).into()));
    // Bottom player (right panel): over its lines, under the pause button.
    let (x0, x1) = (bottom.name.rect.min.x, bottom.name.rect.max.x);
    let to = bottom.name.rect.min.y - gap;
    let from = (layout.pause_button.max.y + gap).max(to - tallest);
    let bottom_area =
        (to - from >= 2.0 * row).then(|| Rect::new((x0, from).into(), (x1, to).into()));
    [bottom_area, top_area]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::layout::layout;
    use crate::game::Mode;
    use crate::level::Level;
    use glam::Vec2;

    fn shared_area(a: &Rect, b: &Rect) -> f32 {
        let d = a.max.min(b.max) - a.min.max(b.min);
        d.x.max(0.0) * d.y.max(0.0)
    }

    #[test]
    fn wide_windows_have_gauges_clear_of_the_text_the_field_and_the_pause_button() {
        for (w, h) in [
            (1280.0, 720.0),
            (1920.0, 1080.0),
            (1024.0, 600.0),
            (844.0, 390.0),
        ] {
            for touch in [false, true] {
                let l = layout(Vec2::new(w, h), touch);
                let areas = gauge_areas(&l);
                if (w, h) != (844.0, 390.0) {
                    assert!(areas.iter().all(Option::is_some), "{w}x{h}: {areas:?}");
                }
                let mut text: Vec<Rect> = vec![l.level_name.rect, l.info.rect, l.banner.rect];
                text.extend(l.players.iter().flat_map(|p| p.all().map(|s| s.rect)));
                for (k, a) in areas.iter().flatten().enumerate() {
                    assert!(a.min.x >= 0.0 && a.min.y >= 0.0, "{w}x{h}: {a:?}");
                    assert!(a.max.x <= w && a.max.y <= h, "{w}x{h}: {a:?}");
                    assert!(
                        shared_area(a, &l.field) < 0.5,
                        "{w}x{h}: on the field {a:?}"
                    );
                    assert!(shared_area(a, &l.pause_button) < 0.5, "{w}x{h}: {a:?}");
                    for t in &text {
                        assert!(
                            shared_area(a, t) < 0.5,
                            "{w}x{h} gauge {k}: {a:?} over {t:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn portrait_has_no_gauges() {
        for (w, h) in [(390.0, 844.0), (720.0, 900.0), (576.0, 720.0)] {
            assert_eq!(gauge_areas(&layout(Vec2::new(w, h), true)), [None, None]);
        }
    }

    #[test]
    fn a_gauge_counts_its_sides_balls_and_the_round_it_is_taking() {
        let text = "title = T\nmode = versus\nballs = 2\ntarget_score = 20\nrounds = 2\nwin_by = 2\n[bricks]\n1111\n";
        let level = Level::parse(text).unwrap();
        let game = Game::new(&level, Mode::Versus, 3);
        let [bottom, top] = panel_gauges(&game);
        // Two balls each, held at the serve.
        assert_eq!((bottom.balls, top.balls), (2, 2));
        assert_eq!(bottom.rounds, Some((0, 2)));
        assert_eq!(bottom.progress, Some(0.0));
        assert!(bottom.capsules.is_empty());
        let solo = Game::new(&level, Mode::Solo, 3);
        let [alone, _] = panel_gauges(&solo);
        assert_eq!((alone.rounds, alone.progress), (None, None));
    }
}
