#!/usr/bin/env python3
"""Loads the web build in headless Chromium and checks it, through the DevTools
protocol (a minimal WebSocket client, standard library only):

- the page logs no JavaScript error and throws no exception;
- a screenshot shows the arena (not blank), and a second one a second later differs
  (the attract mode's balls move);
- the game's own speed probe is read from the console and printed, and, given the
  native game's probe line from this machine, the browser-to-native ratio;
- the replay fixture and the attract play end in the same state hashes in the
  browser as in `target/release/arkanong determinism` (cross-platform determinism);
- the level editor: a painted brick kept in localStorage, export, import of a
  level file through the file picker, and a versus level built by pointer and
  keys, test-played and exported, which `arkanong check` accepts;
- the collision lab opens from the title and a handle drags;
- a stub gamepad works the menus into a solo game and its stick moves the paddle;
- the music starts after a gesture, loops, and follows its volume setting;
- without Web Audio the game runs silent;
- online desktop <-> browser (browser_online.py): one match over the bad link, a
  rematch on the same connection with both sides' replays compared, a quick match,
  and a wrong code on the Join page said to be "no such room";
- then the phone pass of browser_phone.py: touch only at 390x844 with pixel
  ratios 1, 2 and 3 and 844x390 at 3 (taps, the paddle under the finger, the
  pause button, a name by taps, the lab and the editor by finger, a stall that
  must not pause);
- then issue 45's community (browser_community.py) on arkanong-server's own
  page: a top score's replay watched (2x faster than 1x, pause, restart, leave),
  its ghost raced, the daily challenge played and listed; the replay bar by
  touch on a phone.

Usage: browser_test.py URL OUT_DIR [NATIVE_PROBE_FILE]. Exits 1 on failure.
"""
import base64
import contextlib
import json
import os
import re
import socket
import struct
import subprocess
import sys
import tempfile
import time
import urllib.request
from urllib.parse import urlparse

import browser_online


class WebSocket:
    """Just enough of RFC 6455 for the DevTools protocol: text frames, masked sends."""

    def __init__(self, url):
        u = urlparse(url)
        self.sock = socket.create_connection((u.hostname, u.port), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            f"GET {u.path} HTTP/1.1\r\nHost: {u.hostname}:{u.port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        head = b""
        while b"\r\n\r\n" not in head:
            head += self.sock.recv(1)
        assert b" 101 " in head.split(b"\r\n")[0], head

    def _read(self, n):
        data = b""
        while len(data) < n:
            chunk = self.sock.recv(n - len(data))
            if not chunk:
                raise ConnectionError("closed")
            data += chunk
        return data

    def send(self, text):
        payload = text.encode()
        header = bytes([0x81])
        n = len(payload)
        if n < 126:
            header += bytes([0x80 | n])
        elif n < 65536:
            header += bytes([0x80 | 126]) + struct.pack(">H", n)
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", n)
        mask = os.urandom(4)
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))

    def recv(self):
        message = b""
        while True:
            b0, b1 = self._read(2)
            n = b1 & 0x7F
            if n == 126:
                n = struct.unpack(">H", self._read(2))[0]
            elif n == 127:
                n = struct.unpack(">Q", self._read(8))[0]
            message += self._read(n)
            if b0 & 0x80:
                return message.decode()


class DevTools:
    def __init__(self, ws_url):
        self.ws = WebSocket(ws_url)
        self.next_id = 0
        self.events = []

    def call(self, method, **params):
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            msg = json.loads(self.ws.recv())
            if msg.get("id") == self.next_id:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                return msg.get("result", {})
            self.events.append(msg)

    def pump(self, seconds):
        """Collects events for a while (a harmless call keeps the socket moving)."""
        end = time.time() + seconds
        while time.time() < end:
            self.call("Runtime.evaluate", expression="1")
            time.sleep(0.1)


def png_stats(path):
    ppm = subprocess.run(["/usr/bin/convert", path, "-depth", "8", "ppm:-"], check=True, capture_output=True).stdout
    header, body = ppm.split(b"\n", 3)[:3], ppm.split(b"\n", 3)[3]
    w, h = map(int, header[1].split())
    colours = {body[i:i + 3] for i in range(0, len(body), 3 * 97)}
    return w, h, body, colours


def probe_rates(line):
    """(fastest, median) steps per second from a speed probe line, or None."""
    m = re.search(r"fastest (\d+) steps per second, median (\d+)", line or "")
    return (float(m.group(1)), float(m.group(2))) if m else None


def page_errors(events):
    """The errors a page logged: exceptions, console.error and error log entries."""
    errors = []
    for e in events:
        m, p = e.get("method"), e.get("params", {})
        if m == "Runtime.exceptionThrown":
            errors.append(p["exceptionDetails"].get("exception", {}).get("description") or p["exceptionDetails"].get("text"))
        elif m == "Runtime.consoleAPICalled" and p.get("type") == "error":
            errors.append(" ".join(str(a.get("value", a.get("description", ""))) for a in p.get("args", [])))
        elif m == "Log.entryAdded" and p["entry"]["level"] == "error" and not expected_miss(p["entry"].get("url", "")):
            errors.append(p["entry"]["text"])
    return errors


