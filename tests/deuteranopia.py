#!/usr/bin/env python3
"""How far apart the two owners' colours stay for a deuteranope.

Usage: deuteranopia.py SHOT.png.json  (a screenshot sidecar: reads the paddles'
colours). Applies Machado, Oliveira and Fernandes (2009)'s deuteranopia matrix
(severity 1.0) in linear RGB, then compares the two colours in CIELAB (CIE76
delta E, where about 2.3 is just noticeable and 40 or more is far apart). Fails
if the simulated colours are closer than MIN_DELTA_E.
"""
import json
import sys

MIN_DELTA_E = 40.0
MACHADO_DEUTERANOPIA = [
    [0.367322, 0.860646, -0.227968],
    [0.280085, 0.672501, 0.047413],
    [-0.011820, 0.042940, 0.968881],
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


def simulate(rgb):
    lin = [to_linear(c) for c in rgb]
    return [min(max(sum(m * v for m, v in zip(row, lin)), 0.0), 1.0) for row in MACHADO_DEUTERANOPIA]


def delta_e(a, b):
    return sum((p - q) ** 2 for p, q in zip(lab(a), lab(b))) ** 0.5


def main():
    info = json.load(open(sys.argv[1]))
    a, b = (p["color"] for p in info["paddles"][:2])
    seen = delta_e([to_linear(c) for c in a], [to_linear(c) for c in b])
    deut = delta_e(simulate(a), simulate(b))
    print(f"owners {a} and {b}: delta E {seen:.1f} for normal vision, {deut:.1f} for deuteranopia")
    assert deut >= MIN_DELTA_E, f"the owners are too close for a deuteranope: {deut:.1f} < {MIN_DELTA_E}"


if __name__ == "__main__":
    main()
