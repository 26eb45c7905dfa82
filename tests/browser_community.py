#!/usr/bin/env python3
"""The community v2 in the browser (issue 45), against the real
`arkanong-server` serving the web build (`--web target/web`) and a gallery of
its own: a shipped level shared with its clear check and a verified top score
under the name "Ada". Run by browser_test.py after the phone pass, or alone:
`browser_community.py OUT_DIR [PORT]` (the web build in target/web, the
release binaries built; ARKANONG_COMMUNITY_DB=postgres://... for PostgreSQL).

On the desktop page (720x900, mouse and keys):
- the title's daily challenge row names the day's level, not "offline" (the
  game logs "title: Daily challenge: TITLE — play");
- Community > the level > Top 10 > Ada's score watches her replay: the game
  logs "game banner: REPLAY of Ada's game (SCORE) M:SS" and "replay bar: Pause
  at X,Y; 1x at X,Y; ...". 2x plays more game seconds a real second than 1x
  (measured from the banner's clock and the console's timestamps), Pause
  stops the clock, Restart takes it back to the start, Leave goes back to the
  top 10;
- Race plays the level with Ada's ghost beside ("game banner: GHOST of Ada:
  N", its score rising while the player only holds a key);
- the daily challenge's row opens its page, Play starts its game, the game
  lost (the paddle held at a wall) offers its score, the name typed "Zoe" is
  kept and the server lists Zoe's verified score on the day's board.
On a phone (390x844, ratio 3, touch only): a top-10 replay is watched, its bar
is tapped (2x, Pause, Leave), and its buttons are a fingertip (44 CSS px) or
more on their smaller side (the "sizes Playing" line names them "replay ...").
Screenshots: OUT_DIR/community-*.png.
"""
import base64
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.request

from browser_test import chromium, console_lines, page_errors
from browser_phone import Phone, community_pages, cpu_clear, wait_community

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ADA = "browser-ada-0123456789"


def http(base, method, path, body=None):
    """(status, JSON answer) of one gallery request."""
    data = None if body is None else json.dumps(body).encode()
    ask = urllib.request.Request(base + path, data=data, method=method,
                                 headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(ask, timeout=30) as answer:
            return answer.status, json.loads(answer.read() or b"null")
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read() or b"null")


