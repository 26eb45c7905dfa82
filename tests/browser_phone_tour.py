#!/usr/bin/env python3
"""Every screen of the browser build on a phone at device pixel ratio 3, driven by
touch, for a person to look at (issue 23's look "as a player would"): the title,
settings, a solo game (ready, served, the paddle moving under the finger, the
pause button, paused), the name entry, the results, the high scores, the lab, the
editor and its test-play, and the online lobby's host and join pages (by keys:
the lobby logs no item places). Not a pass/fail test: it only checks that each
screen was reached; docs/screens-checked.md lists what was seen.

Usage: browser_phone_tour.py URL OUT_DIR [WxH ...] (default 390x844 844x390).
Writes OUT_DIR/phone-WxH@3-NN_screen.png.
"""
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_test import chromium, console_lines, page_errors  # noqa: E402
from browser_phone import Phone  # noqa: E402
from browser_tour import key  # noqa: E402


class Tour(Phone):
    """A Phone whose screenshots are numbered in the order taken."""

    n = 0

    def shot(self, name):
        self.n += 1
        return super().shot(f"{self.n:02d}_{name}")

    def open(self, text, want):
        """Taps the item whose label contains `text` and waits for `want`."""
        for _ in range(16):
            here = self.screens()[-1]
            if any(text in label for label in here[1]):
                break
            # Below the fold (a landscape phone): a swipe up of about one line
            # (36 px) scrolls the list by one (a longer one could step over
            # the item, the list wrapping round).
            x = self.w / 2
            self.touch("touchStart", x, self.h * 0.8)
            for k in range(1, 5):
                self.touch("touchMove", x, self.h * 0.8 - 10 * k)
                self.pump(0.05)
            self.touch("touchEnd")
            self.pump(0.4)
        self.tap(*self.item(here, text))
        return self.wait_screen(want, 15)

    def logged(self, prefix):
        return [line for line in console_lines(self.dt.events) if line.startswith(prefix)][-1]


def start(dt, url, out, w, h):
    dt.call("Emulation.setDeviceMetricsOverride", width=w, height=h, deviceScaleFactor=3, mobile=True)
    dt.call("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=5)
    dt.call("Emulation.setFocusEmulationEnabled", enabled=True)
    dt.call("Page.navigate", url=url)
    dt.pump(1)
    dt.call("Runtime.evaluate", expression="localStorage.clear()")
    dt.events.clear()
    dt.call("Page.reload")
    p = Tour(dt, out, w, h, 3)
    p.wait_screen("Title", 40)
    end = time.time() + 40
    while time.time() < end and not any("speed probe" in line for line in console_lines(dt.events)):
        p.pump(0.5)
    return p


def play(p):
    """A solo game by touch: ready, served, moving, the pause button, paused, then
    quit to the name entry, save, the results and the high scores."""
    p.open('"Play"', "ModeSelect")
    p.open("Solo", "LevelSelect")
    p.open("Level(0)", "Playing")
    p.pump(0.3)
    p.shot("ready")
    strip_y = p.h * 0.95 if p.h > p.w else p.h * 0.8
    p.pump(1.2)
    p.tap(p.w / 2, strip_y)
    p.pump(0.4)
    p.shot("served")
    p.touch("touchStart", p.w / 2, strip_y)
    for k in range(1, 7):
        p.touch("touchMove", p.w / 2 - p.w * 0.05 * k, strip_y)
        p.pump(0.08)
    p.shot("moving")
    p.touch("touchEnd")
    p.pump(3)
    p.tap(p.w - 28, 28)
    p.wait_screen("Paused", 8)
    p.pump(0.6)
    p.shot("paused")
    here = p.screens()[-1]
    p.tap(*here[1][next(label for label in here[1] if label.startswith("EndGame"))])
    end = time.time() + 10
    while time.time() < end and p.screens()[-1][0] == "Paused":
        p.pump(0.3)
    p.pump(0.5)
    if p.screens()[-1][0] == "NameEntry":
        p.pump(0.6)
        p.shot("name-entry")
        p.tap(*p.item(p.screens()[-1], "NameDone"))
        p.pump(2)
    here = p.screens()[-1]
    if here[0] != "Title":
        p.shot("results")
        p.open(next(label for label in here[1] if label.startswith("EndGame")), "Title")
    p.open("High scores", "HighScores")
    p.pump(0.6)
    p.shot("high-scores")
    p.open("Back", "Title")


def lab_and_editor(p):
    p.open("Settings", "Settings")
    p.pump(0.6)
    p.shot("settings")
    p.open("Back", "Title")
    p.tap(*p.item(p.screens()[-1], "Lab"))
    p.pump(2)
    p.shot("lab")
    bx, by = map(float, re.search(r"Back at (-?\d+),(-?\d+)", p.logged("lab buttons:")).groups())
    p.tap(bx, by)
    p.wait_screen("Title", 8)
    p.tap(*p.item(p.screens()[-1], "Editor"))
    p.pump(2)
    m = re.search(r"arena at (-?[\d.]+),(-?[\d.]+) scale ([\d.]+); (.*)", p.logged("editor layout:"))
    ox, oy, scale = float(m.group(1)), float(m.group(2)), float(m.group(3))
    buttons = {}
    for part in m.group(4).split("; "):
        name, _, at = part.rpartition(" at ")
        buttons[name] = tuple(map(float, at.split(",")))
    for col in range(4):
        p.tap(ox + (125 + 50 * col) * scale, oy + 423 * scale)
        p.pump(0.3)
    p.shot("editor")
    # A new level is a versus level: "play solo" would refuse it.
    p.tap(*buttons["play vs"])
    p.pump(2.5)
    p.shot("test-play")
    # Test-play's Back sits where the pause button is.
    p.tap(p.w - 40, 28)
    p.pump(1.5)
    p.shot("editor-after-test-play")
    p.tap(*buttons["< back"])
    p.wait_screen("Title", 8)


def online(p):
    """The lobby by keys (it logs no item places): its first page, Host's level
    page, Join's code page."""
    if not any("online" in label.lower() for label in p.screens()[-1][1]):
        print(f"{p.tag}: no online item (a build without the online feature)")
        return
    p.tap(*p.item(p.screens()[-1], "online"))
    p.pump(1.5)
    p.dt.call("Runtime.evaluate", expression="document.getElementById('glcanvas').focus()")
    p.shot("online")
    key(p.dt, "Enter", 1.0)
    p.shot("online-host")
    key(p.dt, "Escape", 1.0)
    key(p.dt, "ArrowDown")
    key(p.dt, "Enter", 1.0)
    p.shot("online-join")


def main():
    url, out = sys.argv[1], sys.argv[2]
    sizes = [tuple(int(v) for v in a.split("x")) for a in sys.argv[3:]] or [(390, 844), (844, 390)]
    os.makedirs(out, exist_ok=True)
    with chromium(390, 844) as (_chrome, dt):
        dt.ws.sock.settimeout(120)
        for w, h in sizes:
            p = start(dt, url, out, w, h)
            p.shot("title")
            play(p)
            lab_and_editor(p)
            online(p)
            errors = page_errors(dt.events)
            assert not errors, f"{p.tag}: the page logged errors:\n" + "\n".join(map(str, errors))
            print(f"tour {p.tag}: {p.n} screens in {out}")


if __name__ == "__main__":
    main()
