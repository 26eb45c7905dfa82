//! Game feel, headless: every juice effect's model and its switch (Settings >
//! Juice): squash and stretch, hit-stop, glints, muzzle flashes, paddle recoil, power-up
//! timer bars, trails, score pop-ups, the reactive backdrop, ceremonies and entrances;
//! and what keeps the field readable: the catch call (a caught power-up named at
//! the paddle), impacts with weight (what a brick, a conversion, a goal, a
//! round and a match each do to the screen), capsule tags (what a falling capsule does), the conversion call
//! (the first conversions called out), the conversion marks (a halo riding on a
//! converted ball, and each side's count) and the palette (every colour a test checks, as plain values).
//! The shell draws them (`shell/play/`, one file per thing on screen).

mod backdrop;
mod capsule_tag;
mod catch_call;
mod ceremony;
mod conversion_call;
mod conversion_mark;
mod entrance;
mod glint;
mod hitstop;
mod impact;
mod juice;
mod light;
mod muzzle;
mod palette;
mod popups;
mod recoil;
mod squash;
mod struck_edges;
mod timer_bars;
mod trails;

pub use backdrop::{Backdrop, Pulse, MAX_GLOW, PULSE_SECONDS};
pub use capsule_tag::capsule_tag;
pub use catch_call::{call_text, CallShown, CatchCall, CATCH_CALL_RISE, CATCH_CALL_SECONDS};
pub use ceremony::{Ceremony, CeremonyKind, Confetto, Tint, CEREMONY_SECONDS};
pub use conversion_call::{
    ConversionCall, ConversionShown, CONVERSION_CALLS, CONVERSION_CALL_PUNCH,
    CONVERSION_CALL_PUNCH_SECONDS, CONVERSION_CALL_SECONDS, CONVERSION_LINE, CONVERSION_TITLE,
};
pub use conversion_mark::{ConversionMarks, MarkShown, MARK_FULL_SECONDS, MARK_SECONDS};
pub use entrance::{
    ease_out_bounce, Arrival, BrickDrop, BrickPose, DROP_IN_SECONDS, DROP_SECONDS,
    MENU_SLIDE_SECONDS, PUNCH_SECONDS,
};
pub use glint::{
    glint_band, Glint, GLINT_PERIOD, GLINT_RIPPLE, GLINT_SLANT, GLINT_SWEEP, GLINT_WIDTH,
};
pub use hitstop::{
    pause_for, HitStop, Moment, HITSTOP_CONVERSION, HITSTOP_GAP, HITSTOP_GOAL, HITSTOP_LAST_BRICK,
    HITSTOP_MAX_BALLS,
};
pub use impact::{impacts, Impact, Punch, Weight, WEIGHTS};
pub use juice::{Effect, Juice, EFFECTS};
pub use light::{light_shown, BALL_LIGHT_RADII, LIGHT_MAP_SHARE, LIGHT_MAX_BALLS, LIGHT_STRENGTH};
pub use muzzle::{Muzzle, MUZZLE_SECONDS};
pub use palette::{
    brick_rgba, brick_shaded_rgba, capsule_rgba, contrast_ratio, digit_ink, ink_on, outline_for,
    relative_luminance, side_rgba, Rgba, ARENA_FLOOR, BRICK_SHADE, INK_DARK, INK_LIGHT, STEEL_GREY,
};
pub use popups::{clear_of, Rallies, ScorePop};
pub use recoil::{PaddlePose, Recoil, RECOIL_PUSH, RECOIL_SECONDS, RECOIL_SQUASH};
pub use squash::{
    stretch, BallSquash, Squashes, SQUASH_MAX, SQUASH_PER_SPEED, SQUASH_SECONDS, STRETCH_MAX,
    STRETCH_PER_SPEED,
};
pub use struck_edges::{StruckEdges, STRUCK_MAX, STRUCK_REACH, STRUCK_SECONDS};
pub use timer_bars::{
    time_fraction, timer_bars, TimerBar, BAR_CLEARANCE, BAR_GAP, BAR_GAP_MIN_PX, BAR_MIN_PX,
    BAR_THICKNESS, BAR_WARNING_SECONDS,
};
pub use trails::{Trail, Trails, TRAIL_LEN};

/// A conversion event, for the tests of the models that answer one.
#[cfg(test)]
fn converted(id: u32, to: crate::level::Side) -> crate::game::GameEvent {
    crate::game::GameEvent::BallConverted {
        ball: crate::physics::BallId(id),
        to,
    }
}
