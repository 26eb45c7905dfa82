//! The messages the two sides exchange before the match, on the reliable data
//! channel, and their byte layout. Everything here reads bytes from the other
//! side, so [`Message::decode`] takes any bytes and answers `Err` for anything it
//! does not understand; it never panics and never allocates more than it was given.
//!
//! ```text
//! b"ARK" 2 KIND PAYLOAD            (magic, version 2, one byte of kind; version 1
//!                                  sent one-byte intents, with no pointer place)
//! KIND 1 Hello   hosting: u8 (0 or 1), then (since watchers see names) the
//!                player's name when it has one: NAME (below); a hello with no
//!                name is the older two bytes
//! KIND 2 Offer   seed: u64 LE, mode: u8 (0 versus, 1 solo), level bytes: u32 LE,
//!                then (since hit-stop online) flags: u8, bit 0 hit-stop on, sent
//!                only when not 0 (so an offer with every flag off still reads in
//!                older builds); an offer without it is read as flags 0, and one
//!                with a bit this build does not know is refused (it would change
//!                the game on one side only)
//! KIND 3 Part    the level's next bytes (at most PART_BYTES)
//! KIND 4 Accept
//! KIND 5 Refuse  why, UTF-8 (at most MAX_REASON_BYTES)
//! KIND 6 Bye     the sender is leaving
//! KIND 7 Rematch match id: u32 LE, the match the sender asks for (the one just
//!                played's id plus 1; see `rematch.rs`)
//! KIND 8 Watching match id: u32 LE; host to watcher: the offer just sent is
//!                the match, and this match's frames follow (see `watch.rs`);
//!                then, when the host knows them, the host's NAME and the
//!                guest's NAME (an empty NAME: that player gave none)
//! KIND 9 Frames  match id: u32 LE, first frame: u32 LE, check: u8 (0 none,
//!                1 a u64 LE follows: the match's state hash after the last of
//!                these frames), then runs (at most MAX_FRAME_RUNS, one or
//!                more): count u16 LE (1 or more), bottom u32 LE, top u32 LE
//!                (the packed intents; 0xc0 0xc0 a frame the hit-stop held)
//! NAME           length: u8 (at most MAX_NAME_BYTES), then that many bytes of
//!                UTF-8; read through `clean_name`, so a peer's control or
//!                direction characters never reach the screen
//! ```

use crate::game::Mode;

/// The first four bytes of every message: `ARK` and the layout's version.
pub const MAGIC: [u8; 4] = *b"ARK\x02";

/// The most level bytes in one [`Message::Part`]: far below any data channel's
/// message limit (browsers take 256 KiB; 16 KiB is the portable size).
pub const PART_BYTES: usize = 16 * 1024;

/// The longest refusal reason sent or accepted.
pub const MAX_REASON_BYTES: usize = 512;

/// The most runs in one [`Message::Frames`]: 10 bytes each, so a message
/// stays under [`PART_BYTES`].
pub const MAX_FRAME_RUNS: usize = 1024;

/// The longest player name sent or accepted, in bytes.
pub const MAX_NAME_BYTES: usize = 32;

/// The most characters of a player's name shown (a HUD label's room).
pub const MAX_NAME_CHARS: usize = 12;

/// A player's name as it may be shown: trimmed, without control or text
/// direction characters (a peer could otherwise reorder the line it sits in),
/// at most [`MAX_NAME_CHARS`]; `None` when nothing is left.
pub fn clean_name(name: &str) -> Option<String> {
    let direction = |c: char| matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}');
    let kept: String = name
        .chars()
        .filter(|&c| !c.is_control() && !direction(c))
        .collect();
    let shown: String = kept.trim().chars().take(MAX_NAME_CHARS).collect();
    let shown = shown.trim_end();
    (!shown.is_empty()).then(|| shown.to_owned())
}

