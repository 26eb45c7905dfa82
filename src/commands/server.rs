//! `arkanong server [--bind ADDR] [--port P]`: matchbox's signaling server, where
//! players meet in rooms (`ws://HOST:PORT/ROOM`) before talking directly.

use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};

use matchbox_signaling::SignalingServer;

use crate::app::online::DEFAULT_PORT;

/// `arkanong server`'s flags: where to listen (by default 0.0.0.0, every
/// interface, so friends on the network can reach it; tests pass `--bind 127.0.0.1`).
#[derive(clap::Args, Debug, Clone, PartialEq, Eq)]
pub struct ServerArgs {
    /// Listen on this address (default 0.0.0.0, every interface)
    #[arg(long, value_name = "ADDR", default_value_t = IpAddr::V4(Ipv4Addr::UNSPECIFIED), hide_default_value = true)]
    pub bind: IpAddr,
    /// Listen on this port (0 picks a free one)
    #[arg(long, value_name = "P", default_value_t = DEFAULT_PORT)]
    pub port: u16,
}

/// `arkanong server`: binds, prints `server: listening on ws://ADDR` (tests wait
/// for it), and serves until killed. Exit code 1 when it cannot listen.
pub fn server(args: &ServerArgs, out: &mut impl Write) -> i32 {
    let addr = SocketAddr::new(args.bind, args.port);
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
    use clap::Parser;

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
        for bad in ["--port 70000", "--bind nowhere", "--bind", "--speed 3"] {
            assert_eq!(parse(bad).err().map(|e| e.exit_code()), Some(2), "{bad}");
        }
    }
}
