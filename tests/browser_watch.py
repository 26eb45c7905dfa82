"""Alone (not part of browser_test.sh): `python3 tests/browser_watch.py` after
`bash web/build.sh` and `cargo build --release`. The browser watching a
desktop-against-browser match (issue 44, item 4): `arkanong server` on
127.0.0.1:18502, target/web served on 127.0.0.1:8791, in an issued room a
headless desktop player hosting as "Desk" and a second headless Chromium
(DevTools on 18598) playing the page's `?online&...&name=Web` run, and
headless Chromium (DevTools on 18599) opening `?watch=CODE&server=...`, then
the same match by Play online > Watch a match and the code pad. The watcher
must name the players "Desk vs Web" (their names travel in the meeting), and
the two players must end on the same hash. Screenshots in
target/watch/browser-*.png; the page's `online page Watching (...)` lines
printed."""

import base64
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))
from browser_test import DevTools  # noqa: E402
from browser_online import console_texts, click, items_of, last_line  # noqa: E402

BIN = os.path.join(ROOT, "target/release/arkanong")
OUT = os.path.join(ROOT, "target/watch")
URL = "http://127.0.0.1:8791/index.html"
WS = "ws://127.0.0.1:18502"
procs = []


def start(args, **kw):
    p = subprocess.Popen(args, **kw)
    procs.append(p)
    return p


def browser(port):
    """A headless Chromium with DevTools on `port`, and its page's DevTools."""
    start(["chromium", "--headless", "--no-sandbox", "--disable-quic", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync",
           f"--user-data-dir={tempfile.mkdtemp()}", "--enable-unsafe-swiftshader", "--use-angle=swiftshader",
           "--window-size=576,720", f"--remote-debugging-port={port}", "--remote-debugging-address=127.0.0.1",
           "about:blank"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        try:
            pages = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list"))
            page = next(p for p in pages if p["type"] == "page")
            break
        except Exception:
            time.sleep(0.2)
    dt = DevTools(page["webSocketDebuggerUrl"])
    dt.ws.sock.settimeout(120)
    for domain in ["Runtime", "Log", "Page"]:
        dt.call(f"{domain}.enable")
    return dt


def shot(dt, name):
    path = os.path.join(OUT, f"browser-{name}.png")
    open(path, "wb").write(base64.b64decode(dt.call("Page.captureScreenshot", format="png")["data"]))
    watching = [t for t in console_texts(dt.events) if t.startswith("online page Watching")]
    print(f"{name}: {path}; last page line: {watching[-1] if watching else None}")


os.makedirs(os.path.join(OUT, "data"), exist_ok=True)
try:
    env = dict(os.environ, ARKANONG_DATA_DIR=os.path.join(OUT, "data"))
    start([BIN, "server", "--bind", "127.0.0.1", "--port", "18502", "--db", os.path.join(tempfile.mkdtemp(), "g.sqlite")],
          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    start(["python3", "-m", "http.server", "8791", "--bind", "127.0.0.1"], cwd=os.path.join(ROOT, "target/web"),
          stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1.5)
    ask = urllib.request.Request("http://127.0.0.1:18502/room", method="POST")
    code = urllib.request.urlopen(ask, timeout=5).read().decode().strip()
    print("code", code)
    dt = browser(18599)
    # The browser player: a Chromium of its own, so its page is in front and
    # its frames run (a background tab's would be throttled).
    player = browser(18598)
    # 1. The watch link, before the players come.
    dt.call("Page.navigate", url=f"{URL}?watch={code.lower()}&server={WS}&ice=none")
    last_line(dt, r"online page Watching \(([^)]*)\)", 60)
    dt.pump(2)
    shot(dt, "waiting")
    host = start([BIN, "online", "--server", WS, "--room", f"arkanong-{code}", "--ice", "none", "--steps", "6000",
                  "--headless", "--host", "--name", "Desk"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                 env=env)
    player.call("Page.navigate", url=f"{URL}?online&server={WS}&room=arkanong-{code}&ice=none&steps=6000&name=Web")
    dt.pump(20)
    shot(dt, "live")
    line = last_line(dt, r"online page Watching \(([^)]*)\)").group(1)
    assert line == "WATCHING: Desk vs Web", line
    # 2. Late, by the menu: Play online > Watch a match, the code clicked on the pad.
    dt.events.clear()
    dt.call("Page.navigate", url=f"{URL}?server={WS}&ice=none")
    title = last_line(dt, r"screen Title: (.*)", 60)
    dt.pump(2)
    click(dt, *next(v for k, v in items_of(title.group(1)).items() if "Play online" in k))
    choose = last_line(dt, r"online page Choose[^:]*: (.*)")
    click(dt, *items_of(choose.group(1))["Watch a match"])
    pad = last_line(dt, r"online page EnterCode[^:]*: (.*)")
    keys = {k[4:]: v for k, v in items_of(pad.group(1)).items() if k.startswith("key ")}
    for c in code:
        click(dt, *keys[c])
    typed = last_line(dt, r"online page EnterCode \(code (\w+),[^:]*: (.*)")
    assert typed.group(1) == code, typed.group(1)
    shot(dt, "menu-code")
    click(dt, *items_of(typed.group(2))["Watch"])
    caught = last_line(dt, r"online page Watching \((.*catching up)\)", 30)
    dt.pump(0.5)
    shot(dt, "menu-catching-up")
    dt.pump(8)
    shot(dt, "menu-live")
    # The two players, desktop and browser, end on the same game.
    host_out, host_err = host.communicate(timeout=120)
    web = last_line(player, r"(online: 6000 steps, state hash 0x[0-9a-f]+)", 120).group(1)
    print("desktop:", host_out.strip(), "| browser:", web)
    assert host_out.startswith(web), (host_out, web)
    print("page lines:", sorted({t for t in console_texts(dt.events) if t.startswith("online page Watching")}))
    errors = [t for t in console_texts(dt.events) if "panicked" in t]
    assert not errors, errors
finally:
    for p in reversed(procs):
        p.terminate()
    for p in procs:
        try:
            p.wait(timeout=10)
        except Exception:
            p.kill()
