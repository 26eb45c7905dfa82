//! A submitted replay's way to a verifier: it waits for one of the
//! [`VERIFIERS`] permits at most [`VERIFIER_WAIT`] (then 503 with
//! `Retry-After`), and the blocking thread that plays holds the permit until
//! the replay has really stopped. When the request goes first (its client
//! left, or the connection's deadline passed), a flag set on drop stops the
//! replay at its next step: no replay plays on for nobody, and the cap on
//! replays at once counts every one still running.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::http::StatusCode;

use super::api::ApiError;
use super::clear_check::verify_clear_until;
use super::service::{Gallery, VERIFIERS, VERIFIER_WAIT};
use super::verify::{verify_score_until, Refused, Verified, VERIFY_BUDGET};

/// What a replay is played for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Check {
    /// A score, with the one its client claims, if any.
    Score(Option<u64>),
    /// A level's clear check, sent with it when it is shared or updated.
    Clear,
}

/// Sets its flag when dropped: the request's end, however it ends.
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// 503: every verifier stayed busy for [`VERIFIER_WAIT`]; a retry after about
/// one replay's budget may find one free.
fn busy() -> ApiError {
    ApiError {
        retry_after: Some(VERIFY_BUDGET),
        ..ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!(
                "the server is busy playing other replays ({VERIFIERS} at once; waited {} s): try again in {} s",
                VERIFIER_WAIT.as_secs(),
                VERIFY_BUDGET.as_secs()
            ),
        )
    }
}

/// Plays `replay` against the stored level `text` on a blocking thread once
/// a verifier is free; its verdict.
pub(super) async fn play_replay(
    gallery: &Gallery,
    text: String,
    replay: String,
    check: Check,
) -> Result<Result<Verified, Refused>, ApiError> {
    let limits = (VERIFIER_WAIT, gallery.verify_budget());
    play_with(gallery.verifiers(), limits, text, replay, check).await
}

/// [`play_replay`] with its permits, its wait for one and its budget given
/// (the tests' short ones).
async fn play_with(
    verifiers: &Arc<tokio::sync::Semaphore>,
    (wait, budget): (Duration, Duration),
    text: String,
    replay: String,
    check: Check,
) -> Result<Result<Verified, Refused>, ApiError> {
    let permit = match tokio::time::timeout(wait, Arc::clone(verifiers).acquire_owned()).await {
        Ok(Ok(permit)) => permit,
        _ => return Err(busy()),
    };
    let cancelled = Arc::new(AtomicBool::new(false));
    let _cancel = CancelOnDrop(Arc::clone(&cancelled));
    let played = tokio::task::spawn_blocking(move || {
        // Held here, not by the request: released when the playing stops.
        let _permit = permit;
        match check {
            Check::Score(claimed) => {
                verify_score_until(&text, &replay, claimed, budget, &cancelled)
            }
            Check::Clear => verify_clear_until(&text, &replay, budget, &cancelled),
        }
    })
    .await;
    played.map_err(|_| {
        tracing::error!("gallery: playing a replay failed");
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the server could not play the replay",
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::sync::Semaphore;

    /// A replay long enough to keep a verifier busy until cancelled (its hash is
    /// wrong: it would be refused at its end, which it never reaches).
    fn long_replay() -> (String, String) {
        use arkanong_core::game::{Mode, Replay};
        use arkanong_core::level::Level;
        let text = "title = \"Long\"\nmode = solo\nlives = 9\n[bricks]\n1\n";
        let level = Level::parse(text).unwrap();
        let replay = Replay {
            seed: 1,
            mode: Mode::Solo,
            rules: level.rules,
            level_text: level.to_text(),
            inputs: vec![Default::default(); super::super::verify::MAX_SCORE_STEPS],
            final_hash: 1,
        };
        (text.to_owned(), replay.to_text())
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_dropped_request_frees_its_verifier_only_when_the_replay_stops() {
        let verifiers = Arc::new(Semaphore::new(1));
        let (level, replay) = long_replay();
        let request = tokio::spawn({
            let verifiers = Arc::clone(&verifiers);
            async move {
                play_with(
                    &verifiers,
                    (Duration::from_secs(5), VERIFY_BUDGET),
                    level,
                    replay,
                    Check::Score(None),
                )
                .await
            }
        });
        // Playing: the permit is taken.
        tokio::time::timeout(Duration::from_secs(5), async {
            while verifiers.available_permits() == 1 {
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
        })
        .await
        .expect("the replay started");
        request.abort();
        // The request is gone; the permit comes back once the thread has seen the
        // flag and stopped, within a step or so.
        let back = tokio::time::timeout(Duration::from_secs(5), verifiers.acquire()).await;
        assert!(back.is_ok(), "the cancelled replay gave its verifier back");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_submission_that_finds_no_verifier_gets_503_with_retry_after_at_its_deadline() {
        let verifiers = Arc::new(Semaphore::new(0));
        let (level, replay) = long_replay();
        let started = std::time::Instant::now();
        let wait = Duration::from_millis(200);
        let limits = (wait, VERIFY_BUDGET);
        let refused = play_with(&verifiers, limits, level, replay, Check::Score(None))
            .await
            .expect_err("no verifier was free");
        assert_eq!(refused.status, StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(refused.retry_after, Some(VERIFY_BUDGET));
        assert!(started.elapsed() >= wait && started.elapsed() < wait * 10);
    }
}
