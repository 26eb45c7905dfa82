//! Online versus: two players on two machines, with rollback.
//!
//! # How rollback works (read this first)
//!
//! The game is a pure function of (level, seed, inputs per step): give two
//! machines the same level and seed and the same inputs, and they compute the
//! same game, bit for bit (the replay fixture and `arkanong determinism` check
//! it). So online play sends only inputs, four bytes per step ([`pack_intent`]:
//! keys, and a pointer's place), never the game.
//!
//! Waiting for the other player's input before each step would add the round
//! trip to every step. Instead each side steps at once with its own input and a
//! *prediction* of the other's (the last one received: a held key stays held).
//! When the real input arrives and differs, the game is *rolled back*: the state
//! saved at the first wrong step is loaded, and the steps since are simulated
//! again with the right inputs, all within one frame. This is GGPO's method, and
//! GGRS (the Rust library used here, unmodified) does the bookkeeping: it tells
//! us, through requests, when to save the state, when to load one, and when to
//! advance with which inputs. [`Rollback`] answers them: a state is saved by
//! value ([`Snapshot`]: `Game` is `Clone`), and a step is `Game::step`, exactly
//! as offline.
//!
//! Three more things keep the two games equal and the match fair:
//! - GGRS compares the two sides' [`Game::state_hash`](crate::game::Game::state_hash)
//!   every few steps (desync detection); a difference is counted and reported.
//! - A side that runs ahead of the other gets a *wait recommendation*; it skips
//!   a step or two ([`OnlineMatch::tick`] returns [`Tick::Held`]), so neither
//!   side has to predict far.
//! - Before the match, the host offers the level's text, the seed and the rules
//!   ([`MatchSetup`], [`Message`]); the other side checks the level with the same
//!   checker as the level files and refuses a broken or oversized one.
//!
//! Hit-stop (the world holding still for a few steps on a goal) is part of the
//! match too: a [`StepHold`] counted in steps, saved with the game and covered
//! by the checksum, decided from a step's events by the offline rule; the host's
//! Juice setting for it travels in the offer, so both sides hold alike.
//!
//! A rollback re-simulates steps the player has already seen and heard. Their
//! events come again; the [`EffectsLedger`] makes sure each sound and effect plays
//! once, and withdraws a pop-up whose event the rollback erased.
//!
//! # The files
//!
//! ```text
//! input.rs         an Intent as four bytes, and back (bad words are refused)
//! config.rs        GGRS's Config: input, Snapshot, the checksum
//! driver.rs        Rollback: answers GGRS's requests on a Game; rollback counts
//! hold.rs          StepHold: hit-stop as a hold counted in steps, saved and restored
//! ledger.rs        EffectsLedger: events shown once through rollbacks
//! message.rs       the handshake's messages and their bytes (never panics on garbage)
//! offer.rs         the host's offer in parts, reassembled and checked
//! impair.rs        DelayLine: --sim-latency, --sim-jitter, --sim-loss; Blackout:
//!                  --sim-blackout
//! socket.rs        GGRS's socket over a data channel: bincode with a size limit;
//!                  Hearing: when the other side was last heard, on the match's clock
//! handshake.rs     agreeing on the match: hellos, electing the host, the offer
//!                  and its answer, in whatever order they arrive (no socket)
//! link.rs          matchbox: the room, the connection, the handshake's messages
//! lobby.rs         the "Play online" screens as a model: host, join, code, end
//! code_pad.rs      where the Join page's letter boxes, letter pad and buttons go
//! spawn.rs         running matchbox's message loop (thread / browser)
//! online_match.rs  OnlineMatch: the GGRS session, ticked once per step; the
//!                  next match on the same connection, and the match as a replay
//! rematch.rs       the next match: match ids on GGRS's packets, sides, seeds
//! online_screen.rs OnlineScreen: the app's online screen (lobby, link, match)
//! address.rs       the default server and port, its HTTP base, room names, ICE URLs, URL escapes
//! refusal.rs       why the signaling server refused a client: close codes, HTTP statuses
//! room_request.rs  rooms the server issues: the code's form, POST /room
//! room_ask.rs      RoomAsk: the host's POST /room (or POST /quick) through app/net,
//!                  off the frame loop (thread / fetch) or waited for (request_room)
//! network.rs       the seam to the network the shell hands in: room requests,
//!                  sockets (the tests' OfflineNetwork opens none)
//! quick.rs         quick match: who is paired with whom, how long one waits
//! web.rs           the browser page's query string, host and address
//! watcher_id.rs    how a watcher is told from a player (its peer id's version)
//! watch.rs         watching a match: the host's relay of its confirmed inputs,
//!                  and the watcher that plays them a second behind
//! ```
//!
//! The programs built on these are commands (`src/commands/`): `arkanong server`,
//! `arkanong online --headless` and the browser's `?online` run (`CpuRun`, a CPU
//! playing a whole match).

