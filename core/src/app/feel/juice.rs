//! The Juice settings: one on/off switch per decoration the shell draws in answer
//! to game events (issue 13), all on by default. Headless: the menu toggles them,
//! the settings file keeps them (`juice.FIELD = true` lines, by serde: see
//! `app/records/settings.rs`), the shell's effects read them.

use serde::{Deserialize, Serialize};

/// One switchable effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Effect {
    /// A brick hit but not broken flashes white and wobbles.
    Flash,
    /// A broken brick flies apart in shards.
    Shards,
    /// Sparks where a ball breaks a brick or meets a paddle.
    Sparks,
    /// A ring and a burst of sparks where a ball changes owner.
    Rings,
    /// The screen shakes on breaks, catches and goals.
    Shake,
    /// Balls leave fading trails.
    Trails,
    /// "+N" score pop-ups and how many bricks the rally has broken in a row.
    Pops,
    /// Paddles recoil and light up when they strike a ball.
    Recoil,
    /// A light band sweeps across falling capsules.
    Shine,
    /// A ball stretches along its velocity and squashes at each contact.
    Squash,
    /// Trails glow in their owner's colour, drawn with additive blending.
    Glow,
    /// A pause of a few milliseconds on a goal, a conversion or the last brick.
    HitStop,
    /// A timed power-up shows a shrinking bar by its owner's paddle.
    Bars,
    /// A laser shot leaves a flash at the paddle's gun.
    Muzzle,
    /// A brick that holds a capsule glints.
    Glint,
    /// Menus slide in and a level's bricks drop into place at its start.
    Entrances,
    /// Winning and losing each end with a short ceremony.
    Ceremony,
    /// The background stirs on big events.
    Backdrop,
    /// Catching a capsule names its power-up at the paddle for a moment.
    CatchCall,
    /// Balls, paddles, lasers and halos give light: a glow pass (render target,
    /// blur shaders) spreads it over the table and the shapes near them.
    Light,
}

/// Every effect, in the Juice page's order.
pub const EFFECTS: [Effect; 20] = [
    Effect::Flash,
    Effect::Shards,
    Effect::Sparks,
    Effect::Rings,
    Effect::Shake,
    Effect::Trails,
    Effect::Pops,
    Effect::Recoil,
    Effect::Shine,
    Effect::Squash,
    Effect::Glow,
    Effect::HitStop,
    Effect::Bars,
    Effect::Muzzle,
    Effect::Glint,
    Effect::Entrances,
    Effect::Ceremony,
    Effect::Backdrop,
    Effect::CatchCall,
    Effect::Light,
];

impl Effect {
    /// What the Juice page calls it.
    pub fn name(self) -> &'static str {
        match self {
            Effect::Flash => "Brick flash and wobble",
            Effect::Shards => "Brick shards",
            Effect::Sparks => "Sparks",
            Effect::Rings => "Conversion ring, burst and halo",
            Effect::Shake => "Screen shake",
            Effect::Trails => "Ball trails",
            Effect::Pops => "Score pop-ups",
            Effect::Recoil => "Paddle recoil and light-up",
            Effect::Shine => "Capsule shine",
            Effect::Squash => "Ball squash and stretch",
            Effect::Glow => "Glowing trails",
            Effect::HitStop => "Hit-stop on big events",
            Effect::Bars => "Power-up timer bars",
            Effect::Muzzle => "Laser muzzle flash",
            Effect::Glint => "Capsule brick glint",
            Effect::Entrances => "Menu slides and brick drop-in",
            Effect::Ceremony => "Win and lose ceremonies",
            Effect::Backdrop => "Reactive background",
            Effect::CatchCall => "Power-up name on a catch",
            Effect::Light => "Light (glow pass)",
        }
    }
}

/// Which effects are on. Each field's name is its key in the settings file
/// (after `juice.`): never renamed. A file without a switch's line has it on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Juice {
    /// Brick flash and wobble.
    pub flash: bool,
    /// Brick shards.
    pub shards: bool,
    /// Sparks on breaks and paddle hits.
    pub sparks: bool,
    /// Conversion ring, burst and the halo riding on a converted ball.
    pub rings: bool,
    /// Screen shake.
    pub shake: bool,
    /// Ball trails.
    pub trails: bool,
    /// Score pop-ups and combo counts.
    pub pops: bool,
    /// Paddle recoil and light-up.
    pub recoil: bool,
    /// Capsule shine.
    pub shine: bool,
    /// Ball squash and stretch.
    pub squash: bool,
    /// Glowing trails.
    pub glow: bool,
    /// Hit-stop on big events.
    pub hitstop: bool,
    /// Power-up timer bars.
    pub bars: bool,
    /// Laser muzzle flash.
    pub muzzle: bool,
    /// Capsule brick glint.
    pub glint: bool,
    /// Menu slides and brick drop-in.
    pub entrances: bool,
    /// Win and lose ceremonies.
    pub ceremony: bool,
    /// Reactive background.
    pub backdrop: bool,
    /// The power-up's name at the paddle that caught it.
    pub catch_call: bool,
    /// The glow pass: balls, paddles, lasers and halos light the table.
    pub light: bool,
}

