#!/usr/bin/env bash
# Builds the web version, serves it on 127.0.0.1, and checks it in headless
# Chromium (tests/browser_test.py). Needs the web toolchain (see web/build.sh),
# chromium and imagemagick; .ci/run installs them.
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-target/browser-test}"
bash web/build.sh
port=$((8100 + RANDOM % 800))
(cd target/web && exec python3 -m http.server "$port" --bind 127.0.0.1 >/dev/null 2>&1) &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
sleep 1
python3 tests/browser_test.py "http://127.0.0.1:$port/" "$out"
