//! A peer's outgoing queue, bounded in bytes: a peer that never reads fills it,
//! is told to leave and is dropped, and the server's memory stays flat (an
//! unbounded queue held 230 MiB for one such peer under matchbox_signaling).

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;

use axum::extract::ws::{CloseFrame, Message};
use tokio::sync::{mpsc, Notify};

use arkanong_core::app::online::Refusal;

/// Bytes a queued message is counted as beyond its text: the allocation and the
/// channel's slot, so a flood of empty messages is bounded too.
const MESSAGE_OVERHEAD: usize = 64;

/// RFC 6455's close code for an endpoint going away (a server stopping).
const GOING_AWAY: u16 = 1001;

/// The sending half of a peer's queue; cheap to clone into the room table.
#[derive(Clone, Debug)]
pub(super) struct Outbox {
    tx: mpsc::UnboundedSender<Message>,
    shared: Arc<Shared>,
}

/// What the queue's two halves share.
#[derive(Debug)]
struct Shared {
    queued: AtomicUsize,
    max: usize,
    overflowed: AtomicBool,
    kick: Notify,
}

/// The receiving half, which the peer's writer task drains into the socket.
#[derive(Debug)]
pub(super) struct Inbox {
    rx: mpsc::UnboundedReceiver<Message>,
    shared: Arc<Shared>,
}

/// A queue of at most `max` bytes.
pub(super) fn outbox(max: usize) -> (Outbox, Inbox) {
    let (tx, rx) = mpsc::unbounded_channel();
    let shared = Arc::new(Shared {
        queued: AtomicUsize::new(0),
        max,
        overflowed: AtomicBool::new(false),
        kick: Notify::new(),
    });
    (
        Outbox {
            tx,
            shared: Arc::clone(&shared),
        },
        Inbox { rx, shared },
    )
}

fn weight(message: &Message) -> usize {
    MESSAGE_OVERHEAD
        + match message {
            Message::Text(t) => t.len(),
            Message::Binary(b) | Message::Ping(b) | Message::Pong(b) => b.len(),
            Message::Close(_) => 0,
        }
}

impl Outbox {
    /// Queues `text`. When the queue would pass its bound, nothing is queued, the
    /// peer is marked as overflowed and its task woken to drop it; returns false.
    pub(super) fn send_text(&self, text: String) -> bool {
        let message = Message::Text(text.into());
        let n = weight(&message);
        let before = self.shared.queued.fetch_add(n, Ordering::AcqRel);
        if before + n > self.shared.max {
            self.shared.queued.fetch_sub(n, Ordering::AcqRel);
            self.shared.overflowed.store(true, Ordering::Release);
            self.shared.kick.notify_one();
            return false;
        }
        self.tx.send(message).is_ok()
    }

    /// Queues a close frame saying why (never refused: it is the last message).
    pub(super) fn close(&self, refusal: Refusal) {
        self.close_with(refusal.close_code(), refusal.reason());
    }

    /// Queues the close frame of a server that is stopping: 1001, "going away"
    /// (RFC 6455), which clients read as the server's end, not their fault.
    pub(super) fn going_away(&self) {
        self.close_with(GOING_AWAY, "the server is stopping");
    }

    fn close_with(&self, code: u16, reason: &str) {
        let frame = CloseFrame {
            code,
            reason: reason.into(),
        };
        let _ = self.tx.send(Message::Close(Some(frame)));
    }

    /// Resolves once the queue has overflowed.
    pub(super) async fn overflowed(&self) {
        loop {
            let notified = self.shared.kick.notified();
            if self.shared.overflowed.load(Ordering::Acquire) {
                return;
            }
            notified.await;
        }
    }
}

impl Inbox {
    /// The next message to write and the bytes it counts for, or `None` once
    /// every sender is gone. Call [`Inbox::written`] with the bytes once it is
    /// in the socket.
    pub(super) async fn next(&mut self) -> Option<(Message, usize)> {
        let message = self.rx.recv().await?;
        let bytes = match message {
            Message::Close(_) => 0, // a close frame was never counted in
            _ => weight(&message),
        };
        Some((message, bytes))
    }

    /// The texts queued so far, taken (for the room table's tests).
    #[cfg(test)]
    pub(super) fn take_texts(&mut self) -> Vec<String> {
        let mut texts = Vec::new();
        while let Ok(message) = self.rx.try_recv() {
            if let Message::Text(t) = message {
                texts.push(t.as_str().to_owned());
            }
        }
        texts
    }

    /// A message of `bytes` has left the queue for the socket.
    pub(super) fn written(&self, bytes: usize) {
        self.shared.queued.fetch_sub(bytes, Ordering::AcqRel);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outbox_refuses_past_its_bound_and_frees_what_was_written() {
        let (out, mut inbox) = outbox(3 * (MESSAGE_OVERHEAD + 10));
        for _ in 0..3 {
            assert!(out.send_text("0123456789".into()));
        }
        assert!(
            !out.send_text("0123456789".into()),
            "the fourth passes the bound"
        );
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async {
            out.overflowed().await;
            let (_, bytes) = inbox.next().await.unwrap();
            inbox.written(bytes);
        });
        assert!(
            out.send_text("0123456789".into()),
            "room again once written"
        );
    }
}
