#!/usr/bin/env bash
# A designer's session in the level editor, driven by xdotool in a virtual display:
# a new versus level from nothing (bricks, two mirrored hexagons, a segment
# deflector, a staged ball), test-played, saved, then checked with `arkanong
# check`. Screenshots go to OUT (default target/xvfb-editor). Not part of the CI
# run (it takes about a minute); the issue's "Done when" walk-through.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-target/xvfb-editor}"
mkdir -p "$out"
bin=target/release/arkanong
level="$out/hex_duel.txt"
rm -f "$level"
Xvfb -displayfd 3 -screen 0 1280x1000x24 3>"$out/xvfb-display" >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb 2>/dev/null || true; [ -n "${game:-}" ] && kill $game 2>/dev/null || true' EXIT
for _ in $(seq 50); do [ -s "$out/xvfb-display" ] && break; sleep 0.1; done
export DISPLAY=":$(cat "$out/xvfb-display")"
export ARKANONG_DATA_DIR="$out/data"
"$bin" edit "$level" --size 720x900 2>"$out/stderr.txt" &
game=$!
wid=$(xdotool search --sync --name Arkanong | head -1)
sleep 1
# No window manager: give the window the keyboard focus by hand.
xdotool windowfocus --sync "$wid" 2>/dev/null || true
# Where things are: the editor logs its layout (the palette flows with the
# window's width) to stderr; read its last line.
layout() { grep "editor layout:" "$out/stderr.txt" | tail -1; }
at() { # world x y -> window pixels
  layout | python3 -c "import re,sys; m=re.search(r'arena at ([\d.]+),([\d.]+) scale ([\d.]+)', sys.stdin.read()); x,y,s=map(float,m.groups()); print(round(x+s*$1), round(y+s*$2))"; }
move() { xdotool mousemove --window "$wid" "$@"; sleep 0.08; }
click_px() { move "$1" "$2"; xdotool mousedown 1; sleep 0.08; xdotool mouseup 1; sleep 0.15; }
click() { click_px $(at "$1" "$2"); }
button() { # the palette button labelled $1
  click_px $(layout | python3 -c "
import sys
for part in sys.stdin.read().split('; ')[1:]:
    label, _, xy = part.strip().rpartition(' at ')
    if label == sys.argv[1]: print(*xy.split(','))" "$1"); }
palette_bottom() { # the palette's height, pixels
  layout | python3 -c "import sys; print(max(int(p.rpartition(',')[2]) for p in sys.stdin.read().split('; ')[1:]) + 16)"; }
key() { xdotool key "$@"; sleep 0.15; }
shot() { sleep 0.3; import -window "$wid" "$out/$1.png"; }
cell() { # row column -> world centre of the new level's 12x8 grid
  echo "$((125 + 50 * $2)) $((423 + 22 * $1))"; }
stroke() { # row, first column, last column
  move $(at $(cell "$1" "$2")); xdotool mousedown 1; sleep 0.08
  for c in $(seq "$2" "$3"); do move $(at $(cell "$1" "$c")); done
  xdotool mouseup 1; sleep 0.15; }

shot 01-new
# Settings: the title, then versus rules.
button settings
top=$(palette_bottom)
click_px 400 $((top + 76))   # the title's field (first row of the form)
key --repeat 12 --delay 60 BackSpace
xdotool type --delay 60 "Hex Duel"; key Return
click_px 400 $((top + 132))   # mode: third row
key --repeat 8 --delay 60 BackSpace
xdotool type --delay 60 "versus"; key Return
shot 02-settings
button settings
# Bricks: a steel spine between two rows of 2s and 1s, one capsule.
button 2; stroke 2 1 10
button 1; stroke 3 2 9; stroke 4 2 9
button steel; stroke 3 0 0; stroke 3 11 11; stroke 4 0 0; stroke 4 11 11
button 2; stroke 5 1 10
button cap; click $(cell 2 5); click $(cell 2 5); click $(cell 5 6)
# Two hexagons, mirrored top to bottom (each player gets one).
button hex; click 170 300; key shift+m
# A segment deflector, turned by dragging one end, mirrored the same way.
button seg; click 560 290
move $(at 620 290); xdotool mousedown 1; sleep 0.08; move $(at 640 300); move $(at 630 330); xdotool mouseup 1; sleep 0.15
key shift+m
# A staged ball: press where it starts, drag its velocity arrow.
button ball
move $(at 400 780); xdotool mousedown 1; sleep 0.08; move $(at 440 750); move $(at 460 700); xdotool mouseup 1; sleep 0.2
shot 03-built
# Test-play against the CPU, then back.
key p; sleep 3; shot 04-test-play
key Escape; shot 05-back
key ctrl+s; shot 06-saved
kill $game; wait $game 2>/dev/null || true; game=
"$bin" check "$level"
echo "----- $level"
cat "$level"
