//! `server()`: binds, prints `server: listening on ws://ADDR` (`wss://` with
//! `--tls-cert`; tests wait for it), then accepts connections until killed.
//! Each connection is admitted against the per-address and total caps before
//! any TLS or HTTP is read (refused with a bare HTTP status and closed), then
//! gets the handshake timeout for its TLS handshake, if any, and again to send
//! a whole request (a half-sent request held a socket 40 s and more before).

use std::io::Write;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use hyper::body::Incoming;
use hyper::Request;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::net::{TcpListener, TcpStream};
use tower_service::Service;
use tracing::Instrument;

use super::addresses::{Addresses, Admission};
use super::args::{Limits, ServerArgs};
use super::gallery::{operator_tools, Fairness, Gallery};
use super::log::{path_for_log, start_log, Tally};
use super::proxies::TrustedProxies;
use super::rooms::Rooms;
use super::routes::{refusal_response, routes};
use super::shutdown::{stop_signal, Alive, Shutdown, Stopping, DRAIN};
use super::tls::{reload_on_change, reload_on_hangup, Tls};
use super::web::Web;
use arkanong_core::app::online::Refusal;

/// How often expired rooms and forgotten addresses are swept, and refusals summed up.
const HOUSEKEEPING: Duration = Duration::from_secs(5);

/// Everything the connections share.
#[derive(Debug)]
pub(super) struct ServerState {
    pub(super) rooms: Rooms,
    pub(super) addresses: Arc<Addresses>,
    pub(super) tally: Tally,
    pub(super) limits: Limits,
    /// The proxies whose forwarding headers say who the client is.
    pub(super) proxies: TrustedProxies,
    /// The gallery, or why it is closed (its default database did not open).
    pub(super) gallery: Result<Arc<Gallery>, String>,
    /// The browser build `--web` serves, if any.
    pub(super) web: Option<Web>,
    /// Whether the server is stopping (SIGTERM, Ctrl-C): peers say goodbye.
    pub(super) stopping: Stopping,
    /// The certificate connections are served with (`--tls-cert`), if any.
    pub(super) tls: Option<Arc<Tls>>,
}

/// A request as the routes see it: the client it comes from (the TCP peer, or
/// the address a trusted proxy forwards it for), and its places in the caps
/// (held until the request, or its WebSocket, ends).
#[derive(Clone, Debug)]
pub(super) struct Connection {
    pub(super) ip: IpAddr,
    _door: Arc<Admission>,
    _forwarded: Option<Arc<Admission>>,
    /// Held until the connection is gone, so a graceful stop waits for it.
    _alive: Alive,
}

/// The gallery `--db` names, its limits and rules from the flags: `Err(why)`
/// when the default database (no `--db`) did not open (no data folder: a
/// container, a service without a home; or a read-only disk), since the
/// signaling needs no disk and runs while `/gallery/` answers 503 with why;
/// `None` (said on stderr) when a `--db` given does not open.
async fn open_gallery(args: &ServerArgs) -> Option<Result<Arc<Gallery>, String>> {
    let fairness = Fairness {
        ids_per_address: args.ids_per_address,
        rate_after_play: args.rate_after_play,
        ipv4_prefix: args.ipv4_prefix,
        ipv6_prefix: args.ipv6_prefix,
        top_networks: args.top_networks,
        plays_per_network: args.plays_per_network,
    };
    match Gallery::open(args.db.as_deref(), args.gallery_burst_factor, fairness).await {
        Ok(gallery) => Some(Ok(Arc::new(gallery.with_verify_budget(args.verify_budget)))),
        Err(e) if args.db.is_none() => {
            tracing::warn!("the gallery is closed: {e}; signaling runs without it");
            Some(Err(e))
        }
        Err(e) => {
            eprintln!("server: {e}");
            None
        }
    }
}

