//! Meeting the other player: the room on the signaling server, the WebRTC
//! connection, electing the host, and agreeing on the match (the offer). Polled
//! once a frame by the headless client or the shell; it never blocks.

use std::sync::{Arc, Mutex};

use matchbox_socket::{
    ChannelConfig, PeerId, PeerState, RtcIceServerConfig, WebRtcChannel, WebRtcSocket,
};

use super::{Datagrams, Impairment, MatchSetup, Message, OfferProgress, OfferReader};

/// The reliable, ordered channel of the handshake and of goodbyes.
pub const RELIABLE: usize = 0;
/// The unreliable, unordered channel GGRS plays over (it has its own reliability).
pub const UNRELIABLE: usize = 1;

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
}

/// Who hosts, from the two hellos: the one player who chose to host, or, when both
/// or neither did, the smaller peer id. Both sides compute the same answer.
pub fn elect_host<T: Ord>(me: &T, me_hosting: bool, them: &T, them_hosting: bool) -> bool {
    if me_hosting != them_hosting {
        me_hosting
    } else {
        me < them
    }
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
    peer: Option<PeerId>,
    i_host: Option<bool>,
    reader: OfferReader,
    agreed: Option<MatchSetup>,
    failed: Option<String>,
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
}

impl Link {
    /// Joins `config.room` on `config.server` and starts the connection's message
    /// loop (a thread on the desktop, the event loop in the browser).
    pub fn connect(config: LinkConfig) -> Link {
        let url = format!("{}/{}", config.server.trim_end_matches('/'), config.room);
        let (socket, message_loop) = WebRtcSocket::builder(url)
            .ice_server(config.ice.config())
            .add_channel(ChannelConfig::reliable())
            .add_channel(ChannelConfig::unreliable())
            .build();
        let loop_error = Arc::new(Mutex::new(None));
        let report = Arc::clone(&loop_error);
        super::spawn_loop(message_loop, move |why| {
            if let Ok(mut slot) = report.lock() {
                *slot = Some(why);
            }
        });
        Link {
            socket,
            loop_error,
            config,
            peer: None,
            i_host: None,
            reader: OfferReader::default(),
            agreed: None,
            failed: None,
        }
    }

    /// Does the next bit of meeting (call it every frame) and says where it stands.
    pub fn poll(&mut self) -> LinkStatus {
        if self.failed.is_none() {
            self.failed = self.poll_peers().err();
        }
        if self.failed.is_none() {
            self.failed = self.poll_messages().err();
        }
        match (&self.failed, &self.agreed, self.peer) {
            (Some(why), _, _) => LinkStatus::Failed(why.clone()),
            (None, Some(_), _) => LinkStatus::Ready,
            (None, None, Some(_)) => LinkStatus::Agreeing,
            (None, None, None) => LinkStatus::Waiting,
        }
    }

    fn poll_peers(&mut self) -> Result<(), String> {
        if let Some(why) = loop_failure(&self.loop_error) {
            return Err(format!("cannot reach {}: {why}", self.config.server));
        }
        let changes = self
            .socket
            .try_update_peers()
            .map_err(|_| "the connection to the server closed".to_owned())?;
        for (id, state) in changes {
            match (state, self.peer) {
                (PeerState::Connected, None) => {
                    self.peer = Some(id);
                    self.send(&Message::Hello {
                        hosting: self.config.hosting,
                    });
                }
                (PeerState::Disconnected, Some(p)) if p == id => {
                    return Err("Opponent left".to_owned());
                }
                // A third player in the room is ignored.
                _ => {}
            }
        }
        Ok(())
    }

    fn poll_messages(&mut self) -> Result<(), String> {
        let Some(peer) = self.peer else {
            return Ok(());
        };
        for (from, bytes) in self.socket.channel_mut(RELIABLE).receive() {
            if from != peer {
                continue;
            }
            let message = Message::decode(&bytes)
                .map_err(|e| format!("the other side is not speaking Arkanong ({e})"))?;
            self.answer(message)?;
        }
        Ok(())
    }

    fn answer(&mut self, message: Message) -> Result<(), String> {
        match (message, self.i_host) {
            (Message::Hello { hosting }, None) => {
                let (Some(me), Some(them)) = (self.socket.id(), self.peer) else {
                    return Err("connected before the server named us".to_owned());
                };
                let i_host = elect_host(&me, self.config.hosting, &them, hosting);
                self.i_host = Some(i_host);
                if i_host {
                    for m in self.config.setup.offer() {
                        self.send(&m);
                    }
                }
                Ok(())
            }
            (Message::Accept, Some(true)) => {
                self.agreed = Some(self.config.setup.clone());
                Ok(())
            }
            (Message::Refuse(why), Some(true)) => {
                Err(format!("the other player refused the level: {why}"))
            }
            (Message::Bye, _) => Err("Opponent left".to_owned()),
            (m @ (Message::Offer { .. } | Message::Part(_)), Some(false)) => {
                match self.reader.read(&m) {
                    OfferProgress::Pending => Ok(()),
                    OfferProgress::Ready(setup) => {
                        self.send(&Message::Accept);
                        self.agreed = Some(*setup);
                        Ok(())
                    }
                    OfferProgress::Refused(why) => {
                        self.send(&Message::Refuse(why.clone()));
                        Err(format!("the host's level cannot be played: {why}"))
                    }
                }
            }
            (m, _) => Err(format!("unexpected message from the other side: {m:?}")),
        }
    }

    fn send(&mut self, message: &Message) {
        if let Some(peer) = self.peer {
            // Ours, not the channel's own `send`, which panics on a closed channel.
            Datagrams::send(self.socket.channel_mut(RELIABLE), message.encode(), &peer);
        }
    }

    /// The agreed match and the connection, once [`Link::poll`] said `Ready`.
    pub fn into_parts(self) -> Option<LinkParts> {
        Some(LinkParts {
            peer: self.peer?,
            i_host: self.i_host?,
            setup: self.agreed?,
            socket: self.socket,
            impairment: self.config.impairment,
            loop_error: self.loop_error,
        })
    }

    /// Tells the other side we are leaving (best effort), for a quick "Opponent left".
    pub fn leave(mut self) {
        self.send(&Message::Bye);
    }
}

/// Why the message loop ended, if it has.
pub(super) fn loop_failure(slot: &Arc<Mutex<Option<String>>>) -> Option<String> {
    slot.lock().ok().and_then(|s| s.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elect_host_prefers_the_one_who_chose_then_the_smaller_id() {
        assert!(elect_host(&9, true, &1, false));
        assert!(!elect_host(&1, false, &9, true));
        for both in [false, true] {
            assert!(elect_host(&1, both, &9, both));
            assert!(!elect_host(&9, both, &1, both));
        }
    }
}