def expected_miss(url):
    """A load that fails on a page served by a plain file server, and is no error:
    the favicon, and the gallery (the title asks it for the daily challenge and
    says "offline" when there is none)."""
    return "favicon" in url or "/gallery/" in url


def console_lines(events):
    """Every console.log line, as text."""
    return [
        " ".join(str(a.get("value", a.get("description", ""))) for a in e["params"].get("args", []))
        for e in events
        if e.get("method") == "Runtime.consoleAPICalled"
    ]


def community_page(line):
    """A "community page PAGE (STATUS): ROW at X,Y; ..." line (the desktop's
    stderr and the browser's console say it alike) as (page, status,
    {row: (x, y)}), or None for any other line."""
    m = re.search(r"community page (\w+) \((.*)\): ?(.*)$", line)
    if not m:
        return None
    rows = {}
    for part in filter(None, m.group(3).split("; ")):
        label, _, at = part.rpartition(" at ")
        rows[label] = tuple(float(v) for v in at.split(","))
    return m.group(1), m.group(2), rows


PAD_STUB = """
window.__arkanongPad = {axes: [0, 0, 0, 0], pressed: {}};
navigator.getGamepads = function () {
    var p = window.__arkanongPad, buttons = [];
    for (var i = 0; i < 17; i++) { buttons.push({pressed: !!p.pressed[i], touched: !!p.pressed[i], value: p.pressed[i] ? 1 : 0}); }
    return [{id: "Arkanong test pad (stub)", index: 0, connected: true, mapping: "standard",
             timestamp: performance.now(), axes: p.axes.slice(), buttons: buttons}, null, null, null];
};
"""


def paddle_x(path, ratio=1, band=(0.8, 1.0), min_run=30, max_run=None):
    """The bottom paddle's centre x in CSS pixels: the centre of the longest run of
    bright pixels in the band of rows (by default the window's bottom fifth; the
    paddle is one solid bar; HUD text there is broken into short runs by the gaps
    between letters, and the arena's frame spans the window), or None when no run
    is at least `min_run` CSS pixels long. `ratio` is the device pixel ratio the
    screenshot was taken at (the phone pass reads every ratio-th row). `max_run`
    (CSS pixels) is the longest run taken for a paddle, where an arena narrower
    than the window (a landscape phone's) has a frame shorter than 0.4 of it."""
    w, h, body, _ = png_stats(path)
    longest = 0.4 * w if max_run is None else min(0.4 * w, max_run * ratio)
    best = (0, None)
    for y in range(int(h * band[0]), int(h * band[1]), max(1, int(ratio))):
        row = body[3 * w * y:3 * w * (y + 1)]
        run = 0
        for x in range(w + 1):
            if x < w and sum(row[3 * x:3 * x + 3]) > 300:
                run += 1
                continue
            # The arena's frame is a run across the window: not a paddle.
            if best[0] < run < longest:
                best = (run, x - run / 2)
            run = 0
    return best[1] / ratio if best[0] >= min_run * ratio else None


def check_gamepad(dt, url, out):
    """A stub pad (navigator.getGamepads replaced before the page's scripts run)
    works the menus with its A button into a solo game, then its stick moves the
    paddle: far right with the stick pushed right, far left with it pushed left."""
    dt.call("Page.addScriptToEvaluateOnNewDocument", source=PAD_STUB)
    dt.events.clear()
    dt.call("Page.navigate", url=url)
    dt.pump(6)

    def pad(expr, seconds):
        dt.call("Runtime.evaluate", expression=expr)
        dt.pump(seconds)

    # Title: Play; mode: Solo; level select: the first level.
    # Presses are held long enough for a slow frame (a loaded machine, software GL).
    for _ in range(3):
        pad("window.__arkanongPad.pressed[0] = true", 0.6)
        pad("window.__arkanongPad.pressed[0] = false", 0.8)
    shots = {}
    for name, x in [("right", 1), ("left", -1)]:
        pad(f"window.__arkanongPad.axes[0] = {x}", 0.2)
        # A loaded machine's long frames can pause the game (they look like a hidden
        # tab): taps of A pick "Resume" then, and in play they only serve and fire.
        for _ in range(6):
            pad("window.__arkanongPad.pressed[0] = true", 0.25)
            pad("window.__arkanongPad.pressed[0] = false", 0.25)
        path = os.path.join(out, f"browser-pad-{name}.png")
        open(path, "wb").write(base64.b64decode(dt.call("Page.captureScreenshot", format="png")["data"]))
        shots[name] = paddle_x(path)
    pad("window.__arkanongPad.axes[0] = 0", 0.2)
    errors = page_errors(dt.events)
    assert not errors, "with a gamepad the page logged errors:\n" + "\n".join(map(str, errors))
    right, left = shots["right"], shots["left"]
    assert right is not None and left is not None, f"no paddle found in the bottom band: {shots}"
    # Pushed for two seconds, the paddle reaches each side (the attract game's CPU
    # paddle, if the menus had not been worked, would not sit at both ends on cue).
    w = png_stats(os.path.join(out, "browser-pad-right.png"))[0]
    assert right > 0.75 * w and left < 0.25 * w, \
        f"the pad's stick did not move the paddle to each side: x {left:.0f} (left) vs {right:.0f} (right) of {w}"
    print(f"gamepad ok: A worked the menus into a solo game; the stick moved the paddle from x {right:.0f} to {left:.0f}")


