//! `arkanong server [--bind ADDR] [--port P]`: matchbox's signaling server, where
//! players meet in rooms (`ws://HOST:PORT/ROOM`) before talking directly.

use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use matchbox_signaling::SignalingServer;

use super::DEFAULT_PORT;

/// Parses `server` arguments: where to listen (default 0.0.0.0, every interface,
/// so friends on the network can reach it; tests pass `--bind 127.0.0.1`).
pub fn parse_server_args(args: &[String]) -> Result<SocketAddr, String> {
    let mut ip = IpAddr::V4(Ipv4Addr::UNSPECIFIED);
    let mut port = DEFAULT_PORT;
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"));
        match flag.as_str() {
            "--bind" => {
                let v = value?;
                ip = v
                    .parse()
                    .map_err(|_| format!("--bind takes an IP address, not `{v}`"))?;
            }
            "--port" => {
                let v = value?;
                port = v
                    .parse()
                    .map_err(|_| format!("--port takes a port number, not `{v}`"))?;
            }
            other => return Err(format!("unknown option `{other}`")),
        }
    }
    Ok(SocketAddr::new(ip, port))
}

/// `arkanong server`: binds, prints `server: listening on ws://ADDR` (tests wait
/// for it), and serves until killed. Exit code 1 when it cannot listen.
pub fn server(args: &[String], out: &mut impl Write) -> i32 {
    let addr = match parse_server_args(args) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("server: {e}");
            return 2;
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("server: cannot start: {e}");
            return 1;
        }
    };
    runtime.block_on(async {
        let mut server = SignalingServer::full_mesh_builder(addr).cors().build();
        match server.bind() {
            Ok(bound) => {
                let _ = writeln!(out, "server: listening on ws://{bound}");
                let _ = out.flush();
            }
            Err(e) => {
                eprintln!("server: cannot listen on {addr}: {e}");
                return 1;
            }
        }
        match server.serve().await {
            Ok(()) => 0,
            Err(e) => {
                eprintln!("server: {e}");
                1
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn server_args_default_to_every_interface_and_take_bind_and_port() {
        let s = |a: &str| -> Vec<String> { a.split_whitespace().map(str::to_owned).collect() };
        assert_eq!(
            parse_server_args(&[]),
            Ok(SocketAddr::from(([0, 0, 0, 0], DEFAULT_PORT)))
        );
        assert_eq!(
            parse_server_args(&s("--bind 127.0.0.1 --port 4000")),
            Ok(SocketAddr::from(([127, 0, 0, 1], 4000)))
        );
        assert!(parse_server_args(&s("--port 70000")).is_err());
        assert!(parse_server_args(&s("--bind nowhere")).is_err());
        assert!(parse_server_args(&s("--bind")).is_err());
    }
}
