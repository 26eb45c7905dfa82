//! The whole command line as one clap tree: the game's own flags
//! ([`GameOptions`]) and a subcommand enum ([`Command`]). Every flag is declared
//! once, by a field; its doc comment is its line of help. clap answers `--help`
//! and `-h` (exit 0) and misuse (the error and the usage on stderr, exit 2).

use clap::{Args, Parser, Subcommand};

use super::SimOptions;
use crate::app::lab::Scene;
use crate::app::play::{parse_size, GameOptions};

/// Arkanoid meets Pong: play the game (menus, attract mode, hot reload of
/// --level), or run one of its tools.
#[derive(Parser)]
#[command(name = "arkanong", args_conflicts_with_subcommands = true)]
#[command(disable_help_subcommand = true)]
pub struct Cli {
    /// The game's own flags (with no subcommand).
    #[command(flatten)]
    pub game: GameOptions,
    /// The tool to run instead of the game, if any.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// Every subcommand. The ones that open a window (`lab`, `edit`) are run by
/// `main.rs`; the others by their file in `src/commands/`.
#[derive(Subcommand)]
pub enum Command {
    /// Check level files or whole sets (a folder: every level and its set.txt); exit 0 when all are valid, 1 otherwise
    Check(CheckArgs),
    /// Play a level headless (CPU against CPU) and print a summary
    Sim(SimOptions),
    /// Play every shipped level headless with every CPU strength and print the balance tables
    Balance(super::BalanceOptions),
    /// Play a replay back and check its final state hash
    Replay(ReplayArgs),
    /// Open the level editor on FILE (a new level if it does not exist)
    Edit(EditArgs),
    /// Open the collision lab (at SCENE, a name or number from --list)
    Lab(LabArgs),
    /// Host the server players meet through and share levels on (runs the arkanong-server program: `arkanong server --help`)
    #[cfg(not(target_arch = "wasm32"))]
    Server(super::ServerArgs),
    /// Play an online match with a CPU on this side's paddle and print one line
    #[cfg(feature = "online")]
    Online(Box<super::OnlineArgs>),
    /// Print the replay fixture's and the attract game's final hashes (the browser logs the same)
    Determinism,
}

/// `arkanong check FILE...`.
#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct CheckArgs {
    /// The level files or set folders to check
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<String>,
}

/// `arkanong replay FILE`.
#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct ReplayArgs {
    /// The replay to play back
    #[arg(value_name = "FILE")]
    pub file: String,
}

/// The flags of a window opened by a subcommand (`lab`, `edit`); the game's own
/// are fields of [`GameOptions`].
#[derive(Args, Debug, Clone, Default, PartialEq, Eq)]
pub struct WindowArgs {
    /// Quit after N drawn frames
    #[arg(long, value_name = "N")]
    pub frames: Option<u64>,
    /// Save the last frame (and a JSON sidecar with its readouts)
    #[arg(long, value_name = "FILE.png")]
    pub screenshot: Option<String>,
    /// Open the window at this size in pixels
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    pub size: Option<(u32, u32)>,
}

/// `arkanong edit FILE [window flags]`.
#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct EditArgs {
    /// The level file to edit; one that does not exist starts a new level
    #[arg(value_name = "FILE")]
    pub file: String,
    /// The window.
    #[command(flatten)]
    pub window: WindowArgs,
}

/// `arkanong lab [SCENE] [--list] [window flags] [--seed N]`.
#[derive(Args, Debug, Clone, PartialEq, Eq)]
pub struct LabArgs {
    /// The scene to open (the first without it)
    #[arg(value_name = "SCENE", value_parser = parse_scene)]
    pub scene: Option<Scene>,
    /// Print each scene's name and description, no window
    #[arg(long)]
    pub list: bool,
    /// The window.
    #[command(flatten)]
    pub window: WindowArgs,
    /// The seed
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
}

/// A lab scene by name or number, or the list of scenes in the error.
fn parse_scene(name: &str) -> Result<Scene, String> {
    Scene::from_name(name).ok_or_else(|| {
        format!(
            "unknown scene `{name}`; the scenes are:\n{}",
            crate::app::lab::scene_list()
        )
    })
}

