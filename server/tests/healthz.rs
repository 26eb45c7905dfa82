//! `GET /healthz`: what a load balancer or a container's health check asks.

mod common;

use common::{http, scratch, Server};

#[test]
fn healthz_is_ok_while_the_database_answers() {
    let data = scratch("healthy");
    let server = Server::start(&data, &[]);
    let answer = http(&server.addr, "GET", "/healthz", &[], "");
    assert_eq!(answer.status, 200);
    assert_eq!(answer.body, b"ok\n");
    assert_eq!(answer.header("cache-control"), Some("no-store"));
}

#[test]
fn healthz_is_503_when_the_gallery_could_not_open() {
    // A data folder under a file cannot be made: the default database does not
    // open, the signaling runs without it, and the health check says so.
    let data = scratch("unhealthy");
    let file = data.join("not-a-folder");
    std::fs::write(&file, "").unwrap();
    let server = Server::start_in(&file.join("data"), &[]);
    let answer = http(&server.addr, "GET", "/healthz", &[], "");
    assert_eq!(answer.status, 503);
    assert_eq!(answer.body, b"the gallery is closed\n");
    let room = http(&server.addr, "POST", "/room", &[], "");
    assert_eq!(room.status, 201, "the rooms still work");
}
