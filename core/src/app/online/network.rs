//! The seam between the online screen and the network: asking the signaling
//! server for a room (`POST /room`, `POST /quick`) and opening the sockets
//! players and watchers meet on. The app never does either itself: the shell
//! hands in [`LiveNetwork`] (a thread natively, the page's fetch and event
//! loop in the browser), a test [`OfflineNetwork`], under which every server
//! is unreachable and every socket waits for a server that never answers, with
//! no thread started and no socket opened.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::{Arc, Mutex};

use matchbox_socket::MessageLoopFuture;

use super::link::{open_socket, socket_for, OpenSocket};
use super::{Ice, RoomAsk, RoomRequestError};

/// What the online screen asks of the network (see the module doc).
pub trait Network {
    /// Asks `server` (`ws://HOST:PORT`) for a room to host in; the answer is
    /// read from the [`RoomAsk`] later.
    fn ask_room(&self, server: &str) -> RoomAsk;
    /// Asks `server` to pair this player for a quick match (the answer is the
    /// room to join), as [`Network::ask_room`].
    fn ask_quick(&self, server: &str) -> RoomAsk;
    /// A socket to the signaling server's room `url`, its message loop running.
    fn open_socket(&self, url: String, ice: &Ice) -> OpenSocket;
}

/// The network the app's screens share.
pub type SharedNetwork = Rc<dyn Network>;

/// The real network: what the shell hands in.
#[derive(Debug, Clone, Copy, Default)]
pub struct LiveNetwork;

impl Network for LiveNetwork {
    fn ask_room(&self, server: &str) -> RoomAsk {
        RoomAsk::send(server)
    }

    fn ask_quick(&self, server: &str) -> RoomAsk {
        RoomAsk::send_quick(server)
    }

    fn open_socket(&self, url: String, ice: &Ice) -> OpenSocket {
        open_socket(url, ice)
    }
}

/// What [`OfflineNetwork`] says when asked for a room.
pub const OFFLINE: &str = "offline: no network was handed in";

/// No network (see the module doc): the sockets' message loops are kept here,
/// never run, so a socket neither connects nor fails.
#[derive(Default)]
pub struct OfflineNetwork {
    loops: RefCell<Vec<MessageLoopFuture>>,
}

impl OfflineNetwork {
    /// How many sockets were asked for (each waits forever).
    pub fn sockets(&self) -> usize {
        self.loops.borrow().len()
    }
}

impl Network for OfflineNetwork {
    fn ask_room(&self, _: &str) -> RoomAsk {
        RoomAsk::answered(Err(RoomRequestError::Unreachable(OFFLINE.to_owned())))
    }

    fn ask_quick(&self, server: &str) -> RoomAsk {
        self.ask_room(server)
    }

    fn open_socket(&self, url: String, ice: &Ice) -> OpenSocket {
        let (socket, message_loop) = socket_for(url, ice);
        self.loops.borrow_mut().push(message_loop);
        (socket, Arc::new(Mutex::new(None)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn offline_rooms_are_unreachable_at_once() {
        let net = OfflineNetwork::default();
        for ask in [net.ask_room("ws://a"), net.ask_quick("ws://a")] {
            assert_eq!(
                ask.answer(),
                Some(Err(RoomRequestError::Unreachable(OFFLINE.to_owned())))
            );
        }
    }

    #[test]
    fn an_offline_socket_waits_and_never_fails() {
        let net = OfflineNetwork::default();
        let (mut socket, ended) = net.open_socket("ws://a/room".to_owned(), &Ice::None);
        assert_eq!(net.sockets(), 1);
        assert!(socket.try_update_peers().is_ok_and(|p| p.is_empty()));
        assert_eq!(*ended.lock().unwrap(), None);
    }
}
