#!/usr/bin/env bash
# The level editor in the virtual display (called by xvfb_screenshot.sh with its
# display and output folder): `arkanong edit FILE --frames 60 --screenshot F.png`
# on a copy of a shipped level and on a file that does not exist. Checks that the
# sidecar lists the level's title among the texts drawn, that opening a level
# without editing leaves the file byte for byte as it was, and that a new level is
# not written until it is saved. At a phone, a portrait, a landscape and a desktop
# size, every text drawn (the palette's labels among them) is inside the window, at
# least 12 px tall and clear of the others (xvfb_screenshot.py's check).
set -euo pipefail
cd "$(dirname "$0")/.."
display="$1"
out="$2"
bin=target/release/arkanong
cp levels/10_crossfire.txt "$out/edit-shipped.txt"
rm -f "$out/edit-new.txt"
for name in shipped new; do
  file="$out/edit-$name.txt"
  shot="$out/editor-$name.png"
  DISPLAY="$display" timeout 120 "$bin" edit "$file" --frames 60 --size 720x900 --screenshot "$shot" 2>"$out/stderr-edit-$name.txt" || {
    echo "the editor failed on $name:"; grep -v ALSA "$out/stderr-edit-$name.txt" | tail -20; exit 1; }
  [ -s "$shot" ] || { echo "no editor screenshot for $name"; exit 1; }
done
for size in 390x844 1280x720 1920x1080; do
  DISPLAY="$display" timeout 120 "$bin" edit "$out/edit-shipped.txt" --frames 60 --size "$size" --screenshot "$out/editor-$size.png" 2>"$out/stderr-edit-$size.txt" || {
    echo "the editor failed at $size:"; grep -v ALSA "$out/stderr-edit-$size.txt" | tail -20; exit 1; }
done
# High contrast: a level with a staged bottom ball, with and without the setting.
cp levels/13_hex_duel.txt "$out/edit-duel.txt"
mkdir -p "$out/data-hc-editor"
printf 'high_contrast = true\n' >"$out/data-hc-editor/settings.txt"
for look in plain hc; do
  data="${ARKANONG_DATA_DIR:-$out/data}"; [ "$look" = hc ] && data="$out/data-hc-editor"
  DISPLAY="$display" ARKANONG_DATA_DIR="$data" timeout 120 "$bin" edit "$out/edit-duel.txt" --frames 60 --size 720x900 --screenshot "$out/editor-duel-$look.png" 2>"$out/stderr-edit-duel.txt" || {
    echo "the editor failed on the duel ($look):"; grep -v ALSA "$out/stderr-edit-duel.txt" | tail -20; exit 1; }
done
cmp levels/10_crossfire.txt "$out/edit-shipped.txt" || { echo "opening a level in the editor changed the file"; exit 1; }
[ ! -e "$out/edit-new.txt" ] || { echo "a new level was written without a save"; exit 1; }
python3 - "$out" <<'PY'
import json, sys
sys.path.insert(0, "tests")
from xvfb_screenshot import check_texts
out = sys.argv[1]
shots = {"720x900": "editor-shipped", "720x900 new": "editor-new"}
shots.update({s: f"editor-{s}" for s in ["390x844", "1280x720", "1920x1080"]})
for size, name in shots.items():
    w, h = map(int, size.split()[0].split("x"))
    side = json.load(open(f"{out}/{name}.png.json"))
    try:
        check_texts(side, w, h)
    except AssertionError as e:
        sys.exit(f"{name}.png ({size}): {e}")
for name, title in [("shipped", "Crossfire"), ("new", "New level")]:
    side = json.load(open(f"{out}/editor-{name}.png.json"))
    texts = [t["text"] for t in side["texts"]]
    assert title in texts, f"editor-{name}: title {title!r} not among the texts drawn: {texts}"
    for want in ["steel", "hex", "seg", "ball", "select", "undo"]:
        assert want in texts, f"editor-{name}: palette button {want!r} missing"
# The staged ball (400,780, owner bottom) wears the bottom owner's colour of the
# palette in use: src/shell/palette.rs's BOTTOM_COLOR, or HIGH_CONTRAST_BOTTOM.
from xvfb_screenshot import read_ppm
for look, want in [("plain", (77, 204, 255)), ("hc", (240, 227, 66))]:
    shot = f"{out}/editor-duel-{look}.png"
    side = json.load(open(shot + ".json"))
    (x0, y0), (x1, y1) = side["arena_min"], side["arena_max"]
    x, y = round(x0 + (x1 - x0) * 400 / 800), round(y0 + (y1 - y0) * 780 / 1000)
    w, h, data = read_ppm(shot)
    got = tuple(data[3 * (y * w + x): 3 * (y * w + x) + 3])
    assert all(abs(a - b) <= 30 for a, b in zip(got, want)), f"editor-duel-{look}: the bottom ball is {got}, not {want}"
print("xvfb editor: shipped level and new file open, titles drawn, files untouched, texts readable at 4 sizes")
PY
