"""Online play between the browser build and the desktop build: `arkanong server`
on 127.0.0.1, a headless native client, and the page opened with
`?online&server=...&room=...`, both over the issue's bad link (50 ms each way,
20 ms jitter, 5 % loss). Both must log the same `online:` line's hash, with no
desync. Called by browser_test.py with its DevTools client."""

import re
import subprocess
import time

LINE = re.compile(r"^online: (\d+) steps, state hash (0x[0-9a-f]{16}), rollbacks (\d+), "
                  r"deepest rollback (\d+) steps, desyncs (\d+)$")
STEPS = 3000
BAD_LINK = {"sim-latency": "50", "sim-jitter": "20", "sim-loss": "5"}


def console_texts(events):
    for e in events:
        if e.get("method") == "Runtime.consoleAPICalled":
            yield " ".join(str(a.get("value", a.get("description", ""))) for a in e["params"].get("args", []))


def check_online(dt, url, native_binary):
    server = subprocess.Popen([native_binary, "server", "--bind", "127.0.0.1", "--port", "0"],
                              stdout=subprocess.PIPE, text=True)
    native = None
    try:
        listening = server.stdout.readline().strip()
        assert listening.startswith("server: listening on "), f"server said {listening!r}"
        ws = listening.split(" on ", 1)[1]
        room = f"browser{int(time.time()) % 100000}"
        flags = [a for k, v in BAD_LINK.items() for a in (f"--{k}", v)]
        native = subprocess.Popen([native_binary, "online", "--server", ws, "--room", room, "--ice", "none",
                                   "--steps", str(STEPS), "--headless", *flags],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        query = "&".join([f"server={ws}", f"room={room}", "cpu=normal", f"steps={STEPS}", "ice=none"]
                         + [f"{k}={v}" for k, v in BAD_LINK.items()])
        dt.events.clear()
        dt.call("Page.navigate", url=f"{url}?online&{query}")
        ours, timing, deadline = None, None, time.time() + 150
        while time.time() < deadline and ours is None:
            dt.pump(1)
            for text in console_texts(dt.events):
                if LINE.match(text):
                    ours = text
                elif text.startswith("online timing:"):
                    timing = text
                elif text.startswith("online: ") and "step" not in text and text[8:] not in (
                        "waiting for the other player", "agreeing on the match", "synchronizing", "playing"):
                    raise AssertionError(f"the browser's online run failed: {text}")
        dt.pump(1)
        timing = timing or next((t for t in console_texts(dt.events) if t.startswith("online timing:")), None)
        out, err = native.communicate(timeout=60)
        assert native.returncode == 0, f"the native client failed:\n{err}"
        theirs = out.strip()
        assert ours, "the browser logged no online: line in time"
        a, b = LINE.match(ours).groups(), LINE.match(theirs).groups()
        assert a[0] == b[0] == str(STEPS), (ours, theirs)
        assert a[1] == b[1], f"the browser and the desktop disagree:\n  browser: {ours}\n  desktop: {theirs}"
        assert a[4] == b[4] == "0", f"desyncs: {ours} / {theirs}"
        native_timing = next((l for l in err.splitlines() if l.startswith("online timing:")), "")
        print(f"online: browser and desktop agree after {STEPS} steps over 50 ms/20 ms/5 %: {a[1]}")
        print(f"  browser: {ours}\n           {timing}\n  desktop: {theirs}\n           {native_timing}")
        for who, lines in [("browser", list(console_texts(dt.events))), ("desktop", err.splitlines())]:
            hold = next((l for l in lines if l.startswith("online worst hold:")), "online worst hold: not logged")
            print(f"  {who} {hold[7:]}")
    finally:
        for p in (native, server):
            if p is not None and p.poll() is None:
                p.kill()
                p.wait()


if __name__ == "__main__":
    # Alone: `browser_online.py URL [RUNS]` against a served target/web (see
    # browser_test.sh), RUNS matches in a row, each with its own browser.
    import os
    import sys
    from browser_test import chromium
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for run in range(int(sys.argv[2]) if len(sys.argv) > 2 else 1):
        with open("/proc/loadavg") as f:
            print(f"run {run + 1}: load average {' '.join(f.read().split()[:3])}")
        with chromium(720, 900) as (_chrome, dt):
            dt.ws.sock.settimeout(120)
            check_online(dt, sys.argv[1], os.path.join(root, "target", "release", "arkanong"))