# Counts quad-snd's sound starts: each AudioBufferSourceNode.start, with whether it
# loops and how long its buffer is (the music is the one looped sound).
AUDIO_STARTS_STUB = """
window.__arkanongStarts = [];
(function () {
  var start = AudioBufferSourceNode.prototype.start;
  AudioBufferSourceNode.prototype.start = function () {
    window.__arkanongStarts.push({loop: this.loop, seconds: this.buffer ? this.buffer.duration : 0, at: performance.now()});
    return start.apply(this, arguments);
  };
})();
"""

# The looping sources playing now and their gains, from quad-snd's audio.js.
MUSIC_PLAYING = "JSON.stringify(playbacks.filter(p => p.sound_key && p.source.loop).map(p => p.gain_node.gain.value))"


def check_music(dt, url):
    """The music starts only after a gesture (browsers allow audio no sooner), loops,
    is about 15.7 s long, and follows the Music volume setting: quieter at once,
    stopped at 0, started again above it."""
    dt.call("Page.addScriptToEvaluateOnNewDocument", source=AUDIO_STARTS_STUB)
    dt.call("Runtime.evaluate", expression="localStorage.removeItem('arkanong.settings')")
    dt.events.clear()
    dt.call("Page.navigate", url=url)
    dt.pump(5)

    def value(expr):
        return json.loads(dt.call("Runtime.evaluate", expression=expr)["result"].get("value") or "null")

    def looped():
        return [s for s in value("JSON.stringify(window.__arkanongStarts)") or [] if s["loop"]]

    assert looped() == [], f"music started before any gesture: {looped()}"
    dt.call("Runtime.evaluate", expression="document.getElementById('glcanvas').focus()")
    keys = {"ArrowDown": 40, "ArrowUp": 38, "Enter": 13, "ArrowLeft": 37, "ArrowRight": 39}

    def press(*names, wait=0.3):
        # Held long enough for a slow frame: two presses of one key in the same frame
        # count once.
        for key in names:
            for kind in ["rawKeyDown", "keyUp"]:
                dt.call("Input.dispatchKeyEvent", type=kind, key=key, code=key, windowsVirtualKeyCode=keys[key])
                dt.pump(0.3)
        dt.pump(wait)

    # The first key is the gesture: the sounds load over the next frames.
    gesture_at = value("JSON.stringify(performance.now())")
    press("ArrowDown", "ArrowUp", wait=1)
    for _ in range(30):
        if looped():
            break
        dt.pump(0.5)
    music = looped()
    assert len(music) == 1 and 15.0 < music[0]["seconds"] < 16.5, f"expected one looped music start, got {music}"
    assert value(MUSIC_PLAYING) == [0.5], f"the music's gain is not the default 0.5: {value(MUSIC_PLAYING)}"
    def settle(want):
        """The playing music's gains once they are `want` (slow frames on a loaded
        machine take a while to read the keys), or as they are after 8 s."""
        for _ in range(40):
            gains = value(MUSIC_PLAYING)
            if len(gains) == len(want) and all(abs(g - w) < 1e-6 for g, w in zip(gains, want)):
                break
            dt.pump(0.2)
        return gains

    # Settings (the title's third item), then Music volume (its second): down one notch.
    press("ArrowDown", "ArrowDown", "Enter", "ArrowDown", "ArrowLeft")
    gain = settle([0.4])
    assert gain and abs(gain[0] - 0.4) < 1e-6, f"Music volume 4 did not reach the playing music: {gain}"
    press("ArrowLeft", "ArrowLeft", "ArrowLeft", "ArrowLeft")
    assert settle([]) == [], f"Music volume 0 left the music playing: {value(MUSIC_PLAYING)}"
    stored = value("JSON.stringify(localStorage.getItem('arkanong.settings'))") or ""
    assert "music_volume = 0" in stored, f"music volume not saved: {stored!r}"
    press("ArrowRight")
    gain = settle([0.1])
    assert len(looped()) == 2 and gain and abs(gain[0] - 0.1) < 1e-6, \
        f"Music volume 1 did not start the music again: starts {looped()}, gains {gain}"
    errors = page_errors(dt.events)
    assert not errors, "with music the page logged errors:\n" + "\n".join(map(str, errors))
    # From the key to the music: generating it and every voice, and the browser decoding them.
    latency = (music[0]["at"] - gesture_at) / 1000
    print(f"music ok: none before a gesture, one {music[0]['seconds']:.2f} s loop {latency:.2f} s after it "
          "at gain 0.5; Music volume 4 -> 0.4, 0 stops it, 1 starts it again")


