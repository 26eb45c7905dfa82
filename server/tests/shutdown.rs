//! A graceful stop: SIGTERM to a running server closes its WebSocket peers with
//! 1001 "going away", keeps what it acknowledged, and exits with 0.
#![cfg(unix)]

#[path = "../../tests/common/clears.rs"]
mod clears;
mod common;

use std::process::Command;
use std::time::{Duration, Instant};

use common::{http, scratch, Server};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::Message;

/// Shares a small level, with its clear check, on `addr`'s gallery: its code
/// once the server said 201.
fn share_a_level(addr: &str) -> String {
    let text = "title = \"Kept\"\nmode = solo\nlives = 9\n[bricks]\n11\n";
    let body = serde_json::json!({ "text": text, "clear": clears::cpu_clear(text) }).to_string();
    let answer = http(
        addr,
        "POST",
        "/gallery/levels",
        &["Content-Type: application/json"],
        &body,
    );
    assert_eq!(
        answer.status,
        201,
        "{:?}",
        String::from_utf8_lossy(&answer.body)
    );
    let shared: serde_json::Value = serde_json::from_slice(&answer.body).unwrap();
    shared["code"].as_str().unwrap().to_owned()
}

#[test]
fn sigterm_closes_peers_as_going_away_keeps_acknowledged_writes_and_exits_0() {
    let data = scratch("sigterm");
    let mut server = Server::start(&data, &[]);
    let (mut peer, _) = tungstenite::connect(format!("ws://{}/arkanong-stopping", server.addr))
        .expect("a peer joins a room");
    if let MaybeTlsStream::Plain(stream) = peer.get_mut() {
        stream
            .set_read_timeout(Some(Duration::from_secs(10)))
            .unwrap();
    }
    let code = share_a_level(&server.addr);

    let pid = server.child.id().to_string();
    assert!(Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap()
        .success());
    let close = loop {
        match peer.read() {
            Ok(Message::Close(frame)) => break frame.map(|f| u16::from(f.code)),
            Ok(_) => continue, // its IdAssigned
            Err(e) => panic!("the peer heard no close frame: {e}"),
        }
    };
    assert_eq!(close, Some(1001), "a going-away close");
    let deadline = Instant::now() + Duration::from_secs(15);
    let status = loop {
        if let Some(status) = server.child.try_wait().unwrap() {
            break status;
        }
        assert!(Instant::now() < deadline, "the server did not stop");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(status.code(), Some(0), "a graceful stop exits with 0");

    let again = Server::start(&data, &[]);
    let level = http(
        &again.addr,
        "GET",
        &format!("/gallery/levels/{code}"),
        &[],
        "",
    );
    assert_eq!(
        level.status, 200,
        "the level shared before the stop is kept"
    );
}
