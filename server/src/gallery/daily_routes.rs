//! The daily challenge's routes under `/gallery/daily` (issue 45): today's
//! level and seed by the server's clock, a score of it verified by replay
//! (its seed and level today's, one a player a day), and a day's board,
//! yesterday's and before kept.

use axum::body::Body;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Extension, Query, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};

use super::api::{json, read_json, ApiError, REPLAY_BODY};
use super::board::YourBest;
use super::board_routes::{asking_player, PlayerQuery};
use super::daily::{date_of, day_from_date, day_of};
use super::daily_store::{Daily, DailyStored};
use super::limits::Write;
use super::routes::{now, Answer, Conn, Gal, PathSegment};
use super::score_routes::checked_name;
use super::scores::NewScore;
use super::service::Gallery;
use super::store::ScoreLine;
use super::verify::Refused;
use super::verifying::{play_replay, Check};

#[derive(Serialize)]
struct Today {
    /// `2026-11-29`: the day's date (UTC, the server's clock).
    date: String,
    /// The day before's date (its board is `GET /gallery/daily/DATE/scores`).
    yesterday: String,
    title: String,
    text: String,
    seed: i64,
    /// `shipped:FILE` or `gallery:CODE`.
    source: String,
    /// Seconds left until the next day's challenge.
    ends_in: i64,
}

/// Today's challenge, picked now if no server has yet.
async fn today(gallery: &Gallery) -> Result<Daily, ApiError> {
    gallery
        .store()
        .daily_or_pick(day_of(now()), now())
        .await?
        .ok_or_else(|| {
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "this server has no level to pick a daily challenge from",
            )
        })
}

/// `GET /gallery/daily`: today's level, seed and date.
pub(super) async fn show(State(gallery): Gal, Extension(conn): Conn) -> Answer {
    gallery.spend(&conn, Write::Read)?;
    let daily = today(&gallery).await?;
    let day = daily.day;
    Ok(json(
        StatusCode::OK,
        &Today {
            date: date_of(day),
            yesterday: date_of(day - 1),
            title: daily.title,
            text: daily.text,
            seed: daily.seed,
            source: daily.source,
            ends_in: (day + 1) * super::daily::DAY - now(),
        },
    ))
}

#[derive(Serialize)]
struct DayBoard {
    date: String,
    title: String,
    scores: Vec<ScoreLine>,
    /// The asking player's score and rank (`?player=ID`), or `null`.
    yours: Option<YourBest>,
    /// How many entries the day's board has in all.
    entries: i64,
}

/// `GET /gallery/daily/DATE/scores[?player=ID]`: a day's top 10 (today's,
/// yesterday's or before), with the player's own when asked.
pub(super) async fn board(
    State(gallery): Gal,
    Extension(conn): Conn,
    path: PathSegment,
    query: Result<Query<PlayerQuery>, QueryRejection>,
) -> Answer {
    gallery.spend(&conn, Write::Read)?;
    let bad = |what: &str| ApiError::new(StatusCode::BAD_REQUEST, what.to_owned());
    let date = path.map_err(|_| bad("a date is YYYY-MM-DD"))?.0;
    let day = day_from_date(&date).ok_or_else(|| bad("a date is YYYY-MM-DD"))?;
    let player = asking_player(query)?;
    let store = gallery.store();
    let daily = if day == day_of(now()) {
        Some(today(&gallery).await?)
    } else {
        store.daily(day).await?
    };
    let Some(daily) = daily else {
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            format!("no daily challenge on {date} on this server"),
        ));
    };
    let scores = store.daily_board(day).await?;
    let yours = match &player {
        Some(p) => store.daily_yours(day, p).await?,
        None => None,
    };
    let entries = store.daily_entries(day).await?;
    Ok(json(
        StatusCode::OK,
        &DayBoard {
            date: date_of(day),
            title: daily.title,
            scores,
            yours,
            entries,
        },
    ))
}

#[derive(Deserialize)]
struct DailyScoreBody {
    player: String,
    name: String,
    replay: String,
    /// The day the client played (`YYYY-MM-DD`): refused when it is not
    /// today's any more, with a sentence rather than "another level".
    date: Option<String>,
    /// The score the client says it made (checked, never trusted).
    score: Option<u64>,
}

#[derive(Serialize)]
struct Scored {
    date: String,
    score: u32,
    rank: i64,
}

