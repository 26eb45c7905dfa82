//! Agreeing on the match with the opponent once connected: hellos, the host's
//! offer, the joiner's answer. A state machine with no socket and no clock of its
//! own (the link feeds it messages and the time, and sends what it returns), so
//! every order of messages is a unit test.
//!
//! The transport is the reliable, ordered data channel, but the first messages
//! of a fresh connection are not guaranteed: a hello sent as the channel opens
//! can be lost or reach the other side after what followed it (CI saw an offer
//! arrive with no hello before it, issue 44). So nothing here depends on order:
//! - each side says hello again every [`HELLO_REPEAT_SECONDS`] until the match is
//!   agreed; a repeated hello with the same facts changes nothing;
//! - an offer heard before the roles are known is kept (read and checked as it
//!   comes) until a hello says who hosts;
//! - the host sends its offer again (at most once per [`HELLO_REPEAT_SECONDS`])
//!   when the joiner's hello comes again, since the joiner repeats it only while
//!   it has no offer; the joiner starts again on a new offer's head;
//! - the host is elected from both sides' facts ([`elect_host`]), so both compute
//!   the same; should both still believe they host (each hears the other's
//!   offer), the smaller peer id hosts on both sides, with no more messages.

use super::{MatchSetup, Message, OfferProgress, OfferReader};

/// Seconds the two sides may take to agree on the match once connected (hellos,
/// the offer, the answer: well under a second on any link that can play).
pub const AGREE_TIMEOUT_SECONDS: f64 = 6.0;

/// Seconds between a side's hellos until the match is agreed (a lost first hello
/// costs this much, not the match).
pub const HELLO_REPEAT_SECONDS: f64 = 0.5;

/// Who hosts, from the two hellos: the one player who chose to host, or, when both
/// or neither did, the smaller peer id. Both sides compute the same answer.
pub fn elect_host<T: Ord>(me: &T, me_hosting: bool, them: &T, them_hosting: bool) -> bool {
    if me_hosting != them_hosting {
        me_hosting
    } else {
        me < them
    }
}

/// Why agreeing failed, and what the opponent should hear (a refusal) if anything.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HandshakeFailure {
    /// The reason, for this player.
    pub why: String,
    /// The refusal to send the other side, if it should hear one.
    pub tell: Option<String>,
}

impl HandshakeFailure {
    /// A failure the opponent is told about, in the same words.
    pub fn tell(why: String) -> Self {
        Self {
            tell: Some(why.clone()),
            why,
        }
    }

    /// A failure with nothing to tell (the opponent left, refused, or cannot be reached).
    pub fn quiet(why: impl Into<String>) -> Self {
        Self {
            why: why.into(),
            tell: None,
        }
    }
}

/// The other side's offer, as far as it came.
#[derive(Debug, Clone, Default)]
enum Heard {
    /// No offer (or one this side, the host, set aside).
    #[default]
    Nothing,
    /// An offer being read.
    Reading(OfferReader),
    /// A whole offer, checked: played if this side joins.
    Whole(Box<MatchSetup>),
    /// A whole offer that cannot be played, and why.
    Unplayable(String),
}

/// Agreeing on the match with one opponent (see the module doc).
#[derive(Debug, Clone)]
pub struct Handshake<Id> {
    me: Id,
    them: Id,
    hosting: bool,
    /// What this side offers if it hosts.
    setup: MatchSetup,
    /// When the opponent connected (the link's clock).
    met_at: f64,
    last_hello: f64,
    /// This side's player's name, said in each hello.
    name: Option<String>,
    /// The opponent's hello: whether its player chose to host.
    their_hello: Option<bool>,
    /// The opponent's name, from its first hello that had one.
    their_name: Option<String>,
    i_host: Option<bool>,
    /// When this side (hosting) last sent its offer.
    offered_at: Option<f64>,
    offer: Heard,
    agreed: Option<MatchSetup>,
}

