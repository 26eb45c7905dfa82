//! The programs `arkanong` runs besides the game: one file per command, and the
//! command line that names them all (`args.rs`, one clap tree). They sit above
//! `app/` (they use its models, and nothing in `app/` uses them) and below the
//! shell, which runs the two that open a window (`lab`, `edit`).
//!
//! ```text
//! args.rs            Cli: the game's flags and the subcommands, with their help
//! check.rs           arkanong check FILE...
//! sim.rs             arkanong sim LEVEL
//! balance/           arkanong balance: every level measured by CPU play
//! replay.rs          arkanong replay FILE
//! determinism.rs     arkanong determinism (and the report the browser logs)
//! server_forward.rs  arkanong server: runs the arkanong-server program (its own package)
//! online.rs          arkanong online --headless (desktop)
//! online_options.rs  its options, from a command line or a page's query string
//! online_query.rs    the page's query string read without clap (the browser's build)
//! cpu_run.rs         CpuRun: a CPU plays a whole online match (online and ?online)
//! web_run.rs         the browser's ?online run, logged to the console
//! watch_run.rs       WatchRun: a friend watching a match (--watch, ?online&watch=)
//! ```

mod args;
mod balance;
mod check;
#[cfg(feature = "online")]
mod cpu_run;
mod determinism;
#[cfg(all(feature = "online", not(target_arch = "wasm32")))]
mod online;
#[cfg(feature = "online")]
mod online_options;
#[cfg(feature = "online")]
mod online_query;
mod replay;
#[cfg(not(target_arch = "wasm32"))]
mod server_forward;
mod sim;
#[cfg(feature = "online")]
mod watch_run;
#[cfg(all(feature = "online", target_arch = "wasm32"))]
mod web_run;

pub use args::{CheckArgs, Cli, Command, EditArgs, LabArgs, ReplayArgs, WindowArgs};
pub use balance::{
    balance, measure_levels, play_measured, play_seated, BalanceOptions, Goal, LevelReport, Person,
    PersonModel, PersonRow, PersonSummary, Played, Report, Seat, SoloRow, VersusRow,
};
pub use check::check_files;
#[cfg(feature = "online")]
pub use cpu_run::{
    offered_setup, CpuRun, FrameNote, RunReport, JOIN_TIMEOUT_SECONDS, LINGER_SECONDS,
};
pub use determinism::{
    attract_play, determinism, determinism_report, kinds_play, DeterminismReport, ATTRACT_SEED,
    ATTRACT_STEPS, FIXTURE_NAME, FIXTURE_REPLAY, KINDS_LEVEL, KINDS_STEPS,
};
#[cfg(all(feature = "online", not(target_arch = "wasm32")))]
pub use online::{online, seconds_since_start};
#[cfg(feature = "online")]
pub use online_options::{
    parse_online_args, parse_online_query, query_with_server, OnlineArgs, OnlineOptions,
};
pub use replay::replay;
#[cfg(not(target_arch = "wasm32"))]
pub use server_forward::{server, ServerArgs, SERVER_PROGRAM};
pub use sim::{sim, simulate, SimOptions, SimResult, SIM_STEPS};
#[cfg(feature = "online")]
pub use watch_run::WatchRun;
#[cfg(all(feature = "online", target_arch = "wasm32"))]
pub use web_run::WebRun;
