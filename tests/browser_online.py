"""Online play between the browser build and the desktop build: `arkanong server`
on 127.0.0.1, a headless native client, and the page opened with
`?online&server=...&room=...`, both over the issue's bad link (50 ms each way,
20 ms jitter, 5 % loss). Both must log the same `online:` line's hash, with no
desync. Called by browser_test.py with its DevTools client. The next match
(issue 31), each check on a page of its own:

- check_rematch: two matches on one connection (`rematches=1` / `--rematches 1`),
  the same hash both sides for each, and each match's replay kept by both
  (`save-replay=NAME` in localStorage, `--save-replay PATH` in files) identical
  byte for byte and verified by `arkanong replay`;
- check_quick: a quick match (`quick` / `--quick`): no room given, the server
  pairs the page with the desktop client, and both log the same hash;
- check_no_such_room: Play online > Join a game in the page, a code the server
  never issued clicked on the letter pad: the page says "no such room" (before,
  the browser heard only that the socket ended and said "No server").
"""

import os
import re
import subprocess
import tempfile
import time
import urllib.request

LINE = re.compile(r"^online: (\d+) steps, state hash (0x[0-9a-f]{16}), rollbacks (\d+), "
                  r"deepest rollback (\d+) steps, desyncs (\d+)$")
STEPS = 3000
BAD_LINK = {"sim-latency": "50", "sim-jitter": "20", "sim-loss": "5"}


def console_texts(events):
    for e in events:
        if e.get("method") == "Runtime.consoleAPICalled":
            yield " ".join(str(a.get("value", a.get("description", ""))) for a in e["params"].get("args", []))


def scratch_db():
    """A gallery file of the test's own: the server's default is the runner's data folder."""
    return os.path.join(tempfile.mkdtemp(prefix="arkanong-browser-"), "gallery.sqlite")


