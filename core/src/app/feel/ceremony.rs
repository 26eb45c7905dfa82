//! Win and lose ceremonies (issue 13, the `ceremony` switch): a victory bursts
//! into fireworks and confetti in the winner's colour and its title punches in; a
//! solo level cleared gets a smaller celebration; a defeat dims the field and its
//! title drops heavily. Headless and seeded: the particles come from a
//! [`PortableRng`] seeded by the shell (the game's seed), never a clock, so the
//! same seed and the same frame times give the same ceremony.

use glam::Vec2;
use rand::{Rng, SeedableRng};

use crate::app::feel::Arrival;
use crate::game::Outcome;
use crate::level::Side;
use crate::portable_math::from_angle;
use crate::portable_rng::PortableRng;
use crate::tuning::{ARENA_HEIGHT, ARENA_WIDTH};

/// How long a ceremony lasts, seconds: its last burst goes up before this, and
/// its last particle fades by then.
pub const CEREMONY_SECONDS: f32 = 2.2;
/// How dark a defeat leaves the field, 0 (untouched) to 1 (black).
pub(super) const DEFEAT_DIM: f32 = 0.55;
/// How long a defeat's dimming takes, seconds.
const DIM_SECONDS: f32 = 0.8;
/// Downward pull on every particle, arena units per second squared.
const GRAVITY: f32 = 260.0;
/// Air drag: the share of its speed a particle loses per second.
const DRAG: f32 = 1.6;
/// The longest a particle lives, seconds.
const MAX_LIFE: f32 = 1.2;

/// Which ceremony, from the game's outcome as the player at the keys sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CeremonyKind {
    /// A versus game won: fireworks in the winner's colour.
    Victory(Side),
    /// A solo level cleared: a smaller celebration in the player's colour.
    Cleared,
    /// Out of lives, or beaten by the CPU: the field dims.
    Defeat,
}

impl CeremonyKind {
    /// The ceremony for `outcome`, `against_cpu` when a human plays the CPU: the
    /// CPU's win is the human's defeat; two players' winner gets the fireworks; a
    /// draw gets none.
    pub fn of(outcome: Outcome, against_cpu: bool) -> Option<Self> {
        match outcome {
            Outcome::Cleared => Some(Self::Cleared),
            Outcome::OutOfLives => Some(Self::Defeat),
            Outcome::Won(Side::Top) if against_cpu => Some(Self::Defeat),
            Outcome::Won(side) => Some(Self::Victory(side)),
            Outcome::Draw => None,
        }
    }

    /// How the results screen arrives after it.
    pub fn arrival(self) -> Arrival {
        match self {
            Self::Victory(_) | Self::Cleared => Arrival::Punch,
            Self::Defeat => Arrival::Drop,
        }
    }

    /// How long the field shows in full view before the results panel comes,
    /// seconds: a win's fireworks play out (issue 25: they used to burst behind
    /// the panel), a cleared level's shorter show too, and a defeat holds while
    /// the field dims. With `fireworks` off (reduced motion) only the dimming's
    /// moment stays. The player may cut it short with any key.
    pub fn results_hold(self, fireworks: bool) -> f32 {
        match self {
            Self::Victory(_) if fireworks => CEREMONY_SECONDS,
            Self::Cleared if fireworks => CLEARED_HOLD_SECONDS,
            _ => DIM_SECONDS,
        }
    }
}

/// How long a cleared level's celebration holds the results back, seconds: its
/// three bursts are up by 0.6 s and mostly faded by then; the next level's
/// offer should not keep a campaign waiting as long as a victory.
const CLEARED_HOLD_SECONDS: f32 = 1.4;

/// What colour a particle takes: its owner's, a white spark, or gold.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tint {
    /// The winner's colour.
    Owner,
    /// White.
    White,
    /// Gold.
    Gold,
}

