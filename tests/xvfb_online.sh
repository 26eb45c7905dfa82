#!/usr/bin/env bash
# "Play online" as a player sees it, in a virtual display: the title's "Play
# online", Host (the level, then the room code), a headless CPU client joining
# that room through `arkanong server` on 127.0.0.1, the match with ping in the
# HUD, the client vanishing ("Opponent left" within 3 s) and back to the title,
# then the Join page with a code typed. Screenshots go to OUT (default
# target/xvfb-online). Not part of the CI run (it takes about half a minute).
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-target/xvfb-online}"
mkdir -p "$out"
bin=target/release/arkanong
rm -f "$out/server.txt"
"$bin" server --bind 127.0.0.1 --port 0 >"$out/server.txt" &
server=$!
trap 'kill $server ${xvfb:-} ${game:-} ${client:-} 2>/dev/null || true' EXIT
for _ in $(seq 50); do [ -s "$out/server.txt" ] && break; sleep 0.1; done
ws=$(sed -n 's/^server: listening on //p' "$out/server.txt")
rm -f "$out/xvfb-display"
Xvfb -displayfd 3 -screen 0 1280x1000x24 3>"$out/xvfb-display" >/dev/null 2>&1 &
xvfb=$!
for _ in $(seq 50); do [ -s "$out/xvfb-display" ] && break; sleep 0.1; done
export DISPLAY=":$(cat "$out/xvfb-display")"
export ARKANONG_DATA_DIR="$out/data" ARKANONG_SERVER="$ws" ARKANONG_ICE=none
"$bin" --size 720x900 2>"$out/stderr.txt" &
game=$!
wid=$(xdotool search --sync --name Arkanong | head -1)
sleep 2
xdotool windowfocus --sync "$wid" 2>/dev/null || true
key() { for k in "$@"; do xdotool key "$k"; sleep 0.3; done; }
shot() { sleep 0.4; import -window "$wid" "$out/$1.png"; echo "shot $out/$1.png"; }

key Down Down Down Down          # Play, High scores, Settings, Controls, Play online
shot 01-title
key Return
shot 02-choose
key Return                       # Host a game
key Right                        # the next level
shot 03-host-level
key Return                       # Open the room
sleep 1
room=$(sed -n 's/.*online: hosting room \([^ ]*\) on.*/\1/p' "$out/stderr.txt" | tail -1)
[ -n "$room" ] || { echo "the game logged no room"; cat "$out/stderr.txt"; exit 1; }
shot 04-host-waiting
"$bin" online --server "$ws" --room "$room" --ice none --steps 100000 --headless \
  >"$out/client.txt" 2>"$out/client-stderr.txt" &
client=$!
sleep 6
shot 05-playing
sleep 3
shot 06-playing-later
kill -9 "$client"
sleep 3                          # "Opponent left" must show by now
shot 07-opponent-left
key Return                       # Title
shot 08-back-at-title
key Down Down Down Down Return   # Play online again
key Down Return                  # Join a game
xdotool type --delay 80 "ab2"; sleep 0.3
key Down                         # dial the last letter: 9
shot 09-join-code
key Escape                       # back to Play online's choices
shot 10-choose-again
grep -E "online:" "$out/stderr.txt" || true
