#!/usr/bin/env python3
"""The phone pass of the browser test (issue 23), run by browser_test.py after its
desktop checks, or alone: `browser_phone.py URL OUT_DIR`. Touch only
(Input.dispatchTouchEvent with touch emulation on), on a 390x844 phone at device
pixel ratios 1, 2 and 3, then 844x390 at ratio 3. At each ratio:

- every menu tap moves exactly one screen (the game logs "screen NAME: ITEM at x,y"
  on each change, with its items' places in CSS pixels: the taps use those);
- a solo game starts by taps and serves by a tap; a finger dragged to two places
  far apart has the paddle under it (within 20 px, found in the screenshot);
- the on-screen pause button pauses, Resume resumes, a two-finger tap pauses,
  the pause menu quits;
- three letters of a name are entered by tapping them, in boxes a fingertip
  (44 px) wide, each half (up, down) 44 px tall, apart and clear of Save;
- a lab handle dragged by finger moves with the finger (the lab logs its handles);
- a brick painted by finger in the editor is kept, and its Back button leaves;
- after the passes, at 390x844 and ratio 3: Play online's Join page takes a room
  code by taps on its letter pad and a letter box (the game logs "online page PAGE
  (WHAT): ..." with its targets), and Join plays a match in that room against a
  headless desktop host;
- at ratio 1 only: a 700 ms stall of the page does not pause the game, while the
  page becoming hidden does.
Landscape: the level list scrolls by swipe to its "Back", and a tap there goes back.
Screenshots of every screen at ratio 3 are kept in OUT_DIR as phone-*.png.
"""
import base64
import os
import re
import subprocess
import urllib.request
import sys
import time

from browser_test import chromium, console_lines, page_errors, paddle_x


class Phone:
    """A page driven by a finger at one size and pixel ratio."""

    def __init__(self, dt, out, width, height, ratio):
        self.dt, self.out, self.w, self.h, self.ratio = dt, out, width, height, ratio
        self.tag = f"{width}x{height}@{ratio}"

    def pump(self, seconds):
        self.dt.pump(seconds)

    def screens(self):
        """Every "screen" line logged so far, as (name, {item: (x, y)}, boxes)."""
        out = []
        for line in console_lines(self.dt.events):
            m = re.match(r"screen (\w+): ?(.*)", line)
            if not m:
                continue
            items, boxes = {}, []
            for part in filter(None, m.group(2).split("; ")):
                label, _, at = part.rpartition(" at ")
                nums = [float(v) for v in at.split(",")]
                if label == "box":
                    boxes.append(nums)
                else:
                    items[label] = tuple(nums)
            out.append((m.group(1), items, boxes))
        return out

    def wait_screen(self, name, seconds=20):
        end = time.time() + seconds
        while time.time() < end:
            s = self.screens()
            if s and s[-1][0] == name:
                return s[-1]
            self.pump(0.3)
        raise AssertionError(f"{self.tag}: no screen {name}; last screens {[x[0] for x in self.screens()[-5:]]}")

    def touch(self, kind, x=None, y=None):
        points = [] if kind == "touchEnd" else [{"x": x, "y": y}]
        self.dt.call("Input.dispatchTouchEvent", type=kind, touchPoints=points)

    def tap(self, x, y, hold=0.1):
        self.touch("touchStart", x, y)
        self.pump(hold)
        self.touch("touchEnd")

    def item(self, screen, text):
        """The place of the item of `screen` whose label contains `text`."""
        for label, at in screen[1].items():
            if text in label:
                return at
        raise AssertionError(f"{self.tag}: no item {text!r} on {screen[0]}: {list(screen[1])}")

    def tap_moves_one_screen(self, text, want):
        """Taps the item labelled `text` on the screen showing and checks that the
        screens logged after it are exactly `want` (one tap, one screen)."""
        here = self.screens()[-1]
        x, y = self.item(here, text)
        before = len(self.screens())
        self.tap(x, y)
        # Slow frames on a loaded machine: wait for the change, then long enough
        # for a second screen to show if the tap acted twice.
        end = time.time() + 8
        while time.time() < end and all(s[0] == here[0] for s in self.screens()[before:]):
            self.pump(0.2)
        self.pump(1.0)
        names = []
        for s in self.screens()[before:]:
            if not names or names[-1] != s[0]:
                names.append(s[0])
        assert names == [want], f"{self.tag}: one tap on {text!r} ({here[0]}) went through {names}, not just {want}"
        return self.screens()[-1]

    def shot(self, name):
        path = os.path.join(self.out, f"phone-{self.tag}-{name}.png")
        open(path, "wb").write(base64.b64decode(self.dt.call("Page.captureScreenshot", format="png")["data"]))
        return path


