#!/bin/bash
# Desktop watching, seen: a server on 127.0.0.1:18500, two headless players in
# room arkanong-CODE (issued by POST /room), desktop windows under Xvfb :96 watching with --watch.
# Run by hand (not by CI: about two minutes); it needs only what .ci/run installs
# (python3 asks for the room, no curl), and exits 1 if a screen does not say
# what it should.
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
room() {
  python3 -c 'import urllib.request as u; print(u.urlopen(u.Request("http://127.0.0.1:18500/room", data=b"", method="POST"), timeout=10).read().decode().strip())'
}
# A room no player comes to: its watcher shows the wait itself.
EMPTY=$(room)
ARKANONG_ICE=none $BIN --watch ${EMPTY,,} --server $S --frames 90 --screenshot $OUT/desktop-waiting.png > $OUT/w0.log 2>&1
# The match's room: the players first, the watchers after.
CODE=$(room); echo "code $CODE"; echo $CODE > $OUT/code
$BIN online --server $S --room arkanong-$CODE --ice none --steps 7200 --headless --host > $OUT/host.out 2> $OUT/host.err & echo $! > $OUT/host.pid
$BIN online --server $S --room arkanong-$CODE --ice none --steps 7200 --headless > $OUT/guest.out 2> $OUT/guest.err & echo $! > $OUT/guest.pid
sleep 10
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
# What each screenshot's sidecar says was drawn.
python3 - "$OUT" <<'PY'
import json, sys
out = sys.argv[1]
want = {"desktop-waiting": "waiting for the match", "desktop-live": "WATCHING: Host vs Guest",
        "desktop-fifth": "4 watchers"}
bad = []
for shot, text in want.items():
    texts = [t.get("text", "") for t in json.load(open(f"{out}/{shot}.png.json"))["texts"]]
    if not any(text in t for t in texts):
        bad.append(f"{shot}: no {text!r} among {texts}")
print("\n".join(bad) or "xvfb watch: waiting, live and the fifth watcher's refusal drawn")
sys.exit(1 if bad else 0)
PY
