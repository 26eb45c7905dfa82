//! The host's offer: the level's text, the seed and the rules, sent in pieces and
//! put back together and checked on the other side with the same checker as
//! `arkanong check` and the level files (so a broken level is refused with the
//! same words, and an oversized one before it is even received).

use super::{Message, PART_BYTES};
use crate::game::Mode;
use crate::level::{check_bytes, Level, MAX_FILE_BYTES};

/// What both sides play: agreed in the handshake, the same on both.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchSetup {
    /// The level, as its text (as sent).
    pub level_text: String,
    /// The level, checked.
    pub level: Level,
    /// The game's seed.
    pub seed: u64,
    /// The rules (always versus online).
    pub mode: Mode,
    /// Hit-stop's holds on (the host's Juice setting; see `hold.rs`).
    pub hitstop: bool,
}

impl MatchSetup {
    /// A match of `level_text` (checked here, as the other side will) with `seed`,
    /// without hit-stop (see [`MatchSetup::with_hitstop`]).
    pub fn new(level_text: &str, seed: u64, mode: Mode) -> Result<Self, String> {
        let level = check_level(level_text.as_bytes(), mode)?;
        Ok(Self {
            level_text: level_text.to_owned(),
            level,
            seed,
            mode,
            hitstop: false,
        })
    }

    /// The same match with hit-stop's holds on or off.
    pub fn with_hitstop(self, hitstop: bool) -> Self {
        Self { hitstop, ..self }
    }

    /// The offer as messages: [`Message::Offer`], then the text in parts.
    pub fn offer(&self) -> Vec<Message> {
        let bytes = self.level_text.as_bytes();
        let mut out = vec![Message::Offer {
            seed: self.seed,
            mode: self.mode,
            level_bytes: u32::try_from(bytes.len()).unwrap_or(u32::MAX),
            hitstop: self.hitstop,
        }];
        out.extend(bytes.chunks(PART_BYTES).map(|c| Message::Part(c.to_vec())));
        out
    }
}

/// Checks a level's bytes for an online match in `mode`: at most
/// [`MAX_FILE_BYTES`], free of errors for the level checker, and versus.
pub fn check_level(bytes: &[u8], mode: Mode) -> Result<Level, String> {
    if bytes.len() > MAX_FILE_BYTES {
        return Err(too_big(bytes.len()));
    }
    if mode != Mode::Versus {
        return Err("online play is versus; the host offered solo".to_owned());
    }
    let checked = check_bytes(bytes);
    let Some(level) = checked.level else {
        let first = checked.diagnostics.iter().find(|d| d.is_error());
        return Err(match first {
            Some(d) => format!(
                "the level does not load: line {}, column {}: {}",
                d.line, d.column, d.message
            ),
            None => "the level does not load".to_owned(),
        });
    };
    if !Mode::Versus.fits(level.mode) {
        return Err("this level is for solo play only; online play is versus".to_owned());
    }
    Ok(level)
}

fn too_big(bytes: usize) -> String {
    format!("the level is {bytes} bytes; a level may be at most {MAX_FILE_BYTES}")
}

/// Where an offer being received stands.
#[derive(Debug, Clone, PartialEq)]
pub enum OfferProgress {
    /// More parts are due.
    Pending,
    /// The offer is whole and checked: play it.
    Ready(Box<MatchSetup>),
    /// The offer cannot be played: say why to the host and to the player.
    Refused(String),
}

/// An offer's first message, as read.
#[derive(Debug, Clone, Copy)]
struct OfferHead {
    seed: u64,
    mode: Mode,
    len: usize,
    hitstop: bool,
}

/// Puts an offer back together from its messages (the joiner's side).
#[derive(Debug, Clone, Default)]
pub struct OfferReader {
    head: Option<OfferHead>,
    bytes: Vec<u8>,
}

