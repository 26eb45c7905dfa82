//! `arkanong online ...` and the browser's `?online&server=...&room=...`: the
//! same options, from a command line or a query string.

use super::{Ice, Impairment};
use crate::game::Difficulty;

/// The signaling server `arkanong server` listens on by default, as a client
/// names it from the same machine.
pub const DEFAULT_SERVER: &str = "ws://127.0.0.1:3536";

/// The port `arkanong server` listens on by default (matchbox's usual one).
pub const DEFAULT_PORT: u16 = 3536;

/// What `arkanong online` was asked to do.
#[derive(Debug, Clone, PartialEq)]
pub struct OnlineOptions {
    /// The signaling server, `ws://host:port`.
    pub server: String,
    /// The room's name.
    pub room: String,
    /// The level offered if this side hosts: a path, or a shipped level's name or
    /// number; `None` for the first shipped level.
    pub level: Option<String>,
    /// The seed offered if this side hosts.
    pub seed: u64,
    /// The CPU that plays this side's paddle.
    pub cpu: Difficulty,
    /// Steps to play before reporting.
    pub steps: u32,
    /// This side's outgoing packets, impaired.
    pub impairment: Impairment,
    /// The ICE servers.
    pub ice: Ice,
    /// This player chose to host (pick the level); see `link::elect_host`.
    pub host: bool,
    /// No window: play and print the one line.
    pub headless: bool,
}

impl Default for OnlineOptions {
    fn default() -> Self {
        Self {
            server: DEFAULT_SERVER.to_owned(),
            room: String::new(),
            level: None,
            seed: 1,
            cpu: Difficulty::Normal,
            steps: 3000,
            impairment: Impairment::default(),
            ice: Ice::default(),
            host: false,
            headless: false,
        }
    }
}

/// Longest room name: room codes are short; this bounds what goes in a URL.
pub const MAX_ROOM_CHARS: usize = 32;

/// Checks a room name: 1 to [`MAX_ROOM_CHARS`] letters, digits, `-` or `_`.
pub fn check_room(room: &str) -> Result<(), String> {
    let ok = !room.is_empty()
        && room.chars().count() <= MAX_ROOM_CHARS
        && room
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if ok {
        Ok(())
    } else {
        Err(format!(
            "a room is 1 to {MAX_ROOM_CHARS} letters, digits, - or _, not `{room}`"
        ))
    }
}

/// Parses `arkanong online` arguments (after the word `online`).
pub fn parse_online_args(args: &[String]) -> Result<OnlineOptions, String> {
    let mut o = OnlineOptions::default();
    // --ice and its login are read together once all flags are in.
    let (mut ice, mut ice_user, mut ice_credential) = (None, None, None);
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        // A flag's value never starts with `--`: a forgotten value must not take
        // the next flag (and then shift a secret into an error message).
        let mut value = || match it.next() {
            Some(v) if !v.starts_with("--") => Ok(v.clone()),
            _ => Err(format!("{flag} needs a value")),
        };
        match flag.as_str() {
            "--server" => o.server = value()?,
            "--room" => o.room = value()?,
            "--level" => o.level = Some(value()?),
            "--seed" => o.seed = number(flag, &value()?)?,
            "--cpu" => {
                let v = value()?;
                o.cpu = Difficulty::from_keyword(&v)
                    .ok_or_else(|| format!("--cpu takes easy, normal or hard, not `{v}`"))?;
            }
            "--steps" => o.steps = number(flag, &value()?)?,
            "--sim-latency" => o.impairment.latency_ms = number(flag, &value()?)?,
            "--sim-jitter" => o.impairment.jitter_ms = number(flag, &value()?)?,
            "--sim-loss" => {
                o.impairment.loss_percent = number(flag, &value()?)?;
                if o.impairment.loss_percent > 100 {
                    return Err("--sim-loss is a percent, 0 to 100".to_owned());
                }
            }
            "--ice" => ice = Some(value()?),
            "--ice-user" => ice_user = Some(value()?),
            "--ice-credential" => ice_credential = Some(value()?),
            "--host" => o.host = true,
            "--headless" => o.headless = true,
            other if other.starts_with('-') => return Err(format!("unknown option `{other}`")),
            // A stray word is not echoed: it may be a password given after the wrong flag.
            _ => return Err("a word without its flag (every value follows its --flag)".to_owned()),
        }
    }
    o.ice = Ice::parse(
        ice.as_deref().unwrap_or("default"),
        ice_user.as_deref(),
        ice_credential.as_deref(),
    )?;
    check_room(&o.room)?;
    if !(o.server.starts_with("ws://") || o.server.starts_with("wss://")) {
        return Err(format!(
            "--server is a ws:// or wss:// URL, not `{}`",
            o.server
        ));
    }
    Ok(o)
}

