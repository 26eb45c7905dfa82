//! `arkanong server`'s flags: where to listen, and every limit (`--help` lists
//! them with their defaults).

use std::net::{IpAddr, Ipv4Addr};
use std::path::PathBuf;
use std::time::Duration;

use ipnet::IpNet;

use super::gallery::ServerCommand;
use super::proxies::parse_trusted_proxy;
use arkanong_core::app::online::DEFAULT_PORT;

/// `arkanong server`'s flags: where to listen (by default 0.0.0.0, every
/// interface, so friends on the network can reach it; tests pass `--bind
/// 127.0.0.1`) and the limits that keep one stranger from breaking it.
#[derive(clap::Args, Debug, Clone, PartialEq, Eq)]
pub struct ServerArgs {
    /// Listen on this address (default 0.0.0.0, every interface)
    #[arg(long, value_name = "ADDR", default_value_t = IpAddr::V4(Ipv4Addr::UNSPECIFIED), hide_default_value = true)]
    pub bind: IpAddr,
    /// Listen on this port (0 picks a free one)
    #[arg(long, value_name = "P", default_value_t = DEFAULT_PORT)]
    pub port: u16,
    /// Largest signaling message, in bytes, whole or in fragments (bigger closes with 1009)
    #[arg(long, value_name = "BYTES", default_value_t = 64 * 1024)]
    pub max_message: usize,
    /// Bytes queued for a peer that does not read, before it is dropped
    #[arg(long, value_name = "BYTES", default_value_t = 256 * 1024)]
    pub max_queue: usize,
    /// Open connections from one address (an IPv6 address's /64)
    #[arg(long, value_name = "N", default_value_t = 16)]
    pub max_per_address: usize,
    /// Open connections in all
    #[arg(long, value_name = "N", default_value_t = 2000)]
    pub max_connections: usize,
    /// Rooms open at once (issued and named)
    #[arg(long, value_name = "N", default_value_t = 10_000)]
    pub max_rooms: usize,
    /// Joins and new rooms an address may make in a burst (wrong codes count)
    #[arg(long, value_name = "N", default_value_t = 30)]
    pub join_burst: u32,
    /// Milliseconds for an address to earn one more join, once its burst is spent
    #[arg(long, value_name = "MS", default_value_t = 2000)]
    pub join_every: u64,
    /// Messages a second one peer may send (in bursts of four seconds' worth)
    #[arg(long, value_name = "N", default_value_t = 50)]
    pub max_messages_per_second: u32,
    /// Seconds to send a whole HTTP request, up to the WebSocket upgrade
    #[arg(long, value_name = "S", default_value_t = 10)]
    pub handshake_timeout: u64,
    /// Seconds of silence before a connection closes (clients keep alive every 10 s)
    #[arg(long, value_name = "S", default_value_t = 30)]
    pub idle_timeout: u64,
    /// Seconds a peer may wait in a room whose two players have not met (a player alone, a watcher before the match) before it is let go (4010), keep-alives or not
    // Five minutes, not the attack issue's 60 s: a host reads its code to a
    // friend and waits for them, and 60 s closed that room under them. The
    // per-address socket caps bound what a lone peer holds meanwhile.
    #[arg(long, value_name = "S", default_value_t = 300)]
    pub lone_peer_secs: u64,
    /// Seconds an issued room waits for its first player before it is removed
    #[arg(long, value_name = "S", default_value_t = 600)]
    pub room_ttl: u64,
    /// Refuse named rooms (`--room NAME`): only codes issued by POST /room open
    #[arg(long)]
    pub issued_rooms_only: bool,
    /// Believe X-Forwarded-For / Forwarded from this proxy (an address or a network like 10.0.0.0/8; repeatable): its clients are limited and logged by their own address
    #[arg(long, value_name = "CIDR", value_parser = parse_trusted_proxy)]
    pub trusted_proxy: Vec<IpNet>,
    /// Serve the browser build in DIR (web/build.sh's target/web) at / on this same port
    #[arg(long, value_name = "DIR")]
    pub web: Option<PathBuf>,
    /// Speak https:// and wss:// with this certificate chain (PEM; with --tls-key; reread on SIGHUP and when the files change)
    #[arg(long, value_name = "PEM", requires = "tls_key")]
    pub tls_cert: Option<PathBuf>,
    /// The private key of --tls-cert's certificate (PEM; never logged)
    #[arg(long, value_name = "PEM", requires = "tls_cert")]
    pub tls_key: Option<PathBuf>,
    /// The gallery's database: a SQLite file (default: gallery.sqlite in the data folder) or a postgres:// URL
    #[arg(long, value_name = "PATH|URL")]
    pub db: Option<String>,
    /// Write a consistent copy of the gallery's SQLite database to FILE, and exit
    #[arg(long, value_name = "FILE")]
    pub backup: Option<String>,
    /// Multiplies the burst of every gallery rate limit per address (uploads 10, ratings 30, plays 60, reports 5, scores 20, reads 120; tests and benches raise it)
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub gallery_burst_factor: u32,
    /// Player ids one network (--ipv4-prefix, --ipv6-prefix) may rate a level under, or count plays of it under in an hour (a household shares an address)
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub ids_per_address: u32,
    /// The IPv4 network the gallery's caps on ids, ratings and counted plays count by, as a prefix length (24: a /24; 32: each address on its own)
    #[arg(long, value_name = "BITS", default_value_t = 24, value_parser = clap::value_parser!(u8).range(8..=32))]
    pub ipv4_prefix: u8,
    /// The IPv6 network the gallery's caps count by, as a prefix length (64: a /64, what one home or phone is given; 128: each address)
    #[arg(long, value_name = "BITS", default_value_t = 64, value_parser = clap::value_parser!(u8).range(16..=128))]
    pub ipv6_prefix: u8,
    /// Distinct networks a level's ratings must come from before "top" ranks it above the levels rated from as many (three ids of one household cannot put a new level first)
    #[arg(long, value_name = "K", default_value_t = 3)]
    pub top_networks: u32,
    /// Plays of a level counted from one network in a (UTC) day, for "most played"
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub plays_per_network: u32,
    /// Seconds from a player's play of a level to their rating of it (a rating counts only from a player who played, or who has a score there)
    #[arg(long, value_name = "S", default_value_t = 20)]
    pub rate_after_play: u32,
    /// Seconds the gallery may spend playing one submitted replay to verify it (at most 10, the default: a small machine may want less; a replay over it is refused with 503 and Retry-After)
    #[arg(long, value_name = "S", default_value = "10", value_parser = parse_verify_budget)]
    pub verify_budget: Duration,
    /// The operator's tools
    #[command(subcommand)]
    pub command: Option<ServerCommand>,
}

