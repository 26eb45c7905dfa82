#!/usr/bin/env bash
# A contact sheet of the game's frames 0.1 s apart (issue 41, item 7): the game
# runs in a virtual X display sized to its window, and `xwd` grabs the screen
# raw every 0.1 s of wall-clock time (the game's clock is real time, so that is
# 0.1 s of play apart); ImageMagick then crops each to CROP and `montage` lays
# them out 4 a row, half size.
# Usage: bash tests/contact_sheet.sh [OUT.png] [LEVEL] [SIZE] [CROP] [N] [START]
#   default: docs/look/contact-sheet.png, Grand Duel, 1280x720, the arena
#   (600x720+340+0), 12 frames, the first 8 s after the game starts. Every
#   frame stays in target/contact-sheet/ (frame-NN.png, and when each was
#   grabbed in times.txt), to pick a moment's frames from a longer run.
# Needs: xvfb, x11-apps (xwd), imagemagick (installed by .ci/run).
set -euo pipefail
cd "$(dirname "$0")/.."
out_png="${1:-docs/look/contact-sheet.png}"
level="${2:-levels/duels/14_grand_duel.txt}"
size="${3:-1280x720}"
crop="${4:-600x720+340+0}"
n="${5:-12}"
start="${6:-8}"
work=target/contact-sheet
rm -rf "$work"
mkdir -p "$work/data"
bin=target/release/arkanong
[ -x "$bin" ] || cargo build --release
source tests/xvfb_start.sh
start_xvfb "$work" "${size}x24"
DISPLAY="$display" ARKANONG_DATA_DIR="$work/data" "$bin" --demo --level "$level" --seed 3 \
  --size "$size" --frames 100000 >"$work/log.txt" 2>&1 &
game=$!
trap 'kill $game 2>/dev/null || true; kill $xvfb 2>/dev/null || true' EXIT
# Into play: the serve comes a few seconds in.
sleep "$start"
# The grabs, on a 0.1 s beat from the first (python3 keeps the beat).
DISPLAY="$display" python3 - "$work" "$crop" "$n" <<'PY'
import subprocess, sys, time
work, crop, n = sys.argv[1], sys.argv[2], int(sys.argv[3])
start = time.monotonic()
for i in range(n):
    time.sleep(max(0.0, start + i * 0.1 - time.monotonic()))
    at = time.monotonic() - start
    # xwd dumps the screen raw (a few ms); import's PNG encoding took 0.5 s
    # a frame on a loaded machine, far off the beat. Converted after.
    with open(f"{work}/frame-{i:02d}.xwd", "wb") as raw:
        subprocess.run(["xwd", "-root", "-silent"], stdout=raw, check=True)
    with open(f"{work}/times.txt", "a") as times:
        times.write(f"frame-{i:02d} {at:.2f}\n")
PY
for raw in "$work"/frame-*.xwd; do
  convert "$raw" -crop "$crop" +repage "${raw%.xwd}.png"
  rm "$raw"
done
kill $game 2>/dev/null || true
montage "$work"/frame-*.png -tile 4x -geometry "+2+2" -background "#05081a" -strip "$work/sheet.png"
convert "$work/sheet.png" -resize 50% +dither -colors 96 "PNG8:$out_png"
echo "contact sheet: $out_png ($n frames 0.1 s apart, $(stat -c %s "$out_png") bytes)"