def phone_paddle_x(path, ratio):
    """The bottom paddle's centre x in CSS pixels on a phone: `paddle_x` over the
    lower part of the window, where a phone's arena and touch strip put it."""
    return paddle_x(path, ratio, band=(0.55, 1.0), min_run=20)


def drag_paddle(p, x, y):
    """Drags the finger already down to (x, y) in steps, holds it, and returns the
    paddle's x in the screenshot."""
    for k in range(1, 7):
        p.touch("touchMove", p.from_x + (x - p.from_x) * k / 6, y)
        p.pump(0.08)
    p.from_x = x
    p.pump(1.5)
    found = phone_paddle_x(p.shot(f"paddle-{x:.0f}"), p.ratio)
    assert found is not None, f"{p.tag}: no paddle found with the finger at {x:.0f}"
    assert abs(found - x) <= 20, f"{p.tag}: finger at x {x:.0f}, paddle at {found:.0f}"
    return found


def stall_and_hide(p):
    """A 700 ms stall does not pause; the page becoming hidden does."""
    before = len(p.screens())
    p.dt.call("Runtime.evaluate", expression="(function(){var t=performance.now();while(performance.now()-t<700){}})()")
    p.pump(1.5)
    after = [s[0] for s in p.screens()[before:]]
    assert "Paused" not in after, f"{p.tag}: a 700 ms stall paused the game ({after})"
    hide = ("Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});"
            "document.dispatchEvent(new Event('visibilitychange'))")
    p.dt.call("Runtime.evaluate", expression=hide)
    p.wait_screen("Paused", 5)
    show = ("Object.defineProperty(document, 'visibilityState', {value: 'visible', configurable: true});"
            "document.dispatchEvent(new Event('visibilitychange'))")
    p.dt.call("Runtime.evaluate", expression=show)
    p.tap_moves_one_screen("Resume", "Playing")
    print(f"phone {p.tag}: a 700 ms stall did not pause the game; the page hidden did")


def play_and_pause(p):
    """Title to a solo game by taps, serve by a tap, the paddle under the finger
    at two places, then pause by the button, resume, and quit."""
    title = p.wait_screen("Title")
    p.shot("title")
    p.tap_moves_one_screen('"Play"', "ModeSelect")
    p.shot("modes")
    p.tap_moves_one_screen("Solo", "LevelSelect")
    p.shot("levels")
    p.tap_moves_one_screen("Level(0)", "Playing")
    strip_y = p.h * 0.95
    p.pump(1.5)  # Past the "Ready" moment.
    p.tap(p.w / 2, strip_y)
    p.pump(0.3)
    p.shot("served")
    if p.ratio == 1:
        stall_and_hide(p)
    p.from_x = p.w / 2
    p.touch("touchStart", p.w / 2, strip_y)
    left = drag_paddle(p, p.w * 0.2, strip_y)
    right = drag_paddle(p, p.w * 0.8, strip_y)
    p.touch("touchEnd")
    print(f"phone {p.tag}: finger at x {p.w * 0.2:.0f}, paddle at {left:.0f}; finger at {p.w * 0.8:.0f}, paddle at {right:.0f}")
    p.pump(4)  # Time to score, so the run makes the high-score table.
    before = len(p.screens())
    p.tap(p.w - 28, 28)
    p.pump(1)
    names = [s[0] for s in p.screens()[before:]]
    assert names == ["Paused"], f"{p.tag}: the pause button went through {names}"
    p.shot("paused")
    p.tap_moves_one_screen("Resume", "Playing")
    p.pump(0.8)
    # A two-finger tap pauses too.
    one, two = {"x": p.w * 0.3, "y": p.h * 0.5}, {"x": p.w * 0.7, "y": p.h * 0.5}
    p.dt.call("Input.dispatchTouchEvent", type="touchStart", touchPoints=[one])
    p.pump(0.1)
    p.dt.call("Input.dispatchTouchEvent", type="touchStart", touchPoints=[one, two])
    p.pump(0.1)
    p.touch("touchEnd")
    p.wait_screen("Paused", 8)
    here = p.screens()[-1]
    quit_label = next(l for l in here[1] if l.startswith("EndGame") or l.startswith("EndRun"))
    x, y = here[1][quit_label]
    p.tap(x, y)
    p.pump(1.5)
    return p.screens()[-1][0]


