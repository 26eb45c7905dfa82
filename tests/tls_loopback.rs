//! The desktop game against a server that speaks TLS itself (`arkanong server
//! --tls-cert --tls-key`, a test CA made at test time), all on 127.0.0.1: the
//! game's gallery client shares and lists a level over https://; two headless
//! clients ask for a quick match (POST /quick over https://), meet over wss://
//! and play to the same hash; without the CA a client refuses the server with a
//! sentence saying so (no panic); a CA file that cannot be read stops the
//! client before it connects. Plain http/ws on 127.0.0.1 is the other tests'.

#[path = "common/clears.rs"]
mod clears;
#[path = "common/loopback.rs"]
mod loopback;
#[path = "common/test_ca.rs"]
mod test_ca;

use std::process::{Command, Output, Stdio};
use std::time::Duration;

use arkanong_core::app::community::{
    exchange, http_base, read_reply, ApiRequest, LevelPage, Shared, Sort,
};
use arkanong_core::app::net::{trust_ca_file, CA_FILE_ENV};
use arkanong_core::app::online::{is_issued_code, request_room};
use loopback::{finish, parse_line, scratch_data_dir, server_with, Server, BIN};
use test_ca::{make_test_ca, TestCa};

/// A test CA of this test process, and a server speaking TLS with its certificate.
fn tls_server(name: &str) -> (TestCa, Server) {
    let dir = scratch_data_dir().join(format!("tls-{name}"));
    let ca = make_test_ca(&dir, name);
    let db = dir.join("gallery.sqlite");
    let server = server_with(&[
        "--tls-cert",
        ca.cert.to_str().unwrap(),
        "--tls-key",
        ca.key.to_str().unwrap(),
        "--db",
        db.to_str().unwrap(),
    ]);
    assert!(server.url.starts_with("wss://127.0.0.1:"), "{}", server.url);
    (ca, server)
}

/// `arkanong online --quick` against `server`, with `extra` flags, the CA file
/// only if given there (never from this process's environment).
fn quick(server: &Server, steps: u32, extra: &[&str]) -> std::process::Child {
    Command::new(BIN)
        .args([
            "online",
            "--server",
            &server.url,
            "--quick",
            "--ice",
            "none",
        ])
        .args(["--steps", &steps.to_string(), "--headless"])
        .args(extra)
        .env_remove(CA_FILE_ENV)
        .env("ARKANONG_DATA_DIR", scratch_data_dir())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

fn text(o: &[u8]) -> String {
    String::from_utf8_lossy(o).into_owned()
}

#[test]
fn the_gallery_client_shares_and_lists_a_level_over_https() {
    let (ca, server) = tls_server("gallery");
    trust_ca_file(Some(ca.ca.to_str().unwrap())).expect("the test CA is read");
    let base = http_base(&server.url);
    assert!(base.starts_with("https://127.0.0.1:"), "{base}");
    let level = "title = Over TLS\nmode = solo\nlives = 2\n[bricks]\n1111\n";
    let shared: Shared = read_reply(exchange(
        &base,
        &ApiRequest::share(level, Some("TLS"), &clears::cpu_clear(level)),
    ))
    .expect("shared over https");
    let page: LevelPage = read_reply(exchange(&base, &ApiRequest::list(Sort::Newest, "", 0)))
        .expect("listed over https");
    assert!(
        page.levels.iter().any(|l| l.code == shared.code),
        "{page:?}"
    );
    // The room request goes the same way.
    let code = request_room(&server.url).expect("a room over https");
    assert!(is_issued_code(&code), "{code}");
}

#[test]
fn two_desktop_clients_meet_over_wss_and_play_to_the_same_hash() {
    let (ca, server) = tls_server("match");
    let ca_file = ca.ca.to_str().unwrap();
    let first = quick(&server, 300, &["--ca-file", ca_file]);
    std::thread::sleep(Duration::from_millis(300));
    let second = quick(&server, 300, &["--ca-file", ca_file]);
    let limit = Duration::from_secs(90);
    let (a, b) = (finish(first, limit), finish(second, limit));
    let (a_err, b_err) = (text(&a.stderr), text(&b.stderr));
    assert!(a.status.success() && b.status.success(), "{a_err}\n{b_err}");
    let (la, lb) = (parse_line(&text(&a.stdout)), parse_line(&text(&b.stdout)));
    assert_eq!((la.0, lb.0), (300, 300));
    assert_eq!(la.1, lb.1, "the same game on both sides");
    assert_eq!((la.4, lb.4), (0, 0), "no desyncs");
}

#[test]
fn without_the_ca_the_client_refuses_the_server_and_says_why() {
    let (_ca, server) = tls_server("untrusted");
    let out: Output = finish(quick(&server, 300, &[]), Duration::from_secs(60));
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("certificate is not trusted"), "{err}");
    assert!(err.contains("--ca-file"), "says what to do: {err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn a_ca_file_that_cannot_be_read_stops_the_client_before_it_connects() {
    let (_ca, server) = tls_server("missing-ca");
    let missing = scratch_data_dir().join("no-such-ca.pem");
    let out = finish(
        quick(&server, 300, &["--ca-file", missing.to_str().unwrap()]),
        Duration::from_secs(30),
    );
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("--ca-file") && err.contains("no-such-ca.pem"),
        "{err}"
    );
}
