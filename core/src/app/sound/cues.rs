//! Which sound answers each game event (issue 13): a [`Cue`] of voice, pitch step
//! and gain. Headless, so the palette's rules are tested; the shell plays a cue by
//! picking the voice's sound pre-rendered at that pitch step (macroquad cannot
//! change a sound's pitch) at the cue's gain times the volume setting.
//!
//! Brick breaks climb a major pentatonic scale with the rally's combo (counted as
//! the score pop-ups count it, [`Rallies`]), so a long rally plays a tune rather
//! than a siren; brick hits sound higher as a brick nears breaking; paddles and
//! walls stay soft.

use crate::game::{GameEvent, Outcome, Surface};
use crate::level::Side;

use crate::app::feel::Rallies;
use crate::app::play::PlayMode;

/// Semitones above the voice's root of each pitch step: the major pentatonic over
/// two octaves, so any run of steps stays in key.
pub const SCALE: [u8; 11] = [0, 2, 4, 7, 9, 12, 14, 16, 19, 21, 24];

/// The pitch steps a brick hit uses: a brick with this many hits left or more
/// sounds lowest; its last hit before breaking, highest.
pub const BRICK_HIT_STEPS: usize = 4;

/// Gains (0 to 1, before the volume setting), loudest first.
const GAIN_GOAL: f32 = 1.0;
const GAIN_STING: f32 = 0.9;
const GAIN_BREAK: f32 = 0.7;
/// A break's gain grows by this per hit point the brick had, up to three.
const GAIN_BREAK_PER_POINT: f32 = 0.1;
const GAIN_CAPSULE: f32 = 0.8;
const GAIN_BRICK_HIT: f32 = 0.6;
const GAIN_SERVE: f32 = 0.5;
const GAIN_PADDLE: f32 = 0.5;
const GAIN_BARRIER: f32 = 0.45;
const GAIN_LASER: f32 = 0.4;
const GAIN_WALL: f32 = 0.3;
const GAIN_BLAST: f32 = 0.9;
const GAIN_REGROW: f32 = 0.35;

/// A short phrase for a moment of the game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Sting {
    /// You won (a rising major arpeggio).
    Victory,
    /// You lost (a falling minor line).
    Defeat,
    /// A versus game ended with equal scores.
    Draw,
    /// A ball changed owner.
    Conversion,
    /// A ball was served.
    Serve,
    /// A timed power-up ran out.
    Expiry,
}

/// A sound of the palette; each is rendered once per pitch step it uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Voice {
    /// A ball on a paddle.
    Paddle,
    /// A ball off a wall or an unbreakable brick.
    Wall,
    /// A ball off a barrier or a shield.
    Barrier,
    /// A brick hit that does not break it.
    BrickHit,
    /// A brick breaking.
    BrickBreak,
    /// A capsule caught.
    Capsule,
    /// A goal (versus).
    Goal,
    /// A life lost (solo).
    LifeLost,
    /// A laser shot.
    Laser,
    /// An explosive brick's blast (a low boom under the breaks it causes).
    Blast,
    /// A regrowing brick grown back (a soft rising chirp).
    Regrow,
    /// A phrase.
    Sting(Sting),
}

impl Voice {
    /// Every voice, in the shell's bank order.
    pub const ALL: [Voice; 17] = [
        Voice::Paddle,
        Voice::Wall,
        Voice::Barrier,
        Voice::BrickHit,
        Voice::BrickBreak,
        Voice::Capsule,
        Voice::Goal,
        Voice::LifeLost,
        Voice::Laser,
        Voice::Blast,
        Voice::Regrow,
        Voice::Sting(Sting::Victory),
        Voice::Sting(Sting::Defeat),
        Voice::Sting(Sting::Draw),
        Voice::Sting(Sting::Conversion),
        Voice::Sting(Sting::Serve),
        Voice::Sting(Sting::Expiry),
    ];

    /// How many pitch steps the voice is rendered at (steps `0..n`).
    pub fn steps(self) -> usize {
        match self {
            Voice::BrickBreak => SCALE.len(),
            Voice::BrickHit => BRICK_HIT_STEPS,
            // The two sides' paddles: steps 0 and 2 (a major third apart).
            Voice::Paddle => 3,
            _ => 1,
        }
    }
}

/// One sound to play.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Cue {
    /// Which sound.
    pub voice: Voice,
    /// Its pitch step, below `voice.steps()`.
    pub step: usize,
    /// Its loudness, 0 to 1, before the volume setting.
    pub gain: f32,
}

impl Cue {
    fn new(voice: Voice, step: usize, gain: f32) -> Self {
        Self { voice, step, gain }
    }

    /// Its frequency relative to the voice's root.
    pub fn ratio(&self) -> f32 {
        step_ratio(self.step)
    }
}