/// One message of the handshake.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Message {
    /// The first thing each side says: whether its player chose to host (pick the
    /// level). The host is elected from both hellos (see `handshake::elect_host`).
    Hello {
        /// This side's player pressed Host.
        hosting: bool,
        /// This side's player's name, if it has one (shown to the opponent and
        /// to watchers; see [`clean_name`]).
        name: Option<String>,
    },
    /// The host's match: seed, rules and the size of the level text that follows
    /// in [`Message::Part`]s.
    Offer {
        /// The game's seed.
        seed: u64,
        /// The rules.
        mode: Mode,
        /// The level text's length in bytes.
        level_bytes: u32,
        /// The host's Juice setting for hit-stop: both sides hold alike.
        hitstop: bool,
    },
    /// The next piece of the offered level's text.
    Part(Vec<u8>),
    /// The joiner checked the level: the match starts.
    Accept,
    /// The joiner cannot play this level, and says why.
    Refuse(String),
    /// The sender is leaving.
    Bye,
    /// After a match: the sender wants to play match `match_id` (the one just
    /// played's id plus 1) on the same connection.
    Rematch {
        /// The match asked for: both sides count matches alike, so a late or
        /// repeated ask for another match is told apart.
        match_id: u32,
    },
    /// Host to watcher: the offer sent just before is the match, whose match
    /// `match_id` (its seed from the offer's, as the players' `match_seed`)
    /// the [`Message::Frames`] that follow play.
    Watching {
        /// The match watched on this connection (0, then each rematch).
        match_id: u32,
        /// The players' names, the host's then the guest's, when the host
        /// knows them ("" for a player who gave none).
        names: Option<[String; 2]>,
    },
    /// Host to watcher: confirmed frames of match `match_id` from `first` on.
    Frames {
        /// The match the frames are of.
        match_id: u32,
        /// The first frame's number (0-based: the frame the game steps from).
        first: u32,
        /// The match's state hash once the last of these frames is played.
        check: Option<u64>,
        /// Runs of equal frames: a count and both players' packed intents.
        runs: Vec<(u16, [u32; 2])>,
    },
}

/// Why bytes are not a message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MessageError {
    /// Shorter than the header, or not starting with [`MAGIC`].
    #[error("not an Arkanong message")]
    NotOurs,
    /// A kind byte this version does not know.
    #[error("unknown message kind {0}")]
    UnknownKind(u8),
    /// The payload does not fit its kind.
    #[error("malformed message: {0}")]
    Malformed(&'static str),
}

impl Message {
    /// The message's bytes. A refusal reason is cut (at a character boundary) to
    /// [`MAX_REASON_BYTES`]; a part longer than [`PART_BYTES`] is the caller's bug
    /// and is sent as it is (the reader will refuse it).
    pub fn encode(&self) -> Vec<u8> {
        let mut out = MAGIC.to_vec();
        match self {
            Self::Hello { hosting, name } => {
                out.extend([1, u8::from(*hosting)]);
                // A name with nothing showable is sent as no name at all.
                if let Some(name) = name.as_deref().and_then(clean_name) {
                    push_name(&mut out, &name);
                }
            }
            Self::Offer {
                seed,
                mode,
                level_bytes,
                hitstop,
            } => {
                out.push(2);
                out.extend(seed.to_le_bytes());
                out.push(match mode {
                    Mode::Versus => 0,
                    Mode::Solo => 1,
                });
                out.extend(level_bytes.to_le_bytes());
                let flags = u8::from(*hitstop) * HITSTOP_FLAG;
                if flags != 0 {
                    out.push(flags);
                }
            }
            Self::Part(bytes) => {
                out.push(3);
                out.extend(bytes);
            }
            Self::Accept => out.push(4),
            Self::Refuse(why) => {
                out.push(5);
                out.extend(cut(why, MAX_REASON_BYTES).as_bytes());
            }
            Self::Bye => out.push(6),
            Self::Rematch { match_id } => {
                out.push(7);
                out.extend(match_id.to_le_bytes());
            }
            Self::Watching { match_id, names } => {
                out.push(8);
                out.extend(match_id.to_le_bytes());
                for name in names.iter().flatten() {
                    push_name(&mut out, name);
                }
            }
            Self::Frames {
                match_id,
                first,
                check,
                runs,
            } => {
                out.push(9);
                out.extend(match_id.to_le_bytes());
                out.extend(first.to_le_bytes());
                match check {
                    Some(hash) => {
                        out.push(1);
                        out.extend(hash.to_le_bytes());
                    }
                    None => out.push(0),
                }
                for (count, [bottom, top]) in runs {
                    out.extend(count.to_le_bytes());
                    out.extend(bottom.to_le_bytes());
                    out.extend(top.to_le_bytes());
                }
            }
        }
        out
    }