/// One piece of confetti or a firework spark, in arena units.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Confetto {
    /// Where, arena units.
    pub position: Vec2,
    /// Units per second.
    pub velocity: Vec2,
    /// Turn, radians (confetti flutter; sparks ignore it).
    pub angle: f32,
    /// Turning speed, radians per second.
    pub spin: f32,
    /// Seconds left; it fades over its last half second.
    pub life: f32,
    /// Its colour.
    pub tint: Tint,
    /// A flat strip of confetti (true) or a round spark.
    pub strip: bool,
}

/// One burst: when, where and how many.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Burst {
    at: f32,
    center: Vec2,
    count: usize,
}

/// A ceremony in progress.
#[derive(Debug, Clone, PartialEq)]
pub struct Ceremony {
    /// Which one.
    pub kind: CeremonyKind,
    age: f32,
    rng: PortableRng,
    bursts: Vec<Burst>,
    particles: Vec<Confetto>,
}

impl Ceremony {
    /// A ceremony of `kind` starting now, its bursts planned from `seed`.
    pub fn new(kind: CeremonyKind, seed: u64) -> Self {
        let mut rng = PortableRng::seed_from_u64(seed);
        let (n, count) = match kind {
            CeremonyKind::Victory(_) => (5, 48),
            CeremonyKind::Cleared => (3, 32),
            CeremonyKind::Defeat => (0, 0),
        };
        let bursts = (0..n)
            .map(|i| Burst {
                at: i as f32 * 0.28,
                center: Vec2::new(
                    rng.random_range(0.2..0.8) * ARENA_WIDTH,
                    rng.random_range(0.2..0.55) * ARENA_HEIGHT,
                ),
                count,
            })
            .collect();
        Self {
            kind,
            age: 0.0,
            rng,
            bursts,
            particles: Vec::new(),
        }
    }

    /// Seconds since it began.
    pub fn age(&self) -> f32 {
        self.age
    }

    /// Whether it is over: every burst gone up and every particle faded.
    pub fn is_over(&self) -> bool {
        self.bursts.is_empty() && self.particles.is_empty()
    }

    /// The particles in flight.
    pub fn particles(&self) -> &[Confetto] {
        &self.particles
    }

    /// How dark the field is drawn, 0 to [`DEFEAT_DIM`] (a defeat only); it
    /// stays dim while the results show.
    pub fn dim(&self) -> f32 {
        match self.kind {
            CeremonyKind::Defeat => DEFEAT_DIM * (self.age / DIM_SECONDS).min(1.0),
            _ => 0.0,
        }
    }

    /// Lets `dt` seconds pass: bursts due go up, particles fly, fall and fade.
    pub fn update(&mut self, dt: f32) {
        self.age += dt;
        for p in &mut self.particles {
            p.velocity *= (1.0 - DRAG * dt).max(0.0);
            p.velocity.y += GRAVITY * dt * if p.strip { 0.5 } else { 1.0 };
            p.position += p.velocity * dt;
            p.angle += p.spin * dt;
            p.life -= dt;
        }
        self.particles.retain(|p| p.life > 0.0);
        while let Some(b) = self.bursts.first().copied().filter(|b| b.at <= self.age) {
            self.bursts.remove(0);
            self.burst(b);
        }
    }