def check_silent_audio(dt, url, out):
    """A browser without Web Audio: the game says so once and plays silent, with no errors.

    The page is loaded again with AudioContext removed before any of its scripts run;
    a key press (the gesture that starts sound) and a few seconds of play follow.
    """
    dt.call("Page.addScriptToEvaluateOnNewDocument",
            source="delete window.AudioContext; delete window.webkitAudioContext;")
    dt.events.clear()
    dt.call("Page.navigate", url=url)
    dt.pump(6)
    dt.call("Runtime.evaluate", expression="document.getElementById('glcanvas').focus()")
    for key, code in [("ArrowDown", 40), ("ArrowUp", 38)]:
        for kind in ["rawKeyDown", "keyUp"]:
            dt.call("Input.dispatchKeyEvent", type=kind, key=key, code=key, windowsVirtualKeyCode=code)
            dt.pump(0.3)
    # Long enough for the sounds to load and the music to start (on the silent stand-in).
    dt.pump(5)
    errors = page_errors(dt.events)
    assert not errors, "without Web Audio the page logged errors:\n" + "\n".join(map(str, errors))
    said = [line for line in console_lines(dt.events) if "no sound" in line]
    assert len(said) == 1, f"expected one 'no sound' line without Web Audio, got {said}"
    path = os.path.join(out, "browser-silent.png")
    open(path, "wb").write(base64.b64decode(dt.call("Page.captureScreenshot", format="png")["data"]))
    _, _, _, colours = png_stats(path)
    assert len(colours) > 12, f"the silent page is nearly blank ({len(colours)} colours)"
    print(f"silent audio ok: {said[0]!r}, no JS errors, the game draws ({len(colours)} colours)")


class EditorLayout:
    """The editor's last logged layout: the arena's place and scale, and each
    palette button's centre by its label, in page pixels."""

    def __init__(self, line):
        m = re.search(r"arena at (-?[\d.]+),(-?[\d.]+) scale ([\d.]+); (.*)", line)
        assert m, line
        self.origin = (float(m.group(1)), float(m.group(2)))
        self.scale = float(m.group(3))
        self.buttons = {}
        for part in m.group(4).split("; "):
            label, _, at = part.rpartition(" at ")
            bx, by = at.split(",")
            self.buttons[label] = (float(bx), float(by))

    def to_screen(self, x, y):
        return self.origin[0] + self.scale * x, self.origin[1] + self.scale * y


def editor_layout(dt):
    lines = [l for l in console_lines(dt.events) if l.startswith("editor layout:")]
    assert lines, "the editor logged no layout (did it open?)"
    return EditorLayout(lines[-1])


def check_editor(dt, out):
    """The level editor from the title menu: one brick painted with a synthetic
    pointer is kept in localStorage, and export hands the text to a download."""
    keys = {"Escape": 27, "ArrowUp": 38, "Enter": 13}
    # From Settings back to the title, then up (wrapping) to the item before its
    # last (the collision lab).
    for key in ["Escape", "ArrowUp", "ArrowUp", "Enter"]:
        for kind in ["rawKeyDown", "keyUp"]:
            dt.call("Input.dispatchKeyEvent", type=kind, key=key, code=key, windowsVirtualKeyCode=keys[key])
            dt.pump(0.15)
    dt.pump(0.5)
    # Where things are: the editor logs its layout (it flows with the window).
    layout = editor_layout(dt)
    # The new level's grid is 12 by 8 bricks of 50x22 centred at (400, 500):
    # cell (0, 0) has its centre at arena (125, 423).
    x, y = layout.to_screen(125, 423)
    dt.call("Input.dispatchMouseEvent", type="mouseMoved", x=x, y=y)
    dt.pump(0.1)
    for kind in ["mousePressed", "mouseReleased"]:
        dt.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)
        dt.pump(0.2)
    dt.pump(0.5)
    data = base64.b64decode(dt.call("Page.captureScreenshot", format="png")["data"])
    open(os.path.join(out, "browser-editor.png"), "wb").write(data)
    stored = dt.call("Runtime.evaluate", expression="localStorage.getItem('arkanong.level.edit')")["result"].get("value")
    assert stored, "the editor kept no level in localStorage"
    rows = [l for l in stored.splitlines() if l and set(l) <= set(".123456789=")]
    assert rows and rows[0] == "1" + "." * 11, f"the painted brick is not in the stored level: {stored!r}"
    ex, ey = layout.buttons["export"]
    for kind in ["mousePressed", "mouseReleased"]:
        dt.call("Input.dispatchMouseEvent", type=kind, x=ex, y=ey, button="left", clickCount=1)
        dt.pump(0.2)
    exported = dt.call("Runtime.evaluate", expression="JSON.stringify(window.arkanong_last_export || null)")["result"].get("value")
    exported = json.loads(exported or "null")
    assert exported and exported["text"] == stored, f"export did not hand over the level: {exported!r}"
    errors = page_errors(dt.events)
    assert not errors, "the editor logged errors:\n" + "\n".join(map(str, errors))
    print(f"editor ok: a painted brick kept in localStorage, exported as {exported['name']}")
    check_editor_import(dt, out, layout)


