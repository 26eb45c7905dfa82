//! Meeting the other player: the room on the signaling server, the WebRTC
//! connection, and agreeing on the match with the peer that connected (the
//! hellos, the host's election and offer: [`Handshake`], which copes with any
//! order they arrive in). Polled once a frame by the headless client or the
//! shell, with the time; it never blocks.
//!
//! A link talks to one peer, its opponent: the first that connects. Any other
//! peer in the room is answered "this room is taken" when it says hello, and
//! otherwise ignored; an opponent who leaves before the match is agreed is
//! forgotten, and the link waits for the next. Meeting fails with the reason
//! the player needs, and soon: no server (the desktop names `arkanong server`),
//! an opponent silent for [`AGREE_TIMEOUT_SECONDS`](super::AGREE_TIMEOUT_SECONDS), a refusal either way. A
//! side that refuses or gives up tells the other why, and keeps the connection
//! until that has arrived (the other side leaves) or [`PARTING_SECONDS`] pass.

use std::sync::{Arc, Mutex};

use matchbox_socket::{
    ChannelConfig, MessageLoopFuture, PeerId, PeerState, RtcIceServerConfig, WebRtcChannel,
    WebRtcSocket,
};

use super::handshake::{Handshake, HandshakeFailure as Failure};
use super::watch::is_watcher;
use super::{Datagrams, Impairment, MatchSetup, Message};

/// The reliable, ordered channel of the handshake and of goodbyes.
pub const RELIABLE: usize = 0;
/// The unreliable, unordered channel GGRS plays over (it has its own reliability).
pub const UNRELIABLE: usize = 1;

/// Seconds a side that refused or gave up keeps the connection open, so that
/// its reason reaches the other side before the connection closes.
pub const PARTING_SECONDS: f64 = 1.0;

/// What a peer hears when it says hello to a side that already has its opponent.
pub const ROOM_TAKEN: &str =
    "this room already has its two players (a match is on or being agreed there)";

/// The ICE servers the WebRTC connection may use to find a way between the peers.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Ice {
    /// matchbox's public STUN servers (Google's): what players on the internet need.
    #[default]
    PublicStun,
    /// None: the peers reach each other directly (a LAN, one machine, the tests).
    None,
    /// One STUN server (`stun:host:port`), or a TURN relay (`turn:host:port`) and
    /// the login it asks for.
    Server {
        /// The server's URL (RFC 7064 and 7065: no user name or password in it).
        url: String,
        /// A TURN relay's login; `None` for STUN.
        login: Option<IceLogin>,
    },
}

/// A TURN relay's user name and password (WebRTC's `username` and `credential`).
/// Its `Debug` hides the password, so no log shows it.
#[derive(Clone, PartialEq, Eq)]
pub struct IceLogin {
    /// The user name.
    pub user: String,
    /// The password (or a relay's time-limited credential).
    pub credential: String,
}

impl std::fmt::Debug for IceLogin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("IceLogin")
            .field("user", &self.user)
            .field("credential", &"(hidden)")
            .finish()
    }
}

impl Ice {
    /// Reads `--ice` with `--ice-user` and `--ice-credential`: `default`, `none`, a
    /// `stun:` URL, or a `turn:` URL with both (browsers and matchbox refuse a
    /// relay without a login). An error never repeats what could be a password.
    pub fn parse(word: &str, user: Option<&str>, credential: Option<&str>) -> Result<Ice, String> {
        let ice = match word {
            "default" => Ice::PublicStun,
            "none" => Ice::None,
            url => Ice::Server {
                url: super::address::check_ice_url(url)?,
                login: None,
            },
        };
        let relay = matches!(&ice, Ice::Server { url, .. } if url.starts_with("turn"));
        let login = match (user, credential) {
            (Some(user), Some(credential)) if !user.is_empty() && !credential.is_empty() => {
                IceLogin {
                    user: user.to_owned(),
                    credential: credential.to_owned(),
                }
            }
            (None, None) if relay => {
                return Err(format!(
                    "the TURN relay `{word}` needs --ice-user and --ice-credential"
                ))
            }
            (None, None) => return Ok(ice),
            _ => return Err("--ice-user and --ice-credential go together, neither empty".into()),
        };
        match ice {
            Ice::Server { url, .. } if relay => Ok(Ice::Server {
                url,
                login: Some(login),
            }),
            _ => Err(format!(
                "--ice-user and --ice-credential are a TURN relay's login; --ice is `{word}`, not a turn: URL"
            )),
        }
    }