def hosted_gallery(port):
    """`arkanong-server` on 127.0.0.1:`port` (0: any) serving target/web with a
    scratch gallery holding one shipped level (shared with its clear check) and
    Ada's verified score of it. Returns (process, http base, code, title)."""
    binary = os.path.join(ROOT, "target", "release", "arkanong-server")
    # ARKANONG_COMMUNITY_DB=postgres://... runs it on PostgreSQL (a database
    # of its own: the daily board keeps one score an address a day).
    db = os.environ.get("ARKANONG_COMMUNITY_DB") or \
        os.path.join(tempfile.mkdtemp(prefix="arkanong-community-"), "gallery.sqlite")
    server = subprocess.Popen([binary, "--bind", "127.0.0.1", "--port", str(port), "--db", db,
                               "--web", os.path.join(ROOT, "target", "web"), "--gallery-burst-factor", "10"],
                              stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    listening = server.stdout.readline().strip()
    assert listening.startswith("server: listening on "), f"server said {listening!r}"
    base = listening.split(" on ", 1)[1].replace("ws://", "http://")
    game = os.path.join(ROOT, "target", "release", "arkanong")
    for name in sorted(os.listdir(os.path.join(ROOT, "levels"))):
        path = os.path.join(ROOT, "levels", name)
        if not name.endswith(".txt"):
            continue
        clear = cpu_clear(game, path)
        if clear is None:
            continue
        status, shared = http(base, "POST", "/gallery/levels",
                              {"text": open(path).read(), "author": "Designer", "clear": clear})
        if status != 201:
            continue
        code = shared["code"]
        status, score = http(base, "POST", f"/gallery/levels/{code}/scores",
                             {"player": ADA, "name": "Ada", "replay": clear})
        assert status == 201, f"Ada's score of {name}: {status} {score}"
        _, level = http(base, "GET", f"/gallery/levels/{code}")
        print(f"community: {name} shared as {code} ({level.get('title')!r}), Ada's {score['score']} verified")
        return server, base, code, level.get("title", "")
    raise AssertionError("no shipped level could be shared with a CPU's clear")


def shot(dt, out, name):
    path = os.path.join(out, f"community-{name}.png")
    open(path, "wb").write(base64.b64decode(dt.call("Page.captureScreenshot", format="png")["data"]))
    return path


def stamped(dt, prefix):
    """(seconds, text) of each console line starting with `prefix`, timed by
    the console's own clock."""
    out = []
    for e in dt.events:
        if e.get("method") != "Runtime.consoleAPICalled":
            continue
        text = " ".join(str(a.get("value", a.get("description", ""))) for a in e["params"].get("args", []))
        if text.startswith(prefix):
            out.append((e["params"].get("timestamp", 0) / 1000.0, text))
    return out


def wait_line(dt, prefix, has="", seconds=30):
    """The last console line starting with `prefix` once it holds `has`."""
    end = time.time() + seconds
    while time.time() < end:
        lines = [t for _, t in stamped(dt, prefix)]
        if lines and has in lines[-1]:
            return lines[-1]
        dt.pump(0.3)
    failed = os.path.join(tempfile.gettempdir(), "community-failed.png")
    open(failed, "wb").write(base64.b64decode(dt.call("Page.captureScreenshot", format="png")["data"]))
    raise AssertionError(f"no line {prefix!r} with {has!r}; last {[t for _, t in stamped(dt, prefix)][-3:]}; "
                         f"console's last {console_lines(dt.events)[-12:]}; screenshot {failed}")


def bar(dt):
    """The replay bar's buttons: {words: (x, y)}."""
    line = wait_line(dt, "replay bar: ")
    out = {}
    for part in line[len("replay bar: "):].split("; "):
        label, _, at = part.rpartition(" at ")
        out[label] = tuple(float(v) for v in at.split(","))
    return out


def game_seconds(text):
    """The banner's clock in seconds ("... 1:05 2x" is 65), or None."""
    m = re.search(r" (\d+):(\d\d)(?: |$)", text)
    return int(m.group(1)) * 60 + int(m.group(2)) if m else None


def clock_rate(dt, seconds):
    """Game seconds a real second over the next `seconds`, from the banner's
    clock lines and their console timestamps."""
    start = time.time()
    dt.pump(seconds)
    lines = [(t, game_seconds(x)) for t, x in stamped(dt, "game banner: REPLAY")
             if t and game_seconds(x) is not None]
    fresh = [x for x in lines if x[0] >= start]
    assert len(fresh) >= 2, f"the replay's clock moved under twice in {seconds} s: {lines[-3:]}"
    (t0, g0), (t1, g1) = fresh[0], fresh[-1]
    return (g1 - g0) / max(t1 - t0, 1e-3)


def click(dt, x, y):
    for kind in ["mousePressed", "mouseReleased"]:
        dt.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)
        dt.pump(0.15)


def key(dt, name, code, down=True, up=True, text=None):
    if down:
        extra = {"text": text} if text else {}
        dt.call("Input.dispatchKeyEvent", type="keyDown" if text else "rawKeyDown", key=name, code=code,
                windowsVirtualKeyCode=KEYCODES.get(name, 0), **extra)
    if up:
        dt.call("Input.dispatchKeyEvent", type="keyUp", key=name, code=code, windowsVirtualKeyCode=KEYCODES.get(name, 0))


KEYCODES = {"ArrowLeft": 37, "Enter": 13, " ": 32, "Escape": 27}


def click_row(p, page, row, want, has=None, press=None):
    here = wait_community(p, page, row)
    (press or p.tap)(*here[2][row])
    return wait_community(p, want, has, 40)


def title_item(p, text):
    """The title's item whose label holds `text`, waiting for the title."""
    here = p.wait_screen("Title", 60)
    return p.item(here, text)