    /// Reads a message (see the module doc for what is refused).
    pub fn decode(bytes: &[u8]) -> Result<Message, MessageError> {
        let body = bytes
            .strip_prefix(&MAGIC[..])
            .ok_or(MessageError::NotOurs)?;
        let (&kind, payload) = body.split_first().ok_or(MessageError::NotOurs)?;
        let empty = |m: Message| {
            if payload.is_empty() {
                Ok(m)
            } else {
                Err(MessageError::Malformed("unexpected payload"))
            }
        };
        match kind {
            1 => decode_hello(payload),
            2 => decode_offer(payload),
            3 if payload.len() > PART_BYTES => Err(MessageError::Malformed("part too long")),
            3 => Ok(Self::Part(payload.to_vec())),
            4 => empty(Self::Accept),
            5 if payload.len() > MAX_REASON_BYTES => {
                Err(MessageError::Malformed("reason too long"))
            }
            5 => std::str::from_utf8(payload)
                .map(|s| Self::Refuse(s.to_owned()))
                .map_err(|_| MessageError::Malformed("reason is not UTF-8")),
            6 => empty(Self::Bye),
            7 => match payload {
                &[a, b, c, d] => Ok(Self::Rematch {
                    match_id: u32::from_le_bytes([a, b, c, d]),
                }),
                _ => Err(MessageError::Malformed("a rematch is a match id (4)")),
            },
            8 => decode_watching(payload),
            9 => decode_frames(payload),
            k => Err(MessageError::UnknownKind(k)),
        }
    }
}

/// Appends `name` as a NAME: cleaned as [`clean_name`] does, so this side
/// never says what the other would refuse ("" when nothing showable is left).
fn push_name(out: &mut Vec<u8>, name: &str) {
    let name = clean_name(name).unwrap_or_default();
    let name = cut(&name, MAX_NAME_BYTES);
    out.push(name.len() as u8); // at most MAX_NAME_BYTES (32)
    out.extend(name.as_bytes());
}

/// Reads one NAME from the front of `bytes`, and the bytes after it. A name
/// is what [`clean_name`] leaves of itself (or ""): anything else a peer
/// sends (control or direction characters, spaces at its ends, too long) is
/// refused, not silently changed, so a name reads back as it was sent.
fn take_name(bytes: &[u8]) -> Result<(String, &[u8]), MessageError> {
    let bad = MessageError::Malformed("a name is a length (1), then at most 32 bytes of UTF-8");
    let (&len, rest) = bytes.split_first().ok_or(bad.clone())?;
    let len = usize::from(len);
    if len > MAX_NAME_BYTES || rest.len() < len {
        return Err(bad);
    }
    let text = std::str::from_utf8(&rest[..len]).map_err(|_| bad)?;
    if !text.is_empty() && clean_name(text).as_deref() != Some(text) {
        return Err(MessageError::Malformed(
            "a name with control characters, spaces at its ends, or over 12 characters",
        ));
    }
    Ok((text.to_owned(), &rest[len..]))
}

