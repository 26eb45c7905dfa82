use glam::Vec2;

use super::*;
use crate::game::Striker;
use crate::level::PowerUp;
use crate::physics::BallId;

fn broken(side: Side, points: u32) -> GameEvent {
    GameEvent::BrickBroken {
        center: Vec2::ZERO,
        side,
        points,
        capsule: None,
        by: Striker::Ball,
    }
}

fn paddle(side: Side) -> GameEvent {
    GameEvent::PaddleHit {
        side,
        point: Vec2::ZERO,
        ball: BallId(0),
        owner: side,
    }
}

fn one(event: GameEvent, mode: PlayMode) -> Cue {
    let cues = SoundCues::default().react(&[event], mode);
    assert_eq!(cues.len(), 1, "{event:?} gave {cues:?}");
    cues[0]
}

#[test]
fn break_pitch_rises_with_the_combo_and_is_capped_at_the_scale_top() {
    let mut cues = SoundCues::default();
    let run: Vec<GameEvent> = (0..20).map(|_| broken(Side::Bottom, 1)).collect();
    let ratios: Vec<f32> = cues
        .react(&run, PlayMode::Solo)
        .iter()
        .map(Cue::ratio)
        .collect();
    assert_eq!(ratios.len(), 20);
    assert_eq!(ratios[0], 1.0, "the first break is the root");
    for w in ratios[..SCALE.len()].windows(2) {
        assert!(w[1] > w[0], "{ratios:?}");
    }
    // Capped two octaves up, and it stays there.
    let top = ratios[SCALE.len() - 1];
    assert!((top - 4.0).abs() < 1e-4, "{top}");
    assert!(ratios[SCALE.len()..].iter().all(|&r| r == top));
    // A paddle hit starts a new rally: back to the root.
    let again = cues.react(
        &[paddle(Side::Bottom), broken(Side::Bottom, 1)],
        PlayMode::Solo,
    );
    assert_eq!(again[1].ratio(), 1.0);
}

#[test]
fn each_sides_rally_climbs_on_its_own() {
    let mut cues = SoundCues::default();
    let c = cues.react(
        &[
            broken(Side::Bottom, 1),
            broken(Side::Bottom, 1),
            broken(Side::Top, 1),
        ],
        PlayMode::VersusCpu,
    );
    assert_eq!(c.iter().map(|c| c.step).collect::<Vec<_>>(), vec![0, 1, 0]);
}

#[test]
fn brick_hits_rise_as_the_hits_left_fall() {
    let hit = |hits_left| {
        one(
            GameEvent::BrickHit {
                point: Vec2::ZERO,
                hits_left,
                by: Striker::Ball,
            },
            PlayMode::Solo,
        )
    };
    let steps: Vec<usize> = [9, 4, 3, 2, 1].map(|n| hit(n).step).to_vec();
    assert_eq!(steps, vec![0, 0, 1, 2, 3]);
    assert!(steps.iter().all(|&s| s < Voice::BrickHit.steps()));
    assert_eq!(hit(1).voice, Voice::BrickHit);
}