/// The limits, as the server's parts use them.
#[derive(Clone, Debug)]
pub(super) struct Limits {
    pub(super) max_message: usize,
    pub(super) max_queue: usize,
    pub(super) max_per_address: usize,
    pub(super) max_connections: usize,
    pub(super) max_rooms: usize,
    pub(super) join_burst: std::num::NonZeroU32,
    pub(super) join_every: Duration,
    pub(super) messages_per_second: std::num::NonZeroU32,
    pub(super) handshake_timeout: Duration,
    pub(super) idle_timeout: Duration,
    /// How long a peer waits for its room's players to meet (`--lone-peer-secs`).
    pub(super) lone_peer: Duration,
    pub(super) room_ttl: Duration,
    pub(super) issued_rooms_only: bool,
}

impl ServerArgs {
    /// The limits these flags set.
    pub(super) fn limits(&self) -> Limits {
        Limits {
            max_message: self.max_message.max(1),
            max_queue: self.max_queue.max(1),
            max_per_address: self.max_per_address.max(1),
            max_connections: self.max_connections.max(1),
            max_rooms: self.max_rooms.max(1),
            join_burst: std::num::NonZeroU32::new(self.join_burst)
                .unwrap_or(std::num::NonZeroU32::MIN),
            join_every: Duration::from_millis(self.join_every.max(1)),
            messages_per_second: std::num::NonZeroU32::new(self.max_messages_per_second)
                .unwrap_or(std::num::NonZeroU32::MIN),
            handshake_timeout: Duration::from_secs(self.handshake_timeout.max(1)),
            idle_timeout: Duration::from_secs(self.idle_timeout.max(1)),
            lone_peer: Duration::from_secs(self.lone_peer_secs.max(1)),
            room_ttl: Duration::from_secs(self.room_ttl.max(1)),
            issued_rooms_only: self.issued_rooms_only,
        }
    }
}

/// `--verify-budget`'s value: seconds, more than 0 and at most 10.
fn parse_verify_budget(v: &str) -> Result<Duration, String> {
    match v.parse::<f64>() {
        Ok(s) if s > 0.0 && s <= 10.0 => Ok(Duration::from_secs_f64(s)),
        _ => Err(format!(
            "--verify-budget is seconds, more than 0 and at most 10, not `{v}`"
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;
    use std::net::SocketAddr;

    #[derive(Parser)]
    struct Server {
        #[command(flatten)]
        args: ServerArgs,
    }

    fn parse(line: &str) -> Result<ServerArgs, clap::Error> {
        Server::try_parse_from(std::iter::once("server").chain(line.split_whitespace()))
            .map(|s| s.args)
    }

    #[test]
    fn server_args_default_to_every_interface_and_take_bind_and_port() {
        let addr = |a: ServerArgs| SocketAddr::new(a.bind, a.port);
        assert_eq!(
            parse("").map(addr).unwrap(),
            SocketAddr::from(([0, 0, 0, 0], DEFAULT_PORT))
        );
        assert_eq!(
            parse("--bind 127.0.0.1 --port 4000").map(addr).unwrap(),
            SocketAddr::from(([127, 0, 0, 1], 4000))
        );
        for bad in [
            "--port 70000",
            "--bind nowhere",
            "--bind",
            "--speed 3",
            "--max-queue -1",
        ] {
            assert_eq!(parse(bad).err().map(|e| e.exit_code()), Some(2), "{bad}");
        }
    }

    #[test]
    fn server_limits_default_to_the_documented_caps_and_take_flags() {
        let limits = parse("").unwrap().limits();
        assert_eq!(limits.max_message, 65_536);
        assert_eq!(limits.idle_timeout, Duration::from_secs(30));
        assert_eq!(limits.lone_peer, Duration::from_secs(300));
        assert!(!limits.issued_rooms_only);
        let limits = parse("--max-per-address 3000 --join-every 5 --issued-rooms-only")
            .unwrap()
            .limits();
        assert_eq!(limits.max_per_address, 3000);
        assert_eq!(limits.join_every, Duration::from_millis(5));
        assert!(limits.issued_rooms_only);
    }
}
