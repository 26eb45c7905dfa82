#!/usr/bin/env python3
"""Checks a screenshot of the real game against the JSON the game wrote beside it.

Usage: xvfb_screenshot.py SHOT.png [WxH] [--texts-only] [--scores N]  (reads SHOT.png.json;
needs ImageMagick's `convert` to turn the PNG into a plain PPM we can read without
libraries). With --texts-only (for screens with no arena, such as the collision
lab's) only the size, the texts and that the picture is not blank are checked.
With --scores N (a game in a phone's portrait window) the HUD must show N scores
(texts of digits only, outside the arena: the bricks' digits are inside it) whose
line box is at least SCORE_MIN_PX tall: a score read at a glance, clear of the
ball's play area and, as every text, of the other texts.

Passes when the picture has the size asked for and is not blank, the arena is where
the game says, each paddle and ball shows its owner's colour where the game says it
is, and every text the game drew lies inside the window, at least 12 px tall, and
overlaps no other text.
"""
import json
import subprocess
import sys


def read_ppm(path):
    raw = subprocess.run(["/usr/bin/convert", path, "-depth", "8", "ppm:-"], check=True, capture_output=True).stdout
    # Header: P6\n W H\n 255\n (ImageMagick writes no comments here).
    parts = raw.split(b"\n", 3)
    assert parts[0] == b"P6", parts[0]
    w, h = map(int, parts[1].split())
    return w, h, parts[3]


MIN_TEXT_PX = 12


def check_texts(info, w, h):
    """Every text inside the window, readable, and clear of the others."""
    texts = info["texts"]
    assert texts, "the game drew no text"
    # A sidecar from before the faces (no "text_face") is the pixel font's.
    face = info.get("text_face", "macroquad pixel font")
    leading = MARK_LEADING_PX.get(face, 0.0)
    problems = []
    for t in texts:
        x, y, tw, th = t["rect"]
        if x < -0.5 or y < -0.5 or x + tw > w + 0.5 or y + th > h + 0.5:
            problems.append(f"{t['text']!r} at {t['rect']} leaves the {w}x{h} window")
        # The box is the line's (ascender to descender, the same for every text
        # of a size): 10 px for macroquad's 12 px font, so 12 px text or larger
        # has a box of at least 0.8 x 12 px.
        if th < MIN_TEXT_PX * 0.8 - 0.05:
            problems.append(f"{t['text']!r} is only {th:.1f} px tall")
    for i, a in enumerate(texts):
        for b in texts[i + 1:]:
            # A score pop-up ("+2", "+1 (8 in a row)") rises over the field for a
            # moment and may cross a brick's hit-points digit: that is the game,
            # not a layout fault. Pop-ups against the HUD or each other still count.
            if is_popup(a) != is_popup(b) and min(len(a["text"]), len(b["text"])) == 1:
                continue
            # Two bricks' marks in rows one above the other (a hit-point digit, a
            # capsule's capital) may share the face's leading (see MARK_LEADING_PX):
            # their ink does not meet. Straight above or staggered (a hexagon
            # lattice's rows are offset: the editor's at 390x844 by 5 px), the
            # rows' distance alone bounds what they share. Beside each other, or
            # overlapping more, still counts.
            if brick_mark(a) and brick_mark(b) \
                    and abs(a["rect"][1] - b["rect"][1]) >= a["rect"][3] - leading:
                continue
            if overlap(a["rect"], b["rect"]) > 1.0:
                problems.append(f"{a['text']!r} {a['rect']} overlaps {b['text']!r} {b['rect']}")
    assert not problems, "\n".join(problems)


SCORE_MIN_PX = 28


# How much line box two one-character brick marks in neighbouring rows may share,
# pixels, by the text face the sidecar names ("text_face"). A line box is the face's
# ascender to descender, taller than a digit's or a capital's ink: Noto Sans Mono's
# is 13 px at 12 px, its capitals and digits 9, and the default window's bricks are
# 11 px apart, so marks in neighbouring rows share up to 3 px of leading while the
# ink stays apart. macroquad's pixel font (10 px box at 12 px) needs none.
MARK_LEADING_PX = {"Noto Sans Mono": 3.0}


def brick_mark(t):
    """A brick's one-character mark: a hit-point digit or a capsule's capital
    (neither has a descender)."""
    return len(t["text"]) == 1 and (t["text"].isdigit() or t["text"].isupper()) and t["text"] not in "QJ"


