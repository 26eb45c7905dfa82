//! `--web DIR`: the browser build served on the rooms' and the gallery's own
//! origin, from a temporary folder of files standing in for web/build.sh's.

mod common;

use std::path::Path;
use std::process::Command;

use common::{http, scratch, Server};

/// A folder laid out as web/build.sh's output, with `arkanong.wasm.gz` made
/// by gzip as the build makes it.
fn fake_build(dir: &Path) -> Vec<u8> {
    std::fs::write(
        dir.join("index.html"),
        "<!doctype html><title>Arkanong</title>",
    )
    .unwrap();
    std::fs::write(dir.join("gl.js"), "var gl;").unwrap();
    let wasm: Vec<u8> = b"\0asm\x01\0\0\0"
        .iter()
        .copied()
        .cycle()
        .take(4096)
        .collect();
    std::fs::write(dir.join("arkanong.wasm"), &wasm).unwrap();
    let gzip = Command::new("gzip")
        .args(["-9", "-k", "-f"])
        .arg(dir.join("arkanong.wasm"))
        .status()
        .expect("gzip runs");
    assert!(gzip.success());
    wasm
}

#[test]
fn the_game_is_served_with_its_content_types_gzip_and_cache_rules() {
    let data = scratch("web");
    let site = data.join("site");
    std::fs::create_dir_all(&site).unwrap();
    let wasm = fake_build(&site);
    let web = site.to_str().unwrap();
    let server = Server::start(&data, &["--web", web]);

    let page = http(&server.addr, "GET", "/", &[], "");
    assert_eq!(page.status, 200);
    assert!(page
        .header("content-type")
        .unwrap()
        .starts_with("text/html"));
    assert_eq!(page.header("cache-control"), Some("no-cache"));
    assert!(page.body.starts_with(b"<!doctype html>"));

    let plain = http(&server.addr, "GET", "/arkanong.wasm", &[], "");
    assert_eq!(plain.status, 200);
    assert_eq!(plain.header("content-type"), Some("application/wasm"));
    assert_eq!(plain.header("cache-control"), Some("public, max-age=300"));
    assert_eq!(plain.body, wasm);

    let zipped = http(
        &server.addr,
        "GET",
        "/arkanong.wasm",
        &["Accept-Encoding: gzip"],
        "",
    );
    assert_eq!(zipped.header("content-encoding"), Some("gzip"));
    assert_eq!(zipped.header("content-type"), Some("application/wasm"));
    let gz = std::fs::read(site.join("arkanong.wasm.gz")).unwrap();
    assert_eq!(zipped.body, gz);
    assert!(
        gz.len() < wasm.len() / 4,
        "the build's gzip is what is sent"
    );

    let script = http(&server.addr, "GET", "/gl.js", &[], "");
    assert!(script
        .header("content-type")
        .unwrap()
        .contains("javascript"));
    assert_eq!(
        http(&server.addr, "GET", "/missing.js", &[], "").status,
        404
    );
    assert_eq!(http(&server.addr, "POST", "/gl.js", &[], "").status, 405);
}

#[test]
fn rooms_and_the_gallery_answer_beside_the_game() {
    let data = scratch("web-beside");
    let site = data.join("site");
    std::fs::create_dir_all(&site).unwrap();
    fake_build(&site);
    let server = Server::start(&data, &["--web", site.to_str().unwrap()]);
    assert_eq!(http(&server.addr, "POST", "/room", &[], "").status, 201);
    assert_eq!(http(&server.addr, "GET", "/healthz", &[], "").status, 200);
    assert_eq!(
        http(&server.addr, "GET", "/gallery/levels", &[], "").status,
        200
    );
    let (_peer, answer) = tungstenite::connect(format!("ws://{}/arkanong-web", server.addr))
        .expect("a room's WebSocket still opens");
    assert_eq!(answer.status(), 101);
    assert_eq!(
        http(&server.addr, "GET", "/arkanong-web", &[], "").status,
        404,
        "a room's path without an upgrade is a file, and there is none"
    );
}

#[test]
fn without_web_the_server_serves_no_files() {
    let data = scratch("no-web");
    let server = Server::start(&data, &[]);
    assert_eq!(http(&server.addr, "GET", "/", &[], "").status, 404);
    assert_eq!(
        http(&server.addr, "GET", "/index.html", &[], "").status,
        400
    );
}
