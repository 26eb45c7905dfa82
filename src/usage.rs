//! The command line's usage text, from one table: each subcommand is a row of
//! [`COMMANDS`] and each flag a row of its `flags`, so adding a subcommand or a
//! flag is one line here. `main.rs` answers `--help` and unknown options from it.

/// One flag of a command: how it is written (with its value) and what it does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Flag {
    /// The flag itself, `--seed`.
    pub name: &'static str,
    /// Its value as shown in the usage, `N` (empty for a switch).
    pub value: &'static str,
    /// One line saying what it does.
    pub help: &'static str,
}

/// One way of running `arkanong`: the game itself (name `""`) or a subcommand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Command {
    /// The word after `arkanong` (`check`), or `""` for the game.
    pub name: &'static str,
    /// Positional arguments as shown in the usage, `FILE...`.
    pub args: &'static str,
    /// One line saying what it does.
    pub summary: &'static str,
    /// Its flags, in the order the usage lists them.
    pub flags: &'static [Flag],
}

/// Shorthand for a row of a flag table.
const fn flag(name: &'static str, value: &'static str, help: &'static str) -> Flag {
    Flag { name, value, help }
}

/// Every way of running `arkanong`, the game first.
pub const COMMANDS: &[Command] = &[
    Command {
        name: "",
        args: "",
        summary: "play the game (menus, attract mode, hot reload of --level)",
        flags: &[
            flag(
                "--level",
                "FILE",
                "play this level file, reloading it when saved",
            ),
            flag("--seed", "N", "the first game's seed (default 1)"),
            flag("--frames", "N", "quit after N drawn frames"),
            flag(
                "--screenshot",
                "FILE.png",
                "save the last frame (and a JSON sidecar)",
            ),
            flag("--demo", "", "start in attract mode, without the menu"),
            flag(
                "--balls",
                "N",
                "keep N balls in the attract game (stress test)",
            ),
            flag("--size", "WxH", "open the window at this size in pixels"),
            flag(
                "--mode",
                "solo|versus|two-players",
                "who plays the --level game (default: versus the CPU)",
            ),
        ],
    },
    Command {
        name: "check",
        args: "FILE...",
        summary: "check level files; exit 0 when all are valid, 1 otherwise",
        flags: &[],
    },
    Command {
        name: "sim",
        args: "LEVEL",
        summary: "play a level headless (CPU against CPU) and print a summary",
        flags: &[
            flag("--steps", "N", "stop after N physics steps"),
            flag("--seed", "S", "the game's seed (default 1)"),
            flag("--mode", "versus|solo", "the rules to play"),
            flag(
                "--cpu",
                "off|easy|normal|hard",
                "CPU strength, or still paddles",
            ),
            flag(
                "--cpu-top",
                "easy|normal|hard",
                "a different strength for the top CPU",
            ),
            flag("--trace", "FILE", "write every ball at every step as CSV"),
            flag("--record", "FILE", "write a replay"),
        ],
    },
    Command {
        name: "replay",
        args: "FILE",
        summary: "play a replay back and check its final state hash",
        flags: &[],
    },
    Command {
        name: "edit",
        args: "FILE",
        summary: "open the level editor on FILE (a new level if it does not exist)",
        flags: &[
            flag("--frames", "N", "quit after N drawn frames"),
            flag(
                "--screenshot",
                "FILE.png",
                "save the last frame (and a JSON sidecar)",
            ),
            flag("--size", "WxH", "open the window at this size in pixels"),
        ],
    },
    Command {
        name: "lab",
        args: "[SCENE]",
        summary: "open the collision lab (at SCENE, a name or number from --list)",
        flags: &[
            flag("--list", "", "print each scene's name and description, no window"),
            flag("--frames", "N", "quit after N drawn frames"),
            flag("--screenshot", "FILE.png", "save the last frame and its readouts"),
            flag("--size", "WxH", "open the window at this size in pixels"),
            flag("--seed", "N", "the seed"),
        ],
    },
    Command {
        name: "server",
        args: "",
        summary: "host the signaling server online players meet through (ws://ADDR:PORT/ROOM)",
        flags: &[
            flag(
                "--bind",
                "ADDR",
                "listen on this address (default 0.0.0.0, every interface)",
            ),
            flag("--port", "P", "listen on this port (default 3536; 0 picks a free one)"),
        ],
    },
    Command {
        name: "online",
        args: "",
        summary: "play an online match with a CPU on this side's paddle and print one line",
        flags: &[
            flag("--server", "URL", "the signaling server (default ws://127.0.0.1:3536)"),
            flag("--room", "NAME", "the room both players join"),
            flag("--level", "L", "the level offered if this side hosts"),
            flag("--seed", "S", "the seed offered if this side hosts (default 1)"),
            flag("--cpu", "easy|normal|hard", "the CPU playing this side (default normal)"),
            flag("--steps", "N", "steps to play before printing (default 3000)"),
            flag("--sim-latency", "MS", "delay this side's outgoing packets"),
            flag("--sim-jitter", "MS", "vary that delay by up to MS either way"),
            flag("--sim-loss", "PERCENT", "drop this share of outgoing packets"),
            flag(
                "--ice",
                "none|default|URL",
                "ICE servers: none (LAN, tests), public STUN (default), or one stun:/turn: URL",
            ),
            flag("--ice-user", "NAME", "the TURN relay's user name (a turn: URL needs one)"),
            flag(
                "--ice-credential",
                "SECRET",
                "the TURN relay's password (never printed)",
            ),
            flag("--host", "", "ask to host (offer the level); else the lower peer id hosts"),
            flag("--headless", "", "no window (required for now)"),
        ],
    },
    Command {
        name: "determinism",
        args: "",
        summary: "print the replay fixture's and the attract game's final hashes (the browser logs the same)",
        flags: &[],
    },
];