impl<Id: Ord> Handshake<Id> {
    /// Starts agreeing with `them`, connected at `now`; the hello to send comes
    /// back with it.
    pub fn new(me: Id, them: Id, hosting: bool, setup: MatchSetup, now: f64) -> (Self, Message) {
        Self::new_named(me, them, (hosting, None), setup, now)
    }

    /// As [`Handshake::new`], with this side's player's `name` (if any) in its
    /// hellos: `(hosting, name)`.
    pub fn new_named(
        me: Id,
        them: Id,
        (hosting, name): (bool, Option<String>),
        setup: MatchSetup,
        now: f64,
    ) -> (Self, Message) {
        let handshake = Self {
            me,
            them,
            hosting,
            setup,
            met_at: now,
            last_hello: now,
            name,
            their_hello: None,
            their_name: None,
            i_host: None,
            offered_at: None,
            offer: Heard::Nothing,
            agreed: None,
        };
        let hello = handshake.hello();
        (handshake, hello)
    }

    fn hello(&self) -> Message {
        Message::Hello {
            hosting: self.hosting,
            name: self.name.clone(),
        }
    }

    /// The opponent's name, once a hello brought one.
    pub fn their_name(&self) -> Option<&str> {
        self.their_name.as_deref()
    }

    /// Whether this side hosts, once the hellos said.
    pub fn i_host(&self) -> Option<bool> {
        self.i_host
    }

    /// The agreed match, once agreed.
    pub fn agreed(&self) -> Option<&MatchSetup> {
        self.agreed.as_ref()
    }

    /// The agreed match and whether this side hosts, once agreed.
    pub fn into_agreed(self) -> Option<(bool, MatchSetup)> {
        Some((self.i_host?, self.agreed?))
    }

    /// Time passing: the hello said again while not agreed, and the opponent
    /// given up on after [`AGREE_TIMEOUT_SECONDS`].
    pub fn tick(&mut self, now: f64) -> Result<Vec<Message>, HandshakeFailure> {
        if self.agreed.is_some() {
            return Ok(Vec::new());
        }
        if now - self.met_at > AGREE_TIMEOUT_SECONDS {
            return Err(HandshakeFailure::tell(self.silence()));
        }
        if now - self.last_hello >= HELLO_REPEAT_SECONDS {
            self.last_hello = now;
            return Ok(vec![self.hello()]);
        }
        Ok(Vec::new())
    }

    /// Why the opponent has not agreed, from how far the handshake came.
    fn silence(&self) -> String {
        let s = AGREE_TIMEOUT_SECONDS;
        match self.i_host {
            None => format!(
                "the other side connected but did not say hello within {s} s (not Arkanong, or another version)"
            ),
            Some(true) => format!("the other player did not answer the offer within {s} s"),
            Some(false) => format!("the host's offer did not arrive within {s} s"),
        }
    }

    /// A message from the opponent at `now`: what to send back, or why agreeing
    /// ends. After the match is agreed, nothing more is asked of the handshake.
    pub fn hear(&mut self, message: Message, now: f64) -> Result<Vec<Message>, HandshakeFailure> {
        if self.agreed.is_some() {
            return Ok(Vec::new());
        }
        match message {
            Message::Hello { hosting, name } => {
                // The first name heard stays: a peer cannot rename itself
                // mid-meeting to confuse what a watcher was told.
                if self.their_name.is_none() {
                    self.their_name = name;
                }
                self.hear_hello(hosting, now)
            }
            m @ (Message::Offer { .. } | Message::Part(_)) => {
                self.hear_offer(&m);
                self.settle()
            }
            Message::Accept if self.i_host == Some(true) && self.offered_at.is_some() => {
                self.agreed = Some(self.setup.clone());
                Ok(Vec::new())
            }
            Message::Refuse(why) if self.i_host == Some(true) => Err(HandshakeFailure::quiet(
                format!("the other player refused the level: {why}"),
            )),
            Message::Refuse(why) => Err(HandshakeFailure::quiet(format!(
                "the other side refused: {why}"
            ))),
            Message::Bye => Err(HandshakeFailure::quiet("Opponent left")),
            m @ (Message::Accept
            | Message::Rematch { .. }
            | Message::Watching { .. }
            | Message::Frames { .. }) => Err(HandshakeFailure::tell(format!(
                "unexpected message from the other side: {}",
                kind(&m)
            ))),
        }
    }

