//! The command line of the game itself: `arkanong [--level FILE] [--seed N] ...`
//! (its usage text is `crate::usage`'s table).

use super::PlayMode;
use crate::level::LevelMode;

/// Command-line options of the game itself.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct GameOptions {
    /// `--level FILE`: play this file (and reload it when saved).
    pub level: Option<String>,
    /// `--seed N`: the first game's seed.
    pub seed: u64,
    /// `--frames N`: quit after N frames.
    pub frames: Option<u64>,
    /// `--screenshot FILE`: save the last frame as PNG (and a JSON description).
    pub screenshot: Option<String>,
    /// `--demo`: start in attract mode, without the menu.
    pub demo: bool,
    /// `--balls N`: keep N balls in the attract game (a stress test of the shell).
    pub balls: u32,
    /// `--size WxH`: open the window this many logical pixels wide and tall.
    pub size: Option<(u32, u32)>,
    /// `--mode solo|versus|two-players`: who plays the `--level` game (without it,
    /// you against the CPU).
    pub mode: Option<PlayMode>,
}

/// Parses the game's own options (not the `check`, `sim` and `replay` tools).
pub fn parse_game_options(args: &[String]) -> Result<GameOptions, String> {
    let mut o = GameOptions {
        seed: 1,
        ..GameOptions::default()
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = || {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{a} needs a value"))
        };
        match a.as_str() {
            "--level" => o.level = Some(value()?),
            "--seed" => {
                o.seed = value()?
                    .parse()
                    .map_err(|_| "--seed takes a whole number".to_owned())?
            }
            "--frames" => {
                o.frames = Some(
                    value()?
                        .parse()
                        .map_err(|_| "--frames takes a whole number".to_owned())?,
                )
            }
            "--screenshot" => o.screenshot = Some(value()?),
            "--demo" => o.demo = true,
            "--balls" => {
                o.balls = value()?
                    .parse()
                    .map_err(|_| "--balls takes a whole number".to_owned())?
            }
            "--size" => o.size = Some(parse_size(&value()?)?),
            "--mode" => o.mode = Some(parse_play_mode(&value()?)?),
            "--help" | "-h" => return Err(crate::usage::usage()),
            other => {
                return Err(format!(
                    "unknown option `{other}`\n\n{}",
                    crate::usage::usage()
                ))
            }
        }
    }
    Ok(o)
}

/// Parses `--mode`'s value: `solo`, `versus` (against the CPU) or `two-players`.
fn parse_play_mode(s: &str) -> Result<PlayMode, String> {
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

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn game_options_parse_every_flag() {
        let o = parse_game_options(&args(
            "--level l.txt --seed 9 --frames 300 --screenshot s.png --demo --balls 200 --size 390x844 --mode two-players",
        ))
        .unwrap();
        assert_eq!(
            o,
            GameOptions {
                level: Some("l.txt".into()),
                seed: 9,
                frames: Some(300),
                screenshot: Some("s.png".into()),
                demo: true,
                balls: 200,
                size: Some((390, 844)),
                mode: Some(PlayMode::TwoPlayers),
            }
        );
        assert_eq!(parse_game_options(&[]).unwrap().seed, 1);
    }

    #[test]
    fn game_options_reject_unknown_flags_and_bad_numbers() {
        assert!(parse_game_options(&args("--colour red"))
            .unwrap_err()
            .contains("unknown option `--colour`"));
        assert!(parse_game_options(&args("--seed x"))
            .unwrap_err()
            .contains("--seed takes a whole number"));
        assert!(parse_game_options(&args("--frames"))
            .unwrap_err()
            .contains("needs a value"));
        for bad in ["--size 100", "--size 0x5", "--size ax5", "--size 5x99999"] {
            assert!(parse_game_options(&args(bad))
                .unwrap_err()
                .contains("--size takes WIDTHxHEIGHT"));
        }
    }

    #[test]
    fn game_options_mode_takes_solo_versus_or_two_players() {
        let mode = |s: &str| parse_game_options(&args(s)).map(|o| o.mode);
        assert_eq!(mode("--level l.txt --mode solo"), Ok(Some(PlayMode::Solo)));
        assert_eq!(
            mode("--mode versus --level l.txt"),
            Ok(Some(PlayMode::VersusCpu))
        );
        assert_eq!(mode("--mode two-players"), Ok(Some(PlayMode::TwoPlayers)));
        assert_eq!(mode("--level l.txt"), Ok(None));
        assert!(mode("--mode duel")
            .unwrap_err()
            .contains("--mode takes solo, versus or two-players (not `duel`)"));
        assert!(mode("--mode").unwrap_err().contains("needs a value"));
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
