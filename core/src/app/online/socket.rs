//! GGRS's socket: its messages as bytes on an unreliable, unordered data channel,
//! read with a size limit and dropped (never a panic) when they do not decode, and
//! this side's outgoing packets passed through the `--sim-*` [`DelayLine`], and
//! when the other side was last heard ([`Hearing`]), on the socket's clock.

use std::cell::Cell;
use std::hash::Hash;
use std::rc::Rc;

use bincode::Options;

use super::{Blackout, DelayLine, Impairment};

/// The largest GGRS packet we read: its input messages carry a few bytes per
/// unacknowledged frame, so a few hundred bytes is usual and 4 KiB is plenty.
pub const MAX_PACKET_BYTES: u64 = 4096;

/// A transport of datagrams between peers named `A` (matchbox's data channel
/// online; an in-memory pair in tests).
pub trait Datagrams<A> {
    /// Sends one packet to `to`; it may be lost or overtaken.
    fn send(&mut self, packet: Vec<u8>, to: &A);
    /// Every packet received since the last call, with its sender.
    fn receive(&mut self) -> Vec<(A, Vec<u8>)>;
}

/// The datagrams of one peer, the opponent: another peer's packets are dropped
/// unread (never decoded), and nothing is sent to anyone else.
pub struct FromPeer<D, A> {
    inner: D,
    peer: A,
}

impl<D, A> FromPeer<D, A> {
    /// `inner`'s traffic with `peer` alone.
    pub fn new(inner: D, peer: A) -> Self {
        Self { inner, peer }
    }
}

impl<D: Datagrams<A>, A: PartialEq> Datagrams<A> for FromPeer<D, A> {
    fn send(&mut self, packet: Vec<u8>, to: &A) {
        if *to == self.peer {
            self.inner.send(packet, to);
        }
    }

    fn receive(&mut self) -> Vec<(A, Vec<u8>)> {
        let mut packets = self.inner.receive();
        packets.retain(|(from, _)| *from == self.peer);
        packets
    }
}

fn codec() -> impl Options {
    bincode::DefaultOptions::new().with_limit(MAX_PACKET_BYTES)
}

/// A GGRS message as bytes.
pub fn encode_packet(message: &ggrs::Message) -> Vec<u8> {
    // Serialising GGRS's own message types cannot fail; an empty packet (which
    // the other side drops) stands in for the impossible.
    codec().serialize(message).unwrap_or_default()
}

/// Bytes as a GGRS message, or `None` for anything else (too long, truncated,
/// trailing bytes, values out of range, an input message GGRS could not unpack).
pub fn decode_packet(bytes: &[u8]) -> Option<ggrs::Message> {
    if bytes.len() as u64 > MAX_PACKET_BYTES || !input_runs_are_sound(bytes) {
        return None;
    }
    codec().deserialize(bytes).ok()
}

/// The most bytes an input message's runs may unpack to: GGRS keeps at most 128
/// unacknowledged inputs of 3 bytes each (a 2-byte length and our 1-byte input).
const MAX_UNPACKED_INPUT_BYTES: usize = 64 * 1024;

/// GGRS's message body variant for inputs (`MessageBody::Input`, the third).
const INPUT_VARIANT: u32 = 2;

/// Whether an input message's compressed inputs are well formed. GGRS 0.13
/// unpacks them with the bitfield-rle crate, which panics on a run header cut
/// short (reading past the end) and allocates whatever a run claims, so a garbled
/// or hostile packet could crash the game; we check the runs first. Other
/// messages pass. The layout read here is GGRS's `Message { header: { magic: u16 },
/// body: Input { peer_connect_status: Vec<{ disconnected: bool, last_frame: i32 }>,
/// disconnect_requested: bool, start_frame: i32, ack_frame: i32, bytes: Vec<u8> } }`.
fn input_runs_are_sound(bytes: &[u8]) -> bool {
    let options = || codec().allow_trailing_bytes();
    let Ok((_magic, variant)) = options().deserialize::<(u16, u32)>(bytes) else {
        return true; // not a message at all: the full decode refuses it
    };
    if variant != INPUT_VARIANT {
        return true;
    }
    type InputMessage = (u16, u32, Vec<(bool, i32)>, bool, i32, i32, Vec<u8>);
    match options().deserialize::<InputMessage>(bytes) {
        Ok((.., runs)) => runs_are_sound(&runs),
        Err(_) => false,
    }
}

/// Walks bitfield-rle runs (a varint header, then for a literal run its bytes)
/// without unpacking them: every header complete, every literal inside the
/// buffer, the unpacked total bounded.
fn runs_are_sound(buf: &[u8]) -> bool {
    let (mut at, mut total) = (0usize, 0usize);
    while at < buf.len() {
        let (mut header, mut shift) = (0u64, 0u32);
        loop {
            let Some(&b) = buf.get(at) else {
                return false;
            };
            at += 1;
            if shift > 56 {
                return false;
            }
            header |= u64::from(b & 0x7f) << shift;
            shift += 7;
            if b & 0x80 == 0 {
                break;
            }
        }
        let repeat = header & 1 == 1;
        let len = usize::try_from(if repeat { header >> 2 } else { header >> 1 });
        let Ok(len) = len else {
            return false;
        };
        total = total.saturating_add(len);
        if total > MAX_UNPACKED_INPUT_BYTES {
            return false;
        }
        if !repeat {
            at = at.saturating_add(len);
            if at > buf.len() {
                return false;
            }
        }
    }
    true
}

