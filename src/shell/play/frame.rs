//! One game frame, drawn in layers from the floor up. Each layer is one file
//! that draws everything about one kind of thing on screen, so walking this
//! function visits each file once:
//!
//! 1. `floor.rs`     the background, floor, zones, goal lines, walls, backdrop
//! 2. `bricks.rs`    bricks: drop-in, hit points, capsule mark, glint, flash
//! 3. `barriers.rs`  hexagons and other barriers, segment walls, the shield
//! 4. `capsules.rs`  falling capsules and laser shots
//!    `shell/light/`  the glow pass: its light map made first, added here
//!    `feel/moments.rs` a goal's, a round's or a match's flash
//! 5. `paddles.rs`   paddles: recoil, light, held balls, timer bars, muzzle flashes
//! 6. `balls.rs`     balls: squash and stretch, plain or glowing trails
//!    `ghost.rs`     a raced ghost's paddle and balls, faint, over the player's
//! 7. `feel/effects.rs` sparks, shards, conversion rings, score pop-ups
//! 8. `overlays.rs`  a defeat's dim, a waiting serve's cue
//! 9. `hud.rs`       scores, lives, power-ups, level title, the touch strip
//! 10. `gauges.rs`   the wide panels' rounds, round bar, balls owned, capsules coming
//!
//! Menus, the banner and a ceremony's fireworks are drawn over the frame by
//! `shell/menus/` and `shell/app/show.rs`. Every size is in arena units scaled
//! by the [`View`], so the game looks the same in any window; the view may be
//! turned half a turn (an online joiner's), and every layer goes through it.

use arkanong_core::app::play::Session;

use super::balls::draw_balls;
use super::barriers::draw_barriers;
use super::bricks::draw_bricks;
use super::capsules::draw_capsules_and_shots;
use super::floor::draw_arena;
use super::gauges::draw_gauges;
use super::hud::draw_hud;
use super::overlays::draw_overlays;
use super::paddles::draw_paddles;
use crate::shell::feel::{draw_moments, Effects};
use crate::shell::light::{add_light, render_light};
use crate::shell::palette::Palette;
use crate::shell::place::Place;
use crate::shell::view::{window_layout, View};

/// The whole field, layer by layer, and the HUD if `hud` (with `banner` in the
/// layout's banner slot).
pub(crate) fn draw_game(
    view: &View,
    session: &Session,
    effects: &Effects,
    hud: bool,
    banner: Option<&str>,
) {
    let game = &session.game;
    // The set's place: its floor, background and light (issue 41).
    let palette = Palette {
        place: Place::of_set(&session.set),
        ..view.palette
    };
    let view = &View { palette, ..*view };
    // The light map first, before the window's picture (see `render_light`).
    let light = render_light(view, game, effects);
    draw_arena(view, game, effects);
    draw_bricks(view, game, effects);
    draw_barriers(view, game, &effects.struck);
    draw_capsules_and_shots(view, game, effects.juice.shine);
    // The glow under the things that give it, over the shapes that catch it.
    add_light(light.as_ref());
    // A goal's, a round's or a match's flash: over the field, under what plays.
    draw_moments(effects, view);
    draw_paddles(view, game, effects);
    draw_balls(view, session, effects.juice);
    if let Some(ghost) = &session.ghost {
        super::ghost::draw_ghost(view, ghost);
    }
    effects.draw(view);
    draw_overlays(view, session, effects);
    if hud {
        let layout = window_layout();
        // A watched online match names its players where the labels go, and
        // an online rival who gave a name is called by it.
        let labels = session.hud_labels();
        let hud_text = (labels, session.hud_scores(), &effects.marks);
        // The halves' hint only where two players share this screen (an
        // online match's other player is elsewhere; a watcher steers nothing).
        let two = session.two_on_one_screen();
        draw_hud(&layout, game, hud_text, (banner, two), view);
        draw_gauges(&layout, game, view);
    }
}