/// The certificate `--tls-cert` and `--tls-key` name (`Some(None)`: plain),
/// or `None` (said on stderr) when it cannot be read or only one is given.
fn open_tls(args: &ServerArgs) -> Option<Option<Arc<Tls>>> {
    match (&args.tls_cert, &args.tls_key) {
        (Some(cert), Some(key)) => match Tls::open(cert, key) {
            Ok(tls) => Some(Some(Arc::new(tls))),
            Err(e) => {
                eprintln!("server: {e}");
                None
            }
        },
        (None, None) => Some(None),
        // clap requires both; a caller building ServerArgs itself gets the same word.
        _ => {
            eprintln!("server: --tls-cert and --tls-key go together");
            None
        }
    }
}

/// `arkanong server`: binds, prints `server: listening on ws://ADDR`, and
/// serves until SIGTERM or Ctrl-C, then stops gracefully (shutdown.rs) and
/// returns 0. Exit code 1 when it cannot start or listen.
pub fn server(args: &ServerArgs, out: &mut impl Write) -> i32 {
    start_log();
    let limits = args.limits();
    let addr = SocketAddr::new(args.bind, args.port);
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("server: cannot start: {e}");
            return 1;
        }
    };
    if let Some(code) = operator_tools(args, &runtime, out) {
        return code;
    }
    runtime.block_on(async {
        let Some(gallery) = open_gallery(args).await else {
            return 1;
        };
        let web = match args.web.as_deref().map(Web::open).transpose() {
            Ok(web) => web,
            Err(e) => {
                eprintln!("server: {e}");
                return 1;
            }
        };
        let Some(tls) = open_tls(args) else {
            return 1;
        };
        if let Some(tls) = &tls {
            reload_on_hangup(Arc::clone(tls));
            reload_on_change(Arc::clone(tls));
        }
        let (ws, http) = match tls {
            Some(_) => ("wss", "https"),
            None => ("ws", "http"),
        };
        let listener = match TcpListener::bind(addr).await {
            Ok(listener) => listener,
            Err(e) => {
                eprintln!("server: cannot listen on {addr}: {e}");
                return 1;
            }
        };
        let bound = listener.local_addr().unwrap_or(addr);
        let _ = writeln!(out, "server: listening on {ws}://{bound}");
        let _ = out.flush();
        tracing::info!(
            "listening on {ws}://{bound}: messages up to {} bytes, queues {} bytes, \
             {} connections per address and {} in all, {} rooms, joins {} then 1 per {} ms, \
             {} messages/s, handshake {} s, idle {} s, issued rooms wait {} s{}",
            limits.max_message,
            limits.max_queue,
            limits.max_per_address,
            limits.max_connections,
            limits.max_rooms,
            limits.join_burst,
            limits.join_every.as_millis(),
            limits.messages_per_second,
            limits.handshake_timeout.as_secs(),
            limits.idle_timeout.as_secs(),
            limits.room_ttl.as_secs(),
            if limits.issued_rooms_only {
                ", issued rooms only"
            } else {
                ""
            },
        );
        if let Some(dir) = &args.web {
            tracing::info!("the game at {http}://{bound}/, from {}", dir.display());
        }
        if !args.trusted_proxy.is_empty() {
            let nets: Vec<String> = args.trusted_proxy.iter().map(|n| n.to_string()).collect();
            tracing::info!("forwarding headers believed from {}", nets.join(", "));
        }
        let shutdown = Shutdown::new();
        let state = Arc::new(ServerState {
            rooms: Rooms::new(limits.clone()),
            addresses: Arc::new(Addresses::new(limits.clone())),
            tally: Tally::default(),
            limits,
            proxies: TrustedProxies::new(&args.trusted_proxy),
            gallery,
            web,
            stopping: shutdown.stopping(),
            tls,
        });
        let housekeeping = tokio::spawn(housekeeping(Arc::clone(&state)));
        tokio::select! {
            () = accept(listener, Arc::clone(&state), &shutdown) => {}
            signal = stop_signal() => {
                tracing::info!(
                    "{signal}: stopping; {} connections open have {} s to finish",
                    state.addresses.open(),
                    DRAIN.as_secs()
                );
            }
        }
        // The accept loop and its listener are dropped: no new connections.
        shutdown.stop();
        tokio::select! {
            finished = shutdown.drained(DRAIN) => {
                if !finished {
                    tracing::warn!("{} connections still open: closed", state.addresses.open());
                }
            }
            signal = stop_signal() => tracing::warn!("{signal} again: stopping now"),
        }
        housekeeping.abort();
        if let Ok(gallery) = &state.gallery {
            gallery.close().await;
        }
        tracing::info!("stopped");
        0
    })
}

