//! A frame's game events answered, the same way wherever the game runs (the
//! player's game, the attract game, test-play, the online match): the play
//! driver says what they feed (`arkanong_core::app::play::Played`), this plays it.

use arkanong_core::app::play::{Played, Session};

use super::Effects;
use crate::shell::sound::SoundPlayer;

/// Plays `played`'s events of `session`'s game: their sounds when they are
/// heard, their sparks, shards and shake when they are shown, under the motion
/// setting the driver passed on.
pub(crate) fn answer(
    played: &Played,
    session: &Session,
    effects: &mut Effects,
    sound: &mut SoundPlayer,
) {
    if played.sound {
        sound.play_events(&played.events, session.play_mode);
    }
    if played.effects {
        effects.react(&played.events, &session.game, played.reduced_motion);
        // The attract game is silent: its conversions do not spend the calls
        // that teach a newcomer the rule.
        if played.sound {
            effects.call_conversions(&played.events, &session.game);
        }
    }
}