def check_editor_import(dt, out, layout):
    """Import by file picker: the "open .txt" button asks web/editor.js for its
    <input type=file>; a shipped level set on that input (as a user's pick would)
    becomes the editor's level, kept in localStorage."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    path = os.path.join(root, "levels", "10_crossfire.txt")
    want = open(path, encoding="utf-8").read()
    # The button first (its click opens no dialog in headless Chromium), then the
    # pick itself through DevTools, which fires the input's change event.
    bx, by = layout.buttons["open .txt"]
    for kind in ["mousePressed", "mouseReleased"]:
        dt.call("Input.dispatchMouseEvent", type=kind, x=bx, y=by, button="left", clickCount=1)
        dt.pump(0.2)
    root_node = dt.call("DOM.getDocument")["root"]["nodeId"]
    node = dt.call("DOM.querySelector", nodeId=root_node, selector="#arkanong-import")["nodeId"]
    assert node, "web/editor.js made no file input (#arkanong-import)"
    accept = dt.call("Runtime.evaluate", expression="document.getElementById('arkanong-import').accept")["result"]["value"]
    assert ".txt" in accept, accept
    dt.call("DOM.setFileInputFiles", files=[path], nodeId=node)
    dt.pump(1.5)
    stored = dt.call("Runtime.evaluate", expression="localStorage.getItem('arkanong.level.edit')")["result"].get("value")
    assert stored == want, f"the picked file is not the editor's level:\n{stored!r}"
    left = dt.call("Runtime.evaluate", expression="localStorage.getItem('arkanong.import')")["result"].get("value")
    assert left == "", f"the import record was not taken: {left!r}"
    open(os.path.join(out, "browser-editor-import.png"), "wb").write(
        base64.b64decode(dt.call("Page.captureScreenshot", format="png")["data"]))
    errors = page_errors(dt.events)
    assert not errors, "the editor's import logged errors:\n" + "\n".join(map(str, errors))
    print("editor import ok: levels/10_crossfire.txt picked in the file input is the editor's level in localStorage")


def check_editor_build(dt, url, out, native_binary):
    """The issue's "Done when" in the browser, in short: on a fresh page, a new
    versus level built in the editor with synthetic pointer and key events
    (bricks, a hexagon mirrored top to bottom, a segment deflector, a staged
    ball), test-played, exported; `arkanong check` accepts the exported text."""
    dt.call("Runtime.evaluate", expression="localStorage.removeItem('arkanong.level.edit')")
    dt.events.clear()
    dt.call("Page.navigate", url=url)
    dt.pump(6)
    dt.call("Runtime.evaluate", expression="document.getElementById('glcanvas').focus()")

    def key(name, code, vk, modifiers=0):
        for kind in ["rawKeyDown", "keyUp"]:
            dt.call("Input.dispatchKeyEvent", type=kind, key=name, code=code, windowsVirtualKeyCode=vk, modifiers=modifiers)
            dt.pump(0.12)

    def mouse(kind, x, y, down):
        dt.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left" if down or kind != "mouseMoved" else "none",
                buttons=1 if down else 0, clickCount=1)
        dt.pump(0.12)

    def drag(points):
        mouse("mouseMoved", *points[0], False)
        mouse("mousePressed", *points[0], True)
        for p in points[1:]:
            mouse("mouseMoved", *p, True)
        mouse("mouseReleased", *points[-1], False)

    for name in ["ArrowUp", "ArrowUp", "Enter"]:
        key(name, name, {"ArrowUp": 38, "Enter": 13}[name])
    dt.pump(0.5)
    layout = editor_layout(dt)
    at = layout.to_screen

    def button(label):
        drag([layout.buttons[label]])

    def cell(r, c):  # the new level's 12x8 grid of 50x22 bricks centred at (400, 500)
        return at(125 + 50 * c, 423 + 22 * r)

    button("2")
    drag([cell(2, 1), cell(2, 10)])  # one fast stroke: every cell between is painted
    button("steel")
    drag([cell(5, 0), cell(5, 3)])
    button("hex")
    drag([at(170, 300)])
    dt.call("Input.dispatchKeyEvent", type="rawKeyDown", key="Shift", code="ShiftLeft", windowsVirtualKeyCode=16, modifiers=8)
    dt.pump(0.1)
    key("M", "KeyM", 77, modifiers=8)  # Shift+M: a mirrored copy, top to bottom
    dt.call("Input.dispatchKeyEvent", type="keyUp", key="Shift", code="ShiftLeft", windowsVirtualKeyCode=16)
    dt.pump(0.1)
    button("seg")
    drag([at(560, 290)])
    button("ball")
    drag([at(400, 780), at(440, 740), at(460, 700)])
    dt.pump(0.5)
    open(os.path.join(out, "browser-editor-built.png"), "wb").write(
        base64.b64decode(dt.call("Page.captureScreenshot", format="png")["data"]))
    key("p", "KeyP", 80)  # test-play versus the CPU
    dt.pump(2)
    open(os.path.join(out, "browser-editor-play.png"), "wb").write(
        base64.b64decode(dt.call("Page.captureScreenshot", format="png")["data"]))
    key("Escape", "Escape", 27)
    dt.pump(0.5)
    dt.call("Runtime.evaluate", expression="window.arkanong_last_export = null")
    button("export")
    dt.pump(1)
    exported = json.loads(dt.call("Runtime.evaluate", expression="JSON.stringify(window.arkanong_last_export || null)")["result"]["value"] or "null")
    assert exported, "the built level was not exported (is the editor back from test-play?)"
    text = exported["text"]
    path = os.path.join(out, exported["name"])
    open(path, "w", encoding="utf-8").write(text)
    rows = [l for l in text.splitlines() if l and set(l) <= set(".123456789=")]
    assert ".2222222222." in rows and "====........" in rows, f"the strokes' bricks are missing:\n{text}"
    items = [l.split()[0] for l in text.splitlines() if l.startswith(("hexagon", "segment", "ball"))]
    assert sorted(items) == ["ball", "hexagon", "hexagon", "segment"], f"expected two hexagons, a segment and a ball:\n{text}"
    checked = subprocess.run([native_binary, "check", path], capture_output=True, text=True)
    assert checked.returncode == 0, f"`arkanong check` rejects the exported level:\n{checked.stdout}{checked.stderr}\n{text}"
    # Test-play draws the game, not the editor: the palette is gone.
    _, _, a, _ = png_stats(os.path.join(out, "browser-editor-built.png"))
    _, _, b, _ = png_stats(os.path.join(out, "browser-editor-play.png"))
    changed = sum(1 for i in range(0, min(len(a), len(b)), 3) if a[i:i + 3] != b[i:i + 3])
    assert changed > 20000, f"test-play looks like the editor ({changed} pixels changed)"
    errors = page_errors(dt.events)
    assert not errors, "building a level logged errors:\n" + "\n".join(map(str, errors))
    print(f"editor build ok: a versus level built by pointer and keys, test-played, exported as {exported['name']}, accepted by `arkanong check`")


def check_determinism(events, native_binary):
    """The browser's game is the desktop's: the replay fixture and the attract play end
    in the same state hashes in the wasm build (logged at start-up) as in
    `arkanong determinism` on this machine."""
    native = subprocess.run([native_binary, "determinism"], check=True, capture_output=True, text=True).stdout
    lines = console_lines(events)
    for name in ["replay", "attract", "kinds"]:
        pattern = re.compile(name + r" hash: (0x[0-9a-f]{16})")
        ours = [m.group(1) for m in map(pattern.search, lines) if m]
        theirs = pattern.search(native)
        assert theirs, f"`arkanong determinism` printed no {name} hash:\n{native}"
        assert len(ours) == 1, f"expected one '{name} hash' line in the browser's console, got {ours}"
        assert ours[0] == theirs.group(1), (
            f"{name} hash differs: browser {ours[0]}, native {theirs.group(1)}: the wasm build's game is not the desktop's"
        )
        print(f"determinism: {name} hash equal in browser and native ({ours[0]})")


def check_lab_drag(dt, out):
    """The collision lab by menu keys (Escape to the title, Up to its last item,
    Enter), then one handle dragged with a synthetic mouse: the picture and the
    logged readouts must both change."""
    keys = {"Escape": 27, "ArrowUp": 38, "Enter": 13}
    for key in ["Escape", "ArrowUp", "Enter"]:
        for kind in ["rawKeyDown", "keyUp"]:
            dt.call("Input.dispatchKeyEvent", type=kind, key=key, code=key, windowsVirtualKeyCode=keys[key])
            dt.pump(0.2)
    dt.pump(1)
    lines = console_lines(dt.events)
    before = [l for l in lines if l.startswith("lab segment-crossing:")]
    placed = [l for l in lines if l.startswith("lab handles:")]
    assert before and placed, "the lab did not open from the title menu (no 'lab ...' console line)"
    m = re.search(r"A1 at (-?\d+),(-?\d+)", placed[-1])
    assert m, placed[-1]
    x, y = float(m.group(1)), float(m.group(2))
    shot_a = os.path.join(out, "browser-lab-0.png")
    open(shot_a, "wb").write(base64.b64decode(dt.call("Page.captureScreenshot", format="png")["data"]))
    dt.call("Input.dispatchMouseEvent", type="mousePressed", x=x, y=y, button="left", buttons=1, clickCount=1)
    dt.pump(0.2)
    for k in range(1, 9):
        dt.call("Input.dispatchMouseEvent", type="mouseMoved", x=x, y=y - 12 * k, button="left", buttons=1)
        dt.pump(0.1)
    dt.call("Input.dispatchMouseEvent", type="mouseReleased", x=x, y=y - 96, button="left", buttons=0, clickCount=1)
    dt.pump(1)
    shot_b = os.path.join(out, "browser-lab-1.png")
    open(shot_b, "wb").write(base64.b64decode(dt.call("Page.captureScreenshot", format="png")["data"]))
    after = [l for l in console_lines(dt.events) if l.startswith("lab segment-crossing:")]
    _, _, a, colours = png_stats(shot_a)
    _, _, b, _ = png_stats(shot_b)
    changed = sum(1 for i in range(0, min(len(a), len(b)), 3) if a[i:i + 3] != b[i:i + 3])
    assert len(colours) > 12, f"the lab is nearly blank ({len(colours)} colours)"
    assert changed > 200, f"dragging A1 changed only {changed} pixels"
    assert after[-1] != before[-1], f"dragging A1 left the readouts as they were: {after[-1]!r}"
    errors = page_errors(dt.events)
    assert not errors, "the lab logged errors:\n" + "\n".join(map(str, errors))
    print(f"lab ok: opened from the title, A1 dragged from {x:.0f},{y:.0f}: {changed} pixels changed, readouts now {after[-1]!r}")


@contextlib.contextmanager
def chromium(width, height, port=None, flags=()):
    """Headless Chromium (SwiftShader WebGL) with its DevTools on 127.0.0.1
    (`port`, or one from the process id), a window of `width` x `height`, its
    own profile, any more `flags`, and a DevTools client on its page with the
    Runtime, Log and Page domains on: yields (process, client); the browser is
    stopped on the way out."""
    port = port or 9300 + os.getpid() % 500
    chrome = subprocess.Popen(
        ["chromium", "--headless", "--no-sandbox", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", f"--user-data-dir={tempfile.mkdtemp()}", "--enable-unsafe-swiftshader",
         "--use-angle=swiftshader", f"--window-size={width},{height}", f"--remote-debugging-port={port}",
         "--remote-debugging-address=127.0.0.1", *flags, "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(100):
            try:
                pages = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list"))
                page = next(p for p in pages if p["type"] == "page")
                break
            except Exception:
                time.sleep(0.2)
        else:
            sys.exit("error: Chromium did not start")
        dt = DevTools(page["webSocketDebuggerUrl"])
        for domain in ["Runtime", "Log", "Page"]:
            dt.call(f"{domain}.enable")
        yield chrome, dt
    finally:
        chrome.terminate()
        chrome.wait(timeout=10)


def check_kept_settings(dt, url):
    """A settings record with a line this version does not know (a newer version's)
    keeps it: the player's other settings apply, a change of one setting writes
    the record back with the unknown line, and a reload finds both (issue 24)."""
    record = "volume = 4\nhigh_contrast = true\nsome_future_setting = 3\n"
    dt.call("Runtime.evaluate", expression=f"localStorage.setItem('arkanong.settings', {json.dumps(record)})")
    dt.events.clear()
    dt.call("Page.navigate", url=url)
    dt.pump(5)
    keys = {"ArrowDown": 40, "Enter": 13, "ArrowRight": 39}

    def press(*names):
        for key in names:
            for kind in ["rawKeyDown", "keyUp"]:
                dt.call("Input.dispatchKeyEvent", type=kind, key=key, code=key, windowsVirtualKeyCode=keys[key])
                dt.pump(0.3)

    def stored():
        return dt.call("Runtime.evaluate", expression="localStorage.getItem('arkanong.settings')")["result"].get("value") or ""

    dt.call("Runtime.evaluate", expression="document.getElementById('glcanvas').focus()")
    # Settings (the title's third item), then Volume (its first): up one notch.
    press("ArrowDown", "ArrowDown", "Enter", "ArrowRight")
    first = stored()
    for want in ["volume = 5", "high_contrast = true", "some_future_setting = 3"]:
        assert want in first, f"after a change of volume, {want!r} is not in the record: {first!r}"
    logged = [line for line in console_lines(dt.events) if "saved settings" in line]
    assert logged and "some_future_setting" in logged[0], f"no console line about the unknown line: {logged}"
    dt.events.clear()
    dt.call("Page.navigate", url=url)
    dt.pump(5)
    dt.call("Runtime.evaluate", expression="document.getElementById('glcanvas').focus()")
    press("ArrowDown", "ArrowDown", "Enter", "ArrowRight")
    second = stored()
    for want in ["volume = 6", "high_contrast = true", "some_future_setting = 3"]:
        assert want in second, f"after a reload and a change, {want!r} is not in the record: {second!r}"
    assert second.count("some_future_setting") == 1, f"the unknown line was doubled: {second!r}"
    errors = page_errors(dt.events)
    assert not errors, "with a kept settings line the page logged errors:\n" + "\n".join(map(str, errors))
    # A record that is not text at all is set aside under a key that says when,
    # and the console says where.
    binary = "volume = 3\u0000\u0001\u0002"
    dt.call("Runtime.evaluate", expression=f"localStorage.setItem('arkanong.settings', {json.dumps(binary)})")
    dt.events.clear()
    dt.call("Page.navigate", url=url)
    dt.pump(5)
    keys_now = json.loads(dt.call("Runtime.evaluate", expression="JSON.stringify(Object.keys(localStorage))")["result"]["value"])
    aside = [k for k in keys_now if k.startswith("arkanong.settings.unreadable-")]
    assert len(aside) == 1, f"the binary record was not set aside: {keys_now}"
    kept = dt.call("Runtime.evaluate", expression=f"localStorage.getItem({json.dumps(aside[0])})")["result"].get("value")
    # localStorage strings pass through C strings: a NUL is kept as U+2400.
    assert kept == binary.replace("\u0000", "\u2400"), f"the record set aside is not the one written: {kept!r}"
    said = [line for line in console_lines(dt.events) if aside[0] in line]
    assert said, "no console line names where the record went"
    for k in aside + ["arkanong.settings"]:
        dt.call("Runtime.evaluate", expression=f"localStorage.removeItem({json.dumps(k)})")
    print(f"kept settings ok: {logged[0]!r}; after a reload: {second!r}; a binary record: {said[0]!r}")


def main():
    url, out = sys.argv[1], sys.argv[2]
    native = open(sys.argv[3]).read().strip() if len(sys.argv) > 3 else None
    os.makedirs(out, exist_ok=True)
    with chromium(720, 900) as (_chrome, dt):
        dt.call("Emulation.setDeviceMetricsOverride", width=720, height=900, deviceScaleFactor=1, mobile=False)
        dt.call("Page.navigate", url=url)
        dt.pump(8)  # Load, start, and run past the game's speed probe (frame 300).
        shots = []
        for k in range(2):
            data = base64.b64decode(dt.call("Page.captureScreenshot", format="png")["data"])
            path = os.path.join(out, f"browser-{k}.png")
            open(path, "wb").write(data)
            shots.append(path)
            dt.pump(1.5)

        # Settings through the keyboard: Down, Down, Enter opens Settings; Right turns the
        # volume up from 7 to 8, which the game saves to localStorage.
        dt.call("Runtime.evaluate", expression="document.getElementById('glcanvas').focus()")
        keys = {"ArrowDown": 40, "Enter": 13, "ArrowRight": 39}
        for key in ["ArrowDown", "ArrowDown", "Enter", "ArrowRight"]:
            for kind in ["rawKeyDown", "keyUp"]:
                dt.call("Input.dispatchKeyEvent", type=kind, key=key, code=key, windowsVirtualKeyCode=keys[key])
                # 0.3 s: at 0.15 s a loaded machine's slow frames saw two presses of
                # the same key as one.
                dt.pump(0.3)
        stored = dt.call("Runtime.evaluate", expression="localStorage.getItem('arkanong.settings')")["result"].get("value")
        assert stored and "volume = 8" in stored, f"settings not saved in localStorage: {stored!r}"

        errors, speed = [], None
        for e in dt.events:
            m, p = e.get("method"), e.get("params", {})
            if m == "Runtime.exceptionThrown":
                errors.append(p["exceptionDetails"].get("exception", {}).get("description") or p["exceptionDetails"].get("text"))
            elif m == "Runtime.consoleAPICalled":
                text = " ".join(str(a.get("value", a.get("description", ""))) for a in p.get("args", []))
                if p.get("type") == "error":
                    errors.append(text)
                if "speed probe" in text:
                    speed = text
            elif m == "Log.entryAdded" and p["entry"]["level"] == "error" and not expected_miss(p["entry"].get("url", "")):
                errors.append(p["entry"]["text"])
        assert not errors, "the page logged errors:\n" + "\n".join(map(str, errors))

        w, h, a, colours = png_stats(shots[0])
        _, _, b, _ = png_stats(shots[1])
        assert len(colours) > 12, f"the page is nearly blank ({len(colours)} colours)"
        changed = sum(1 for i in range(0, min(len(a), len(b)), 3) if a[i:i + 3] != b[i:i + 3])
        assert changed > 50, f"the two screenshots are the same ({changed} pixels differ): nothing moves"
        print(f"browser ok: {w}x{h}, {len(colours)} colours, {changed} pixels changed between screenshots, no JS errors,")
        print(f"settings kept in localStorage: {stored!r}")
        if speed is None:
            logged = [e["params"] for e in dt.events if e.get("method") == "Runtime.consoleAPICalled"]
            print("console:", json.dumps(logged)[:1500])
        print(f"browser {speed or 'speed probe: not logged'}")
        if native is not None:
            print(f"native {native}")
            b, n = probe_rates(speed), probe_rates(native)
            if b and n:
                # The fastest bursts: the fairest figure for a browser still compiling its wasm.
                print(f"browser / native: {b[0] / n[0]:.2f}")
                print(f"(fastest bursts, same machine; medians: {b[1] / n[1]:.2f})")
            else:
                print("browser / native: not measured (a probe is missing)")
        root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
        check_determinism(dt.events, os.path.join(root, "target", "release", "arkanong"))
        check_editor(dt, out)
        check_editor_build(dt, url, out, os.path.join(root, "target", "release", "arkanong"))
        check_lab_drag(dt, out)
        check_gamepad(dt, url, out)
        check_music(dt, url)
        check_silent_audio(dt, url, out)
        check_kept_settings(dt, url)
        binary = os.path.join(root, "target", "release", "arkanong")
        browser_online.check_online(dt, url, binary)
        browser_online.check_rematch(dt, url, binary)
        browser_online.check_quick(dt, url, binary)
        browser_online.check_no_such_room(dt, url, binary)
    # The phone pass (issue 23): touch only, at pixel ratios 1, 2 and 3.
    from browser_phone import check_phones
    check_phones(url, out)
    # Issue 45's community in the browser, on arkanong-server's own page.
    from browser_community import community_v2
    community_v2(out)


if __name__ == "__main__":
    main()