    pub(super) fn config(&self) -> RtcIceServerConfig {
        let (urls, login) = match self {
            Ice::PublicStun => return RtcIceServerConfig::default(),
            Ice::None => (Vec::new(), None),
            Ice::Server { url, login } => (vec![url.clone()], login.clone()),
        };
        RtcIceServerConfig {
            urls,
            username: login.as_ref().map(|l| l.user.clone()),
            credential: login.map(|l| l.credential),
        }
    }
}

/// What a player brings to a room.
#[derive(Debug, Clone)]
pub struct LinkConfig {
    /// The signaling server, `ws://host:port`.
    pub server: String,
    /// The room's name (both players type the same).
    pub room: String,
    /// The ICE servers.
    pub ice: Ice,
    /// Whether this player chose to host (pick the level).
    pub hosting: bool,
    /// The match this side offers if it ends up the host.
    pub setup: MatchSetup,
    /// The `--sim-*` impairment of this side's outgoing GGRS packets.
    pub impairment: Impairment,
    /// This player's name, told to the opponent and, by the host, to watchers
    /// (`None`: the screens say "Host" or "Guest", the HUD "RIVAL").
    pub name: Option<String>,
}

/// Where meeting the other player stands.
#[derive(Debug, Clone, PartialEq)]
pub enum LinkStatus {
    /// Waiting for the server and for the other player.
    Waiting,
    /// Connected: agreeing on the match.
    Agreeing,
    /// Agreed: [`Link::into_parts`] gives what the match needs.
    Ready,
    /// It cannot go on, for this reason (for the player).
    Failed(String),
}

impl Datagrams<PeerId> for WebRtcChannel {
    fn send(&mut self, packet: Vec<u8>, to: &PeerId) {
        // A closed channel is noticed by the peer state, not here.
        let _ = self.try_send(packet.into(), *to);
    }

    fn receive(&mut self) -> Vec<(PeerId, Vec<u8>)> {
        WebRtcChannel::receive(self)
            .into_iter()
            .map(|(peer, bytes)| (peer, bytes.to_vec()))
            .collect()
    }
}

/// A connection being made (see the module doc).
pub struct Link {
    socket: WebRtcSocket,
    loop_error: Arc<Mutex<Option<String>>>,
    config: LinkConfig,
    /// The opponent: the first peer that connected (and has not left).
    peer: Option<PeerId>,
    /// Agreeing with the opponent, from the moment it connected.
    handshake: Option<Handshake<PeerId>>,
    /// Watchers connected (never an opponent: see `watch.rs`), handed to the match.
    watchers: Vec<PeerId>,
    failed: Option<String>,
    /// Failing for this reason once the opponent has heard ours (it leaves) or
    /// by the time given.
    parting: Option<(String, f64)>,
}

/// What a finished [`Link`] hands to the match.
pub struct LinkParts {
    /// The socket: kept alive for the match, and asked about the peer's state.
    pub socket: WebRtcSocket,
    /// The other player.
    pub peer: PeerId,
    /// Whether this side hosts (and so plays the bottom paddle, player 0).
    pub i_host: bool,
    /// The agreed match.
    pub setup: MatchSetup,
    /// The impairment for GGRS's packets.
    pub impairment: Impairment,
    /// Why the connection's message loop ended, once it has.
    pub loop_error: Arc<Mutex<Option<String>>>,
    /// Watchers already connected (the host relays to them).
    pub watchers: Vec<PeerId>,
    /// The players' names, the host's then the guest's, as each gave it.
    pub names: [Option<String>; 2],
}

/// A socket to the signaling server's `url` with the players' channels
/// ([`RELIABLE`], then [`UNRELIABLE`]: matchbox pairs them by place), and the
/// message loop that, once run, connects it. Building them touches no network.
pub(super) fn socket_for(url: String, ice: &Ice) -> (WebRtcSocket, MessageLoopFuture) {
    WebRtcSocket::builder(url)
        // One attempt: a server that is not there is said at once, not after
        // matchbox's retries (3 s apart).
        .reconnect_attempts(Some(1))
        .ice_server(ice.config())
        .add_channel(ChannelConfig::reliable())
        .add_channel(ChannelConfig::unreliable())
        .build()
}

/// A socket and the slot saying why its message loop ended, once it has.
pub type OpenSocket = (WebRtcSocket, Arc<Mutex<Option<String>>>);

