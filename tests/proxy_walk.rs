//! The hosting walk as it will run (issue 42, item 6), all on 127.0.0.1: nginx
//! terminating TLS with a certificate of a test CA made at test time, in front
//! of two `arkanong server`s on one database (PostgreSQL when
//! `ARKANONG_TEST_POSTGRES` names one, as CI's does; else one SQLite file in WAL
//! mode, which two servers on one machine share safely), both with
//! `--trusted-proxy 127.0.0.1/32`:
//! - two headless desktop clients trusting the test CA (`--ca-file`) ask for a
//!   quick match over https:// and meet over wss://, and play to the same hash;
//! - a level is shared and a CPU-played score verified over https://, and both
//!   servers read the level from the one database;
//! - the limits count each real client: two source addresses behind nginx
//!   (127.0.0.1 and 127.0.0.2, both on loopback) have join budgets apart; an
//!   `X-Forwarded-For` a client writes itself gets it no budget of its own,
//!   through nginx (which writes the header over) or straight to a server.
//!
//! Skipped, saying so, only when nginx is not installed (.ci/run installs it).

#[path = "common/clears.rs"]
mod clears;
#[path = "common/loopback.rs"]
mod loopback;
#[path = "common/nginx.rs"]
mod nginx;
#[path = "common/test_ca.rs"]
mod test_ca;

use std::io::{Read, Write};
use std::net::{IpAddr, Ipv4Addr, SocketAddr, TcpStream};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::Duration;

use arkanong_core::app::community::{
    exchange, new_player_id, random_bytes, read_reply, ApiRequest, LevelDetail, Shared, TopScores,
    Verified,
};
use arkanong_core::app::net::{trust_ca_file, CA_FILE_ENV};
use arkanong_core::game::{gather_inputs, Cpu, Difficulty, Game, Intent, Mode, Replay};
use arkanong_core::level::{Level, Side};
use loopback::{finish, parse_line, scratch_data_dir, server_with, Server, BIN};
use nginx::{nginx_program, start_nginx, Nginx};
use test_ca::{make_test_ca, TestCa};

/// Joins (and rooms asked for) an address may make before it waits: small,
/// so the limits part spends a budget in a few requests; and 10 minutes to
/// earn one more, so none comes back during the test.
const JOIN_BURST: usize = 3;

/// nginx, its test CA, and the two servers behind it.
struct Site {
    nginx: Nginx,
    ca: TestCa,
    servers: [Server; 2],
}

/// The `host:port` of a server's `ws://` URL.
fn addr_of(server: &Server) -> SocketAddr {
    let host = server.url.strip_prefix("ws://").expect("a plain server");
    host.parse().expect("an address")
}

/// The database the two servers share: PostgreSQL if the tests have one,
/// else a SQLite file in `dir`.
fn shared_database(dir: &std::path::Path) -> String {
    match std::env::var("ARKANONG_TEST_POSTGRES") {
        Ok(url) if !url.is_empty() => url,
        _ => dir.join("gallery.sqlite").display().to_string(),
    }
}

