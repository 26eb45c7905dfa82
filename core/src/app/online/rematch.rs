//! The next match on the same connection: both players press Rematch at a
//! match's end, and a new GGRS session starts over the same WebRTC socket.
//!
//! - **A match id.** Both sides count the matches played on a connection (the
//!   first is 0). A side asks for the next with [`Message::Rematch`] carrying
//!   the id it wants (the one just played's plus 1), and starts it once the
//!   other side has asked for the same id. Every GGRS packet carries its
//!   match's id in a first byte ([`MatchTagged`]): the old session's late
//!   packets, still on their way when the new one starts, are dropped unread
//!   instead of confusing the new session's frame counts. One byte is enough:
//!   a session's packets stop when it ends, so a packet 256 matches late
//!   cannot exist.
//! - **Sides swap.** The host plays the bottom paddle in match 0, the top in
//!   match 1, and so on ([`local_player`]): a level need not be symmetric (its
//!   bricks, barriers and capsules may favour one half), and the first serve
//!   belongs to a side, so alternating makes a series fair. Each player still
//!   sees their own paddle at the bottom of their screen (the view turns with
//!   the side), so the swap is felt only as the other half of the level.
//! - **A new seed.** The level and rules are the agreed offer's; the seed is the
//!   offer's mixed with the match id ([`match_seed`]), which both sides compute,
//!   so nothing more is sent and the next match is not the last one again.
//!
//! [`Message::Rematch`]: super::Message::Rematch

use std::cell::RefCell;
use std::rc::Rc;

use super::Datagrams;

/// A transport shared by the matches of one connection: each match's GGRS
/// socket holds a handle, and the next match takes another.
pub struct Shared<D>(Rc<RefCell<D>>);

impl<D> Shared<D> {
    /// `inner`, shareable.
    pub fn new(inner: D) -> Self {
        Self(Rc::new(RefCell::new(inner)))
    }
}

impl<D> Clone for Shared<D> {
    fn clone(&self) -> Self {
        Self(Rc::clone(&self.0))
    }
}

impl<A, D: Datagrams<A>> Datagrams<A> for Shared<D> {
    fn send(&mut self, packet: Vec<u8>, to: &A) {
        self.0.borrow_mut().send(packet, to);
    }

    fn receive(&mut self) -> Vec<(A, Vec<u8>)> {
        self.0.borrow_mut().receive()
    }
}

/// The packets of one match: each sent with the match's id in a first byte,
/// and only those with it received (the byte taken off).
pub struct MatchTagged<D> {
    inner: D,
    tag: u8,
}

impl<D> MatchTagged<D> {
    /// `inner`'s packets of match `match_id`.
    pub fn new(inner: D, match_id: u32) -> Self {
        Self {
            inner,
            tag: match_id.to_le_bytes()[0],
        }
    }
}

impl<A, D: Datagrams<A>> Datagrams<A> for MatchTagged<D> {
    fn send(&mut self, packet: Vec<u8>, to: &A) {
        let mut tagged = Vec::with_capacity(packet.len() + 1);
        tagged.push(self.tag);
        tagged.extend(packet);
        self.inner.send(tagged, to);
    }

    fn receive(&mut self) -> Vec<(A, Vec<u8>)> {
        let tag = self.tag;
        self.inner
            .receive()
            .into_iter()
            .filter_map(|(from, packet)| match packet.split_first() {
                Some((&t, rest)) if t == tag => Some((from, rest.to_vec())),
                _ => None,
            })
            .collect()
    }
}

/// The GGRS player (0 bottom, 1 top) this side plays in match `match_id`: the
/// host the bottom in even matches, the top in odd ones (see the module doc).
pub fn local_player(i_host: bool, match_id: u32) -> usize {
    usize::from(!i_host) ^ usize::from(match_id % 2 == 1)
}

/// The game's seed for match `match_id` of an offer seeded `seed`: the offer's
/// own for match 0, then a SplitMix64 step of the pair (both sides compute it).
pub fn match_seed(seed: u64, match_id: u32) -> u64 {
    if match_id == 0 {
        return seed;
    }
    let mut z = seed ^ u64::from(match_id).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Where agreeing on the next match stands, from this side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RematchTalk {
    /// This player asked for the next match.
    pub asked: bool,
    /// The other player asked for it.
    pub offered: bool,
}

impl RematchTalk {
    /// Both asked: the next match starts.
    pub fn agreed(self) -> bool {
        self.asked && self.offered
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Packets as a data channel hands them over, and those sent.
    #[derive(Default)]
    struct Wire(Vec<(u8, Vec<u8>)>, Vec<Vec<u8>>);

    impl Datagrams<u8> for Wire {
        fn send(&mut self, packet: Vec<u8>, _to: &u8) {
            self.1.push(packet);
        }

        fn receive(&mut self) -> Vec<(u8, Vec<u8>)> {
            std::mem::take(&mut self.0)
        }
    }

    #[test]
    fn match_tagged_drops_the_old_matchs_late_packets() {
        let wire = Shared::new(Wire::default());
        let mut old = MatchTagged::new(wire.clone(), 0);
        let mut new = MatchTagged::new(wire.clone(), 1);
        old.send(vec![7, 7], &1);
        new.send(vec![8], &1);
        let sent = std::mem::take(&mut wire.0.borrow_mut().1);
        assert_eq!(sent, vec![vec![0, 7, 7], vec![1, 8]]);
        // The old match's packets arrive late, around the new one's.
        wire.0.borrow_mut().0 = vec![(1, vec![0, 7, 7]), (1, vec![1, 8]), (1, vec![])];
        assert_eq!(new.receive(), vec![(1, vec![8])]);
    }

    #[test]
    fn sides_swap_each_match_and_seeds_differ() {
        assert_eq!((local_player(true, 0), local_player(false, 0)), (0, 1));
        assert_eq!((local_player(true, 1), local_player(false, 1)), (1, 0));
        assert_eq!(local_player(true, 2), 0);
        assert_eq!(match_seed(42, 0), 42, "the first match is the offer's");
        let seeds: Vec<u64> = (0..4).map(|k| match_seed(42, k)).collect();
        for (k, s) in seeds.iter().enumerate() {
            assert!(!seeds[..k].contains(s), "{seeds:?}");
        }
    }

    #[test]
    fn rematch_talk_needs_both() {
        let mut talk = RematchTalk {
            asked: true,
            offered: false,
        };
        assert!(!talk.agreed());
        talk.offered = true;
        assert!(talk.agreed());
    }
}
