//! The play driver against the determinism check: the attract game stepped in
//! frames of 1 to 12 steps plays the same games, with the same hashes, as the
//! check's one step at a time (`arkanong determinism`'s attract hash).

use arkanong_core::app::play::{PlayDriver, Session};
use arkanong_core::app::records::Settings;
use arkanong_core::commands::{attract_play, ATTRACT_SEED, ATTRACT_STEPS};
use arkanong_core::level::{Level, RulesVersion};

/// Every finished game's hash, then the running one's: the attract sequence
/// over the shipped levels, one level after another, as the shell runs it.
fn attract_hashes(mut run: impl FnMut(&mut Session, u32) -> u32, steps: u32) -> Vec<u64> {
    // Under rules 1, as the check plays them (its hash was first taken so).
    let levels: Vec<Level> = (arkanong_core::level::shipped_levels().iter())
        .map(|l| Level {
            rules: RulesVersion::V1,
            ..Level::parse(l.text).unwrap()
        })
        .collect();
    let (mut seed, mut left, mut hashes) = (ATTRACT_SEED, steps, Vec::new());
    let mut s = Session::attract(&levels[0], 0, seed);
    while left > 0 {
        left -= run(&mut s, left);
        if s.is_finished() {
            hashes.push(s.game.state_hash());
            let next = (s.level_index + 1) % levels.len();
            seed = seed.wrapping_add(1);
            s = Session::attract(&levels[next], next, seed);
        }
    }
    hashes.push(s.game.state_hash());
    hashes
}

#[test]
fn driver_attract_in_frames_plays_the_determinism_checks_sequence() {
    let steps = ATTRACT_STEPS as u32;
    // One step at a time, as `attract_play` (the fixture's attract hash) does.
    let plain = attract_hashes(
        |s, _| {
            s.step_cpus();
            1
        },
        steps,
    );
    let (_, games) = attract_play(ATTRACT_STEPS, ATTRACT_SEED).unwrap();
    assert_eq!(plain.len() as u32, games, "the same games as the check");
    assert!(games >= 2, "a level ends and the next begins");
    // Frames of 1 to 12 steps through the driver, stopping at each game's end.
    let (mut driver, settings) = (PlayDriver::new(), Settings::default());
    let mut k = 0;
    let framed = attract_hashes(
        |s, left| {
            k = k % 12 + 1;
            driver.attract(s, k.min(left), &settings).steps
        },
        steps,
    );
    assert_eq!(framed, plain);
}
