//! `arkanong server` against a stranger (issue 31): each test plays one attack
//! on 127.0.0.1, bounded in count and time, checks the limit that beats it, and
//! checks the server's peak memory (VmHWM) stays under the 100 MiB goal. Each
//! fails against a server without that limit (matchbox_signaling's, as main had:
//! `ARKANONG_SERVER_BIN=/path/to/old/arkanong cargo test --release --test
//! server_hostile` shows them fail).

#[path = "common/server_attacks.rs"]
mod attacks;

use std::time::Duration;

use arkanong_core::app::online::{is_issued_code, request_room, room_for, Refusal};
use attacks::{
    flood_rooms, half_sent, hear, join, join_with_id, many_sockets, non_reader, oversized, peer_id,
    post_room, third_peer, Heard, Hosted,
};

/// The goal for the server's peak memory under any attack, MiB.
const PEAK_GOAL_MIB: f64 = 100.0;

fn assert_peak(server: &Hosted, attack: &str) {
    let peak = server.peak_mib();
    eprintln!("{attack}: server peak {peak:.1} MiB");
    assert!(
        peak > 0.0 && peak < PEAK_GOAL_MIB,
        "{attack}: peak {peak:.1} MiB"
    );
}

#[test]
fn a_flood_of_rooms_from_one_address_is_rate_limited() {
    let server = Hosted::start(&[]);
    let flood = flood_rooms(&server.addr, 100);
    eprintln!("{flood:?}");
    // 30 joins in a burst, then one per 2 s: the flood takes a few seconds.
    let allowed = 30 + (flood.seconds / 2.0).ceil() as usize + 1;
    assert!(
        flood.admitted + flood.no_such_room + flood.issued <= allowed,
        "{flood:?}: more than the join budget ({allowed})"
    );
    assert!(flood.rate_limited >= 100, "{flood:?}");
    assert_peak(&server, "room flood");
}

#[test]
fn rooms_are_issued_by_the_server_and_unissued_codes_are_no_such_room() {
    let server = Hosted::start(&[]);
    let code = request_room(&format!("ws://{}", server.addr)).expect("a room is issued");
    assert!(is_issued_code(&code), "{code:?}");
    assert_eq!(post_room(&server.addr).map(|(status, _)| status), Some(201));
    let room = room_for(&code);
    let (mut host, host_id) = join_with_id(&server.addr, &room).expect("the host joins");
    let (_guest, guest_id) = join_with_id(&server.addr, &room).expect("the guest joins");
    assert_eq!(peer_id(&hear(&mut host), "NewPeer"), Some(guest_id));
    assert_ne!(host_id, "");
    let wrong = room_for(if code.starts_with('A') {
        "BBBBBBB"
    } else {
        "AAAAAAA"
    });
    let mut stranger = join(&server.addr, &wrong, Duration::from_secs(5)).unwrap();
    let refusal = Refusal::NoSuchRoom;
    assert_eq!(
        hear(&mut stranger),
        Heard::Closed(refusal.close_code(), refusal.reason().into())
    );
}

#[test]
fn a_third_peer_is_told_the_room_is_full_at_once() {
    let server = Hosted::start(&[]);
    let (heard, after) = third_peer(&server.addr);
    let full = Refusal::RoomFull;
    assert_eq!(
        heard,
        Heard::Closed(full.close_code(), full.reason().into())
    );
    assert!(after < Duration::from_secs(2), "{after:?}");
    assert_peak(&server, "third peer");
}

#[test]
fn a_peer_that_never_reads_is_dropped_and_memory_stays_flat() {
    let mut server = Hosted::start(&["--max-messages-per-second", "1000"]);
    let before = server.peak_mib();
    let attack = non_reader(&server.addr, 600);
    eprintln!(
        "sent {} MB, the non-reader got {} MB, then {:?}",
        attack.sent >> 20,
        attack.received >> 20,
        attack.ended
    );
    assert!(attack.sent > 30 << 20, "the sender got its 36 MB out");
    assert!(
        attack.received < attack.sent / 2,
        "the server queued {} of {} bytes for a peer that does not read",
        attack.received,
        attack.sent
    );
    assert!(matches!(attack.ended, Heard::Gone | Heard::Closed(..)));
    assert!(server.alive());
    assert!(
        server.peak_mib() - before < 24.0,
        "{before} -> {}",
        server.peak_mib()
    );
    assert_peak(&server, "non-reader");
}

#[test]
fn a_10_mb_message_is_refused_whole_or_in_fragments() {
    let mut server = Hosted::start(&[]);
    for fragmented in [false, true] {
        let attack = oversized(&server.addr, 10 << 20, fragmented);
        eprintln!("fragmented {fragmented}: {attack:?}");
        assert_eq!(attack.relayed, 0, "fragmented {fragmented}: relayed");
        assert!(
            matches!(attack.sender_heard, Heard::Gone | Heard::Closed(1009, _)),
            "fragmented {fragmented}: {:?}",
            attack.sender_heard
        );
    }
    assert!(server.alive());
    assert_peak(&server, "10 MB messages");
}

