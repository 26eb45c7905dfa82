//! The `arkanong-server` program: the command line (`ServerArgs`, the same flags
//! `arkanong server` takes, since the game runs this program for it), then the server.

use clap::Parser;

/// `arkanong-server [FLAGS] [levels ...]`: where to listen, every limit, the gallery's
/// database, and the operator's tools.
#[derive(Parser, Debug)]
#[command(
    name = "arkanong-server",
    version,
    about = "The server Arkanong players meet through (rooms over ws://HOST:PORT/ROOM) and share levels on (the gallery under /gallery/)"
)]
struct Cli {
    #[command(flatten)]
    server: arkanong_server::ServerArgs,
}

fn main() {
    // clap answers `--help` (exit 0) and misuse (the usage, exit 2) by itself.
    let cli = Cli::parse();
    let code = arkanong_server::server(&cli.server, &mut std::io::stdout().lock());
    std::process::exit(code);
}
