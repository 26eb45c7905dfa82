//! `arkanong balance`: every shipped level of every set (or one set, or one
//! level) played headless by the CPUs, many seeds each, and the numbers a level designer reads: how long a versus
//! match lasts and how often its lead changes, whether each CPU strength beats
//! the one below, and how solo play stalls (the longest wait for a brick hit, the
//! hunt for the last bricks). See docs/balance.md.
//!
//! ```text
//! options.rs  BalanceOptions: the command line
//! measure.rs  one game played and measured (Played)
//! jobs.rs     the games to play, shared between the cores
//! report.rs   the measurements folded into per-level rows, and the goals
//! select.rs   which levels: every set, one set, or one level, and their labels
//! print.rs    the rows as a table or as JSON
//! person.rs   a simulated person (`--player newcomer`, `--player average`)
//! people.rs   the person's tables and summary line
//! ```

mod jobs;
mod measure;
mod options;
mod people;
mod person;
mod print;
mod report;
mod select;

pub use jobs::{balance, measure_levels};
pub use measure::{play_measured, play_seated, Played, Seat};
pub use options::BalanceOptions;
pub use people::{PersonRow, PersonSummary};
pub use person::{Person, PersonModel};
pub use report::{Goal, LevelReport, Report, SoloRow, VersusRow};