/// The frequency ratio of pitch step `step` (capped at the scale's top).
pub fn step_ratio(step: usize) -> f32 {
    let semitones = SCALE[step.min(SCALE.len() - 1)];
    libm::exp2f(f32::from(semitones) / 12.0)
}

/// Turns game events into cues, keeping the rally count the pitch of breaks follows.
#[derive(Debug, Clone, Default)]
pub struct SoundCues {
    rallies: Rallies,
}

impl SoundCues {
    /// The cues for `events`, in order, in a game of `mode` (which says whose
    /// victory is "yours": in versus the CPU's win is your defeat).
    pub fn react(&mut self, events: &[GameEvent], mode: PlayMode) -> Vec<Cue> {
        let versus = mode != PlayMode::Solo;
        let mut cues = Vec::new();
        for e in events {
            // One event at a time, so each break gets its own place in the rally.
            let pops = self.rallies.react(std::slice::from_ref(e), versus);
            let combo = pops.first().and_then(|p| p.combo).unwrap_or(1);
            cues.extend(cue_for(e, combo, mode));
        }
        cues
    }
}

/// The cue for one event; `combo` is the rally's break count, this break included.
fn cue_for(event: &GameEvent, combo: u32, mode: PlayMode) -> Option<Cue> {
    let sting = |s| Some(Cue::new(Voice::Sting(s), 0, GAIN_STING));
    match *event {
        GameEvent::PaddleHit { side, .. } => {
            let step = if side == Side::Bottom { 0 } else { 2 };
            Some(Cue::new(Voice::Paddle, step, GAIN_PADDLE))
        }
        GameEvent::Bounce { surface, .. } => Some(match surface {
            Surface::Wall | Surface::Steel => Cue::new(Voice::Wall, 0, GAIN_WALL),
            Surface::Barrier | Surface::Shield => Cue::new(Voice::Barrier, 0, GAIN_BARRIER),
        }),
        GameEvent::BrickHit { hits_left, .. } => {
            let left = usize::from(hits_left).clamp(1, BRICK_HIT_STEPS);
            Some(Cue::new(
                Voice::BrickHit,
                BRICK_HIT_STEPS - left,
                GAIN_BRICK_HIT,
            ))
        }
        GameEvent::BrickBroken { points, .. } => {
            let step = (combo.max(1) as usize - 1).min(SCALE.len() - 1);
            let gain = GAIN_BREAK + GAIN_BREAK_PER_POINT * points.min(3) as f32;
            Some(Cue::new(Voice::BrickBreak, step, gain.min(1.0)))
        }
        GameEvent::BrickExploded { .. } => Some(Cue::new(Voice::Blast, 0, GAIN_BLAST)),
        GameEvent::BrickRegrew { .. } => Some(Cue::new(Voice::Regrow, 0, GAIN_REGROW)),
        GameEvent::CapsuleCaught { .. } => Some(Cue::new(Voice::Capsule, 0, GAIN_CAPSULE)),
        GameEvent::Goal { .. } => Some(Cue::new(Voice::Goal, 0, GAIN_GOAL)),
        // The last life: the defeat sting that follows says it.
        GameEvent::LifeLost { lives_left: 0 } => None,
        GameEvent::LifeLost { .. } => Some(Cue::new(Voice::LifeLost, 0, GAIN_GOAL)),
        GameEvent::LaserFired { .. } => Some(Cue::new(Voice::Laser, 0, GAIN_LASER)),
        GameEvent::BallConverted { .. } => sting(Sting::Conversion),
        GameEvent::Served { .. } => Some(Cue::new(Voice::Sting(Sting::Serve), 0, GAIN_SERVE)),
        GameEvent::EffectEnded { .. } => sting(Sting::Expiry),
        GameEvent::GameOver(outcome) => sting(ending(outcome, mode)),
        // A round won: the goal's voice a step higher (the goal that won it has
        // sounded in the same step).
        GameEvent::RoundWon { .. } => Some(Cue::new(Voice::Goal, 2, GAIN_GOAL)),
        // The stall help's pull is seen, not heard: the ball curving is the cue.
        GameEvent::Guided => None,
        // Two balls touching without a change of owner: the conversion, if any,
        // has its own event.
        GameEvent::BallsTouched { .. } => None,
    }
}

/// Victory or defeat as the player in front of the screen hears it: in versus the
/// human plays the bottom; with two players every win is somebody's victory.
fn ending(outcome: Outcome, mode: PlayMode) -> Sting {
    match outcome {
        Outcome::Cleared => Sting::Victory,
        Outcome::OutOfLives => Sting::Defeat,
        Outcome::Draw => Sting::Draw,
        Outcome::Won(side) if mode == PlayMode::VersusCpu && side != Side::Bottom => Sting::Defeat,
        Outcome::Won(_) => Sting::Victory,
    }
}

#[cfg(test)]
mod tests {
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
}
