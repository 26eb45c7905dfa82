//! The scores' routes under `/gallery/`: a score submitted with its replay
//! (played on the server and listed by what it reproduces) and a listed
//! score's replay (a level's top 10 is `board_routes.rs`') (large ones streamed, a few at once).

use axum::body::Body;
use axum::extract::{Extension, Path, State};
use axum::http::{header, StatusCode};
use axum::response::IntoResponse;
use futures::StreamExt;
use serde::{Deserialize, Serialize};

use super::super::run::Connection;
use super::api::{json, read_json, ApiError, REPLAY_BODY, REPLAY_TEXT};
use super::fairness::address_label;
use super::limits::Write;
use super::routes::{check_player, clean_name, level_route, now, Answer, Conn, Gal, PathSegment};
use super::scores::{NewScore, Stored};
use super::service::LARGE_ANSWER;
use super::verify::{Refused, Verified};
use super::verifying::{play_replay, Check};

/// A large answer's pieces, as its stream sends them.
const CHUNK: usize = 64 * 1024;
/// The wait a refused large answer is told.
const LARGE_RETRY: std::time::Duration = std::time::Duration::from_secs(5);

#[derive(Deserialize)]
struct ScoreBody {
    player: String,
    name: String,
    replay: String,
    /// The score the client says it made (optional; checked, never trusted).
    score: Option<u64>,
}

#[derive(Serialize)]
struct Scored {
    score: u32,
    rank: i64,
}

/// A score's player id, name and replay checked before it is played (a
/// level's score and a daily one alike): the name it is listed under, or the
/// refusal.
pub(super) fn checked_name(player: &str, name: &str, replay: &str) -> Result<String, ApiError> {
    check_player(player)?;
    let name = clean_name(name, "name")?;
    if name.is_empty() {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "a score needs a name",
        ));
    }
    if replay.len() > REPLAY_TEXT {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!("a replay is at most {REPLAY_TEXT} bytes"),
        ));
    }
    Ok(name)
}

impl NewScore {
    /// The score `verified` made, as a board keeps it: `player`'s, listed
    /// as `name`, its canonical replay (taken), from `conn`'s address, now.
    pub(super) fn verified(
        player: String,
        name: String,
        verified: &mut Verified,
        conn: &Connection,
    ) -> NewScore {
        NewScore {
            player,
            name,
            score: i64::from(verified.score),
            steps: i64::try_from(verified.steps).unwrap_or(i64::MAX),
            hash: format!("{:016x}", verified.hash),
            replay: std::mem::take(&mut verified.canonical),
            now: now(),
            address: address_label(conn.ip),
        }
    }
}

/// `POST /gallery/levels/C/scores`: plays the replay and lists what it reproduces.
pub(super) async fn submit(
    State(gallery): Gal,
    Extension(conn): Conn,
    path: PathSegment,
    body: Body,
) -> Answer {
    let code = level_route(&gallery, &conn, Write::Score, path)?;
    let body: ScoreBody = read_json(body, REPLAY_BODY).await?;
    let name = checked_name(&body.player, &body.name, &body.replay)?;
    let level = gallery
        .store()
        .level_to_score(&code)
        .await?
        .ok_or_else(ApiError::no_level)?;
    let text = level.text.clone();
    // The level the replay says it played, kept to tell an old version's
    // score why it is refused (the replay itself moves into the check).
    let replay_level = super::verify::played_level(&body.replay);
    let verdict = play_replay(&gallery, text, body.replay, Check::Score(body.score)).await?;
    let mut verified = match verdict {
        Ok(v) => v,
        Err(refused) => {
            tracing::info!(
                "gallery: score on {code} refused, from {}: {refused:?}",
                conn.ip
            );
            if matches!(refused, Refused::OtherLevel) {
                if let Some(old) = old_version(&gallery, &code, &replay_level).await? {
                    return Err(ApiError::new(StatusCode::CONFLICT, old));
                }
            }
            return Err(ApiError::replay_refused(&refused, refused.message()));
        }
    };
    let new = NewScore::verified(body.player, name, &mut verified, &conn);
    let stored = gallery.store().store_score(&code, &level, &new).await?;
    let rank = match stored {
        Stored::Listed { rank, .. } => rank,
        refused => {
            tracing::info!(
                "gallery: score {} on {code} verified but not listed, from {}: {refused:?}",
                verified.score,
                conn.ip
            );
            return Err(ApiError::new(StatusCode::CONFLICT, not_listed(&refused)));
        }
    };
    tracing::info!(
        "gallery: score {} on {code} verified ({} steps, rank {rank}), from {}",
        verified.score,
        verified.steps,
        conn.ip
    );
    Ok(json(
        StatusCode::CREATED,
        &Scored {
            score: verified.score,
            rank,
        },
    ))
}