#[test]
fn each_event_family_has_its_own_voice() {
    let events = [
        paddle(Side::Bottom),
        GameEvent::Bounce {
            point: Vec2::ZERO,
            surface: Surface::Wall,
        },
        GameEvent::Bounce {
            point: Vec2::ZERO,
            surface: Surface::Barrier,
        },
        GameEvent::BrickHit {
            point: Vec2::ZERO,
            hits_left: 2,
            by: Striker::Laser,
        },
        broken(Side::Bottom, 2),
        GameEvent::CapsuleCaught {
            side: Side::Bottom,
            power_up: PowerUp::Slow,
        },
        GameEvent::Goal { against: Side::Top },
        GameEvent::LifeLost { lives_left: 2 },
        GameEvent::LaserFired { side: Side::Top },
        GameEvent::BallConverted {
            ball: BallId(0),
            to: Side::Top,
        },
        GameEvent::Served {
            side: Side::Bottom,
            ball: BallId(1),
        },
        GameEvent::EffectEnded {
            side: Side::Bottom,
            power_up: PowerUp::Catch,
        },
        GameEvent::GameOver(Outcome::Cleared),
    ];
    let voices: Vec<Voice> = events
        .iter()
        .map(|&e| one(e, PlayMode::Solo).voice)
        .collect();
    for (i, v) in voices.iter().enumerate() {
        assert!(
            !voices[..i].contains(v),
            "{v:?} serves two families: {voices:?}"
        );
        assert!(Voice::ALL.contains(v));
    }
    // Steel sounds like a wall, a shield like a barrier: the same family.
    let steel = GameEvent::Bounce {
        point: Vec2::ZERO,
        surface: Surface::Steel,
    };
    assert_eq!(one(steel, PlayMode::Solo).voice, Voice::Wall);
}

#[test]
fn walls_and_paddles_are_soft_and_breaks_louder() {
    let wall = one(
        GameEvent::Bounce {
            point: Vec2::ZERO,
            surface: Surface::Wall,
        },
        PlayMode::Solo,
    );
    let brk = one(broken(Side::Bottom, 1), PlayMode::Solo);
    let pad = one(paddle(Side::Bottom), PlayMode::Solo);
    assert!(
        wall.gain < pad.gain && pad.gain < brk.gain,
        "{wall:?} {pad:?} {brk:?}"
    );
    // A tougher brick breaks louder, up to full gain.
    let tough = one(broken(Side::Bottom, 3), PlayMode::Solo);
    assert!(tough.gain > brk.gain && tough.gain <= 1.0);
    assert!(one(broken(Side::Bottom, 200), PlayMode::Solo).gain <= 1.0);
}

#[test]
fn the_two_paddles_sound_apart() {
    let b = one(paddle(Side::Bottom), PlayMode::TwoPlayers);
    let t = one(paddle(Side::Top), PlayMode::TwoPlayers);
    assert_eq!(b.voice, t.voice);
    assert!(t.ratio() > b.ratio() && t.step < Voice::Paddle.steps());
}

#[test]
fn endings_are_heard_from_the_human_side() {
    let end = |o, mode| one(GameEvent::GameOver(o), mode).voice;
    let v = Voice::Sting(Sting::Victory);
    let d = Voice::Sting(Sting::Defeat);
    assert_eq!(end(Outcome::Cleared, PlayMode::Solo), v);
    assert_eq!(end(Outcome::OutOfLives, PlayMode::Solo), d);
    assert_eq!(end(Outcome::Won(Side::Bottom), PlayMode::VersusCpu), v);
    assert_eq!(end(Outcome::Won(Side::Top), PlayMode::VersusCpu), d);
    assert_eq!(end(Outcome::Won(Side::Top), PlayMode::TwoPlayers), v);
    assert_eq!(
        end(Outcome::Draw, PlayMode::VersusCpu),
        Voice::Sting(Sting::Draw)
    );
}

#[test]
fn the_last_life_lost_leaves_the_defeat_sting_alone() {
    let cues = SoundCues::default().react(
        &[
            GameEvent::LifeLost { lives_left: 0 },
            GameEvent::GameOver(Outcome::OutOfLives),
        ],
        PlayMode::Solo,
    );
    assert_eq!(cues.len(), 1);
    assert_eq!(cues[0].voice, Voice::Sting(Sting::Defeat));
}

#[test]
fn every_cue_step_is_one_its_voice_renders() {
    let mut cues = SoundCues::default();
    let mut events: Vec<GameEvent> = (0..30).map(|n| broken(Side::Top, n)).collect();
    events.push(paddle(Side::Top));
    for c in cues.react(&events, PlayMode::VersusCpu) {
        assert!(c.step < c.voice.steps(), "{c:?}");
        assert!(c.gain > 0.0 && c.gain <= 1.0, "{c:?}");
    }
}
