#!/bin/bash
# Desktop watching, seen: a server on 127.0.0.1:18500, two headless players in
# room arkanong-CODE (issued by POST /room), desktop windows under Xvfb :96 watching with --watch.
set -u
cd "$(dirname "$0")/.."
BIN=target/release/arkanong
OUT=target/watch
export ARKANONG_DATA_DIR=$OUT/data; mkdir -p $ARKANONG_DATA_DIR
pgrep -f "Xvfb :96" >/dev/null || { Xvfb :96 -screen 0 1280x800x24 & echo $! > $OUT/xvfb.pid; sleep 1; }
export DISPLAY=:96
$BIN server --bind 127.0.0.1 --port 18500 > $OUT/server.log 2>&1 & echo $! > $OUT/server.pid
sleep 1
S=ws://127.0.0.1:18500
CODE=$(curl -s -X POST http://127.0.0.1:18500/room); echo "code $CODE"; echo $CODE > $OUT/code
# The first desktop watcher comes before the players: "waiting for the match".
ARKANONG_ICE=none $BIN --watch ${CODE,,} --server $S --frames 90 --screenshot $OUT/desktop-waiting.png > $OUT/w0.log 2>&1 &
W0=$!
sleep 2
$BIN online --server $S --room arkanong-$CODE --ice none --steps 7200 --headless --host > $OUT/host.out 2> $OUT/host.err & echo $! > $OUT/host.pid
$BIN online --server $S --room arkanong-$CODE --ice none --steps 7200 --headless > $OUT/guest.out 2> $OUT/guest.err & echo $! > $OUT/guest.pid
wait $W0
sleep 8
# Late by ~10 s: catching up, then live.
ARKANONG_ICE=none $BIN --watch $CODE --server $S --frames 100 --screenshot $OUT/desktop-catching-up.png > $OUT/w1.log 2>&1
ARKANONG_ICE=none $BIN --watch $CODE --server $S --frames 900 --screenshot $OUT/desktop-live.png > $OUT/w2.log 2>&1
# Four headless watchers fill the room's seats: a fifth, on the desktop, is refused.
PIDS=""
for k in 1 2 3 4; do
  $BIN online --server $S --watch $CODE --ice none --steps 7000 --headless > $OUT/hw$k.out 2> $OUT/hw$k.err & PIDS="$PIDS $!"
done
sleep 3
ARKANONG_ICE=none $BIN --watch $CODE --server $S --frames 120 --screenshot $OUT/desktop-fifth.png > $OUT/w3.log 2>&1
kill $PIDS 2>/dev/null
# The players stop (their --steps): a watcher sees the end.
ARKANONG_ICE=none $BIN --watch $CODE --server $S --frames 2400 --screenshot $OUT/desktop-end.png > $OUT/w4.log 2>&1
kill $(cat $OUT/server.pid)
echo done
