//! GGRS's socket: its messages as bytes on an unreliable, unordered data channel,
//! read with a size limit and dropped (never a panic) when they do not decode, and
//! this side's outgoing packets passed through the `--sim-*` [`DelayLine`].

use std::hash::Hash;

use bincode::Options;

use super::{DelayLine, Impairment};

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
/// trailing bytes, values out of range).
pub fn decode_packet(bytes: &[u8]) -> Option<ggrs::Message> {
    if bytes.len() as u64 > MAX_PACKET_BYTES {
        return None;
    }
    codec().deserialize(bytes).ok()
}

/// The socket handed to GGRS (see the module doc). `clock` tells the time in
/// seconds, for the delay line.
pub struct GgrsSocket<D, A> {
    inner: D,
    line: DelayLine<(A, Vec<u8>)>,
    clock: Box<dyn FnMut() -> f64>,
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
        Self {
            inner,
            line: DelayLine::new(impairment, seed),
            clock,
        }
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
        self.line.push(now, (addr.clone(), encode_packet(msg)));
        self.flush();
    }

    fn receive_all_messages(&mut self) -> Vec<(A, ggrs::Message)> {
        self.flush();
        self.inner
            .receive()
            .into_iter()
            .filter_map(|(from, bytes)| Some((from, decode_packet(&bytes)?)))
            .collect()
    }
}
