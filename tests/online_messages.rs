//! What the other side sends is input, like any file: the handshake's message
//! reader, the offer's reassembly and GGRS's packet decoder take random and
//! mutated bytes and oversized levels without panicking, and refuse what they
//! should.

#![cfg(feature = "online")]

use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;

use arkanong_core::app::online::{
    decode_packet, encode_packet, Datagrams, GgrsSocket, Impairment, MatchSetup, Message,
    OfferProgress, OfferReader, OnlineConfig, Rollback, MAX_PACKET_BYTES, PART_BYTES,
};
use arkanong_core::game::Mode;
use arkanong_core::level::{shipped_levels, MAX_FILE_BYTES};
use proptest::prelude::*;

fn valid_messages() -> Vec<Vec<u8>> {
    let setup = MatchSetup::new(shipped_levels()[2].text, 77, Mode::Versus).unwrap();
    let mut all: Vec<Message> = setup.offer();
    all.extend([
        Message::Hello {
            hosting: true,
            name: None,
        },
        Message::Hello {
            hosting: false,
            name: Some("Zoë".into()),
        },
        Message::Watching {
            match_id: 2,
            names: Some(["Ann".into(), String::new()]),
        },
        Message::Accept,
        Message::Refuse("the level does not load".into()),
        Message::Bye,
    ]);
    all.iter().map(Message::encode).collect()
}

/// A decoded message must encode back to the same bytes: the reader accepts one
/// spelling of each message and nothing around it. The one exception is the
/// offer's flags byte (sent only when not 0, so a 0 byte read in is not written
/// back): there everything before it must match, and the message must read back the same.
fn check_decode(bytes: &[u8]) -> Result<(), TestCaseError> {
    if let Ok(m) = Message::decode(bytes) {
        let again = m.encode();
        if matches!(m, Message::Offer { .. }) {
            prop_assert_eq!(&again[..18], &bytes[..18]);
            prop_assert_eq!(Message::decode(&again), Ok(m));
        } else {
            prop_assert_eq!(again, bytes.to_vec());
        }
    }
    Ok(())
}

#[derive(Debug, Clone)]
enum Mutation {
    Flip(usize, u8),
    Cut(usize),
    Insert(usize, u8),
}

fn mutate(mut bytes: Vec<u8>, mutations: &[Mutation]) -> Vec<u8> {
    for m in mutations {
        let n = bytes.len().max(1);
        match *m {
            Mutation::Flip(at, bits) => {
                if let Some(b) = bytes.get_mut(at % n) {
                    *b ^= bits;
                }
            }
            Mutation::Cut(at) => bytes.truncate(at % n),
            Mutation::Insert(at, b) => bytes.insert(at % (bytes.len() + 1), b),
        }
    }
    bytes
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<usize>(), 1..=255u8).prop_map(|(a, b)| Mutation::Flip(a, b)),
        any::<usize>().prop_map(Mutation::Cut),
        (any::<usize>(), any::<u8>()).prop_map(|(a, b)| Mutation::Insert(a, b)),
    ]
}

proptest! {
    #[test]
    fn message_reader_takes_random_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..64)) {
        check_decode(&bytes)?;
        let mut with_magic = b"ARK\x02".to_vec();
        with_magic.extend(&bytes);
        check_decode(&with_magic)?;
        prop_assert!(decode_packet(&bytes).is_none() || bytes.len() as u64 <= MAX_PACKET_BYTES);
    }

    #[test]
    fn message_reader_takes_mutated_messages(
        which in any::<usize>(),
        mutations in proptest::collection::vec(mutation(), 1..4),
    ) {
        let all = valid_messages();
        let bytes = mutate(all[which % all.len()].clone(), &mutations);
        check_decode(&bytes)?;
    }

    #[test]
    fn offer_reader_takes_any_sequence_of_messages(
        picks in proptest::collection::vec((any::<usize>(), proptest::collection::vec(mutation(), 0..3)), 1..12),
    ) {
        let all = valid_messages();
        let mut reader = OfferReader::default();
        for (which, mutations) in picks {
            let bytes = mutate(all[which % all.len()].clone(), &mutations);
            if let Ok(m) = Message::decode(&bytes) {
                match reader.read(&m) {
                    OfferProgress::Pending => {}
                    OfferProgress::Ready(setup) => {
                        prop_assert!(setup.level_text.len() <= MAX_FILE_BYTES);
                        break;
                    }
                    OfferProgress::Refused(why) => {
                        prop_assert!(!why.is_empty());
                        break;
                    }
                }
            }
        }
    }
}

#[test]
fn oversized_levels_are_refused_before_and_after_they_arrive() {
    let big = format!("{}[bricks]\n1\n", "#".repeat(MAX_FILE_BYTES));
    let err = MatchSetup::new(&big, 1, Mode::Versus).unwrap_err();
    assert!(err.contains("at most 1048576"), "{err}");
    let mut reader = OfferReader::default();
    let head = Message::Offer {
        seed: 1,
        mode: Mode::Versus,
        level_bytes: u32::MAX,
        hitstop: false,
    };
    assert!(matches!(reader.read(&head), OfferProgress::Refused(_)));
    // A host that announces the most allowed and sends more is refused at the
    // part that overflows, having held no more than it announced.
    let mut reader = OfferReader::default();
    let head = Message::Offer {
        seed: 1,
        mode: Mode::Versus,
        level_bytes: u32::try_from(MAX_FILE_BYTES).unwrap(),
        hitstop: true,
    };
    assert_eq!(reader.read(&head), OfferProgress::Pending);
    let part = Message::Part(vec![b'#'; PART_BYTES]);
    let mut refused = None;
    for k in 0..=MAX_FILE_BYTES / PART_BYTES {
        match reader.read(&part) {
            OfferProgress::Pending => {}
            other => {
                refused = Some((k, other));
                break;
            }
        }
    }
    let (k, progress) = refused.expect("the reader stops");
    assert_eq!(
        k,
        MAX_FILE_BYTES / PART_BYTES - 1,
        "the last part completes it"
    );
    assert!(
        matches!(&progress, OfferProgress::Refused(why) if why.contains("does not load")),
        "{progress:?}"
    );
    assert!(matches!(reader.read(&part), OfferProgress::Refused(_)));
}

