#!/usr/bin/env python3
"""How far apart the two owners' colours stay for deuteranopes and protanopes.

Usage: deuteranopia.py SHOT.png.json...  (screenshot sidecars: reads the paddles'
colours; the Xvfb test passes the default palette's and the high-contrast one's).
Applies Machado, Oliveira and Fernandes (2009)'s deuteranopia and protanopia
matrices (severity 1.0) in linear RGB, then compares the two colours in CIELAB
(CIE76 delta E, where about 2.3 is just noticeable and 40 or more is far apart).
Fails if either simulation brings the colours closer than MIN_DELTA_E.
"""
import json
import sys

MIN_DELTA_E = 40.0
MACHADO_DEUTERANOPIA = [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.011820, 0.042940, 0.968881],
]
MACHADO_PROTANOPIA = [
    [0.152286, 1.052583, -0.204868],
    [0.114503, 0.786281, 0.099216],
    [-0.003882, -0.048116, 1.051998],
]


def to_linear(c):
    c = c / 255.0
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def lab(rgb_linear):
    r, g, b = rgb_linear
    x = 0.4124 * r + 0.3576 * g + 0.1805 * b
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = 0.0193 * r + 0.1192 * g + 0.9505 * b
    f = lambda t: t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    fx, fy, fz = f(x / 0.95047), f(y / 1.0), f(z / 1.08883)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def simulate(rgb, matrix):
    lin = [to_linear(c) for c in rgb]
    return [min(max(sum(m * v for m, v in zip(row, lin)), 0.0), 1.0) for row in matrix]


def delta_e(a, b):
    return sum((p - q) ** 2 for p, q in zip(lab(a), lab(b))) ** 0.5


def check(sidecar):
    info = json.load(open(sidecar))
    # The owners' own colours: a paddle as drawn may be lit by the other side's
    # ball for a moment (the attract follows real time, so a frame can land on
    # a hit: the top paddle came out (130,204,235), lit cyan, at 720x900).
    a, b = (p.get("owner", p["color"]) for p in info["paddles"][:2])
    seen = delta_e([to_linear(c) for c in a], [to_linear(c) for c in b])
    deut = delta_e(simulate(a, MACHADO_DEUTERANOPIA), simulate(b, MACHADO_DEUTERANOPIA))
    prot = delta_e(simulate(a, MACHADO_PROTANOPIA), simulate(b, MACHADO_PROTANOPIA))
    print(
        f"{sidecar}: owners {a} and {b}: delta E {seen:.1f} for normal vision, "
        f"{deut:.1f} for deuteranopia, {prot:.1f} for protanopia"
    )
    assert deut >= MIN_DELTA_E, f"the owners are too close for a deuteranope: {deut:.1f} < {MIN_DELTA_E}"
    assert prot >= MIN_DELTA_E, f"the owners are too close for a protanope: {prot:.1f} < {MIN_DELTA_E}"
    return a, b


def main():
    pairs = [check(sidecar) for sidecar in sys.argv[1:]]
    assert pairs, "give at least one screenshot sidecar"
    # Later sidecars are other palettes (high contrast): they must really differ.
    for pair in pairs[1:]:
        assert pair != pairs[0], f"{pair} is the first sidecar's pair: the setting did not apply"


if __name__ == "__main__":
    main()
