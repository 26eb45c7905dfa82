#!/usr/bin/env bash
# Frame time side by side (issue 41's "must hold"): two builds of the game, run
# one after the other in one sitting, each config alternating A then B, in a
# virtual X display with software GL (llvmpipe), each run with the load average
# it met. Prints the game's own frame-time log line for each.
# Usage: bash tests/xvfb_frame_pair.sh BIN_A BIN_B [ROUNDS]
#   e.g. a build of main copied to target/main-arkanong, and target/release/arkanong.
# Configs: the attract game alone (--demo) and Grand Duel (--demo --level), at
# 1280x720 and 1920x1080; the title (menu over the attract) at 1280x720.
set -euo pipefail
cd "$(dirname "$0")/.."
a="${1:?BIN_A}"
b="${2:?BIN_B}"
rounds="${3:-2}"
out=target/xvfb-frame-pair
mkdir -p "$out/data"
source tests/xvfb_start.sh
start_xvfb "$out" 1920x1200x24
export ARKANONG_DATA_DIR="$out/data"
configs=(
  "demo 1280x720 --demo"
  "duel 1280x720 --demo --level levels/duels/14_grand_duel.txt"
  "title 1280x720"
  "demo 1920x1080 --demo"
  "duel 1920x1080 --demo --level levels/duels/14_grand_duel.txt"
)
for round in $(seq "$rounds"); do
  for config in "${configs[@]}"; do
    read -r name size args <<<"$config"
    for which in A B; do
      bin=$a
      [ "$which" = B ] && bin=$b
      log="$out/$name-$size-$which-$round.txt"
      # shellcheck disable=SC2086
      DISPLAY="$display" timeout 240 "$bin" $args --seed 3 --size "$size" --frames 300 >"$log" 2>&1 || true
      line=$(grep -o "frame time: [0-9.]* ms average, [0-9.]* ms worst" "$log" || echo "no frame-time line")
      echo "round $round $name $size $which: $line (load$(uptime | sed 's/.*load average//'))"
    done
  done
done