    fn hear_hello(&mut self, hosting: bool, now: f64) -> Result<Vec<Message>, HandshakeFailure> {
        match self.their_hello {
            Some(before) if before != hosting => {
                return Err(HandshakeFailure::tell(
                    "the other side said hello twice, once hosting and once not".to_owned(),
                ))
            }
            // The joiner says hello again only while it has no offer: send it again.
            Some(_) if self.i_host == Some(true) => {
                return Ok(self.offer_again(now));
            }
            Some(_) => return Ok(Vec::new()),
            None => self.their_hello = Some(hosting),
        }
        if self.i_host.is_none() {
            self.i_host = Some(elect_host(&self.me, self.hosting, &self.them, hosting));
        }
        if self.i_host == Some(true) && !matches!(self.offer, Heard::Nothing) {
            // The other side offered before we knew we host: it believes it hosts.
            self.both_host();
        }
        if self.i_host == Some(true) {
            return Ok(self.offer_again(now));
        }
        self.settle()
    }

    /// Our offer, unless it went out less than [`HELLO_REPEAT_SECONDS`] ago (a
    /// peer repeating hellos cannot make us send the level faster than that).
    fn offer_again(&mut self, now: f64) -> Vec<Message> {
        match self.offered_at {
            Some(at) if now - at < HELLO_REPEAT_SECONDS => Vec::new(),
            _ => {
                self.offered_at = Some(now);
                self.setup.offer()
            }
        }
    }

    /// Reads an offer's message: kept whatever the roles (an early offer waits
    /// for the hello), set aside only by a host that stays host.
    fn hear_offer(&mut self, message: &Message) {
        if self.i_host == Some(true) {
            self.both_host();
            if self.i_host == Some(true) {
                return;
            }
        }
        let mut reader = match (std::mem::take(&mut self.offer), message) {
            // A new head starts the offer again (the host sent it again).
            (_, Message::Offer { .. }) => OfferReader::default(),
            (Heard::Reading(reader), _) => reader,
            // A part with no head before it: its head was lost; the whole offer
            // comes again after our next hello.
            (Heard::Nothing, _) => return,
            // Parts after a whole offer belong to no offer: keep the one we have.
            (whole, _) => {
                self.offer = whole;
                return;
            }
        };
        self.offer = match reader.read(message) {
            OfferProgress::Pending => Heard::Reading(reader),
            OfferProgress::Ready(setup) => Heard::Whole(setup),
            OfferProgress::Refused(why) => Heard::Unplayable(why),
        };
    }

    /// Both sides believe they host (this one elected itself and hears an offer):
    /// the smaller peer id hosts, as the other side decides too on hearing ours.
    fn both_host(&mut self) {
        let i_host = self.me < self.them;
        self.i_host = Some(i_host);
        if i_host {
            self.offer = Heard::Nothing;
        }
    }

    /// The joiner, once it has the roles and a whole offer, answers it.
    fn settle(&mut self) -> Result<Vec<Message>, HandshakeFailure> {
        if self.i_host != Some(false) || self.agreed.is_some() {
            return Ok(Vec::new());
        }
        match &self.offer {
            Heard::Whole(setup) => {
                self.agreed = Some(setup.as_ref().clone());
                Ok(vec![Message::Accept])
            }
            Heard::Unplayable(why) => Err(HandshakeFailure {
                why: format!("the host's level cannot be played: {why}"),
                tell: Some(why.clone()),
            }),
            Heard::Nothing | Heard::Reading(_) => Ok(Vec::new()),
        }
    }
}