fn decode_hello(payload: &[u8]) -> Result<Message, MessageError> {
    let bad = MessageError::Malformed("a hello is one byte, 0 or 1, then a name");
    let (&hosting, rest) = payload.split_first().ok_or(bad.clone())?;
    let hosting = match hosting {
        0 => false,
        1 => true,
        _ => return Err(bad),
    };
    let name = match rest {
        [] => None,
        _ => match take_name(rest)? {
            (name, []) if !name.is_empty() => Some(name),
            (_, []) => return Err(MessageError::Malformed("a hello's name is empty")),
            _ => return Err(MessageError::Malformed("bytes after a hello's name")),
        },
    };
    Ok(Message::Hello { hosting, name })
}

fn decode_watching(payload: &[u8]) -> Result<Message, MessageError> {
    let match_id = u32_at(payload, 0).ok_or(MessageError::Malformed(
        "watching is a match id (4), then names",
    ))?;
    let names = match &payload[4..] {
        [] => None,
        rest => {
            let (host, rest) = take_name(rest)?;
            let (guest, rest) = take_name(rest)?;
            if !rest.is_empty() {
                return Err(MessageError::Malformed("bytes after watching's names"));
            }
            Some([host, guest])
        }
    };
    Ok(Message::Watching { match_id, names })
}

