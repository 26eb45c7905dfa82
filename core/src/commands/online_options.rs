//! `arkanong online ...` and the browser's `?online&server=...&room=...`: the
//! same options, from a command line (read by clap) or a query string (read by
//! `online_query.rs`, so that the browser's build has no clap in it).

use clap::Parser;

use crate::app::online::{
    check_room, is_issued_code, percent_decode, room_for, Blackout, Ice, Impairment, DEFAULT_SERVER,
};
use crate::game::Difficulty;

/// `arkanong online`'s flags as written; [`OnlineArgs::options`] checks them
/// together into [`OnlineOptions`]. No `Debug`: it holds the relay's password.
#[derive(Parser, Clone)]
#[command(name = "online")]
pub struct OnlineArgs {
    /// The signaling server
    #[arg(long, value_name = "URL", default_value = DEFAULT_SERVER)]
    pub server: String,
    /// The room both players join
    #[arg(long, value_name = "NAME")]
    pub room: Option<String>,
    /// The level offered if this side hosts
    #[arg(long, value_name = "L")]
    pub level: Option<String>,
    /// The seed offered if this side hosts
    #[arg(long, value_name = "S", default_value_t = 1)]
    pub seed: u64,
    /// The CPU playing this side
    #[arg(long, value_name = "easy|normal|hard", default_value = "normal", value_parser = parse_cpu)]
    pub cpu: Difficulty,
    /// Steps to play before printing
    #[arg(long, value_name = "N", default_value_t = 3000)]
    pub steps: u32,
    /// Delay this side's outgoing packets
    #[arg(long, value_name = "MS", default_value_t = 0)]
    pub sim_latency: u32,
    /// Vary that delay by up to MS either way
    #[arg(long, value_name = "MS", default_value_t = 0)]
    pub sim_jitter: u32,
    /// Drop this share of outgoing packets
    #[arg(long, value_name = "PERCENT", default_value_t = 0, value_parser = parse_loss)]
    pub sim_loss: u8,
    /// Go silent both ways AT seconds into each match, for MS milliseconds
    #[arg(long, value_name = "AT:MS", value_parser = Blackout::parse)]
    pub sim_blackout: Option<Blackout>,
    /// ICE servers: none (LAN, tests), public STUN (default), or one stun:/turn: URL
    #[arg(long, value_name = "none|default|URL", default_value = "default")]
    pub ice: String,
    /// The TURN relay's user name (a turn: URL needs one)
    #[arg(long, value_name = "NAME")]
    pub ice_user: Option<String>,
    /// The TURN relay's password (never printed)
    #[arg(long, value_name = "SECRET")]
    pub ice_credential: Option<String>,
    /// Matches to play after the first on the same connection (a line each)
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub rematches: u32,
    /// Write each match as a replay of its confirmed inputs to PATH (the first
    /// match; a rematch K to PATH.K), playable with `arkanong replay`
    #[arg(long, value_name = "PATH")]
    pub save_replay: Option<String>,
    /// Ask to host (offer the level); else the lower peer id hosts
    #[arg(long)]
    pub host: bool,
    /// This player's name, shown to the other player and to watchers (at most
    /// 12 characters; none: "Host" or "Guest")
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,
    /// No room: ask the server for a quick match (POST /quick) and play the next
    /// player of the same version who asks
    #[arg(long, conflicts_with = "room")]
    pub quick: bool,
    /// Watch the match in this room instead of playing: a code the Host page
    /// showed, or a room's name (no CPU; prints the players' line, `, watched`)
    #[arg(long, value_name = "CODE", conflicts_with_all = ["room", "quick", "host"])]
    pub watch: Option<String>,
    /// Tests only: the watcher also sends junk and the players' own messages to
    /// the players (which must change nothing)
    #[arg(long, hide = true)]
    pub sim_watcher_noise: bool,
    /// No window (required for now)
    #[arg(long)]
    pub headless: bool,
    /// Trust this CA's certificates (PEM) for a https:// and wss:// server, beside
    /// the public ones (default: $ARKANONG_CA_FILE)
    #[arg(long, value_name = "PATH")]
    pub ca_file: Option<String>,
    /// Words without a flag: refused by [`OnlineArgs::options`] without being
    /// repeated, as one may be a password given after the wrong flag.
    #[arg(hide = true)]
    pub stray: Vec<String>,
}

