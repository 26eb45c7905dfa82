//! The server's routes: `POST /room` issues a room code, `GET /healthz` says
//! whether the database answers, `GET /ROOM` with a WebSocket upgrade joins a room (and `POST /quick`, quick.rs, pairs players). Room refusals come after the upgrade, as a
//! close frame a browser can read (app/online's `Refusal`).

use std::sync::Arc;

use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{Extension, Path, RawQuery, Request, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;

use tracing::{Instrument, Span};

use super::peer::run_peer;
use super::rooms::Role;
use super::run::{Connection, ServerState};
use arkanong_core::app::online::{asks_to_watch, Refusal};

/// Room of slack in a peer's write buffer beyond one message: the `Signal`
/// wrapping a relayed message adds the sender's id and a little JSON.
const WRAPPING_BYTES: usize = 1024;

/// The routes, over the server's state.
pub(super) fn routes(state: Arc<ServerState>) -> Router {
    Router::new()
        .route("/room", post(issue_room))
        .route("/healthz", get(healthz))
        .route("/{room}", get(join_room))
        .merge(super::quick::quick_routes(Arc::clone(&state)))
        .nest("/gallery", super::gallery::routes(state.gallery.clone()))
        .fallback(web_file)
        .with_state(state)
}

/// `GET /healthz`, for a load balancer or a container's health check: 200
/// `ok` when the gallery's database answers, 503 with why otherwise (the
/// signaling alone would run, but a server without its gallery is not whole).
async fn healthz(State(state): State<Arc<ServerState>>) -> Response {
    let (status, body) = match &state.gallery {
        Ok(gallery) if gallery.healthy().await => (StatusCode::OK, "ok\n"),
        Ok(_) => (
            StatusCode::SERVICE_UNAVAILABLE,
            "the database does not answer\n",
        ),
        Err(_) => (StatusCode::SERVICE_UNAVAILABLE, "the gallery is closed\n"),
    };
    (status, [(header::CACHE_CONTROL, "no-store")], body).into_response()
}

/// An HTTP answer for `refusal`: its status, its reason as the body.
pub(super) fn refusal_response(refusal: Refusal) -> Response {
    let status =
        StatusCode::from_u16(refusal.http_status()).unwrap_or(StatusCode::SERVICE_UNAVAILABLE);
    (
        status,
        [(header::ACCESS_CONTROL_ALLOW_ORIGIN, "*")],
        refusal.reason(),
    )
        .into_response()
}

/// `POST /room`: a fresh code (`201 Created`, the code as the body), spending
/// one of the address's joins. Any page may ask (the game's page is often
/// served from another port than the server).
async fn issue_room(
    State(state): State<Arc<ServerState>>,
    Extension(conn): Extension<Connection>,
) -> Response {
    let issued = state
        .addresses
        .spend_join(conn.ip)
        .and_then(|()| state.rooms.issue());
    room_answer(&state, issued)
}

/// The answer to a request for a room (`POST /room`, `POST /quick`):
/// `201 Created` with the code as the body, or the refusal (tallied).
pub(super) fn room_answer(state: &ServerState, room: Result<String, Refusal>) -> Response {
    match room {
        Ok(code) => (
            StatusCode::CREATED,
            [(header::ACCESS_CONTROL_ALLOW_ORIGIN, "*")],
            code,
        )
            .into_response(),
        Err(refusal) => {
            state.tally.refused(refusal);
            refusal_response(refusal)
        }
    }
}

/// Any other path: a file of the browser build with `--web`, else 404.
async fn web_file(State(state): State<Arc<ServerState>>, request: Request) -> Response {
    match &state.web {
        Some(web) => web.answer(request).await,
        None => StatusCode::NOT_FOUND.into_response(),
    }
}

/// `GET /ROOM` upgraded to a WebSocket: the peer's relay, with the size caps
/// set on the socket itself; `GET /ROOM?watch` joins it as a watcher. Without an upgrade, a one-segment path is a file
/// of the browser build (`/arkanong.wasm`) when `--web` serves one.
async fn join_room(
    ws: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
    Path(room): Path<String>,
    RawQuery(query): RawQuery,
    State(state): State<Arc<ServerState>>,
    Extension(conn): Extension<Connection>,
    request: Request,
) -> Response {
    let ws = match (ws, &state.web) {
        (Ok(ws), _) => ws,
        (Err(_), Some(web)) => return web.answer(request).await,
        (Err(no_upgrade), None) => return no_upgrade.into_response(),
    };
    let role = match query.as_deref().is_some_and(asks_to_watch) {
        true => Role::Watcher,
        false => Role::Player,
    };
    let max = state.limits.max_message;
    // The peer runs in a task of its own: it keeps the request's span.
    let span = Span::current();
    ws.max_message_size(max)
        .max_frame_size(max)
        .read_buffer_size(4096)
        .write_buffer_size(0)
        .max_write_buffer_size(max + WRAPPING_BYTES)
        .on_upgrade(move |socket| run_peer(socket, room, role, state, conn).instrument(span))
}
