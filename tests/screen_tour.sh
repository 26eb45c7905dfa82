#!/usr/bin/env bash
# A player's tour of every screen, at phone, portrait, landscape and desktop
# sizes: the release game in a virtual X display, driven by the keyboard
# (xdotool), one screenshot per screen, for a person to look at. Not a pass/fail
# test (it checks only that each screen was reached and saved); the list of what
# was seen is docs/screens-checked.md.
#
#   bash tests/screen_tour.sh [OUT] [SIZE...]     # OUT defaults to /tmp/tour
#
# Sizes default to 390x844 1280x720 720x900 1920x1080 360x640 3840x2160.
# TOUR_BROWSER=1 also tours the browser build (tests/browser_tour.py).
# Files: OUT/SIZE_NN_screen.png. ARKANONG_BIN=PATH tours another build.
# The route through the menus follows src/app/menu.rs (Menu::entries, back,
# choose): the title's items are Play, High scores, Settings, Controls, Level
# editor, Collision lab, Quit; Escape goes back; choosing a screen selects its
# first item. The results screens come from
# tiny levels written to OUT/levels and played with `--level FILE --mode M`.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-/tmp/tour}"
shift || true
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(390x844 1280x720 720x900 1920x1080 360x640 3840x2160)
mkdir -p "$out/levels"
# ARKANONG_BIN runs another build (a copy kept from before a change, say).
bin="${ARKANONG_BIN:-target/release/arkanong}"
[ -x "$bin" ] || cargo build --release
# Xvfb picks a free display and writes its number to fd 3 (as in
# tests/xvfb_screenshot.sh); the screen is big enough for the largest window.
Xvfb -displayfd 3 -screen 0 3840x2160x24 3>"$out/xvfb-display" >/dev/null 2>&1 &
xvfb=$!
game=
cleanup() {
  [ -n "$game" ] && kill "$game" 2>/dev/null || true
  kill "$xvfb" 2>/dev/null || true
}
trap cleanup EXIT
for _ in $(seq 50); do [ -s "$out/xvfb-display" ] && break; sleep 0.1; done
export DISPLAY=":$(cat "$out/xvfb-display")"

# Tiny levels that end in a second or two, for the results screens.
level() { # name, then the file's lines
  local f="$out/levels/$1.txt"; shift; printf '%s\n' "$@" >"$f"; }
level solo_win 'title = "Tour: one brick"' 'mode = solo' '[bricks]' '1' \
  '[balls]' 'ball at 400,700 velocity 0,-900 owner bottom'
level solo_lose 'title = "Tour: a lost ball"' 'mode = solo' 'lives = 1' '[bricks]' '9' \
  '[balls]' 'ball at 40,700 velocity 0,1500 owner bottom'
level solo_powerup 'title = "Tour: a shield"' 'mode = solo' '[bricks]' '919' \
  '[powerups]' '.G.' '[balls]' 'ball at 400,700 velocity 0,-700 owner bottom'
level versus_win 'title = "Tour: a quick goal"' 'mode = versus' 'target_score = 5' \
  '[bricks]' '9' '[balls]' 'ball at 30,200 velocity 0,-1500 owner bottom'
level versus_lose 'title = "Tour: a goal against"' 'mode = versus' 'target_score = 5' \
  '[bricks]' '9' '[balls]' 'ball at 30,800 velocity 0,1500 owner top'
