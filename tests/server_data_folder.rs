//! The servers the tests start keep out of the runner's data folder: each
//! shared helper that starts `arkanong server` gives it a scratch
//! `ARKANONG_DATA_DIR`, where the gallery's default `gallery.sqlite` lands (it
//! landed in the runner's own data folder before). Fails if a helper stops
//! doing so: the scratch folder would then stay without the gallery's file.

#[path = "common/loopback.rs"]
mod loopback;
#[path = "common/server_attacks.rs"]
mod server_attacks;

use std::path::Path;
use std::time::{Duration, Instant};

/// Waits up to 10 s for `file` to be there.
fn appears(file: &Path) -> bool {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(10) {
        if file.exists() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    false
}

#[test]
fn the_helpers_servers_keep_their_gallery_in_a_scratch_data_folder() {
    let gallery = loopback::scratch_data_dir().join("gallery.sqlite");
    let _ = std::fs::remove_file(&gallery);
    {
        let _server = loopback::server();
        assert!(
            appears(&gallery),
            "loopback's server: no {}",
            gallery.display()
        );
    }
    std::fs::remove_file(&gallery).unwrap();
    if std::env::var_os("ARKANONG_SERVER_BIN").is_none() {
        let _server = server_attacks::Hosted::start(&[]);
        assert!(
            appears(&gallery),
            "server_attacks' server: no {}",
            gallery.display()
        );
    }
    // Both helpers name the same folder: the file came from each in turn.
    assert_eq!(
        loopback::scratch_data_dir(),
        server_attacks::scratch_data_dir()
    );
    let _ = std::fs::remove_dir_all(loopback::scratch_data_dir());
}
