//! The show around a game (issue 13): a level's bricks dropping in, the reactive
//! background, the win and lose ceremonies, and menus arriving. The state and the
//! hooks the app calls; the models are headless in `app` (`entrance`,
//! `menu_entrance`, `ceremony`, `backdrop`), the drawing is in `stage_draw.rs`.
//!
//! Reduced motion: no drop, no slides or punches, no pulses, no drift and no
//! fireworks; a defeat still dims the field (a slow fade, not a flash).

use arkanong_core::app::{
    feel::Backdrop, feel::BrickDrop, feel::BrickPose, feel::Ceremony, feel::CeremonyKind,
    feel::Juice, menus::MenuEntrance, menus::MenuPose, menus::Screen, play::PlayMode,
};
use arkanong_core::game::{Game, GameEvent, Outcome};
use arkanong_core::level::Level;
use macroquad::prelude::*;

/// The longest step the show takes in one frame, seconds.
const MAX_STEP_SECONDS: f32 = 0.1;

/// Entrances, ceremonies and the background, between frames.
#[derive(Debug, Default)]
pub(crate) struct Stage {
    drop: BrickDrop,
    pub(crate) backdrop: Backdrop,
    pub(crate) ceremony: Option<Ceremony>,
    menu: MenuEntrance,
    /// The last reduced-motion setting seen.
    reduced_motion: bool,
}

impl Stage {
    /// A level (a game, the next campaign level, a restart, a new attract game)
    /// starts: its bricks drop in, and any ceremony ends.
    pub(crate) fn level_started(&mut self, level: &Level) {
        self.drop = BrickDrop::new(level);
        self.ceremony = None;
        self.backdrop = Backdrop::default();
    }

    /// Follows the reduced-motion setting (the shell sets it each frame).
    pub(crate) fn set_reduced_motion(&mut self, reduced: bool) {
        self.reduced_motion = reduced;
    }

    /// Answers a frame's `events` of `game`, under the effects `on` shows.
    pub(crate) fn react(&mut self, events: &[GameEvent], game: &Game, on: Juice) {
        // A ball has reached the bricks (a CPU's quick serve, a staged ball): they
        // are where the game says at once.
        if events.iter().any(|e| {
            matches!(
                e,
                GameEvent::BrickHit { .. } | GameEvent::BrickBroken { .. }
            )
        }) {
            self.drop.land();
        }
        if on.backdrop {
            self.backdrop.react(events, game, self.reduced_motion);
        }
    }

    /// A game ended with `outcome`: its ceremony starts (seeded with `seed`), and
    /// the results arrive as the ceremony says.
    pub(crate) fn game_over(&mut self, outcome: Outcome, mode: PlayMode, seed: u64, on: Juice) {
        if let Some(kind) = CeremonyKind::of(outcome, mode == PlayMode::VersusCpu) {
            self.celebrate(kind, seed, on);
        }
    }

    /// Starts the ceremony `kind` (with the ceremonies switch on): an online
    /// match picks it from its own player's side.
    pub(crate) fn celebrate(&mut self, kind: CeremonyKind, seed: u64, on: Juice) {
        if !on.ceremony {
            return;
        }
        self.ceremony = Some(Ceremony::new(kind, seed));
        if !self.reduced_motion {
            self.menu.arrive_next_as(kind.arrival());
        }
    }

    /// Lets `dt` seconds pass.
    pub(crate) fn update(&mut self, dt: f32) {
        // A slow frame (the window opening, a busy machine) must not skip an
        // entrance: decoration steps at most a tenth of a second a frame. A
        // ball reaching the bricks still lands them at once (`react`).
        let dt = dt.min(MAX_STEP_SECONDS);
        self.drop.update(dt);
        self.backdrop.update(dt, self.reduced_motion);
        self.menu.update(dt);
        if let Some(c) = &mut self.ceremony {
            c.update(dt);
        }
        // A celebration is gone once its last spark fades; a defeat's dim holds
        // until the player leaves the results.
        if self
            .ceremony
            .as_ref()
            .is_some_and(|c| c.is_over() && c.dim() == 0.0)
        {
            self.ceremony = None;
        }
    }

    /// How the brick whose rectangle starts at `min` (arena units) is drawn.
    pub(crate) fn brick_pose(&self, min: Vec2, on: Juice) -> BrickPose {
        if on.entrances && !self.reduced_motion {
            self.drop.pose_at(min)
        } else {
            BrickPose::REST
        }
    }

    /// Notes the screen showing and returns how to draw the menu this frame.
    pub(crate) fn menu_pose(&mut self, screen: Screen, on: Juice) -> MenuPose {
        self.menu.show(screen, on.entrances && !self.reduced_motion);
        self.menu.pose()
    }

    /// The player leaves the results: a defeat's dim lifts.
    pub(crate) fn end_ceremony(&mut self) {
        self.ceremony = None;
    }

    /// Whether motion is reduced (Settings), as set for this frame.
    pub(crate) fn reduced_motion(&self) -> bool {
        self.reduced_motion
    }

    /// Whether fireworks may show (not under reduced motion).
    pub(crate) fn fireworks(&self) -> bool {
        !self.reduced_motion
    }
}

/// Draws what follows under `pose`: moved down by its shift (a share of the
/// window's height) and scaled about the window's centre. [`end_menu_pose`]
/// goes back to plain pixels.
pub(crate) fn begin_menu_pose(pose: MenuPose) {
    if pose == MenuPose::REST {
        return;
    }
    let (w, h) = (screen_width(), screen_height());
    let c = vec2(w, h) * 0.5;
    let shift = pose.shift * h;
    // A window point p shows at c + (p - c) * scale + (0, shift): the camera
    // shows the rectangle of points that land on the window.
    let s = pose.scale.max(0.01);
    let mut camera = Camera2D::from_display_rect(Rect::new(
        c.x - c.x / s,
        c.y - (c.y + shift) / s,
        w / s,
        h / s,
    ));
    // macroquad's display-rect camera has y up (for render targets); the
    // window's pixels have y down.
    camera.zoom.y = -camera.zoom.y;
    set_camera(&camera);
}

/// Back to drawing in plain window pixels.
pub(crate) fn end_menu_pose() {
    set_default_camera();
}
