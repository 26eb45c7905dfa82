//! The board's routes under `/gallery/` (issue 45): a play's end reported
//! (`POST /gallery/levels/C/ends`), counted in the level's attempts and clear
//! rate under the anti-stuffing rules; a level's top 10 with the asking
//! player's own best and the board's size (`GET
//! /gallery/levels/C/scores?player=ID`).

use axum::body::Body;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Extension, Query, State};
use axum::http::StatusCode;
use axum::response::IntoResponse;
use serde::{Deserialize, Serialize};

use super::api::{json, read_json, ApiError, SMALL_BODY};
use super::board::{Attempt, YourBest};
use super::limits::Write;
use super::routes::{
    check_player, level_route, now, require_visible, Answer, Conn, Gal, PathSegment,
};
use super::store::{Play, ScoreLine};

#[derive(Deserialize)]
struct EndBody {
    player: String,
    /// Whether the play cleared the level (solo: every breakable brick gone).
    cleared: bool,
}

/// `POST /gallery/levels/C/ends`: a play of the level ended, `cleared` or
/// not. 204 whether it was counted or past a cap (as a play is), 404 for
/// no such level.
pub(super) async fn ended(
    State(gallery): Gal,
    Extension(conn): Conn,
    path: PathSegment,
    body: Body,
) -> Answer {
    let code = level_route(&gallery, &conn, Write::Play, path)?;
    let body: EndBody = read_json(body, SMALL_BODY).await?;
    check_player(&body.player)?;
    let address = gallery.fairness().network(conn.ip);
    let play = Play {
        player: &body.player,
        address: &address,
        now: now(),
    };
    let counted = gallery
        .store()
        .count_end(&code, &play, body.cleared, gallery.fairness())
        .await?;
    if counted == Attempt::NoLevel {
        return Err(ApiError::no_level());
    }
    if counted == Attempt::Counted {
        gallery.front().forget();
    }
    let how = if body.cleared {
        "cleared"
    } else {
        "not cleared"
    };
    tracing::info!(
        "gallery: level {code} attempt ended, {how} ({counted:?}), from {}",
        conn.ip
    );
    Ok(StatusCode::NO_CONTENT.into_response())
}

#[derive(Serialize)]
struct Board {
    scores: Vec<ScoreLine>,
    /// The asking player's entry and rank (asked with `?player=ID`), even
    /// outside the top 10; `null` when they have none.
    yours: Option<YourBest>,
    /// How many entries the board has in all (the Submit page's "#2 of 5").
    entries: i64,
}

/// A board's query: whose own best to show beside the top 10 (`?player=ID`).
#[derive(Deserialize)]
pub(super) struct PlayerQuery {
    player: Option<String>,
}

/// The player a board's query names (`?player=ID`), their id checked: a 400
/// when the query string does not read or the id is not one.
pub(super) fn asking_player(
    query: Result<Query<PlayerQuery>, QueryRejection>,
) -> Result<Option<String>, ApiError> {
    let Query(query) = query
        .map_err(|_| ApiError::new(StatusCode::BAD_REQUEST, "the query string does not read"))?;
    if let Some(player) = &query.player {
        check_player(player)?;
    }
    Ok(query.player)
}

/// `GET /gallery/levels/C/scores[?player=ID]`: the top 10 of the level's
/// latest version, and the player's own best when asked.
pub(super) async fn top(
    State(gallery): Gal,
    Extension(conn): Conn,
    path: PathSegment,
    query: Result<Query<PlayerQuery>, QueryRejection>,
) -> Answer {
    let code = level_route(&gallery, &conn, Write::Read, path)?;
    let player = asking_player(query)?;
    require_visible(&gallery, &code).await?;
    let store = gallery.store();
    let scores = store.top_scores(&code).await?;
    let yours = match &player {
        Some(player) => store.your_best(&code, player).await?,
        None => None,
    };
    let entries = store.board_entries(&code).await?;
    let board = Board {
        scores,
        yours,
        entries,
    };
    Ok(json(StatusCode::OK, &board).into_response())
}
