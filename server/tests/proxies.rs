//! `--trusted-proxy`: behind a proxy the server trusts, each client is limited
//! by its own address (as the proxy forwards it); from anyone else a
//! forwarding header is ignored and the peer is the client.

mod common;

use arkanong_core::app::online::Refusal;
use common::{http, scratch, Server};
use tungstenite::client::IntoClientRequest;

/// `POST /room` as forwarded for `client` (`None`: no header): the status.
fn post_room_for(server: &Server, client: Option<&str>) -> u16 {
    let header = client.map(|c| format!("X-Forwarded-For: {c}"));
    let headers: Vec<&str> = header.iter().map(String::as_str).collect();
    http(&server.addr, "POST", "/room", &headers, "").status
}

#[test]
fn two_clients_behind_a_trusted_proxy_have_their_own_join_budgets() {
    let data = scratch("proxied-joins");
    let server = Server::start(
        &data,
        &["--trusted-proxy", "127.0.0.1/32", "--join-burst", "2"],
    );
    let spent = Refusal::TooManyJoins.http_status();
    for _ in 0..2 {
        assert_eq!(post_room_for(&server, Some("203.0.113.1")), 201);
    }
    assert_eq!(post_room_for(&server, Some("203.0.113.1")), spent);
    assert_eq!(
        post_room_for(&server, Some("6.6.6.6, 203.0.113.2")),
        201,
        "another client behind the proxy has its own budget"
    );
    assert_eq!(
        post_room_for(&server, None),
        201,
        "the proxy's own requests too"
    );
}

#[test]
fn a_client_behind_a_trusted_proxy_is_capped_by_its_own_open_connections() {
    let data = scratch("proxied-caps");
    let server = Server::start(
        &data,
        &["--trusted-proxy", "127.0.0.0/8", "--max-per-address", "1"],
    );
    let mut join = format!("ws://{}/arkanong-proxied", server.addr)
        .into_client_request()
        .unwrap();
    join.headers_mut()
        .insert("x-forwarded-for", "203.0.113.5".parse().unwrap());
    let (_held, answer) = tungstenite::connect(join).expect("the WebSocket opens");
    assert_eq!(answer.status(), 101);
    let capped = Refusal::TooManyConnections.http_status();
    assert_eq!(post_room_for(&server, Some("203.0.113.5")), capped);
    assert_eq!(post_room_for(&server, Some("203.0.113.6")), 201);
}

#[test]
fn a_forged_forwarding_header_from_an_untrusted_peer_is_ignored() {
    let data = scratch("forged");
    // 127.0.0.1 is not in the trusted network: its headers are the client's own.
    let server = Server::start(
        &data,
        &["--trusted-proxy", "10.0.0.0/8", "--join-burst", "2"],
    );
    let spent = Refusal::TooManyJoins.http_status();
    assert_eq!(post_room_for(&server, Some("203.0.113.1")), 201);
    assert_eq!(post_room_for(&server, Some("203.0.113.2")), 201);
    assert_eq!(post_room_for(&server, Some("203.0.113.3")), spent);
    let forwarded = http(
        &server.addr,
        "POST",
        "/room",
        &["Forwarded: for=203.0.113.4"],
        "",
    );
    assert_eq!(forwarded.status, spent);
}