FINGER_PX = 44


def check_letter_boxes(p, boxes, save):
    """Each letter's box a fingertip wide, each half (up, down) a fingertip tall,
    the boxes apart, and clear of Save (its box reaches about 12 px above its
    centre): no tap can land on two things."""
    for i, (bx, by, bw, bh) in enumerate(boxes):
        assert bw >= FINGER_PX and bh / 2 >= FINGER_PX, f"{p.tag}: letter box {i} is {bw:.0f}x{bh:.0f}"
        assert save[1] - (by + bh) >= 20, f"{p.tag}: letter box {i} ends at {by + bh:.0f}, Save's centre is at {save[1]:.0f}"
        if i:
            gap = bx - (boxes[i - 1][0] + boxes[i - 1][2])
            assert gap >= 2, f"{p.tag}: letter boxes {i - 1} and {i} {gap:.0f} px apart"


def name_by_touch(p):
    """Three letters of a name by tapping them: A to B, A to C, A to Z."""
    screen = p.wait_screen("NameEntry")
    p.shot("name")
    boxes = screen[2]
    assert len(boxes) == 3, f"{p.tag}: name entry shows {len(boxes)} letter boxes"
    check_letter_boxes(p, boxes, p.item(screen, "NameDone"))
    for (bx, by, bw, bh), taps in zip(boxes, [[0.2], [0.2, 0.2], [0.8]]):
        for f in taps:
            p.tap(bx + bw / 2, by + bh * f)
            p.pump(0.5)
    p.shot("name-typed")
    x, y = p.item(p.screens()[-1], "NameDone")
    p.tap(x, y)
    p.pump(1.5)
    stored = p.dt.call("Runtime.evaluate", expression="localStorage.getItem('arkanong.progress')")["result"].get("value") or ""
    assert "BCZ" in stored, f"{p.tag}: the name entered by taps is not BCZ: {stored!r}"
    print(f"phone {p.tag}: the name BCZ entered by tapping letters")


def back_to_title(p):
    for _ in range(4):
        s = p.screens()[-1]
        if s[0] == "Title":
            return s
        label = next((l for l in s[1] if l == "Back" or l.startswith("EndGame") or l.startswith("Open(Title")), None)
        assert label, f"{p.tag}: no way back from {s[0]}: {list(s[1])}"
        p.tap(*s[1][label])
        p.pump(1.2)
    return p.wait_screen("Title")


def lab_by_finger(p):
    """The lab from the title; handle A1 dragged 90 px up by finger must follow it."""
    here = back_to_title(p)
    label = next(l for l in here[1] if "Lab" in l)
    p.tap(*here[1][label])
    p.pump(1.5)
    lines = console_lines(p.dt.events)
    placed = [l for l in lines if l.startswith("lab handles:")]
    back = [l for l in lines if l.startswith("lab buttons:")]
    assert placed and back, f"{p.tag}: the lab did not open by tap"
    x, y = map(float, re.search(r"A1 at (-?\d+),(-?\d+)", placed[-1]).groups())
    p.shot("lab")
    p.touch("touchStart", x, y)
    p.pump(0.2)
    for k in range(1, 10):
        p.touch("touchMove", x, y - 10 * k)
        p.pump(0.08)
    p.touch("touchEnd")
    p.pump(1)
    p.shot("lab-dragged")
    moved = [l for l in console_lines(p.dt.events) if l.startswith("lab handles:")][-1]
    nx, ny = map(float, re.search(r"A1 at (-?\d+),(-?\d+)", moved).groups())
    assert abs(nx - x) <= 6 and abs(ny - (y - 90)) <= 6, \
        f"{p.tag}: the finger went from {x:.0f},{y:.0f} to {x:.0f},{y - 90:.0f}; A1 is at {nx:.0f},{ny:.0f}"
    bx, by = map(float, re.search(r"Back at (-?\d+),(-?\d+)", back[-1]).groups())
    p.tap(bx, by)
    p.wait_screen("Title", 5)
    print(f"phone {p.tag}: lab handle A1 followed the finger to {nx:.0f},{ny:.0f}; Back left the lab")