def is_popup(t):
    """A score pop-up: "+N", with its words after."""
    return t["text"].startswith("+") and t["text"][1:2].isdigit()


def check_scores(info, want):
    """`want` scores of digits outside the arena, each line box SCORE_MIN_PX or taller."""
    (ax0, ay0), (ax1, ay1) = info["arena_min"], info["arena_max"]
    arena = [ax0, ay0, ax1 - ax0, ay1 - ay0]
    scores = [t for t in info["texts"] if t["text"].isdigit() and overlap(t["rect"], arena) == 0]
    assert len(scores) == want, f"{len(scores)} scores outside the arena, not {want}: {scores}"
    small = [t for t in scores if t["rect"][3] < SCORE_MIN_PX]
    assert not small, f"scores smaller than a {SCORE_MIN_PX} px line: {small}"
    return scores


def overlap(a, b):
    """The area two [x, y, w, h] boxes share."""
    dx = min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0])
    dy = min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1])
    return max(dx, 0) * max(dy, 0)


def main():
    args = sys.argv[1:]
    want_scores = None
    if "--scores" in args:
        at = args.index("--scores")
        want_scores = int(args[at + 1])
        del args[at:at + 2]
    texts_only = "--texts-only" in args
    args = [a for a in args if a != "--texts-only"]
    shot = args[0]
    info = json.load(open(shot + ".json"))
    w, h, data = read_ppm(shot)
    assert (w, h) == (info["width"], info["height"]), f"size {w}x{h} vs {info['width']}x{info['height']}"

    def px(x, y):
        x, y = int(round(x)), int(round(y))
        i = (y * w + x) * 3
        return tuple(data[i:i + 3])

    def near(c, want, tol=60):
        return all(abs(a - b) <= tol for a, b in zip(c, want))

    if len(args) > 1:
        want = tuple(map(int, args[1].lower().split("x")))
        assert (w, h) == want, f"window {w}x{h}, asked for {want[0]}x{want[1]}"
    check_texts(info, w, h)
    if want_scores is not None:
        scores = check_scores(info, want_scores)
        said = ", ".join("%s in a %.0f px line" % (t["text"], t["rect"][3]) for t in scores)
        print(f"scores ok: {said}")

    colours = {px(x, y) for x in range(0, w, 7) for y in range(0, h, 7)}
    assert len(colours) > 12, f"the picture is nearly blank ({len(colours)} colours)"
    if texts_only:
        print(f"screenshot ok: {w}x{h}, {len(info['texts'])} texts, {len(colours)} colours")
        return

    # The arena floor is darker blue-grey, the letterbox (if any) darker still.
    ax0, ay0 = info["arena_min"]
    ax1, ay1 = info["arena_max"]
    assert max((ax1 - ax0) / w, (ay1 - ay0) / h) > 0.6, "the arena fills most of the window one way"

    failures = []
    for p in info["paddles"]:
        x, y = p["at"]
        if not near(px(x, y), p["color"]):
            failures.append(f"paddle at {p['at']}: {px(x, y)} is not {p['color']}")
    # Every ball must show, but text or a spark may cover one now and then: require
    # at least one, and three in four of those on screen.
    seen, matched, misses = 0, 0, []
    for b in info["balls"]:
        x, y = b["at"]
        if not (0 <= x < w and 0 <= y < h):
            continue
        # The ball's highlight sits up-left of centre: look at a ring of points
        # inside the ball and require most to be the owner's colour.
        r = b["radius"] * 0.5
        points = [(x + dx * r, y + dy * r) for dx, dy in [(0.6, 0.6), (0.8, 0), (0, 0.8), (0.6, -0.2), (-0.2, 0.6)]]
        hits = sum(near(px(*q), b["color"], 70) for q in points)
        if hits >= 3:
            matched += 1
        else:
            misses.append(f"ball at {b['at']}: {[px(*q) for q in points]} not mostly {b['color']}")
        seen += 1
    assert seen > 0, "no ball on screen"
    if matched == 0 or matched * 4 < seen * 3:
        failures.extend(misses)
    assert not failures, "\n".join(failures)
    print(f"screenshot ok: {w}x{h}, {len(info['texts'])} texts, {len(colours)} colours, {len(info['paddles'])} paddles, {matched} of {seen} balls where the game says")


if __name__ == "__main__":
    main()
