//! `--tls-cert`/`--tls-key`: the server speaks https:// itself, with a test CA
//! made at test time. A client trusting the CA is answered; one that does not is
//! refused and the server goes on; a renewed certificate is taken on SIGHUP
//! and when its files change;
//! the two flags go together; a handshake that never ends is held to the caps
//! and the handshake deadline like a half-sent request.

mod common;
#[path = "../../tests/common/test_ca.rs"]
mod test_ca;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Command;
use std::sync::Arc;
use std::time::{Duration, Instant};

use common::{scratch, Server};
use rustls::pki_types::{CertificateDer, ServerName};
use test_ca::{make_test_ca, TestCa};

/// `GET path` over TLS to `addr`, trusting only `ca`: the whole answer, or the
/// handshake's or connection's error.
fn https_get(addr: &str, ca: &TestCa, path: &str) -> Result<String, String> {
    let mut roots = rustls::RootCertStore::empty();
    roots
        .add(CertificateDer::from(ca.ca_der.clone()))
        .map_err(|e| e.to_string())?;
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| e.to_string())?
        .with_root_certificates(roots)
        .with_no_client_auth();
    let name = ServerName::try_from("localhost").unwrap();
    let conn = rustls::ClientConnection::new(Arc::new(config), name).map_err(|e| e.to_string())?;
    let tcp = TcpStream::connect(addr).map_err(|e| e.to_string())?;
    tcp.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let mut tls = rustls::StreamOwned::new(conn, tcp);
    let request = format!("GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n");
    tls.write_all(request.as_bytes())
        .map_err(|e| e.to_string())?;
    let mut answer = Vec::new();
    match tls.read_to_end(&mut answer) {
        Ok(_) => {}
        // The server may close without TLS's close_notify after `Connection: close`.
        Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof && !answer.is_empty() => {}
        Err(e) => return Err(e.to_string()),
    }
    Ok(String::from_utf8_lossy(&answer).into_owned())
}

fn tls_flags(ca: &TestCa) -> Vec<String> {
    vec![
        "--tls-cert".into(),
        ca.cert.display().to_string(),
        "--tls-key".into(),
        ca.key.display().to_string(),
    ]
}

fn start(data: &std::path::Path, ca: &TestCa, more: &[&str]) -> Server {
    let flags = tls_flags(ca);
    let flags: Vec<&str> = flags
        .iter()
        .map(String::as_str)
        .chain(more.iter().copied())
        .collect();
    Server::start(data, &flags)
}

#[test]
fn https_is_answered_for_a_client_trusting_the_ca_and_refused_otherwise() {
    let data = scratch("tls-trust");
    let ca = make_test_ca(&data, "one");
    let stranger = make_test_ca(&data, "other");
    let server = start(&data, &ca, &[]);
    let answer = https_get(&server.addr, &ca, "/healthz").expect("https answered");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.ends_with("ok\n"), "{answer}");
    let refused = https_get(&server.addr, &stranger, "/healthz").unwrap_err();
    assert!(
        refused.contains("UnknownIssuer") || refused.contains("certificate"),
        "{refused}"
    );
    // Plain HTTP to the TLS port gets no answer, and the server goes on.
    let mut plain = TcpStream::connect(&server.addr).unwrap();
    plain
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    let _ = plain.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n");
    let mut junk = Vec::new();
    let _ = plain.read_to_end(&mut junk);
    assert!(!String::from_utf8_lossy(&junk).contains("ok\n"));
    assert!(
        https_get(&server.addr, &ca, "/healthz").is_ok(),
        "still serving"
    );
}