/// Opens a socket to the signaling server's `url` ([`socket_for`]) and starts
/// its message loop (a thread on the desktop, the event loop in the browser);
/// the slot says why the loop ended, once it has. Players and watchers alike.
pub(super) fn open_socket(url: String, ice: &Ice) -> OpenSocket {
    let (socket, message_loop) = socket_for(url, ice);
    let loop_error = Arc::new(Mutex::new(None));
    let report = Arc::clone(&loop_error);
    super::spawn_loop(message_loop, move |why| {
        if let Ok(mut slot) = report.lock() {
            *slot = Some(why);
        }
    });
    (socket, loop_error)
}

impl Link {
    /// Joins `config.room` on `config.server` and starts the connection's message
    /// loop (a thread on the desktop, the event loop in the browser).
    pub fn connect(config: LinkConfig) -> Link {
        Link::through(&super::LiveNetwork, config)
    }

    /// Joins `config.room` on `config.server` through `network`'s socket.
    pub fn through(network: &dyn super::Network, config: LinkConfig) -> Link {
        let url = format!("{}/{}", config.server.trim_end_matches('/'), config.room);
        let (socket, loop_error) = network.open_socket(url, &config.ice);
        Link {
            socket,
            loop_error,
            config,
            peer: None,
            handshake: None,
            watchers: Vec::new(),
            failed: None,
            parting: None,
        }
    }

    /// Does the next bit of meeting (call it every frame) and says where it
    /// stands. `now` is the caller's clock in seconds (any origin; it only
    /// measures how long the opponent takes).
    pub fn poll(&mut self, now: f64) -> LinkStatus {
        if let Some((why, until)) = self.parting.take() {
            self.part(why, until, now);
        } else if self.failed.is_none() {
            if let Err(failure) = self.meet(now) {
                self.fail(failure, now);
            }
        }
        let agreed = self.handshake.as_ref().and_then(Handshake::agreed);
        match (&self.failed, agreed, self.peer) {
            (Some(why), _, _) => LinkStatus::Failed(why.clone()),
            (None, Some(_), _) => LinkStatus::Ready,
            (None, None, Some(_)) => LinkStatus::Agreeing,
            (None, None, None) => LinkStatus::Waiting,
        }
    }

    /// The peers, their messages and the opponent's time.
    fn meet(&mut self, now: f64) -> Result<(), Failure> {
        self.poll_peers(now)?;
        self.poll_messages(now)?;
        let sends = match &mut self.handshake {
            Some(handshake) => handshake.tick(now)?,
            None => Vec::new(),
        };
        for m in &sends {
            self.send(m);
        }
        Ok(())
    }

    /// Ends meeting: at once, or once the opponent has had our reason.
    fn fail(&mut self, failure: Failure, now: f64) {
        match (failure.tell, self.peer) {
            (Some(reason), Some(_)) => {
                self.send(&Message::Refuse(reason));
                self.part(failure.why, now + PARTING_SECONDS, now);
            }
            _ => self.failed = Some(failure.why),
        }
    }

    /// Waits, until `until`, for the opponent to leave (it has our reason then).
    fn part(&mut self, why: String, until: f64, now: f64) {
        let left = match self.socket.try_update_peers() {
            Ok(changes) => changes
                .iter()
                .any(|&(id, s)| Some(id) == self.peer && s == PeerState::Disconnected),
            Err(_) => true,
        };
        if left || now >= until || loop_failure(&self.loop_error).is_some() {
            self.failed = Some(why);
        } else {
            self.parting = Some((why, until));
        }
    }

    fn poll_peers(&mut self, now: f64) -> Result<(), Failure> {
        if let Some(why) = loop_failure(&self.loop_error) {
            // The server said why it closed (our patched matchbox_socket passes its
            // close frame on): a full room, no such room. Otherwise it was not there.
            let said = refusal_in(&why).map(|r| r.reason().to_owned());
            return Err(Failure::quiet(
                said.unwrap_or_else(|| no_server(&self.config.server)),
            ));
        }
        let changes = self
            .socket
            .try_update_peers()
            .map_err(|_| Failure::quiet("the connection to the server closed"))?;
        for (id, state) in changes {
            if is_watcher(&id) {
                // A friend come to watch: not a player, never the opponent.
                match state {
                    PeerState::Connected => self.watchers.push(id),
                    PeerState::Disconnected => self.watchers.retain(|w| *w != id),
                }
                continue;
            }
            match (state, self.peer) {
                (PeerState::Connected, None) => {
                    let Some(me) = self.socket.id() else {
                        return Err(Failure::quiet("connected before the server named us"));
                    };
                    let c = &self.config;
                    let me_said = (c.hosting, c.name.clone());
                    let (handshake, hello) =
                        Handshake::new_named(me, id, me_said, c.setup.clone(), now);
                    self.peer = Some(id);
                    self.handshake = Some(handshake);
                    self.send(&hello);
                }
                // The opponent left before the match was agreed: wait for the next.
                (PeerState::Disconnected, Some(p)) if p == id => {
                    self.peer = None;
                    self.handshake = None;
                }
                // Any other peer is not ours (see `poll_messages`).
                _ => {}
            }
        }
        Ok(())
    }