/// `--cpu`'s value.
pub(super) fn parse_cpu(v: &str) -> Result<Difficulty, String> {
    Difficulty::from_keyword(v)
        .ok_or_else(|| format!("--cpu takes easy, normal or hard, not `{v}`"))
}

/// `--sim-loss`'s value: a percent.
pub(super) fn parse_loss(v: &str) -> Result<u8, String> {
    match v.parse::<u8>() {
        Ok(p) if p <= 100 => Ok(p),
        _ => Err("--sim-loss is a percent, 0 to 100".to_owned()),
    }
}

/// What `arkanong online` was asked to do.
#[derive(Debug, Clone, PartialEq)]
pub struct OnlineOptions {
    /// The signaling server, `ws://host:port`.
    pub server: String,
    /// The room's name; empty for a quick match until the server names it.
    pub room: String,
    /// Ask the server for a quick match instead of joining `room`.
    pub quick: bool,
    /// Watch the match in `room` instead of playing (`--watch`).
    pub watch: bool,
    /// Tests only: a watcher that sends noise (`--sim-watcher-noise`).
    pub watcher_noise: bool,
    /// The level offered if this side hosts: a path, or a shipped level's name or
    /// number; `None` for the first shipped level.
    pub level: Option<String>,
    /// The seed offered if this side hosts.
    pub seed: u64,
    /// The CPU that plays this side's paddle.
    pub cpu: Difficulty,
    /// Steps to play before reporting.
    pub steps: u32,
    /// Matches after the first on the same connection.
    pub rematches: u32,
    /// Where each match's replay goes (see [`OnlineArgs::save_replay`]).
    pub save_replay: Option<String>,
    /// This side's outgoing packets, impaired.
    pub impairment: Impairment,
    /// The ICE servers.
    pub ice: Ice,
    /// This player chose to host (pick the level); see `handshake::elect_host`.
    pub host: bool,
    /// This player's name as the other side and watchers see it (cleaned).
    pub name: Option<String>,
    /// No window: play and print the one line.
    pub headless: bool,
}

impl OnlineArgs {
    /// The options, once the flags are checked together: the ICE server and its
    /// login, the room's name, the server's scheme.
    pub fn options(&self) -> Result<OnlineOptions, String> {
        if !self.stray.is_empty() {
            return Err("a word without its flag (every value follows its --flag)".to_owned());
        }
        let ice = Ice::parse(
            &self.ice,
            self.ice_user.as_deref(),
            self.ice_credential.as_deref(),
        )?;
        if self.sim_watcher_noise && self.watch.is_none() {
            return Err("--sim-watcher-noise is a watcher's (--watch)".to_owned());
        }
        let room = match &self.watch {
            // A code the Host page showed is its issued room; else a room's name.
            Some(code) if is_issued_code(code) => room_for(code),
            Some(name) => name.clone(),
            None => self.room.clone().unwrap_or_default(),
        };
        if !self.quick {
            check_room(&room)?;
        }
        if !(self.server.starts_with("ws://") || self.server.starts_with("wss://")) {
            return Err(format!(
                "--server is a ws:// or wss:// URL, not `{}`",
                self.server
            ));
        }
        let name = match &self.name {
            None => None,
            Some(n) => Some(crate::app::online::clean_name(n).ok_or_else(|| {
                format!("--name needs something to show, not `{}`", n.escape_debug())
            })?),
        };
        Ok(OnlineOptions {
            name,
            server: self.server.clone(),
            room,
            quick: self.quick,
            watch: self.watch.is_some(),
            watcher_noise: self.sim_watcher_noise,
            level: self.level.clone(),
            seed: self.seed,
            cpu: self.cpu,
            steps: self.steps,
            rematches: self.rematches,
            save_replay: self.save_replay.clone(),
            impairment: Impairment {
                latency_ms: self.sim_latency,
                jitter_ms: self.sim_jitter,
                loss_percent: self.sim_loss,
                blackout: self.sim_blackout,
            },
            ice,
            host: self.host,
            headless: self.headless,
        })
    }
}

/// Parses `arkanong online` arguments (after the word `online`) into checked
/// options; an error is one line (clap's, without the usage).
pub fn parse_online_args(args: &[String]) -> Result<OnlineOptions, String> {
    let parsed = OnlineArgs::try_parse_from(
        std::iter::once("online").chain(args.iter().map(String::as_str)),
    );
    match parsed {
        Ok(a) => a.options(),
        Err(e) => Err(e
            .render()
            .to_string()
            .lines()
            .next()
            .unwrap_or_default()
            .trim_start_matches("error: ")
            .to_owned()),
    }
}