/// Accepts connections for ever (until the stop drops it), admitting each
/// against the caps.
async fn accept(listener: TcpListener, state: Arc<ServerState>, shutdown: &Shutdown) {
    let router = routes(Arc::clone(&state));
    loop {
        let (stream, from) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of file descriptors, most likely: let some close.
                tracing::warn!("cannot accept: {e}");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        // A trusted proxy's connection carries many clients' requests: each
        // request is admitted for its own client once its headers are read.
        let proxied = state.proxies.trusts(from.ip());
        let door = match proxied {
            true => state.addresses.admit_proxy(),
            false => state.addresses.admit(from.ip()),
        };
        match door {
            Ok(admission) => {
                let conn = Connection {
                    ip: from.ip().to_canonical(),
                    _door: Arc::new(admission),
                    _forwarded: None,
                    _alive: shutdown.alive(),
                };
                let serving = serve(stream, conn, proxied, router.clone(), Arc::clone(&state));
                tokio::spawn(serving);
            }
            Err(refusal) => {
                state.tally.refused(refusal);
                // A TLS client cannot read a plain answer: it is just closed.
                if state.tls.is_none() {
                    refuse(&stream, refusal);
                }
            }
        }
    }
}

/// Answers a connection turned away at the door with its HTTP status, if the
/// socket takes it at once (it is not waited for), and closes it.
fn refuse(stream: &TcpStream, refusal: Refusal) {
    let reason = refusal.reason();
    let status = refusal.http_status();
    let answer = format!(
        "HTTP/1.1 {status} Refused\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{reason}",
        reason.len()
    );
    let _ = stream.try_write(answer.as_bytes());
}

/// Serves one admitted connection: its TLS handshake first with `--tls-cert`
/// (within the handshake timeout, holding its places in the caps), then its
/// HTTP ([`serve_http`]).
async fn serve(
    stream: TcpStream,
    conn: Connection,
    proxied: bool,
    router: Router,
    state: Arc<ServerState>,
) {
    let _ = stream.set_nodelay(true);
    let Some(tls) = &state.tls else {
        return serve_http(TokioIo::new(stream), conn, proxied, router, state).await;
    };
    let handshake = tls.acceptor().accept(stream);
    match tokio::time::timeout(state.limits.handshake_timeout, handshake).await {
        Ok(Ok(stream)) => serve_http(TokioIo::new(stream), conn, proxied, router, state).await,
        // A client that does not trust the certificate, or speaks plain HTTP
        // to the TLS port: its own business, logged for the operator only.
        Ok(Err(e)) => tracing::debug!(client = %conn.ip, "TLS handshake failed: {e}"),
        Err(_) => state.tally.handshake_timed_out(),
    }
}