    fn poll_messages(&mut self, now: f64) -> Result<(), Failure> {
        let Some(peer) = self.peer else {
            // Kept until there is an opponent: its hello may come before its
            // connection is reported.
            return Ok(());
        };
        for (from, bytes) in self.socket.channel_mut(RELIABLE).receive() {
            let message = Message::decode(&bytes);
            if from != peer {
                // Someone else in the room: told, once it says hello, that the
                // room is taken; otherwise not heard. A watcher is not heard at all.
                if matches!(message, Ok(Message::Hello { .. })) && !is_watcher(&from) {
                    let refusal = Message::Refuse(ROOM_TAKEN.to_owned()).encode();
                    Datagrams::send(self.socket.channel_mut(RELIABLE), refusal, &from);
                }
                continue;
            }
            let message = message.map_err(|e| {
                Failure::tell(format!("the other side is not speaking Arkanong ({e})"))
            })?;
            let sends = match &mut self.handshake {
                Some(handshake) => handshake.hear(message, now)?,
                None => Vec::new(),
            };
            for m in &sends {
                self.send(m);
            }
        }
        Ok(())
    }

    fn send(&mut self, message: &Message) {
        if let Some(peer) = self.peer {
            // Ours, not the channel's own `send`, which panics on a closed channel.
            Datagrams::send(self.socket.channel_mut(RELIABLE), message.encode(), &peer);
        }
    }

    /// The agreed match and the connection, once [`Link::poll`] said `Ready`.
    pub fn into_parts(self) -> Option<LinkParts> {
        let handshake = self.handshake?;
        let theirs = handshake.their_name().map(str::to_owned);
        let (i_host, setup) = handshake.into_agreed()?;
        let mine = self.config.name;
        let names = if i_host {
            [mine, theirs]
        } else {
            [theirs, mine]
        };
        Some(LinkParts {
            peer: self.peer?,
            i_host,
            setup,
            socket: self.socket,
            impairment: self.config.impairment,
            loop_error: self.loop_error,
            watchers: self.watchers,
            names,
        })
    }

    /// Tells the other side we are leaving (best effort), for a quick "Opponent left".
    pub fn leave(mut self) {
        self.send(&Message::Bye);
    }
}

/// The player's words for a signaling server that cannot be reached (or went
/// away): short enough for the window's line, and the desktop says how to start
/// one (a page cannot). matchbox's own words for it ("The connection failed to
/// establish. Check your connection and try again.") say no more than this.
pub(super) fn no_server(server: &str) -> String {
    if cfg!(target_arch = "wasm32") {
        format!("No server at {server}")
    } else {
        format!("No server at {server}: start one with `arkanong server`")
    }
}

/// The server's refusal in a message loop's failure, if it closed us with one:
/// `closed by the server CODE: REASON` (see patches/README.md).
pub(super) fn refusal_in(failure: &str) -> Option<super::Refusal> {
    let (_, rest) = failure.split_once("closed by the server ")?;
    let code: u16 = rest.split(':').next()?.trim().parse().ok()?;
    super::Refusal::from_close_code(code)
}

/// Why the message loop ended, if it has.
pub(super) fn loop_failure(slot: &Arc<Mutex<Option<String>>>) -> Option<String> {
    slot.lock().ok().and_then(|s| s.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_close_frame_from_the_server_is_read_as_its_refusal() {
        let full = super::super::Refusal::RoomFull;
        let failure = format!(
            "connection failed: closed by the server {}: room full",
            full.close_code()
        );
        assert_eq!(refusal_in(&failure), Some(full));
        assert_eq!(refusal_in("closed by the server 1000: bye"), None);
        assert_eq!(refusal_in("connection refused"), None);
    }
}