impl WindowArgs {
    /// The game's options for a window opened with these flags and `seed`.
    pub fn game_options(&self, seed: u64) -> GameOptions {
        GameOptions {
            seed,
            frames: self.frames,
            screenshot: self.screenshot.clone(),
            size: self.size,
            ..GameOptions::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::play::PlayMode;
    use clap::CommandFactory;

    fn parse(line: &str) -> Result<Cli, clap::Error> {
        Cli::try_parse_from(std::iter::once("arkanong").chain(line.split_whitespace()))
    }

    #[test]
    fn no_flags_are_what_the_parser_gives_for_no_arguments() {
        // The browser starts with `GameOptions::no_flags()` instead of parsing
        // its (empty) command line: they must be the same game.
        let cli = parse("").expect("no arguments parse");
        assert!(cli.command.is_none());
        assert_eq!(cli.game, crate::app::play::GameOptions::no_flags());
    }

    #[test]
    fn cli_tree_is_well_formed() {
        Cli::command().debug_assert();
    }

    #[test]
    fn cli_game_flags_parse_every_value() {
        let cli = parse(
            "--level l.txt --seed 9 --frames 300 --screenshot s.png --demo --balls 200 --size 390x844 --mode two-players",
        )
        .unwrap();
        assert!(cli.command.is_none());
        assert_eq!(
            cli.game,
            GameOptions {
                level: Some("l.txt".into()),
                seed: 9,
                frames: Some(300),
                screenshot: Some("s.png".into()),
                demo: true,
                balls: 200,
                size: Some((390, 844)),
                mode: Some(PlayMode::TwoPlayers),
                level_code: None,
                replay: None,
                ca_file: None,
                watch: None,
                server: None,
            }
        );
        let watch = parse("--watch ab94kpm --server ws://127.0.0.1:4000")
            .unwrap()
            .game;
        assert_eq!(watch.watch.as_deref(), Some("AB94KPM"));
        assert_eq!(watch.server.as_deref(), Some("ws://127.0.0.1:4000"));
        for bad in ["--watch AB94KP", "--watch AB94KP0", "--server http://x"] {
            assert!(parse(bad).is_err(), "{bad}");
        }
        let replay = parse("--replay r.txt").unwrap().game.replay;
        assert_eq!(replay.as_deref(), Some("r.txt"));
        let ca = parse("--ca-file ca.pem").unwrap().game.ca_file;
        assert_eq!(ca.as_deref(), Some("ca.pem"));
        assert_eq!(parse("").unwrap().game.seed, 1, "the default seed");
        let code = parse("--level-code kqz4mp").unwrap().game.level_code;
        assert_eq!(code.as_deref(), Some("KQZ4MP"));
        assert!(parse("--level-code KQZ").is_err(), "a code is six letters");
    }

    #[test]
    fn cli_refuses_unknown_flags_bad_values_and_game_flags_on_a_tool() {
        for (line, says) in [
            ("--colour red", "--colour"),
            ("--seed x", "--seed"),
            ("--frames", "--frames"),
            ("--size 100", "--size takes WIDTHxHEIGHT"),
            ("--size 0x5", "--size takes WIDTHxHEIGHT"),
            ("--size 5x99999", "--size takes WIDTHxHEIGHT"),
            (
                "--mode duel",
                "--mode takes solo, versus or two-players (not `duel`)",
            ),
            ("dance", "dance"),
            ("--seed 3 check a.txt", "check"),
            ("check", "FILE"),
            ("replay", "FILE"),
            ("replay a b", "'b'"),
            ("edit", "FILE"),
            ("lab nope", "segment-crossing"),
            ("lab --frames", "--frames"),
            ("determinism 1", "'1'"),
        ] {
            let e = parse(line).err().unwrap_or_else(|| panic!("{line} parsed"));
            assert_eq!(e.exit_code(), 2, "{line}");
            assert!(e.to_string().contains(says), "{line}: {e}");
        }
    }

    #[test]
    fn cli_subcommands_take_their_flags() {
        let Some(Command::Lab(lab)) = parse("lab swept-circle --frames 30 --screenshot a.png")
            .unwrap()
            .command
        else {
            panic!("not lab")
        };
        assert_eq!(lab.scene, Some(Scene::SweptCircle));
        assert_eq!(lab.window.game_options(lab.seed).frames, Some(30));
        assert_eq!(lab.window.screenshot.as_deref(), Some("a.png"));
        let Some(Command::Edit(edit)) = parse("edit l.txt --size 720x900").unwrap().command else {
            panic!("not edit")
        };
        assert_eq!(
            (edit.file.as_str(), edit.window.size),
            ("l.txt", Some((720, 900)))
        );
        let Some(Command::Check(check)) = parse("check a.txt b.txt -").unwrap().command else {
            panic!("not check")
        };
        assert_eq!(check.files, ["a.txt", "b.txt", "-"]);
        for help in ["--help", "-h", "sim --help", "lab -h", "check --help"] {
            let e = parse(help).err().expect("help is an early exit");
            assert_eq!(e.exit_code(), 0, "{help}");
        }
    }
}
