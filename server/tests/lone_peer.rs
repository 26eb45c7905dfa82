//! The lone-peer deadline (issue 43, item 3): a peer whose room's two players
//! have not met within `--lone-peer-secs` is let go with 4010 and its sentence,
//! however faithfully it keeps alive; a player alone and a watcher waiting
//! before the match alike. Players who met, and the watchers of their match,
//! stay, even after one of the players left.

mod common;

use std::net::TcpStream;
use std::time::{Duration, Instant};

use arkanong_core::app::online::Refusal;
use common::{scratch, Server};
use tungstenite::{Message, WebSocket};

type Ws = WebSocket<TcpStream>;

/// Joins `room` (`?watch` as a watcher) on `addr`, and reads its `IdAssigned`.
fn join(addr: &str, path: &str) -> Ws {
    let stream = TcpStream::connect(addr).expect("the server answers");
    stream
        .set_read_timeout(Some(Duration::from_millis(200)))
        .unwrap();
    let (mut ws, _) = tungstenite::client(format!("ws://{addr}/{path}"), stream)
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    let first = loop {
        match ws.read() {
            Ok(Message::Text(t)) => break t.as_str().to_owned(),
            Ok(_) => {}
            Err(tungstenite::Error::Io(e)) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            Err(e) => panic!("{path}: {e}"),
        }
    };
    assert!(first.contains("IdAssigned"), "{first}");
    ws
}

/// What `ws` heard while keeping alive every 200 ms for `time`: `Some` close
/// frame (its code and reason, and when) if the server closed it.
fn keep_alive(ws: &mut Ws, time: Duration) -> Option<(u16, String, Duration)> {
    let start = Instant::now();
    while start.elapsed() < time {
        let _ = ws.send(Message::text("\"KeepAlive\""));
        match ws.read() {
            Ok(Message::Close(Some(frame))) => {
                let code = u16::from(frame.code);
                return Some((code, frame.reason.as_str().to_owned(), start.elapsed()));
            }
            Ok(Message::Close(None)) => return Some((0, String::new(), start.elapsed())),
            Ok(_) => {}
            Err(tungstenite::Error::Io(e)) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            Err(e) => panic!("no close frame: {e}"),
        }
    }
    None
}

/// The close each of `peers` heard within `time`, kept alive together.
fn keep_all_alive(peers: &mut [&mut Ws], time: Duration) -> Vec<Option<(u16, String)>> {
    let mut heard = vec![None; peers.len()];
    let start = Instant::now();
    while start.elapsed() < time {
        for (ws, heard) in peers.iter_mut().zip(&mut heard) {
            if heard.is_none() {
                *heard = keep_alive(ws, Duration::from_millis(1)).map(|(c, r, _)| (c, r));
            }
        }
    }
    heard
}

#[test]
fn a_peer_whose_room_never_met_is_let_go_and_a_match_is_not() {
    let data = scratch("lone-peer");
    let server = Server::start(&data, &["--lone-peer-secs", "2", "--idle-timeout", "30"]);
    let addr = &server.addr;
    let lone = Refusal::NoMatchBegan;
    let expected = Some((lone.close_code(), lone.reason().to_owned()));
    assert_eq!(lone.close_code(), 4010);

    // Two players who meet, then a watcher of their match.
    let mut a = join(addr, "met-room");
    let mut b = join(addr, "met-room");
    // A player alone, and a watcher waiting in a room with one player.
    let mut alone = join(addr, "alone-room");
    let mut early = join(addr, "early-room");
    let mut early_watcher = join(addr, "early-room?watch");
    std::thread::sleep(Duration::from_millis(500));
    let mut watcher = join(addr, "met-room?watch");

    let heard = keep_all_alive(
        &mut [
            &mut alone,
            &mut early,
            &mut early_watcher,
            &mut a,
            &mut b,
            &mut watcher,
        ],
        Duration::from_millis(3500),
    );
    assert_eq!(heard[..3], [expected.clone(), expected.clone(), expected]);
    assert_eq!(
        heard[3..],
        [None, None, None],
        "a match and its watcher stay"
    );

    // One of the met players leaves: the other and the watcher stay on.
    let _ = b.close(None);
    let heard = keep_all_alive(&mut [&mut a, &mut watcher], Duration::from_millis(2500));
    assert_eq!(
        heard,
        [None, None],
        "the room met once: no one in it is lone"
    );
}

#[test]
fn the_deadline_is_the_one_given_not_sooner() {
    let data = scratch("lone-peer-when");
    let server = Server::start(&data, &["--lone-peer-secs", "2"]);
    let mut alone = join(&server.addr, "waiting-room");
    let closed = keep_alive(&mut alone, Duration::from_secs(5)).expect("let go");
    assert_eq!(closed.0, 4010);
    assert!(
        (Duration::from_millis(1700)..Duration::from_millis(3500)).contains(&closed.2),
        "{:?}",
        closed.2
    );
}
