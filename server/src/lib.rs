//! `arkanong-server` (also run as `arkanong server`): the signaling server where players meet in rooms before
//! talking directly. Our own small relay of matchbox's signaling protocol
//! (`IdAssigned`, `NewPeer`, `PeerLeft`, `Signal`, `KeepAlive` as JSON over a
//! WebSocket at `ws://HOST:PORT/ROOM`), with the limits matchbox_signaling lacks.
//! docs/server.md is the operator's guide; `Refusal` (`arkanong_core::app::online`)
//! the contract with clients. This package needs no window, sound or gamepad library:
//! it depends on the headless core without its `online` client.
//!
//! ```text
//! main.rs       the arkanong-server program: its command line, then server()
//! args.rs       ServerArgs: where to listen and every limit, with their flags
//! run.rs        server(): the runtime, the accept loop, the handshake deadline,
//!               a log span per request
//! routes.rs     POST /room and GET /ROOM (the WebSocket upgrade)
//! peer.rs       one connected peer: its relay loop, idle and rate limits
//! outbox.rs     a peer's outgoing queue, bounded in bytes
//! rooms.rs      the room table: issued and named rooms, two players each
//! quick.rs      POST /quick: quick match, the next player of the same version
//! addresses.rs  per-address connection counts and join budgets (governor)
//! proxies.rs    --trusted-proxy: the client a proxy forwards a request for
//! log.rs        the log lines, RUST_LOG, and the refusal counters' summaries
//! shutdown.rs   the graceful stop on SIGTERM or Ctrl-C
//! tls.rs        --tls-cert/--tls-key: TLS in the accept loop, reread on SIGHUP or a change
//! web.rs        --web DIR: the browser build on the same origin
//! gallery/      the shared levels' API under /gallery/ (its own mod.rs maps it)
//! ```

mod addresses;
mod args;
mod gallery;
mod log;
mod outbox;
mod peer;
mod proxies;
mod quick;
mod rooms;
mod routes;
mod run;
mod shutdown;
mod tls;
mod web;

pub use args::ServerArgs;
pub use gallery::{LevelsArgs, ScoresArgs, ServerCommand};
pub use run::server;
