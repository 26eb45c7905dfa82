//! What the attacks send: the levels (a heavy one whose D capsules
//! multiply balls, plain small ones), their authors' clears (main's server
//! shares only cleared levels; the older one ignores the field), CPU games
//! and the replays made of them.

use arkanong_core::game::{
    gather_inputs, Cpu, Difficulty, Game, Inputs, Intent, Mode, Outcome, Replay,
};
use arkanong_core::level::{Level, LevelMode, Side};

/// A tag no other run shares, so titles differ between runs.
pub(crate) fn tag() -> String {
    let n = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    format!("{:x}", n & 0xffff_ffff)
}

/// A solo level that passes `check` and is heavy to play: 48 staged balls
/// rising into a row of 12 bricks that each drop a D capsule over a wide
/// paddle, under two rows of 9-hit bricks (the level lasts), so its balls
/// multiply by three for each capsule caught (without a cap, without end).
pub(crate) fn heavy_level(t: &str) -> String {
    let mut text = format!(
        "title = \"Heavy {t}\"\nmode = solo\nlives = 9\npaddle_width = 400\nbricks_center = 400,150\n\
         [bricks]\n999999999999\n999999999999\n111111111111\n\
         [powerups]\n............\n............\nDDDDDDDDDDDD\n[balls]\n"
    );
    for k in 0..48 {
        let (x, y) = (160 + (k % 12) * 40, 420 + (k / 12) * 40);
        text.push_str(&format!("ball at {x},{y} velocity 0,-400 owner bottom\n"));
    }
    text
}

/// The gallery test's heavy level (tests/gallery_integrity.rs): 48 staged
/// balls under 8 D capsules and one row of bricks; with no input its game
/// lasts longer on main's server than [`heavy_level`]'s (`--level test`).
pub(crate) fn test_level(t: &str) -> String {
    let mut text = format!(
        "title = \"Heavy {t}\"\nmode = solo\nlives = 9\nbricks_center = 400,150\n[bricks]\n11111111\n[powerups]\nDDDDDDDD\n[balls]\n"
    );
    for k in 0..48 {
        let (x, y) = (160 + (k % 12) * 40, 420 + (k / 12) * 40);
        text.push_str(&format!("ball at {x},{y} velocity 0,-400 owner bottom\n"));
    }
    text
}

/// A level no one clears and no ball leaves (`--level long`): one brick
/// boxed in steel, a floor above the paddle, 120 hexagons and 64 balls
/// bouncing among them; with no input its game runs all 216,000 steps. No
/// clear exists, so it is put in the database under a shared level's code.
pub(crate) fn long_level(t: &str) -> String {
    let mut text = format!(
        "title = \"Long {t}\"\nmode = solo\nlives = 9\nbricks_center = 400,65\n\
         [bricks]\n===\n=1=\n===\n[barriers]\nsegment from 0,860 to 800,860\n"
    );
    for i in 0..12 {
        for j in 0..10 {
            text.push_str(&format!(
                "hexagon at {},{} radius 12\n",
                60 + 62 * i,
                220 + 60 * j
            ));
        }
    }
    text.push_str("[balls]\n");
    for k in 0..64 {
        let (x, y) = (20 + 24 * (k % 32), 140 + 20 * (k / 32));
        let vx = (k as i64 * 37) % 600 - 300;
        text.push_str(&format!("ball at {x},{y} velocity {vx},400 owner bottom\n"));
    }
    text
}

/// A plain small level numbered `k`.
pub(crate) fn plain_level(t: &str, k: usize) -> String {
    format!("title = \"Plain {t} {k}\"\nmode = both\nlives = 3\n[bricks]\n1111111\n")
}

/// The replay of a hard CPU clearing `text` (as the gallery's tests make a
/// clear): seeds are tried until one clears; empty if none of 40 does.
pub(crate) fn clear(text: &str) -> String {
    let Ok(level) = Level::parse(text) else {
        return String::new();
    };
    let versus = level.mode == LevelMode::Versus;
    let mode = if versus { Mode::Versus } else { Mode::Solo };
    for seed in 1..=40u64 {
        let mut game = Game::new(&level, mode, seed);
        let mut cpus = [
            Some(Cpu::new(Side::Bottom, Difficulty::Hard, seed + 100)),
            versus.then(|| Cpu::new(Side::Top, Difficulty::Normal, seed)),
        ];
        let mut inputs = Vec::new();
        while game.outcome().is_none() && inputs.len() < 216_000 {
            let step = gather_inputs(&game, &mut cpus, |_| Intent::IDLE);
            game.step(&step);
            inputs.push(step);
        }
        if matches!(
            game.outcome(),
            Some(Outcome::Cleared | Outcome::Won(Side::Bottom))
        ) {
            return Replay::record(&level, mode, seed, inputs).to_text();
        }
    }
    String::new()
}

/// A share's body: the level, an author, its clear.
pub(crate) fn share_body(text: &str) -> serde_json::Value {
    serde_json::json!({ "text": text, "author": "attack", "clear": clear(text) })
}

/// A 30-minute replay (216,000 steps, the server's cap) of the heavy level:
/// no input at all, a wrong hash (played to its end it is refused, if the
/// server ever gets there).
pub(crate) fn heavy_replay(text: &str) -> String {
    let level = Level::parse(text).expect("the heavy level parses");
    Replay {
        seed: 5,
        mode: Mode::Solo,
        rules: level.rules,
        level_text: level.to_text(),
        inputs: vec![Inputs::default(); 216_000],
        final_hash: 1,
    }
    .to_text()
}

/// A hard CPU's first `steps` steps of solo on `text` with `seed`: a valid
/// replay, its game its own (distinct seeds, distinct games).
pub(crate) fn cpu_replay(text: &str, seed: u64, steps: usize) -> String {
    let level = Level::parse(text).expect("the level parses");
    let mut game = Game::new(&level, Mode::Solo, seed);
    let mut cpus = [Some(Cpu::new(Side::Bottom, Difficulty::Hard, seed)), None];
    let mut inputs: Vec<Inputs> = Vec::new();
    while inputs.len() < steps && game.outcome().is_none() {
        let step = gather_inputs(&game, &mut cpus, |_| Intent::IDLE);
        game.step(&step);
        inputs.push(step);
    }
    Replay::record(&level, Mode::Solo, seed, inputs).to_text()
}

/// `replay` padded to `size` bytes with zero-count input lines (`0 ....,....`),
/// which a reader skips: the same game, as many bytes as the attacker likes.
pub(crate) fn padded(replay: &str, size: usize) -> String {
    let (head, rest) = replay
        .split_once("inputs\n")
        .expect("a replay has an inputs line");
    let line = "0 ....,....\n";
    let lines = size.saturating_sub(replay.len()) / line.len();
    let mut out = String::with_capacity(size);
    out.push_str(head);
    out.push_str("inputs\n");
    for _ in 0..lines {
        out.push_str(line);
    }
    out.push_str(rest);
    out
}