/// Serves one connection's HTTP, up to and including a WebSocket upgrade
/// (after which the peer runs in its own task), within the handshake timeout.
/// On a trusted proxy's connection (`proxied`) each request is from the client
/// its forwarding headers name, admitted against that client's cap.
async fn serve_http<I>(
    io: I,
    conn: Connection,
    proxied: bool,
    router: Router,
    state: Arc<ServerState>,
) where
    I: hyper::rt::Read + hyper::rt::Write + Unpin + Send + 'static,
{
    // A connection that asked something (a browser's gallery requests, kept
    // alive between them) is closed at the timeout too, but that is no
    // handshake that timed out: only a silent one counts as a limit hit.
    let asked = Arc::new(AtomicBool::new(false));
    let asked_in = Arc::clone(&asked);
    let state_in = Arc::clone(&state);
    let conn_ip = conn.ip;
    let service = hyper::service::service_fn(move |mut request: Request<Incoming>| {
        asked_in.store(true, Ordering::Relaxed);
        let conn = match proxied {
            false => Ok(conn.clone()),
            true => forwarded(&conn, &request, &state_in),
        };
        let client = conn.as_ref().map_or(conn_ip, |c| c.ip);
        let span = tracing::info_span!(
            "request",
            %client,
            method = %request.method(),
            path = %path_for_log(request.uri().path()),
        );
        let router = router.clone();
        let started = Instant::now();
        let answering = async move {
            let answer = match conn {
                Ok(conn) => {
                    request.extensions_mut().insert(conn);
                    router.clone().call(request).await
                }
                Err(refusal) => Ok(refusal_response(refusal)),
            };
            if let Ok(answer) = &answer {
                let ms = started.elapsed().as_millis();
                tracing::debug!("answered {} in {ms} ms", answer.status().as_u16());
            }
            answer
        };
        answering.instrument(span)
    });
    // Deadlines per phase (issue 43): each request's headers, and the silence
    // before the next one on a kept-alive connection, get the handshake
    // timeout (hyper's header timer runs whenever it waits for a request); a
    // body gets the gallery's own deadline; and the connection as a whole a
    // ceiling long enough for the gallery's slowest answer (a replay that
    // waited for a verifier, then played), which used to be cut at 10 s with
    // no answer while its replay played on.
    let serving = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(state.limits.handshake_timeout)
        .serve_connection(io, service)
        .with_upgrades();
    // On a stop, an idle connection closes and a request in flight finishes first.
    let stopping = state.stopping.clone();
    let served = async move {
        tokio::pin!(serving);
        tokio::select! {
            result = serving.as_mut() => return result,
            () = stopping.wait() => {}
        }
        serving.as_mut().graceful_shutdown();
        serving.await
    };
    let ceiling = state.limits.handshake_timeout + super::gallery::LONGEST_ANSWER;
    let timed_out = match tokio::time::timeout(ceiling, served).await {
        Err(_) => true,
        Ok(Err(e)) => e.is_timeout(),
        Ok(Ok(())) => false,
    };
    if timed_out && !asked.load(Ordering::Relaxed) {
        state.tally.handshake_timed_out();
    }
}

/// The connection a trusted proxy forwards `request` for: its client's
/// address, admitted against that client's cap (refused and tallied if full).
fn forwarded(
    proxy: &Connection,
    request: &Request<Incoming>,
    state: &ServerState,
) -> Result<Connection, Refusal> {
    let ip = state.proxies.client(proxy.ip, request.headers());
    match state.addresses.admit_forwarded(ip) {
        Ok(admission) => Ok(Connection {
            ip,
            _door: Arc::clone(&proxy._door),
            _forwarded: Some(Arc::new(admission)),
            _alive: proxy._alive.clone(),
        }),
        Err(refusal) => {
            state.tally.refused(refusal);
            Err(refusal)
        }
    }
}

/// Every few seconds: issued rooms nobody joined go, addresses with nothing
/// left to remember are forgotten, and the limits hit are summed up.
async fn housekeeping(state: Arc<ServerState>) {
    let mut every = tokio::time::interval(HOUSEKEEPING);
    loop {
        every.tick().await;
        let expired = state.rooms.sweep(Instant::now());
        if expired > 0 {
            tracing::info!("{expired} issued rooms expired unjoined");
        }
        state.addresses.sweep();
        if let Ok(gallery) = &state.gallery {
            gallery.sweep();
        }
        state
            .tally
            .summarize(state.addresses.open(), state.rooms.len());
    }
}
