//! `server()`: binds, prints `server: listening on ws://ADDR` (tests wait for
//! it), then accepts connections until killed. Each connection is admitted
//! against the per-address and total caps before any HTTP is read (refused
//! with a bare HTTP status and closed), and gets the handshake timeout to send
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

use super::addresses::{Addresses, Admission};
use super::args::{Limits, ServerArgs};
use super::gallery::{operator_tools, Gallery};
use super::log::{start_log, Tally};
use super::rooms::Rooms;
use super::routes::routes;
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
    /// The gallery, or why it is closed (its default database did not open).
    pub(super) gallery: Result<Arc<Gallery>, String>,
}

/// A connection as the routes see it: where it comes from, and its place in
/// the caps (held until the connection, WebSocket included, ends).
#[derive(Clone, Debug)]
pub(super) struct Connection {
    pub(super) ip: IpAddr,
    _admission: Arc<Admission>,
}

/// `arkanong server`: binds, prints `server: listening on ws://ADDR`, and
/// serves until killed. Exit code 1 when it cannot start or listen.
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
        let gallery = match Gallery::open(args.db.as_deref(), args.gallery_burst_factor).await {
            Ok(gallery) => Ok(Arc::new(gallery)),
            // The default database (no `--db`) did not open: no data folder (a
            // container, a service without a home) or a read-only disk. The
            // signaling needs no disk, so it runs; `/gallery/` answers 503 with why.
            Err(e) if args.db.is_none() => {
                tracing::warn!("the gallery is closed: {e}; signaling runs without it");
                Err(e)
            }
            Err(e) => {
                eprintln!("server: {e}");
                return 1;
            }
        };
        let listener = match TcpListener::bind(addr).await {
            Ok(listener) => listener,
            Err(e) => {
                eprintln!("server: cannot listen on {addr}: {e}");
                return 1;
            }
        };
        let bound = listener.local_addr().unwrap_or(addr);
        let _ = writeln!(out, "server: listening on ws://{bound}");
        let _ = out.flush();
        tracing::info!(
            "listening on ws://{bound}: messages up to {} bytes, queues {} bytes, \
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
        let state = Arc::new(ServerState {
            rooms: Rooms::new(limits.clone()),
            addresses: Arc::new(Addresses::new(limits.clone())),
            tally: Tally::default(),
            limits,
            gallery,
        });
        tokio::spawn(housekeeping(Arc::clone(&state)));
        accept(listener, state).await;
        0
    })
}

/// Accepts connections for ever, admitting each against the caps.
async fn accept(listener: TcpListener, state: Arc<ServerState>) {
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
        match state.addresses.admit(from.ip()) {
            Ok(admission) => {
                let conn = Connection {
                    ip: from.ip(),
                    _admission: Arc::new(admission),
                };
                tokio::spawn(serve(stream, conn, router.clone(), Arc::clone(&state)));
            }
            Err(refusal) => {
                state.tally.refused(refusal);
                refuse(&stream, refusal);
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

/// Serves one connection's HTTP, up to and including a WebSocket upgrade
/// (after which the peer runs in its own task), within the handshake timeout.
async fn serve(stream: TcpStream, conn: Connection, router: Router, state: Arc<ServerState>) {
    let _ = stream.set_nodelay(true);
    // A connection that asked something (a browser's gallery requests, kept
    // alive between them) is closed at the timeout too, but that is no
    // handshake that timed out: only a silent one counts as a limit hit.
    let asked = Arc::new(AtomicBool::new(false));
    let asked_in = Arc::clone(&asked);
    let service = hyper::service::service_fn(move |mut request: Request<Incoming>| {
        asked_in.store(true, Ordering::Relaxed);
        request.extensions_mut().insert(conn.clone());
        router.clone().call(request)
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
        .serve_connection(TokioIo::new(stream), service)
        .with_upgrades();
    let ceiling = state.limits.handshake_timeout + super::gallery::LONGEST_ANSWER;
    let timed_out = match tokio::time::timeout(ceiling, serving).await {
        Err(_) => true,
        Ok(Err(e)) => e.is_timeout(),
        Ok(Ok(())) => false,
    };
    if timed_out && !asked.load(Ordering::Relaxed) {
        state.tally.handshake_timed_out();
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
