#!/usr/bin/env bash
# Issue 43's attacks, before and after: each of server/examples/attack's
# subcommands against two server programs, one after the other, each on a
# fresh database (SQLite; PostgreSQL too for the counters race when
# ATTACK_POSTGRES holds a server's URL without a database name, e.g.
# postgres://postgres@127.0.0.1:55454), with `uptime` before and after each
# run. The full-disk attack mounts a 12 MiB tmpfs (root only). ATTACK_AFTER_FLAGS
# passes flags to the "after" server alone (its loopback addresses are all one
# /24: "--ipv4-prefix 32" counts each as a network, as "before" counted them).
#
#   server/examples/attack.sh BEFORE_BIN AFTER_BIN OUT_DIR [NAME...]
#
# Result lines go to OUT_DIR/results.txt, the servers' logs beside them.
set -uo pipefail
before=$1 after=$2 out=$3
shift 3
names=("$@")
[ ${#names[@]} -eq 0 ] && names=(heavy staggered fifty fulldisk ws-hold slowloris idle-tcp read-flood counters stuff-top stuff-rate stuff-plays stuff-board pad-store slow-fetch)
tool=${ATTACK_TOOL:-target/release/examples/attack}
port=${ATTACK_PORT:-18800}
mkdir -p "$out"
ulimit -n 20000 2>/dev/null || true
run() { # NAME LABEL BIN DB
  local more=()
  # ATTACK_AFTER_FLAGS: flags for the "after" server only (e.g. "--ipv4-prefix 32").
  [ "$2" = after ] && [ -n "${ATTACK_AFTER_FLAGS:-}" ] && more=(--server-flags "$ATTACK_AFTER_FLAGS")
  echo "# $(date -u +%H:%M:%S) $1 $2 ${ATTACK_AFTER_FLAGS:+($ATTACK_AFTER_FLAGS after)}: $(uptime)" | tee -a "$out/results.txt"
  "$tool" "$1" --label "$2" --bin "$3" --db "$4" --port "$port" --log "$out/$1-$2-$(basename "$4").log" \
    ${ATTACK_CAPS:-} "${more[@]}" 2>>"$out/tool-errors.txt" | tee -a "$out/results.txt"
  echo "# $(date -u +%H:%M:%S) done: $(uptime)" | tee -a "$out/results.txt"
}
for name in "${names[@]}"; do
  for side in before after; do
    bin=$before; [ $side = after ] && bin=$after
    dir="$out/db-$name-$side"
    rm -rf "$dir"; mkdir -p "$dir"
    if [ "$name" = fulldisk ]; then
      mount -t tmpfs -o size=12m tmpfs "$dir" || { echo "# no tmpfs: fulldisk skipped" | tee -a "$out/results.txt"; continue; }
    fi
    run "$name" "$side" "$bin" "$dir/gallery.sqlite"
    if [ "$name" = fulldisk ]; then umount "$dir"; fi
    if [ "$name" = counters ] && [ -n "${ATTACK_POSTGRES:-}" ]; then
      db="attack_$(date +%s%N)"
      psql "$ATTACK_POSTGRES/postgres" -qc "CREATE DATABASE $db" >/dev/null
      run "$name" "$side" "$bin" "$ATTACK_POSTGRES/$db"
      psql "$ATTACK_POSTGRES/postgres" -qc "DROP DATABASE $db" >/dev/null
    fi
  done
done