def watch_desktop(dt, p, out, title):
    """Top 10 > Ada's score: the replay, its speeds, pause, restart, leave."""
    press = lambda x, y: click(dt, x, y)
    click(dt, *title_item(p, "Community"))
    listed = wait_community(p, "List", "Level(0)", 60)
    shot(dt, out, "list")
    click_row(p, "List", "Level(0)", "Level", "Top", press)
    shot(dt, out, "level")
    click_row(p, "Level", "Top", "Top", "Score(0)", press)
    shot(dt, out, "top")
    at = wait_community(p, "Top", "Score(0)")[2]["Score(0)"]
    dt.events.clear()
    click(dt, *at)
    banner = wait_line(dt, "game banner: ", "REPLAY of Ada's game", 40)
    buttons = bar(dt)
    assert list(buttons) == ["Pause", "1x", "Restart", "Save", "Leave"], buttons
    dt.pump(3)
    shot(dt, out, "replay-1x")
    one = clock_rate(dt, 10)
    click(dt, *buttons["1x"])
    wait_line(dt, "game banner: ", " 2x")
    wait_line(dt, "replay bar: ", "2x at")
    two = clock_rate(dt, 10)
    shot(dt, out, "replay-2x")
    print(f"community: Ada's replay watched ({banner!r}): {one:.2f} game s a second at 1x, {two:.2f} at 2x")
    assert two > one * 1.4, f"2x played {two:.2f} game s a second, 1x {one:.2f}"
    click(dt, *bar(dt)["Pause"])
    paused = wait_line(dt, "game banner: ", "PAUSED")
    dt.pump(3)
    still = [t for _, t in stamped(dt, "game banner: ")][-1]
    assert game_seconds(still) == game_seconds(paused), f"paused at {paused!r}, then {still!r}"
    shot(dt, out, "replay-paused")
    click(dt, *bar(dt)["Play"])
    click(dt, *bar(dt)["Restart"])
    end = time.time() + 20
    while True:
        now = [t for _, t in stamped(dt, "game banner: REPLAY")][-1]
        if game_seconds(now) is not None and game_seconds(now) < game_seconds(still):
            break
        assert time.time() < end, f"Restart: the clock at {now!r}, was {still!r}"
        dt.pump(0.3)
    print(f"community: paused at {paused!r} it stayed; Restart took it back ({now!r})")
    before = len(community_pages(p))
    click(dt, *bar(dt)["Leave"])
    # Back where it was started: the top 10, and its Back to the level.
    wait_community(p, "Top", "Score(0)", 20)
    assert len(community_pages(p)) > before, "Leave went back to the top 10"
    click_row(p, "Top", "Back", "Level", "Race", lambda x, y: click(dt, x, y))


def race_desktop(dt, p, out):
    """Race: the level with Ada's ghost, its score rising."""
    here = wait_community(p, "Level", "Race")
    dt.events.clear()
    click(dt, *here[2]["Race"])
    first = wait_line(dt, "game banner: ", "GHOST of Ada", 40)
    key(dt, " ", "Space", text=" ")  # Serve.
    end, last = time.time() + 90, first
    while time.time() < end:
        dt.pump(1)
        last = [t for _, t in stamped(dt, "game banner: GHOST")][-1]
        if int(last.rsplit(" ", 1)[1]) > int(first.rsplit(" ", 1)[1]):
            break
    shot(dt, out, "race")
    assert int(last.rsplit(" ", 1)[1]) > int(first.rsplit(" ", 1)[1]), f"the ghost's score stayed: {first!r} {last!r}"
    print(f"community: Race showed {first!r}, then {last!r}")


def daily_desktop(dt, p, out, url, base):
    """The title's daily row names the level; its game, lost, is submitted
    under a typed name and listed on the day's board."""
    dt.events.clear()
    dt.call("Page.navigate", url=url)
    row = wait_line(dt, "title: Daily challenge: ", "— play", 60)
    shot(dt, out, "title-daily")
    status, today = http(base, "GET", "/gallery/daily")
    assert status == 200 and row == f"title: Daily challenge: {today['title']} — play", f"{row!r} vs {today}"
    click(dt, *title_item(p, "Daily"))
    here = wait_community(p, "Daily", "PlayDaily", 30)
    shot(dt, out, "daily-page")
    click(dt, *here[2]["PlayDaily"])
    p.wait_screen("Playing", 30)
    key(dt, "ArrowLeft", "ArrowLeft", up=False)  # Held: the paddle at the left wall misses.
    end = time.time() + 400
    while time.time() < end and p.screens()[-1][0] == "Playing":
        key(dt, " ", "Space", text=" ")  # Serve, whenever asked.
        dt.pump(2)
    key(dt, "ArrowLeft", "ArrowLeft", down=False)
    shot(dt, out, "daily-submit")
    here = wait_community(p, "Submit", None, 20)
    if "Submit" in here[2]:
        # The name is asked at the first submit (a Space that served may
        # have asked it already).
        click(dt, *here[2]["Submit"])
    wait_community(p, "Submit", "Erase", 20)
    for letter in "Zoe":
        key(dt, letter, f"Key{letter.upper()}", text=letter)
        dt.pump(0.3)
    key(dt, "Enter", "Enter", text="\r")
    end = time.time() + 40
    while "Verified" not in community_pages(p)[-1][1]:
        assert time.time() < end, f"the daily score: {community_pages(p)[-1]}"
        dt.pump(0.5)
    shot(dt, out, "daily-verified")
    said = community_pages(p)[-1][1]
    status, board = http(base, "GET", f"/gallery/daily/{today['date']}/scores")
    names = [s["name"] for s in board["scores"]]
    assert status == 200 and "Zoe" in names, f"the day's board: {status} {board}"
    print(f"community: {row!r}; its game lost and submitted as Zoe: {said!r}; the day's board {names}")


