//! `arkanong server ...`: the server is its own program, `arkanong-server` (the
//! `server/` package), so a host builds it without the game's window, sound and
//! gamepad libraries, and the game links no database or server crates. The game's
//! subcommand stays (scripts, docs and tests name it): it runs that program with
//! the same arguments, found beside the game's own executable first (where cargo
//! and an install put both), then on `PATH`.

use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The server's program name (without `.exe`).
pub const SERVER_PROGRAM: &str = "arkanong-server";

/// `arkanong server`'s arguments: everything after `server`, handed to
/// `arkanong-server` as they are (its own `--help` lists them).
#[derive(clap::Args, Debug, Clone, PartialEq, Eq)]
pub struct ServerArgs {
    /// arkanong-server's flags and subcommands (see `arkanong server --help`)
    #[arg(
        trailing_var_arg = true,
        allow_hyphen_values = true,
        value_name = "ARGS"
    )]
    pub args: Vec<OsString>,
}

/// Where `arkanong-server` is: beside `game_exe`, else the first on `path`.
fn find_server(game_exe: Option<&Path>, path: Option<OsString>) -> Option<PathBuf> {
    let file = format!("{SERVER_PROGRAM}{}", std::env::consts::EXE_SUFFIX);
    let beside = game_exe.and_then(Path::parent).map(|dir| dir.join(&file));
    let on_path = path
        .iter()
        .flat_map(std::env::split_paths)
        .map(|dir| dir.join(&file))
        .collect::<Vec<_>>();
    beside.into_iter().chain(on_path).find(|p| p.is_file())
}

/// Runs `arkanong-server` with `args`. On Unix the game process becomes the
/// server (`exec`), so a signal sent to it (a test's kill, systemd's SIGTERM)
/// reaches the server itself; elsewhere it waits for the server's exit code.
/// Returns only on failure (or, off Unix, with the server's exit code).
pub fn server(args: &ServerArgs, out: &mut impl Write) -> i32 {
    let exe = std::env::current_exe().ok();
    let Some(program) = find_server(exe.as_deref(), std::env::var_os("PATH")) else {
        let _ = writeln!(
            out,
            "server: {SERVER_PROGRAM} was not found beside this program or on PATH; build it with \
             `cargo build --release -p {SERVER_PROGRAM}` (or install it), then run `{SERVER_PROGRAM}` \
             or `arkanong server` again"
        );
        return 1;
    };
    let mut command = std::process::Command::new(&program);
    command.args(&args.args);
    run(command, &program, out)
}

#[cfg(unix)]
fn run(mut command: std::process::Command, program: &Path, out: &mut impl Write) -> i32 {
    use std::os::unix::process::CommandExt;
    let error = command.exec();
    let _ = writeln!(out, "server: cannot run {}: {error}", program.display());
    1
}

#[cfg(not(unix))]
fn run(mut command: std::process::Command, program: &Path, out: &mut impl Write) -> i32 {
    match command.status() {
        Ok(status) => status.code().unwrap_or(1),
        Err(error) => {
            let _ = writeln!(out, "server: cannot run {}: {error}", program.display());
            1
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn find_server_prefers_the_program_beside_the_game() {
        let dir = std::env::temp_dir().join(format!("arkanong-forward-{}", std::process::id()));
        let beside = dir.join("beside");
        let on_path = dir.join("on_path");
        std::fs::create_dir_all(&beside).unwrap();
        std::fs::create_dir_all(&on_path).unwrap();
        let file = format!("{SERVER_PROGRAM}{}", std::env::consts::EXE_SUFFIX);
        std::fs::write(on_path.join(&file), b"").unwrap();
        let path = std::env::join_paths([&on_path]).unwrap();
        let game = beside.join("arkanong");
        assert_eq!(
            find_server(Some(&game), Some(path.clone())),
            Some(on_path.join(&file))
        );
        std::fs::write(beside.join(&file), b"").unwrap();
        assert_eq!(
            find_server(Some(&game), Some(path)),
            Some(beside.join(&file))
        );
        assert_eq!(find_server(None, None), None);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn server_args_keep_every_flag_as_given() {
        use clap::Parser;
        let cli = crate::commands::Cli::try_parse_from([
            "arkanong",
            "server",
            "--bind",
            "127.0.0.1",
            "--port",
            "0",
            "levels",
            "list",
        ])
        .unwrap();
        let Some(crate::commands::Command::Server(args)) = cli.command else {
            panic!("not the server command");
        };
        let given: Vec<&str> = args.args.iter().map(|a| a.to_str().unwrap()).collect();
        assert_eq!(
            given,
            ["--bind", "127.0.0.1", "--port", "0", "levels", "list"]
        );
    }
}
