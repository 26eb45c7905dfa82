#!/usr/bin/env bash
# Builds the web version, serves it on 127.0.0.1, and checks it in headless
# Chromium (tests/browser_test.py). Needs the web toolchain (see web/build.sh),
# chromium and imagemagick; .ci/run installs them.
# Before that, the native game runs the same speed probe on this machine under Xvfb
# (the browser's settings: seed 1, the menu over the attract game), so the output
# ends with the browser-to-native ratio.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-target/browser-test}"
mkdir -p "$out"
pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
cargo build --release --bin arkanong --bin arkanong-server
# Xvfb picks a free display and writes its number to fd 3.
rm -f "$out/xvfb-display"
Xvfb -displayfd 3 -screen 0 720x900x24 3>"$out/xvfb-display" >/dev/null 2>&1 &
pids+=($!)
for _ in $(seq 50); do [ -s "$out/xvfb-display" ] && break; sleep 0.1; done
# The probe runs at frame 300 or after 3 seconds, whichever comes first.
ARKANONG_DATA_DIR="$out/native-data" DISPLAY=":$(cat "$out/xvfb-display")" timeout 300 \
  target/release/arkanong --seed 1 --frames 330 >"$out/native-stdout.txt" 2>"$out/native-stderr.txt" \
  || { echo "the native game failed:"; grep -v ALSA "$out/native-stderr.txt" | tail -20; exit 1; }
grep -m1 "speed probe" "$out/native-stderr.txt" >"$out/native-probe.txt" || { echo "the native game logged no speed probe"; exit 1; }
bash web/build.sh
port=$((8100 + RANDOM % 800))
(cd target/web && exec python3 -m http.server "$port" --bind 127.0.0.1 >/dev/null 2>&1) &
pids+=($!)
sleep 1
python3 tests/browser_test.py "http://127.0.0.1:$port/" "$out" "$out/native-probe.txt"
# Chromium through nginx over https:// and wss:// (issue 42): served by the game's
# own servers behind it, so it needs no page server of ours.
python3 tests/browser_proxy.py
