#!/usr/bin/env bash
# "Play online" as a player sees it, in a virtual display: the title's "Play
# online", Host (the level, then the room code), a headless CPU client joining
# that room through `arkanong server` on 127.0.0.1, the match with ping in the
# HUD, the client vanishing ("Opponent left" within 3 s) and back to the title,
# then the Join page with a code typed; then two windows side by side play one
# match, one hosting and one joining by the code (the joiner's view is turned
# round: its own paddle at the bottom), with keys held on each to see the paddle
# go the way pressed. Screenshots go to OUT (default target/xvfb-online). Not part
# of the CI run (it takes about a minute).
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-target/xvfb-online}"
mkdir -p "$out"
bin=target/release/arkanong
rm -f "$out/server.txt"
"$bin" server --bind 127.0.0.1 --port 0 >"$out/server.txt" &
server=$!
trap 'kill $server ${xvfb:-} ${game:-} ${client:-} ${host:-} ${joiner:-} 2>/dev/null || true' EXIT
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
key Down                         # dial the fourth letter: 9
shot 09-join-code
key Escape                       # back to Play online's choices
shot 10-choose-again
grep -E "online:" "$out/stderr.txt" || true
kill "$game"; wait "$game" 2>/dev/null || true; game=

# Both sides of one match: a host window on the left, a joiner on the right.
"$bin" --size 600x860 2>"$out/host-stderr.txt" &
host=$!
hid=$(xdotool search --sync --onlyvisible --name Arkanong | head -1)
xdotool windowmove "$hid" 0 0
"$bin" --size 600x860 2>"$out/joiner-stderr.txt" &
joiner=$!
# (The window sets no _NET_WM_PID: the joiner's is the visible one that is new.)
jid=
for _ in $(seq 100); do
  jid=$(xdotool search --onlyvisible --name Arkanong | grep -vx "$hid" | head -1 || true)
  [ -n "$jid" ] && break; sleep 0.1
done
xdotool windowmove "$jid" 640 0
sleep 2
# With no window manager, keys go to the window under the pointer: move it there.
on() { xdotool mousemove --window "$1" 4 4; xdotool windowfocus --sync "$1" 2>/dev/null || true; sleep 0.2; }
shot_of() { sleep 0.3; import -window "$1" "$out/$2.png"; echo "shot $out/$2.png"; }
on "$hid"; key Down Down Down Down Return Return Return   # Play online, Host, open
sleep 1
room=$(sed -n 's/.*online: hosting room \([^ ]*\) on.*/\1/p' "$out/host-stderr.txt" | tail -1)
[ -n "$room" ] || { echo "the host logged no room"; cat "$out/host-stderr.txt"; exit 1; }
code=${room#arkanong-}
on "$jid"; key Down Down Down Down Return Down Return     # Play online, Join
xdotool type --delay 80 "$code"; sleep 0.3
key Return
sleep 4                          # connected, both serves waiting with their prompts
shot_of "$hid" 11-host-sees
shot_of "$jid" 12-joiner-sees
# Each holds Left on its own keyboard: both paddles go left on their own screen.
on "$hid"; xdotool keydown Left; sleep 0.8; xdotool keyup Left
on "$jid"; xdotool keydown Left; sleep 0.8; xdotool keyup Left
shot_of "$hid" 13-host-after-lefts
shot_of "$jid" 14-joiner-after-lefts
# A click on the joiner's screen, right of the middle: its paddle goes under it.
xdotool mousemove --window "$jid" 480 700 click 1; sleep 0.1
xdotool mousemove --window "$jid" 470 700; sleep 1
shot_of "$jid" 15-joiner-pointer-right
sleep 4
shot_of "$hid" 16-host-later
shot_of "$jid" 17-joiner-later
