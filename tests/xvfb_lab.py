#!/usr/bin/env python3
"""Checks the collision lab's screenshots against their sidecars.

Usage: xvfb_lab.py SHOT.png...  (each with SHOT.png.json beside it; needs
ImageMagick's `convert`).

Each picture must not be blank, must show a white handle ring at every handle the
sidecar lists, and its readouts must be there; for the scenes whose first preset
is a tutorial's worked example, the readouts must show the tutorial's numbers.
Each figure name must be drawn inside the box the headless placement kept clear
of the figure (`labels`): the estimate of the font's size it placed with holds.
"""
import json
import subprocess
import sys

# The first preset of these scenes, and what the game's own functions must say.
EXPECTED = {
    "segment-crossing": {"crossing": "(4, 3)", "u_a": "0.5", "u_b": "0.5", "case": "crossing"},
    "swept-circle": {"d1": "5", "d2": "-3", "t = (r - d1) / (d2 - d1)": "0.5",
                     "time of impact t": "0.5", "normal": "(0, 1)"},
    "hexagon-corner": {"Arkanong normal": "(1, 0)", "paths part by (degrees)": "60"},
}


def read_ppm(path):
    raw = subprocess.run(["/usr/bin/convert", path, "-depth", "8", "ppm:-"], check=True, capture_output=True).stdout
    parts = raw.split(b"\n", 3)
    w, h = map(int, parts[1].split())
    return w, h, parts[3]


def check_label_boxes(shot, info):
    """Every placed name is drawn, and its text's line box lies in its placed box
    (half a pixel of rounding allowed)."""
    drawn = [t for t in info["texts"]]
    for label in info["labels"]:
        x, y, w, h = label["box"]
        inside = [t for t in drawn if t["text"] == label["text"]
                  and x - 0.5 <= t["rect"][0] and t["rect"][0] + t["rect"][2] <= x + w + 0.5
                  and y - 0.5 <= t["rect"][1] and t["rect"][1] + t["rect"][3] <= y + h + 0.5]
        assert inside, (f"{shot}: {label['text']!r} is not drawn inside its box {label['box']} "
                        f"(drawn: {[t['rect'] for t in drawn if t['text'] == label['text']]})")


def check(shot):
    info = json.load(open(shot + ".json"))
    w, h, data = read_ppm(shot)
    assert (w, h) == (info["width"], info["height"]), f"{shot}: size {w}x{h}"

    def px(x, y):
        i = (int(y) * w + int(x)) * 3
        return tuple(data[i:i + 3])

    colours = {px(x, y) for x in range(0, w, 7) for y in range(0, h, 7)}
    assert len(colours) > 12, f"{shot}: nearly blank ({len(colours)} colours)"
    readouts = {r["name"]: r["value"] for r in info["readouts"]}
    assert readouts, f"{shot}: no readouts"
    # Every text drawn is listed, as in the game's sidecar: the scene's title, and
    # each readout's value among them.
    texts = [t["text"] for t in info["texts"]]
    assert any(t.startswith("Collision lab") for t in texts), f"{shot}: no title among {texts[:5]}"
    for r in info["readouts"]:
        assert r["value"] in texts, f"{shot}: readout {r['name']} = {r['value']!r} not among the texts drawn"
    for t in info["texts"]:
        x, y, tw, th = t["rect"]
        assert 0 <= x and x + tw <= w + 1 and 0 <= y and y + th <= h + 1, f"{shot}: {t['text']!r} at {t['rect']} is outside the window"
    if info["scene"] == "live-world":
        # The real game moves on its own, so the numbers vary with the frame rate;
        # each readout the issue names must be there, and the counts be counts.
        for name in ("step", "balls", "contacts this step", "contacts kept", "earliest toi"):
            assert name in readouts, f"{shot}: no {name!r} readout"
        assert int(readouts["step"]) >= 100, f"{shot}: step {readouts['step']}"
        assert int(readouts["contacts kept"]) >= int(readouts["contacts this step"]) >= 0
    for name, want in EXPECTED.get(info["scene"], {}).items():
        assert readouts.get(name) == want, f"{shot}: {name} = {readouts.get(name)!r}, want {want!r}"
    for handle in info["handles"]:
        x, y = handle["at"]
        ring = [(x + dx, y + dy) for dx in range(-10, 11) for dy in range(-10, 11)
                if 0 <= x + dx < w and 0 <= y + dy < h and 7 <= (dx * dx + dy * dy) ** 0.5 <= 10]
        bright = sum(1 for q in ring if min(px(*q)) > 150)
        assert bright >= 6, f"{shot}: handle {handle['name']} at {handle['at']} is not drawn ({bright} bright pixels)"
    check_label_boxes(shot, info)
    print(f"lab {info['scene']} ok: {len(info['labels'])} names in their boxes, {len(readouts)} readouts, {len(info['texts'])} texts, {len(info['handles'])} handles drawn, {len(colours)} colours")


if __name__ == "__main__":
    for shot in sys.argv[1:]:
        check(shot)