impl Default for Juice {
    fn default() -> Self {
        Self {
            flash: true,
            shards: true,
            sparks: true,
            rings: true,
            shake: true,
            trails: true,
            pops: true,
            recoil: true,
            shine: true,
            squash: true,
            glow: true,
            hitstop: true,
            bars: true,
            muzzle: true,
            glint: true,
            entrances: true,
            ceremony: true,
            backdrop: true,
            catch_call: true,
            light: true,
        }
    }
}

impl Juice {
    fn slot(&mut self, e: Effect) -> &mut bool {
        match e {
            Effect::Flash => &mut self.flash,
            Effect::Shards => &mut self.shards,
            Effect::Sparks => &mut self.sparks,
            Effect::Rings => &mut self.rings,
            Effect::Shake => &mut self.shake,
            Effect::Trails => &mut self.trails,
            Effect::Pops => &mut self.pops,
            Effect::Recoil => &mut self.recoil,
            Effect::Shine => &mut self.shine,
            Effect::Squash => &mut self.squash,
            Effect::Glow => &mut self.glow,
            Effect::HitStop => &mut self.hitstop,
            Effect::Bars => &mut self.bars,
            Effect::Muzzle => &mut self.muzzle,
            Effect::Glint => &mut self.glint,
            Effect::Entrances => &mut self.entrances,
            Effect::Ceremony => &mut self.ceremony,
            Effect::Backdrop => &mut self.backdrop,
            Effect::CatchCall => &mut self.catch_call,
            Effect::Light => &mut self.light,
        }
    }

    /// Whether `e` is on.
    pub fn is_on(mut self, e: Effect) -> bool {
        *self.slot(e)
    }

    /// Turns `e` on or off.
    pub fn toggle(&mut self, e: Effect) {
        let s = self.slot(e);
        *s = !*s;
    }

    /// What the effects may show: these switches, with shake, flashes and the
    /// glow pass off under reduced motion whatever the switches say.
    pub fn shown(self, reduced_motion: bool) -> Self {
        Self {
            flash: self.flash && !reduced_motion,
            shake: self.shake && !reduced_motion,
            light: self.light && !reduced_motion,
            ..self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The number written just before `tail` in `text` (" (19 in all)").
    fn count_before(text: &str, tail: &str) -> Option<usize> {
        let at = text.find(tail)?;
        let head = &text[..at];
        let digits = head.rsplit(|c: char| !c.is_ascii_digit()).next()?;
        digits.parse().ok()
    }

    #[test]
    fn the_readme_and_feel_page_count_the_switches_there_are() {
        // Issue 40 bug 6: the README said 18 Juice switches; there are 19.
        let readme = include_str!("../../../../README.md");
        let feel = include_str!("../../../../docs/feel.md");
        assert_eq!(count_before(readme, " in all)"), Some(EFFECTS.len()));
        assert_eq!(count_before(feel, " switches in"), Some(EFFECTS.len()));
        assert_eq!(count_before(feel, " in all)"), Some(EFFECTS.len()));
    }

    #[test]
    fn catch_call_has_its_own_switch() {
        let mut j = Juice::default();
        assert!(j.catch_call && j.is_on(Effect::CatchCall));
        j.toggle(Effect::CatchCall);
        assert!(!j.catch_call);
        // Only its own switch moved, and the calm view keeps it as set.
        assert_eq!(
            Juice {
                catch_call: true,
                ..j
            },
            Juice::default()
        );
        assert!(!j.shown(true).catch_call && Juice::default().shown(true).catch_call);
        assert_eq!(Effect::CatchCall.name(), "Power-up name on a catch");
    }

    #[test]
    fn reduced_motion_turns_off_shake_and_flash_whatever_the_switches() {
        let all = Juice::default();
        let calm = all.shown(true);
        assert!(!calm.shake && !calm.flash && !calm.light);
        assert!(
            calm.shards
                && calm.sparks
                && calm.rings
                && calm.trails
                && calm.pops
                && calm.recoil
                && calm.shine
        );
        assert_eq!(all.shown(false), all);
        let mut none = all;
        for e in EFFECTS {
            none.toggle(e);
        }
        assert!(EFFECTS.iter().all(|&e| !none.shown(false).is_on(e)));
    }
}
