//! nginx in front of two servers on 127.0.0.1, as docs/hosting.md's "Two servers
//! behind nginx" sets it up: TLS terminated with a test CA's certificate,
//! `X-Forwarded-For` overwritten with the TCP peer, the rooms (`POST /room`,
//! `POST /quick`, the WebSockets) on the first server with the second as its
//! backup, and `/gallery/` spread over both. Run as the current user from a
//! folder of its own (its config, pid, logs and temp files), in the foreground
//! as one process (`master_process off`), killed when dropped: no system service.
//! Used by `tests/proxy_walk.rs` (by `#[path]`).
#![allow(dead_code)] // Each includer uses its own part.

use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Debian's nginx: on the PATH, or in /usr/sbin (not on a user's PATH).
pub(crate) fn nginx_program() -> Option<PathBuf> {
    let on_path = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join("nginx"))
            .find(|p| p.is_file())
    });
    on_path.or_else(|| {
        let sbin = PathBuf::from("/usr/sbin/nginx");
        sbin.is_file().then_some(sbin)
    })
}

/// A running nginx, killed when dropped.
pub(crate) struct Nginx {
    child: Child,
    /// Where it listens (TLS): `127.0.0.1:PORT`.
    pub(crate) addr: SocketAddr,
    /// Its folder: `nginx.conf`, `error.log`, `access.log`.
    pub(crate) dir: PathBuf,
}

impl Drop for Nginx {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The `server` block's proxying, the same lines docs/hosting.md gives:
/// HTTP/1.1 with the WebSocket upgrade passed on, and the client's address
/// written over any `X-Forwarded-For` the client sent (`$remote_addr`, not
/// `$proxy_add_x_forwarded_for`: a client on the proxy's own trusted address
/// could otherwise name any address it liked).
const PROXYING: &str = "
    proxy_http_version 1.1;
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $remote_addr;
    proxy_set_header Upgrade $http_upgrade;
    proxy_set_header Connection $connection_upgrade;
    proxy_read_timeout 120s;
";

/// The config for nginx in `dir` on `port`, in front of `first` and `second`.
fn config(dir: &Path, port: u16, cert: &Path, key: &Path, servers: [SocketAddr; 2]) -> String {
    let d = dir.display();
    let [first, second] = servers;
    format!(
        "daemon off;\nmaster_process off;\npid {d}/nginx.pid;\nerror_log {d}/error.log info;\n\
         events {{ worker_connections 512; }}\n\
         http {{\n  access_log {d}/access.log;\n\
         client_body_temp_path {d}/body;\n  proxy_temp_path {d}/proxy;\n\
         fastcgi_temp_path {d}/fastcgi;\n  uwsgi_temp_path {d}/uwsgi;\n  scgi_temp_path {d}/scgi;\n\
         map $http_upgrade $connection_upgrade {{ default upgrade; '' close; }}\n\
         upstream arkanong_rooms {{ server {first}; server {second} backup; }}\n\
         upstream arkanong_gallery {{ server {first}; server {second}; }}\n\
         server {{\n    listen 127.0.0.1:{port} ssl;\n\
         ssl_certificate {cert};\n    ssl_certificate_key {key};\n    client_max_body_size 8m;\n\
         {PROXYING}\n    location / {{ proxy_pass http://arkanong_rooms; }}\n\
         location /gallery/ {{ proxy_pass http://arkanong_gallery; }}\n  }}\n}}\n",
        cert = cert.display(),
        key = key.display(),
    )
}

/// A port of 127.0.0.1 free a moment ago.
fn free_port() -> u16 {
    let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
    listener.local_addr().expect("its address").port()
}

/// Starts `program` (nginx) from `dir` with the certificate `cert` and its key
/// `key`, in front of `servers`, and waits until it accepts connections.
pub(crate) fn start_nginx(
    program: &Path,
    dir: &Path,
    cert: &Path,
    key: &Path,
    servers: [SocketAddr; 2],
) -> Nginx {
    std::fs::create_dir_all(dir).expect("nginx's folder");
    let port = free_port();
    let conf = dir.join("nginx.conf");
    std::fs::write(&conf, config(dir, port, cert, key, servers)).expect("nginx.conf written");
    let child = Command::new(program)
        .arg("-p")
        .arg(dir)
        .arg("-e")
        .arg(dir.join("error.log"))
        .arg("-c")
        .arg(&conf)
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("nginx starts");
    let addr = SocketAddr::from(([127, 0, 0, 1], port));
    let mut nginx = Nginx {
        child,
        addr,
        dir: dir.to_owned(),
    };
    let start = Instant::now();
    while TcpStream::connect(addr).is_err() {
        if let Ok(Some(status)) = nginx.child.try_wait() {
            let log = std::fs::read_to_string(dir.join("error.log")).unwrap_or_default();
            panic!("nginx stopped ({status}):\n{log}");
        }
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "nginx never listened"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    nginx
}