/// nginx and two servers for the test `name` with `flags` beside the shared
/// database and the trusted proxy, or `None` (said) without nginx.
fn site(name: &str, more: &[&str]) -> Option<Site> {
    let Some(program) = nginx_program() else {
        eprintln!("skipped: nginx is not installed (apt-get install nginx; .ci/run does)");
        return None;
    };
    let dir = scratch_data_dir().join(format!("proxy-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    let ca = make_test_ca(&dir, name);
    let db = shared_database(&dir);
    let flags = [&["--db", &db, "--trusted-proxy", "127.0.0.1/32"], more].concat();
    let servers = [server_with(&flags), server_with(&flags)];
    let nginx = start_nginx(
        &program,
        &dir.join("nginx"),
        &ca.cert,
        &ca.key,
        [addr_of(&servers[0]), addr_of(&servers[1])],
    );
    Some(Site { nginx, ca, servers })
}

/// A solo game of `text` the hard CPU plays for at most `steps` steps, recorded
/// as the game records one; and its score.
fn cpu_replay(text: &str, seed: u64, steps: usize) -> (Replay, u32) {
    let level = Level::parse(text).unwrap();
    let mut game = Game::new(&level, Mode::Solo, seed);
    let mut cpus = [Some(Cpu::new(Side::Bottom, Difficulty::Hard, seed)), None];
    let mut inputs = Vec::new();
    while inputs.len() < steps && game.outcome().is_none() {
        let step = gather_inputs(&game, &mut cpus, |_| Intent::IDLE);
        game.step(&step);
        inputs.push(step);
    }
    let score = game.player(Side::Bottom).map_or(0, |p| p.score);
    let replay = Replay {
        seed,
        mode: Mode::Solo,
        rules: level.rules,
        level_text: text.to_owned(),
        inputs,
        final_hash: game.state_hash(),
    };
    (replay, score)
}

/// `arkanong online --quick` through nginx for `steps` steps, trusting `ca`.
fn quick_through(nginx: &Nginx, ca: &TestCa, steps: u32) -> std::process::Child {
    Command::new(BIN)
        .args(["online", "--server", &format!("wss://{}", nginx.addr)])
        .args(["--quick", "--ice", "none", "--headless"])
        .args(["--steps", &steps.to_string()])
        .arg("--ca-file")
        .arg(&ca.ca)
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
fn two_desktop_clients_meet_and_a_score_is_verified_over_https_through_nginx() {
    let Some(site) = site("walk", &[]) else {
        return;
    };
    let base = format!("https://{}", site.nginx.addr);
    trust_ca_file(Some(site.ca.ca.to_str().unwrap())).expect("the test CA is read");

    // The match first (its clients run while the gallery part goes on).
    let first = quick_through(&site.nginx, &site.ca, 300);
    std::thread::sleep(Duration::from_millis(300));
    let second = quick_through(&site.nginx, &site.ca, 300);

    // A level shared over https://, read back by each server from the one database.
    let title = format!("Proxy Walk {}", std::process::id());
    let level = format!("title = {title}\nmode = solo\nlives = 2\n[bricks]\n1111\n1221\n");
    let shared: Shared = read_reply(exchange(
        &base,
        &ApiRequest::share(&level, Some("CI"), &clears::cpu_clear(&level)),
    ))
    .expect("shared over https through nginx");
    for server in &site.servers {
        let direct = format!("http://{}", addr_of(server));
        let detail: LevelDetail = read_reply(exchange(&direct, &ApiRequest::level(&shared.code)))
            .unwrap_or_else(|e| panic!("{direct} does not have the level: {e:?}"));
        assert_eq!(Level::parse(&detail.text).unwrap().title, title);
    }
    // A score played by the CPU, verified by whichever server nginx picks.
    let player = new_player_id(random_bytes());
    let (replay, score) = cpu_replay(&level, 7, 3_000);
    let submit = ApiRequest::submit(&shared.code, &player, "CPU", &replay.to_text());
    let verified: Verified = read_reply(exchange(&base, &submit)).expect("verified over https");
    assert_eq!(verified.score, u64::from(score));
    let top: TopScores =
        read_reply(exchange(&base, &ApiRequest::top(&shared.code, &player))).expect("the top ten");
    assert_eq!(top.scores.len(), 1, "{top:?}");
    assert_eq!(top.scores[0].score, u64::from(score));

    let limit = Duration::from_secs(60);
    let (a, b) = (finish(first, limit), finish(second, limit));
    let (a_err, b_err) = (text(&a.stderr), text(&b.stderr));
    assert!(a.status.success() && b.status.success(), "{a_err}\n{b_err}");
    let (la, lb) = (parse_line(&text(&a.stdout)), parse_line(&text(&b.stdout)));
    assert_eq!((la.0, lb.0), (300, 300));
    assert_eq!(la.1, lb.1, "the same game on both sides");
    assert_eq!((la.4, lb.4), (0, 0), "no desyncs");
    // nginx logged the upgrades it passed on (101) and the gallery's answers.
    let log = std::fs::read_to_string(site.nginx.dir.join("access.log")).unwrap();
    assert!(log.contains("\" 101 "), "no WebSocket went through:\n{log}");
}

/// A TLS client trusting only `ca`, for requests the test writes by hand.
fn tls_client(ca: &TestCa) -> Arc<rustls::ClientConfig> {
    let mut roots = rustls::RootCertStore::empty();
    roots
        .add(rustls::pki_types::CertificateDer::from(ca.ca_der.clone()))
        .unwrap();
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .unwrap()
        .with_root_certificates(roots)
        .with_no_client_auth();
    Arc::new(config)
}

/// A TCP connection to `to` from the loopback address `from` (Linux answers
/// all of 127.0.0.0/8): a client of another address, on one machine.
fn connect_from(from: Ipv4Addr, to: SocketAddr) -> TcpStream {
    use socket2::{Domain, Socket, Type};
    let socket = Socket::new(Domain::IPV4, Type::STREAM, None).unwrap();
    socket
        .bind(&SocketAddr::new(IpAddr::V4(from), 0).into())
        .unwrap();
    socket.connect(&to.into()).unwrap();
    let stream: TcpStream = socket.into();
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .unwrap();
    stream
}

/// `POST /room` from `from` to `to` (over TLS when `tls` is given), with an
/// `X-Forwarded-For` the client wrote itself if `forged`: the answer's status.
fn post_room(
    from: Ipv4Addr,
    to: SocketAddr,
    tls: Option<&Arc<rustls::ClientConfig>>,
    forged: Option<&str>,
) -> u16 {
    let stream = connect_from(from, to);
    let mut request =
        "POST /room HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: 0\r\n"
            .to_owned();
    if let Some(forged) = forged {
        request.push_str(&format!("X-Forwarded-For: {forged}\r\n"));
    }
    request.push_str("\r\n");
    let mut answer = Vec::new();
    match tls {
        Some(config) => {
            let name = rustls::pki_types::ServerName::try_from("127.0.0.1").unwrap();
            let conn = rustls::ClientConnection::new(Arc::clone(config), name).unwrap();
            let mut tls = rustls::StreamOwned::new(conn, stream);
            tls.write_all(request.as_bytes()).unwrap();
            // nginx may close without TLS's close_notify after `Connection: close`.
            let _ = tls.read_to_end(&mut answer);
        }
        None => {
            let mut stream = stream;
            stream.write_all(request.as_bytes()).unwrap();
            let _ = stream.read_to_end(&mut answer);
        }
    }
    let answer = text(&answer);
    (answer.get(9..12).and_then(|s| s.parse().ok()))
        .unwrap_or_else(|| panic!("no status from {to}: {answer:?}"))
}

#[test]
fn limits_count_each_real_client_behind_nginx_and_forged_headers_get_nothing() {
    let burst = JOIN_BURST.to_string();
    let limits = ["--join-burst", &burst, "--join-every", "600000"];
    let Some(site) = site("limits", &limits) else {
        return;
    };
    let tls = tls_client(&site.ca);
    let via = site.nginx.addr;
    let local = Ipv4Addr::new(127, 0, 0, 1);
    // A client on the proxy's own address writes a new X-Forwarded-For each
    // time: nginx writes its real address over it, so it spends one budget.
    let forged: Vec<u16> = (0..JOIN_BURST + 2)
        .map(|i| post_room(local, via, Some(&tls), Some(&format!("203.0.113.{i}"))))
        .collect();
    let mut expected = vec![201; JOIN_BURST];
    expected.extend([429, 429]);
    assert_eq!(forged, expected, "forged addresses through nginx");
    // Another real client behind the same proxy has its own budget.
    let other = Ipv4Addr::new(127, 0, 0, 2);
    assert_eq!(
        post_room(other, via, Some(&tls), None),
        201,
        "limited apart"
    );
    // Straight to the server from an address it does not trust: the header is
    // not believed, and the TCP address's budget is spent.
    let direct = addr_of(&site.servers[0]);
    let outsider = Ipv4Addr::new(127, 0, 0, 3);
    let straight: Vec<u16> = (0..JOIN_BURST + 2)
        .map(|i| post_room(outsider, direct, None, Some(&format!("198.51.100.{i}"))))
        .collect();
    assert_eq!(straight, expected, "forged addresses straight to a server");
    // nginx itself had nothing to complain of.
    let errors = std::fs::read_to_string(site.nginx.dir.join("error.log")).unwrap_or_default();
    assert!(!errors.contains("[emerg]"), "{errors}");
}