def editor_by_finger(p):
    """The editor from the title: a tap paints brick (0, 0), kept in storage, and
    the palette's Back leaves for the title."""
    here = back_to_title(p)
    label = next(l for l in here[1] if "Editor" in l)
    p.tap(*here[1][label])
    p.pump(1.5)
    layouts = [l for l in console_lines(p.dt.events) if l.startswith("editor layout:")]
    assert layouts, f"{p.tag}: the editor did not open by tap"
    m = re.search(r"arena at (-?[\d.]+),(-?[\d.]+) scale ([\d.]+); (.*)", layouts[-1])
    ox, oy, scale = float(m.group(1)), float(m.group(2)), float(m.group(3))
    buttons = {}
    for part in m.group(4).split("; "):
        name, _, at = part.rpartition(" at ")
        buttons[name] = tuple(map(float, at.split(",")))
    p.tap(ox + 125 * scale, oy + 423 * scale)
    p.pump(0.8)
    p.shot("editor")
    stored = p.dt.call("Runtime.evaluate", expression="localStorage.getItem('arkanong.level.edit')")["result"].get("value") or ""
    rows = [l for l in stored.splitlines() if l and set(l) <= set(".123456789=")]
    assert rows and rows[0] == "1" + "." * 11, f"{p.tag}: the brick painted by finger is not kept: {stored!r}"
    p.tap(*buttons["< back"])
    p.wait_screen("Title", 5)
    print(f"phone {p.tag}: a brick painted by finger in the editor is kept; Back left the editor")


def online_pages(p):
    """Every "online page" line logged so far, as (page, what it says, {item: (x, y)},
    boxes [x, y, w, h], {key letter: (x, y)})."""
    out = []
    for line in console_lines(p.dt.events):
        m = re.match(r"online page (\w+)(?: \((.*)\))?: (.*)$", line)
        if not m:
            continue
        items, boxes, keys = {}, [], {}
        for part in filter(None, m.group(3).split("; ")):
            label, _, at = part.rpartition(" at ")
            nums = [float(v) for v in at.split(",")]
            if label == "box":
                boxes.append(nums)
            elif label.startswith("key "):
                keys[label[4:]] = nums
            else:
                items[label] = nums
        out.append((m.group(1), m.group(2) or "", items, boxes, keys))
    return out


def wait_online(p, page, seconds=15):
    end = time.time() + seconds
    while time.time() < end:
        pages = online_pages(p)
        if pages and pages[-1][0] == page:
            return pages[-1]
        p.pump(0.3)
    raise AssertionError(f"{p.tag}: no online page {page}; last {[x[:2] for x in online_pages(p)[-3:]]}")