fn number<T: std::str::FromStr>(flag: &str, v: &str) -> Result<T, String> {
    v.parse()
        .map_err(|_| format!("{flag} takes a whole number, not `{v}`"))
}

/// The online options in a page's query string (`online&server=...&room=...`,
/// without the `?`), or `None` when it does not ask for online play. Each `key=value`
/// is the flag `--key value`, and a bare key a switch.
pub fn parse_online_query(query: &str) -> Option<Result<OnlineOptions, String>> {
    let pairs: Vec<&str> = query.split('&').filter(|p| !p.is_empty()).collect();
    if !pairs.contains(&"online") {
        return None;
    }
    let mut args = Vec::new();
    for pair in pairs.into_iter().filter(|&p| p != "online") {
        // `key=` passes an empty value (refused by the flag's own check), so it
        // never lets the next key's value slide into this one.
        match pair.split_once('=') {
            Some((key, value)) => {
                args.push(format!("--{}", percent_decode(key)));
                args.push(percent_decode(value));
            }
            None => args.push(format!("--{}", percent_decode(pair))),
        }
    }
    Some(parse_online_args(&args))
}

/// Undoes a URL's `%XX` escapes; a broken escape stays as it is. A `+` stays a `+`
/// (no value here holds a space, and base64 TURN credentials hold `+`).
pub fn percent_decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut k = 0;
    while k < bytes.len() {
        let hex = bytes
            .get(k + 1..k + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match (bytes[k], hex) {
            (b'%', Some(b)) => {
                out.push(b);
                k += 3;
            }
            (b, _) => {
                out.push(b);
                k += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Checks a STUN or TURN URL the way WebRTC reads it: `stun:`, `stuns:`, `turn:`
/// or `turns:`, a host (a name, an IPv4 address or a bracketed IPv6 one), an
/// optional port, and for TURN an optional `?transport=udp` or `tcp`.
pub(super) fn check_ice_url(url: &str) -> Result<String, String> {
    let hint = "--ice takes `default`, `none`, or a URL like stun:host:3478 or turn:host:3478";
    if url.contains('@') {
        // Whatever is before the @ may be a password: not repeated.
        return Err(format!(
            "{hint}; a relay's login goes in --ice-user and --ice-credential, not in the URL"
        ));
    }
    let (scheme, rest) = url
        .split_once(':')
        .filter(|(s, _)| matches!(*s, "stun" | "stuns" | "turn" | "turns"))
        .ok_or_else(|| format!("{hint}, not `{url}`"))?;
    let (address, query) = rest.split_once('?').unwrap_or((rest, ""));
    let transport_ok = match query {
        "" => true,
        "transport=udp" | "transport=tcp" => scheme.starts_with("turn"),
        _ => false,
    };
    if !transport_ok {
        return Err(format!(
            "`{url}`: only a turn: URL takes a query, and only ?transport=udp or ?transport=tcp"
        ));
    }
    let (_, port) = split_host_port(address)
        .ok_or_else(|| format!("`{url}` has no host a {scheme}: server can be at"))?;
    match port {
        Some(p) if !p.parse::<u16>().is_ok_and(|p| p > 0) => {
            Err(format!("`{url}`: the port is a number from 1 to 65535"))
        }
        _ => Ok(url.to_owned()),
    }
}

/// `host`, `host:port`, `[v6]` or `[v6]:port` as the host and the port's text;
/// `None` when the host is not a name or an address.
fn split_host_port(address: &str) -> Option<(&str, Option<&str>)> {
    if let Some(v6) = address.strip_prefix('[') {
        let (host, after) = v6.split_once(']')?;
        host.parse::<std::net::Ipv6Addr>().ok()?;
        return match after {
            "" => Some((host, None)),
            _ => Some((host, Some(after.strip_prefix(':')?))),
        };
    }
    let (host, port) = match address.rsplit_once(':') {
        Some((host, port)) => (host, Some(port)),
        None => (address, None),
    };
    let name = |c: char| c.is_ascii_alphanumeric() || c == '.' || c == '-' || c == '_';
    (!host.is_empty() && host.chars().all(name)).then_some((host, port))
}

#[cfg(test)]
mod tests {
    use super::super::IceLogin;
    use super::*;
    use matchbox_socket::RtcIceServerConfig;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn online_args_read_every_flag() {
        let o = parse_online_args(&args(
            "--server ws://127.0.0.1:9 --room r1 --level 3 --seed 5 --cpu hard --steps 10 \
             --sim-latency 50 --sim-jitter 20 --sim-loss 5 --ice none --host --headless",
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
                loss_percent: 5
            }
        );
        assert_eq!(o.ice, Ice::None);
        assert!(o.host && o.headless);
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

    #[test]
    fn ice_reads_default_none_stun_and_a_turn_relay_with_its_login() {
        assert_eq!(Ice::parse("none", None, None), Ok(Ice::None));
        assert_eq!(Ice::parse("default", None, None), Ok(Ice::PublicStun));
        for url in [
            "stun:example.org:3478",
            "stun:example.org",
            "stuns:192.0.2.7:5349",
            "stun:[2001:db8::1]:3478",
        ] {
            let want = Ice::Server {
                url: url.into(),
                login: None,
            };
            assert_eq!(Ice::parse(url, None, None), Ok(want), "{url}");
        }
        for url in [
            "turn:relay.example.org:3478",
            "turns:relay.example.org",
            "turn:[::1]?transport=tcp",
        ] {
            let ice = Ice::parse(url, Some("ann"), Some("s3cret")).unwrap();
            let config = ice.config();
            assert_eq!(config.urls, vec![url.to_owned()]);
            assert_eq!(config.username.as_deref(), Some("ann"));
            assert_eq!(config.credential.as_deref(), Some("s3cret"));
        }
        assert!(Ice::None.config().urls.is_empty());
        assert_eq!(
            Ice::PublicStun.config().urls,
            RtcIceServerConfig::default().urls
        );
    }

    #[test]
    fn ice_refuses_bad_urls_and_logins_without_repeating_a_password() {
        let bad = [
            ("example.org", None, None, "--ice takes"),
            ("http://example.org", None, None, "--ice takes"),
            ("stun:", None, None, "no host"),
            ("stun:exa mple.org", None, None, "no host"),
            ("stun:host:0", None, None, "port"),
            ("stun:host:70000", None, None, "port"),
            ("stun:host:x", None, None, "port"),
            ("stun:[nonsense]:3478", None, None, "no host"),
            ("stun:host?transport=udp", None, None, "query"),
            ("turn:host?transport=sctp", Some("a"), Some("b"), "query"),
            (
                "turn:host:3478",
                None,
                None,
                "needs --ice-user and --ice-credential",
            ),
            ("turn:host:3478", Some("ann"), None, "go together"),
            ("turn:host:3478", None, Some("s3cret"), "go together"),
            ("turn:host:3478", Some(""), Some("s3cret"), "neither empty"),
            (
                "stun:host:3478",
                Some("ann"),
                Some("s3cret"),
                "not a turn: URL",
            ),
            ("none", Some("ann"), Some("s3cret"), "not a turn: URL"),
            ("turn:ann:s3cret@host:3478", None, None, "not in the URL"),
        ];
        for (word, user, credential, says) in bad {
            let e = Ice::parse(word, user, credential).unwrap_err();
            assert!(e.contains(says), "{word}: {e}");
            assert!(
                !e.contains("s3cret"),
                "{word}: the error shows the password: {e}"
            );
        }
        let login = IceLogin {
            user: "ann".into(),
            credential: "s3cret".into(),
        };
        assert!(!format!("{login:?}").contains("s3cret"));
    }
}