/// The socket handed to GGRS (see the module doc). `clock` tells the time in
/// seconds, for the delay line and the [`Hearing`].
pub struct GgrsSocket<D, A> {
    inner: D,
    line: DelayLine<(A, Vec<u8>)>,
    clock: Box<dyn FnMut() -> f64>,
    hearing: Hearing,
    /// When the socket started, and the `--sim-blackout` counted from then.
    started: f64,
    blackout: Option<Blackout>,
}

/// When a [`GgrsSocket`] last heard a packet, and when it last listened, in
/// seconds of its clock; shared with the match, which holds the socket only
/// through GGRS. GGRS's own disconnect timeout reads the wall clock; this one
/// reads the injected clock, so how soon a silent player is declared gone is
/// the same number of steps on every machine, and a test can check it without
/// waiting (`tests/online_silence.rs`).
#[derive(Debug, Clone, Default)]
pub struct Hearing(Rc<Cell<(f64, f64)>>);

impl Hearing {
    /// Seconds between the last packet heard and the last time the socket
    /// listened (0 before either).
    pub fn silent_for(&self) -> f64 {
        let (heard, listened) = self.0.get();
        listened - heard
    }

    /// Whether the other side has been silent longer than `timeout`: gone.
    pub fn gone(&self, timeout: std::time::Duration) -> bool {
        self.silent_for() > timeout.as_secs_f64()
    }

    /// Notes that the socket listened at `now`, and heard something or not.
    fn listened(&self, now: f64, heard: bool) {
        let (last, _) = self.0.get();
        self.0.set((if heard { now } else { last }, now));
    }
}

impl<D: Datagrams<A>, A: Clone> GgrsSocket<D, A> {
    /// GGRS traffic over `inner`, this side's packets impaired as `impairment`
    /// says (with its own random numbers from `seed`).
    pub fn new(
        inner: D,
        impairment: Impairment,
        seed: u64,
        clock: Box<dyn FnMut() -> f64>,
    ) -> Self {
        let mut clock = clock;
        let hearing = Hearing::default();
        // Silence counts from the socket's start: a side never heard is gone too.
        let now = clock();
        hearing.listened(now, true);
        Self {
            inner,
            line: DelayLine::new(impairment, seed),
            clock,
            hearing,
            started: now,
            blackout: impairment.blackout,
        }
    }

    /// Whether `--sim-blackout` has the connection down at `now`.
    fn blacked_out(&self, now: f64) -> bool {
        self.blackout.is_some_and(|b| b.covers(now - self.started))
    }

    /// When the other side was last heard (shared: it follows the socket).
    pub fn hearing(&self) -> Hearing {
        self.hearing.clone()
    }

    /// Sends the packets whose delay is over.
    fn flush(&mut self) {
        let now = (self.clock)();
        for (to, packet) in self.line.due(now) {
            self.inner.send(packet, &to);
        }
    }
}

impl<D, A> ggrs::NonBlockingSocket<A> for GgrsSocket<D, A>
where
    D: Datagrams<A>,
    A: Clone + PartialEq + Eq + Hash,
{
    fn send_to(&mut self, msg: &ggrs::Message, addr: &A) {
        let now = (self.clock)();
        if !self.blacked_out(now) {
            self.line.push(now, (addr.clone(), encode_packet(msg)));
        }
        self.flush();
    }

    fn receive_all_messages(&mut self) -> Vec<(A, ggrs::Message)> {
        self.flush();
        let received = self.inner.receive();
        let now = (self.clock)();
        if self.blacked_out(now) {
            // Lost on the way: what arrives during a blackout is never heard.
            self.hearing.listened(now, false);
            return Vec::new();
        }
        let messages: Vec<(A, ggrs::Message)> = received
            .into_iter()
            .filter_map(|(from, bytes)| Some((from, decode_packet(&bytes)?)))
            .collect();
        // Only a packet that decodes is hearing the other side: garbage from a
        // broken peer does not keep it alive.
        self.hearing.listened((self.clock)(), !messages.is_empty());
        messages
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two peers' packets, as a data channel would hand them over.
    struct Room(Vec<(u8, Vec<u8>)>, Vec<u8>);

    impl Datagrams<u8> for Room {
        fn send(&mut self, _packet: Vec<u8>, to: &u8) {
            self.1.push(*to);
        }

        fn receive(&mut self) -> Vec<(u8, Vec<u8>)> {
            std::mem::take(&mut self.0)
        }
    }

    #[test]
    fn from_peer_hears_and_answers_the_opponent_alone() {
        let room = Room(vec![(1, vec![1]), (2, vec![2]), (1, vec![3])], Vec::new());
        let mut only = FromPeer::new(room, 1);
        assert_eq!(only.receive(), vec![(1, vec![1]), (1, vec![3])]);
        only.send(vec![0], &2);
        only.send(vec![0], &1);
        assert_eq!(only.inner.1, vec![1]);
    }

    #[test]
    fn runs_are_sound_refuses_cut_headers_overlong_literals_and_huge_runs() {
        assert!(runs_are_sound(&[]));
        assert!(runs_are_sound(&[3 << 1, 1, 2, 3]), "a literal of 3 bytes");
        assert!(runs_are_sound(&[(5 << 2) | 1]), "a repeat of 5 zero bytes");
        assert!(!runs_are_sound(&[0x80]), "a header cut short");
        assert!(
            !runs_are_sound(&[4 << 1, 1, 2, 3]),
            "a literal past the end"
        );
        let huge = [0xff, 0xff, 0xff, 0xff, 0x7f];
        assert!(!runs_are_sound(&huge), "a run of billions of bytes");
        assert!(!runs_are_sound(&[0xff; 12]), "a header longer than 8 bytes");
    }
}
