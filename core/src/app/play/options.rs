//! The game's own options, as the command line gives them (`arkanong [--level
//! FILE] [--seed N] ...`): each field is a flag of `crate::commands::Cli`, and its
//! doc comment is the flag's line of help.

use super::PlayMode;
use crate::level::LevelMode;

/// Command-line options of the game itself.
#[derive(clap::Args, Debug, Default, Clone, PartialEq, Eq)]
pub struct GameOptions {
    /// Play this level file, reloading it when saved
    #[arg(long, value_name = "FILE")]
    pub level: Option<String>,
    /// The first game's seed
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
    /// Quit after N drawn frames
    #[arg(long, value_name = "N")]
    pub frames: Option<u64>,
    /// Save the last frame (and a JSON sidecar)
    #[arg(long, value_name = "FILE.png")]
    pub screenshot: Option<String>,
    /// Start in attract mode, without the menu
    #[arg(long)]
    pub demo: bool,
    /// Keep N balls in the attract game (stress test)
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub balls: u32,
    /// Open the window at this size in pixels
    #[arg(long, value_name = "WxH", value_parser = parse_size)]
    pub size: Option<(u32, u32)>,
    /// Who plays the --level game (default: versus the CPU)
    #[arg(long, value_name = "solo|versus|two-players", value_parser = parse_play_mode)]
    pub mode: Option<PlayMode>,
    /// Fetch the community level with this code from the server and play it
    #[arg(long, value_name = "CODE", value_parser = parse_level_code)]
    pub level_code: Option<String>,
    /// Trust this CA's certificates (PEM) for https:// and wss:// servers, beside
    /// the public ones (default: $ARKANONG_CA_FILE)
    #[arg(long, value_name = "PATH")]
    pub ca_file: Option<String>,
    /// Watch this replay file in the window (a top-ten replay saved from its
    /// bar, or any `sim --record` file): pause, 2x, 4x, restart, save, leave
    #[arg(long, value_name = "FILE")]
    pub replay: Option<String>,
    /// Watch the online match in this room: the code its Host page shows (the
    /// window opens on the match, a second or so behind; nothing is sent)
    #[arg(long, value_name = "CODE", value_parser = parse_watch_code)]
    pub watch: Option<String>,
    /// The signaling server where online players meet (default:
    /// $ARKANONG_SERVER, else ws://127.0.0.1:3536)
    #[arg(long, value_name = "URL", value_parser = parse_server_url)]
    pub server: Option<String>,
}

impl GameOptions {
    /// The options of `arkanong` with no flags, which a page in the browser
    /// always has (it has no command line): the browser's build starts with
    /// these instead of running the command-line parser, so the parser and
    /// the tools it reaches stay out of the .wasm (issue 46). The same as
    /// parsing no arguments (tested in `commands::args`).
    pub fn no_flags() -> Self {
        Self {
            seed: 1,
            ..Self::default()
        }
    }
}

/// Parses `--watch`'s value: a room code as the Host page shows it, seven
/// letters of the code alphabet (lower case is taken too).
pub fn parse_watch_code(s: &str) -> Result<String, String> {
    let code = s.trim().to_ascii_uppercase();
    match crate::app::online::is_issued_code(&code) {
        true => Ok(code),
        false => Err(format!(
            "--watch takes the room code the Host page shows, seven letters like AB94KPM (not `{s}`)"
        )),
    }
}

/// Parses `--server`'s value: a `ws://` or `wss://` URL, as `arkanong online
/// --server` takes.
pub fn parse_server_url(s: &str) -> Result<String, String> {
    match s.starts_with("ws://") || s.starts_with("wss://") {
        true => Ok(s.to_owned()),
        false => Err(format!("--server is a ws:// or wss:// URL, not `{s}`")),
    }
}

/// Parses `--level-code`'s value: a community level's code, six letters or
/// digits (the gallery's codes are upper case; lower case is taken too).
pub fn parse_level_code(s: &str) -> Result<String, String> {
    let code = s.trim().to_ascii_uppercase();
    if code.len() == 6 && code.bytes().all(|b| b.is_ascii_alphanumeric()) {
        Ok(code)
    } else {
        Err(format!(
            "--level-code takes a level's six-letter code, like KQZ4MP (not `{s}`)"
        ))
    }
}

/// Parses `--mode`'s value: `solo`, `versus` (against the CPU) or `two-players`.
pub fn parse_play_mode(s: &str) -> Result<PlayMode, String> {
    match s {
        "solo" => Ok(PlayMode::Solo),
        "versus" => Ok(PlayMode::VersusCpu),
        "two-players" => Ok(PlayMode::TwoPlayers),
        _ => Err(format!(
            "--mode takes solo, versus or two-players (not `{s}`)"
        )),
    }
}

/// Whether a level made for `level_mode` can be played as `play`: a level for
/// versus only has no breakable bricks to win solo, a solo level no second side.
pub fn check_play_mode(play: PlayMode, level_mode: LevelMode) -> Result<(), String> {
    let fits = match play {
        PlayMode::Solo => level_mode.allows_solo(),
        PlayMode::VersusCpu | PlayMode::TwoPlayers => level_mode.allows_versus(),
    };
    if fits {
        Ok(())
    } else {
        Err(format!(
            "this level is for {} only (its `mode`), so --mode cannot play it that way",
            level_mode.keyword()
        ))
    }
}

/// Parses `WxH` (for example `1280x720`): both whole numbers from 1 to 16384.
pub fn parse_size(s: &str) -> Result<(u32, u32), String> {
    let bad = || format!("--size takes WIDTHxHEIGHT in pixels, like 1280x720 (not `{s}`)");
    let (w, h) = s.split_once(['x', 'X']).ok_or_else(bad)?;
    let w: u32 = w.trim().parse().map_err(|_| bad())?;
    let h: u32 = h.trim().parse().map_err(|_| bad())?;
    if !(1..=16384).contains(&w) || !(1..=16384).contains(&h) {
        return Err(bad());
    }
    Ok((w, h))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn play_mode_takes_solo_versus_or_two_players() {
        assert_eq!(parse_play_mode("solo"), Ok(PlayMode::Solo));
        assert_eq!(parse_play_mode("versus"), Ok(PlayMode::VersusCpu));
        assert_eq!(parse_play_mode("two-players"), Ok(PlayMode::TwoPlayers));
        assert!(parse_play_mode("duel")
            .unwrap_err()
            .contains("--mode takes solo, versus or two-players (not `duel`)"));
    }

    #[test]
    fn size_takes_width_x_height_from_1_to_16384() {
        assert_eq!(parse_size("390x844"), Ok((390, 844)));
        assert_eq!(parse_size("1280X720"), Ok((1280, 720)));
        for bad in ["100", "0x5", "ax5", "5x99999", "x"] {
            assert!(parse_size(bad)
                .unwrap_err()
                .contains("--size takes WIDTHxHEIGHT"));
        }
    }

    #[test]
    fn game_options_mode_must_fit_the_level() {
        assert!(check_play_mode(PlayMode::Solo, LevelMode::Both).is_ok());
        assert!(check_play_mode(PlayMode::TwoPlayers, LevelMode::Versus).is_ok());
        assert!(check_play_mode(PlayMode::Solo, LevelMode::Versus)
            .unwrap_err()
            .contains("for versus only"));
        assert!(check_play_mode(PlayMode::VersusCpu, LevelMode::Solo).is_err());
    }
}
