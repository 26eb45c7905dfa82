//! The `arkanong-server` program as a host runs it: its help, a bad flag, and the
//! line scripts wait for. (Building this test also builds the program itself into
//! the target folder, where the game's `arkanong server` and its tests find it.)

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_arkanong-server");

#[test]
fn help_names_the_program_and_its_limits() {
    let out = Command::new(BIN).arg("--help").output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("arkanong-server"), "{text}");
    for flag in ["--bind", "--port", "--max-per-address", "--db"] {
        assert!(text.contains(flag), "--help lacks {flag}: {text}");
    }
}

#[test]
fn a_port_out_of_range_is_a_usage_error_that_names_the_flag() {
    let out = Command::new(BIN)
        .args(["--port", "70000"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let text = String::from_utf8_lossy(&out.stderr);
    assert!(text.contains("--port"), "{text}");
}

#[test]
fn it_says_where_it_listens_then_serves_until_killed() {
    let dir = std::env::temp_dir().join(format!("arkanong-server-program-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("gallery.sqlite");
    let mut child = Command::new(BIN)
        .args(["--bind", "127.0.0.1", "--port", "0", "--db"])
        .arg(&db)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    child.kill().unwrap();
    child.wait().unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(
        line.starts_with("server: listening on ws://127.0.0.1:"),
        "{line}"
    );
}