/// A little-endian u32 at `at` of `bytes`, if there.
fn u32_at(bytes: &[u8], at: usize) -> Option<u32> {
    let b = bytes.get(at..at.checked_add(4)?)?;
    Some(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

fn decode_frames(payload: &[u8]) -> Result<Message, MessageError> {
    let bad = MessageError::Malformed("frames are match (4), first (4), check, runs of 10");
    let (Some(match_id), Some(first), Some(&flag)) =
        (u32_at(payload, 0), u32_at(payload, 4), payload.get(8))
    else {
        return Err(bad);
    };
    let (check, rest) = match flag {
        0 => (None, &payload[9..]),
        1 => {
            let hash = payload.get(9..17).ok_or(bad.clone())?;
            let mut h = [0u8; 8];
            h.copy_from_slice(hash);
            (Some(u64::from_le_bytes(h)), &payload[17..])
        }
        _ => return Err(bad),
    };
    if rest.is_empty() || rest.len() % 10 != 0 || rest.len() / 10 > MAX_FRAME_RUNS {
        return Err(bad);
    }
    let mut runs = Vec::with_capacity(rest.len() / 10);
    for run in rest.chunks_exact(10) {
        let count = u16::from_le_bytes([run[0], run[1]]);
        let (Some(bottom), Some(top)) = (u32_at(run, 2), u32_at(run, 6)) else {
            return Err(bad);
        };
        if count == 0 {
            return Err(MessageError::Malformed("a run of no frames"));
        }
        runs.push((count, [bottom, top]));
    }
    Ok(Message::Frames {
        match_id,
        first,
        check,
        runs,
    })
}

/// The offer's flag for hit-stop (bit 0 of its flags byte).
const HITSTOP_FLAG: u8 = 1;

fn decode_offer(payload: &[u8]) -> Result<Message, MessageError> {
    let bad = MessageError::Malformed("an offer is seed (8), mode (1), length (4), flags (1)");
    // The flags byte came later: an offer without it has every flag off.
    let (payload, flags) = match payload.len() {
        13 => (payload, 0),
        14 => (&payload[..13], payload[13]),
        _ => return Err(bad),
    };
    if flags & !HITSTOP_FLAG != 0 {
        return Err(MessageError::Malformed(
            "an offer with a rule this version does not know (update Arkanong)",
        ));
    }
    let [s0, s1, s2, s3, s4, s5, s6, s7, mode, l0, l1, l2, l3] = payload else {
        return Err(bad);
    };
    let mode = match mode {
        0 => Mode::Versus,
        1 => Mode::Solo,
        _ => return Err(MessageError::Malformed("unknown mode")),
    };
    Ok(Message::Offer {
        seed: u64::from_le_bytes([*s0, *s1, *s2, *s3, *s4, *s5, *s6, *s7]),
        mode,
        level_bytes: u32::from_le_bytes([*l0, *l1, *l2, *l3]),
        hitstop: flags & HITSTOP_FLAG != 0,
    })
}

/// `text` cut to at most `max` bytes at a character boundary.
pub fn cut(text: &str, max: usize) -> &str {
    let mut end = text.len().min(max);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn message_round_trips_every_kind() {
        for m in [
            Message::Hello {
                hosting: true,
                name: None,
            },
            Message::Hello {
                hosting: false,
                name: Some("Ann".into()),
            },
            Message::Offer {
                seed: u64::MAX - 3,
                mode: Mode::Solo,
                level_bytes: 70_000,
                hitstop: true,
            },
            Message::Offer {
                seed: 5,
                mode: Mode::Versus,
                level_bytes: 9,
                hitstop: false,
            },
            Message::Part(b"[bricks]\n111\n".to_vec()),
            Message::Accept,
            Message::Refuse("line 3: no such setting".into()),
            Message::Bye,
            Message::Rematch { match_id: 1 },
            Message::Rematch { match_id: u32::MAX },
            Message::Watching {
                match_id: 3,
                names: None,
            },
            Message::Watching {
                match_id: 4,
                names: Some(["Zoë".into(), String::new()]),
            },
            Message::Frames {
                match_id: 1,
                first: 120,
                check: Some(u64::MAX - 1),
                runs: vec![(3, [1, 2]), (u16::MAX, [0xc0, 0xc0])],
            },
            Message::Frames {
                match_id: 0,
                first: 0,
                check: None,
                runs: vec![(1, [0, 0]); MAX_FRAME_RUNS],
            },
        ] {
            assert_eq!(Message::decode(&m.encode()), Ok(m));
        }
    }

    #[test]
    fn message_decode_refuses_strangers_and_leftovers() {
        assert_eq!(Message::decode(b""), Err(MessageError::NotOurs));
        assert_eq!(Message::decode(b"ARK\x02"), Err(MessageError::NotOurs));
        assert_eq!(Message::decode(b"ARK\x01\x04"), Err(MessageError::NotOurs));
        assert_eq!(
            Message::decode(b"ARK\x02\x0a"),
            Err(MessageError::UnknownKind(10))
        );
        assert!(Message::decode(b"ARK\x02\x04!").is_err());
        assert!(Message::decode(b"ARK\x02\x01\x02").is_err());
        assert!(Message::decode(b"ARK\x02\x07\x01\x00\x00").is_err());
        let long = Message::Part(vec![b'x'; PART_BYTES + 1]).encode();
        assert!(Message::decode(&long).is_err());
        let frames = |runs: Vec<(u16, [u32; 2])>| {
            Message::Frames {
                match_id: 0,
                first: 0,
                check: None,
                runs,
            }
            .encode()
        };
        assert!(Message::decode(&frames(vec![])).is_err(), "no runs");
        assert!(Message::decode(&frames(vec![(0, [0, 0])])).is_err());
        assert!(Message::decode(&frames(vec![(1, [0, 0]); MAX_FRAME_RUNS + 1])).is_err());
        let mut cut = frames(vec![(1, [0, 0])]);
        cut.pop();
        assert!(Message::decode(&cut).is_err(), "a run cut short");
        assert!(Message::decode(b"ARK\x02\x09\x00\x00\x00\x00\x00\x00\x00\x00\x01").is_err());
    }

    #[test]
    fn a_hello_without_a_name_is_the_older_two_bytes_and_reads_as_none() {
        let old = b"ARK\x02\x01\x01";
        let hello = Message::Hello {
            hosting: true,
            name: None,
        };
        assert_eq!(Message::decode(old), Ok(hello.clone()));
        assert_eq!(hello.encode(), old.to_vec());
        let old_watching = b"ARK\x02\x08\x02\x00\x00\x00";
        let watching = Message::Watching {
            match_id: 2,
            names: None,
        };
        assert_eq!(Message::decode(old_watching), Ok(watching));
    }

    #[test]
    fn a_peers_name_is_cleaned_bounded_and_refused_when_malformed() {
        let hello = |tail: &[u8]| {
            let mut bytes = b"ARK\x02\x01\x00".to_vec();
            bytes.extend(tail);
            Message::decode(&bytes)
        };
        let named = |name: Option<&str>| {
            Ok(Message::Hello {
                hosting: false,
                name: name.map(str::to_owned),
            })
        };
        let with_name = |name: &str| {
            let mut tail = vec![name.len() as u8];
            tail.extend(name.as_bytes());
            hello(&tail)
        };
        assert_eq!(with_name("Zoë K"), named(Some("Zoë K")));
        // Control and direction characters never reach the screen: refused, as
        // are spaces at the ends, an empty name and one longer than a label.
        for sly in ["\u{202e}Bob", "Bob\u{1b}[2J", " Bob", "", "abcdefghijklm"] {
            assert!(with_name(sly).is_err(), "{sly:?}");
        }
        // What this side sends is cleaned first, so the other side reads it.
        let sent = Message::Hello {
            hosting: false,
            name: Some("\u{202e}Bob\u{1b} ".into()),
        };
        assert_eq!(Message::decode(&sent.encode()), named(Some("Bob")));
        let blank = Message::Hello {
            hosting: false,
            name: Some("\u{7}".into()),
        };
        assert_eq!(Message::decode(&blank.encode()), named(None));
        // Lengths that lie, bytes past the name, bad UTF-8, too long: refused.
        assert!(hello(b"\x05ab").is_err());
        assert!(hello(b"\x02abc").is_err());
        assert!(hello(b"\x02\xff\xfe").is_err());
        let mut huge = vec![40u8];
        huge.extend([b'a'; 40]);
        assert!(hello(&huge).is_err());
        assert!(Message::decode(b"ARK\x02\x08\x00\x00\x00\x00\x01a").is_err());
    }

    #[test]
    fn a_sent_name_is_cut_to_a_labels_characters() {
        let name = "é".repeat(30); // 60 bytes, 30 characters
        let bytes = Message::Hello {
            hosting: true,
            name: Some(name),
        }
        .encode();
        assert_eq!(bytes[6] as usize, MAX_NAME_CHARS * 2);
        let read = Message::decode(&bytes);
        let twelve = "é".repeat(MAX_NAME_CHARS);
        assert_eq!(
            read,
            Ok(Message::Hello {
                hosting: true,
                name: Some(twelve)
            })
        );
    }

    #[test]
    fn offer_without_flags_reads_as_hitstop_off_and_unknown_flags_are_refused() {
        let with = |flags: &[u8]| {
            let mut bytes = b"ARK\x02\x02".to_vec();
            bytes.extend(7u64.to_le_bytes());
            bytes.push(0);
            bytes.extend(12u32.to_le_bytes());
            bytes.extend(flags);
            Message::decode(&bytes)
        };
        let offer = |hitstop| {
            Ok(Message::Offer {
                seed: 7,
                mode: Mode::Versus,
                level_bytes: 12,
                hitstop,
            })
        };
        assert_eq!(with(&[]), offer(false));
        assert_eq!(with(&[1]), offer(true));
        assert_eq!(with(&[0]), offer(false), "a 0 flags byte is read");
        assert!(
            with(&[0b1111_1110]).is_err(),
            "a rule this build does not know is refused, not ignored"
        );
        assert!(with(&[1, 0]).is_err());
        // Every flag off is sent without the byte, as older builds read it.
        assert_eq!(
            Message::decode(&Message::encode(&offer(false).unwrap())).map(|m| m.encode().len()),
            Ok(MAGIC.len() + 1 + 13)
        );
    }

    #[test]
    fn refusal_reasons_are_cut_at_a_character() {
        let why = "é".repeat(MAX_REASON_BYTES);
        let m = Message::decode(&Message::Refuse(why).encode()).unwrap();
        let Message::Refuse(got) = m else {
            panic!("{m:?}")
        };
        assert_eq!(got.len(), MAX_REASON_BYTES);
    }
}
