//! Who a request really comes from. Behind nginx or Caddy every connection's
//! peer is the proxy, so the per-address limits would be the whole server's: the
//! proxy's own address tells the real client in `X-Forwarded-For` (or RFC 7239's
//! `Forwarded`). Anyone can write those headers, so they are believed only from
//! the peers `--trusted-proxy` names, and only as far as the chain of trusted
//! proxies goes: walking the chain from the right (the hop nearest to us), the
//! first address that is not a trusted proxy is the client. An address the
//! client wrote itself sits left of it and is never reached.
//!
//! `X-Forwarded-For` is read when present (nginx's `$proxy_add_x_forwarded_for`,
//! Caddy and HAProxy append to it), `Forwarded` otherwise: a proxy that appends
//! to one passes the other through untouched, so reading both would believe what
//! a client wrote in the one its proxy ignores.

use std::net::{IpAddr, SocketAddr};

use axum::http::header::{HeaderMap, FORWARDED};
use ipnet::IpNet;

/// The `X-Forwarded-For` header (not among `http`'s named constants).
const X_FORWARDED_FOR: &str = "x-forwarded-for";

/// Hops walked at most from the right: more proxies than this in a row is a
/// loop or a forgery, and a header's length is bounded by hyper anyway.
const MAX_HOPS: usize = 16;

/// The proxies whose forwarding headers are believed (`--trusted-proxy`).
#[derive(Clone, Debug, Default)]
pub(super) struct TrustedProxies(Vec<IpNet>);

impl TrustedProxies {
    /// Trusts the peers in `nets`.
    pub(super) fn new(nets: &[IpNet]) -> TrustedProxies {
        TrustedProxies(nets.to_vec())
    }

    /// Whether `ip` is a trusted proxy (an IPv4-mapped IPv6 peer, as a
    /// dual-stack socket sees IPv4, counts as its IPv4 address).
    pub(super) fn trusts(&self, ip: IpAddr) -> bool {
        let ip = ip.to_canonical();
        self.0.iter().any(|net| net.contains(&ip))
    }

    /// The client a request from `peer` with `headers` comes from: `peer`
    /// itself unless it is a trusted proxy; else the right-most address of the
    /// forwarding chain that is not a trusted proxy (the left-most if all are).
    /// A hop that does not read as an address (`unknown`, an obfuscated
    /// `_name`, garbage) ends the walk at the proxy that wrote it.
    pub(super) fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        let mut client = peer.to_canonical();
        if !self.trusts(client) {
            return client;
        }
        for hop in forwarded_chain(headers).into_iter().rev().take(MAX_HOPS) {
            match hop {
                Some(ip) => client = ip.to_canonical(),
                None => break,
            }
            if !self.trusts(client) {
                break;
            }
        }
        client
    }
}

/// The addresses the request passed through, client first, as the proxies
/// wrote them (`None` for a hop that is no address).
fn forwarded_chain(headers: &HeaderMap) -> Vec<Option<IpAddr>> {
    let xff: Vec<_> = headers.get_all(X_FORWARDED_FOR).iter().collect();
    if !xff.is_empty() {
        return xff
            .into_iter()
            .flat_map(|value| value.to_str().unwrap_or("?").split(','))
            .map(hop_address)
            .collect();
    }
    headers
        .get_all(FORWARDED)
        .iter()
        .flat_map(|value| value.to_str().unwrap_or("for=?").split(','))
        .map(|element| {
            // `for=192.0.2.60;proto=https;by=203.0.113.43`: the `for` pair,
            // whose name is case-insensitive. An element without one is a hop
            // that said nothing of its client.
            element
                .split(';')
                .filter_map(|pair| pair.split_once('='))
                .find(|(name, _)| name.trim().eq_ignore_ascii_case("for"))
                .and_then(|(_, value)| hop_address(value.trim().trim_matches('"')))
        })
        .collect()
}

/// One hop's address: `192.0.2.60`, `2001:db8::1`, `[2001:db8::1]:4711` or
/// `192.0.2.60:4711` (a port some proxies add).
fn hop_address(text: &str) -> Option<IpAddr> {
    let text = text.trim();
    text.parse::<IpAddr>()
        .ok()
        .or_else(|| text.parse::<SocketAddr>().ok().map(|s| s.ip()))
        .or_else(|| text.strip_prefix('[')?.strip_suffix(']')?.parse().ok())
}