/// Packets waiting in one direction, with their senders.
type Queue = Rc<RefCell<VecDeque<(u8, Vec<u8>)>>>;

/// Two ends of an in-memory datagram link, to catch real GGRS packets.
#[derive(Clone, Default)]
struct Pipe {
    inbox: Queue,
    outbox: Queue,
    me: u8,
    seen: Rc<RefCell<Vec<Vec<u8>>>>,
    /// When set, this end garbles about one packet in four it sends (one
    /// byte flipped), as a broken or hostile peer would.
    garble: Option<Rc<RefCell<u64>>>,
}

impl Datagrams<u8> for Pipe {
    fn send(&mut self, mut packet: Vec<u8>, _to: &u8) {
        if let Some(state) = &self.garble {
            let mut x = state.borrow_mut();
            // xorshift64: a fixed sequence of garbling.
            *x ^= *x << 13;
            *x ^= *x >> 7;
            *x ^= *x << 17;
            if *x % 4 == 0 && !packet.is_empty() {
                let at = (*x >> 8) as usize % packet.len();
                packet[at] ^= 1 << ((*x >> 40) % 8);
            }
        }
        self.seen.borrow_mut().push(packet.clone());
        self.outbox.borrow_mut().push_back((self.me, packet));
    }
    fn receive(&mut self) -> Vec<(u8, Vec<u8>)> {
        self.inbox.borrow_mut().drain(..).collect()
    }
}

fn no_clock() -> f64 {
    0.0
}

/// Real GGRS packets from two sessions synchronizing and playing a few frames;
/// with `garble`, the second session's packets arrive garbled now and then.
fn ggrs_packets(garble: Option<u64>) -> Vec<Vec<u8>> {
    let a_to_b = Rc::new(RefCell::new(VecDeque::new()));
    let b_to_a = Rc::new(RefCell::new(VecDeque::new()));
    let seen = Rc::new(RefCell::new(Vec::new()));
    let ends = [
        Pipe {
            inbox: b_to_a.clone(),
            outbox: a_to_b.clone(),
            me: 0,
            seen: seen.clone(),
            garble: None,
        },
        Pipe {
            inbox: a_to_b,
            outbox: b_to_a,
            me: 1,
            seen: seen.clone(),
            garble: garble.map(|seed| Rc::new(RefCell::new(seed | 1))),
        },
    ];
    let mut sessions: Vec<_> = ends
        .into_iter()
        .enumerate()
        .map(|(k, pipe)| {
            ggrs::SessionBuilder::<OnlineConfig<u8>>::new()
                .with_num_players(2)
                .and_then(|b| b.add_player(ggrs::PlayerType::Local, k))
                .and_then(|b| b.add_player(ggrs::PlayerType::Remote(1 - k as u8), 1 - k))
                .and_then(|b| {
                    b.start_p2p_session(GgrsSocket::new(
                        pipe,
                        Impairment::default(),
                        1,
                        Box::new(no_clock),
                    ))
                })
                .unwrap()
        })
        .collect();
    let level = arkanong_core::level::Level::parse(shipped_levels()[0].text).unwrap();
    let mut games: Vec<_> = (0..2)
        .map(|_| Rollback::new(arkanong_core::game::Game::new(&level, Mode::Versus, 3)))
        .collect();
    for _ in 0..400 {
        for (s, game) in sessions.iter_mut().zip(&mut games) {
            s.poll_remote_clients();
            if s.current_state() == ggrs::SessionState::Running {
                let local = s.local_player_handles()[0];
                s.add_local_input(local, 0b01_0110).unwrap();
                if let Ok(requests) = s.advance_frame() {
                    game.handle(requests);
                }
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    let packets = seen.borrow().clone();
    packets
}

#[test]
fn ggrs_packets_round_trip_and_their_mutations_never_panic() {
    let packets = ggrs_packets(None);
    assert!(packets.len() > 100, "{} packets", packets.len());
    for p in &packets {
        assert!(p.len() as u64 <= MAX_PACKET_BYTES);
        let m = decode_packet(p).expect("our own packets decode");
        assert_eq!(&encode_packet(&m), p);
    }
    let mut runner = proptest::test_runner::TestRunner::default();
    let strategy = (any::<usize>(), proptest::collection::vec(mutation(), 1..4));
    runner
        .run(&strategy, |(which, mutations)| {
            let bytes = mutate(packets[which % packets.len()].clone(), &mutations);
            let _ = decode_packet(&bytes);
            Ok(())
        })
        .unwrap();
    assert!(decode_packet(&vec![0; MAX_PACKET_BYTES as usize + 1]).is_none());
}

#[test]
fn a_peer_that_garbles_its_packets_does_not_crash_ours() {
    // Garbled packets that still decode reach GGRS with wrong frames, acks or
    // inputs; the session must carry on (or give up on that peer), not panic.
    for seed in 1..=8u64 {
        let packets = ggrs_packets(Some(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15)));
        assert!(packets.len() > 20, "seed {seed}: {} packets", packets.len());
    }
}
