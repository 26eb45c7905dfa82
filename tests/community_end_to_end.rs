//! Community levels end to end on 127.0.0.1: the game's own client
//! (`arkanong_core::app::community`: its requests, its HTTP over TCP, its readers,
//! and the Community screen itself) against `arkanong server`'s gallery on a
//! fresh SQLite file. A level is shared, found in the list and by search,
//! rated; a solo game the CPU plays is submitted as its replay and the score
//! the server reproduces comes back, on the top ten too; a doctored replay is
//! refused with its reason; the edit key withdraws the level.

#[path = "common/clears.rs"]
mod clears;
#[path = "common/loopback.rs"]
mod loopback;

use std::time::{Duration, Instant};

use arkanong_core::app::community::{
    exchange, http_base, new_player_id, random_bytes, read_done, read_reply, read_text, ApiRequest,
    CommunityBook, CommunityError, CommunityScreen, Gallery, LevelDetail, LevelPage, Rated, Shared,
    Sort, TopScores, Verified,
};
use arkanong_core::game::{gather_inputs, Cpu, Difficulty, Game, Intent, Mode, Replay};
use arkanong_core::level::{Level, Side};
use serde::de::DeserializeOwned;

/// A solo level of our own, so the test knows every brick.
const LEVEL: &str = "title = Community Test\nmode = solo\nlives = 2\n[bricks]\n1111\n1221\n";

/// The gallery's answer to `request`, read as a `T` (panics with the failure).
fn ask<T: DeserializeOwned>(base: &str, request: ApiRequest) -> T {
    let what = format!("{:?} {}", request.method, request.path);
    read_reply(exchange(base, &request)).unwrap_or_else(|e| panic!("{what}: {e:?}"))
}

/// A solo game of `text` the hard CPU plays for at most `steps` steps, recorded
/// as the game records one; and its score.
fn cpu_replay(text: &str, seed: u64, steps: usize) -> (Replay, u32) {
    let level = Level::parse(text).unwrap();
    let mut game = Game::new(&level, Mode::Solo, seed);
    let mut cpus = [Some(Cpu::new(Side::Bottom, Difficulty::Hard, seed)), None];
    let mut inputs = Vec::new();
    while inputs.len() < steps && game.outcome().is_none() {
        let step = gather_inputs(&game, &mut cpus, |_| Intent::IDLE);
        game.step(&step);
        inputs.push(step);
    }
    let score = game.player(Side::Bottom).map_or(0, |p| p.score);
    let replay = Replay {
        seed,
        mode: Mode::Solo,
        rules: level.rules,
        level_text: text.to_owned(),
        inputs,
        final_hash: game.state_hash(),
    };
    (replay, score)
}

