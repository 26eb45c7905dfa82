//! The page's `?online&server=...&room=...` read into [`OnlineArgs`] without
//! clap: the browser's build has no command line, and clap's parser was a
//! tenth of its .wasm (issue 46). Each `key=value` is the flag `--key value`,
//! a bare key a switch; the same flags, defaults, value checks and conflicts
//! as `arkanong online` (a test reads the same queries both ways and compares).

use super::online_options::{parse_cpu, parse_loss, OnlineArgs};
use crate::app::online::{Blackout, DEFAULT_SERVER};
use crate::game::Difficulty;

impl OnlineArgs {
    /// The flags' defaults, as `arkanong online` with no flags has them.
    pub(super) fn defaults() -> Self {
        Self {
            server: DEFAULT_SERVER.to_owned(),
            room: None,
            level: None,
            seed: 1,
            cpu: Difficulty::Normal,
            steps: 3000,
            sim_latency: 0,
            sim_jitter: 0,
            sim_loss: 0,
            sim_blackout: None,
            ice: "default".to_owned(),
            ice_user: None,
            ice_credential: None,
            rematches: 0,
            save_replay: None,
            host: false,
            name: None,
            quick: false,
            watch: None,
            sim_watcher_noise: false,
            headless: false,
            ca_file: None,
            stray: Vec::new(),
        }
    }
}

/// A number flag's value, or the line clap would give.
fn number<T: std::str::FromStr>(key: &str, value: &str) -> Result<T, String> {
    value
        .parse()
        .map_err(|_| format!("invalid value '{value}' for '--{key}'"))
}

/// Reads `pairs` (decoded `(key, Some(value))` or `(key, None)` for a bare
/// key) into the flags, then checks the conflicts clap checks.
pub(super) fn args_from_pairs(pairs: &[(String, Option<String>)]) -> Result<OnlineArgs, String> {
    let mut a = OnlineArgs::defaults();
    for (key, value) in pairs {
        let switch = |on: &mut bool| match value {
            None => {
                *on = true;
                Ok(())
            }
            Some(v) => Err(format!("unexpected value '{v}' for '--{key}' found")),
        };
        let Some(v) = value.as_deref() else {
            match key.as_str() {
                "host" => switch(&mut a.host)?,
                "quick" => switch(&mut a.quick)?,
                "headless" => switch(&mut a.headless)?,
                "sim-watcher-noise" => switch(&mut a.sim_watcher_noise)?,
                _ => return Err(format!("a value is required for '--{key}'")),
            }
            continue;
        };
        let text = || Some(v.to_owned());
        match key.as_str() {
            "server" => a.server = v.to_owned(),
            "room" => a.room = text(),
            "level" => a.level = text(),
            "seed" => a.seed = number(key, v)?,
            "cpu" => a.cpu = parse_cpu(v)?,
            "steps" => a.steps = number(key, v)?,
            "sim-latency" => a.sim_latency = number(key, v)?,
            "sim-jitter" => a.sim_jitter = number(key, v)?,
            "sim-loss" => a.sim_loss = parse_loss(v)?,
            "sim-blackout" => a.sim_blackout = Some(Blackout::parse(v)?),
            "ice" => a.ice = v.to_owned(),
            "ice-user" => a.ice_user = text(),
            "ice-credential" => a.ice_credential = text(),
            "rematches" => a.rematches = number(key, v)?,
            "save-replay" => a.save_replay = text(),
            "name" => a.name = text(),
            "watch" => a.watch = text(),
            "ca-file" => a.ca_file = text(),
            "host" | "quick" | "headless" | "sim-watcher-noise" => switch(&mut false)?,
            _ => return Err(format!("unexpected argument '--{key}' found")),
        }
    }
    let conflicts = [
        (a.quick && a.room.is_some(), "quick", "room"),
        (a.watch.is_some() && a.room.is_some(), "watch", "room"),
        (a.watch.is_some() && a.quick, "watch", "quick"),
        (a.watch.is_some() && a.host, "watch", "host"),
    ];
    match conflicts.iter().find(|c| c.0) {
        Some((_, one, other)) => Err(format!(
            "the argument '--{one}' cannot be used with '--{other}'"
        )),
        None => Ok(a),
    }
}

#[cfg(test)]
mod tests {
    use super::super::online_options::{parse_online_args, parse_online_query};

    /// The query's options, and the command line's for the same flags.
    fn both(
        query: &str,
    ) -> (
        Result<super::super::OnlineOptions, String>,
        Result<super::super::OnlineOptions, String>,
    ) {
        let from_query = parse_online_query(&format!("online&{query}")).expect("asks for online");
        let mut args = Vec::new();
        for pair in query.split('&').filter(|p| !p.is_empty()) {
            match pair.split_once('=') {
                Some((k, v)) => args.extend([format!("--{k}"), v.to_owned()]),
                None => args.push(format!("--{pair}")),
            }
        }
        (from_query, parse_online_args(&args))
    }

    #[test]
    fn a_query_reads_as_the_same_flags_on_the_command_line_do() {
        for query in [
            "",
            "server=ws://127.0.0.1:9&room=r1&level=3&seed=5&cpu=hard&steps=10",
            "room=r2&sim-latency=50&sim-jitter=20&sim-loss=5&sim-blackout=4:2000&ice=none&host&headless",
            "room=r3&rematches=2&save-replay=x.txt&name=Ann&ca-file=ca.pem",
            "quick&ice=turn:h:3478&ice-user=u&ice-credential=p",
            "watch=ABCDEFG&sim-watcher-noise",
            "room=r4&ice=turn:h:3478",
        ] {
            let (q, c) = both(query);
            assert_eq!(q, c, "{query}");
        }
    }

    #[test]
    fn a_bad_query_is_refused_as_the_command_line_is() {
        for query in [
            "room=r&seed=x",
            "room=r&cpu=expert",
            "room=r&sim-loss=101",
            "room=r&sim-blackout=soon",
            "room=r&bogus=1",
            "room=r&quick",
            "watch=ABCDEFG&host",
            "watch=ABCDEFG&room=r",
            "room=r&server=http://x",
            "room=r&seed",
            "room=r&host=yes",
            "room=r&sim-watcher-noise",
        ] {
            let (q, c) = both(query);
            assert!(q.is_err() && c.is_err(), "{query}: {q:?} / {c:?}");
        }
    }
}
