"""Headless Chromium through nginx over https:// and wss:// (issue 42, item 6),
all on 127.0.0.1: a test CA made now by openssl, nginx terminating TLS with its
certificate in front of two `arkanong server`s (`--trusted-proxy 127.0.0.1/32`,
`--web target/web`, one SQLite database), Chromium trusting that certificate
(`--ignore-certificate-errors-spki-list`, which Chromium honours only with its
own `--user-data-dir`: nothing else is trusted) and a desktop client trusting
the CA (`--ca-file`). Checked:
- the page is served through nginx over https:// and finds its server from its
  own address (no `server=`): it meets the desktop client over wss:// in a room
  and both end on the same state hash, 0 desyncs;
- the page's own `fetch` reads the gallery over https://;
- nginx's log shows the page, the WebSocket upgrades (101) and the gallery read.

`python3 tests/browser_proxy.py` after `bash web/build.sh` and `cargo build
--release` (tests/browser_test.sh calls it). Prints one `proxy ok:` line.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))
from browser_test import DevTools  # noqa: E402
from browser_online import LINE, agree, console_texts, desktop, run_page  # noqa: E402

BIN = os.path.join(ROOT, "target/release/arkanong")
WEB = os.path.join(ROOT, "target/web")
DEVTOOLS_PORT = 18597
STEPS = 600

# The same proxying as tests/common/nginx.rs (the Rust walk's nginx): the real
# client's address written over any X-Forwarded-For, and WebSockets upgraded.
NGINX_CONF = """daemon off;
master_process off;
pid {d}/nginx.pid;
error_log {d}/error.log info;
events {{ worker_connections 512; }}
http {{
  include /etc/nginx/mime.types;
  access_log {d}/access.log;
  client_body_temp_path {d}/body;
  proxy_temp_path {d}/proxy;
  fastcgi_temp_path {d}/fastcgi;
  uwsgi_temp_path {d}/uwsgi;
  scgi_temp_path {d}/scgi;
  map $http_upgrade $connection_upgrade {{ default upgrade; '' close; }}
  upstream arkanong_rooms {{ server {first}; server {second} backup; }}
  upstream arkanong_gallery {{ server {first}; server {second}; }}
  server {{
    listen 127.0.0.1:{port} ssl;
    ssl_certificate {d}/server.pem;
    ssl_certificate_key {d}/server.key;
    proxy_http_version 1.1;
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $remote_addr;
    proxy_set_header Upgrade $http_upgrade;
    proxy_set_header Connection $connection_upgrade;
    proxy_read_timeout 120s;
    location / {{ proxy_pass http://arkanong_rooms; }}
    location /gallery/ {{ proxy_pass http://arkanong_gallery; }}
  }}
}}
"""


def openssl(*args, cwd):
    subprocess.run(["openssl", *args], cwd=cwd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def make_certificates(d):
    """A CA, and a certificate for 127.0.0.1 it signed; returns the base64
    SHA-256 of the server certificate's public key (Chromium's SPKI pin)."""
    openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem", "-days", "2",
            "-subj", "/CN=Arkanong test CA", cwd=d)
    openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server.key", "-out", "server.csr",
            "-subj", "/CN=127.0.0.1", cwd=d)
    with open(os.path.join(d, "san.ext"), "w") as f:
        f.write("subjectAltName=IP:127.0.0.1\n")
    openssl("x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial",
            "-out", "server.pem", "-days", "2", "-extfile", "san.ext", cwd=d)
    pub = subprocess.run(["openssl", "x509", "-in", "server.pem", "-pubkey", "-noout"], cwd=d, check=True,
                         capture_output=True).stdout
    der = subprocess.run(["openssl", "pkey", "-pubin", "-outform", "der"], input=pub, check=True,
                         capture_output=True).stdout
    digest = subprocess.run(["openssl", "dgst", "-sha256", "-binary"], input=der, check=True,
                            capture_output=True).stdout
    return subprocess.run(["base64"], input=digest, check=True, capture_output=True).stdout.decode().strip()


def start_server(procs, db):
    p = subprocess.Popen([BIN, "server", "--bind", "127.0.0.1", "--port", "0", "--db", db,
                          "--trusted-proxy", "127.0.0.1/32", "--web", WEB], stdout=subprocess.PIPE, text=True)
    procs.append(p)
    listening = p.stdout.readline().strip()
    assert listening.startswith("server: listening on ws://"), f"server said {listening!r}"
    return listening.split("ws://", 1)[1]


def free_port():
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def open_chromium(procs, pin):
    procs.append(subprocess.Popen(
        ["chromium", "--headless", "--no-sandbox", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         f"--user-data-dir={tempfile.mkdtemp()}", f"--ignore-certificate-errors-spki-list={pin}",
         "--enable-unsafe-swiftshader", "--use-angle=swiftshader", "--window-size=576,720",
         f"--remote-debugging-port={DEVTOOLS_PORT}", "--remote-debugging-address=127.0.0.1", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
    for _ in range(150):
        try:
            pages = json.load(urllib.request.urlopen(f"http://127.0.0.1:{DEVTOOLS_PORT}/json/list"))
            page = next(p for p in pages if p["type"] == "page")
            break
        except Exception:
            time.sleep(0.2)
    dt = DevTools(page["webSocketDebuggerUrl"])
    dt.ws.sock.settimeout(120)
    for domain in ["Runtime", "Log", "Page"]:
        dt.call(f"{domain}.enable")
    return dt


def main():
    if shutil.which("nginx") is None and not os.path.exists("/usr/sbin/nginx"):
        sys.exit("browser_proxy: nginx is not installed (apt-get install nginx; .ci/run does)")
    d = tempfile.mkdtemp(prefix="arkanong-proxy-")
    procs = []
    try:
        pin = make_certificates(d)
        db = os.path.join(d, "gallery.sqlite")
        first = start_server(procs, db)
        second = start_server(procs, db)
        port = free_port()
        with open(os.path.join(d, "nginx.conf"), "w") as f:
            f.write(NGINX_CONF.format(d=d, port=port, first=first, second=second))
        nginx = shutil.which("nginx") or "/usr/sbin/nginx"
        procs.append(subprocess.Popen([nginx, "-p", d, "-e", os.path.join(d, "error.log"), "-c",
                                       os.path.join(d, "nginx.conf")], stdout=subprocess.DEVNULL))
        time.sleep(1)
        origin = f"https://127.0.0.1:{port}"
        dt = open_chromium(procs, pin)
        room = f"proxy{int(time.time()) % 100000}"
        native = desktop(BIN, f"wss://127.0.0.1:{port}", "--room", room, "--steps", str(STEPS),
                         "--ca-file", os.path.join(d, "ca.pem"))
        procs.append(native)
        # No server= : the page served over https finds wss:// at its own origin.
        lines = run_page(dt, f"{origin}/index.html", f"room={room}&ice=none&steps={STEPS}", 1)
        out, err = native.communicate(timeout=60)
        assert native.returncode == 0, f"the desktop client failed:\n{err}"
        [hash_] = agree(lines, out, STEPS, 1)
        status = dt.call("Runtime.evaluate", expression="fetch('/gallery/levels').then(r => r.status)",
                         awaitPromise=True)["result"]["value"]
        assert status == 200, f"the page's gallery read through nginx: {status}"
        log = open(os.path.join(d, "access.log")).read()
        assert "GET /index.html" in log and "/gallery/levels" in log, log[-2000:]
        upgrades = [l for l in log.splitlines() if f"/{room}" in l and '" 101 ' in l]
        assert len(upgrades) == 2, f"two WebSocket upgrades through nginx: {upgrades}"
        errors = [t for t in console_texts(dt.events) if "panicked" in t]
        assert not errors, errors
        print(f"proxy ok: Chromium over https:// and wss:// through nginx (test CA) met the desktop client in "
              f"room {room}: the same hash {hash_} after {STEPS} steps, 0 desyncs; the gallery read over https://; "
              f"nginx logged the page, 2 upgrades (101) and the read")
    finally:
        for p in reversed(procs):
            if p.poll() is None:
                p.terminate()
        for p in procs:
            try:
                p.wait(timeout=10)
            except Exception:
                p.kill()
        shutil.rmtree(d, ignore_errors=True)


if __name__ == "__main__":
    main()