#[test]
fn a_shared_level_is_listed_rated_and_its_cpu_played_score_verified() {
    let dir = std::env::temp_dir().join(format!("arkanong-community-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("gallery.db");
    let _ = std::fs::remove_file(&db);
    // A rating counts from a player who played: at once here (the 20 s wait
    // a real server makes is the gallery's own test's business).
    let server = loopback::server_with(&["--db", db.to_str().unwrap(), "--rate-after-play", "0"]);
    let base = http_base(&server.url);
    let player = new_player_id(random_bytes());

    let shared: Shared = ask(
        &base,
        ApiRequest::share(LEVEL, Some("CPU"), &clears::cpu_clear(LEVEL)),
    );
    assert_eq!(shared.code.len(), 6, "{shared:?}");
    assert!(!shared.edit_key.is_empty());
    let code = shared.code.clone();

    let page: LevelPage = ask(&base, ApiRequest::list(Sort::Newest, "", 0));
    assert!(page.levels.iter().any(|l| l.code == code), "{page:?}");
    let found: LevelPage = ask(&base, ApiRequest::list(Sort::Top, "community test", 0));
    assert!(
        found.levels.iter().any(|l| l.code == code),
        "searched: {found:?}"
    );
    let detail: LevelDetail = ask(&base, ApiRequest::level(&code));
    assert_eq!(detail.summary.author, "CPU");
    assert_eq!(Level::parse(&detail.text).unwrap().title, "Community Test");

    // Not played yet: the gallery refuses the rating, and the screen's line says why.
    let early = read_reply::<Rated>(exchange(&base, &ApiRequest::rate(&code, &player, 4)));
    match early {
        Err(e @ CommunityError::Refused { status: 403, .. }) => assert!(
            e.line(&base).contains("play the level first"),
            "{}",
            e.line(&base)
        ),
        other => panic!("a rating before a play: {other:?}"),
    }
    read_done(exchange(&base, &ApiRequest::played(&code, &player))).unwrap();
    let rated: Rated = ask(&base, ApiRequest::rate(&code, &player, 4));
    assert_eq!((rated.rating, rated.ratings), (Some(4.0), 1));

    // The Community screen itself, over the live gallery, lists the level.
    let mut screen = CommunityScreen::new(Gallery::live(&server.url));
    let mut book = CommunityBook::default();
    book.ensure_player(random_bytes());
    let start = Instant::now();
    while !screen.levels.iter().any(|l| l.code == code) {
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "{}",
            screen.status
        );
        screen.frame(&[], &mut book);
        std::thread::sleep(Duration::from_millis(20));
    }
    let listed = screen.levels.iter().find(|l| l.code == code).unwrap();
    assert_eq!((listed.ratings, listed.plays), (1, 1), "{listed:?}");

    let (replay, score) = cpu_replay(&detail.text, 11, 3_000);
    let request = ApiRequest::submit(&code, &player, "CPU", &replay.to_text());
    let verified: Verified = ask(&base, request);
    assert_eq!(
        verified.score,
        u64::from(score),
        "the score the replay reproduces"
    );
    assert_eq!(verified.rank, 1);

    let mut doctored = replay.clone();
    doctored.final_hash ^= 1;
    let request = ApiRequest::submit(&code, &player, "BAD", &doctored.to_text());
    match read_reply::<Verified>(exchange(&base, &request)) {
        Err(CommunityError::Refused { status, error, .. }) => {
            assert_eq!(status, 422);
            assert!(error.contains("does not reproduce"), "{error}");
        }
        other => panic!("a doctored replay was not refused: {other:?}"),
    }

    let top: TopScores = ask(&base, ApiRequest::top(&code, &player));
    assert_eq!(top.scores.len(), 1, "{top:?}");
    assert_eq!(
        top.yours.as_ref().map(|y| y.rank),
        Some(1),
        "the player's own"
    );
    assert_eq!(
        (top.scores[0].score, top.scores[0].name.as_str()),
        (u64::from(score), "CPU")
    );
    let text = read_text(exchange(&base, &ApiRequest::replay(&top.scores[0].id))).unwrap();
    let watched = Replay::parse(&text).unwrap();
    assert_eq!(
        watched.verify().unwrap(),
        replay.final_hash,
        "the top replay plays back"
    );

    let wrong = ApiRequest::withdraw(&code, "not-the-key");
    assert!(
        read_done(exchange(&base, &wrong)).is_err(),
        "a wrong key withdraws nothing"
    );
    read_done(exchange(
        &base,
        &ApiRequest::withdraw(&code, &shared.edit_key),
    ))
    .unwrap();
    let gone = read_reply::<LevelDetail>(exchange(&base, &ApiRequest::level(&code)));
    assert!(
        matches!(gone, Err(CommunityError::Refused { status: 404, .. })),
        "{gone:?}"
    );
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn with_no_server_the_client_says_which_address_and_what_to_run() {
    // A port nothing listens on: bound, then closed.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let server = format!("ws://127.0.0.1:{port}");
    let e = read_reply::<LevelPage>(exchange(
        &http_base(&server),
        &ApiRequest::list(Sort::Newest, "", 0),
    ))
    .unwrap_err();
    let line = e.line(&server);
    assert!(
        line.starts_with(&format!("cannot reach the server at {server}")),
        "{line}"
    );
    assert!(line.contains("`arkanong server`"), "{line}");
}