def online_code_by_touch(p, url):
    """Play online > Join a game by taps, a room code the server issued (POST
    /room) entered on the letter pad with its second letter one before its own,
    that letter turned up by a tap on its box, and Join tapped: the page must say
    the code, and the match with a headless desktop client hosting that room
    (through `arkanong server` on 127.0.0.1) must start."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    binary = os.path.join(root, "target", "release", "arkanong")
    server = subprocess.Popen([binary, "server", "--bind", "127.0.0.1", "--port", "0"], stdout=subprocess.PIPE, text=True)
    host = None
    try:
        ws = server.stdout.readline().strip().split(" on ", 1)[1]
        with urllib.request.urlopen(urllib.request.Request(ws.replace("ws://", "http://") + "/room", method="POST"), timeout=5) as answer:
            code = answer.read().decode().strip()
        alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
        typed = code[0] + alphabet[alphabet.index(code[1]) - 1] + code[2:]
        host = subprocess.Popen([binary, "online", "--server", ws, "--room", f"arkanong-{code}", "--host", "--ice", "none",
                                 "--steps", "360", "--headless"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        p.dt.call("Page.navigate", url=f"{url}?server={ws}&ice=none")
        here = p.wait_screen("Title", 40)
        p.pump(2)
        p.tap(*here[1][next(l for l in here[1] if "Play online" in l)])
        p.tap(*wait_online(p, "Choose")[2]["Join a game"])
        page = wait_online(p, "EnterCode")
        boxes, keys = page[3], page[4]
        assert len(boxes) == 7 and len(keys) == 32, f"{p.tag}: the Join page has {len(boxes)} boxes and {len(keys)} keys"
        small = [b for b in boxes if min(b[2], b[3]) < 44]
        assert not small, f"{p.tag}: letter boxes under 44 px: {small}"
        for c in typed:
            p.tap(*keys[c])
            p.pump(0.5)
        bx, by, bw, bh = boxes[1]
        p.tap(bx + bw / 2, by + bh * 0.2)
        p.pump(1.0)
        page = online_pages(p)[-1]
        p.shot("online-code")
        assert page[0] == "EnterCode" and page[1].startswith(f"code {code}"), f"{p.tag}: after the taps the Join page says {page[:2]}"
        p.tap(*page[2]["Join"])
        assert code in wait_online(p, "Waiting")[1], f"{p.tag}: Join went to {online_pages(p)[-1][:2]}"
        wait_online(p, "Playing", 30)
        p.shot("online-playing")
        p.tap(*wait_online(p, "Ended", 30)[2]["Title"])
        p.wait_screen("Title", 8)
        out, err = host.communicate(timeout=30)
        assert host.returncode == 0, f"{p.tag}: the desktop host failed: {err}"
    finally:
        for proc in (host, server):
            if proc is not None and proc.poll() is None:
                proc.kill()
                proc.wait()
    print(f"phone {p.tag}: the issued room code {code} entered by taps on the pad and a box, joined and played ({out.strip()})")


def online_pass(dt, url, out):
    """The Join page by touch on its own page load, after the other passes (its
    match leaves the page in a state the landscape pass did not expect)."""
    dt.call("Emulation.setDeviceMetricsOverride", width=390, height=844, deviceScaleFactor=3, mobile=True)
    dt.call("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=5)
    dt.events.clear()
    p = Phone(dt, out, 390, 844, 3)
    online_code_by_touch(p, url)
    errors = page_errors(dt.events)
    assert not errors, f"{p.tag}: the online pass logged errors:\n" + "\n".join(map(str, errors))


def landscape_list(p):
    """844x390: the level list scrolls by swipe down to "Back", and a tap on it
    goes back to the modes."""
    p.wait_screen("Title")
    p.tap_moves_one_screen('"Play"', "ModeSelect")
    p.tap_moves_one_screen("Solo", "LevelSelect")
    p.shot("levels")
    for _ in range(12):
        s = p.screens()[-1]
        if "Back" in s[1]:
            break
        x, y = s[1][next(iter(s[1]))]
        # A swipe up: the list follows the finger, bringing later items up.
        p.touch("touchStart", x, p.h * 0.8)
        for k in range(1, 6):
            p.touch("touchMove", x, p.h * 0.8 - 30 * k)
            p.pump(0.05)
        p.touch("touchEnd")
        p.pump(0.4)
    p.shot("levels-scrolled")
    p.tap_moves_one_screen("Back", "ModeSelect")
    print(f"phone {p.tag}: the level list scrolled by swipe to Back, and Back went back")


def check_loading(p):
    """The loading message streamed the bytes (it ends on "Starting") and went
    once the first frame was drawn."""
    p.wait_screen("Title")
    state = p.dt.call("Runtime.evaluate", returnByValue=True, expression=(
        "(function(){var s=document.getElementById('status');return [s.style.display, s.textContent];})()"))
    display, text = state["result"]["value"]
    assert display == "none" and "Starting" in text, f"{p.tag}: loading message {text!r} still {display!r}"


def phone_pass(dt, url, out, width, height, ratio):
    dt.call("Emulation.setDeviceMetricsOverride", width=width, height=height, deviceScaleFactor=ratio, mobile=True)
    dt.call("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=5)
    dt.call("Emulation.setFocusEmulationEnabled", enabled=True)
    dt.events.clear()
    dt.call("Page.navigate", url=url)
    dt.pump(1)
    dt.call("Runtime.evaluate", expression="localStorage.clear()")
    dt.call("Page.reload")
    dt.events.clear()
    p = Phone(dt, out, width, height, ratio)
    check_loading(p)
    # The speed probe's bursts make a few long frames early on: start after them.
    end = time.time() + 40
    while time.time() < end and not any("speed probe" in l for l in console_lines(dt.events)):
        p.pump(0.5)
    if width > height:
        landscape_list(p)
    else:
        after = play_and_pause(p)
        if after == "NameEntry":
            name_by_touch(p)
        else:
            raise AssertionError(f"{p.tag}: quitting a scored run led to {after}, not the name entry")
        lab_by_finger(p)
        editor_by_finger(p)
    errors = page_errors(dt.events)
    assert not errors, f"{p.tag}: the page logged errors:\n" + "\n".join(map(str, errors))


def wheel_and_clicks(dt, url, out):
    """A mouse at 844x390 (ratio 2): one click moves one screen, and the wheel
    scrolls the level list down to "Back"."""
    dt.call("Emulation.setTouchEmulationEnabled", enabled=False)
    dt.call("Emulation.setDeviceMetricsOverride", width=844, height=390, deviceScaleFactor=2, mobile=False)
    dt.events.clear()
    dt.call("Page.navigate", url=url)
    p = Phone(dt, out, 844, 390, 2)
    p.wait_screen("Title", 40)
    p.pump(3)

    def click(x, y):
        dt.call("Input.dispatchMouseEvent", type="mouseMoved", x=x, y=y)
        for kind in ["mousePressed", "mouseReleased"]:
            dt.call("Input.dispatchMouseEvent", type=kind, x=x, y=y, button="left", clickCount=1)
        p.pump(1.2)

    for text, want in [('"Play"', "ModeSelect"), ("Solo", "LevelSelect")]:
        before = len(p.screens())
        click(*p.item(p.screens()[-1], text))
        names = sorted({s[0] for s in p.screens()[before:]})
        assert names == [want], f"mouse: one click on {text} went through {names}"
    for _ in range(16):
        if "Back" in p.screens()[-1][1]:
            break
        dt.call("Input.dispatchMouseEvent", type="mouseWheel", x=422, y=200, deltaX=0, deltaY=100)
        p.pump(0.3)
    p.shot("wheel")
    assert "Back" in p.screens()[-1][1], "mouse: the wheel did not scroll the level list to Back"
    click(*p.item(p.screens()[-1], "Back"))
    assert p.screens()[-1][0] == "ModeSelect", f"mouse: Back led to {p.screens()[-1][0]}"
    print("mouse: one click, one screen; the wheel scrolled the level list to Back")


BLOCK_STORAGE = """
Object.defineProperty(window, 'localStorage', {configurable: true,
    get: function () { throw new DOMException('blocked by the test', 'SecurityError'); }});