/// The seed a replay's header says (`seed N`, its second line), if it reads.
fn replay_seed(replay: &str) -> Option<i64> {
    arkanong_core::level::parse_lines(replay)
        .take(3)
        .find_map(|l| l.strip_prefix("seed ")?.trim().parse().ok())
}

/// `POST /gallery/daily/scores`: a game of today's challenge, played on the
/// server; listed if it is the player's first verified score today.
pub(super) async fn submit(State(gallery): Gal, Extension(conn): Conn, body: Body) -> Answer {
    gallery.spend(&conn, Write::Score)?;
    let body: DailyScoreBody = read_json(body, REPLAY_BODY).await?;
    let name = checked_name(&body.player, &body.name, &body.replay)?;
    let daily = today(&gallery).await?;
    let date = date_of(daily.day);
    let refuse = |status, why: String| {
        tracing::info!("gallery: daily score refused, from {}: {why}", conn.ip);
        Err(ApiError::new(status, why))
    };
    if let Some((status, why)) = wrong_day_or_seed(&body, &daily, &date) {
        return refuse(status, why);
    }
    let store = gallery.store();
    // Before playing it: a second score today never counts.
    if let Some(mine) = (store.daily_yours(daily.day, &body.player).await)? {
        return refuse(StatusCode::CONFLICT, already(&date, mine.score));
    }
    let verdict = play_replay(
        &gallery,
        daily.text.clone(),
        body.replay,
        Check::Score(body.score),
    )
    .await?;
    let mut verified = match verdict {
        Ok(v) => v,
        Err(Refused::OtherLevel) => {
            return refuse(
                StatusCode::UNPROCESSABLE_ENTITY,
                format!(
                    "this replay is of another level: the daily challenge ({date}) is {}",
                    daily.title
                ),
            )
        }
        Err(refused) => {
            tracing::info!(
                "gallery: daily score refused, from {}: {refused:?}",
                conn.ip
            );
            return Err(ApiError::replay_refused(&refused, refused.message()));
        }
    };
    let new = NewScore::verified(body.player, name, &mut verified, &conn);
    let ids = gallery.fairness().ids_per_address;
    let stored = store.store_daily_score(daily.day, &new, ids).await?;
    let rank = match stored {
        DailyStored::Listed { rank, .. } => rank,
        DailyStored::Already { score } => {
            return refuse(StatusCode::CONFLICT, already(&date, score))
        }
        DailyStored::Repeated => {
            return refuse(
                StatusCode::CONFLICT,
                "this game is already on today's board".into(),
            )
        }
        DailyStored::AddressFull => {
            return refuse(
                StatusCode::CONFLICT,
                format!(
                    "today's board has {ids} players from your address already (one address \
                     lists {ids} players a day at most)"
                ),
            )
        }
    };
    tracing::info!(
        "gallery: daily score {} on {date} verified ({} steps, rank {rank}), from {}",
        verified.score,
        verified.steps,
        conn.ip
    );
    Ok(json(
        StatusCode::CREATED,
        &Scored {
            date,
            score: verified.score,
            rank,
        },
    ))
}

/// Why a daily score is refused before it is played: another day's game
/// (its `date`), or another seed than the day's (read from its header).
fn wrong_day_or_seed(
    body: &DailyScoreBody,
    daily: &Daily,
    date: &str,
) -> Option<(StatusCode, String)> {
    if let Some(played) = body.date.as_deref().filter(|d| *d != date) {
        let played: String = played
            .chars()
            .take(10)
            .filter(char::is_ascii_graphic)
            .collect();
        return Some((
            StatusCode::CONFLICT,
            format!(
                "the daily challenge of {played} is over: today's ({date}) is {}; play it from \
                 the title screen",
                daily.title
            ),
        ));
    }
    match replay_seed(&body.replay) {
        Some(seed) if seed == daily.seed => None,
        Some(seed) => Some((
            StatusCode::UNPROCESSABLE_ENTITY,
            format!(
                "this game was played with seed {seed}, not today's: the daily challenge \
                 ({date}, {}) is seed {} for everyone; play it from the title screen",
                daily.title, daily.seed
            ),
        )),
        None => Some((
            StatusCode::UNPROCESSABLE_ENTITY,
            "the replay does not read".into(),
        )),
    }
}

/// A second score of the day, refused.
fn already(date: &str, score: i64) -> String {
    format!("one score a day counts: yours on {date} is {score}; come back tomorrow")
}