def check_online(dt, url, native_binary):
    server = subprocess.Popen([native_binary, "server", "--bind", "127.0.0.1", "--port", "0", "--db", scratch_db()],
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


class Server:
    """`arkanong server` on 127.0.0.1 and a free port, stopped on exit."""

    def __init__(self, native_binary):
        self.proc = subprocess.Popen([native_binary, "server", "--bind", "127.0.0.1", "--port", "0", "--db", scratch_db()],
                                     stdout=subprocess.PIPE, text=True)
        listening = self.proc.stdout.readline().strip()
        assert listening.startswith("server: listening on "), f"server said {listening!r}"
        self.ws = listening.split(" on ", 1)[1]

    def __enter__(self):
        return self

    def __exit__(self, *_):
        self.proc.kill()
        self.proc.wait()


def run_page(dt, url, query, lines_wanted, seconds=150):
    """Opens the page's `?online&QUERY` run and reads its console until it logged
    `lines_wanted` contract lines (and a moment more); fails on a failure line."""
    dt.events.clear()
    dt.call("Page.navigate", url=f"{url}?online&{query}")
    deadline = time.time() + seconds
    quiet = ("waiting for the other player", "agreeing on the match", "synchronizing", "playing",
             "waiting for the rematch", "asking the server for a quick match")
    while time.time() < deadline:
        dt.pump(1)
        texts = list(console_texts(dt.events))
        for text in texts:
            if (text.startswith("online: ") and not LINE.match(text) and "step" not in text
                    and text[8:] not in quiet):
                raise AssertionError(f"the browser's online run failed: {text}")
        if sum(1 for t in texts if LINE.match(t)) >= lines_wanted:
            dt.pump(1.5)
            return list(console_texts(dt.events))
    raise AssertionError(f"the browser logged {sum(1 for t in console_texts(dt.events) if LINE.match(t))} "
                         f"of {lines_wanted} online: lines in {seconds} s")


def desktop(native_binary, ws, *flags):
    return subprocess.Popen([native_binary, "online", "--server", ws, "--ice", "none", "--headless", *flags],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def agree(page_lines, desktop_out, steps, matches):
    """The page's and the desktop's contract lines, match by match: same steps, same
    hash, no desync."""
    ours = [LINE.match(t).groups() for t in page_lines if LINE.match(t)]
    theirs = [LINE.match(l).groups() for l in desktop_out.splitlines() if LINE.match(l)]
    assert len(ours) == len(theirs) == matches, f"lines: browser {ours}, desktop {theirs}"
    for k, (a, b) in enumerate(zip(ours, theirs)):
        assert a[0] == b[0] == str(steps), (k, a, b)
        assert a[1] == b[1], f"match {k}: the browser and the desktop disagree: {a[1]} / {b[1]}"
        assert a[4] == b[4] == "0", f"match {k}: desyncs {a[4]} / {b[4]}"
    return [a[1] for a in ours]


def check_rematch(dt, url, native_binary, steps=900):
    """Two matches on one connection, desktop <-> browser, each replay kept by both."""
    with Server(native_binary) as server, tempfile.TemporaryDirectory() as tmp:
        room = f"rematch{int(time.time()) % 100000}"
        path = os.path.join(tmp, "desktop-replay.txt")
        flags = [a for k, v in BAD_LINK.items() for a in (f"--{k}", v)]
        native = desktop(native_binary, server.ws, "--room", room, "--steps", str(steps), "--rematches", "1",
                         "--save-replay", path, *flags)
        try:
            query = "&".join([f"server={server.ws}", f"room={room}", "cpu=normal", f"steps={steps}", "ice=none",
                              "rematches=1", "save-replay=rematch-test"] + [f"{k}={v}" for k, v in BAD_LINK.items()])
            page = run_page(dt, url, query, 2)
            out, err = native.communicate(timeout=60)
        finally:
            if native.poll() is None:
                native.kill()
        assert native.returncode == 0, f"the desktop client failed:\n{err}"
        hashes = agree(page, out, steps, 2)
        kept = [t for t in page if t.startswith("online: replay of ")]
        assert len(kept) == 2, f"the page said of its replays: {kept}"
        for k, name in enumerate(["rematch-test", "rematch-test.1"]):
            text = dt.call("Runtime.evaluate", expression=f"localStorage.getItem('arkanong.{name}')")["result"].get("value")
            file = path if k == 0 else f"{path}.{k}"
            with open(file) as f:
                theirs = f.read()
            assert text == theirs, f"match {k}: the browser's replay differs from the desktop's ({len(text or '')} / {len(theirs)} bytes)"
            # The contract line's hash folds in a hit-stop hold under way; the replay's
            # final hash is the game's own, so it is compared with the desktop's line.
            said = re.search(r"final hash (0x[0-9a-f]+)", kept[k]).group(1)
            assert f"final hash {said}, saved as {file}" in err, f"match {k}: {kept[k]} / desktop:\n{err}"
            check = subprocess.run([native_binary, "replay", file], capture_output=True, text=True, timeout=60)
            assert check.returncode == 0, f"arkanong replay {file}: {check.stdout}{check.stderr}"
        print(f"online rematch: browser and desktop played 2 matches on one connection, hashes {hashes}, "
              f"0 desyncs; both replays identical on both sides and verified by arkanong replay")
        print(f"  browser: {kept[0]}\n           {kept[1]}")


def check_quick(dt, url, native_binary, steps=600):
    """A quick match: the server pairs the page with the desktop client."""
    with Server(native_binary) as server:
        native = desktop(native_binary, server.ws, "--quick", "--steps", str(steps))
        try:
            time.sleep(0.5)  # the desktop asks first and waits in its room
            page = run_page(dt, url, "&".join([f"server={server.ws}", "quick", "cpu=normal", f"steps={steps}",
                                               "ice=none"]), 1)
            out, err = native.communicate(timeout=60)
        finally:
            if native.poll() is None:
                native.kill()
        assert native.returncode == 0, f"the desktop client failed:\n{err}"
        hashes = agree(page, out, steps, 1)
        print(f"online quick match: the server paired the browser and the desktop (no room given), same hash {hashes[0]}, 0 desyncs")


def click(dt, x, y):
    for kind in ("mousePressed", "mouseReleased"):
        dt.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)
        dt.pump(0.15)


def last_line(dt, pattern, seconds=20):
    """The last console line matching `pattern` once there is one (waits `seconds`)."""
    end = time.time() + seconds
    while time.time() < end:
        found = [m for m in (re.match(pattern, t) for t in console_texts(dt.events)) if m]
        if found:
            return found[-1]
        dt.pump(0.3)
    raise AssertionError(f"no console line {pattern!r} in {seconds} s")


def items_of(listing):
    """`ITEM at X,Y; ...` as {item: (x, y)} (boxes left out)."""
    out = {}
    for part in filter(None, listing.split("; ")):
        label, _, at = part.rpartition(" at ")
        nums = [float(v) for v in at.split(",")]
        if len(nums) == 2:
            out[label] = nums
    return out


def check_no_such_room(dt, url, native_binary):
    """A code the server never issued, clicked in on the Join page: "no such room"."""
    with Server(native_binary) as server:
        ask = urllib.request.Request(server.ws.replace("ws://", "http://") + "/room", method="POST")
        with urllib.request.urlopen(ask, timeout=5) as answer:
            issued = answer.read().decode().strip()
        alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
        wrong = issued[:-1] + alphabet[(alphabet.index(issued[-1]) + 1) % len(alphabet)]
        dt.events.clear()
        dt.call("Page.navigate", url=f"{url}?server={server.ws}&ice=none")
        title = last_line(dt, r"screen Title: (.*)", 40)
        dt.pump(2)
        play_online = next(v for k, v in items_of(title.group(1)).items() if "Play online" in k)
        click(dt, *play_online)
        choose = last_line(dt, r"online page Choose[^:]*: (.*)")
        click(dt, *items_of(choose.group(1))["Join a game"])
        page = last_line(dt, r"online page EnterCode[^:]*: (.*)")
        keys = {k[4:]: v for k, v in items_of(page.group(1)).items() if k.startswith("key ")}
        for c in wrong:
            click(dt, *keys[c])
        typed = last_line(dt, r"online page EnterCode \(code (\w+),[^:]*: (.*)")
        assert typed.group(1) == wrong, f"the Join page says code {typed.group(1)}, clicked {wrong}"
        click(dt, *items_of(typed.group(2))["Join"])
        ended = last_line(dt, r"online page Ended \(([^)]*)\)", 30)
        assert "no such room" in ended.group(1), f"a wrong code ended on: {ended.group(1)}"
        print(f"online wrong code: {wrong} (issued {issued}) clicked on the Join page; the page says: {ended.group(1)}")


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
            binary = os.path.join(root, "target", "release", "arkanong")
            # ONLY=name,name runs just those checks (online, rematch, quick, no_such_room).
            only = os.environ.get("ONLY", "online,rematch,quick,no_such_room").split(",")
            for name in only:
                globals()[f"check_{name}"](dt, sys.argv[1], binary)