def phone_replay(dt, url, out):
    """390x844 at ratio 3, touch only: a top-10 replay's bar by taps."""
    dt.call("Emulation.setDeviceMetricsOverride", width=390, height=844, deviceScaleFactor=3, mobile=True)
    dt.call("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=5)
    dt.events.clear()
    dt.call("Page.navigate", url=url)
    p = Phone(dt, out, 390, 844, 3)
    p.url = url
    p.wait_screen("Title", 60)
    p.pump(2)
    from browser_phone import scroll_to
    scroll_to(p, "Community")
    p.tap(*p.item(p.screens()[-1], "Community"))
    wait_community(p, "List", "Level(0)", 60)
    click_row(p, "List", "Level(0)", "Level", "Top")
    from browser_phone import swipe_community_to
    swipe_community_to(p, "Level", ["Top"])
    click_row(p, "Level", "Top", "Top", "Score(0)")
    at = wait_community(p, "Top", "Score(0)")[2]["Score(0)"]
    dt.events.clear()
    p.tap(*at)
    wait_line(dt, "game banner: ", "REPLAY of Ada's game", 40)
    buttons = bar(dt)
    sizes = wait_line(dt, "sizes Playing: ", "target replay Pause")
    small = [(n, w, h) for n, w, h in re.findall(r"target (replay \w+) (\d+)x(\d+)", sizes) if min(int(w), int(h)) < 44]
    assert not small, f"replay buttons under a fingertip: {small} ({sizes})"
    p.tap(*buttons["1x"])
    wait_line(dt, "game banner: ", " 2x", 20)
    p.tap(*bar(dt)["Pause"])
    wait_line(dt, "game banner: ", "PAUSED", 20)
    path = shot(dt, out, "phone-replay-paused")
    p.tap(*bar(dt)["Leave"])
    wait_community(p, "Top", "Score(0)", 20)
    measured = re.findall(r"target replay (\w+) (\d+x\d+)", sizes)
    print(f"community phone: the replay bar by taps (2x, Pause, Leave), its buttons {measured}; {path}")


def community_v2(out, port=0):
    """The whole pass: its own server, a desktop page, then a phone."""
    os.makedirs(out, exist_ok=True)
    server, base, code, title = hosted_gallery(port)
    url = base + "/"
    try:
        with chromium(720, 900) as (_chrome, dt):
            dt.ws.sock.settimeout(120)
            dt.call("Emulation.setDeviceMetricsOverride", width=720, height=900, deviceScaleFactor=1, mobile=False)
            dt.call("Page.navigate", url=url)
            p = Phone(dt, out, 720, 900, 1)
            p.url = url
            p.wait_screen("Title", 60)
            watch_desktop(dt, p, out, title)
            race_desktop(dt, p, out)
            daily_desktop(dt, p, out, url, base)
            phone_replay(dt, url, out)
            refused = "status of 403"
            errors = [e for e in page_errors(dt.events) if refused not in str(e)]
            assert not errors, "the community v2 pass logged errors:\n" + "\n".join(map(str, errors))
    finally:
        server.kill()
        server.wait()
    print("community v2 ok: a replay watched at 1x and 2x, paused, restarted and left; a race with the "
          "top score's ghost; the daily challenge played and listed; the replay bar by touch on a phone")


if __name__ == "__main__":
    community_v2(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 0)