    /// A firework: sparks in a ring, confetti strips among them.
    fn burst(&mut self, b: Burst) {
        // Particles of the last bursts live only as long as the ceremony has left.
        let left = (CEREMONY_SECONDS - self.age).max(0.1);
        for i in 0..b.count {
            let r = &mut self.rng;
            let angle =
                (i as f32 + r.random_range(0.0..0.8)) / b.count as f32 * std::f32::consts::TAU;
            let strip = i % 3 == 0;
            let speed = if strip {
                r.random_range(80.0..220.0)
            } else {
                r.random_range(220.0..420.0)
            };
            let tint = match r.random_range(0..6) {
                0 => Tint::White,
                1 => Tint::Gold,
                _ => Tint::Owner,
            };
            self.particles.push(Confetto {
                position: b.center,
                velocity: from_angle(angle) * speed,
                angle: r.random_range(0.0..std::f32::consts::TAU),
                spin: r.random_range(-12.0..12.0),
                life: r.random_range(0.7..MAX_LIFE).min(left),
                tint,
                strip,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(kind: CeremonyKind, seed: u64, seconds: f32) -> Ceremony {
        let mut c = Ceremony::new(kind, seed);
        for _ in 0..(seconds * 60.0).round() as usize {
            c.update(1.0 / 60.0);
        }
        c
    }

    #[test]
    fn ceremony_is_the_same_for_a_seed_and_differs_between_seeds() {
        let v = CeremonyKind::Victory(Side::Top);
        let a = run(v, 7, 0.5);
        assert_eq!(a, run(v, 7, 0.5));
        assert!(!a.particles().is_empty());
        assert_ne!(a.particles(), run(v, 8, 0.5).particles());
    }

    #[test]
    fn ceremony_particles_all_end_within_its_time() {
        for kind in [
            CeremonyKind::Victory(Side::Bottom),
            CeremonyKind::Cleared,
            CeremonyKind::Defeat,
        ] {
            let mut c = Ceremony::new(kind, 3);
            let mut most = 0;
            for _ in 0..(CEREMONY_SECONDS * 60.0) as usize + 2 {
                c.update(1.0 / 60.0);
                most = most.max(c.particles().len());
            }
            assert!(
                c.is_over(),
                "{kind:?} still has {} particles",
                c.particles().len()
            );
            assert_eq!(most > 0, kind != CeremonyKind::Defeat, "{kind:?}");
        }
        assert!(
            run(CeremonyKind::Victory(Side::Bottom), 1, 0.9)
                .particles()
                .len()
                > run(CeremonyKind::Cleared, 1, 0.9).particles().len()
        );
    }

    #[test]
    fn ceremony_defeat_dims_and_drops_victory_punches() {
        let d = run(CeremonyKind::Defeat, 1, 0.4);
        assert!(d.dim() > 0.0 && d.dim() < DEFEAT_DIM);
        assert_eq!(run(CeremonyKind::Defeat, 1, 3.0).dim(), DEFEAT_DIM);
        assert_eq!(run(CeremonyKind::Cleared, 1, 1.0).dim(), 0.0);
        assert_eq!(CeremonyKind::Defeat.arrival(), Arrival::Drop);
        assert_eq!(CeremonyKind::Victory(Side::Top).arrival(), Arrival::Punch);
    }

    #[test]
    fn ceremony_holds_the_results_until_a_win_has_played_out() {
        let win = CeremonyKind::Victory(Side::Bottom);
        assert_eq!(win.results_hold(true), CEREMONY_SECONDS);
        // The victory's fireworks are over when its hold ends.
        assert!(run(win, 5, win.results_hold(true) + 0.05).is_over());
        assert!(CeremonyKind::Cleared.results_hold(true) < win.results_hold(true));
        assert!(CeremonyKind::Defeat.results_hold(true) < CeremonyKind::Cleared.results_hold(true));
        assert_eq!(
            win.results_hold(false),
            CeremonyKind::Defeat.results_hold(false)
        );
    }

    #[test]
    fn ceremony_kind_is_the_human_players_view_of_the_outcome() {
        use CeremonyKind::*;
        let cpu = true;
        assert_eq!(CeremonyKind::of(Outcome::Won(Side::Top), cpu), Some(Defeat));
        assert_eq!(
            CeremonyKind::of(Outcome::Won(Side::Bottom), cpu),
            Some(Victory(Side::Bottom))
        );
        assert_eq!(
            CeremonyKind::of(Outcome::Won(Side::Top), false),
            Some(Victory(Side::Top))
        );
        assert_eq!(CeremonyKind::of(Outcome::Cleared, false), Some(Cleared));
        assert_eq!(CeremonyKind::of(Outcome::OutOfLives, false), Some(Defeat));
        assert_eq!(CeremonyKind::of(Outcome::Draw, cpu), None);
    }
}
