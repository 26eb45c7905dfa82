#!/usr/bin/env bash
# Every window path without a sound device (issue 24): the game, the lab, the
# editor and the editor's test-play each print one line saying the game runs
# silent, and never a panic or a backtrace. Called by xvfb_screenshot.sh with its
# display and output folder. ALSA is handed an empty configuration, so there is no
# device even on a machine that has one.
set -euo pipefail
cd "$(dirname "$0")/.."
display="$1"
out="$2/no-sound"
mkdir -p "$out"
bin=target/release/arkanong
: >"$out/empty-alsa.conf"
export ALSA_CONFIG_PATH="$out/empty-alsa.conf"
export ARKANONG_DATA_DIR="$out/data"
# Fails when `$1`'s stderr has a panic line, or lacks the one "playing silent" line.
quiet() {
  if grep -nE "panicked|stack backtrace|RUST_BACKTRACE|Audio thread died" "$1"; then
    echo "$2 without a sound device printed a panic (see $1)"; exit 1
  fi
  [ "$(grep -c "playing silent" "$1")" = 1 ] || {
    echo "$2 without a sound device: expected one 'playing silent' line (see $1)"; exit 1; }
}
DISPLAY="$display" timeout 60 "$bin" --demo --frames 60 --size 720x900 2>"$out/game.txt"
quiet "$out/game.txt" "the game"
DISPLAY="$display" timeout 60 "$bin" lab --frames 60 --size 720x900 2>"$out/lab.txt"
quiet "$out/lab.txt" "arkanong lab"
cp levels/01_first_contact.txt "$out/edit.txt"
DISPLAY="$display" timeout 60 "$bin" edit "$out/edit.txt" --frames 60 --size 720x900 2>"$out/edit.txt.err"
quiet "$out/edit.txt.err" "arkanong edit"
# Test-play from the editor: its "play vs" button, clicked while the window runs.
DISPLAY="$display" timeout 60 "$bin" edit "$out/edit.txt" --frames 400 --size 720x900 \
  --screenshot "$out/test-play.png" 2>"$out/test-play.txt" &
game=$!
wid=$(DISPLAY="$display" xdotool search --sync --name Arkanong | head -1)
for _ in $(seq 50); do grep -q "editor layout:" "$out/test-play.txt" && break; sleep 0.1; done
read -r x y < <(grep "editor layout:" "$out/test-play.txt" | tail -1 | python3 -c "
import sys
for part in sys.stdin.read().strip().split('; ')[1:]:
    label, _, xy = part.rpartition(' at ')
    if label == 'play vs': print(*xy.split(','))")
DISPLAY="$display" xdotool mousemove --window "$wid" "$x" "$y" mousedown 1 sleep 0.1 mouseup 1
wait "$game"
quiet "$out/test-play.txt" "the editor's test-play"
echo "no sound device: game, lab, editor and test-play quiet"
