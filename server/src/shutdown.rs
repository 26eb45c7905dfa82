//! A graceful stop. On SIGTERM (systemd, `docker stop`) or Ctrl-C the server
//! stops accepting, then tells every connection: an idle HTTP connection
//! closes, a request in flight finishes and is answered (a level shared just
//! before the signal is written), a WebSocket peer is closed with 1001 "going
//! away". It waits for them up to [`DRAIN`], then closes the database and exits
//! with 0. A second signal while it waits stops it at once.
//!
//! Two channels carry it: a `watch` every connection looks at ([`Stopping`]),
//! and an `mpsc` sender every connection holds ([`Alive`]): the receiver hears
//! the channel close when the last connection is gone.

use std::time::Duration;

use tokio::sync::{mpsc, watch};

/// How long the connections have to finish after the signal: less than the 10 s
/// `docker stop` waits before killing, and systemd's 90 s.
pub(super) const DRAIN: Duration = Duration::from_secs(8);

/// Whether the server is stopping, as every connection watches it.
#[derive(Clone, Debug)]
pub(super) struct Stopping(watch::Receiver<bool>);

impl Stopping {
    /// Resolves once the server is stopping (at once if it is).
    pub(super) async fn wait(&self) {
        let mut watching = self.0.clone();
        // An error means the sender is gone: the server is ending anyway.
        let _ = watching.wait_for(|stopping| *stopping).await;
    }
}

/// Held by each connection's tasks (a clone in each request and peer): the
/// drain ends when the last one is dropped.
#[derive(Clone, Debug)]
pub(super) struct Alive(#[expect(dead_code, reason = "held, never sent on")] mpsc::Sender<()>);

/// The server's side of the stop: the signal to send and the drain to wait on.
#[derive(Debug)]
pub(super) struct Shutdown {
    stop: watch::Sender<bool>,
    alive: mpsc::Sender<()>,
    gone: mpsc::Receiver<()>,
}

impl Shutdown {
    /// Not stopping, nothing open.
    pub(super) fn new() -> Shutdown {
        let (stop, _) = watch::channel(false);
        let (alive, gone) = mpsc::channel(1);
        Shutdown { stop, alive, gone }
    }

    /// What connections watch.
    pub(super) fn stopping(&self) -> Stopping {
        Stopping(self.stop.subscribe())
    }

    /// A token for one more connection.
    pub(super) fn alive(&self) -> Alive {
        Alive(self.alive.clone())
    }

    /// Tells every connection to finish.
    pub(super) fn stop(&self) {
        self.stop.send_replace(true);
    }

    /// Waits until every connection is gone or `deadline` passed; true when
    /// they all finished.
    pub(super) async fn drained(self, deadline: Duration) -> bool {
        let Shutdown {
            stop,
            alive,
            mut gone,
            ..
        } = self;
        drop(alive);
        let finished = tokio::time::timeout(deadline, gone.recv()).await.is_ok();
        drop(stop);
        finished
    }
}

/// Resolves at the first SIGTERM or SIGINT (Ctrl-C), naming it.
pub(super) async fn stop_signal() -> &'static str {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => tokio::select! {
                _ = term.recv() => return "SIGTERM",
                _ = tokio::signal::ctrl_c() => return "Ctrl-C",
            },
            Err(e) => tracing::warn!("cannot listen for SIGTERM ({e}); Ctrl-C still stops"),
        }
    }
    match tokio::signal::ctrl_c().await {
        Ok(()) => "Ctrl-C",
        // No signal can be heard: the server runs until killed, as before.
        Err(_) => std::future::pending().await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn the_drain_ends_when_the_last_connection_lets_go() {
        let shutdown = Shutdown::new();
        let stopping = shutdown.stopping();
        let held = shutdown.alive();
        let worker = tokio::spawn(async move {
            stopping.wait().await;
            tokio::time::sleep(Duration::from_millis(50)).await;
            drop(held);
        });
        shutdown.stop();
        assert!(shutdown.drained(Duration::from_secs(5)).await);
        worker.await.unwrap();
    }

    #[tokio::test]
    async fn a_connection_that_never_lets_go_runs_out_the_deadline() {
        let shutdown = Shutdown::new();
        let _stuck = shutdown.alive();
        shutdown.stop();
        assert!(!shutdown.drained(Duration::from_millis(50)).await);
    }
}
