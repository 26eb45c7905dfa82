//! [`Shared`]: what every screen reads and changes, handed to the screen
//! showing beside its own state (`active.rs`): the settings and the records,
//! the levels and their pictures, the attract game behind the menus, the banner,
//! the play driver's clock, the frame's output.

use super::frame::FrameOutput;
use super::saving::KeptRecords;
use crate::app::menus::{Banner, LevelPreview};
use crate::app::play::{PlayDriver, Played, Session};
use crate::app::records::{HighScores, KnownSets, LevelEntry, Progress, Settings};

/// The state every screen shares (see the module doc).
pub struct Shared {
    /// The player's settings, kept here only: menus read them and ask for changes.
    pub settings: Settings,
    /// The high-score tables.
    pub scores: HighScores,
    /// The campaign's progress: levels cleared, bests, the last name entered.
    pub progress: Progress,
    /// The lines of each record that did not read, written back on save.
    pub(super) kept: KeptRecords,
    /// Every level to choose from: the shipped ones, the player's own, a `--level` file.
    pub levels: Vec<LevelEntry>,
    /// The player's own sets as read at start-up, then as the player changed
    /// them (an import, a set written): their titles for the menus, and the
    /// list of imported sets an import adds to.
    pub(super) known_sets: KnownSets,
    /// Each level's picture for the level select, by index.
    pub previews: Vec<LevelPreview>,
    /// The CPU-against-CPU game behind the title menus (and the demo).
    pub attract: Session,
    /// The notice or reload error over the game.
    pub banner: Banner,
    /// Steps every game of this state: its clock, hit-stop and input gating.
    pub driver: PlayDriver,
    /// What this machine keeps of the community: player id, edit keys, levels.
    #[cfg(feature = "online")]
    pub community_book: crate::app::community::CommunityBook,
    /// Where online players meet (the shell reads it from the environment or
    /// the page at start-up).
    #[cfg(feature = "online")]
    pub meeting: crate::app::online::Meeting,
    /// The files and the network, as the runner reaches them.
    pub(super) seams: super::Seams,
    /// The seed of the last game started (the next takes the one after).
    pub(super) seed: u64,
    /// The app's seconds at the frame being run.
    pub(super) now: f64,
    /// What this frame has changed so far (handed out at its end).
    pub(super) out: FrameOutput,
}

impl Shared {
    /// Says `message` once: a console line and the banner.
    pub(super) fn tell(&mut self, message: String) {
        self.banner
            .show(crate::app::menus::Notice::error(message.clone()), self.now);
        self.out.console.push(message);
    }

    /// `steps` steps of the attract game, starting the next level's when one ends.
    pub(crate) fn step_attract(&mut self, steps: u32, debug: bool) {
        let mut left = steps;
        let mut all = Played::default();
        loop {
            self.attract.keep_contacts(debug);
            let played = self.driver.attract(&mut self.attract, left, &self.settings);
            left -= played.steps;
            all.steps += played.steps;
            all.events.extend(played.events);
            (all.effects, all.reduced_motion) = (played.effects, played.reduced_motion);
            if !self.attract.is_finished() {
                break;
            }
            let next = (self.attract.level_index + 1) % self.levels.len();
            self.seed = self.seed.wrapping_add(1);
            self.attract = Session::attract(&self.levels[next].level, next, self.seed);
            self.attract.set = self.levels[next].set.clone();
            self.out.levels_started.push(next);
            if left == 0 {
                break;
            }
        }
        self.out.attract = Some(all);
    }
}