impl OfferReader {
    /// Takes the next message of the offer. Anything out of order, oversized or
    /// broken is refused; the reader never allocates more than the bytes received.
    pub fn read(&mut self, message: &Message) -> OfferProgress {
        match (message, self.head) {
            (
                Message::Offer {
                    seed,
                    mode,
                    level_bytes,
                    hitstop,
                },
                None,
            ) => {
                let len = usize::try_from(*level_bytes).unwrap_or(usize::MAX);
                if len > MAX_FILE_BYTES {
                    return OfferProgress::Refused(too_big(len));
                }
                self.head = Some(OfferHead {
                    seed: *seed,
                    mode: *mode,
                    len,
                    hitstop: *hitstop,
                });
                self.finish_if_whole()
            }
            (Message::Part(part), Some(OfferHead { len, .. })) => {
                if self.bytes.len() + part.len() > len {
                    return OfferProgress::Refused(
                        "the level came longer than announced".to_owned(),
                    );
                }
                self.bytes.extend_from_slice(part);
                self.finish_if_whole()
            }
            (Message::Offer { .. }, Some(_)) => {
                OfferProgress::Refused("a second offer came during the first".to_owned())
            }
            (other, _) => OfferProgress::Refused(format!("unexpected message {other:?}")),
        }
    }

    fn finish_if_whole(&mut self) -> OfferProgress {
        let Some(head) = self.head else {
            return OfferProgress::Pending;
        };
        if self.bytes.len() < head.len {
            return OfferProgress::Pending;
        }
        match check_level(&self.bytes, head.mode) {
            Ok(level) => OfferProgress::Ready(Box::new(MatchSetup {
                level_text: String::from_utf8_lossy(&self.bytes).into_owned(),
                level,
                seed: head.seed,
                mode: head.mode,
                hitstop: head.hitstop,
            })),
            Err(why) => OfferProgress::Refused(why),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::shipped_levels;

    fn receive(messages: &[Message]) -> OfferProgress {
        let mut reader = OfferReader::default();
        let mut last = OfferProgress::Pending;
        for m in messages {
            last = reader.read(m);
            if last != OfferProgress::Pending {
                break;
            }
        }
        last
    }

    #[test]
    fn offer_of_every_versus_shipped_level_arrives_whole() {
        for shipped in shipped_levels() {
            let Ok(setup) = MatchSetup::new(shipped.text, 7, Mode::Versus) else {
                continue;
            };
            assert_eq!(
                receive(&setup.offer()),
                OfferProgress::Ready(Box::new(setup)),
                "{}",
                shipped.file
            );
        }
    }

    #[test]
    fn offer_of_a_large_level_comes_in_parts() {
        let text = format!("{}[bricks]\n111\n", "# padding\n".repeat(5000));
        let setup = MatchSetup::new(&text, 1, Mode::Versus).unwrap();
        let offer = setup.offer();
        assert_eq!(offer.len(), 1 + text.len().div_ceil(PART_BYTES));
        assert_eq!(receive(&offer), OfferProgress::Ready(Box::new(setup)));
    }

    #[test]
    fn offer_refuses_broken_oversized_and_solo_levels_with_reasons() {
        let broken = Message::Offer {
            seed: 1,
            mode: Mode::Versus,
            level_bytes: 14,
            hitstop: false,
        };
        let got = receive(&[broken, Message::Part(b"[bricks]\n1x1\n\n".to_vec())]);
        let OfferProgress::Refused(why) = got else {
            panic!("{got:?}")
        };
        assert!(why.starts_with("the level does not load: line 2"), "{why}");
        let huge = Message::Offer {
            seed: 1,
            mode: Mode::Versus,
            level_bytes: u32::try_from(MAX_FILE_BYTES + 1).unwrap(),
            hitstop: true,
        };
        assert_eq!(
            receive(&[huge]),
            OfferProgress::Refused(too_big(MAX_FILE_BYTES + 1))
        );
        assert!(MatchSetup::new("[bricks]\n1\n", 1, Mode::Solo).is_err());
        assert!(MatchSetup::new("mode = solo\n[bricks]\n1\n", 1, Mode::Versus).is_err());
        let liar = Message::Offer {
            seed: 1,
            mode: Mode::Versus,
            level_bytes: 2,
            hitstop: false,
        };
        assert!(matches!(
            receive(&[liar, Message::Part(b"abc".to_vec())]),
            OfferProgress::Refused(_)
        ));
        assert!(matches!(
            receive(&[Message::Part(b"abc".to_vec())]),
            OfferProgress::Refused(_)
        ));
    }
}