"""


def storage_blocked(dt, url, out):
    """With the site's storage blocked, the editor says its level is not kept."""
    script = dt.call("Page.addScriptToEvaluateOnNewDocument", source=BLOCK_STORAGE)["identifier"]
    dt.events.clear()
    dt.call("Page.navigate", url=url)
    p = Phone(dt, out, 390, 844, 3)
    try:
        here = p.wait_screen("Title", 40)
        p.pump(3)
        here = p.screens()[-1]
        p.tap(*here[1][next(l for l in here[1] if "Editor" in l)])
        p.pump(1.5)
        layout = [l for l in console_lines(dt.events) if l.startswith("editor layout:")][-1]
        ox, oy, scale = map(float, re.search(r"arena at (-?[\d.]+),(-?[\d.]+) scale ([\d.]+)", layout).groups())
        p.tap(ox + 125 * scale, oy + 423 * scale)
        p.pump(1.5)
        said = [l for l in console_lines(dt.events) if l.startswith("editor says:")]
        p.shot("storage-blocked")
        assert any("not kept" in l for l in said), f"with storage blocked the editor said {said}"
    finally:
        dt.call("Page.removeScriptToEvaluateOnNewDocument", identifier=script)
    print(f"phone: with storage blocked the editor says so ({said[-1]!r})")


def check_phones(url, out, passes=((390, 844, 1), (390, 844, 2), (390, 844, 3), (844, 390, 3))):
    with chromium(390, 844) as (_chrome, dt):
        # Screenshots at ratio 3 in software rendering take a while on a busy machine.
        dt.ws.sock.settimeout(120)
        wheel_and_clicks(dt, url, out)
        for w, h, r in passes:
            phone_pass(dt, url, out, w, h, r)
        online_pass(dt, url, out)
        storage_blocked(dt, url, out)
    print("phones ok: touch only at 390x844 (ratios 1, 2, 3) and 844x390 (ratio 3)")


if __name__ == "__main__":
    only = [tuple(int(v) for v in a.split("x")) for a in sys.argv[3:]]
    os.makedirs(sys.argv[2], exist_ok=True)
    check_phones(sys.argv[1], sys.argv[2], *( [only] if only else []))