/// Flags every command accepts.
const HELP_FLAGS: [&str; 2] = ["--help", "-h"];

/// The command named `name` (`""` for the game), if there is one.
pub fn command(name: &str) -> Option<&'static Command> {
    COMMANDS.iter().find(|c| c.name == name)
}

/// One synopsis line: `arkanong sim LEVEL [--steps N] ...`.
fn synopsis(c: &Command) -> String {
    let mut line = String::from("arkanong");
    for part in [c.name, c.args] {
        if !part.is_empty() {
            line.push(' ');
            line.push_str(part);
        }
    }
    for f in c.flags {
        line.push_str(&format!(" [{}{}{}]", f.name, sep(f), f.value));
    }
    line
}

fn sep(f: &Flag) -> &'static str {
    if f.value.is_empty() {
        ""
    } else {
        " "
    }
}

/// The whole usage: every command's synopsis, then how to get more.
pub fn usage() -> String {
    let mut out = String::from("usage:");
    for (i, c) in COMMANDS.iter().enumerate() {
        let lead = if i == 0 { " " } else { "       " };
        out.push_str(&format!("{lead}{}\n", synopsis(c)));
    }
    out.push_str("\n`arkanong COMMAND --help` says more about one command.\n");
    out
}

/// Width of a command's widest flag with its value, for lining up the help.
fn flag_width(c: &Command) -> usize {
    c.flags
        .iter()
        .map(|f| f.name.len() + sep(f).len() + f.value.len())
        .chain(["-h, --help".len()])
        .max()
        .unwrap_or(0)
}

/// One command's usage: its synopsis, what it does, and each flag.
pub fn command_usage(c: &Command) -> String {
    let mut out = format!("usage: {}\n\n{}\n\n", synopsis(c), c.summary);
    let width = flag_width(c);
    for f in c.flags {
        let shown = format!("{}{}{}", f.name, sep(f), f.value);
        out.push_str(&format!("  {shown:<width$}  {}\n", f.help));
    }
    out.push_str(&format!("  {:<width$}  print this help\n", "-h, --help"));
    out
}

/// What the command line asks before any command runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Triage {
    /// Run the command with these arguments (after its name).
    Run(&'static Command, Vec<String>),
    /// Print this help and exit 0.
    Help(String),
    /// Print this (an error, then the usage) and exit 2.
    Misuse(String),
}

/// Sorts a command line (without the program name): which command it runs, or
/// whether it asks for help or names an option the command does not have.
/// Values of flags that take one are skipped, so `--level --help` is not help.
pub fn triage(args: &[String]) -> Triage {
    let (c, rest) = match args
        .first()
        .and_then(|a| command(a).filter(|c| !c.name.is_empty()))
    {
        Some(c) => (c, &args[1..]),
        None => (&COMMANDS[0], args),
    };
    let mut it = rest.iter();
    while let Some(a) = it.next() {
        if HELP_FLAGS.contains(&a.as_str()) {
            return Triage::Help(if c.name.is_empty() {
                usage()
            } else {
                command_usage(c)
            });
        }
        if !a.starts_with('-') || a == "-" {
            if c.name.is_empty() {
                return Triage::Misuse(format!("unknown command `{a}`\n\n{}", usage()));
            }
            continue;
        }
        match c.flags.iter().find(|f| f.name == a) {
            Some(f) if !f.value.is_empty() => {
                it.next();
            }
            Some(_) => {}
            None => {
                let shown = if c.name.is_empty() {
                    usage()
                } else {
                    command_usage(c)
                };
                return Triage::Misuse(format!("unknown option `{a}`\n\n{shown}"));
            }
        }
    }
    Triage::Run(c, rest.to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn usage_lists_every_command_and_flag() {
        let text = usage();
        for c in COMMANDS {
            assert!(text.contains(&synopsis(c)), "{}", c.name);
            let own = command_usage(c);
            for f in c.flags {
                assert!(own.contains(f.name) && own.contains(f.help), "{}", f.name);
            }
            assert!(own.contains("--help"));
        }
        assert!(text.starts_with("usage: arkanong [--level FILE]"));
        assert!(text.contains("       arkanong check FILE...\n"));
    }

    #[test]
    fn triage_sorts_help_misuse_and_runs() {
        assert_eq!(triage(&args("--help")), Triage::Help(usage()));
        let sim = command("sim").unwrap();
        assert_eq!(triage(&args("sim -h")), Triage::Help(command_usage(sim)));
        assert_eq!(
            triage(&args("sim 3 --seed 4")),
            Triage::Run(sim, args("3 --seed 4"))
        );
        assert!(matches!(triage(&args("sim 3 --speed 4")),
            Triage::Misuse(m) if m.starts_with("unknown option `--speed`")));
        assert!(matches!(triage(&args("check --fast a.txt")),
            Triage::Misuse(m) if m.contains("usage: arkanong check FILE...")));
        assert!(matches!(triage(&args("dance")),
            Triage::Misuse(m) if m.starts_with("unknown command `dance`")));
        assert_eq!(
            triage(&args("--level --help")),
            Triage::Run(&COMMANDS[0], args("--level --help")),
            "a flag's value is not help"
        );
    }
}