/// `--trusted-proxy`'s value: a network (`10.0.0.0/8`, `fd00::/8`) or one
/// address (`127.0.0.1`, its own /32 or /128).
pub(super) fn parse_trusted_proxy(text: &str) -> Result<IpNet, String> {
    text.parse::<IpNet>()
        .or_else(|_| text.parse::<IpAddr>().map(IpNet::from))
        .map_err(|_| format!("{text:?} is not an address or a network like 10.0.0.0/8"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn proxies(nets: &[&str]) -> TrustedProxies {
        let nets: Vec<IpNet> = nets
            .iter()
            .map(|n| parse_trusted_proxy(n).unwrap())
            .collect();
        TrustedProxies::new(&nets)
    }

    fn headers(lines: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in lines {
            map.append(*name, HeaderValue::from_static(value));
        }
        map
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn an_untrusted_peer_is_the_client_whatever_it_forwards() {
        let trusted = proxies(&["127.0.0.1/32"]);
        let forged = headers(&[
            ("x-forwarded-for", "203.0.113.9"),
            ("forwarded", "for=203.0.113.9"),
        ]);
        assert_eq!(
            trusted.client(ip("198.51.100.4"), &forged),
            ip("198.51.100.4")
        );
        assert_eq!(
            TrustedProxies::default().client(ip("127.0.0.1"), &forged),
            ip("127.0.0.1"),
            "no --trusted-proxy: nothing is believed"
        );
    }

    #[test]
    fn a_trusted_proxy_names_the_right_most_untrusted_hop() {
        let trusted = proxies(&["127.0.0.1", "10.0.0.0/8"]);
        // The client wrote 6.6.6.6 itself; nginx appended the address it saw.
        let chain = headers(&[("x-forwarded-for", "6.6.6.6, 203.0.113.7, 10.1.2.3")]);
        assert_eq!(trusted.client(ip("127.0.0.1"), &chain), ip("203.0.113.7"));
        // Two header lines are one list; a port and brackets are dropped.
        let split = headers(&[
            ("x-forwarded-for", "6.6.6.6"),
            ("x-forwarded-for", "[2001:db8::5]:4711"),
        ]);
        assert_eq!(trusted.client(ip("127.0.0.1"), &split), ip("2001:db8::5"));
        let all_trusted = headers(&[("x-forwarded-for", "10.0.0.1, 10.0.0.2")]);
        assert_eq!(
            trusted.client(ip("127.0.0.1"), &all_trusted),
            ip("10.0.0.1")
        );
        assert_eq!(
            trusted.client(ip("127.0.0.1"), &HeaderMap::new()),
            ip("127.0.0.1"),
            "no header: the proxy itself"
        );
    }

    #[test]
    fn forwarded_is_read_only_without_x_forwarded_for() {
        let trusted = proxies(&["127.0.0.0/8"]);
        let rfc = headers(&[(
            "forwarded",
            "for=6.6.6.6, For=\"[2001:db8:cafe::17]:4711\";proto=https",
        )]);
        assert_eq!(
            trusted.client(ip("127.0.0.1"), &rfc),
            ip("2001:db8:cafe::17")
        );
        let both = headers(&[
            ("forwarded", "for=6.6.6.6"),
            ("x-forwarded-for", "192.0.2.1"),
        ]);
        assert_eq!(
            trusted.client(ip("127.0.0.1"), &both),
            ip("192.0.2.1"),
            "a Forwarded the proxy passed through is the client's own writing"
        );
    }

    #[test]
    fn a_hop_that_is_no_address_stops_at_the_proxy_that_wrote_it() {
        let trusted = proxies(&["127.0.0.1"]);
        for junk in ["unknown", "_hidden", "not an address, ", "1.2.3.4.5"] {
            let h = headers(&[("x-forwarded-for", junk)]);
            assert_eq!(
                trusted.client(ip("127.0.0.1"), &h),
                ip("127.0.0.1"),
                "{junk}"
            );
        }
        let unknown = headers(&[("forwarded", "for=unknown")]);
        assert_eq!(trusted.client(ip("127.0.0.1"), &unknown), ip("127.0.0.1"));
    }

    #[test]
    fn a_dual_stack_peer_is_matched_as_its_ipv4_address() {
        let trusted = proxies(&["127.0.0.1/32"]);
        let h = headers(&[("x-forwarded-for", "::ffff:203.0.113.8")]);
        assert_eq!(
            trusted.client(ip("::ffff:127.0.0.1"), &h),
            ip("203.0.113.8")
        );
    }

    #[test]
    fn trusted_proxy_flags_take_networks_and_single_addresses() {
        assert_eq!(parse_trusted_proxy("10.0.0.0/8").unwrap().prefix_len(), 8);
        assert_eq!(parse_trusted_proxy("::1").unwrap().prefix_len(), 128);
        for bad in ["", "10.0.0.0/33", "localhost", "10.0.0"] {
            assert!(parse_trusted_proxy(bad).is_err(), "{bad}");
        }
    }
}