mod address;
#[cfg(feature = "online")]
mod code_pad;
#[cfg(feature = "online")]
mod config;
#[cfg(feature = "online")]
mod driver;
#[cfg(feature = "online")]
mod handshake;
#[cfg(feature = "online")]
mod hold;
#[cfg(feature = "online")]
mod impair;
#[cfg(feature = "online")]
mod input;
#[cfg(feature = "online")]
mod input_log;
#[cfg(feature = "online")]
mod leave_question;
#[cfg(feature = "online")]
mod ledger;
#[cfg(feature = "online")]
mod link;
mod lobby;
mod lobby_layout;
#[cfg(feature = "online")]
mod message;
#[cfg(feature = "online")]
mod network;
#[cfg(feature = "online")]
mod offer;
#[cfg(feature = "online")]
mod online_match;
#[cfg(feature = "online")]
mod online_screen;
mod quick;
mod refusal;
#[cfg(feature = "online")]
mod rematch;
#[cfg(feature = "online")]
mod room_ask;
mod room_request;
#[cfg(feature = "online")]
mod socket;
#[cfg(feature = "online")]
mod spawn;
#[cfg(feature = "online")]
mod watch;
#[cfg(feature = "online")]
mod watch_screen;
mod watcher_id;
#[cfg(all(feature = "online", target_arch = "wasm32"))]
mod web;

pub use address::{
    check_room, http_base, percent_decode, server_for_page, DEFAULT_PORT, DEFAULT_SERVER,
    MAX_ROOM_CHARS,
};
#[cfg(feature = "online")]
pub use code_pad::{code_pad, CodePad, MIN_TARGET_PX};
#[cfg(feature = "online")]
pub use config::{checksum, state_hash, OnlineConfig, Snapshot};
#[cfg(feature = "online")]
pub use driver::{Rollback, RollbackStats};
#[cfg(feature = "online")]
pub use handshake::{
    elect_host, Handshake, HandshakeFailure, AGREE_TIMEOUT_SECONDS, HELLO_REPEAT_SECONDS,
};
#[cfg(feature = "online")]
pub use hold::{seconds_to_steps, StepHold};
#[cfg(feature = "online")]
pub use impair::{Blackout, DelayLine, Impairment, MAX_BLACKOUT_MS};
#[cfg(feature = "online")]
pub use input::{intent_or_idle, pack_intent, unpack_intent, PackedIntent};
#[cfg(feature = "online")]
pub use input_log::InputLog;
#[cfg(feature = "online")]
pub use leave_question::{leave_question, LeaveQuestion};
#[cfg(feature = "online")]
pub use ledger::{
    same_event, EffectsLedger, Fired, Settled, MATCH_DISTANCE, MATCH_FRAMES, RETAIN_FRAMES,
};
#[cfg(feature = "online")]
pub use link::OpenSocket;
#[cfg(feature = "online")]
pub use link::{
    Ice, IceLogin, Link, LinkConfig, LinkParts, LinkStatus, PARTING_SECONDS, RELIABLE, ROOM_TAKEN,
    UNRELIABLE,
};
pub use lobby::{
    invite_link, room_for, watch_command, watch_link, Lobby, LobbyAction, Page, CODE_ALPHABET,
    CODE_LEN,
};
pub use lobby_layout::{lobby_layout, LobbyContent, LobbyLayout};
#[cfg(feature = "online")]
pub use message::{
    clean_name, cut, Message, MessageError, MAGIC, MAX_FRAME_RUNS, MAX_NAME_BYTES, MAX_NAME_CHARS,
    MAX_REASON_BYTES, PART_BYTES,
};
#[cfg(feature = "online")]
pub use network::{LiveNetwork, Network, OfflineNetwork, SharedNetwork, OFFLINE};
#[cfg(feature = "online")]
pub use offer::{check_level, MatchSetup, OfferProgress, OfferReader};
#[cfg(feature = "online")]
pub use online_match::{
    input_delay_for, OnlineMatch, Session, Tick, DESYNC_INTERVAL, DISCONNECT_NOTIFY,
    DISCONNECT_TIMEOUT, INPUT_DELAY, MAX_INPUT_DELAY, MAX_PREDICTION, PING_SAMPLES,
    SYNC_TIMEOUT_STEPS,
};
#[cfg(feature = "online")]
pub use online_screen::{online_ceremony, Meeting, OnlineScreen, ONLINE_REPLAY};
pub use quick::{is_quick_key, quick_key, QUICK_WAIT_SECONDS};
pub use refusal::{Refusal, REFUSALS};
#[cfg(feature = "online")]
pub use rematch::{local_player, match_seed, MatchTagged, RematchTalk, Shared};
#[cfg(feature = "online")]
pub use room_ask::{no_server_line, RoomAnswer, RoomAsk};
#[cfg(all(feature = "online", not(target_arch = "wasm32")))]
pub use room_ask::{request_quick, request_room};
pub use room_request::{
    http_base_of, is_issued_code, issued_code_of_room, read_room_reply, RoomRequestError,
    ISSUED_CODE_LEN, UNTRUSTED_CERTIFICATE,
};
#[cfg(feature = "online")]
pub use socket::{
    decode_packet, encode_packet, Datagrams, FromPeer, GgrsSocket, Hearing, MAX_PACKET_BYTES,
};
#[cfg(feature = "online")]
pub(crate) use spawn::spawn_loop;
#[cfg(feature = "online")]
pub use watch::{
    is_watcher, WatchRelay, WatchStats, WatchStatus, Watcher, CATCHUP_SPEED, MAX_STEPS_BEHIND,
    RELAY_EVERY_TICKS, WATCH_BUFFER_STEPS,
};
#[cfg(feature = "online")]
pub use watch_screen::{WatchScreen, CATCHING_UP_LINE, DEFAULT_NAMES, WAITING_LINE, WATCHING_MARK};
pub use watcher_id::{asks_to_watch, MAX_WATCHERS, WATCHER_ID_VERSION, WATCH_QUERY};
#[cfg(all(feature = "online", target_arch = "wasm32"))]
pub use web::{now_seconds, page_href, page_query, page_server};