/// A page's query string with its own server named when it names none: the
/// page's online run meets where the page was served from (`page_server`:
/// `wss://HOST` for a page served over https by the game's server or a proxy
/// in front of it), as the game's own menus do; a page opened from a file keeps
/// the default.
pub fn query_with_server(query: &str, page_server: Option<&str>) -> String {
    let names_one = query.split('&').any(|p| p.starts_with("server="));
    match page_server {
        Some(server) if !names_one => format!("{query}&server={server}"),
        _ => query.to_owned(),
    }
}

/// The online options in a page's query string (`online&server=...&room=...`,
/// without the `?`), or `None` when it does not ask for online play. Each `key=value`
/// is the flag `--key value`, and a bare key a switch.
pub fn parse_online_query(query: &str) -> Option<Result<OnlineOptions, String>> {
    let pairs: Vec<&str> = query.split('&').filter(|p| !p.is_empty()).collect();
    if !pairs.contains(&"online") {
        return None;
    }
    // `key=` is an empty value (refused by the flag's own check), never the
    // next key's value sliding into this one.
    let pairs: Vec<(String, Option<String>)> = (pairs.into_iter())
        .filter(|&p| p != "online")
        .map(|pair| match pair.split_once('=') {
            Some((key, value)) => (percent_decode(key), Some(percent_decode(value))),
            None => (percent_decode(pair), None),
        })
        .collect();
    // Read without clap (`online_query.rs`), which the browser's build leaves out.
    Some(super::online_query::args_from_pairs(&pairs).and_then(|a| a.options()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn online_args_read_every_flag() {
        let o = parse_online_args(&args(
            "--server ws://127.0.0.1:9 --room r1 --level 3 --seed 5 --cpu hard --steps 10 \
             --sim-latency 50 --sim-jitter 20 --sim-loss 5 --sim-blackout 4:2000 --ice none \
             --host --headless",
        ))
        .unwrap();
        assert_eq!(o.server, "ws://127.0.0.1:9");
        assert_eq!((o.room.as_str(), o.level.as_deref()), ("r1", Some("3")));
        assert_eq!((o.seed, o.cpu, o.steps), (5, Difficulty::Hard, 10));
        assert_eq!(
            o.impairment,
            Impairment {
                latency_ms: 50,
                jitter_ms: 20,
                loss_percent: 5,
                blackout: Some(Blackout {
                    at_ms: 4000,
                    for_ms: 2000
                }),
            }
        );
        assert_eq!(o.ice, Ice::None);
        assert!(o.host && o.headless);
        assert_eq!(o.name, None);
    }

    #[test]
    fn a_page_meets_at_its_own_server_unless_its_query_names_one() {
        let q = query_with_server("online&room=r", Some("wss://play.example.org"));
        let o = parse_online_query(&q).unwrap().unwrap();
        assert_eq!(o.server, "wss://play.example.org");
        let named = "online&room=r&server=ws://127.0.0.1:9";
        assert_eq!(query_with_server(named, Some("wss://h")), named);
        assert_eq!(query_with_server("online&room=r", None), "online&room=r");
    }

    #[test]
    fn online_name_is_cleaned_and_an_empty_one_refused() {
        let o = parse_online_args(&args("--room r --name Ann")).unwrap();
        assert_eq!(o.name.as_deref(), Some("Ann"));
        let long = parse_online_args(&args("--room r --name abcdefghijklmnop")).unwrap();
        assert_eq!(long.name.as_deref(), Some("abcdefghijkl"));
        let q = parse_online_query("online&room=r&name=Bo%20B")
            .unwrap()
            .unwrap();
        assert_eq!(q.name.as_deref(), Some("Bo B"));
        let err = parse_online_query("online&room=r&name=%07")
            .unwrap()
            .unwrap_err();
        assert!(err.contains("--name"), "{err}");
    }

    #[test]
    fn online_args_and_query_take_a_turn_relays_login() {
        let o = parse_online_args(&args(
            "--ice-credential pw --room r --ice turn:relay.example.org:3478 --ice-user ann",
        ))
        .unwrap();
        let Ice::Server { url, login } = &o.ice else {
            panic!("{:?}", o.ice)
        };
        assert_eq!(url, "turn:relay.example.org:3478");
        let login = login.as_ref().unwrap();
        assert_eq!(
            (login.user.as_str(), login.credential.as_str()),
            ("ann", "pw")
        );
        let q = parse_online_query(
            "online&room=r&ice=turn%3Arelay.example.org%3A3478&ice-user=ann&ice-credential=p%40ss",
        )
        .unwrap()
        .unwrap();
        let Ice::Server { login: Some(l), .. } = q.ice else {
            panic!("{:?}", q.ice)
        };
        assert_eq!(l.credential, "p@ss");
        for bad in [
            "--room r --ice turn:relay.example.org",
            "--room r --ice-user ann --ice-credential pw",
            "--room r --ice stun:relay.example.org --ice-user ann --ice-credential pw",
            "--room r --ice turn:relay.example.org --ice-credential",
            // A forgotten user name must not shift the password into an error.
            "--room r --ice turn:relay.example.org --ice-user --ice-credential pw",
        ] {
            let e = parse_online_args(&args(bad)).unwrap_err();
            assert!(!e.contains("pw"), "{bad}: {e}");
        }
        let forgot = "online&room=r&ice=turn%3Arelay.example.org&ice-user=&ice-credential=pw";
        let e = parse_online_query(forgot).unwrap().unwrap_err();
        assert!(!e.contains("pw"), "{e}");
        // base64 credentials hold `+`: written plain or escaped, it stays a `+`.
        for q in ["a+b", "a%2Bb"] {
            let query =
                format!("online&room=r&ice=turn%3Ar.example.org&ice-user=u&ice-credential={q}");
            let o = parse_online_query(&query).unwrap().unwrap();
            let Ice::Server { login: Some(l), .. } = o.ice else {
                panic!("{:?}", o.ice)
            };
            assert_eq!(l.credential, "a+b");
        }
    }

    #[test]
    fn online_args_refuse_bad_values() {
        for bad in [
            "--room r --sim-loss 101",
            "--room r --cpu genius",
            "--room r --steps -1",
            "--room r --server http://x",
            "--room r --bogus",
            "--room r --seed",
            "--room has/slash",
            "",
        ] {
            assert!(parse_online_args(&args(bad)).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_quick_match_needs_no_room_and_takes_none() {
        let o = parse_online_args(&args("--quick --headless")).unwrap();
        assert!(o.quick && o.room.is_empty());
        let q = parse_online_query("online&quick&server=ws%3A%2F%2F127.0.0.1%3A9")
            .unwrap()
            .unwrap();
        assert!(q.quick && q.room.is_empty());
        assert!(parse_online_args(&args("--quick --room r")).is_err());
        assert!(!parse_online_args(&args("--room r")).unwrap().quick);
    }

    #[test]
    fn watch_takes_a_code_or_a_room_and_never_plays() {
        let o = parse_online_args(&args("--watch ABCDEFG --headless")).unwrap();
        assert!(o.watch && !o.watcher_noise);
        assert_eq!(o.room, room_for("ABCDEFG"));
        let o = parse_online_args(&args("--watch loopback-w --sim-watcher-noise")).unwrap();
        assert_eq!((o.room.as_str(), o.watcher_noise), ("loopback-w", true));
        for bad in [
            "--watch r --room r",
            "--watch r --host",
            "--watch r --quick",
            "--watch has/slash",
            "--room r --sim-watcher-noise",
        ] {
            assert!(parse_online_args(&args(bad)).is_err(), "{bad}");
        }
        let q = parse_online_query("online&watch=ABCDEFG&steps=60")
            .unwrap()
            .unwrap();
        assert!(q.watch && q.room == room_for("ABCDEFG") && q.steps == 60);
        assert!(!parse_online_args(&args("--room r")).unwrap().watch);
    }

    #[test]
    fn online_query_is_the_same_options() {
        assert_eq!(parse_online_query("demo&x=1"), None);
        let o = parse_online_query(
            "online&server=ws%3A%2F%2F127.0.0.1%3A9&room=ab&cpu=normal&steps=3000&ice=none",
        )
        .unwrap()
        .unwrap();
        assert_eq!(
            (o.server.as_str(), o.room.as_str(), o.steps),
            ("ws://127.0.0.1:9", "ab", 3000)
        );
        assert!(parse_online_query("online&room=a&steps=x")
            .unwrap()
            .is_err());
        assert_eq!(percent_decode("a%2"), "a%2");
        assert_eq!(percent_decode("%e2%9c%93+ok"), "\u{2713}+ok", "a + stays");
    }
}
