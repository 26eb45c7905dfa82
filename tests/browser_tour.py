#!/usr/bin/env python3
"""The browser build's screens at a phone and a laptop size, for a person to look
at (the browser half of tests/screen_tour.sh): headless Chromium over the DevTools
protocol (the client of tests/browser_test.py), the page resized with
Emulation.setDeviceMetricsOverride, touch emulated at the phone size. For each
size: the title, the level select, a solo game (a tap serves on the phone, which
also brings up the touch strip) and the pause menu.

Usage: browser_tour.py URL OUT_DIR. Writes OUT_DIR/browser-WxH_NN_screen.png.
"""
import base64
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from browser_test import chromium, page_errors  # noqa: E402

KEYS = {"ArrowDown": 40, "ArrowUp": 38, "Enter": 13, "Escape": 27, "p": 80}


def key(dt, name, wait=0.3):
    for kind in ["rawKeyDown", "keyUp"]:
        dt.call("Input.dispatchKeyEvent", type=kind, key=name, code=name, windowsVirtualKeyCode=KEYS[name])
        dt.pump(0.1)
    dt.pump(wait)


def tap(dt, x, y):
    for kind in ["touchStart", "touchEnd"]:
        points = [{"x": x, "y": y}] if kind == "touchStart" else []
        dt.call("Input.dispatchTouchEvent", type=kind, touchPoints=points)
        dt.pump(0.1)


def tour(dt, url, out, w, h, phone):
    dt.call("Emulation.setDeviceMetricsOverride", width=w, height=h, deviceScaleFactor=1, mobile=phone)
    dt.call("Emulation.setTouchEmulationEnabled", enabled=phone, maxTouchPoints=5 if phone else 1)
    dt.events.clear()
    dt.call("Page.navigate", url=url)
    dt.pump(8)
    dt.call("Runtime.evaluate", expression="document.getElementById('glcanvas').focus()")
    n = 0

    def shot(name):
        nonlocal n
        n += 1
        path = os.path.join(out, f"browser-{w}x{h}_{n:02d}_{name}.png")
        open(path, "wb").write(base64.b64decode(dt.call("Page.captureScreenshot", format="png")["data"]))
        print(path)

    shot("title")
    key(dt, "Enter")  # Play
    key(dt, "Enter", 0.8)  # Solo
    shot("level-select")
    key(dt, "Enter", 2.0)  # the first level
    shot("solo-ready")
    if phone:
        tap(dt, w // 2, h - 40)  # a tap serves, and shows the touch strip from now on
    else:
        dt.call("Input.dispatchKeyEvent", type="keyDown", key=" ", code="Space", windowsVirtualKeyCode=32, text=" ")
        dt.call("Input.dispatchKeyEvent", type="keyUp", key=" ", code="Space", windowsVirtualKeyCode=32)
    dt.pump(1.5)
    shot("solo-rally")
    key(dt, "Escape", 0.8)
    shot("paused")
    errors = page_errors(dt.events)
    if errors:
        print(f"{w}x{h}: the page logged errors:\n" + "\n".join(map(str, errors)))


def main():
    url, out = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    with chromium(1280, 900) as (_chrome, dt):
        tour(dt, url, out, 390, 844, True)
        tour(dt, url, out, 1280, 720, False)


if __name__ == "__main__":
    main()