/// When a refused replay is of a version of `code` an update replaced, the
/// sentence saying so (its board is closed; the latest version's is open).
async fn old_version(
    gallery: &super::service::Gallery,
    code: &str,
    played: &Option<String>,
) -> Result<Option<String>, ApiError> {
    let Some(played) = played else {
        return Ok(None);
    };
    let store = gallery.store();
    let past = store
        .past_version(code, |text| super::verify::same_level(text, played))
        .await?;
    let Some(past) = past else { return Ok(None) };
    let latest = store
        .level_to_score(code)
        .await?
        .map_or(past.version + 1, |l| l.version);
    let ago = now().saturating_sub(past.replaced).max(0);
    Ok(Some(format!(
        "this game was played on version {} of {code}, which its author updated {} ago: \
         it is now version {latest}, and only its board lists scores. Play version {latest} \
         to be listed",
        past.version,
        ago_words(ago)
    )))
}

/// A time ago as a sentence says it: `45 s`, `12 min`, `2 h`, `3 days`.
pub(super) fn ago_words(seconds: i64) -> String {
    match seconds {
        ..60 => format!("{} s", seconds.max(0)),
        60..3600 => format!("{} min", seconds / 60),
        3600..86_400 => format!("{} h", seconds / 3600),
        86_400..172_800 => "1 day".to_owned(),
        _ => format!("{} days", seconds / 86_400),
    }
}

/// Why a verified score is not listed, as a player reads it.
fn not_listed(stored: &Stored) -> String {
    match stored {
        Stored::Listed { .. } => "listed".into(),
        Stored::LevelEdited => {
            "the level was edited while your replay was played: play the new version".into()
        }
        Stored::LevelGone => "the level was withdrawn while your replay was played".into(),
        Stored::Repeated => "this game is already listed on this level".into(),
        Stored::NotBetter { best } => {
            format!("your listed score on this level, {best}, is as good or better")
        }
        Stored::Crowded {
            best,
            same_name: true,
        } => format!(
            "the board keeps one score per name: another player under this name has {best} \
             here, as good or better (choose another name)"
        ),
        Stored::Crowded {
            best,
            same_name: false,
        } => format!(
            "the board keeps one score a day per address: {best} from your address is listed \
             here today, as good or better"
        ),
    }
}

/// `GET /gallery/scores/ID/replay`: a listed score's replay, as text (only the
/// top scores keep theirs: 404 for the rest).
pub(super) async fn replay(
    State(gallery): Gal,
    Extension(conn): Conn,
    path: PathSegment,
) -> Answer {
    gallery.spend(&conn, Write::Read)?;
    let missing = || ApiError::new(StatusCode::NOT_FOUND, "no such score");
    let id = match path {
        Ok(Path(id)) => id.parse::<i64>().map_err(|_| missing())?,
        Err(_) => return Err(missing()),
    };
    let text = gallery
        .store()
        .replay(id)
        .await?
        .filter(|text| !text.is_empty())
        .ok_or_else(|| {
            ApiError::new(
                StatusCode::NOT_FOUND,
                "no such score, or its replay is no longer kept (only the top scores keep theirs)",
            )
        })?;
    let body = if text.len() < LARGE_ANSWER {
        Body::from(text)
    } else {
        let Some(place) = gallery.large_answer() else {
            tracing::warn!(
                "gallery: replay {id} refused, every large answer under way, from {}",
                conn.ip
            );
            return Err(ApiError {
                retry_after: Some(LARGE_RETRY),
                ..ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    format!(
                        "too many large replays are being sent: try again in {} s",
                        LARGE_RETRY.as_secs()
                    ),
                )
            });
        };
        // The body streams in pieces and owns the place: it is freed when the
        // last piece has gone or the client went away, not when this returns.
        let bytes = axum::body::Bytes::from(text);
        let pieces = (0..bytes.len())
            .step_by(CHUNK)
            .map(move |at| {
                Ok::<_, std::convert::Infallible>(bytes.slice(at..(at + CHUNK).min(bytes.len())))
            })
            .collect::<Vec<_>>();
        Body::from_stream(futures::stream::iter(pieces).map(move |piece| {
            let _held = &place;
            piece
        }))
    };
    Ok(([(header::CONTENT_TYPE, "text/plain; charset=utf-8")], body).into_response())
}
