//! What the player's hands did this frame, as plain data ([`Hands`]), and a side's
//! intent from it through the saved [`Bindings`]. The shell reads the keys, the
//! pointer and the pads into a `Hands` and reads nothing else: which key moves a
//! paddle, which pad drives which side and which set of keys is whose are decided
//! here, the same for every place a game runs.

use super::{combine, intent_from_keys, intent_from_pointer, pad_for_side};
use super::{Action, Bindings, HeldKeys, Key, KeySet, Pointer, MAX_PADS};
use crate::game::{Game, Intent};
use crate::level::Side;

/// One frame of the player's devices, read by the shell.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Hands {
    /// The bindable keys held down (by their names in [`super::KEY_NAMES`]).
    pub keys_down: Vec<Key>,
    /// The bindable keys pressed this frame (a serve is a press, not a hold).
    pub keys_pressed: Vec<Key>,
    /// The mouse or a finger in arena units, while it steers (`None` once a key
    /// took over).
    pub pointer: Option<Pointer>,
    /// The top player's finger in a two-player game on one phone (a finger in
    /// the top player's half of the screen: see `TouchSteer`).
    pub pointer_top: Option<Pointer>,
    /// Each pad slot's intent, in the screen's directions (see [`pad_for_side`]).
    pub pads: [Intent; MAX_PADS],
    /// The game is drawn turned half a turn (an online joiner's view): keys and
    /// pads say the screen's directions, so they are turned back to the arena's.
    pub turned: bool,
}

impl Hands {
    /// The keys of `set` as bound in `bindings`, by meaning.
    pub fn held_keys(&self, set: KeySet, bindings: &Bindings) -> HeldKeys {
        let down = |action| {
            bindings
                .keys(set, action)
                .any(|k| self.keys_down.contains(&k))
        };
        HeldKeys {
            left: down(Action::Left),
            right: down(Action::Right),
            up: down(Action::Up),
            down: down(Action::Down),
            fire: down(Action::Fire),
            serve: (bindings.keys(set, Action::Fire)).any(|k| self.keys_pressed.contains(&k)),
        }
    }

    /// A human player's intent (before the serve's gating): in two-player games
    /// the bottom player has the bottom set of keys and pad 0, the top player the
    /// top set and pad 1; alone, the one-player set, pad 0, the mouse or a finger.
    /// Keys first, then the pad, then the pointer.
    pub fn intent(
        &self,
        game: &Game,
        side: Side,
        two_players: bool,
        bindings: &Bindings,
    ) -> Intent {
        if game.player(side).is_none() {
            return Intent::IDLE;
        }
        let (set, pointer) = match (two_players, side) {
            (false, _) => (KeySet::Single, self.pointer),
            (true, Side::Bottom) => (KeySet::TwoBottom, self.pointer),
            (true, Side::Top) => (KeySet::TwoTop, self.pointer_top),
        };
        let pad = self.pads[pad_for_side(side, two_players)];
        let keys = combine(intent_from_keys(self.held_keys(set, bindings)), Some(pad));
        // The pointer needs no turning: the shell reads it through the view,
        // already in arena units.
        let keys = if self.turned {
            Intent {
                dx: -keys.dx,
                dy: -keys.dy,
                ..keys
            }
        } else {
            keys
        };
        combine(keys, pointer.map(intent_from_pointer))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Mode;
    use crate::level::Level;

    fn versus() -> Game {
        Game::new(&Level::parse("[bricks]\n111\n").unwrap(), Mode::Versus, 3)
    }

    #[test]
    fn hands_read_through_the_bindings_each_side_its_own_set_and_pad() {
        let game = versus();
        let mut bindings = Bindings::default();
        bindings.rebind(KeySet::Single, Action::Left, "J").unwrap();
        let hands = Hands {
            keys_down: vec!["J", "W"],
            keys_pressed: vec!["Space"],
            ..Hands::default()
        };
        let alone = hands.intent(&game, Side::Bottom, false, &bindings);
        assert_eq!((alone.dx, alone.dy, alone.serve), (-1, -1, true));
        // Two players: J is nobody's there; W and Space are the top player's.
        let bottom = hands.intent(&game, Side::Bottom, true, &bindings);
        let top = hands.intent(&game, Side::Top, true, &bindings);
        assert_eq!((bottom.dx, bottom.dy, bottom.serve), (0, 0, false));
        assert_eq!((top.dy, top.serve), (-1, true));
        // Pad 1 drives the top paddle in two-player games, pad 0 otherwise.
        let mut pads = Hands::default();
        pads.pads[1].dx = 1;
        assert_eq!(pads.intent(&game, Side::Top, true, &bindings).dx, 1);
        assert_eq!(pads.intent(&game, Side::Bottom, false, &bindings).dx, 0);
        // Turned half a turn, the screen's left is the arena's right.
        let turned = Hands {
            turned: true,
            ..hands
        };
        assert_eq!(turned.intent(&game, Side::Bottom, false, &bindings).dx, 1);
        // Two players on one phone: the top player's finger moves the top paddle only.
        let top_paddle = game.player(Side::Top).unwrap().paddle.0 as usize;
        let at = game.world().paddles()[top_paddle].position;
        let finger = Hands {
            pointer_top: Some(Pointer {
                position: at + glam::Vec2::new(200.0, 0.0),
                pressed: true,
                just_pressed: true,
            }),
            ..Hands::default()
        };
        let top = finger.intent(&game, Side::Top, true, &bindings);
        let wanted = crate::game::PointerTarget::at(at + glam::Vec2::new(200.0, 0.0));
        assert_eq!((top.target, top.serve), (Some(wanted), true));
        assert_eq!(
            finger.intent(&game, Side::Bottom, true, &bindings),
            Intent::IDLE
        );
        assert_eq!(
            finger.intent(&game, Side::Top, false, &bindings).target,
            None
        );
    }
}
