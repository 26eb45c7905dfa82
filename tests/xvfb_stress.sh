#!/usr/bin/env bash
# The stress mode's frame-time figures (issue 13): `--demo --balls N` in a virtual
# X display with software GL, at each ball count, trails on and off, one after
# another in one sitting, each with the load average it ran under (other work on
# the machine slows software GL). Prints the game's own frame-time log lines.
# Usage: bash tests/xvfb_stress.sh [COUNTS...]   (default: 1000 5000 10000)
set -euo pipefail
cd "$(dirname "$0")/.."
out=target/xvfb-stress
mkdir -p "$out"
bin=target/release/arkanong
[ -x "$bin" ] || cargo build --release
source tests/xvfb_start.sh
start_xvfb "$out" 1280x900x24
counts=("$@")
[ ${#counts[@]} -gt 0 ] || counts=(1000 5000 10000)
for n in "${counts[@]}"; do
  for trails in true false; do
    data="$out/data-$trails"
    mkdir -p "$data"
    printf 'juice.trails = %s\n' "$trails" >"$data/settings.txt"
    echo "== $n balls, trails $trails, load average$(uptime | sed 's/.*load average//')"
    # The log comes after 30 + 240 frames (and the probe's 7 bursts after it), so
    # 300 frames hold both; 240 s is room for a slow machine.
    log="$out/log-$n-$trails.txt"
    DISPLAY="$display" ARKANONG_DATA_DIR="$data" timeout 240 "$bin" --demo --balls "$n" --size 1280x900 \
      --frames 300 >"$log" 2>&1 || true
    grep -E "arkanong: (frame time|speed probe)" "$log" || echo "(no frame-time log within 240 s)"
  done
done
