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
# The layout of a 720x900 window: two palette rows of 30 px, the arena scaled by
# 0.74 from (64, 64), the diagnostics panel below.
at() { # world x y -> window pixels
  python3 -c "print(round(64 + 0.74 * $1), round(64 + 0.74 * $2))"; }
move() { xdotool mousemove --window "$wid" "$@"; sleep 0.08; }
click_px() { move "$1" "$2"; xdotool mousedown 1; sleep 0.08; xdotool mouseup 1; sleep 0.15; }
click() { click_px $(at "$1" "$2"); }
button() { # row index, button index, buttons in the row
  local w; w=$(python3 -c "print(round(720 / $3 * ($2 + 0.5)))")
  click_px "$w" $((30 * $1 + 14)); }
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
button 1 7 11
click_px 400 136   # the title's field (first row of the form)
key --repeat 12 --delay 60 BackSpace
xdotool type --delay 60 "Hex Duel"; key Return
click_px 400 192   # mode: third row
key --repeat 8 --delay 60 BackSpace
xdotool type --delay 60 "versus"; key Return
shot 02-settings
button 1 7 11
# Bricks: a steel spine between two rows of 2s and 1s, one capsule.
button 0 1 18; stroke 2 1 10
button 0 0 18; stroke 3 2 9; stroke 4 2 9
button 0 9 18; stroke 3 0 0; stroke 3 11 11; stroke 4 0 0; stroke 4 11 11
button 0 1 18; stroke 5 1 10
button 0 11 18; click $(cell 2 5); click $(cell 2 5); click $(cell 5 6)
# Two hexagons, mirrored top to bottom (each player gets one).
button 0 13 18; click 170 300; key shift+m
# A segment deflector, turned by dragging one end, mirrored the same way.
button 0 16 18; click 560 290
move $(at 620 290); xdotool mousedown 1; sleep 0.08; move $(at 640 300); move $(at 630 330); xdotool mouseup 1; sleep 0.15
key shift+m
# A staged ball: press where it starts, drag its velocity arrow.
button 0 17 18
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
