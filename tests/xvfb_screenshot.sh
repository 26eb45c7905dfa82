#!/usr/bin/env bash
# Runs the real game in a virtual X display (attract mode, 300 frames) at a phone,
# a portrait, a landscape and a desktop size, saves each last frame, and checks the
# picture (and every text's box) against where the game says things are.
# Needs: xvfb, libgl1-mesa-dri, imagemagick (installed by .ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-target/xvfb}"
mkdir -p "$out"
bin=target/release/arkanong
[ -x "$bin" ] || cargo build --release
source tests/xvfb_start.sh
start_xvfb "$out" 1920x1080x24
export ARKANONG_DATA_DIR="$out/data"
for size in 390x844 1280x720 720x900 1920x1080; do
  shot="$out/demo-$size.png"
  DISPLAY="$display" timeout 300 "$bin" --demo --frames 300 --seed 3 --size "$size" --screenshot "$shot" 2>"$out/stderr-$size.txt" || {
    echo "the game failed at $size:"; grep -v ALSA "$out/stderr-$size.txt" | tail -20; exit 1; }
  python3 tests/xvfb_screenshot.py "$shot" "$size"
done
# No --size (issue 40 bug 4): the default window fits a 1280x800 screen with a
# title bar and a taskbar (80 px), and everything in it is where the game says.
shot="$out/demo-default.png"
DISPLAY="$display" timeout 300 "$bin" --demo --frames 300 --seed 3 --screenshot "$shot" 2>"$out/stderr-default.txt" || {
  echo "the game failed with no --size:"; grep -v ALSA "$out/stderr-default.txt" | tail -20; exit 1; }
default_size=$(python3 - "$shot" <<'PY'
import struct, sys
with open(sys.argv[1], "rb") as f:
    w, h = struct.unpack(">II", f.read(24)[16:24])
assert w <= 1280 and h + 80 <= 800, f"the default window {w}x{h} does not fit 1280x800 with its title bar"
print(f"{w}x{h}")
PY
)
python3 tests/xvfb_screenshot.py "$shot" "$default_size"
echo "default window $default_size fits 1280x800"
# Portrait phones (issue 23): the scores read at a glance, in a line box of 28 px
# or more, inside the window, off the arena and clear of every other text.
for run in "versus 390x844 2" "solo 390x844 1" "solo 360x640 1"; do
  read -r mode size scores <<<"$run"
  shot="$out/scores-$mode-$size.png"
  DISPLAY="$display" timeout 300 "$bin" --level levels/01_first_contact.txt --mode "$mode" --frames 120 --seed 3 --size "$size" --screenshot "$shot" 2>"$out/stderr-scores.txt" || {
    echo "the game failed at $size ($mode):"; grep -v ALSA "$out/stderr-scores.txt" | tail -20; exit 1; }
  python3 tests/xvfb_screenshot.py "$shot" "$size" --scores "$scores"
done
# The high-contrast setting, from a settings file as a player's would be saved.
mkdir -p "$out/data-hc"
printf 'high_contrast = true\n' >"$out/data-hc/settings.txt"
DISPLAY="$display" ARKANONG_DATA_DIR="$out/data-hc" timeout 300 "$bin" --demo --frames 300 --seed 3 --size 720x900 --screenshot "$out/high-contrast-720x900.png" 2>"$out/stderr-hc.txt" || {
  echo "the game failed in high contrast:"; grep -v ALSA "$out/stderr-hc.txt" | tail -20; exit 1; }
python3 tests/xvfb_screenshot.py "$out/high-contrast-720x900.png" 720x900
# The two owners stay apart for deuteranopes and protanopes (Machado et al. 2009
# simulation), in the default palette and in high contrast.
python3 tests/deuteranopia.py "$out/demo-720x900.png.json" "$out/high-contrast-720x900.png.json"
# The collision lab: every scene `arkanong lab --list` names, 30 frames each, its
# sidecar's readouts and handles checked against the picture.
shots=()
for scene in $("$bin" lab --list | cut -d' ' -f1); do
  DISPLAY="$display" timeout 60 "$bin" lab "$scene" --frames 30 --screenshot "$out/lab-$scene.png" 2>"$out/lab-stderr.txt" || {
    echo "the lab failed on $scene:"; grep -v ALSA "$out/lab-stderr.txt" | tail -20; exit 1; }
  shots+=("$out/lab-$scene.png")
done
python3 tests/xvfb_lab.py "${shots[@]}"
# The lab on phones (issue 13): every scene at 390x844 and 360x640, 30 frames
# each, every text inside the window, at least 12 px and clear of the others.
for size in 390x844 360x640; do
  for scene in $("$bin" lab --list | cut -d' ' -f1); do
    shot="$out/lab-$scene-$size.png"
    DISPLAY="$display" timeout 60 "$bin" lab "$scene" --frames 30 --size "$size" --screenshot "$shot" 2>"$out/lab-stderr.txt" || {
      echo "the lab failed on $scene at $size:"; grep -v ALSA "$out/lab-stderr.txt" | tail -20; exit 1; }
    python3 tests/xvfb_screenshot.py "$shot" "$size" --texts-only >/dev/null || { echo "lab $scene at $size: see $shot"; exit 1; }
  done
done
echo "lab texts ok at 390x844 and 360x640"
# The level editor: a shipped level and a new file (same display).
bash tests/xvfb_editor.sh "$display" "$out"
# Every window path without a sound device: one "playing silent" line, no panic.
bash tests/xvfb_no_sound.sh "$display" "$out"