/// A message's name, for a reason (never its payload: a level's text).
fn kind(message: &Message) -> &'static str {
    match message {
        Message::Hello { .. } => "hello",
        Message::Offer { .. } => "offer",
        Message::Part(_) => "part of a level",
        Message::Accept => "accept",
        Message::Refuse(_) => "refusal",
        Message::Bye => "goodbye",
        Message::Rematch { .. } => "rematch",
        Message::Watching { .. } => "watching",
        Message::Frames { .. } => "frames",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Mode;
    use proptest::prelude::*;

    const LEVEL: &str = "[bricks]\n111\n";

    fn setup(seed: u64) -> MatchSetup {
        MatchSetup::new(LEVEL, seed, Mode::Versus).unwrap()
    }

    /// Side `a` has peer id 1 and offers seed 100; side `b` has id 9 and offers 900:
    /// with neither hosting, `a` is elected (the smaller id).
    fn pair(a_hosting: bool, b_hosting: bool) -> (Handshake<u8>, Message, Handshake<u8>, Message) {
        let (a, hello_a) = Handshake::new(1, 9, a_hosting, setup(100), 0.0);
        let (b, hello_b) = Handshake::new(9, 1, b_hosting, setup(900), 0.0);
        (a, hello_a, b, hello_b)
    }

    /// Hears each message in turn, gathering what the side sends back.
    fn hear_all(side: &mut Handshake<u8>, messages: Vec<Message>, now: f64) -> Vec<Message> {
        let mut out = Vec::new();
        for m in messages {
            out.extend(side.hear(m, now).unwrap());
        }
        out
    }

    fn offer_of(seed: u64) -> Vec<Message> {
        setup(seed).offer()
    }

    #[test]
    fn elect_host_prefers_the_one_who_chose_then_the_smaller_id() {
        assert!(elect_host(&9, true, &1, false));
        assert!(!elect_host(&1, false, &9, true));
        for both in [false, true] {
            assert!(elect_host(&1, both, &9, both));
            assert!(!elect_host(&9, both, &1, both));
        }
    }

    #[test]
    fn hellos_then_the_offer_agree_in_the_usual_order() {
        let (mut a, hello_a, mut b, hello_b) = pair(false, false);
        let offer = a.hear(hello_b, 0.1).unwrap();
        assert_eq!(offer, offer_of(100), "the smaller id hosts and offers");
        assert_eq!(b.hear(hello_a, 0.1).unwrap(), vec![]);
        assert_eq!(hear_all(&mut b, offer, 0.2), vec![Message::Accept]);
        assert_eq!(a.hear(Message::Accept, 0.3).unwrap(), vec![]);
        assert_eq!(a.into_agreed(), Some((true, setup(100))));
        assert_eq!(b.into_agreed(), Some((false, setup(100))));
    }

    #[test]
    fn each_side_learns_the_others_name_from_its_hello_and_keeps_the_first() {
        let (mut a, hello_a) =
            Handshake::new_named(1u8, 9, (true, Some("Ann".into())), setup(1), 0.0);
        let (mut b, hello_b) = Handshake::new_named(9u8, 1, (false, None), setup(9), 0.0);
        assert_eq!((a.their_name(), b.their_name()), (None, None));
        let offer = a.hear(hello_b, 0.1).unwrap();
        b.hear(hello_a, 0.1).unwrap();
        assert_eq!(b.their_name(), Some("Ann"));
        assert_eq!(a.their_name(), None, "a player who gave no name has none");
        // A later hello cannot rename the player the watchers were told of.
        let renamed = Message::Hello {
            hosting: true,
            name: Some("Eve".into()),
        };
        b.hear(renamed, 0.2).unwrap();
        assert_eq!(b.their_name(), Some("Ann"));
        assert_eq!(hear_all(&mut b, offer, 0.3), vec![Message::Accept]);
    }

    #[test]
    fn offer_before_hello_is_kept_until_the_host_is_known() {
        let (mut a, hello_a, mut b, hello_b) = pair(false, false);
        let offer = a.hear(hello_b, 0.1).unwrap();
        // The host's hello comes after its offer (or was lost and comes again).
        assert_eq!(hear_all(&mut b, offer, 0.2), vec![], "no roles yet: kept");
        assert_eq!(b.i_host(), None);
        assert_eq!(b.hear(hello_a, 0.3).unwrap(), vec![Message::Accept]);
        assert_eq!(b.into_agreed(), Some((false, setup(100))));
    }

    #[test]
    fn a_lost_hello_from_the_host_is_said_again_and_the_match_agreed() {
        let (mut a, _lost, mut b, hello_b) = pair(false, false);
        let offer = a.hear(hello_b.clone(), 0.1).unwrap();
        assert_eq!(hear_all(&mut b, offer, 0.2), vec![]);
        // Each side says hello again half a second on.
        assert_eq!(b.tick(0.5).unwrap(), vec![hello_b.clone()]);
        let again = a.tick(0.5).unwrap();
        assert_eq!(
            again,
            vec![Message::Hello {
                hosting: false,
                name: None
            }]
        );
        // The joiner's repeat asks the host for its offer again (it may be lost too).
        assert_eq!(a.hear(hello_b, 0.6).unwrap(), offer_of(100));
        assert_eq!(hear_all(&mut b, again, 0.6), vec![Message::Accept]);
        assert_eq!(a.hear(Message::Accept, 0.7).unwrap(), vec![]);
        assert!(a.agreed().is_some() && b.agreed().is_some());
        assert_eq!(a.tick(5.0).unwrap(), vec![], "no hellos once agreed");
    }

    #[test]
    fn a_lost_hello_from_the_joiner_is_said_again_and_the_host_offers() {
        let (mut a, hello_a, mut b, _lost) = pair(false, false);
        assert_eq!(b.hear(hello_a, 0.1).unwrap(), vec![]);
        assert_eq!(b.i_host(), Some(false));
        assert_eq!(a.tick(0.4).unwrap(), vec![], "not yet time to repeat");
        let again = b.tick(0.5).unwrap();
        let offer = hear_all(&mut a, again, 0.6);
        assert_eq!(offer, offer_of(100));
        assert_eq!(hear_all(&mut b, offer, 0.7), vec![Message::Accept]);
    }

    #[test]
    fn duplicate_hellos_and_offers_change_nothing() {
        let (mut a, hello_a, mut b, hello_b) = pair(true, false);
        let offer = a.hear(hello_b.clone(), 0.1).unwrap();
        assert_eq!(b.hear(hello_a.clone(), 0.1).unwrap(), vec![]);
        assert_eq!(
            b.hear(hello_a, 0.15).unwrap(),
            vec![],
            "a joiner ignores a repeat"
        );
        assert_eq!(
            a.hear(hello_b, 0.2).unwrap(),
            vec![],
            "the offer went out 0.1 s ago"
        );
        let twice: Vec<Message> = offer.iter().chain(&offer).cloned().collect();
        assert_eq!(hear_all(&mut b, twice, 0.3), vec![Message::Accept]);
        assert_eq!(b.into_agreed(), Some((false, setup(100))));
    }

    #[test]
    fn both_sides_believing_they_host_settle_on_the_smaller_id() {
        // Each side elects itself: `a` hears a hello that is not `b`'s own (say, one
        // sent before its player pressed Host), `b` chose to host.
        let (mut a, hello_a, mut b, _) = pair(false, true);
        let offer_a = a
            .hear(
                Message::Hello {
                    hosting: false,
                    name: None,
                },
                0.1,
            )
            .unwrap();
        let offer_b = b.hear(hello_a, 0.1).unwrap();
        assert_eq!((a.i_host(), b.i_host()), (Some(true), Some(true)));
        // Each hears the other's offer: both settle on `a` (id 1), with no more talk.
        assert_eq!(hear_all(&mut a, offer_b, 0.2), vec![]);
        assert_eq!(hear_all(&mut b, offer_a, 0.2), vec![Message::Accept]);
        assert_eq!(a.hear(Message::Accept, 0.3).unwrap(), vec![]);
        assert_eq!(a.into_agreed(), Some((true, setup(100))));
        assert_eq!(b.into_agreed(), Some((false, setup(100))));
    }

    #[test]
    fn an_offer_heard_before_electing_itself_host_gives_way_to_the_smaller_id() {
        // `b` (id 9) chose to host and hears `a`'s offer before `a`'s hello: when the
        // hello elects `b`, the two offers clash and the smaller id, `a`, hosts.
        let (mut a, hello_a, mut b, _) = pair(false, true);
        let offer_a = a
            .hear(
                Message::Hello {
                    hosting: false,
                    name: None,
                },
                0.1,
            )
            .unwrap();
        assert_eq!(hear_all(&mut b, offer_a, 0.2), vec![]);
        assert_eq!(b.hear(hello_a, 0.3).unwrap(), vec![Message::Accept]);
        assert_eq!(b.into_agreed(), Some((false, setup(100))));
    }

    #[test]
    fn a_hello_that_changes_its_mind_is_refused() {
        let (mut a, _, _, _) = pair(false, false);
        let hello = |hosting| Message::Hello {
            hosting,
            name: None,
        };
        a.hear(hello(false), 0.1).unwrap();
        let failure = a.hear(hello(true), 0.2).unwrap_err();
        assert!(failure.why.contains("said hello twice"), "{failure:?}");
        assert!(failure.tell.is_some());
    }

    #[test]
    fn an_unplayable_early_offer_is_refused_once_the_roles_are_known() {
        let (_, hello_a, mut b, _) = pair(false, false);
        let broken = vec![
            Message::Offer {
                seed: 1,
                mode: Mode::Versus,
                level_bytes: 14,
                hitstop: false,
            },
            Message::Part(b"[bricks]\n1x1\n\n".to_vec()),
        ];
        assert_eq!(hear_all(&mut b, broken, 0.1), vec![]);
        let failure = b.hear(hello_a, 0.2).unwrap_err();
        assert!(
            failure.why.starts_with("the host's level cannot be played"),
            "{failure:?}"
        );
        assert!(failure.tell.is_some(), "the host hears why");
    }

    #[test]
    fn parts_without_their_head_wait_for_the_offer_again() {
        let (_, hello_a, mut b, _) = pair(false, false);
        let offer = offer_of(100);
        assert_eq!(hear_all(&mut b, offer[1..].to_vec(), 0.1), vec![]);
        assert_eq!(b.hear(hello_a, 0.2).unwrap(), vec![], "no offer yet");
        assert_eq!(hear_all(&mut b, offer, 0.6), vec![Message::Accept]);
    }

    #[test]
    fn a_peer_repeating_hellos_gets_the_offer_at_most_twice_a_second() {
        let (mut a, _, _, hello_b) = pair(false, false);
        let mut offers = 0;
        for i in 0..100 {
            let sent = a.hear(hello_b.clone(), f64::from(i) * 0.02).unwrap();
            offers += sent
                .iter()
                .filter(|m| matches!(m, Message::Offer { .. }))
                .count();
        }
        // 2 s of hellos every 20 ms: the first offer and one each half second.
        assert_eq!(offers, 4);
    }

    #[test]
    fn silence_past_the_agree_timeout_fails_with_how_far_it_came() {
        let (mut a, _, _, _) = pair(false, false);
        let why = a.tick(AGREE_TIMEOUT_SECONDS + 0.1).unwrap_err().why;
        assert!(why.contains("did not say hello"), "{why}");
        let (mut a, _, _, hello_b) = pair(false, false);
        a.hear(hello_b, 0.1).unwrap();
        let why = a.tick(AGREE_TIMEOUT_SECONDS + 0.1).unwrap_err().why;
        assert!(why.contains("did not answer the offer"), "{why}");
    }

    #[test]
    fn accept_or_rematch_out_of_turn_is_unexpected() {
        let (mut a, _, mut b, _) = pair(false, false);
        let why = a.hear(Message::Accept, 0.1).unwrap_err().why;
        assert_eq!(why, "unexpected message from the other side: accept");
        let why = b
            .hear(Message::Rematch { match_id: 1 }, 0.1)
            .unwrap_err()
            .why;
        assert_eq!(why, "unexpected message from the other side: rematch");
        let why = a.hear(Message::Bye, 0.1).unwrap_err().why;
        assert_eq!(why, "Opponent left");
    }

    /// One direction of the data channel: messages in flight in order, the first
    /// `lose` of them lost (a channel that was not open yet), each delivered
    /// `delay` seconds after it was sent.
    struct Way {
        queue: std::collections::VecDeque<(f64, Message)>,
        lose: usize,
        delay: f64,
    }

    impl Way {
        fn send(&mut self, now: f64, messages: Vec<Message>) {
            for m in messages {
                if self.lose > 0 {
                    self.lose -= 1;
                } else {
                    self.queue.push_back((now + self.delay, m));
                }
            }
        }

        fn due(&mut self, now: f64) -> Option<Message> {
            match self.queue.front() {
                Some((at, _)) if *at <= now => self.queue.pop_front().map(|(_, m)| m),
                _ => None,
            }
        }
    }

    proptest! {
        /// Any hosting choices, any first messages lost on either side, any
        /// delays each way, and any order of hearing and ticking between the two
        /// sides: both agree, well within the timeout, on one match with one host.
        #[test]
        fn any_order_the_channel_allows_ends_in_one_agreed_match(
            a_hosting: bool,
            b_hosting: bool,
            lose_a in 0usize..3,
            lose_b in 0usize..3,
            delay_a in 0.0f64..0.4,
            delay_b in 0.0f64..0.4,
            start_b in 0.0f64..0.3,
            turns in proptest::collection::vec(0u8..3, 400),
        ) {
            let (mut a, hello_a) = Handshake::new(1u8, 9, a_hosting, setup(100), 0.0);
            let (mut b, hello_b) = Handshake::new(9u8, 1, b_hosting, setup(900), start_b);
            let mut to_b = Way { queue: Default::default(), lose: lose_a, delay: delay_a };
            let mut to_a = Way { queue: Default::default(), lose: lose_b, delay: delay_b };
            to_b.send(0.0, vec![hello_a]);
            to_a.send(start_b, vec![hello_b]);
            let mut now = start_b;
            for turn in turns {
                now += 0.01;
                match turn {
                    0 => if let Some(m) = to_a.due(now) {
                        to_b.send(now, a.hear(m, now).unwrap());
                    },
                    1 => if let Some(m) = to_b.due(now) {
                        to_a.send(now, b.hear(m, now).unwrap());
                    },
                    _ => {
                        to_b.send(now, a.tick(now).unwrap());
                        to_a.send(now, b.tick(now).unwrap());
                    }
                }
            }
            // Whatever is still in flight is heard (the channel is reliable once open).
            for _ in 0..200 {
                now += 0.01;
                while let Some(m) = to_a.due(now) {
                    to_b.send(now, a.hear(m, now).unwrap());
                }
                while let Some(m) = to_b.due(now) {
                    to_a.send(now, b.hear(m, now).unwrap());
                }
                to_b.send(now, a.tick(now).unwrap());
                to_a.send(now, b.tick(now).unwrap());
            }
            let (a_host, a_setup) = a.into_agreed().expect("a agreed");
            let (b_host, b_setup) = b.into_agreed().expect("b agreed");
            prop_assert_ne!(a_host, b_host, "one host");
            prop_assert_eq!(&a_setup, &b_setup);
            prop_assert_eq!(a_setup.seed, if a_host { 100 } else { 900 });
        }
    }
}
