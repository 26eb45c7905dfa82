//! Where online players meet: the signaling server's default address and port,
//! room names, ICE server URLs, and the URL escapes of a page's query string.
//! `arkanong online`'s own options are `crate::commands::OnlineOptions`.

/// The signaling server `arkanong server` listens on by default, as a client
/// names it from the same machine.
pub const DEFAULT_SERVER: &str = "ws://127.0.0.1:3536";

/// The port `arkanong server` listens on by default (matchbox's usual one).
pub const DEFAULT_PORT: u16 = 3536;

/// The server a browser page served from `protocol//host` (`location.protocol`
/// and `location.host`, its port included) meets on: its own origin, where
/// `arkanong-server --web` serves the game beside the rooms and the gallery
/// (`wss://` for an `https:` page, which may not open a `ws://` socket;
/// `ws://` otherwise). `None` for a page with no host (opened from a file):
/// the caller falls back to [`DEFAULT_SERVER`].
pub fn server_for_page(protocol: &str, host: &str) -> Option<String> {
    if host.is_empty() {
        return None;
    }
    let scheme = match protocol {
        "https:" => "wss",
        _ => "ws",
    };
    Some(format!("{scheme}://{host}"))
}

/// The HTTP base of `server` (`ws://` → `http://`, `wss://` or `https://` →
/// `https://`, any path dropped): where the rooms and the gallery answer
/// beside the signaling. The one mapping the room requests and the gallery's
/// share (the rooms refuse any scheme but `ws://` and `wss://` first).
pub fn http_base(server: &str) -> String {
    let (scheme, rest) = match server.split_once("://") {
        Some(("wss" | "https", rest)) => ("https", rest),
        Some((_, rest)) => ("http", rest),
        None => ("http", server),
    };
    let host = rest.split('/').next().unwrap_or(rest);
    format!("{scheme}://{host}")
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
#[cfg(feature = "online")]
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
#[cfg(feature = "online")]
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
mod page_tests {
    use super::*;

    #[test]
    fn the_gallery_and_the_rooms_share_the_signaling_servers_host() {
        assert_eq!(http_base("ws://127.0.0.1:3536"), "http://127.0.0.1:3536");
        assert_eq!(
            http_base("wss://play.example/signal"),
            "https://play.example"
        );
    }

    #[test]
    fn a_page_meets_on_its_own_origin_over_tls_when_it_came_over_tls() {
        assert_eq!(
            server_for_page("https:", "play.example").as_deref(),
            Some("wss://play.example")
        );
        assert_eq!(
            server_for_page("http:", "192.0.2.7:3536").as_deref(),
            Some("ws://192.0.2.7:3536")
        );
        assert_eq!(server_for_page("file:", ""), None);
    }
}

#[cfg(all(test, feature = "online"))]
mod tests {
    use super::super::{Ice, IceLogin};
    use matchbox_socket::RtcIceServerConfig;

    #[test]
    fn percent_decode_keeps_broken_escapes_and_plus_signs() {
        assert_eq!(super::percent_decode("a%2"), "a%2");
        assert_eq!(
            super::percent_decode("%e2%9c%93+ok"),
            "\u{2713}+ok",
            "a + stays"
        );
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