#[test]
fn two_thousand_sockets_from_one_address_get_sixteen() {
    let server = Hosted::start(&[]);
    let (upgraded, held) = many_sockets(&server.addr, 2000);
    eprintln!("{} sockets opened, {upgraded} upgraded", held.len());
    assert!(held.len() >= 1900, "the client could open its sockets");
    assert_eq!(upgraded, 16, "--max-per-address defaults to 16");
    assert_peak(&server, "2,000 sockets");
}

#[test]
fn half_sent_requests_are_dropped_after_the_handshake_timeout() {
    let server = Hosted::start(&["--handshake-timeout", "2"]);
    let held = half_sent(&server.addr, 10, Duration::from_secs(4));
    assert_eq!(
        held, 0,
        "{held} of 10 half-sent requests still held after 4 s"
    );
    assert_peak(&server, "half-sent requests");
}

#[test]
fn a_joined_peer_outlives_the_handshake_timeout_and_a_silent_one_is_closed() {
    let server = Hosted::start(&["--handshake-timeout", "1", "--idle-timeout", "3"]);
    let room = format!("outlives-{}", std::process::id());
    let (mut talker, _) = join_with_id(&server.addr, &room).expect("the first joins");
    let (mut silent, id) = join_with_id(&server.addr, &room).expect("the second joins");
    assert!(matches!(hear(&mut talker), Heard::Text(_)), "NewPeer");
    std::thread::sleep(Duration::from_millis(1500));
    talker
        .send(tungstenite::Message::text(attacks::signal(&id, 10)))
        .unwrap();
    let heard = hear(&mut silent);
    assert!(
        matches!(&heard, Heard::Text(t) if t.starts_with("{\"Signal\"")),
        "past the handshake timeout, signals still go: {heard:?}"
    );
    // Silent for 3 s in all: the idle timeout closes it, with its reason.
    silent
        .get_mut()
        .set_read_timeout(Some(Duration::from_secs(4)))
        .unwrap();
    let idle = Refusal::IdleTooLong;
    assert_eq!(
        hear(&mut silent),
        Heard::Closed(idle.close_code(), idle.reason().into())
    );
}

/// `POST /quick` with `key` as the body: the status and body.
fn post_quick(addr: &str, key: &str) -> Option<(u16, String)> {
    let request = format!(
        "POST /quick HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{key}",
        key.len()
    );
    attacks::http(addr, &request)
}

#[test]
fn quick_match_pairs_two_players_of_a_version_in_one_issued_room() {
    use arkanong_core::app::online::{quick_key, request_quick};
    let server = Hosted::start(&[]);
    let url = format!("ws://{}", server.addr);
    let first = request_quick(&url).expect("the first waits in a room");
    let other = post_quick(&server.addr, "0.0.1-other versus").expect("answered");
    assert_eq!(other.0, 201);
    assert_ne!(other.1, first, "another version is not paired");
    let second = request_quick(&url).expect("the second is paired");
    assert_eq!(second, first, "both players get the same room");
    assert!(is_issued_code(&first), "{first:?}");
    let room = room_for(&first);
    let (mut a, _) = join_with_id(&server.addr, &room).expect("the first joins");
    let (_b, b_id) = join_with_id(&server.addr, &room).expect("the second joins");
    assert_eq!(peer_id(&hear(&mut a), "NewPeer"), Some(b_id));
    for bad in ["", "0.1.0 solo", &"x".repeat(100), "0.1.0 versus\r\nX-Y: z"] {
        let answer = post_quick(&server.addr, bad).map(|(status, _)| status);
        assert_eq!(answer, Some(400), "{bad:?}");
    }
    assert_ne!(quick_key(), "", "this build's key");
}

#[test]
fn a_quick_match_flood_from_one_address_stays_bounded() {
    let server = Hosted::start(&[]);
    let start = std::time::Instant::now();
    let (mut codes, mut limited) = (Vec::new(), 0);
    // Each ask a new version: none pairs, so each would wait in a room of its own.
    for k in 0..200 {
        match post_quick(&server.addr, &format!("0.{k}.0 versus")) {
            Some((201, code)) => codes.push(code),
            Some((429, _)) => limited += 1,
            other => panic!("ask {k}: {other:?}"),
        }
    }
    let seconds = start.elapsed().as_secs_f64();
    // The join budget: 30 in a burst, then one per 2 s.
    let allowed = 30 + (seconds / 2.0).ceil() as usize + 1;
    eprintln!("{} rooms, {limited} refused in {seconds:.1} s", codes.len());
    assert!(codes.len() <= allowed, "{} > {allowed}", codes.len());
    assert!(limited >= 150, "{limited}");
    assert_peak(&server, "quick match flood");
}