#[test]
#[cfg(unix)]
fn a_renewed_certificate_is_taken_on_sighup() {
    let data = scratch("tls-sighup");
    let first = make_test_ca(&data, "first");
    let server = start(&data, &first, &[]);
    assert!(https_get(&server.addr, &first, "/healthz").is_ok());
    // The renewal: another CA's certificate written over the same files.
    let renewed = make_test_ca(&data.join("renewed"), "renewed");
    std::fs::copy(&renewed.cert, &first.cert).unwrap();
    std::fs::copy(&renewed.key, &first.key).unwrap();
    let copied = Instant::now();
    assert!(
        https_get(&server.addr, &renewed, "/healthz").is_err(),
        "not before the signal"
    );
    let hup = Command::new("kill")
        .args(["-HUP", &server.child.id().to_string()])
        .status()
        .unwrap();
    assert!(hup.success());
    // Sooner than the files' watch could see it (two looks 2 s apart).
    while https_get(&server.addr, &renewed, "/healthz").is_err() {
        assert!(
            copied.elapsed() < Duration::from_millis(1900),
            "not reloaded on the signal"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    // A broken file at the next SIGHUP keeps the certificate in use.
    std::fs::write(&first.key, "not a key\n").unwrap();
    let _ = Command::new("kill")
        .args(["-HUP", &server.child.id().to_string()])
        .status();
    std::thread::sleep(Duration::from_millis(300));
    assert!(https_get(&server.addr, &renewed, "/healthz").is_ok());
}

#[test]
fn a_renewed_certificate_is_taken_when_its_files_change() {
    let data = scratch("tls-watch");
    let first = make_test_ca(&data, "first");
    let server = start(&data, &first, &[]);
    assert!(https_get(&server.addr, &first, "/healthz").is_ok());
    // The renewal, with no signal: the files change under the server.
    let renewed = make_test_ca(&data.join("renewed"), "renewed");
    std::fs::copy(&renewed.cert, &first.cert).unwrap();
    std::fs::copy(&renewed.key, &first.key).unwrap();
    let start = Instant::now();
    while https_get(&server.addr, &renewed, "/healthz").is_err() {
        assert!(
            start.elapsed() < Duration::from_secs(15),
            "the change was never read"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    // A broken key written over it: the certificate in use stays.
    std::fs::write(&first.key, "not a key\n").unwrap();
    std::thread::sleep(Duration::from_secs(6));
    assert!(https_get(&server.addr, &renewed, "/healthz").is_ok());
}

#[test]
fn the_two_flags_go_together_and_a_bad_key_stops_the_start_without_showing_it() {
    let data = scratch("tls-flags");
    let ca = make_test_ca(&data, "flags");
    let bin = env!("CARGO_BIN_EXE_arkanong-server");
    let db = data.join("gallery.sqlite");
    let run = |flags: &[&str]| {
        Command::new(bin)
            .args([
                "--bind",
                "127.0.0.1",
                "--port",
                "0",
                "--db",
                db.to_str().unwrap(),
            ])
            .args(flags)
            .output()
            .unwrap()
    };
    let cert = ca.cert.to_str().unwrap();
    let alone = run(&["--tls-cert", cert]);
    assert_eq!(alone.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&alone.stderr).contains("--tls-key"));
    let secret = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC-secret";
    let bad = data.join("bad-key.pem");
    std::fs::write(&bad, format!("-----BEGIN PRIVATE KEY-----\n{secret}\n")).unwrap();
    let out = run(&["--tls-cert", cert, "--tls-key", bad.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("--tls-key") && err.contains("bad-key.pem"),
        "{err}"
    );
    assert!(
        !err.contains("secret"),
        "the key's text is never shown: {err}"
    );
    // The certificate given as the key: its pair does not match.
    let swapped = run(&["--tls-cert", cert, "--tls-key", ca.ca.to_str().unwrap()]);
    assert_eq!(swapped.status.code(), Some(1));
}

#[test]
fn a_handshake_that_never_ends_is_held_to_the_caps_and_the_deadline() {
    let data = scratch("tls-caps");
    let ca = make_test_ca(&data, "caps");
    let server = start(
        &data,
        &ca,
        &["--max-per-address", "2", "--handshake-timeout", "2"],
    );
    // Two silent connections take this address's places.
    let silent: Vec<TcpStream> = (0..2)
        .map(|_| TcpStream::connect(&server.addr).unwrap())
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    let mut third = TcpStream::connect(&server.addr).unwrap();
    third
        .set_read_timeout(Some(Duration::from_secs(1)))
        .unwrap();
    let mut byte = [0u8; 1];
    let closed = matches!(third.read(&mut byte), Ok(0));
    assert!(closed, "a third is closed at the door, before any TLS");
    // The deadline closes the silent ones, and the address may connect again.
    for mut s in silent {
        s.set_read_timeout(Some(Duration::from_secs(8))).unwrap();
        let started = Instant::now();
        let n = s.read(&mut byte);
        assert!(
            matches!(n, Ok(0) | Err(_)) && started.elapsed() < Duration::from_secs(8),
            "{n:?}"
        );
    }
    std::thread::sleep(Duration::from_millis(200));
    assert!(https_get(&server.addr, &ca, "/healthz").is_ok());
}