for f in "$out"/levels/*.txt; do "$bin" check "$f" >/dev/null; done

size= n=0 wid=
# Starts the game at $size with these arguments and waits for its window.
start() {
  local log="$out/stderr-$size.txt" probes
  touch "$log"
  probes=$(grep -c "speed probe" "$log" || true)
  "$bin" --size "$size" "$@" 2>>"$log" &
  game=$!
  # (miniquad sets no _NET_WM_PID; one game runs at a time, so the name finds it.)
  wid=$(timeout 60 xdotool search --sync --onlyvisible --name Arkanong | head -1)
  [ -n "$wid" ] || { echo "$size: no game window after a minute"; exit 1; }
  # No window manager: give the window the keyboard focus by hand, then let its
  # first (slow) frames pass, so no key is lost.
  xdotool windowfocus --sync "$wid" 2>/dev/null || true
  # The game's speed probe holds the window for a few seconds after the start;
  # keys pressed meanwhile arrive in one frame, where two Downs count as one.
  for _ in $(seq 100); do
    [ "$(grep -c "speed probe" "$log" || true)" -gt "$probes" ] && break
    sleep 0.1
  done
  sleep 1
}
# Ends the game and waits until its window is gone, so the next start cannot
# find it instead of its own.
stop() {
  kill "$game" 2>/dev/null || true
  wait "$game" 2>/dev/null || true
  game=
  for _ in $(seq 100); do xdotool search --name Arkanong >/dev/null 2>&1 || break; sleep 0.1; done
}
# Presses keys one at a time, slowly enough for a software-GL frame at 4K.
# (Real key events through XTEST to the focused window: the game reads them as a
# player's, which events sent to a window id are not always.)
key() { for k in "$@"; do xdotool key "$k"; sleep "$delay"; done; }
down() { for _ in $(seq "$1"); do key Down; done; }
# Saves the window as OUT/SIZE_NN_NAME.png (after a menu's fade has settled).
shot() {
  sleep "${2:-0.7}"
  n=$((n + 1))
  local f
  f="$out/${size}_$(printf %02d "$n")_$1.png"
  timeout 60 import -window "$wid" "$f" || true
  [ -s "$f" ] || { echo "no screenshot $f"; exit 1; }
}

for size in "${sizes[@]}"; do
  n=0
  # Two keys in one frame count once: wait longer between keys where software
  # GL draws a frame slowly (about a second at 4K on a loaded machine).
  w=${size%x*} h=${size#*x}
  delay=$(( w * h > 4000000 ? 2 : 1 ))
  [ "$delay" = 1 ] && delay=0.5 || delay=1.5
  rm -f "$out/${size}"_*.png "$out/stderr-$size.txt"
  export ARKANONG_DATA_DIR="$out/data-$size"
  rm -rf "$ARKANONG_DATA_DIR"
  # The menus, settings and the three ways to play, from a fresh player's data.
  start
  shot title
  down 3; key Return; shot controls; key Escape
  # Settings are counted from the end (Up from the first item wraps to Back):
  # Keys, Juice and High contrast stay the last three before Back when a
  # setting is added at the top.
  down 2; key Return; shot settings
  key Up Up Up Return; shot juice-top
  key Up; shot juice-bottom
  key Escape Up Up Return; shot keys
  key Escape Up Up Up Up Return; shot settings-high-contrast
  key Escape; shot title-high-contrast
  down 2; key Return Up Up Up Up Return Escape
  down 1; key Return; shot high-scores-empty; key Escape
  key Return; shot mode-select
  key Return; shot level-select-solo
  key Up; shot level-select-solo-end
  key Escape Return Return; shot solo-ready 0.1
  shot solo-serve-prompt 0.6
  key space; shot solo-rally 1.2
  key p; shot paused
  down 1; key Return; shot paused-controls
  key Escape; shot paused-again
  stop
  # Versus the CPU, then two players, each from a fresh start (quitting a solo
  # game that scored leads to the name entry, which would shift the route).
  start
  key Return; down 1; key Return; shot difficulty
  key Return; shot level-select-versus
  key Return; shot versus-serve-prompt 2
  key space; shot versus-rally 1.5
  stop
  start
  key Return; down 2; key Return; shot level-select-two-players
  key Return; shot two-players 2
  key Escape; down 2; key Return
  down 5; key Return; shot lab 1
  key Escape; down 4; key Return; shot editor 1
  key Escape
  stop
  # Results, from tiny levels that end at once.
  start --level "$out/levels/solo_powerup.txt" --mode solo; shot solo-powerup 3
  stop
  # A level of one's own ends its run when cleared: its celebration in full
  # view, then the name entry (an empty table: it places), then the results.
  start --level "$out/levels/solo_win.txt" --mode solo; shot solo-cleared-ceremony 0.9
  shot name-entry 1.5
  key B O B Return; shot solo-results
  key Escape; down 1; key Return; shot high-scores
  stop
  start --level "$out/levels/solo_lose.txt" --mode solo; shot solo-game-over 2.5
  stop
  # A versus win: the fireworks alone, then the name entry led by the result.
  start --level "$out/levels/versus_win.txt" --mode versus; shot versus-win-ceremony 1.0
  shot versus-win-name-entry 1.8
  key Return; shot versus-won
  key Escape; down 1; key Return; key Right Right; shot high-scores-versus-normal
  stop
  start --level "$out/levels/versus_lose.txt" --mode versus; shot versus-lost-dim 0.6
  shot versus-lost 1.6
  stop
  # Quit to title mid-run with a score: the name entry, Esc skips, the title.
  start --level "$out/levels/solo_powerup.txt" --mode solo; key space; sleep 2.5
  key p; down 2; key Return; shot quit-name-entry
  key Escape; shot quit-title
  stop
  echo "$size: $n screens in $out"
done
# The browser build at a phone (touch emulated) and a laptop size, when asked:
# TOUR_BROWSER=1 builds it (web/build.sh) and tours it in headless Chromium.
if [ "${TOUR_BROWSER:-0}" = 1 ]; then
  bash web/build.sh
  port=$((8100 + RANDOM % 800))
  (cd target/web && exec python3 -m http.server "$port" --bind 127.0.0.1 >/dev/null 2>&1) &
  server=$!
  sleep 1
  python3 tests/browser_tour.py "http://127.0.0.1:$port/" "$out" || { kill "$server"; exit 1; }
  kill "$server"
fi
